-- Chat: a store's conversations (the team's, direct and group ones), their messages with a
-- gap-free sequence per conversation, and how far each member has read.

CREATE TABLE conversations (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    -- team: every active member of the store; direct: two members; group: the listed members.
    kind text NOT NULL CHECK (kind IN ('team', 'direct', 'group')),
    title text,
    -- Only managers post in an announcement conversation.
    announcement boolean NOT NULL DEFAULT false,
    -- The listed members of a direct or group conversation (employee records); empty for the
    -- team conversation, whose members are the store's active members.
    member_ids uuid[] NOT NULL DEFAULT '{}',
    created_by uuid REFERENCES employees (id) ON DELETE SET NULL,
    -- The sequence number of its newest message.
    last_seq bigint NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX conversations_one_team_idx ON conversations (store_id) WHERE kind = 'team';
CREATE INDEX conversations_store_idx ON conversations (store_id);

-- Every store has its team conversation, from its founding on.
INSERT INTO conversations (id, store_id, kind, created_at, updated_at)
SELECT gen_random_uuid(), id, 'team', now(), now() FROM stores;

CREATE TABLE messages (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    seq bigint NOT NULL,
    -- The sender's employee record; none for the product's own messages (a dropped shift).
    sender uuid REFERENCES employees (id) ON DELETE SET NULL,
    kind text NOT NULL CHECK (kind IN ('text', 'image', 'document', 'dropshift', 'survey')),
    content text NOT NULL DEFAULT '',
    reply_to uuid REFERENCES messages (id) ON DELETE SET NULL,
    -- What a `dropshift` message opens (the drop request and its shift).
    action jsonb,
    modified boolean NOT NULL DEFAULT false,
    deleted boolean NOT NULL DEFAULT false,
    version bigint NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    UNIQUE (conversation_id, seq)
);

-- How far each member has read each conversation.
CREATE TABLE conversation_reads (
    conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    employee_id uuid NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
    seen_seq bigint NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (conversation_id, employee_id)
);

-- Search in a store's messages (Postgres full-text search, language-neutral).
CREATE INDEX messages_search_idx ON messages USING gin (to_tsvector('simple', content));

-- Polls (answers to choose) and open questions (explanational) posted in a conversation.
CREATE TABLE surveys (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    conversation_id uuid NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    question text NOT NULL,
    mode text NOT NULL CHECK (mode IN ('poll', 'explanational')),
    answers text[] NOT NULL DEFAULT '{}',
    multiple boolean NOT NULL DEFAULT false,
    anonymous boolean NOT NULL DEFAULT false,
    created_by uuid REFERENCES employees (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX surveys_store_idx ON surveys (store_id);

-- One vote per member and survey.
CREATE TABLE survey_votes (
    survey_id uuid NOT NULL REFERENCES surveys (id) ON DELETE CASCADE,
    employee_id uuid NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
    choices integer[] NOT NULL DEFAULT '{}',
    answer text,
    created_at timestamptz NOT NULL,
    PRIMARY KEY (survey_id, employee_id)
);

-- Reactions on messages: one of each emoji per member and message.
CREATE TABLE message_reactions (
    message_id uuid NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    employee_id uuid NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
    emoji text NOT NULL CHECK (length(emoji) BETWEEN 1 AND 16),
    created_at timestamptz NOT NULL,
    PRIMARY KEY (message_id, employee_id, emoji)
);
