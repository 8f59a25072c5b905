-- Who in a store sees a person's phone number and birthday (`domain::privacy`): the person's
-- choice on their account, copied onto each of their employee records by the store's actor,
-- so every answer and live change built from a record applies it without another read.
ALTER TABLE users
    ADD COLUMN phone_visibility text NOT NULL DEFAULT 'managers'
        CHECK (phone_visibility IN ('everyone', 'managers', 'onlyMe')),
    ADD COLUMN birthday_visibility text NOT NULL DEFAULT 'managers'
        CHECK (birthday_visibility IN ('everyone', 'managers', 'onlyMe')),
    -- When the account was deleted: its row stays, emptied of personal data, for the
    -- records the stores keep for payroll.
    ADD COLUMN deleted_at timestamptz;

ALTER TABLE employees
    ADD COLUMN phone_visibility text NOT NULL DEFAULT 'managers'
        CHECK (phone_visibility IN ('everyone', 'managers', 'onlyMe')),
    ADD COLUMN birthday_visibility text NOT NULL DEFAULT 'managers'
        CHECK (birthday_visibility IN ('everyone', 'managers', 'onlyMe'));
