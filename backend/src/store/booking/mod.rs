//! Client booking as store commands: events (`events`), public reservations (`reserve`),
//! the managers' changes to sessions and places (`manage`), who works a session and its
//! shift (`staff`), the mails to clients (`mails`), and flagging sessions whose employee can
//! no longer work them (`follow`). Public calls find the store from the event's address and
//! come to the same actor, so the last place of a session is decided by one planner, and two
//! server processes race through the store row's lock like any commit.

mod events;
mod follow;
mod mails;
mod manage;
mod reserve;
mod staff;
mod state;
mod views;

pub use events::{url_taken, DeleteEvent, EventSaved, Events, ListEvents, SaveEvent, StoreZone};
pub use follow::follow;
pub use mails::Links;
pub use manage::{
    CancelPlace, CancelSession, Canceller, DeleteSession, PlaceRef, ReassignSession, RemovePlace,
    ReschedulePlace, Rescheduled, SessionChanged,
};
pub use reserve::{
    ConfirmPlace, FindSlots, PublicEvent, PublicEventView, PublicStore, Reservation, Reserve,
    Reserved, ShowEvent, ShowReservation, Slot, SlotEmployee, SlotsOfDay,
};
pub use state::{BookingState, BookingUndo, BookingWrite, KEPT};
pub use views::{EventView, PlaceView, RepeatView, SessionView};

use crate::domain::audience::Audience;
use crate::error::{AppError, AppResult};
use crate::store::command::{Effects, EventDraft};
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};

/// Refuses a command of a store whose owner has turned booking off.
fn enabled(state: &StoreState) -> AppResult<()> {
    if state.store.booking_enabled {
        Ok(())
    } else {
        Err(AppError::forbidden(
            "booking_disabled",
            "Client booking is turned off for this store.",
        ))
    }
}

fn session_not_found() -> AppError {
    AppError::not_found("session_not_found", "Booked session not found.")
}

fn event_not_found() -> AppError {
    AppError::not_found("event_not_found", "Event not found.")
}

fn place_not_found() -> AppError {
    AppError::not_found("reservation_not_found", "Reservation not found.")
}

/// Announces a session as it now is to managers and its employee (old and new).
fn session_changed(
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
