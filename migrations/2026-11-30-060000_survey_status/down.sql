ALTER TABLE surveys DROP COLUMN withdrawn_at;
ALTER TABLE surveys DROP COLUMN closed_at;
