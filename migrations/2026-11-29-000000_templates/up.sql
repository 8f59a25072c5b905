-- Templates of a store's schedule: a shift template (one reusable shift), and weekly and daily
-- templates (the spec's shift holders). Each template shift keeps its local wall-clock times:
-- the day it falls on counted from the first day of the week or day (`day`), and its start and
-- end as "HH:mm" in the store's zone, so a template loaded into a week that crosses a clock
-- change keeps its local times. The shifts are one JSON list: they are read and written
-- with their template, always whole.
CREATE TABLE schedule_templates (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('shift', 'weekly', 'daily')),
    title text NOT NULL,
    shifts jsonb NOT NULL CHECK (jsonb_typeof(shifts) = 'array'),
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE INDEX schedule_templates_store_idx ON schedule_templates (store_id, kind, created_at);
