DELETE FROM files WHERE purpose = 'support';
ALTER TABLE files DROP CONSTRAINT files_purpose_check;
ALTER TABLE files ADD CONSTRAINT files_purpose_check
    CHECK (purpose IN ('chat', 'logo', 'profile'));
DROP TABLE feedback;
DROP TABLE ticket_comments;
DROP TABLE tickets;
