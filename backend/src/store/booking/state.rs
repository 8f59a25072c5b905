//! Booking's part of a store's working set: the events, the sessions from a day back on,
//! their clients' places and the clients; and the writes that change them.

use crate::db::models::booking::{BookedClient, BookedSession, BookingEvent, BookingMail, Client};
use crate::domain::booking::status::SessionStatus;
use crate::domain::ids::{BookedClientId, BookedSessionId, ClientId, EmployeeId, EventId, StoreId};
use crate::error::AppResult;
use chrono::{DateTime, Duration, Utc};
use diesel::PgConnection;
use std::collections::HashMap;

/// How far back sessions stay in the working set (older ones are history, read from the
/// database by the reservations list).
pub const KEPT: Duration = Duration::days(2);

#[derive(Debug, Clone, Default)]
pub struct BookingState {
    /// The events not deleted.
    pub events: HashMap<EventId, BookingEvent>,
    pub sessions: HashMap<BookedSessionId, BookedSession>,
    /// The clients' places in those sessions.
    pub places: HashMap<BookedClientId, BookedClient>,
    /// The clients of those places.
    pub clients: HashMap<ClientId, Client>,
}

impl BookingState {
    pub fn load(
        conn: &mut PgConnection,
        store: StoreId,
        now: DateTime<Utc>,
    ) -> AppResult<BookingState> {
        let sessions = BookedSession::working_set(conn, store, now - KEPT)?;
        let ids: Vec<BookedSessionId> = sessions.iter().map(|s| s.id).collect();
        let places = BookedClient::of_sessions(conn, &ids)?;
        let mut client_ids: Vec<ClientId> = places.iter().map(|p| p.client_id).collect();
        client_ids.sort_unstable();
        client_ids.dedup();
        Ok(BookingState {
            events: BookingEvent::of_store(conn, store)?
                .into_iter()
                .map(|e| (e.id, e))
                .collect(),
            sessions: sessions.into_iter().map(|s| (s.id, s)).collect(),
            places: places.into_iter().map(|p| (p.id, p)).collect(),
            clients: Client::of_ids(conn, &client_ids)?
                .into_iter()
                .map(|c| (c.id, c))
                .collect(),
        })
    }

    /// Whether a session holds its employee's time at `now`: one that is not cancelled, and,
    /// while it is pending, has a hold that has not run out (a session whose only holds lapsed
    /// is left as history and frees its employee).
    pub fn occupies(&self, s: &BookedSession, now: DateTime<Utc>) -> bool {
        match s.status {
            SessionStatus::Cancelled => false,
            SessionStatus::Pending => self.taken(s.id, now) > 0,
            SessionStatus::Confirmed | SessionStatus::Dropped => true,
        }
    }

    /// The sessions of an event starting at `start` that hold their employee.
    pub fn running_at(&self, event: EventId, start: DateTime<Utc>, now: DateTime<Utc>) -> Vec<&BookedSession> {
        let mut out: Vec<&BookedSession> = self
            .sessions
            .values()
            .filter(|s| s.event_id == event && s.start_at == start && self.occupies(s, now))
            .collect();
        out.sort_by_key(|s| s.id);
        out
    }

    /// The places of a session, oldest first.
    pub fn places_of(&self, session: BookedSessionId) -> Vec<&BookedClient> {
        let mut out: Vec<&BookedClient> = self
            .places
            .values()
            .filter(|p| p.session_id == session)
            .collect();
        out.sort_by_key(|p| (p.created_at, p.id));
        out
    }

    /// The places of a session that count against its capacity at `now`.
    pub fn taken(&self, session: BookedSessionId, now: DateTime<Utc>) -> u16 {
        self.places_of(session)
            .iter()
            .filter(|p| p.status.holds_place(p.hold_until, now))
            .count() as u16
    }

    /// The sessions an employee works at `now`'s reckoning ([`BookingState::occupies`]).
    pub fn sessions_of(
        &self,
        employee: EmployeeId,
        now: DateTime<Utc>,
    ) -> impl Iterator<Item = &BookedSession> {
        self.sessions
            .values()
            .filter(move |s| s.employee_id == Some(employee) && self.occupies(s, now))
    }
}

/// A write of booking's rows.
#[derive(Debug, Clone)]
pub enum BookingWrite {
    PutEvent(Box<BookingEvent>),
    PutSession(Box<BookedSession>),
    DeleteSession(BookedSessionId),
    PutClient(Box<Client>),
    PutPlace(Box<BookedClient>),
    /// A mail to a client, sent after the commit (or at its time, for a reminder).
    QueueMail(Box<BookingMail>),
    /// The reminders still waiting for a place are no longer due (it was cancelled or moved).
    DropReminders(BookedClientId),
}

/// How to take a booking write back.
#[derive(Debug)]
pub enum BookingUndo {
    Event(EventId, Option<Box<BookingEvent>>),
    Session(
        BookedSessionId,
        Option<Box<BookedSession>>,
        Vec<BookedClient>,
    ),
    Client(ClientId, Option<Box<Client>>),
    Place(BookedClientId, Option<Box<BookedClient>>),
    Nothing,
}

fn restore<K: std::hash::Hash + Eq, V>(map: &mut HashMap<K, V>, key: K, old: Option<Box<V>>) {
    match old {
        Some(v) => {
            map.insert(key, *v);
        }
        None => {
            map.remove(&key);
        }
    }
}

impl BookingState {
    pub fn apply(&mut self, w: &BookingWrite) -> BookingUndo {
        match w {
            BookingWrite::PutEvent(e) => {
                let old = self.events.insert(e.id, (**e).clone());
                if e.deleted_at.is_some() {
                    self.events.remove(&e.id);
                }
                BookingUndo::Event(e.id, old.map(Box::new))
            }
            BookingWrite::PutSession(s) => {
                let old = self.sessions.insert(s.id, (**s).clone());
                BookingUndo::Session(s.id, old.map(Box::new), Vec::new())
            }
            BookingWrite::DeleteSession(id) => {
                let old = self.sessions.remove(id);
                let places: Vec<BookedClient> = self
                    .places
                    .values()
                    .filter(|p| p.session_id == *id)
                    .cloned()
                    .collect();
                self.places.retain(|_, p| p.session_id != *id);
                BookingUndo::Session(*id, old.map(Box::new), places)
            }
            BookingWrite::PutClient(c) => {
                let old = self.clients.insert(c.id, (**c).clone());
                BookingUndo::Client(c.id, old.map(Box::new))
            }
            BookingWrite::PutPlace(p) => {
                let old = self.places.insert(p.id, (**p).clone());
                BookingUndo::Place(p.id, old.map(Box::new))
            }
            BookingWrite::QueueMail(_) | BookingWrite::DropReminders(_) => BookingUndo::Nothing,
        }
    }

    pub fn undo(&mut self, undo: BookingUndo) {
        match undo {
            BookingUndo::Event(id, old) => restore(&mut self.events, id, old),
            BookingUndo::Session(id, old, places) => {
                restore(&mut self.sessions, id, old);
                for p in places {
                    self.places.insert(p.id, p);
                }
            }
            BookingUndo::Client(id, old) => restore(&mut self.clients, id, old),
            BookingUndo::Place(id, old) => restore(&mut self.places, id, old),
            BookingUndo::Nothing => {}
        }
    }
}

impl BookingWrite {
    /// Writes it in the commit's transaction.
    pub fn persist(&self, conn: &mut PgConnection, store: StoreId) -> diesel::QueryResult<()> {
        match self {
            BookingWrite::PutEvent(e) => e.upsert(conn).map(drop),
            BookingWrite::PutSession(s) => s.upsert(conn).map(drop),
            BookingWrite::DeleteSession(id) => BookedSession::delete(conn, store, *id).map(drop),
            BookingWrite::PutClient(c) => c.upsert(conn).map(drop),
            BookingWrite::PutPlace(p) => p.upsert(conn).map(drop),
            BookingWrite::QueueMail(m) => m.insert(conn).map(drop),
            BookingWrite::DropReminders(place) => {
                BookingMail::drop_reminders(conn, *place).map(drop)
            }
        }
    }
}
