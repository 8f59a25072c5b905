-- Sign-in by an e-mailed code and through an OpenID provider (Google by default). A session is
-- the same row whatever the method; it records which one and when, by the product's clock.

-- An account made by a Google sign-in has no password until its person adds one.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
-- The language the person last signed in with, which their mails are written in.
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'de', 'es', 'fa'));

ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
    CHECK (purpose IN ('email_confirmation', 'password_reset', 'sign_in'));

-- Requests for a sign-in code are counted per address and per client, whether or not the
-- address has an account.
ALTER TABLE login_failures DROP CONSTRAINT login_failures_kind_check;
ALTER TABLE login_failures ADD CONSTRAINT login_failures_kind_check
    CHECK (kind IN ('account', 'client', 'device', 'code_address', 'code_client'));

ALTER TABLE sessions ADD COLUMN method text NOT NULL DEFAULT 'password'
    CHECK (method IN ('password', 'code', 'google'));
ALTER TABLE sessions ADD COLUMN signed_in_at timestamptz;
UPDATE sessions SET signed_in_at = created_at;
ALTER TABLE sessions ALTER COLUMN signed_in_at SET NOT NULL;

-- Accounts of an OpenID provider linked to ours: by the provider's subject, never by address.
CREATE TABLE oidc_identities (
    issuer text NOT NULL,
    subject text NOT NULL,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The address the provider vouched for when it was linked (shown, never matched on).
    email text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (issuer, subject)
);
CREATE INDEX oidc_identities_user_idx ON oidc_identities (user_id);

-- A sign-in sent to the provider, and what its return must match. Used once; kept until it
-- expires, so the ticket that started it cannot start another.
CREATE TABLE oidc_flows (
    -- SHA-256 of the `state` parameter.
    state_hash text PRIMARY KEY,
    -- SHA-256 of the cookie given to the browser that started it: a return in another
    -- browser is refused.
    browser_hash text NOT NULL,
    nonce text NOT NULL,
    pkce_verifier text NOT NULL,
    -- A signed-in person linking the provider's account to theirs, from this session.
    link_user uuid REFERENCES users (id) ON DELETE CASCADE,
    link_session uuid REFERENCES sessions (id) ON DELETE CASCADE,
    -- The link ticket that started it, so a ticket starts one flow only.
    ticket uuid UNIQUE,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);

-- What a checked return from the provider leaves for the web app, under a one-time code it
-- trades for a session ('session'), or for the prompt to prove the account of the same
-- address before it is linked ('link').
CREATE TABLE oidc_handoffs (
    -- SHA-256 of the code.
    code_hash text PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('session', 'link')),
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    issuer text NOT NULL,
    subject text NOT NULL,
    email text NOT NULL,
    expires_at timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oidc_handoffs_expiry_idx ON oidc_handoffs (expires_at);
CREATE INDEX oidc_flows_expiry_idx ON oidc_flows (expires_at);
