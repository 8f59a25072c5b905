use crate::db::schema::availability_windows;
use crate::domain::availability::Window;
use crate::domain::business::TimeOfDay;
use crate::domain::ids::{EmployeeId, RequestId, StoreId, UserId};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// One recurring availability window of an employee.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = availability_windows, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct AvailabilityWindow {
    pub id: RequestId,
    pub store_id: StoreId,
    pub employee_id: EmployeeId,
    /// Weekdays, 0 = Sunday.
    pub days: Vec<i16>,
    /// Local start, minutes after midnight.
    pub start_minute: i32,
    /// Local end, minutes after midnight (not after the start: the next day).
    pub end_minute: i32,
    pub all_day: bool,
    pub reason: Option<String>,
    pub kind: Option<String>,
    pub status: Option<String>,
    pub created_by: Option<UserId>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl AvailabilityWindow {
    /// The window as the availability rules see it (`None` for a row that breaks them).
    pub fn window(&self) -> Option<Window> {
        Window::new(
            &self.days,
            TimeOfDay::from_minutes(self.start_minute)?,
            TimeOfDay::from_minutes(self.end_minute)?,
            self.all_day,
        )
        .ok()
    }

    /// Every window of a store (the actor's working set).
    #[tracing::instrument(skip(conn))]
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<Self>> {
        availability_windows::table
            .filter(availability_windows::store_id.eq(store))
            .order((
                availability_windows::employee_id,
                availability_windows::created_at,
            ))
            .select(Self::as_select())
            .load(conn)
    }

    /// Inserts the window or overwrites the stored row with it.
    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(availability_windows::table)
            .values(self)
            .on_conflict(availability_windows::id)
            .do_update()
            .set(self)
            .execute(conn)
    }

    pub fn delete(conn: &mut PgConnection, store: StoreId, id: RequestId) -> QueryResult<usize> {
        diesel::delete(
            availability_windows::table
                .filter(availability_windows::store_id.eq(store))
                .filter(availability_windows::id.eq(id)),
        )
        .execute(conn)
    }
}

impl AvailabilityWindow {
    /// Every availability window of `employee` in a store, oldest first.
    pub fn of_employee(
        conn: &mut PgConnection,
        store: StoreId,
        employee: EmployeeId,
    ) -> QueryResult<Vec<AvailabilityWindow>> {
        availability_windows::table
            .filter(availability_windows::store_id.eq(store))
            .filter(availability_windows::employee_id.eq(employee))
            .order((
                availability_windows::created_at.asc(),
                availability_windows::id.asc(),
            ))
            .select(AvailabilityWindow::as_select())
            .load(conn)
    }
}
