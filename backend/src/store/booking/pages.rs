//! What the public pages read: an event and its store (`getEventByUrl`), a day's free slots
//! (`getReservationDetails`), and the reservation a client's link names.

use super::reserve::{bookable, slot_state};
use super::shared::place_and_session;
use super::views::client_reservation;
use crate::domain::booking::slots;
use crate::domain::ids::{BookedClientId, EmployeeId, EventId, UserId};
use crate::error::AppResult;
use crate::store::command::{Command, Effects};
use crate::store::state::StoreState;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// An employee a visitor may choose.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlotEmployee {
    pub uid: UserId,
    pub display_name: String,
}

/// A session time and its free places.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Slot {
    /// Epoch ms.
    pub start: i64,
    pub end: i64,
    pub free: u32,
    /// When the event lets clients choose: who can still take them then.
    pub employees: Vec<SlotEmployee>,
}

/// The answer of `getReservationDetails`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlotsOfDay {
    /// `YYYY-MM-DD`, in the store's zone.
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    /// The store's IANA zone, in which `date` and the slots' wall times are meant.
    pub timezone: String,
    /// The times that take bookings now, with a free place.
    pub slots: Vec<Slot>,
}

/// `getReservationDetails`: the bookable slots of a date.
#[derive(Debug)]
pub struct FindSlots {
    pub event: EventId,
    pub date: NaiveDate,
}

impl Command for FindSlots {
    fn name(&self) -> &'static str {
        "getReservationDetails"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let event = bookable(state, self.event)?;
        let repeat = event.repeat_rule();
        let p = event.pattern(state.zone(), repeat.as_ref());
        let slots = slots::times_on(&p, self.date)
            .into_iter()
            .filter(|span| slots::window(&p, span.start, now).is_ok())
            .filter_map(|span| {
                let (running, free) = slot_state(state, event, span, now);
                let runs: Vec<_> = running.iter().map(|(_, r)| *r).collect();
                let places = slots::free_places(&p, &runs, free.len());
                let employees = if event.choose_employee {
                    let mut can: Vec<EmployeeId> = runs
                        .iter()
                        .filter(|r| r.taken < p.capacity)
                        .map(|r| r.employee)
                        .collect();
                    if runs.len() < usize::from(p.rooms) {
                        can.extend(free.iter().copied());
                    }
                    can.iter()
                        .filter_map(|e| state.employee(*e))
                        .filter_map(|e| {
                            Some(SlotEmployee {
                                uid: e.user_id?,
                                display_name: e.shown_name().to_string(),
                            })
                        })
                        .collect()
                } else {
                    Vec::new()
                };
                (places > 0).then_some(Slot {
                    start: span.start.timestamp_millis(),
                    end: span.end.timestamp_millis(),
                    free: places,
                    employees,
                })
            })
            .collect();
        Ok(Effects::nothing(SlotsOfDay {
            date: self.date,
            timezone: state.zone().name().to_string(),
            slots,
        }))
    }
}

/// An event as its public page shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicEvent {
    pub event: PublicEventView,
    pub store: PublicStore,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicEventView {
    pub id: EventId,
    pub title: String,
    pub url: String,
    /// Minutes.
    pub session_duration: u16,
    pub capacity: u16,
    pub allow_employee_selection: bool,
    /// The dates, `YYYY-MM-DD` in the store's zone, from today within the booking window,
    /// on which the event runs (at most 366).
    #[schema(value_type = Vec<String>)]
    pub dates: Vec<NaiveDate>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicStore {
    pub name: String,
    pub timezone: String,
    pub address: String,
    pub logo: Option<String>,
}

/// `getEventByUrl`.
#[derive(Debug)]
pub struct ShowEvent {
    pub event: EventId,
}

impl Command for ShowEvent {
    fn name(&self) -> &'static str {
        "getEventByUrl"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let event = bookable(state, self.event)?;
        let zone = state.zone();
        let repeat = event.repeat_rule();
        let p = event.pattern(zone, repeat.as_ref());
        let today = crate::domain::calendar::local_date(zone, now);
        let last = crate::domain::calendar::local_date(
            zone,
            now + Duration::minutes(i64::from(p.book_ahead_minutes)),
        );
        let dates =
            crate::domain::booking::repeat::dates(zone, p.first_day, repeat.as_ref(), today, last)
                .into_iter()
                .take(366)
                .collect();
        Ok(Effects::nothing(PublicEvent {
            event: PublicEventView {
                id: event.id,
                title: event.title.clone(),
                url: event.slug.clone(),
                session_duration: p.session_minutes,
                capacity: p.capacity,
                allow_employee_selection: event.choose_employee,
                dates,
            },
            store: PublicStore {
                name: state.store.name.clone(),
                timezone: state.zone().name().to_string(),
                address: state.store.address.clone(),
                logo: state.store.logo.clone(),
            },
        }))
    }
}

/// What a client's link shows: their reservation.
#[derive(Debug)]
pub struct ShowReservation {
    pub place: BookedClientId,
}

impl Command for ShowReservation {
    fn name(&self) -> &'static str {
        "getReservation"
    }

    fn plan(&self, state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        let (place, session) = place_and_session(state, self.place)?;
        Ok(Effects::nothing(client_reservation(state, place, session)))
    }
}
