//! A reservation held while the client confirms (`reserveEvent`), and its confirmation, which
//! puts the session's work on the schedule and mails the client their invitation.

use super::mails::{self, Links};
use super::shared::{
    enabled, event_not_found, place_and_session, reservation_cancelled, session_changed,
};
use super::staff;
use super::state::BookingWrite;
use super::views::client_reservation;
use crate::db::models::booking::{BookedClient, BookedSession, BookingEvent, Client};
use crate::domain::booking::link::Purpose;
use crate::domain::booking::mail::MailKind;
use crate::domain::booking::slots::{self, Closed, Running, Seat};
use crate::domain::booking::staffing;
use crate::domain::booking::status::{ClientStatus, SessionStatus};
use crate::domain::ids::{BookedClientId, BookedSessionId, EmployeeId, EventId, UserId};
use crate::domain::schedule::Span;
use crate::error::{AppError, AppResult};
use crate::store::command::{Command, Effects, Reply, Write};
use crate::store::state::StoreState;
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// An active event of a store that takes bookings.
pub(super) fn bookable(state: &StoreState, id: EventId) -> AppResult<&BookingEvent> {
    enabled(state).map_err(|_| event_not_found())?;
    state
        .booking
        .events
        .get(&id)
        .filter(|e| e.is_active)
        .ok_or_else(event_not_found)
}

/// A slot's running sessions, and the eligible employees free to open another.
pub(super) fn slot_state(
    state: &StoreState,
    event: &BookingEvent,
    span: Span,
    now: DateTime<Utc>,
) -> (Vec<(BookedSessionId, Running<EmployeeId>)>, Vec<EmployeeId>) {
    let running: Vec<_> = state
        .booking
        .running_at(event.id, span.start, now)
        .into_iter()
        .filter_map(|s| {
            Some((
                s.id,
                Running {
                    employee: s.employee_id?,
                    taken: state.booking.taken(s.id, now),
                },
            ))
        })
        .collect();
    let mut free: Vec<EmployeeId> = state
        .current_employees()
        .map(|e| e.id)
        .filter(|e| !running.iter().any(|(_, r)| r.employee == *e))
        .filter(|e| staff::may_work(state, *e, event, span, true, None, now))
        .collect();
    free.sort_unstable();
    (running, free)
}

/// `reserveEvent`: a place held for the client while they confirm.
#[derive(Debug)]
pub struct Reserve {
    pub event: EventId,
    pub start: DateTime<Utc>,
    /// The employee the client chose (their user id), when the event allows it.
    pub employee: Option<UserId>,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub note: Option<String>,
    pub hold: Duration,
    pub links: Links,
}

/// The answer of `reserveEvent`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reserved {
    #[serde(rename = "confirmURL")]
    pub confirm_url: String,
    #[serde(rename = "cancelURL")]
    pub cancel_url: String,
    /// Epoch ms: the place is held until then.
    pub hold_until: i64,
    /// Epoch ms.
    pub start: i64,
    pub end: i64,
    /// Whether it is confirmed already (the same reservation sent again).
    pub confirmed: bool,
}

fn reserved(links: &Links, place: &BookedClient, session: &BookedSession) -> Reserved {
    let hold = place.hold_until.unwrap_or(session.start_at);
    Reserved {
        // Valid past the hold, so a late confirmation hears that the hold ran out.
        confirm_url: links.url(Purpose::Confirm, place, session.end_at),
        cancel_url: links.url(Purpose::Cancel, place, session.end_at),
        hold_until: hold.timestamp_millis(),
        start: session.start_at.timestamp_millis(),
        end: session.end_at.timestamp_millis(),
        confirmed: place.status == ClientStatus::Confirmed,
    }
}

fn full() -> AppError {
    AppError::conflict(
        "slot_full",
        "This time is fully booked. Please choose another.",
    )
}

/// Where a new place of `event` at `span` goes, and the session it makes if it opens one.
pub(super) fn seat_for(
    state: &StoreState,
    event: &BookingEvent,
    span: Span,
    chosen: Option<EmployeeId>,
    now: DateTime<Utc>,
) -> AppResult<(BookedSession, bool)> {
    let repeat = event.repeat_rule();
    let p = event.pattern(state.zone(), repeat.as_ref());
    let (running, free) = slot_state(state, event, span, now);
    let runs: Vec<_> = running.iter().map(|(_, r)| *r).collect();
    let chosen_is_free = chosen.is_some_and(|c| free.contains(&c));
    let next = staffing::least_loaded(
        free.iter()
            .map(|&e| (e, staff::load(state, e, span.start, now))),
    );
    match slots::seat(&p, &runs, chosen, chosen_is_free, next) {
        Seat::Join(e) => {
            let (id, _) = running
                .iter()
                .find(|(_, r)| r.employee == e)
                .ok_or_else(full)?;
            let s = state.booking.sessions.get(id).ok_or_else(full)?;
            Ok((s.clone(), false))
        }
        Seat::Open(e) => Ok((
            BookedSession {
                id: BookedSessionId::new(),
                store_id: state.store.id,
                event_id: event.id,
                employee_id: Some(e),
                start_at: span.start,
                end_at: span.end,
                status: SessionStatus::Pending,
                shift_id: None,
                event_snapshot: serde_json::json!({
                    "title": event.title,
                    "role": event.role_id,
                    "sessionDuration": event.session_minutes,
                }),
                reason: None,
                created_at: now,
                updated_at: now,
            },
            true,
        )),
        Seat::Full => Err(full()),
    }
}

/// The slot at `start` of an event, if it is one and takes bookings now.
pub(super) fn open_slot(
    state: &StoreState,
    event: &BookingEvent,
    start: DateTime<Utc>,
    now: DateTime<Utc>,
) -> AppResult<Span> {
    let repeat = event.repeat_rule();
    let p = event.pattern(state.zone(), repeat.as_ref());
    let span = slots::is_session_time(&p, start).ok_or_else(|| {
        AppError::bad_request("invalid_slot", "This event has no session at that time.")
    })?;
    slots::window(&p, span.start, now).map_err(|c| match c {
        Closed::TooLate => {
            AppError::bad_request("booking_closed", "Bookings for this time have closed.")
        }
        Closed::NotYet => AppError::bad_request(
            "booking_not_open",
            "Bookings for this time are not open yet.",
        ),
    })?;
    Ok(span)
}

/// The employee a user id names in the store.
pub(super) fn employee_of_user(state: &StoreState, user: UserId) -> AppResult<EmployeeId> {
    state
        .current_employees()
        .find(|e| e.user_id == Some(user) && !e.deactive)
        .map(|e| e.id)
        .ok_or_else(|| {
            AppError::bad_request("employee_not_found", crate::messages::NO_EMPLOYEE_DOCUMENT)
        })
}

/// The employee a client (or, with `manager`, a manager) chose, when the event allows it.
pub(super) fn chosen_employee(
    state: &StoreState,
    event: &BookingEvent,
    user: Option<UserId>,
    manager: bool,
) -> AppResult<Option<EmployeeId>> {
    match user {
        Some(_) if !event.choose_employee && !manager => Err(AppError::bad_request(
            "employee_choice_not_allowed",
            "This event does not let clients choose the employee.",
        )),
        Some(u) => employee_of_user(state, u).map(Some),
        None => Ok(None),
    }
}

impl Command for Reserve {
    fn name(&self) -> &'static str {
        "reserveEvent"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let event = bookable(state, self.event)?;
        let span = open_slot(state, event, self.start, now)?;
        let client_id = Client::id_for(state.store.id, &self.email);
        // The same request sent again (or the same client again for the same time) answers
        // the place they hold.
        let same = state.booking.places.values().find(|p| {
            p.client_id == client_id
                && p.event_id == event.id
                && p.status.holds_place(p.hold_until, now)
                && state
                    .booking
                    .sessions
                    .get(&p.session_id)
                    .is_some_and(|s| s.start_at == span.start && s.status.is_live())
        });
        if let Some(p) = same {
            let s = &state.booking.sessions[&p.session_id];
            return Ok(Effects::nothing(reserved(&self.links, p, s)));
        }
        let chosen = chosen_employee(state, event, self.employee, false)?;
        let (session, opened) = seat_for(state, event, span, chosen, now)?;
        let place = BookedClient {
            id: BookedClientId::new(),
            store_id: state.store.id,
            session_id: session.id,
            event_id: event.id,
            client_id,
            status: ClientStatus::Pending,
            hold_until: Some(now + self.hold),
            note: self.note.clone(),
            reason: None,
            sequence: 0,
            invitation_id: uuid::Uuid::nil(),
            created_at: now,
            updated_at: now,
        };
        let place = BookedClient {
            invitation_id: place.id.0,
            ..place
        };
        let client = Client {
            id: client_id,
            store_id: state.store.id,
            name: self.name.clone(),
            email: self.email.clone(),
            phone: self.phone.clone(),
            created_at: state
                .booking
                .clients
                .get(&client_id)
                .map_or(now, |c| c.created_at),
        };
        let mut effects = Effects {
            reply: Reply::new(reserved(&self.links, &place, &session)),
            ..Effects::default()
        };
        let mut places = state.booking.places_of(session.id);
        places.push(&place);
        session_changed(state, &session, None, &places, now, &mut effects);
        let w = &mut effects.writes;
        w.push(Write::Booking(BookingWrite::PutClient(Box::new(client))));
        if opened {
            w.push(Write::Booking(BookingWrite::PutSession(Box::new(session))));
        }
        w.push(Write::Booking(BookingWrite::PutPlace(Box::new(place))));
        Ok(effects)
    }
}

/// The confirmation of a held place (the client's confirm link).
#[derive(Debug)]
pub struct ConfirmPlace {
    pub place: BookedClientId,
    pub links: Links,
}

impl Command for ConfirmPlace {
    fn name(&self) -> &'static str {
        "confirmReservation"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let (place, session) = place_and_session(state, self.place)?;
        match place.status {
            ClientStatus::Confirmed => {
                return Ok(Effects::nothing(client_reservation(state, place, session)))
            }
            ClientStatus::Pending
                if place.status.holds_place(place.hold_until, now) && session.status.is_live() => {}
            ClientStatus::Pending => {
                return Err(AppError::conflict(
                    "hold_expired",
                    "This reservation was not confirmed in time. Please book again.",
                ))
            }
            _ => return Err(reservation_cancelled()),
        }
        let event = state
            .booking
            .events
            .get(&place.event_id)
            .ok_or_else(event_not_found)?;
        let confirmed = BookedClient {
            status: ClientStatus::Confirmed,
            hold_until: None,
            updated_at: now,
            ..place.clone()
        };
        let mut effects = Effects {
            reply: Reply::new(client_reservation(state, &confirmed, session)),
            ..Effects::default()
        };
        let mut after = BookedSession {
            status: if session.status == SessionStatus::Dropped {
                SessionStatus::Dropped
            } else {
                SessionStatus::Confirmed
            },
            updated_at: now,
            ..session.clone()
        };
        if after.shift_id.is_none() && after.status == SessionStatus::Confirmed {
            // Its employee was free when the place was held; if that changed meanwhile (time
            // off, another shift), another who is free takes it, or managers are asked to.
            let span = after.span();
            let workable = after
                .employee_id
                .is_some_and(|e| staff::may_work(state, e, event, span, true, Some(after.id), now));
            if !workable {
                let (_, free) = slot_state(state, event, span, now);
                let loads = free
                    .iter()
                    .map(|&e| (e, staff::load(state, e, span.start, now)));
                match staffing::least_loaded(loads) {
                    Some(e) => after.employee_id = Some(e),
                    None => {
                        after.status = SessionStatus::Dropped;
                        after.reason = Some("No employee can work it.".to_string());
                    }
                }
            }
        }
        if after.shift_id.is_none() && after.status == SessionStatus::Confirmed {
            staff::place_work(state, &mut after, event, now, &mut effects);
        }
        mails::queue(
            state,
            &self.links,
            mails::Mail {
                kind: MailKind::Confirmation,
                place: &confirmed,
                session: &after,
                reason: None,
            },
            now,
            &mut effects,
        );
        let places: Vec<&BookedClient> = state
            .booking
            .places_of(session.id)
            .into_iter()
            .map(|p| if p.id == confirmed.id { &confirmed } else { p })
            .collect();
        session_changed(state, &after, None, &places, now, &mut effects);
        let w = &mut effects.writes;
        w.push(Write::Booking(BookingWrite::PutSession(Box::new(after))));
        w.push(Write::Booking(BookingWrite::PutPlace(Box::new(confirmed))));
        Ok(effects)
    }
}
