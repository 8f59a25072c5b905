DROP INDEX notification_deliveries_due_idx;
CREATE INDEX notification_deliveries_queue_idx ON notification_deliveries (channel, created_at);
ALTER TABLE notification_deliveries
    DROP COLUMN done_subscriptions,
    DROP COLUMN leased_until,
    DROP COLUMN next_attempt_at,
    DROP COLUMN attempts;
