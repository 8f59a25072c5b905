//! One actor per active store. Every state-changing command of a store is a message to its
//! [`actor::StoreActor`], whatever it arrived by (HTTP or socket). The actor plans the command
//! against its in-memory state (pure), commits the planned writes and their outbox events in
//! one Postgres transaction together with the other commands waiting in its queue (group
//! commit), and only then answers and broadcasts.

pub mod actor;
pub mod announcements;
pub mod audit;
pub mod availability;
pub mod billing;
pub mod booking;
pub mod chat;
pub mod clock;
pub mod command;
pub mod commits;
pub mod employees;
pub mod forget;
pub mod found;
pub mod imports;
pub mod members;
pub mod notifications;
pub mod notify;
pub mod persist;
pub mod pool;
pub mod push;
pub mod reader_settings;
pub mod registry;
pub mod request_views;
pub mod roles;
pub mod settings;
pub mod shifts;
pub mod state;
pub mod survey;
pub mod team_views;
pub mod templates;
pub mod time_off;
pub mod timed;
pub mod views;
pub mod voice;
pub mod weeks;
pub mod write;
