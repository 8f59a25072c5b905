//! One module per table: the row type, its insert and update forms, and its queries. Query
//! functions take `&mut PgConnection` so the caller owns the transaction.

pub mod employee;
pub mod invite;
pub mod log;
pub mod one_time_code;
pub mod role;
pub mod shift;
pub mod store;
pub mod store_event;
pub mod user;
