DROP TABLE blog_audio_leftovers;
ALTER TABLE blog_posts
    DROP COLUMN audio_attempts,
    DROP COLUMN audio_leased_until,
    DROP COLUMN audio_lease;
