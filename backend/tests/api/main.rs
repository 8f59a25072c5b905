//! Integration tests against a real Postgres: one binary, one fresh database per test.

mod accounts;
mod calls;
mod health;
mod helpers;
mod store_actor;
