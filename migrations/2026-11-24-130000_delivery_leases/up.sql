-- Deliveries are at least once: a sender leases the rows it sends (SKIP LOCKED, then
-- `leased_until`) and deletes a row only once the provider accepted the mail or push. A
-- transient failure puts the row back for a later attempt (`next_attempt_at`, growing with
-- `attempts`); a sender that dies leaves its rows to be taken again when the lease ends.
-- `next_attempt_at` is the one time a claim looks at: a lease moves it to the lease's end.
ALTER TABLE notification_deliveries
    ADD COLUMN attempts integer NOT NULL DEFAULT 0,
    ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
    ADD COLUMN leased_until timestamptz,
    -- Web Push: the reader's subscriptions this notification is done with (accepted, gone or
    -- refused for good), so a retry goes only to the browsers that have not had it.
    ADD COLUMN done_subscriptions uuid[] NOT NULL DEFAULT '{}';

UPDATE notification_deliveries SET next_attempt_at = LEAST(created_at, now());

DROP INDEX notification_deliveries_queue_idx;
CREATE INDEX notification_deliveries_due_idx ON notification_deliveries (channel, next_attempt_at);
