DROP TABLE blog_views;
DROP TABLE blog_likes;
DROP TABLE blog_comments;
DROP TABLE blog_posts;
DELETE FROM files WHERE purpose = 'cover';
ALTER TABLE files DROP CONSTRAINT files_purpose_check;
ALTER TABLE files ADD CONSTRAINT files_purpose_check
    CHECK (purpose IN ('chat', 'logo', 'profile', 'support'));
