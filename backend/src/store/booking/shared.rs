//! What the booking commands share: their refusals and the live event of a changed session.

use super::views::SessionView;
use crate::db::models::booking::{BookedClient, BookedSession};
use crate::domain::audience::Audience;
use crate::domain::ids::BookedClientId;
use crate::error::{AppError, AppResult};
use crate::store::command::{Effects, EventDraft};
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};

/// Refuses a command of a store whose owner has turned booking off.
pub(super) fn enabled(state: &StoreState) -> AppResult<()> {
    if state.store.booking_enabled {
        Ok(())
    } else {
        Err(AppError::forbidden(
            "booking_disabled",
            "Client booking is turned off for this store.",
        ))
    }
}

pub(super) fn session_not_found() -> AppError {
    AppError::not_found("session_not_found", "Booked session not found.")
}

pub(super) fn event_not_found() -> AppError {
    AppError::not_found("event_not_found", "Event not found.")
}

pub(super) fn reservation_cancelled() -> AppError {
    AppError::conflict("reservation_cancelled", "This reservation was cancelled.")
}

pub(super) fn place_not_found() -> AppError {
    AppError::not_found("reservation_not_found", "Reservation not found.")
}

/// Announces a session as it now is to managers and its employee (old and new).
pub(super) fn session_changed(
    state: &StoreState,
    session: &crate::db::models::booking::BookedSession,
    before_employee: Option<crate::domain::ids::EmployeeId>,
    places: &[&crate::db::models::booking::BookedClient],
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let users = [session.employee_id, before_employee]
        .into_iter()
        .flatten()
        .filter_map(|e| state.user_of(Some(e)));
    effects.events.push(EventDraft {
        kind: "booking.session",
        data: serde_json::to_value(SessionView::of(state, session, places, now))
            .unwrap_or_default(),
        visibility: Audience::managers_and(users),
    });
}

/// A place of the working set and its session.
pub(super) fn place_and_session(
    state: &StoreState,
    id: BookedClientId,
) -> AppResult<(&BookedClient, &BookedSession)> {
    let place = state.booking.places.get(&id).ok_or_else(place_not_found)?;
    let session = state
        .booking
        .sessions
        .get(&place.session_id)
        .ok_or_else(place_not_found)?;
    Ok((place, session))
}
