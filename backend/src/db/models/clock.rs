//! The time clock's rows: sessions of clocked work, proposed shifts, the store's clock
//! secret, punches and codes already used, managers' edits and approved pay periods.

use crate::db::schema::{
    clock_code_uses, clock_punches, clock_secrets, clock_session_edits, clock_sessions,
    shift_proposals, timesheet_approvals,
};
use crate::domain::clock::{Break, ProposalStatus, PunchOp, PunchSource, SessionStatus, Timeline};
use crate::domain::ids::{
    ClockSessionId, EmployeeId, ProposalId, RoleId, ShiftId, StoreId, UserId,
};
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Where a punch was taken, kept with its session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PunchPlace {
    pub op: PunchOp,
    /// Epoch ms.
    #[serde(with = "chrono::serde::ts_milliseconds")]
    #[schema(value_type = i64)]
    pub at: DateTime<Utc>,
    pub latitude: f64,
    pub longitude: f64,
    #[schema(required = true)]
    pub accuracy: Option<f64>,
    /// Metres from the store's place, when it is set.
    #[schema(required = true)]
    pub distance: Option<f64>,
    /// Within the store's radius, when it is set.
    #[schema(required = true)]
    pub inside: Option<bool>,
}

/// A clock session row.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = clock_sessions, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct ClockSession {
    pub id: ClockSessionId,
    pub store_id: StoreId,
    pub employee_id: EmployeeId,
    pub user_id: Option<UserId>,
    pub shift_id: Option<ShiftId>,
    pub proposal_id: Option<ProposalId>,
    pub status: SessionStatus,
    pub start_at: DateTime<Utc>,
    pub end_at: Option<DateTime<Utc>>,
    pub breaks: serde_json::Value,
    /// Where each punch was taken ([`PunchPlace`]s), when the phone told.
    #[diesel(column_name = locs)]
    pub locations: serde_json::Value,
    pub source: PunchSource,
    pub device_start_at: Option<DateTime<Utc>>,
    pub device_end_at: Option<DateTime<Utc>>,
    pub server_start_at: DateTime<Utc>,
    pub server_end_at: Option<DateTime<Utc>>,
    pub late_seconds: i32,
    pub early_seconds: i32,
    pub outside: bool,
    pub drift_ms: Option<i64>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl ClockSession {
    pub fn is_open(&self) -> bool {
        self.end_at.is_none()
    }

    pub fn breaks(&self) -> Vec<Break> {
        serde_json::from_value(self.breaks.clone()).unwrap_or_default()
    }

    pub fn places(&self) -> Vec<PunchPlace> {
        serde_json::from_value(self.locations.clone()).unwrap_or_default()
    }

    pub fn timeline(&self) -> Timeline {
        Timeline {
            start: self.start_at,
            breaks: self.breaks(),
            end: self.end_at,
        }
    }

    /// Takes a changed timeline in: times, breaks and status.
    pub fn set_timeline(&mut self, timeline: &Timeline) {
        self.start_at = timeline.start;
        self.end_at = timeline.end;
        self.breaks = serde_json::to_value(&timeline.breaks).unwrap_or_default();
        self.status = timeline.status();
    }

    pub fn add_place(&mut self, place: PunchPlace) {
        let mut places = self.places();
        places.push(place);
        self.locations = serde_json::to_value(places).unwrap_or_default();
    }

    /// The sessions the store's actor keeps: open ones and those started from `from` on.
    pub fn working_set(
        conn: &mut PgConnection,
        store: StoreId,
        from: DateTime<Utc>,
    ) -> QueryResult<Vec<ClockSession>> {
        clock_sessions::table
            .filter(clock_sessions::store_id.eq(store))
            .filter(
                clock_sessions::end_at
                    .is_null()
                    .or(clock_sessions::start_at.ge(from)),
            )
            .select(ClockSession::as_select())
            .load(conn)
    }

    /// Sessions of a store overlapping `[start, end)` (open ones count as running on).
    pub fn in_range(
        conn: &mut PgConnection,
        store: StoreId,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> QueryResult<Vec<ClockSession>> {
        clock_sessions::table
            .filter(clock_sessions::store_id.eq(store))
            .filter(clock_sessions::start_at.lt(end))
            .filter(
                clock_sessions::end_at
                    .is_null()
                    .or(clock_sessions::end_at.gt(start)),
            )
            .order((clock_sessions::start_at, clock_sessions::id))
            .select(ClockSession::as_select())
            .load(conn)
    }

    /// Sessions of a store by id (those missing are left out).
    pub fn by_ids(
        conn: &mut PgConnection,
        store: StoreId,
        ids: &[uuid::Uuid],
    ) -> QueryResult<Vec<ClockSession>> {
        clock_sessions::table
            .filter(clock_sessions::store_id.eq(store))
            .filter(clock_sessions::id.eq_any(ids))
            .select(ClockSession::as_select())
            .load(conn)
    }

    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(clock_sessions::table)
            .values(self)
            .on_conflict(clock_sessions::id)
            .do_update()
            .set(self)
            .execute(conn)
    }
}

/// A proposed shift row.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = shift_proposals, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct Proposal {
    pub id: ProposalId,
    pub store_id: StoreId,
    pub employee_id: EmployeeId,
    pub title: String,
    pub role_id: Option<RoleId>,
    pub start_at: DateTime<Utc>,
    pub end_at: Option<DateTime<Utc>>,
    pub status: ProposalStatus,
    /// As its session: on the clock, on break or completed.
    pub progress: SessionStatus,
    pub shift_id: Option<ShiftId>,
    pub decided_by: Option<UserId>,
    pub decided_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Proposal {
    pub fn is_pending(&self) -> bool {
        self.status == ProposalStatus::Pending
    }

    /// Proposals the actor keeps: pending ones and those started from `from` on.
    pub fn working_set(
        conn: &mut PgConnection,
        store: StoreId,
        from: DateTime<Utc>,
    ) -> QueryResult<Vec<Proposal>> {
        shift_proposals::table
            .filter(shift_proposals::store_id.eq(store))
            .filter(
                shift_proposals::status
                    .eq(ProposalStatus::Pending)
                    .or(shift_proposals::start_at.ge(from)),
            )
            .select(Proposal::as_select())
            .load(conn)
    }

    /// Proposals of a store waiting for an answer, oldest first.
    pub fn pending(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<Proposal>> {
        shift_proposals::table
            .filter(shift_proposals::store_id.eq(store))
            .filter(shift_proposals::status.eq(ProposalStatus::Pending))
            .order(shift_proposals::start_at)
            .select(Proposal::as_select())
            .load(conn)
    }

    /// Proposals of a store by id (those missing are left out).
    pub fn by_ids(
        conn: &mut PgConnection,
        store: StoreId,
        ids: &[ProposalId],
    ) -> QueryResult<Vec<Proposal>> {
        shift_proposals::table
            .filter(shift_proposals::store_id.eq(store))
            .filter(shift_proposals::id.eq_any(ids))
            .select(Proposal::as_select())
            .load(conn)
    }

    /// Proposals of a store started in `[start, end)`, newest first.
    pub fn in_range(
        conn: &mut PgConnection,
        store: StoreId,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> QueryResult<Vec<Proposal>> {
        shift_proposals::table
            .filter(shift_proposals::store_id.eq(store))
            .filter(shift_proposals::start_at.ge(start))
            .filter(shift_proposals::start_at.lt(end))
            .order(shift_proposals::start_at.desc())
            .select(Proposal::as_select())
            .load(conn)
    }

    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(shift_proposals::table)
            .values(self)
            .on_conflict(shift_proposals::id)
            .do_update()
            .set(self)
            .execute(conn)
    }
}

/// The secret a store's clock codes are signed with.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = clock_secrets, check_for_backend(diesel::pg::Pg))]
pub struct ClockSecret {
    pub store_id: StoreId,
    /// Changes with the secret: device passes name it, so a new secret retires them.
    pub generation: uuid::Uuid,
    pub secret: Vec<u8>,
    pub created_at: DateTime<Utc>,
}

impl ClockSecret {
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Option<ClockSecret>> {
        clock_secrets::table
            .find(store)
            .select(ClockSecret::as_select())
            .first(conn)
            .optional()
    }

    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(clock_secrets::table)
            .values(self)
            .on_conflict(clock_secrets::store_id)
            .do_update()
            .set(self)
            .execute(conn)
    }
}

/// A punch already applied, by the id its phone gave it.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = clock_punches, check_for_backend(diesel::pg::Pg))]
pub struct AppliedPunch {
    pub store_id: StoreId,
    pub punch_id: uuid::Uuid,
    pub employee_id: EmployeeId,
    pub session_id: ClockSessionId,
    pub op: PunchOp,
    pub applied_at: DateTime<Utc>,
}

impl AppliedPunch {
    pub fn since(
        conn: &mut PgConnection,
        store: StoreId,
        from: DateTime<Utc>,
    ) -> QueryResult<Vec<AppliedPunch>> {
        clock_punches::table
            .filter(clock_punches::store_id.eq(store))
            .filter(clock_punches::applied_at.ge(from))
            .select(AppliedPunch::as_select())
            .load(conn)
    }

    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(clock_punches::table)
            .values(self)
            .execute(conn)
    }
}

/// A clock code used by an employee for an operation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Queryable, Selectable, Insertable)]
#[diesel(table_name = clock_code_uses, check_for_backend(diesel::pg::Pg))]
pub struct CodeUse {
    pub store_id: StoreId,
    pub employee_id: EmployeeId,
    pub time_window: i64,
    pub op: PunchOp,
    pub used_at: DateTime<Utc>,
}

impl CodeUse {
    pub fn since(
        conn: &mut PgConnection,
        store: StoreId,
        from: DateTime<Utc>,
    ) -> QueryResult<Vec<CodeUse>> {
        clock_code_uses::table
            .filter(clock_code_uses::store_id.eq(store))
            .filter(clock_code_uses::used_at.ge(from))
            .select(CodeUse::as_select())
            .load(conn)
    }

    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(clock_code_uses::table)
            .values(self)
            .execute(conn)
    }
}

/// A manager's change of a session: who, when, why, from what to what.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = clock_session_edits, check_for_backend(diesel::pg::Pg))]
pub struct SessionEdit {
    pub id: uuid::Uuid,
    pub store_id: StoreId,
    pub session_id: ClockSessionId,
    pub edited_by: Option<UserId>,
    pub reason: String,
    pub before: serde_json::Value,
    pub after: serde_json::Value,
    pub created_at: DateTime<Utc>,
}

impl SessionEdit {
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(clock_session_edits::table)
            .values(self)
            .execute(conn)
    }

    /// The edits of a store's session, oldest first.
    pub fn of_session(
        conn: &mut PgConnection,
        store: StoreId,
        session: ClockSessionId,
    ) -> QueryResult<Vec<SessionEdit>> {
        clock_session_edits::table
            .filter(clock_session_edits::store_id.eq(store))
            .filter(clock_session_edits::session_id.eq(session))
            .order((clock_session_edits::created_at, clock_session_edits::id))
            .select(SessionEdit::as_select())
            .load(conn)
    }
}

/// An approved pay period.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = timesheet_approvals, check_for_backend(diesel::pg::Pg))]
pub struct PeriodApproval {
    pub store_id: StoreId,
    pub period_start: NaiveDate,
    pub approved_by: Option<UserId>,
    pub approved_at: DateTime<Utc>,
}

impl PeriodApproval {
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<PeriodApproval>> {
        timesheet_approvals::table
            .filter(timesheet_approvals::store_id.eq(store))
            .select(PeriodApproval::as_select())
            .load(conn)
    }

    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(timesheet_approvals::table)
            .values(self)
            .on_conflict_do_nothing()
            .execute(conn)
    }

    pub fn delete(conn: &mut PgConnection, store: StoreId, start: NaiveDate) -> QueryResult<usize> {
        diesel::delete(
            timesheet_approvals::table
                .filter(timesheet_approvals::store_id.eq(store))
                .filter(timesheet_approvals::period_start.eq(start)),
        )
        .execute(conn)
    }
}

crate::db::models::text_column!(SessionStatus);
crate::db::models::text_column!(ProposalStatus);
crate::db::models::text_column!(PunchSource);
crate::db::models::text_column!(PunchOp);

impl ClockSession {
    /// Every clock session of `employee` in a store, oldest first.
    pub fn of_employee(
        conn: &mut PgConnection,
        store: StoreId,
        employee: EmployeeId,
    ) -> QueryResult<Vec<ClockSession>> {
        clock_sessions::table
            .filter(clock_sessions::store_id.eq(store))
            .filter(clock_sessions::employee_id.eq(employee))
            .order((clock_sessions::start_at.asc(), clock_sessions::id.asc()))
            .select(ClockSession::as_select())
            .load(conn)
    }
}
