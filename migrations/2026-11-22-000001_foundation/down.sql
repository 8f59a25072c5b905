DROP TABLE store_events;
DROP TABLE logs;
DROP TABLE one_time_codes;
DROP TABLE invites;
DROP TABLE employees;
DROP TABLE roles;
DROP TABLE stores;
DROP TABLE users;
