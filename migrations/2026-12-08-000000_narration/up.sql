-- The narration job's hold on a post while it narrates: a lease (a token, and when it ends,
-- so another server process takes over from one that died), and the attempts made since the
-- post came due (a failure is tried again later, with a growing pause, then given up).
ALTER TABLE blog_posts
    ADD COLUMN audio_lease uuid,
    ADD COLUMN audio_leased_until timestamptz,
    ADD COLUMN audio_attempts integer NOT NULL DEFAULT 0;

-- Narrations no longer heard (replaced, or of a post withdrawn or deleted), waiting to be
-- removed from the upload storage: written in the transaction that lets go of them, so none
-- is forgotten. A narration being stored waits here too, until the commit that keeps it, so a
-- process that dies in between leaves nothing behind.
CREATE TABLE blog_audio_leftovers (
    key text PRIMARY KEY,
    remove_at timestamptz NOT NULL
);
CREATE INDEX blog_audio_leftovers_remove_at_idx ON blog_audio_leftovers (remove_at);
