//! Changes to sessions and places after booking: by managers (`cancelSession`,
//! `cancelClientBookedSession`, `reassignSession`, `rescheduleClient`,
//! `removeBookedClientFromSession`, `deleteSession`) and by the client's own links (cancel,
//! choose another time).

use super::events::cancel_session;
use super::mails::{self, Links};
use super::reserve::{chosen_employee, employee_of_user, open_slot, seat_for};
use super::shared::{
    event_not_found, place_not_found, reservation_cancelled, session_changed, session_not_found,
};
use super::staff;
use super::state::BookingWrite;
use super::views::SessionView;
use super::views::{client_reservation, ClientReservation as Reservation};
use crate::db::models::booking::{BookedClient, BookedSession};
use crate::domain::booking::mail::MailKind;
use crate::domain::booking::status::{ClientStatus, SessionStatus};
use crate::domain::ids::{BookedClientId, BookedSessionId, EventId, UserId};
use crate::error::{AppError, AppResult};
use crate::store::command::{Command, Effects, Reply, Write};
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};

/// A session as it is after a manager's change.
#[derive(Debug, Clone)]
pub struct SessionChanged(pub SessionView);

fn session(state: &StoreState, id: BookedSessionId) -> AppResult<&BookedSession> {
    state
        .booking
        .sessions
        .get(&id)
        .ok_or_else(session_not_found)
}

/// A session that is not cancelled.
fn live_session(state: &StoreState, id: BookedSessionId) -> AppResult<&BookedSession> {
    let s = session(state, id)?;
    if s.status.is_live() {
        Ok(s)
    } else {
        Err(AppError::conflict(
            "session_cancelled",
            "This session is already cancelled.",
        ))
    }
}

fn answer(
    state: &StoreState,
    s: &BookedSession,
    places: &[BookedClient],
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let refs: Vec<&BookedClient> = places.iter().collect();
    effects.reply = Reply::new(SessionChanged(SessionView::of(state, s, &refs, now)));
}

/// The places of a session with `changed` in place of its old self.
fn places_with(
    state: &StoreState,
    session: BookedSessionId,
    changed: &[&BookedClient],
) -> Vec<BookedClient> {
    state
        .booking
        .places_of(session)
        .into_iter()
        .map(|p| {
            changed
                .iter()
                .find(|c| c.id == p.id)
                .map_or_else(|| p.clone(), |c| (*c).clone())
        })
        .collect()
}

/// A session after one of its places changed to `changed`: called off, its work given back,
/// when nobody holds a place in it any more; announced either way. Returns the session as it
/// now is and its places.
fn after_place_change(
    state: &StoreState,
    s: &BookedSession,
    changed: &BookedClient,
    now: DateTime<Utc>,
    effects: &mut Effects,
) -> (BookedSession, Vec<BookedClient>) {
    let places = places_with(state, s.id, &[changed]);
    let mut next = s.clone();
    if !places
        .iter()
        .any(|p| p.status.holds_place(p.hold_until, now))
    {
        staff::release_work(state, s, now, effects);
        next = BookedSession {
            status: SessionStatus::Cancelled,
            shift_id: None,
            updated_at: now,
            ..s.clone()
        };
        effects
            .writes
            .push(Write::Booking(BookingWrite::PutSession(Box::new(
                next.clone(),
            ))));
    }
    let refs: Vec<&BookedClient> = places.iter().collect();
    session_changed(state, &next, None, &refs, now, effects);
    (next, places)
}

/// `cancelSession`: called off, every client told.
#[derive(Debug)]
pub struct CancelSession {
    pub session: BookedSessionId,
    pub reason: Option<String>,
    pub links: Links,
}

impl Command for CancelSession {
    fn name(&self) -> &'static str {
        "cancelSession"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = live_session(state, self.session)?;
        let mut effects = Effects::default();
        cancel_session(
            state,
            s,
            self.reason.as_deref(),
            &self.links,
            now,
            &mut effects,
        );
        let after = BookedSession {
            status: SessionStatus::Cancelled,
            reason: self.reason.clone(),
            ..s.clone()
        };
        let places: Vec<BookedClient> = state
            .booking
            .places_of(s.id)
            .into_iter()
            .map(|p| BookedClient {
                status: if matches!(p.status, ClientStatus::Confirmed | ClientStatus::Pending) {
                    ClientStatus::CancelledByManager
                } else {
                    p.status
                },
                ..p.clone()
            })
            .collect();
        answer(state, &after, &places, now, &mut effects);
        Ok(effects)
    }
}

/// Who cancels a place.
#[derive(Debug, Clone)]
pub enum Canceller {
    /// The client, by their link.
    Client,
    /// A manager (`cancelClientBookedSession`), with a reason the client is told.
    Manager(Option<String>),
}

/// A client's place cancelled; a session left without anyone is called off and its work
/// leaves the schedule.
#[derive(Debug)]
pub struct CancelPlace {
    pub place: PlaceRef,
    pub by: Canceller,
    pub links: Links,
}

/// A place, as a client's link or a manager's call names it.
#[derive(Debug, Clone, Copy)]
pub enum PlaceRef {
    Id(BookedClientId),
    /// A client's live place in a session (or, failing that, their latest one there).
    InSession(BookedSessionId, crate::domain::ids::ClientId),
}

impl PlaceRef {
    fn find(self, state: &StoreState) -> AppResult<&BookedClient> {
        match self {
            PlaceRef::Id(id) => state.booking.places.get(&id),
            PlaceRef::InSession(session, client) => {
                let mine: Vec<&BookedClient> = state
                    .booking
                    .places_of(session)
                    .into_iter()
                    .filter(|p| p.client_id == client)
                    .collect();
                mine.iter()
                    .find(|p| matches!(p.status, ClientStatus::Confirmed | ClientStatus::Pending))
                    .or(mine.last())
                    .copied()
            }
        }
        .ok_or_else(place_not_found)
    }
}

impl Command for CancelPlace {
    fn name(&self) -> &'static str {
        match self.by {
            Canceller::Client => "cancelReservation",
            Canceller::Manager(_) => "cancelClientBookedSession",
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let place = self.place.find(state)?;
        let s = session(state, place.session_id)?;
        if !matches!(
            place.status,
            ClientStatus::Confirmed | ClientStatus::Pending
        ) {
            // A link used twice finds it cancelled, and changes nothing.
            return match self.by {
                Canceller::Client => Ok(Effects::nothing(client_reservation(state, place, s))),
                Canceller::Manager(_) => Err(reservation_cancelled()),
            };
        }
        if matches!(self.by, Canceller::Client) && s.start_at <= now {
            return Err(AppError::bad_request(
                "session_started",
                "This session has already started.",
            ));
        }
        let (status, reason) = match &self.by {
            Canceller::Client => (ClientStatus::CancelledByClient, None),
            Canceller::Manager(r) => (ClientStatus::CancelledByManager, r.clone()),
        };
        let after = BookedClient {
            status,
            reason: reason.clone(),
            hold_until: None,
            sequence: place.sequence + 1,
            updated_at: now,
            ..place.clone()
        };
        let mut effects = Effects::default();
        mails::drop_reminders(place, &mut effects);
        if place.status == ClientStatus::Confirmed {
            mails::queue(
                state,
                &self.links,
                mails::Mail {
                    kind: MailKind::Cancellation,
                    place: &after,
                    session: s,
                    reason: reason.as_deref(),
                },
                now,
                &mut effects,
            );
        }
        let (next, places) = after_place_change(state, s, &after, now, &mut effects);
        let refs: Vec<&BookedClient> = places.iter().collect();
        effects.reply = match self.by {
            Canceller::Client => Reply::new(client_reservation(state, &after, &next)),
            Canceller::Manager(_) => {
                Reply::new(SessionChanged(SessionView::of(state, &next, &refs, now)))
            }
        };
        effects
            .writes
            .push(Write::Booking(BookingWrite::PutPlace(Box::new(after))));
        Ok(effects)
    }
}

/// `reassignSession`: another employee of the role works it; the work moves with it.
#[derive(Debug)]
pub struct ReassignSession {
    pub session: BookedSessionId,
    pub employee: UserId,
}

impl Command for ReassignSession {
    fn name(&self) -> &'static str {
        "reassignSession"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = live_session(state, self.session)?;
        if s.end_at <= now {
            return Err(AppError::bad_request(
                "session_over",
                "This session is over.",
            ));
        }
        let event = state
            .booking
            .events
            .get(&s.event_id)
            .ok_or_else(event_not_found)?;
        let employee = employee_of_user(state, self.employee)?;
        if s.employee_id == Some(employee) && s.status != SessionStatus::Dropped {
            let places = places_with(state, s.id, &[]);
            let mut effects = Effects::default();
            answer(state, s, &places, now, &mut effects);
            return Ok(effects);
        }
        if !staff::may_work(state, employee, event, s.span(), true, Some(s.id), now) {
            return Err(AppError::bad_request(
                "employee_unavailable",
                "This employee cannot work the session then.",
            ));
        }
        let mut effects = Effects::default();
        staff::release_work(state, s, now, &mut effects);
        let places = places_with(state, s.id, &[]);
        let confirmed = places.iter().any(|p| p.status == ClientStatus::Confirmed);
        let mut after = BookedSession {
            employee_id: Some(employee),
            status: if confirmed {
                SessionStatus::Confirmed
            } else {
                SessionStatus::Pending
            },
            shift_id: None,
            reason: None,
            updated_at: now,
            ..s.clone()
        };
        // The new employee's schedule is read before the old one's shift changed: a shift
        // of theirs is not the one just released.
        if confirmed {
            staff::place_work(state, &mut after, event, now, &mut effects);
        }
        let refs: Vec<&BookedClient> = places.iter().collect();
        session_changed(state, &after, s.employee_id, &refs, now, &mut effects);
        answer(state, &after, &places, now, &mut effects);
        effects
            .writes
            .push(Write::Booking(BookingWrite::PutSession(Box::new(after))));
        Ok(effects)
    }
}

/// `rescheduleClient` (a manager) or the client's reschedule link: the place moves to
/// another time (or employee) of the event, confirmed there; the old one is marked moved
/// and its session called off if left empty. The client's invitation keeps its UID with a
/// higher SEQUENCE, so their calendar moves the event.
#[derive(Debug)]
pub struct ReschedulePlace {
    pub place: PlaceRef,
    pub event: Option<EventId>,
    pub start: DateTime<Utc>,
    pub employee: Option<UserId>,
    pub note: Option<String>,
    /// True for a manager's call.
    pub by_manager: bool,
    pub links: Links,
}

/// The answer of a reschedule: the new place's session (managers) or the reservation
/// (clients).
#[derive(Debug, Clone)]
pub enum Rescheduled {
    Session(SessionView),
    Client(Reservation),
}

impl Command for ReschedulePlace {
    fn name(&self) -> &'static str {
        if self.by_manager {
            "rescheduleClient"
        } else {
            "rescheduleReservation"
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let place = self.place.find(state)?;
        if self.event.is_some_and(|e| e != place.event_id) {
            return Err(place_not_found());
        }
        if place.status != ClientStatus::Confirmed {
            return Err(AppError::conflict(
                "reservation_not_confirmed",
                "Only a confirmed reservation can move to another time.",
            ));
        }
        let old = session(state, place.session_id)?;
        let event = state
            .booking
            .events
            .get(&place.event_id)
            .ok_or_else(event_not_found)?;
        if !self.by_manager && !event.is_active {
            return Err(event_not_found());
        }
        let span = if self.by_manager {
            let repeat = event.repeat_rule();
            let p = event.pattern(state.zone(), repeat.as_ref());
            let span = crate::domain::booking::slots::is_session_time(&p, self.start).ok_or_else(
                || AppError::bad_request("invalid_slot", "This event has no session at that time."),
            )?;
            if span.start <= now {
                return Err(AppError::bad_request(
                    "booking_closed",
                    "Bookings for this time have closed.",
                ));
            }
            span
        } else {
            open_slot(state, event, self.start, now)?
        };
        let chosen = chosen_employee(state, event, self.employee, self.by_manager)?;
        if span.start == old.start_at && chosen.is_none_or(|c| old.employee_id == Some(c)) {
            return Err(AppError::bad_request(
                "same_slot",
                "The reservation is at that time already.",
            ));
        }
        let mut effects = Effects::default();
        // The old place, moved.
        let moved = BookedClient {
            status: if self.by_manager {
                ClientStatus::RescheduledByManager
            } else {
                ClientStatus::CancelledByClient
            },
            updated_at: now,
            ..place.clone()
        };
        mails::drop_reminders(place, &mut effects);
        after_place_change(state, old, &moved, now, &mut effects);
        effects
            .writes
            .push(Write::Booking(BookingWrite::PutPlace(Box::new(moved))));
        // The new one, confirmed.
        let (new_session, _) = seat_for(state, event, span, chosen, now)?;
        let mut new_session = BookedSession {
            status: if new_session.status == SessionStatus::Dropped {
                SessionStatus::Dropped
            } else {
                SessionStatus::Confirmed
            },
            updated_at: now,
            ..new_session
        };
        if new_session.shift_id.is_none() && new_session.status == SessionStatus::Confirmed {
            staff::place_work(state, &mut new_session, event, now, &mut effects);
        }
        let new_place = BookedClient {
            id: BookedClientId::new(),
            session_id: new_session.id,
            status: ClientStatus::Confirmed,
            hold_until: None,
            note: self.note.clone().or_else(|| place.note.clone()),
            reason: None,
            sequence: place.sequence + 1,
            created_at: now,
            updated_at: now,
            ..place.clone()
        };
        effects
            .writes
            .push(Write::Booking(BookingWrite::PutSession(Box::new(
                new_session.clone(),
            ))));
        effects
            .writes
            .push(Write::Booking(BookingWrite::PutPlace(Box::new(
                new_place.clone(),
            ))));
        mails::queue(
            state,
            &self.links,
            mails::Mail {
                kind: MailKind::Reschedule,
                place: &new_place,
                session: &new_session,
                reason: None,
            },
            now,
            &mut effects,
        );
        let mut new_places = places_with(state, new_session.id, &[]);
        new_places.push(new_place.clone());
        let refs: Vec<&BookedClient> = new_places.iter().collect();
        session_changed(state, &new_session, None, &refs, now, &mut effects);
        effects.reply = Reply::new(if self.by_manager {
            Rescheduled::Session(SessionView::of(state, &new_session, &refs, now))
        } else {
            Rescheduled::Client(client_reservation(state, &new_place, &new_session))
        });
        Ok(effects)
    }
}

/// `removeBookedClientFromSession`: a place taken off its session without a mail (a
/// duplicate, a test booking); use `cancelClientBookedSession` to tell the client.
#[derive(Debug)]
pub struct RemovePlace {
    pub session: BookedSessionId,
    pub client: crate::domain::ids::ClientId,
}

impl Command for RemovePlace {
    fn name(&self) -> &'static str {
        "removeBookedClientFromSession"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = session(state, self.session)?;
        let place = state
            .booking
            .places_of(s.id)
            .into_iter()
            .find(|p| {
                p.client_id == self.client
                    && matches!(p.status, ClientStatus::Confirmed | ClientStatus::Pending)
            })
            .ok_or_else(place_not_found)?;
        let after = BookedClient {
            status: ClientStatus::CancelledByManager,
            hold_until: None,
            updated_at: now,
            ..place.clone()
        };
        let mut effects = Effects::default();
        mails::drop_reminders(place, &mut effects);
        let (next, places) = after_place_change(state, s, &after, now, &mut effects);
        answer(state, &next, &places, now, &mut effects);
        effects
            .writes
            .push(Write::Booking(BookingWrite::PutPlace(Box::new(after))));
        Ok(effects)
    }
}

/// `deleteSession`: a session nobody holds a place in (cancelled, or only lapsed holds)
/// goes, with its places.
#[derive(Debug)]
pub struct DeleteSession {
    pub session: BookedSessionId,
}

impl Command for DeleteSession {
    fn name(&self) -> &'static str {
        "deleteSession"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = session(state, self.session)?;
        if s.status.is_live() && state.booking.taken(s.id, now) > 0 && s.end_at > now {
            return Err(AppError::conflict(
                "session_has_clients",
                "Cancel the session first: clients are booked in it.",
            ));
        }
        let mut effects = Effects::nothing(());
        staff::release_work(state, s, now, &mut effects);
        effects.events.push(crate::store::command::EventDraft {
            kind: "booking.session.deleted",
            data: serde_json::json!({ "id": s.id }),
            visibility: crate::domain::audience::Audience::managers_and(
                state.user_of(s.employee_id),
            ),
        });
        effects
            .writes
            .push(Write::Booking(BookingWrite::DeleteSession(s.id)));
        Ok(effects)
    }
}
