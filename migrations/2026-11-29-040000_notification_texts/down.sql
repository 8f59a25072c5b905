ALTER TABLE notifications DROP COLUMN text_params;
ALTER TABLE notifications DROP COLUMN text_code;
