-- Support: tickets a user raises (with a thread of descriptions and comments, by the user or
-- by support staff, and support's latest response), and feedback on the product. A ticket is
-- its user's, not a store's: it may name the store it was raised from, and outlives it.
CREATE TABLE tickets (
    id uuid PRIMARY KEY,
    -- The number a person quotes: one sequence for the whole installation.
    ticket_no bigserial NOT NULL UNIQUE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    store_id uuid REFERENCES stores (id) ON DELETE SET NULL,
    title text NOT NULL,
    priority text NOT NULL CHECK (priority IN ('low', 'medium', 'high')),
    status text NOT NULL CHECK (status IN ('pending', 'inProgress', 'resolved')),
    -- Whether the user has read support's latest answer (false for a new ticket).
    seen boolean NOT NULL DEFAULT false,
    admin_response text,
    -- The one file attached when the ticket was raised (a zip or a jpg).
    attachment_id uuid REFERENCES files (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    modified_at timestamptz NOT NULL
);
-- The live list: a user's tickets, and every ticket for support staff, newest change first.
CREATE INDEX tickets_user_modified_idx ON tickets (user_id, modified_at DESC);
CREATE INDEX tickets_modified_idx ON tickets (modified_at DESC);

-- A ticket's thread (the spec's userDescription): the first description and every comment.
CREATE TABLE ticket_comments (
    id uuid PRIMARY KEY,
    ticket_id uuid NOT NULL REFERENCES tickets (id) ON DELETE CASCADE,
    author_id uuid REFERENCES users (id) ON DELETE SET NULL,
    by_support boolean NOT NULL,
    text text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX ticket_comments_ticket_idx ON ticket_comments (ticket_id, created_at);

-- What people think of the product: a rating from 1 to 5 and a text.
CREATE TABLE feedback (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    store_id uuid REFERENCES stores (id) ON DELETE SET NULL,
    rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
    comment text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX feedback_created_idx ON feedback (created_at DESC);

-- A ticket's attachment is an upload of its own purpose (only JPEG and ZIP, no store).
ALTER TABLE files DROP CONSTRAINT files_purpose_check;
ALTER TABLE files ADD CONSTRAINT files_purpose_check
    CHECK (purpose IN ('chat', 'logo', 'profile', 'support'));
