ALTER TABLE employees DROP COLUMN birthday_visibility, DROP COLUMN phone_visibility;
ALTER TABLE users DROP COLUMN deleted_at, DROP COLUMN birthday_visibility, DROP COLUMN phone_visibility;
