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
-- A user's sessions are looked up to end them, and to delete the long expired ones.
CREATE INDEX sessions_user_idx ON sessions (user_id);
