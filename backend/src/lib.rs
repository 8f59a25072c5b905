//! Clockto: shift scheduling and time tracking for shift-based businesses.
//!
//! Dependencies point one way: `api` and `realtime` use `store`, which uses `domain` and
//! `db`; `domain` is pure and imports nothing else of ours.

pub mod api;
pub mod auth;
pub mod billing;
pub mod calls;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod files;
pub mod jobs;
pub mod mail;
pub mod messages;
pub mod monitoring;
pub mod readiness;
pub mod realtime;
pub mod seed;
pub mod sheets;
pub mod site;
pub mod speech;
pub mod startup;
pub mod store;
pub mod telemetry;
pub mod time;
