DROP TABLE oidc_handoffs;
DROP TABLE oidc_flows;
DROP TABLE oidc_identities;
ALTER TABLE sessions DROP COLUMN signed_in_at;
ALTER TABLE sessions DROP COLUMN method;
DELETE FROM login_failures WHERE kind IN ('code_address', 'code_client');
ALTER TABLE login_failures DROP CONSTRAINT login_failures_kind_check;
ALTER TABLE login_failures
    ADD CONSTRAINT login_failures_kind_check CHECK (kind IN ('account', 'client', 'device'));
DELETE FROM one_time_codes WHERE purpose = 'sign_in';
ALTER TABLE one_time_codes DROP CONSTRAINT one_time_codes_purpose_check;
ALTER TABLE one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
    CHECK (purpose IN ('email_confirmation', 'password_reset'));
ALTER TABLE users DROP COLUMN language;
DELETE FROM users WHERE password_hash IS NULL;
ALTER TABLE users ALTER COLUMN password_hash SET NOT NULL;
