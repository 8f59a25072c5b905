DELETE FROM login_failures WHERE kind = 'device';
ALTER TABLE login_failures DROP CONSTRAINT login_failures_kind_check;
ALTER TABLE login_failures
    ADD CONSTRAINT login_failures_kind_check CHECK (kind IN ('account', 'client'));
