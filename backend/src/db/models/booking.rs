//! Client booking's rows: events, booked sessions, clients, their places in sessions, and the
//! mails to them. Written only by the store's actor (the mails' sending state aside).

use crate::db::schema::{
    booked_clients, booked_sessions, booking_clients, booking_events, booking_mails,
};
use crate::domain::booking::mail::MailKind;
use crate::domain::booking::repeat::Repeat;
use crate::domain::booking::slots::Pattern;
use crate::domain::booking::status::{ClientStatus, SessionStatus};
use crate::domain::ids::{
    BookedClientId, BookedSessionId, BookingMailId, ClientId, EmployeeId, EventId, RoleId, ShiftId,
    StoreId, UserId,
};
use crate::domain::schedule::Span;
use crate::domain::template::WallTime;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;
use diesel::prelude::*;

/// A bookable event.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = booking_events, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct BookingEvent {
    pub id: EventId,
    pub store_id: StoreId,
    pub title: String,
    pub role_id: Option<RoleId>,
    pub first_day: NaiveDate,
    pub opens_minute: i16,
    pub closes_minute: i16,
    pub repeat: Option<serde_json::Value>,
    pub session_minutes: i16,
    pub capacity: i16,
    pub rooms: i16,
    pub book_ahead_minutes: i32,
    pub book_until_minutes: i32,
    pub choose_employee: bool,
    pub slug: String,
    pub is_active: bool,
    pub created_by: Option<UserId>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub deleted_at: Option<DateTime<Utc>>,
}

/// A minute of the day as a wall time ("24:00" is the day's last instant, 23:59:59).
pub fn wall_time(minute: i16) -> WallTime {
    let m = u32::try_from(minute).unwrap_or(0);
    WallTime(
        NaiveTime::from_hms_opt(m / 60, m % 60, 0)
            .unwrap_or_else(|| NaiveTime::from_hms_opt(23, 59, 59).unwrap_or(NaiveTime::MIN)),
    )
}

/// The minute of the day of a wall time.
pub fn minute_of(t: WallTime) -> i16 {
    use chrono::Timelike;
    (t.0.hour() * 60 + t.0.minute()) as i16
}

impl BookingEvent {
    /// Its repeat pattern. Rows are written from checked patterns; one that no longer reads
    /// (never expected) runs once.
    pub fn repeat_rule(&self) -> Option<Repeat> {
        self.repeat
            .clone()
            .and_then(|v| serde_json::from_value(v).ok())
    }

    /// What its slots are computed from, with `repeat` its [`BookingEvent::repeat_rule`].
    pub fn pattern<'a>(&self, zone: Tz, repeat: Option<&'a Repeat>) -> Pattern<'a> {
        Pattern {
            zone,
            first_day: self.first_day,
            repeat,
            opens: wall_time(self.opens_minute),
            closes: wall_time(self.closes_minute),
            session_minutes: self.session_minutes.max(1) as u16,
            capacity: self.capacity.max(0) as u16,
            rooms: self.rooms.max(0) as u16,
            book_ahead_minutes: self.book_ahead_minutes.max(0) as u32,
            book_until_minutes: self.book_until_minutes.max(0) as u32,
        }
    }

    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<BookingEvent>> {
        booking_events::table
            .filter(booking_events::store_id.eq(store))
            .filter(booking_events::deleted_at.is_null())
            .order(booking_events::created_at.asc())
            .select(BookingEvent::as_select())
            .load(conn)
    }

    /// The store of the event at a public address (not deleted).
    pub fn store_of_slug(
        conn: &mut PgConnection,
        slug: &str,
    ) -> QueryResult<Option<(EventId, StoreId)>> {
        booking_events::table
            .filter(booking_events::slug.eq(slug))
            .filter(booking_events::deleted_at.is_null())
            .select((booking_events::id, booking_events::store_id))
            .first(conn)
            .optional()
    }

    pub fn slug_taken(conn: &mut PgConnection, slug: &str) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            booking_events::table.filter(booking_events::slug.eq(slug)),
        ))
        .get_result(conn)
    }

    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(booking_events::table)
            .values(self)
            .on_conflict(booking_events::id)
            .do_update()
            .set(self)
            .execute(conn)
    }
}

/// A booked session.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = booked_sessions, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct BookedSession {
    pub id: BookedSessionId,
    pub store_id: StoreId,
    pub event_id: EventId,
    pub employee_id: Option<EmployeeId>,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub status: SessionStatus,
    pub shift_id: Option<ShiftId>,
    pub event_snapshot: serde_json::Value,
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl BookedSession {
    pub fn span(&self) -> Span {
        Span {
            start: self.start_at,
            end: self.end_at,
        }
    }

    /// The sessions ending after `from` (the working set).
    pub fn working_set(
        conn: &mut PgConnection,
        store: StoreId,
        from: DateTime<Utc>,
    ) -> QueryResult<Vec<BookedSession>> {
        booked_sessions::table
            .filter(booked_sessions::store_id.eq(store))
            .filter(booked_sessions::end_at.gt(from))
            .select(BookedSession::as_select())
            .load(conn)
    }

    /// The sessions of a store starting in `[from, to)`, by start (the reservations list).
    pub fn between(
        conn: &mut PgConnection,
        store: StoreId,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> QueryResult<Vec<BookedSession>> {
        booked_sessions::table
            .filter(booked_sessions::store_id.eq(store))
            .filter(booked_sessions::start_at.ge(from))
            .filter(booked_sessions::start_at.lt(to))
            .order((booked_sessions::start_at.asc(), booked_sessions::id.asc()))
            .select(BookedSession::as_select())
            .load(conn)
    }

    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(booked_sessions::table)
            .values(self)
            .on_conflict(booked_sessions::id)
            .do_update()
            .set(self)
            .execute(conn)
    }

    pub fn delete(
        conn: &mut PgConnection,
        store: StoreId,
        id: BookedSessionId,
    ) -> QueryResult<usize> {
        diesel::delete(
            booked_sessions::table
                .filter(booked_sessions::store_id.eq(store))
                .filter(booked_sessions::id.eq(id)),
        )
        .execute(conn)
    }
}

/// A client: someone who booked, known by e-mail within a store.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = booking_clients, check_for_backend(diesel::pg::Pg))]
pub struct Client {
    pub id: ClientId,
    pub store_id: StoreId,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub created_at: DateTime<Utc>,
}

impl Client {
    /// A client's id: one per store and e-mail (lower-cased), so a returning client is the
    /// same row however long ago they booked, without reading it first.
    pub fn id_for(store: StoreId, email: &str) -> ClientId {
        let name = format!("{}:{}", store, email.trim().to_lowercase());
        ClientId(uuid::Uuid::new_v5(
            &uuid::Uuid::NAMESPACE_OID,
            name.as_bytes(),
        ))
    }

    pub fn of_ids(conn: &mut PgConnection, ids: &[ClientId]) -> QueryResult<Vec<Client>> {
        booking_clients::table
            .filter(booking_clients::id.eq_any(ids))
            .select(Client::as_select())
            .load(conn)
    }

    /// Writes the client; a returning one takes the name and phone given last.
    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(booking_clients::table)
            .values(self)
            .on_conflict(booking_clients::id)
            .do_update()
            .set((
                booking_clients::name.eq(&self.name),
                booking_clients::phone.eq(&self.phone),
            ))
            .execute(conn)
    }
}

/// A client's place in a session.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = booked_clients, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct BookedClient {
    pub id: BookedClientId,
    pub store_id: StoreId,
    pub session_id: BookedSessionId,
    pub event_id: EventId,
    pub client_id: ClientId,
    pub status: ClientStatus,
    pub hold_until: Option<DateTime<Utc>>,
    pub note: Option<String>,
    pub reason: Option<String>,
    pub sequence: i32,
    pub invitation_id: uuid::Uuid,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl BookedClient {
    pub fn of_sessions(
        conn: &mut PgConnection,
        sessions: &[BookedSessionId],
    ) -> QueryResult<Vec<BookedClient>> {
        booked_clients::table
            .filter(booked_clients::session_id.eq_any(sessions))
            .order(booked_clients::created_at.asc())
            .select(BookedClient::as_select())
            .load(conn)
    }

    pub fn find(conn: &mut PgConnection, id: BookedClientId) -> QueryResult<Option<BookedClient>> {
        booked_clients::table
            .find(id)
            .select(BookedClient::as_select())
            .first(conn)
            .optional()
    }

    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(booked_clients::table)
            .values(self)
            .on_conflict(booked_clients::id)
            .do_update()
            .set(self)
            .execute(conn)
    }
}

/// A mail to a client, queued by the commit that causes it.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable)]
#[diesel(table_name = booking_mails, check_for_backend(diesel::pg::Pg))]
pub struct BookingMail {
    pub id: BookingMailId,
    pub store_id: StoreId,
    pub booked_client_id: BookedClientId,
    pub kind: MailKind,
    pub to_email: String,
    pub subject: String,
    pub body: String,
    pub ics: Option<String>,
    pub due_at: DateTime<Utc>,
    pub attempts: i32,
    pub leased_until: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl BookingMail {
    /// How long a claim holds a mail.
    pub const LEASE: chrono::Duration = chrono::Duration::minutes(5);

    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(booking_mails::table)
            .values(self)
            .execute(conn)
    }

    /// Forgets the reminders still waiting for a place (it was cancelled or moved).
    pub fn drop_reminders(conn: &mut PgConnection, place: BookedClientId) -> QueryResult<usize> {
        diesel::delete(
            booking_mails::table
                .filter(booking_mails::booked_client_id.eq(place))
                .filter(
                    booking_mails::kind.eq_any([MailKind::ReminderDay, MailKind::ReminderHour]),
                ),
        )
        .execute(conn)
    }

    /// Leases up to `limit` mails due at `now` that no sender holds, for [`BookingMail::LEASE`].
    pub fn claim(
        conn: &mut PgConnection,
        now: DateTime<Utc>,
        limit: i64,
    ) -> QueryResult<Vec<BookingMail>> {
        conn.transaction(|conn| {
            let due: Vec<BookingMail> = booking_mails::table
                .filter(booking_mails::due_at.le(now))
                .filter(
                    booking_mails::leased_until
                        .is_null()
                        .or(booking_mails::leased_until.lt(now)),
                )
                .order(booking_mails::due_at.asc())
                .limit(limit)
                .for_update()
                .skip_locked()
                .select(BookingMail::as_select())
                .load(conn)?;
            let ids: Vec<BookingMailId> = due.iter().map(|m| m.id).collect();
            diesel::update(booking_mails::table.filter(booking_mails::id.eq_any(&ids)))
                .set((
                    booking_mails::leased_until.eq(now + Self::LEASE),
                    booking_mails::attempts.eq(booking_mails::attempts + 1),
                ))
                .execute(conn)?;
            Ok(due)
        })
    }

    /// A mail sent, or given up: gone.
    pub fn done(conn: &mut PgConnection, id: BookingMailId) -> QueryResult<usize> {
        diesel::delete(booking_mails::table.find(id)).execute(conn)
    }

    /// A mail to try again at `at`.
    pub fn retry(
        conn: &mut PgConnection,
        id: BookingMailId,
        at: DateTime<Utc>,
    ) -> QueryResult<usize> {
        diesel::update(booking_mails::table.find(id))
            .set((
                booking_mails::due_at.eq(at),
                booking_mails::leased_until.eq(None::<DateTime<Utc>>),
            ))
            .execute(conn)
    }

    /// When the next mail comes due, if any is queued.
    pub fn next_due(conn: &mut PgConnection) -> QueryResult<Option<DateTime<Utc>>> {
        booking_mails::table
            .select(diesel::dsl::min(booking_mails::due_at))
            .first(conn)
    }
}

crate::db::models::text_column!(SessionStatus);
crate::db::models::text_column!(ClientStatus);
crate::db::models::text_column!(MailKind);
