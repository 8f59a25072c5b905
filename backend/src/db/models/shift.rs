use crate::db::schema::shifts;
use crate::db::upsert::upsert;
use crate::domain::ids::{EmployeeId, RoleId, ShiftId, StoreId};
use crate::domain::shift::{Progress, Status};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::query_dsl::methods::ExecuteDsl;

upsert! {
    /// The upsert of shifts ([`Shift::upsert_query`]): every column but the store's and the
    /// creation time is overwritten.
    ShiftsUpsert(Shift) into shifts,
    insert(
        id, store_id, title, start_at, end_at, open_ended, status, progress, assigned,
        assignee_email, role_id, tasks, rate, cancel_reason, adjacent_session_id, version,
        auto_confirmed_at, created_at, updated_at,
    ),
    conflict(id),
    update(
        title, start_at, end_at, open_ended, status, progress, assigned, assignee_email,
        role_id, tasks, rate, cancel_reason, adjacent_session_id, version, auto_confirmed_at,
        updated_at,
    ),
}

/// A shift row.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = shifts, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct Shift {
    pub id: ShiftId,
    pub store_id: StoreId,
    pub title: String,
    pub start_at: DateTime<Utc>,
    pub end_at: DateTime<Utc>,
    pub open_ended: bool,
    pub status: Status,
    pub progress: Progress,
    pub assigned: Option<EmployeeId>,
    pub assignee_email: Option<String>,
    pub role_id: Option<RoleId>,
    pub tasks: serde_json::Value,
    pub rate: Option<i16>,
    pub cancel_reason: Option<String>,
    pub adjacent_session_id: Option<uuid::Uuid>,
    pub version: i64,
    pub auto_confirmed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Shift {
    /// Every shift of a store assigned to `employee`, loaded or not, names `email` as its
    /// assignee's address (a deleted account's record took an anonymous one).
    #[tracing::instrument(skip(conn, email))]
    pub fn rename_assignee(
        conn: &mut PgConnection,
        store: StoreId,
        employee: EmployeeId,
        email: &str,
    ) -> QueryResult<usize> {
        diesel::update(
            shifts::table
                .filter(shifts::store_id.eq(store))
                .filter(shifts::assigned.eq(employee)),
        )
        .set(shifts::assignee_email.eq(email))
        .execute(conn)
    }

    /// A new shift as a manager drafts it: a draft, unassigned, without role or tasks, not
    /// started, version 1. The places that make shifts set the rest with struct update syntax.
    pub fn draft(
        store: StoreId,
        title: String,
        start_at: DateTime<Utc>,
        end_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Shift {
        Shift {
            id: ShiftId::new(),
            store_id: store,
            title,
            start_at,
            end_at,
            open_ended: false,
            status: Status::Draft,
            progress: Progress::NotStarted,
            assigned: None,
            assignee_email: None,
            role_id: None,
            tasks: serde_json::Value::Array(Vec::new()),
            rate: None,
            cancel_reason: None,
            adjacent_session_id: None,
            version: 1,
            auto_confirmed_at: None,
            created_at: now,
            updated_at: now,
        }
    }

    /// Shifts of a store starting at or after `from` (the actor's working set).
    pub fn load_from(
        conn: &mut PgConnection,
        store: StoreId,
        from: DateTime<Utc>,
    ) -> QueryResult<Vec<Shift>> {
        shifts::table
            .filter(shifts::store_id.eq(store))
            .filter(shifts::end_at.ge(from))
            .select(Shift::as_select())
            .load(conn)
    }

    /// Shifts of a store overlapping `[start, end)`.
    pub fn in_range(
        conn: &mut PgConnection,
        store: StoreId,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> QueryResult<Vec<Shift>> {
        shifts::table
            .filter(shifts::store_id.eq(store))
            .filter(shifts::start_at.lt(end))
            .filter(shifts::end_at.gt(start))
            .order(shifts::start_at)
            .select(Shift::as_select())
            .load(conn)
    }

    /// Shifts of a store by id (those missing are left out).
    pub fn by_ids(
        conn: &mut PgConnection,
        store: StoreId,
        ids: &[ShiftId],
    ) -> QueryResult<Vec<Shift>> {
        shifts::table
            .filter(shifts::store_id.eq(store))
            .filter(shifts::id.eq_any(ids))
            .select(Shift::as_select())
            .load(conn)
    }

    /// Announced open shifts of a store that have not started: the open part of the pool.
    pub fn open_upcoming(
        conn: &mut PgConnection,
        store: StoreId,
        now: DateTime<Utc>,
    ) -> QueryResult<Vec<Shift>> {
        shifts::table
            .filter(shifts::store_id.eq(store))
            .filter(shifts::start_at.gt(now))
            .filter(shifts::status.eq(Status::Published))
            .filter(shifts::assigned.is_null())
            .order(shifts::start_at)
            .select(Shift::as_select())
            .load(conn)
    }

    /// Inserts the shift or overwrites the stored row with it.
    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(shifts::table)
            .values(self)
            .on_conflict(shifts::id)
            .do_update()
            .set(self)
            .execute(conn)
    }

    /// Inserts the shifts or overwrites their stored rows, in as few statements as the bind
    /// limit allows. Each id may appear once.
    pub fn upsert_many(conn: &mut PgConnection, rows: &[Shift]) -> QueryResult<usize> {
        let mut written = 0;
        for chunk in rows.chunks(Shift::MOST_UPSERTED) {
            written += ExecuteDsl::execute(Shift::upsert_query(chunk), conn)?;
        }
        Ok(written)
    }

    /// Most rows in one upsert: 19 columns a row, well under Postgres's 65,535 bind
    /// parameters a statement.
    pub const MOST_UPSERTED: usize = 2000;

    /// The upsert of up to [`Shift::MOST_UPSERTED`] rows, as a statement to run or to nest.
    pub fn upsert_query(rows: &[Shift]) -> ShiftsUpsert<'_> {
        ShiftsUpsert(rows)
    }

    /// Deletes shifts of a store by id.
    pub fn delete_many(
        conn: &mut PgConnection,
        store: StoreId,
        ids: &[ShiftId],
    ) -> QueryResult<usize> {
        diesel::delete(
            shifts::table
                .filter(shifts::store_id.eq(store))
                .filter(shifts::id.eq_any(ids)),
        )
        .execute(conn)
    }

    pub fn delete(conn: &mut PgConnection, store: StoreId, id: ShiftId) -> QueryResult<usize> {
        diesel::delete(
            shifts::table
                .filter(shifts::store_id.eq(store))
                .filter(shifts::id.eq(id)),
        )
        .execute(conn)
    }
}

crate::db::models::text_column!(Status);
crate::db::models::text_column!(Progress);

impl Shift {
    /// The shifts of a store assigned to `employee` that are not drafts, oldest first: what
    /// the store has told the person of their work (a person's archive).
    pub fn announced_to(
        conn: &mut PgConnection,
        store: StoreId,
        employee: EmployeeId,
    ) -> QueryResult<Vec<Shift>> {
        shifts::table
            .filter(shifts::store_id.eq(store))
            .filter(shifts::assigned.eq(employee))
            .filter(shifts::status.ne(Status::Draft))
            .order((shifts::start_at.asc(), shifts::id.asc()))
            .select(Shift::as_select())
            .load(conn)
    }
}
