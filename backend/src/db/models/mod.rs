//! One module per table: the row type, its insert and update forms, and its queries. Query
//! functions take `&mut PgConnection` so the caller owns the transaction.

pub mod availability;
pub mod billing;
pub mod blog;
pub mod booking;
pub mod chat;
pub mod clock;
pub mod demo_request;
pub mod employee;
pub mod file;
pub mod import_document;
pub mod invite;
pub mod log;
pub mod login_failure;
pub mod narration;
pub mod notification;
pub mod notification_delivery;
pub mod notification_setting;
pub mod oidc_flow;
pub mod oidc_handoff;
pub mod oidc_identity;
pub mod one_time_code;
pub mod push_subscription;
pub mod request;
pub mod role;
pub mod session;
pub mod shift;
pub mod store;
pub mod store_event;
pub mod template;
mod text_column;
pub mod ticket;
pub mod user;

pub(crate) use text_column::text_column;
