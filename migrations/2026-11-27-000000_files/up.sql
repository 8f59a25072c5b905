-- Uploaded files (chat attachments, store logos, profile photos), each in its uploader's
-- folder of the upload storage under a name made of its content's hash; images have a webp
-- thumbnail beside them.
CREATE TABLE files (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- The store a chat attachment was uploaded for (its readers are that store's members).
    store_id uuid REFERENCES stores (id) ON DELETE CASCADE,
    purpose text NOT NULL CHECK (purpose IN ('chat', 'logo', 'profile')),
    kind text NOT NULL CHECK (kind IN ('image', 'document')),
    -- The type read from the content, never from the name.
    mime text NOT NULL,
    name text NOT NULL,
    size bigint NOT NULL CHECK (size > 0),
    sha256 text NOT NULL,
    key text NOT NULL,
    thumbnail_key text,
    width integer,
    height integer,
    created_at timestamptz NOT NULL,
    CHECK (purpose <> 'chat' OR store_id IS NOT NULL)
);
CREATE INDEX files_user_idx ON files (user_id);

-- A message's files, as `[{"id", "kind", "name", "type", "size", "width", "height"}]`; the
-- index finds the messages that carry a file (a download's access check).
ALTER TABLE messages ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]';
CREATE INDEX messages_attachments_idx ON messages USING gin (attachments jsonb_path_ops);

-- A `message` notification's conversation, and for one that stands for the unread messages
-- of a conversation (not a mention) the message it began with: its push is dropped when the
-- reader has seen that message by the time it would go out.
ALTER TABLE notifications
    ADD COLUMN conversation_id uuid REFERENCES conversations (id) ON DELETE CASCADE,
    ADD COLUMN message_seq bigint;
CREATE INDEX notifications_conversation_idx ON notifications (conversation_id)
    WHERE conversation_id IS NOT NULL;
