-- The outbox keeps a bounded history (OUTBOX_KEEP_DAYS, OUTBOX_KEEP_PER_STORE); the pruning
-- job finds the rows past the age limit through this index, oldest first. Rows are written
-- in time order, so inserts land at its right edge.
CREATE INDEX store_events_created_at_idx ON store_events (created_at);
