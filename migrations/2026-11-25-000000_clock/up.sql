-- The time clock: sessions of clocked work, proposed (unscheduled) shifts, the store's clock
-- secret, the punches and clock codes already used, managers' edits and approved pay periods.

-- The store's clock settings (window, proof, place, late punches, overtime, pay), as one
-- document read by `domain::clock::ClockSettings`; missing fields take their defaults.
ALTER TABLE stores ADD COLUMN clock jsonb NOT NULL DEFAULT '{}';

-- The role's switches: its shifts may be started from a phone; at the store's clock device.
ALTER TABLE roles ADD COLUMN can_start boolean NOT NULL DEFAULT true;
ALTER TABLE roles ADD COLUMN can_clock_in boolean NOT NULL DEFAULT true;

-- An unscheduled piece of work an employee clocked, waiting for a manager's answer.
CREATE TABLE shift_proposals (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    employee_id uuid NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
    title text NOT NULL,
    role_id uuid REFERENCES roles (id) ON DELETE SET NULL,
    start_at timestamptz NOT NULL,
    end_at timestamptz,
    -- p: pending review, a: approved, r: rejected.
    status text NOT NULL DEFAULT 'p' CHECK (status IN ('p', 'a', 'r')),
    progress text NOT NULL DEFAULT 'ip' CHECK (progress IN ('ip', 'p', 'c')),
    -- The completed shift an approval created.
    shift_id uuid REFERENCES shifts (id) ON DELETE SET NULL,
    decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
    decided_at timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CHECK (end_at IS NULL OR end_at >= start_at)
);
CREATE INDEX shift_proposals_store_start_idx ON shift_proposals (store_id, start_at);
CREATE INDEX shift_proposals_pending_idx ON shift_proposals (store_id) WHERE status = 'p';

-- One stretch of clocked work: of a shift, or of a proposed shift.
CREATE TABLE clock_sessions (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    employee_id uuid NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
    user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    shift_id uuid REFERENCES shifts (id) ON DELETE SET NULL,
    proposal_id uuid REFERENCES shift_proposals (id) ON DELETE CASCADE,
    -- ip: on the clock, p: on break, c: completed.
    status text NOT NULL CHECK (status IN ('ip', 'p', 'c')),
    start_at timestamptz NOT NULL,
    end_at timestamptz,
    -- [{"start": ms, "end": ms | null}], in order, never overlapping.
    breaks jsonb NOT NULL DEFAULT '[]',
    -- [{"op", "at", "latitude", "longitude", "accuracy", "distance", "inside"}].
    locs jsonb NOT NULL DEFAULT '[]',
    -- phone, device (the store's clock) or manager.
    source text NOT NULL CHECK (source IN ('phone', 'device', 'manager')),
    -- What the phone's clock said when the punches were made, and when the server took them.
    device_start_at timestamptz,
    device_end_at timestamptz,
    server_start_at timestamptz NOT NULL,
    server_end_at timestamptz,
    -- Recorded, not refused: started after the shift's start, left before its end.
    late_seconds integer NOT NULL DEFAULT 0,
    early_seconds integer NOT NULL DEFAULT 0,
    -- A punch was taken outside the store's radius (when the store flags rather than refuses).
    outside boolean NOT NULL DEFAULT false,
    -- The largest difference seen between the phone's clock and the server's, when over 2 min.
    drift_ms bigint,
    version bigint NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    CHECK (end_at IS NULL OR end_at >= start_at),
    CHECK ((shift_id IS NULL) <> (proposal_id IS NULL) OR status = 'c')
);
-- One open session per employee per store, whatever node takes the punch.
CREATE UNIQUE INDEX clock_sessions_open_idx ON clock_sessions (store_id, employee_id)
    WHERE end_at IS NULL;
CREATE INDEX clock_sessions_store_start_idx ON clock_sessions (store_id, start_at);
CREATE INDEX clock_sessions_shift_idx ON clock_sessions (shift_id) WHERE shift_id IS NOT NULL;

-- The secret a store's clock codes are signed with. A new business identity code replaces
-- it, so devices authorised with the old code stop showing valid codes.
CREATE TABLE clock_secrets (
    store_id uuid PRIMARY KEY REFERENCES stores (id) ON DELETE CASCADE,
    generation uuid NOT NULL,
    secret bytea NOT NULL,
    created_at timestamptz NOT NULL
);

-- Punches already applied, by the id the phone gave them: a queue sent again applies once.
CREATE TABLE clock_punches (
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    punch_id uuid NOT NULL,
    employee_id uuid NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
    session_id uuid NOT NULL,
    op text NOT NULL,
    applied_at timestamptz NOT NULL,
    PRIMARY KEY (store_id, punch_id)
);
CREATE INDEX clock_punches_applied_idx ON clock_punches (store_id, applied_at);

-- Clock codes already used: one use per employee per operation per 30-second window.
CREATE TABLE clock_code_uses (
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    employee_id uuid NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
    time_window bigint NOT NULL,
    op text NOT NULL,
    used_at timestamptz NOT NULL,
    PRIMARY KEY (store_id, employee_id, time_window, op)
);

-- Who changed a clock session, when, why, from what to what.
CREATE TABLE clock_session_edits (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    session_id uuid NOT NULL REFERENCES clock_sessions (id) ON DELETE CASCADE,
    edited_by uuid REFERENCES users (id) ON DELETE SET NULL,
    reason text NOT NULL,
    before jsonb NOT NULL,
    after jsonb NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX clock_session_edits_session_idx ON clock_session_edits (session_id, created_at);

-- Pay periods a manager approved; their sessions are locked until the period is reopened.
CREATE TABLE timesheet_approvals (
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    period_start date NOT NULL,
    approved_by uuid REFERENCES users (id) ON DELETE SET NULL,
    approved_at timestamptz NOT NULL,
    PRIMARY KEY (store_id, period_start)
);
