//! Client booking's calls: the managers' events (`events`) and sessions (`sessions`), and the
//! public pages' calls (`public`), which find the store from the event's address or the
//! client's signed link and go to its actor like any command.

mod events;
pub mod public;
pub mod sessions;
mod shared;

use crate::calls::Registry;
use actix_web::web;

pub fn register(r: &mut Registry) {
    events::register(r);
    sessions::register(r);
    public::register(r);
}

/// Mounts the reads (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    sessions::routes(cfg);
}
