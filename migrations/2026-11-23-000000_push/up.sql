-- Notifications waiting to go out, one row per channel (e-mail, Web Push). The sender claims
-- rows by deleting them with SKIP LOCKED: two server processes never take the same row, and
-- since nothing else locks these rows, a reader marking a notification seen never holds up a
-- sender, nor one channel the other.
CREATE TABLE notification_deliveries (
    channel text NOT NULL CHECK (channel IN ('mail', 'push')),
    notification_id uuid NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (channel, notification_id)
);
CREATE INDEX notification_deliveries_queue_idx ON notification_deliveries (channel, created_at);

INSERT INTO notification_deliveries (channel, notification_id, created_at)
    SELECT 'mail', id, created_at FROM notifications WHERE pending_delivery;
DROP INDEX notifications_pending_delivery_idx;
ALTER TABLE notifications DROP COLUMN pending_delivery;

-- A browser's endpoint is looked up on its own when it changes hands or unsubscribes.
CREATE INDEX push_subscriptions_endpoint_idx ON push_subscriptions (endpoint);
