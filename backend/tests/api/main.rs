//! Integration tests against a real Postgres: one binary, one fresh database per test.

mod accounts;
mod announcements;
mod bursts;
mod calls;
mod chat;
mod clock;
mod delivery;
mod demo;
mod employees;
mod files;
mod headers;
mod health;
mod helpers;
mod isolation;
mod jobs;
mod membership;
mod outbox;
mod pool;
mod push;
mod requests;
mod roles;
mod sessions;
mod shifts;
mod store_actor;
mod stores;
mod support;
