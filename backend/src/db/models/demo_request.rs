//! Demo requests from the public site, one per slot, and the queue of their mails to the sales
//! team: a row whose `mail_due_at` is set waits for its mail; a sender leases it, and clears
//! the due time once the SMTP server took the mail (or it was given up). Not a store's table:
//! the requester has no account and no store.

use crate::db::schema::demo_requests;
use crate::domain::ids::DemoRequestId;
use chrono::{DateTime, Utc};
use diesel::dsl::count_star;
use diesel::prelude::*;
use diesel::sql_types::Text;

/// A stored demo request.
#[derive(Debug, Clone, PartialEq, Eq, Queryable, Selectable)]
#[diesel(table_name = demo_requests, check_for_backend(diesel::pg::Pg))]
pub struct DemoRequest {
    pub id: DemoRequestId,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub slot_start: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub mail_due_at: Option<DateTime<Utc>>,
    pub mail_attempts: i32,
    pub mail_leased_until: Option<DateTime<Utc>>,
    pub mailed_at: Option<DateTime<Utc>>,
}

/// A request to write.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = demo_requests)]
pub struct NewDemoRequest<'a> {
    pub id: DemoRequestId,
    pub name: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub slot_start: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    /// When its mail goes: now, or never when there is no one to mail it to.
    pub mail_due_at: Option<DateTime<Utc>>,
}

/// What writing a request found of its slot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Placed {
    /// The slot was free and is now this request's.
    New,
    /// The slot was already asked for, by the address given.
    Taken { by: String },
}

impl DemoRequest {
    /// How long a sender holds a mail it claimed.
    pub const LEASE: chrono::Duration = chrono::Duration::minutes(5);

    /// Serialises the writes of one address's requests (in any case) until the transaction
    /// ends, so that two at once cannot both pass the daily count.
    pub fn lock_address(conn: &mut PgConnection, email: &str) -> QueryResult<()> {
        diesel::sql_query("SELECT pg_advisory_xact_lock(hashtextextended('demo:' || lower($1), 0))")
            .bind::<Text, _>(email)
            .execute(conn)
            .map(|_| ())
    }

    /// How many requests `email` (in any case) made after `since`.
    pub fn made_since(
        conn: &mut PgConnection,
        email: &str,
        since: DateTime<Utc>,
    ) -> QueryResult<i64> {
        demo_requests::table
            .filter(
                diesel::dsl::sql::<diesel::sql_types::Bool>("lower(demo_requests.email) = lower(")
                    .bind::<Text, _>(email)
                    .sql(")"),
            )
            .filter(demo_requests::created_at.gt(since))
            .select(count_star())
            .first(conn)
    }

    /// Writes `new` unless its slot is already asked for; then says by whom.
    pub fn place(conn: &mut PgConnection, new: &NewDemoRequest) -> QueryResult<Placed> {
        let written = diesel::insert_into(demo_requests::table)
            .values(new)
            .on_conflict(demo_requests::slot_start)
            .do_nothing()
            .execute(conn)?;
        if written == 1 {
            return Ok(Placed::New);
        }
        let by = demo_requests::table
            .filter(demo_requests::slot_start.eq(new.slot_start))
            .select(demo_requests::email)
            .first(conn)?;
        Ok(Placed::Taken { by })
    }

    /// The slots asked for that start from `from` to `to`.
    pub fn taken_between(
        conn: &mut PgConnection,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> QueryResult<Vec<DateTime<Utc>>> {
        demo_requests::table
            .filter(demo_requests::slot_start.ge(from))
            .filter(demo_requests::slot_start.le(to))
            .select(demo_requests::slot_start)
            .load(conn)
    }

    /// Leases up to `limit` requests whose mail is due at `now` and that no sender holds, for
    /// [`DemoRequest::LEASE`], counting the attempt.
    pub fn claim_mails(
        conn: &mut PgConnection,
        now: DateTime<Utc>,
        limit: i64,
    ) -> QueryResult<Vec<DemoRequest>> {
        conn.transaction(|conn| {
            let due: Vec<DemoRequest> = demo_requests::table
                .filter(demo_requests::mail_due_at.le(now))
                .filter(
                    demo_requests::mail_leased_until
                        .is_null()
                        .or(demo_requests::mail_leased_until.lt(now)),
                )
                .order(demo_requests::mail_due_at.asc())
                .limit(limit)
                .for_update()
                .skip_locked()
                .select(DemoRequest::as_select())
                .load(conn)?;
            let ids: Vec<DemoRequestId> = due.iter().map(|r| r.id).collect();
            diesel::update(demo_requests::table.filter(demo_requests::id.eq_any(&ids)))
                .set((
                    demo_requests::mail_leased_until.eq(now + Self::LEASE),
                    demo_requests::mail_attempts.eq(demo_requests::mail_attempts + 1),
                ))
                .execute(conn)?;
            Ok(due)
        })
    }

    /// The mail went at `at`: nothing more to send.
    pub fn mailed(
        conn: &mut PgConnection,
        id: DemoRequestId,
        at: DateTime<Utc>,
    ) -> QueryResult<usize> {
        diesel::update(demo_requests::table.find(id))
            .set((
                demo_requests::mail_due_at.eq(None::<DateTime<Utc>>),
                demo_requests::mail_leased_until.eq(None::<DateTime<Utc>>),
                demo_requests::mailed_at.eq(Some(at)),
            ))
            .execute(conn)
    }

    /// The mail was given up: the request stays, its mail is no longer due.
    pub fn give_up_mail(conn: &mut PgConnection, id: DemoRequestId) -> QueryResult<usize> {
        diesel::update(demo_requests::table.find(id))
            .set((
                demo_requests::mail_due_at.eq(None::<DateTime<Utc>>),
                demo_requests::mail_leased_until.eq(None::<DateTime<Utc>>),
            ))
            .execute(conn)
    }

    /// The mail goes again at `at`.
    pub fn retry_mail(
        conn: &mut PgConnection,
        id: DemoRequestId,
        at: DateTime<Utc>,
    ) -> QueryResult<usize> {
        diesel::update(demo_requests::table.find(id))
            .set((
                demo_requests::mail_due_at.eq(Some(at)),
                demo_requests::mail_leased_until.eq(None::<DateTime<Utc>>),
            ))
            .execute(conn)
    }

    /// When to look for mails again: the next one due, or, for one another sender holds,
    /// a second from now at most (it settles in moments, unless that sender died).
    pub fn next_mail_due(conn: &mut PgConnection) -> QueryResult<Option<DateTime<Utc>>> {
        demo_requests::table
            .filter(demo_requests::mail_due_at.is_not_null())
            .select(diesel::dsl::min(diesel::dsl::sql::<
                diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>,
            >(
                "CASE WHEN mail_leased_until > now() \
                 THEN least(mail_leased_until, now() + interval '1 second') \
                 ELSE mail_due_at END",
            )))
            .first(conn)
    }
}
