-- Availability windows, requests (time off, drop shift), notifications and Web Push
-- subscriptions. Every table carries store_id.

-- An employee's recurring availability: weekdays (0 = Sunday) and local times as minutes
-- after midnight (an end not after the start runs into the next day).
CREATE TABLE availability_windows (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    employee_id uuid NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
    days smallint[] NOT NULL CHECK (cardinality(days) BETWEEN 1 AND 7),
    start_minute integer NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
    end_minute integer NOT NULL CHECK (end_minute BETWEEN 0 AND 1439),
    all_day boolean NOT NULL DEFAULT false,
    reason text,
    kind text,
    status text,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX availability_windows_store_employee_idx ON availability_windows (store_id, employee_id);
CREATE INDEX availability_windows_employee_idx ON availability_windows (employee_id);

-- Requests of employees: time off (start, end, entire day, covering dates, answer) and drop
-- shift (the shift and who grabbed it).
CREATE TABLE requests (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('timeoff', 'dropshift')),
    employee_id uuid NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
    user_id uuid REFERENCES users (id) ON DELETE SET NULL,
    status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'grabbed', 'accepted', 'denied', 'cancelled')),
    start_at timestamptz,
    end_at timestamptz,
    entire_day boolean NOT NULL DEFAULT false,
    description text,
    response text,
    response_by uuid REFERENCES users (id) ON DELETE SET NULL,
    covering_dates date[] NOT NULL DEFAULT '{}',
    shift_id uuid REFERENCES shifts (id) ON DELETE CASCADE,
    grabbed_by uuid REFERENCES employees (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CHECK (kind <> 'timeoff' OR (start_at IS NOT NULL AND end_at IS NOT NULL AND start_at <= end_at)),
    CHECK (kind <> 'dropshift' OR shift_id IS NOT NULL)
);
CREATE INDEX requests_store_kind_status_idx ON requests (store_id, kind, status);
CREATE INDEX requests_employee_idx ON requests (employee_id, kind, start_at);
CREATE INDEX requests_shift_idx ON requests (shift_id) WHERE shift_id IS NOT NULL;
-- A shift has at most one unresolved drop request, whichever node writes it.
CREATE UNIQUE INDEX requests_one_open_drop_per_shift ON requests (shift_id)
    WHERE kind = 'dropshift' AND status IN ('pending', 'grabbed');

-- Notifications: for one user (access_for) or for everyone in the store (access_for NULL).
CREATE TABLE notifications (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    title text NOT NULL,
    content text NOT NULL,
    seen boolean NOT NULL DEFAULT false,
    kind text NOT NULL CHECK (kind IN ('newshift', 'timeoff', 'dropshift', 'message', 'shiftUpdate',
        'shiftcancel', 'declineShift', 'cancelTimeOff', 'shiftpropose')),
    variant smallint NOT NULL CHECK (variant BETWEEN 1 AND 4),
    access_for uuid REFERENCES users (id) ON DELETE CASCADE,
    source uuid REFERENCES users (id) ON DELETE SET NULL,
    shift_id uuid REFERENCES shifts (id) ON DELETE SET NULL,
    drop_request_id uuid REFERENCES requests (id) ON DELETE SET NULL,
    timeoff_request_id uuid REFERENCES requests (id) ON DELETE SET NULL,
    shift_propose_id uuid,
    reason text,
    -- Waiting to go out by e-mail and Web Push (written with the change, sent after commit).
    pending_delivery boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_pending_delivery_idx ON notifications (created_at) WHERE pending_delivery;
CREATE INDEX notifications_private_idx ON notifications (store_id, access_for, created_at DESC)
    WHERE access_for IS NOT NULL;
CREATE INDEX notifications_public_idx ON notifications (store_id, created_at DESC)
    WHERE access_for IS NULL;
CREATE INDEX notifications_access_for_idx ON notifications (access_for) WHERE access_for IS NOT NULL;

-- Web Push subscriptions of a user's browsers, per store.
CREATE TABLE push_subscriptions (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint text NOT NULL,
    p256dh text NOT NULL,
    auth text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (store_id, user_id, endpoint)
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id, store_id);
