//! What the booking calls share: the signing of clients' links and the text of an event's
//! refusal.

use crate::calls::AppState;
use crate::domain::booking::event::EventError;
use crate::error::AppError;
use crate::store::booking::Links;

/// What the links of a client's mail are made with (derived once, at start-up).
pub(super) fn links(state: &AppState) -> Links {
    state.booking_links.clone()
}

/// An event rule's refusal, with the field it concerns.
pub(super) fn refused(e: EventError) -> AppError {
    let details = e.details();
    AppError::bad_request(e.code, e.message).with_details(details)
}
