DROP INDEX notifications_conversation_idx;
ALTER TABLE notifications DROP COLUMN message_seq, DROP COLUMN conversation_id;
DROP INDEX messages_attachments_idx;
ALTER TABLE messages DROP COLUMN attachments;
DROP TABLE files;
