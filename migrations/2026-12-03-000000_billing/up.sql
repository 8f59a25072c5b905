-- Plans and payments: a store's subscription at the payment provider as its webhooks last
-- described it, the invoices they sent, and the events received (each applies once).

CREATE TABLE store_plans (
    store_id uuid PRIMARY KEY REFERENCES stores (id) ON DELETE CASCADE,
    -- The provider's customer, once the store's first checkout made one.
    customer_id text UNIQUE,
    subscription_id text,
    -- The plan the subscription is for, and how it stands; the store's plan is this plan
    -- while the status is trialing, active or past_due, and free otherwise.
    plan text NOT NULL CHECK (plan IN ('free', 'starter', 'basic', 'premium')),
    status text NOT NULL,
    billing_interval text CHECK (billing_interval IN ('month', 'year')),
    quantity int4,
    subscription_item text,
    trial_end timestamptz,
    current_period_end timestamptz,
    cancel_at_period_end boolean NOT NULL DEFAULT false,
    -- Whether a trial was given: a store has one trial.
    trial_used boolean NOT NULL DEFAULT false,
    -- The provider's time (seconds) of the newest subscription event applied: an older one,
    -- delivered late, changes nothing.
    event_at bigint,
    updated_at timestamptz NOT NULL
);

CREATE TABLE invoices (
    id text PRIMARY KEY,
    store_id uuid NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
    subscription_id text,
    number text,
    status text NOT NULL CHECK (status IN ('draft', 'open', 'paid', 'uncollectible', 'void')),
    total bigint NOT NULL,
    currency text NOT NULL,
    created timestamptz NOT NULL,
    period_start timestamptz,
    period_end timestamptz,
    hosted_invoice_url text,
    invoice_pdf text,
    -- As for plans: the newest event's time, so a late one changes nothing.
    event_at bigint NOT NULL
);
CREATE INDEX invoices_store ON invoices (store_id, created DESC);

CREATE TABLE billing_events (
    id text PRIMARY KEY,
    kind text NOT NULL,
    store_id uuid REFERENCES stores (id) ON DELETE CASCADE,
    received_at timestamptz NOT NULL DEFAULT now()
);
