//! What booking's calls and live events answer.

use crate::db::models::booking::{wall_time, BookedClient, BookedSession, BookingEvent, Client};
use crate::domain::booking::repeat::{Frequency, Repeat};
use crate::domain::booking::status::{self, ClientStatus, SessionStatus, Shown};
use crate::domain::ids::{
    BookedClientId, BookedSessionId, ClientId, EmployeeId, EventId, RoleId, ShiftId, UserId,
};
use crate::domain::template::wall_instant;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// A repeat pattern as answered.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepeatView {
    pub frequency: Frequency,
    pub interval: u16,
    /// 0 Sunday to 6 Saturday.
    pub weekdays: Vec<u8>,
    /// The last date, `YYYY-MM-DD`.
    #[schema(value_type = Option<String>, format = Date)]
    pub until: Option<chrono::NaiveDate>,
    pub count: Option<u32>,
}

impl From<Repeat> for RepeatView {
    fn from(r: Repeat) -> Self {
        RepeatView {
            frequency: r.frequency,
            interval: r.interval,
            weekdays: r.weekdays,
            until: r.until,
            count: r.count,
        }
    }
}

/// A bookable event.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventView {
    pub id: EventId,
    pub title: String,
    pub role: Option<RoleId>,
    /// The first day's first session start, epoch ms.
    pub start: i64,
    /// The first day's last session end, epoch ms.
    pub end: i64,
    pub repeat_pattern: Option<RepeatView>,
    /// Minutes: 15, 30, 45 or 60.
    pub session_duration: u16,
    /// Clients per session.
    pub capacity: u16,
    /// Sessions that run side by side at one time.
    pub max_rooms_per_session: u16,
    /// How far ahead bookings open, in minutes.
    pub reservation_window_start: u32,
    /// How late before a session bookings close, in minutes.
    pub reservation_window_end: u32,
    pub allow_employee_selection: bool,
    pub is_active: bool,
    /// The public address's last part (`/book/{url}`).
    pub url: String,
    /// Epoch ms.
    pub created: i64,
    pub created_by: Option<UserId>,
}

impl EventView {
    pub fn of(state: &StoreState, e: &BookingEvent) -> EventView {
        let zone = state.zone();
        let p = e.pattern(zone, None);
        EventView {
            id: e.id,
            title: e.title.clone(),
            role: e.role_id,
            start: wall_instant(zone, e.first_day, wall_time(e.opens_minute)).timestamp_millis(),
            end: wall_instant(zone, e.first_day, wall_time(e.closes_minute)).timestamp_millis(),
            repeat_pattern: e.repeat_rule().map(RepeatView::from),
            session_duration: p.session_minutes,
            capacity: p.capacity,
            max_rooms_per_session: p.rooms,
            reservation_window_start: p.book_ahead_minutes,
            reservation_window_end: p.book_until_minutes,
            allow_employee_selection: e.choose_employee,
            is_active: e.is_active,
            url: e.slug.clone(),
            created: e.created_at.timestamp_millis(),
            created_by: e.created_by,
        }
    }
}

/// A client's place in a session, as managers see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceView {
    pub id: BookedClientId,
    pub client: ClientId,
    pub name: String,
    pub email: String,
    pub phonenumber: String,
    pub status: ClientStatus,
    /// How it is shown: upcoming, finished, cancelled, ...
    pub state: Shown,
    pub note: Option<String>,
    pub reason: Option<String>,
    /// Epoch ms: until when a pending place is held.
    pub hold_until: Option<i64>,
    /// Epoch ms.
    pub timestamp: i64,
}

/// A booked session.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    pub id: BookedSessionId,
    pub event: EventId,
    /// The event's title when the session was booked.
    pub title: String,
    pub assigned: Option<EmployeeId>,
    pub assigned_name: Option<String>,
    /// Epoch ms.
    pub start: i64,
    pub end: i64,
    pub status: SessionStatus,
    /// The shift its work lies in.
    pub adjacent_shift: Option<ShiftId>,
    pub reason: Option<String>,
    pub booked_clients: Vec<PlaceView>,
}

impl SessionView {
    /// A session from the working set.
    pub fn of(
        state: &StoreState,
        s: &BookedSession,
        places: &[&BookedClient],
        now: DateTime<Utc>,
    ) -> SessionView {
        let name = s
            .employee_id
            .and_then(|e| state.employees.iter().find(|x| x.id == e))
            .map(|e| e.shown_name().to_string());
        SessionView::build(s, places, |id| state.booking.clients.get(&id), name, now)
    }

    /// A session with its places, their clients found by `client`.
    pub fn build<'c>(
        s: &BookedSession,
        places: &[&BookedClient],
        client: impl Fn(ClientId) -> Option<&'c Client>,
        assigned_name: Option<String>,
        now: DateTime<Utc>,
    ) -> SessionView {
        SessionView {
            id: s.id,
            event: s.event_id,
            title: s.event_snapshot["title"]
                .as_str()
                .unwrap_or_default()
                .to_string(),
            assigned: s.employee_id,
            assigned_name,
            start: s.start_at.timestamp_millis(),
            end: s.end_at.timestamp_millis(),
            status: s.status,
            adjacent_shift: s.shift_id,
            reason: s.reason.clone(),
            booked_clients: places
                .iter()
                .map(|p| {
                    let c = client(p.client_id);
                    PlaceView {
                        id: p.id,
                        client: p.client_id,
                        name: c.map(|c| c.name.clone()).unwrap_or_default(),
                        email: c.map(|c| c.email.clone()).unwrap_or_default(),
                        phonenumber: c.map(|c| c.phone.clone()).unwrap_or_default(),
                        status: p.status,
                        state: status::shown(p.status, s.status, p.hold_until, s.end_at, now),
                        note: p.note.clone(),
                        reason: p.reason.clone(),
                        hold_until: p.hold_until.map(|t| t.timestamp_millis()),
                        timestamp: p.created_at.timestamp_millis(),
                    }
                })
                .collect(),
        }
    }
}

/// What a client's link answers: their reservation as it now is.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientReservation {
    pub event: EventId,
    pub title: String,
    pub store: String,
    pub timezone: String,
    /// Epoch ms.
    pub start: i64,
    pub end: i64,
    pub status: ClientStatus,
    pub with: Option<String>,
    /// The event's address, for booking another time.
    pub url: Option<String>,
}

pub fn client_reservation(
    state: &StoreState,
    place: &BookedClient,
    session: &BookedSession,
) -> ClientReservation {
    ClientReservation {
        event: place.event_id,
        title: session.event_snapshot["title"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        store: state.store.name.clone(),
        timezone: state.zone().name().to_string(),
        start: session.start_at.timestamp_millis(),
        end: session.end_at.timestamp_millis(),
        status: place.status,
        with: session
            .employee_id
            .and_then(|e| state.employee(e))
            .map(|e| e.shown_name().to_string()),
        url: state
            .booking
            .events
            .get(&place.event_id)
            .filter(|e| e.is_active)
            .map(|e| e.slug.clone()),
    }
}
