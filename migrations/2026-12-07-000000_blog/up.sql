-- The blog: posts written in Markdown by the site's editors (the accounts BLOG_EDITOR_EMAILS
-- names), in four languages, the same post's languages linked as translations; comments and
-- their answers from visitors; likes and views counted once per visitor. No store's tables.
CREATE TABLE blog_posts (
    id uuid PRIMARY KEY,
    -- The versions of one post in different languages share this (the first version's id).
    translation_group uuid NOT NULL,
    language text NOT NULL CHECK (language IN ('en', 'de', 'es', 'fa')),
    slug text NOT NULL CHECK (slug <> ''),
    title text NOT NULL,
    abstract text NOT NULL,
    -- The Markdown as written, and its sanitised HTML, rendered when saved.
    content text NOT NULL,
    html text NOT NULL,
    conclusion text NOT NULL,
    tags text[] NOT NULL DEFAULT '{}',
    cover_id uuid NOT NULL REFERENCES files (id),
    author_id uuid REFERENCES users (id) ON DELETE SET NULL,
    author_name text NOT NULL,
    author_avatar text,
    -- Reading time, seconds.
    duration integer NOT NULL CHECK (duration > 0),
    -- The narration: where its audio is kept and how long it plays, once made. `audio_due_at`
    -- is set when a published post's heard text changes (the narration's queue).
    audio_key text,
    audio_duration integer,
    audio_due_at timestamptz,
    published boolean NOT NULL DEFAULT false,
    published_at timestamptz,
    created_at timestamptz NOT NULL,
    modified_at timestamptz NOT NULL,
    -- Counts of the rows of blog_likes and blog_views, kept by the writes that add them.
    likes integer NOT NULL DEFAULT 0,
    seen integer NOT NULL DEFAULT 0,
    UNIQUE (language, slug),
    UNIQUE (translation_group, language)
);
-- The lists: a language's published posts, newest change first.
CREATE INDEX blog_posts_listed_idx ON blog_posts (language, modified_at DESC) WHERE published;
CREATE INDEX blog_posts_tags_idx ON blog_posts USING gin (tags);
CREATE INDEX blog_posts_narration_idx ON blog_posts (audio_due_at) WHERE audio_due_at IS NOT NULL;

CREATE TABLE blog_comments (
    id uuid PRIMARY KEY,
    post_id uuid NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
    -- The comment an answer hangs under (one level deep).
    parent_id uuid REFERENCES blog_comments (id) ON DELETE CASCADE,
    author_name text NOT NULL,
    -- Never shown: for the editors.
    email text NOT NULL,
    img_url text,
    -- A signed-in member's comment names its account.
    user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    text text NOT NULL,
    status text NOT NULL CHECK (status IN ('pending', 'approved', 'hidden')),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE INDEX blog_comments_post_idx ON blog_comments (post_id, created_at);
CREATE INDEX blog_comments_pending_idx ON blog_comments (created_at) WHERE status = 'pending';

-- One row per post and visitor (the visitor's random cookie): a like or a view counts once.
CREATE TABLE blog_likes (
    post_id uuid NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
    visitor uuid NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (post_id, visitor)
);
CREATE TABLE blog_views (
    post_id uuid NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
    visitor uuid NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (post_id, visitor)
);

-- A post's cover is an upload of its own purpose: a picture, read by anyone.
ALTER TABLE files DROP CONSTRAINT files_purpose_check;
ALTER TABLE files ADD CONSTRAINT files_purpose_check
    CHECK (purpose IN ('chat', 'logo', 'profile', 'support', 'cover'));
