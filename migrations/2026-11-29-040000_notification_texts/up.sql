-- What a notification says, as a code and its parameters, so each reader's app words it in
-- their own language, dates in the store's zone. The English title and content stay for
-- mail, Web Push and other clients. A manager's announcement has no code: its words are theirs.
ALTER TABLE notifications ADD COLUMN text_code text;
ALTER TABLE notifications ADD COLUMN text_params jsonb NOT NULL DEFAULT '{}';
