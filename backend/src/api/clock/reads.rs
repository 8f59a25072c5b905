//! The clock's reads: who is on the clock now (the board), proposed shifts, sessions, a
//! session's audit trail and a pay period's timesheet. Employees read their own; schedule
//! managers read everyone's.

use crate::api::pay;
use crate::api::stores::StoreMember;
use crate::calls::input;
use crate::calls::AppState;
use crate::db::models::clock::{ClockSession, Proposal, SessionEdit};
use crate::db::models::shift::Shift;
use crate::db::models::store::Store;
use crate::domain::clock::{self as rules, ClockSettings};
use crate::domain::ids::{ClockSessionId, ShiftId, StoreId};
use crate::domain::permissions::Perms;
use crate::domain::report::Figures;
use crate::domain::timesheet::{self, Worker};
use crate::domain::work::Outlook;
use crate::error::{AppError, AppResult};
use crate::store::clock::{ClockSessionView, ProposalView};
use crate::store::views::ShiftView;
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};

/// A shift of today's board with its attendance.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceRow {
    pub shift: ShiftView,
    pub attendance: rules::Attendance,
    /// Its clock session, when it was started.
    #[schema(required = true)]
    pub session: Option<ClockSessionView>,
}

/// Who is on the clock now: the "now" panel.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockBoard {
    /// The server's time, epoch ms.
    pub now: i64,
    /// The store's clock settings (phones learn what a punch needs).
    pub settings: ClockSettings,
    /// Open sessions (employees: their own).
    pub open: Vec<ClockSessionView>,
    /// Announced, assigned shifts from 12 hours ago to 12 hours ahead (employees: their own),
    /// by start.
    pub shifts: Vec<AttendanceRow>,
    /// Proposed shifts waiting for an answer (employees: their own).
    pub proposals: Vec<ProposalView>,
}

/// `GET /api/v1/stores/{storeId}/clock`: who is on the clock, late or missing now.
#[utoipa::path(
    get,
    tag = "crate::api::clock",
    path = "/api/v1/stores/{storeId}/clock",
    params(("storeId" = uuid::Uuid, Path, description = "Store id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": ClockBoard}`", body = ClockBoard),
        crate::api::stores::StoreReadRefusals,
    )
)]
pub async fn get_board(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
) -> AppResult<HttpResponse> {
    let store = member.store_id();
    let manager = member.perms.covers(Perms::SCHEDULE);
    let me = member.employee.id;
    let now = Utc::now();
    let (row, shifts, sessions, proposals) = state
        .db
        .run(move |conn| {
            let (from, to) = (now - Duration::hours(12), now + Duration::hours(12));
            Ok((
                Store::find(conn, store)?,
                Shift::in_range(conn, store, from, to)?,
                ClockSession::in_range(conn, store, from - Duration::hours(12), to)?,
                Proposal::pending(conn, store)?,
            ))
        })
        .await?;
    let settings = row
        .map(|s| ClockSettings::read(&s.clock))
        .unwrap_or_default();
    let mine = |e: crate::domain::ids::EmployeeId| manager || e == me;
    let by_shift: HashMap<ShiftId, &ClockSession> = sessions
        .iter()
        .filter_map(|s| s.shift_id.map(|id| (id, s)))
        .collect();
    let rows = shifts
        .iter()
        .filter(|s| s.assigned.is_some_and(mine))
        .filter(|s| s.status.is_announced())
        .map(|s| {
            let session = by_shift.get(&s.id).copied();
            AttendanceRow {
                shift: ShiftView::of(s, now),
                attendance: rules::attendance(
                    session.map(|s| s.status),
                    s.progress,
                    (s.start_at, s.end_at, s.open_ended),
                    now,
                ),
                session: session.map(ClockSessionView::of),
            }
        })
        .collect();
    let users: HashMap<_, _> = member_users(&state, store).await?;
    Ok(crate::api::envelope::ok(ClockBoard {
        now: now.timestamp_millis(),
        settings,
        open: sessions
            .iter()
            .filter(|s| s.is_open() && mine(s.employee_id))
            .map(ClockSessionView::of)
            .collect(),
        shifts: rows,
        proposals: proposals
            .iter()
            .filter(|p| mine(p.employee_id))
            .map(|p| ProposalView::of(p, users.get(&p.employee_id).copied()))
            .collect(),
    }))
}

/// The users behind the store's employee records.
async fn member_users(
    state: &AppState,
    store: StoreId,
) -> AppResult<HashMap<crate::domain::ids::EmployeeId, crate::domain::ids::UserId>> {
    let employees = state
        .db
        .run(move |conn| {
            Ok(crate::db::models::employee::Employee::all_of_store(
                conn, store,
            )?)
        })
        .await?;
    Ok(employees
        .into_iter()
        .filter_map(|e| e.user_id.map(|u| (e.id, u)))
        .collect())
}

/// A range of time, epoch ms.
#[derive(Debug, Deserialize, IntoParams)]
pub struct Range {
    /// Start, epoch ms.
    pub start: i64,
    /// End, epoch ms; at most 62 days after the start.
    pub end: i64,
}

impl Range {
    /// The range as instants: forward, at most 62 days.
    fn checked(&self) -> AppResult<(DateTime<Utc>, DateTime<Utc>)> {
        let (start, end) = (
            input::instant("start", self.start)?,
            input::instant("end", self.end)?,
        );
        if end <= start || end - start > Duration::days(62) {
            return Err(AppError::invalid(
                "end must be after start, at most 62 days later.",
            ));
        }
        Ok((start, end))
    }
}

/// Which proposed shifts.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ProposalQuery {
    /// Started from, epoch ms.
    pub start: i64,
    /// Started before, epoch ms; at most 62 days after the start.
    pub end: i64,
    /// Only those with this status: p (waiting), a (approved) or r (rejected).
    #[param(value_type = Option<String>, pattern = "^[par]$")]
    pub status: Option<rules::ProposalStatus>,
}

/// `GET /api/v1/stores/{storeId}/clock/proposals?start&end&status`: the proposed shifts
/// started in the range, answered or not, with who answered and when (employees: their own),
/// newest first.
#[utoipa::path(
    get,
    tag = "crate::api::clock",
    path = "/api/v1/stores/{storeId}/clock/proposals",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), ProposalQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [ProposalView]}`", body = [ProposalView]),
        (status = 400, description = "Bad range or status", body = crate::error::ErrorBody),
        crate::api::stores::StoreReadRefusals,
    )
)]
pub async fn get_proposals(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    query: web::Query<ProposalQuery>,
) -> AppResult<HttpResponse> {
    let store = member.store_id();
    let (start, end) = Range {
        start: query.start,
        end: query.end,
    }
    .checked()?;
    let manager = member.perms.covers(Perms::SCHEDULE);
    let me = member.employee.id;
    let status = query.status;
    let proposals = state
        .db
        .run(move |conn| Ok(Proposal::in_range(conn, store, start, end)?))
        .await?;
    let users = member_users(&state, store).await?;
    let views: Vec<ProposalView> = proposals
        .iter()
        .filter(|p| manager || p.employee_id == me)
        .filter(|p| status.is_none_or(|s| p.status == s))
        .map(|p| ProposalView::of(p, users.get(&p.employee_id).copied()))
        .collect();
    Ok(crate::api::envelope::ok(views))
}

/// `GET /api/v1/stores/{storeId}/clock/sessions?start&end`: sessions overlapping the range
/// (employees: their own), by start.
#[utoipa::path(
    get,
    tag = "crate::api::clock",
    path = "/api/v1/stores/{storeId}/clock/sessions",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), Range),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [ClockSession]}`", body = [ClockSessionView]),
        (status = 400, description = "Bad range", body = crate::error::ErrorBody),
        crate::api::stores::StoreReadRefusals,
    )
)]
pub async fn get_sessions(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    range: web::Query<Range>,
) -> AppResult<HttpResponse> {
    let store = member.store_id();
    let (start, end) = range.checked()?;
    let manager = member.perms.covers(Perms::SCHEDULE);
    let me = member.employee.id;
    let sessions = state
        .db
        .run(move |conn| Ok(ClockSession::in_range(conn, store, start, end)?))
        .await?;
    let views: Vec<ClockSessionView> = sessions
        .iter()
        .filter(|s| manager || s.employee_id == me)
        .map(ClockSessionView::of)
        .collect();
    Ok(crate::api::envelope::ok(views))
}

/// One change of a session, as its audit trail shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionEditView {
    pub id: uuid::Uuid,
    /// Who changed it.
    #[schema(required = true)]
    pub by: Option<crate::domain::ids::UserId>,
    pub reason: String,
    /// The session before and after, as [`ClockSessionView`]s.
    #[schema(value_type = Object)]
    pub before: serde_json::Value,
    #[schema(value_type = Object)]
    pub after: serde_json::Value,
    /// Epoch ms.
    pub at: i64,
}

/// `GET /api/v1/stores/{storeId}/clock/sessions/{sessionId}/edits`: the session's audit
/// trail, oldest first (schedule managers).
#[utoipa::path(
    get,
    tag = "crate::api::clock",
    path = "/api/v1/stores/{storeId}/clock/sessions/{sessionId}/edits",
    params(
        ("storeId" = uuid::Uuid, Path, description = "Store id"),
        ("sessionId" = uuid::Uuid, Path, description = "Clock session id"),
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [SessionEdit]}`", body = [SessionEditView]),
        crate::api::stores::StoreReadRefusals,
        (status = 403, description = "Not a member, or deactivated, or not a schedule manager", body = crate::error::ErrorBody),
        (status = 404, description = "No such store or session", body = crate::error::ErrorBody),
    )
)]
pub async fn get_edits(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    path: web::Path<(String, String)>,
) -> AppResult<HttpResponse> {
    let (_, raw_session) = path.into_inner();
    if !member.perms.covers(Perms::SCHEDULE) {
        return Err(AppError::forbidden(
            "forbidden",
            crate::messages::NOT_ENOUGH_PERMISSION,
        ));
    }
    let session: ClockSessionId = raw_session
        .parse()
        .map_err(|_| AppError::not_found("session_not_found", "Clock session not found."))?;
    let store = member.store_id();
    let edits = state
        .db
        .run(move |conn| Ok(SessionEdit::of_session(conn, store, session)?))
        .await?;
    let views: Vec<SessionEditView> = edits
        .into_iter()
        .map(|e| SessionEditView {
            id: e.id,
            by: e.edited_by,
            reason: e.reason,
            before: e.before,
            after: e.after,
            at: e.created_at.timestamp_millis(),
        })
        .collect();
    Ok(crate::api::envelope::ok(views))
}

/// Which pay period.
#[derive(Debug, Deserialize, IntoParams)]
pub struct PeriodQuery {
    /// A day of the period (YYYY-MM-DD); today in the store's zone when absent.
    #[param(value_type = Option<String>, format = Date)]
    pub day: Option<NaiveDate>,
}

/// One employee's line of a timesheet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimesheetLine {
    pub employee: crate::domain::ids::EmployeeId,
    pub name: String,
    pub scheduled_minutes: i64,
    pub worked_minutes: i64,
    pub break_minutes: i64,
    pub overtime_minutes: i64,
    /// Pieces of work counted: clock sessions, and shifts counted at their own times (a
    /// missed shift a manager completed, an approved proposed shift).
    pub sessions: usize,
    /// Work started late.
    pub late: usize,
    /// Sessions still running.
    pub open: usize,
    /// Pay in the store's currency.
    pub pay: f64,
    /// Worked and pay if the announced shifts still to come are worked as planned: the
    /// period's estimated earnings.
    pub expected_minutes: i64,
    pub expected_pay: f64,
}

/// A pay period's timesheet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Timesheet {
    /// The period's first day (YYYY-MM-DD).
    #[schema(value_type = String, format = Date)]
    pub period_start: NaiveDate,
    /// The period's bounds, epoch ms.
    pub start: i64,
    pub end: i64,
    pub approved: bool,
    /// ISO 4217 code of `pay`.
    pub currency: String,
    /// Employees' lines (employees: their own), by name.
    pub lines: Vec<TimesheetLine>,
}

/// `GET /api/v1/stores/{storeId}/timesheets?day=`: the pay period's scheduled and worked
/// hours, breaks, overtime and pay per employee: the schedule report of the period.
#[utoipa::path(
    get,
    tag = "crate::api::clock",
    path = "/api/v1/stores/{storeId}/timesheets",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), PeriodQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": Timesheet}`", body = Timesheet),
        crate::api::stores::StoreReadRefusals,
    )
)]
pub async fn get_timesheet(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    query: web::Query<PeriodQuery>,
) -> AppResult<HttpResponse> {
    let store = member.store_id();
    let manager = member.perms.covers(Perms::SCHEDULE);
    let me = member.employee.id;
    let day = query.day;
    let now = Utc::now();
    if let Some(d) = day {
        input::instant(
            "day",
            d.and_hms_opt(0, 0, 0)
                .map_or(i64::MAX, |t| t.and_utc().timestamp_millis()),
        )?;
    }
    let ledger = pay::load(&state, store, move |zone, week_start| {
        let day = day.unwrap_or_else(|| now.with_timezone(&zone).date_naive());
        let (_, from, to) = timesheet::period_of(day, week_start, zone);
        (from, to)
    })
    .await?;
    let (from, to) = ledger.range;
    let first = crate::domain::calendar::local_date(ledger.zone(), from);
    let approved = state
        .db
        .run(move |conn| {
            Ok(
                crate::db::models::clock::PeriodApproval::of_store(conn, store)?
                    .iter()
                    .any(|a| a.period_start == first),
            )
        })
        .await?;
    let people = ledger.workers(|e| manager || e.id == me);
    let workers: Vec<Worker> = people.iter().map(|(_, w)| w.clone()).collect();
    let worked = ledger.report(&workers, now, Outlook::Worked);
    let expected = ledger.report(&workers, now, Outlook::Expected);
    let mut lines: Vec<TimesheetLine> = people
        .iter()
        .zip(worked.employees.iter().zip(&expected.employees))
        // A former employee appears only for work in the period.
        .filter(|((e, _), ((_, f), _))| e.terminated_at.is_none() || *f != Figures::default())
        .map(|((e, _), ((_, f), (_, x)))| TimesheetLine {
            employee: e.id,
            name: e.shown_name().to_string(),
            scheduled_minutes: f.scheduled_minutes,
            worked_minutes: f.worked_minutes,
            break_minutes: f.break_minutes,
            overtime_minutes: f.overtime_minutes,
            sessions: f.sessions,
            late: f.late,
            open: f.open,
            pay: f.cost(),
            expected_minutes: x.worked_minutes,
            expected_pay: x.cost(),
        })
        .collect();
    lines.sort_by_key(|l| l.name.to_lowercase());
    Ok(crate::api::envelope::ok(Timesheet {
        period_start: first,
        start: from.timestamp_millis(),
        end: to.timestamp_millis(),
        approved,
        currency: ledger.currency.clone(),
        lines,
    }))
}
