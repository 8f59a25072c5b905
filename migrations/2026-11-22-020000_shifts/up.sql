-- Shifts. `assigned` is the assignee's employee record (so shifts can be planned for invited
-- staff before they join); an unassigned shift is an open shift.
CREATE TABLE shifts (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    title text NOT NULL DEFAULT '',
    start_at timestamptz NOT NULL,
    end_at timestamptz NOT NULL,
    -- Open-ended: the shift has no planned end (end_at then holds the start).
    open_ended boolean NOT NULL DEFAULT false,
    status text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'published', 'confirmed', 'dropped', 'declined', 'rejected', 'cancelled')),
    progress text NOT NULL DEFAULT 'ns' CHECK (progress IN ('ns', 'ip', 'p', 'c', 'm')),
    assigned uuid REFERENCES employees (id) ON DELETE SET NULL,
    assignee_email text,
    role_id uuid REFERENCES roles (id) ON DELETE SET NULL,
    tasks jsonb NOT NULL DEFAULT '[]',
    rate smallint CHECK (rate BETWEEN 0 AND 5),
    cancel_reason text,
    adjacent_session_id uuid,
    -- Optimistic concurrency: every change bumps it; an update naming an older one gets 409.
    version bigint NOT NULL DEFAULT 1,
    -- When the 3-hours-before auto-confirmation or the missed marking acted (jobs act once).
    auto_confirmed_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (end_at >= start_at)
);
CREATE INDEX shifts_store_start_idx ON shifts (store_id, start_at);
CREATE INDEX shifts_assigned_start_idx ON shifts (assigned, start_at) WHERE assigned IS NOT NULL;
CREATE INDEX shifts_published_unconfirmed_idx ON shifts (start_at) WHERE status = 'published';
