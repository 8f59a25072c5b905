use crate::db::schema::requests;
use crate::domain::ids::{EmployeeId, RequestId, ShiftId, StoreId, UserId};
use crate::domain::request::{RequestKind, RequestStatus};
use crate::domain::time_off::Span;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;

/// A request of an employee: time off or drop shift.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = requests, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct Request {
    pub id: RequestId,
    pub store_id: StoreId,
    pub kind: RequestKind,
    /// The requester's employee record.
    pub employee_id: EmployeeId,
    pub user_id: Option<UserId>,
    pub status: RequestStatus,
    pub start_at: Option<DateTime<Utc>>,
    pub end_at: Option<DateTime<Utc>>,
    pub entire_day: bool,
    pub description: Option<String>,
    pub response: Option<String>,
    pub response_by: Option<UserId>,
    pub covering_dates: Vec<NaiveDate>,
    pub shift_id: Option<ShiftId>,
    pub grabbed_by: Option<EmployeeId>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Request {
    /// The span of a time-off request.
    pub fn span(&self) -> Option<Span> {
        Some(Span {
            start: self.start_at?,
            end: self.end_at?,
            entire_day: self.entire_day,
        })
    }

    /// The requests the store's actor keeps: every unresolved one, and answered ones whose
    /// time or shift has not long passed (`from` on).
    #[tracing::instrument(skip(conn))]
    pub fn working_set(
        conn: &mut PgConnection,
        store: StoreId,
        from: DateTime<Utc>,
    ) -> QueryResult<Vec<Request>> {
        requests::table
            .filter(requests::store_id.eq(store))
            .filter(
                requests::status
                    .eq_any([RequestStatus::Pending, RequestStatus::Grabbed])
                    .or(requests::end_at.ge(from))
                    .or(requests::kind.eq(RequestKind::DropShift)),
            )
            .select(Request::as_select())
            .load(conn)
    }

    /// Time-off requests of a store overlapping `[start, end]`, optionally of one employee,
    /// newest first.
    #[tracing::instrument(skip(conn))]
    pub fn time_off(
        conn: &mut PgConnection,
        store: StoreId,
        employee: Option<EmployeeId>,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> QueryResult<Vec<Request>> {
        let mut q = requests::table
            .filter(requests::store_id.eq(store))
            .filter(requests::kind.eq(RequestKind::TimeOff))
            .filter(requests::start_at.le(end))
            .filter(requests::end_at.ge(start))
            .into_boxed();
        if let Some(e) = employee {
            q = q.filter(requests::employee_id.eq(e));
        }
        q.order(requests::start_at.desc())
            .select(Request::as_select())
            .load(conn)
    }

    /// Inserts the request or overwrites the stored row with it.
    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(requests::table)
            .values(self)
            .on_conflict(requests::id)
            .do_update()
            .set(self)
            .execute(conn)
    }

    pub fn delete(conn: &mut PgConnection, store: StoreId, id: RequestId) -> QueryResult<usize> {
        diesel::delete(
            requests::table
                .filter(requests::store_id.eq(store))
                .filter(requests::id.eq(id)),
        )
        .execute(conn)
    }

    /// The store's open drop requests (pending or grabbed) whose shift ends after `now`, each
    /// with its shift.
    #[tracing::instrument(skip(conn))]
    pub fn open_drops_with_shifts(
        conn: &mut PgConnection,
        store: StoreId,
        now: DateTime<Utc>,
    ) -> QueryResult<Vec<(Request, crate::db::models::shift::Shift)>> {
        use crate::db::models::shift::Shift;
        use crate::db::schema::shifts;
        requests::table
            .inner_join(shifts::table.on(shifts::id.nullable().eq(requests::shift_id)))
            .filter(requests::store_id.eq(store))
            .filter(requests::kind.eq(RequestKind::DropShift))
            .filter(requests::status.eq_any([RequestStatus::Pending, RequestStatus::Grabbed]))
            .filter(shifts::end_at.gt(now))
            .order(shifts::start_at.asc())
            .select((Request::as_select(), Shift::as_select()))
            .load(conn)
    }
}

crate::db::models::text_column!(RequestKind);
crate::db::models::text_column!(RequestStatus);

impl Request {
    /// Every request of `employee` in a store, oldest first.
    pub fn of_employee(
        conn: &mut PgConnection,
        store: StoreId,
        employee: EmployeeId,
    ) -> QueryResult<Vec<Request>> {
        requests::table
            .filter(requests::store_id.eq(store))
            .filter(requests::employee_id.eq(employee))
            .order((requests::created_at.asc(), requests::id.asc()))
            .select(Request::as_select())
            .load(conn)
    }
}
