-- Wrong business identity codes of clock devices, counted per store and client address
-- ('device'), apart from sign-ins. They were counted under one account key shared by every
-- store, which is forgotten here.
ALTER TABLE login_failures DROP CONSTRAINT login_failures_kind_check;
ALTER TABLE login_failures
    ADD CONSTRAINT login_failures_kind_check CHECK (kind IN ('account', 'client', 'device'));
DELETE FROM login_failures WHERE kind = 'account' AND key = 'clock-device';
