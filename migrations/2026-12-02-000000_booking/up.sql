-- Client booking: a store's bookable events, the sessions clients reserve in them, the
-- clients and their places, and the mails to them (with their calendar invitations).

CREATE TABLE booking_events (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    title text NOT NULL,
    role_id uuid REFERENCES roles (id) ON DELETE SET NULL,
    -- The first day and the daily window of sessions, in the store's wall time (minutes
    -- from midnight), kept across clock changes.
    first_day date NOT NULL,
    opens_minute int2 NOT NULL CHECK (opens_minute BETWEEN 0 AND 1439),
    closes_minute int2 NOT NULL CHECK (closes_minute BETWEEN 1 AND 1440),
    -- {frequency, interval, weekdays, until, count}, or null for one day.
    repeat jsonb,
    session_minutes int2 NOT NULL CHECK (session_minutes IN (15, 30, 45, 60)),
    capacity int2 NOT NULL CHECK (capacity >= 1),
    rooms int2 NOT NULL CHECK (rooms >= 1),
    book_ahead_minutes int4 NOT NULL CHECK (book_ahead_minutes >= 1),
    book_until_minutes int4 NOT NULL CHECK (book_until_minutes >= 0),
    choose_employee boolean NOT NULL,
    slug text NOT NULL UNIQUE,
    is_active boolean NOT NULL DEFAULT false,
    created_by uuid REFERENCES users (id) ON DELETE SET NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    -- A deleted event stays for its sessions' history; its address stops answering.
    deleted_at timestamptz
);
CREATE INDEX booking_events_store ON booking_events (store_id);

CREATE TABLE booking_clients (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    name text NOT NULL,
    email text NOT NULL,
    phone text NOT NULL,
    created_at timestamptz NOT NULL,
    UNIQUE (store_id, email)
);

CREATE TABLE booked_sessions (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES booking_events (id) ON DELETE CASCADE,
    employee_id uuid REFERENCES employees (id) ON DELETE SET NULL,
    start_at timestamptz NOT NULL,
    end_at timestamptz NOT NULL CHECK (end_at > start_at),
    status text NOT NULL CHECK (status IN ('confirmed', 'dropped', 'pending', 'cancelled')),
    -- The shift its work lies in (the spec's adjacentShift).
    shift_id uuid REFERENCES shifts (id) ON DELETE SET NULL,
    -- The event as it was when the session was first booked (title, role, duration).
    event_snapshot jsonb NOT NULL,
    reason text,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE INDEX booked_sessions_store_start ON booked_sessions (store_id, start_at);
CREATE INDEX booked_sessions_event_start ON booked_sessions (event_id, start_at);

CREATE TABLE booked_clients (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    session_id uuid NOT NULL REFERENCES booked_sessions (id) ON DELETE CASCADE,
    event_id uuid NOT NULL REFERENCES booking_events (id) ON DELETE CASCADE,
    client_id uuid NOT NULL REFERENCES booking_clients (id) ON DELETE CASCADE,
    status text NOT NULL CHECK (status IN ('confirmed', 'pending', 'cancelled_by_client',
        'cancelled_by_manager', 'rescheduled_by_manager')),
    -- Until when a pending place is held for the client to confirm.
    hold_until timestamptz,
    note text,
    reason text,
    -- The calendar invitation's SEQUENCE: raised by each change the client is told of.
    sequence int4 NOT NULL DEFAULT 0,
    -- The calendar invitation's UID: the first reservation's id, kept by the places a
    -- reschedule moves it to, so the client's calendar moves the event.
    invitation_id uuid NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE INDEX booked_clients_session ON booked_clients (session_id);
CREATE INDEX booked_clients_store_client ON booked_clients (store_id, client_id);

-- Mails to clients, written in the commit that causes them (confirmations, changes,
-- cancellations) or ahead for their time (reminders, deleted when the reservation changes),
-- and sent after it by the booking mail job, at least once each.
CREATE TABLE booking_mails (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    booked_client_id uuid NOT NULL REFERENCES booked_clients (id) ON DELETE CASCADE,
    kind text NOT NULL CHECK (kind IN ('confirmation', 'reschedule', 'cancellation',
        'reminder_day', 'reminder_hour')),
    to_email text NOT NULL,
    subject text NOT NULL,
    body text NOT NULL,
    -- The iCalendar invitation, with its METHOD (REQUEST or CANCEL).
    ics text,
    due_at timestamptz NOT NULL,
    attempts int4 NOT NULL DEFAULT 0,
    leased_until timestamptz,
    created_at timestamptz NOT NULL
);
CREATE INDEX booking_mails_due ON booking_mails (due_at);
