-- Demo requests from the public site (`userSubmission`), at most one per slot: the unique
-- start decides which of two people asking for the same time gets it. A row is also its
-- mail's place in the queue: `mail_due_at` is set while the sales team's mail waits to go
-- (none when the server has no sales address), and cleared once it went or was given up.
CREATE TABLE demo_requests (
    id uuid PRIMARY KEY,
    name text NOT NULL,
    email text NOT NULL,
    phone text NOT NULL,
    slot_start timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    mail_due_at timestamptz,
    mail_attempts int4 NOT NULL DEFAULT 0,
    mail_leased_until timestamptz,
    mailed_at timestamptz,
    CONSTRAINT demo_requests_slot UNIQUE (slot_start)
);
-- The requests of one address (in any case) in the last day.
CREATE INDEX demo_requests_email ON demo_requests (lower(email), created_at);
CREATE INDEX demo_requests_mail_due ON demo_requests (mail_due_at) WHERE mail_due_at IS NOT NULL;
