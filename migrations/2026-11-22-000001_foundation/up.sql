-- Accounts, stores, roles, employees, invitations, one-time codes, logs and the store outbox.
-- Every store-owned table carries store_id so the schema can later be distributed by store.

CREATE TABLE users (
    id uuid PRIMARY KEY,
    email text NOT NULL,
    password_hash text NOT NULL,
    first_name text NOT NULL,
    last_name text NOT NULL,
    profile_image text,
    phone_number text,
    birthday timestamptz,
    description text,
    about_me text,
    -- 'pending' until name, photo and birth date are set; then 'set'.
    personal_information_status text NOT NULL DEFAULT 'pending'
        CHECK (personal_information_status IN ('pending', 'set')),
    -- Account status: 'pendingconfirm' until the e-mail code is confirmed.
    status text NOT NULL DEFAULT 'pendingconfirm'
        CHECK (status IN ('pendingconfirm', 'confirmed')),
    sign_in_method text NOT NULL DEFAULT 'Email',
    last_login timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE stores (
    id uuid PRIMARY KEY,
    owner_id uuid NOT NULL REFERENCES users (id),
    name text NOT NULL,
    kind text NOT NULL,
    logo text,
    thumbnail text,
    address text NOT NULL DEFAULT '',
    -- Opening hours as minutes after local midnight; days off as weekday numbers (0 = Sunday).
    open_minute integer CHECK (open_minute BETWEEN 0 AND 1439),
    close_minute integer CHECK (close_minute BETWEEN 0 AND 1439),
    days_off smallint[] NOT NULL DEFAULT '{}',
    -- Display label of the zone ("GMT+01:00") and the IANA zone all day boundaries use.
    timezone text NOT NULL DEFAULT 'UTC',
    timezone_reference text NOT NULL DEFAULT 'UTC',
    week_start smallint NOT NULL DEFAULT 0 CHECK (week_start BETWEEN 0 AND 6),
    booking_enabled boolean NOT NULL DEFAULT false,
    identity_code text,
    -- Bumped by every committed change; versions per store are gap-free (see store_events).
    version bigint NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stores_owner_id_idx ON stores (owner_id);
CREATE UNIQUE INDEX stores_identity_code_key ON stores (identity_code) WHERE identity_code IS NOT NULL;

CREATE TABLE roles (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    title text NOT NULL,
    color text NOT NULL,
    require_user_action boolean NOT NULL DEFAULT false,
    swappeable boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX roles_store_id_idx ON roles (store_id);

-- A person's membership of a store. user_id stays empty until the invitation is accepted.
CREATE TABLE employees (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    user_id uuid REFERENCES users (id),
    email text NOT NULL,
    full_name text NOT NULL DEFAULT '',
    display_name text,
    phone_number text,
    img text,
    display_img text,
    birthday timestamptz,
    role_ids uuid[] NOT NULL DEFAULT '{}',
    -- Wage per role: {"<role id>": 12.5}.
    wages jsonb NOT NULL DEFAULT '{}',
    wage_type text NOT NULL DEFAULT 'Hourly' CHECK (wage_type IN ('Hourly', 'Weekly')),
    permissions text[] NOT NULL DEFAULT '{}',
    deactive boolean NOT NULL DEFAULT false,
    terminated_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX employees_store_email_key ON employees (store_id, lower(email));
CREATE UNIQUE INDEX employees_store_user_key ON employees (store_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX employees_user_id_idx ON employees (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX employees_role_ids_idx ON employees USING gin (role_ids);

CREATE TABLE invites (
    id uuid PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    employee_id uuid NOT NULL REFERENCES employees (id) ON DELETE CASCADE,
    email text NOT NULL,
    hash text NOT NULL,
    resolved boolean NOT NULL DEFAULT false,
    expires_at timestamptz NOT NULL,
    user_id uuid REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX invites_employee_id_key ON invites (employee_id);
CREATE INDEX invites_email_hash_idx ON invites (lower(email), hash);
CREATE INDEX invites_store_id_idx ON invites (store_id);

-- E-mail confirmation and password reset codes. Only a hash of the code is kept.
CREATE TABLE one_time_codes (
    id uuid PRIMARY KEY,
    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose text NOT NULL CHECK (purpose IN ('email_confirmation', 'password_reset')),
    code_hash text NOT NULL,
    attempts integer NOT NULL DEFAULT 0,
    expires_at timestamptz NOT NULL,
    used_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX one_time_codes_user_purpose_idx ON one_time_codes (user_id, purpose, created_at DESC);

CREATE TABLE logs (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('success', 'error', 'warning')),
    method text NOT NULL,
    description text NOT NULL,
    user_id uuid,
    store_id uuid REFERENCES stores (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX logs_store_id_idx ON logs (store_id, created_at DESC);

-- Transactional outbox: one row per committed change, gap-free versions per store.
CREATE TABLE store_events (
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    version bigint NOT NULL,
    kind text NOT NULL,
    data jsonb NOT NULL,
    -- Who may see the change: everyone in the store, managers only, or managers plus the
    -- listed users (an employee never sees another employee's drafts or private requests).
    managers_only boolean NOT NULL DEFAULT false,
    user_ids uuid[],
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (store_id, version)
);
