DROP INDEX push_subscriptions_endpoint_idx;
ALTER TABLE notifications ADD COLUMN pending_delivery boolean NOT NULL DEFAULT false;
UPDATE notifications n SET pending_delivery = true
    FROM notification_deliveries d
    WHERE d.notification_id = n.id AND d.channel = 'mail';
CREATE INDEX notifications_pending_delivery_idx ON notifications (created_at) WHERE pending_delivery;
DROP TABLE notification_deliveries;
