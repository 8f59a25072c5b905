-- A person's notification settings: by kind, whether it also comes by mail and by push, and
-- quiet hours in their zone when pushes wait. No row: the defaults.
CREATE TABLE notification_settings (
    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    -- {"newshift": {"mail": true, "push": true}, ...}: the kinds the person set.
    ways jsonb NOT NULL DEFAULT '{}',
    -- Minutes from midnight; both or neither.
    quiet_from int2 CHECK (quiet_from BETWEEN 0 AND 1439),
    quiet_until int2 CHECK (quiet_until BETWEEN 0 AND 1439),
    time_zone text,
    updated_at timestamptz NOT NULL,
    CHECK ((quiet_from IS NULL) = (quiet_until IS NULL)),
    CHECK (quiet_from IS NULL OR time_zone IS NOT NULL)
);
