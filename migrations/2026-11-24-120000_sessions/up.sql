-- Sign-in sessions. Every token names one; signing out, signing out everywhere and a new
-- password end them, and a token of an ended session is refused. Servers remember what they
-- checked for a short while and hear of endings through `NOTIFY sessions_ended`.
CREATE TABLE sessions (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL,
    -- When its token expires; a session long past it is deleted at its user's next sign-in.
    expires_at timestamptz NOT NULL,
    ended_at timestamptz
);
-- Ending every session of a user finds the open ones.
CREATE INDEX sessions_user_open_idx ON sessions (user_id) WHERE ended_at IS NULL;
