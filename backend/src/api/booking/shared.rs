//! What the booking calls share: the signing of clients' links and the text of an event's
//! refusal.

use crate::calls::AppState;
use crate::domain::booking::event::EventError;
use crate::error::AppError;
use crate::store::booking::Links;
use std::sync::Arc;

/// What the links of a client's mail are signed with: a key derived from the server's
/// secret, so a booking link can never pass for a session token or the other way round.
pub(super) fn links(state: &AppState) -> Links {
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
pub(super) fn refused(e: EventError) -> AppError {
    let details = e.details();
    AppError::bad_request(e.code, e.message).with_details(details)
}
