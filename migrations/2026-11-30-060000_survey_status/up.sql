-- Where a survey stands: closed by its author or a manager (its results stand, no more votes),
-- or withdrawn (deleted, or its message deleted: no votes, no longer listed).
ALTER TABLE surveys ADD COLUMN closed_at timestamptz;
ALTER TABLE surveys ADD COLUMN withdrawn_at timestamptz;
