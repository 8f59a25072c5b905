//! Client booking's calls: the managers' events (`events`) and sessions (`sessions`), and the
//! public pages' calls (`public`), which find the store from the event's address or the
//! client's signed link and go to its actor like any command.

mod events;
pub mod public;
pub mod sessions;

use crate::calls::{AppState, Registry};
use crate::domain::booking::event::EventError;
use crate::error::AppError;
use crate::store::booking::Links;
use actix_web::web;
use std::sync::Arc;

pub use public::PublicLimiter;

pub fn register(r: &mut Registry) {
    events::register(r);
    sessions::register(r);
    public::register(r);
}

/// Mounts the reads (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    sessions::routes(cfg);
}

/// What the links of a client's mail are signed with: a key derived from the server's
/// secret, so a booking link can never pass for a session token or the other way round.
pub fn links(state: &AppState) -> Links {
    use hmac::{Hmac, Mac};
    let key = Hmac::<sha2::Sha256>::new_from_slice(state.settings.jwt_secret.as_bytes())
        .map(|mut m| {
            m.update(b"clockto booking links");
            m.finalize().into_bytes().to_vec()
        })
        .unwrap_or_default();
    Links {
        secret: Arc::from(key),
        base: Arc::from(state.settings.public_url.as_str()),
        from: Arc::from(
            state
                .settings
                .mail_from
                .rsplit('<')
                .next()
                .unwrap_or_default()
                .trim_end_matches('>')
                .trim(),
        ),
    }
}

/// An event rule's refusal, with the field it concerns.
fn refused(e: EventError) -> AppError {
    let details = e.details();
    AppError::bad_request(e.code, e.message).with_details(details)
}
