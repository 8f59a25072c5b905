-- Failed sign-ins, shared by every server process so that adding nodes adds no allowance.
CREATE TABLE login_failures (
    id bigserial PRIMARY KEY,
    -- 'account' (the normalised e-mail) or 'client' (the caller's address).
    kind text NOT NULL CHECK (kind IN ('account', 'client')),
    key text NOT NULL,
    at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX login_failures_by_key ON login_failures (kind, key, at DESC);
