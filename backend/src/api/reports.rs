//! `reportSchedule`: a range's scheduled and worked hours, breaks, lateness, overtime and wage
//! cost per employee, per role and per day (`domain::report`), read from the shifts and clock
//! sessions of the range. Payroll exports read the same report.

use crate::api::pay::{self, Ledger};
use crate::calls::bounded;
use crate::calls::input;
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::domain::business::WageType;
use crate::domain::ids::{EmployeeId, RoleId, StoreId};
use crate::domain::permissions::Perms;
use crate::domain::report::{self, Figures, RangeError};
use crate::domain::timesheet::Worker;
use crate::domain::work::Outlook;
use crate::error::{AppError, AppResult};
use crate::messages;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<ReportSchedule>();
}

/// Checks a report's or an export's range with the spec's text.
pub fn range(
    start: bounded::Instant,
    end: bounded::Instant,
) -> AppResult<(DateTime<Utc>, DateTime<Utc>)> {
    let (from, to) = (input::instant("start", start)?, input::instant("end", end)?);
    match report::check_range(from, to) {
        Ok(()) => Ok((from, to)),
        Err(RangeError::Reversed) => Err(AppError::bad_request(
            "start_after_end",
            messages::START_BEFORE_END,
        )),
        Err(RangeError::TooLong) => Err(AppError::invalid(format!(
            "The range can span at most {} days.",
            report::RANGE_MAX.num_days()
        ))),
    }
}

/// `reportSchedule`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportSchedule {
    /// Epoch ms.
    pub start: bounded::Instant,
    /// Epoch ms, after `start`, at most 366 days later.
    pub end: bounded::Instant,
}

/// The figures of a line of the report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportFigures {
    pub scheduled_minutes: i64,
    pub worked_minutes: i64,
    pub break_minutes: i64,
    pub overtime_minutes: i64,
    /// Started shifts counted (unstarted shifts are left out of reports).
    pub shifts: usize,
    /// Work started late, and the minutes late in all.
    pub late: usize,
    pub late_minutes: i64,
    /// Wage cost in the store's currency.
    pub cost: f64,
}

impl From<&Figures> for ReportFigures {
    fn from(f: &Figures) -> Self {
        ReportFigures {
            scheduled_minutes: f.scheduled_minutes,
            worked_minutes: f.worked_minutes,
            break_minutes: f.break_minutes,
            overtime_minutes: f.overtime_minutes,
            shifts: f.shifts,
            late: f.late,
            late_minutes: f.late_minutes,
            cost: f.cost(),
        }
    }
}

/// One employee's line.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployeeLine {
    pub employee: EmployeeId,
    pub name: String,
    pub email: String,
    pub wage_type: WageType,
    #[serde(flatten)]
    pub figures: ReportFigures,
}

/// One role's line.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleLine {
    /// `null`: work in no known role.
    #[schema(required = true)]
    pub role: Option<RoleId>,
    pub title: String,
    pub color: String,
    #[serde(flatten)]
    pub figures: ReportFigures,
}

/// One local day's hours.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayLine {
    /// YYYY-MM-DD in the store's zone.
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    pub scheduled_minutes: i64,
    pub worked_minutes: i64,
}

/// A payroll line: an employee's hours in one role times its wage.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayrollLine {
    pub employee: EmployeeId,
    pub name: String,
    pub email: String,
    #[schema(required = true)]
    pub role: Option<RoleId>,
    pub role_title: String,
    pub wage_type: WageType,
    /// The role's wage (per hour, or per week for weekly wages).
    pub wage: f64,
    pub scheduled_minutes: i64,
    pub worked_minutes: i64,
    pub overtime_minutes: i64,
    pub cost: f64,
}

/// A schedule report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleReport {
    /// The range, epoch ms.
    pub start: i64,
    pub end: i64,
    /// ISO 4217 code of the costs.
    pub currency: String,
    /// The store's IANA zone, in which days are counted.
    pub timezone: String,
    pub employees: Vec<EmployeeLine>,
    pub roles: Vec<RoleLine>,
    pub days: Vec<DayLine>,
    /// Per employee and role, by name.
    pub payroll: Vec<PayrollLine>,
    pub total: ReportFigures,
    /// Shifts of the range never started, left out of the figures.
    pub unstarted_shifts: usize,
}

impl Call for ReportSchedule {
    const NAME: &'static str = "reportSchedule";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Scheduled versus worked hours, breaks, lateness, overtime and \
         wage cost per employee, role and day of a range. Unstarted shifts are left out.";
    type Output = ScheduleReport;

    #[tracing::instrument(name = "reportSchedule", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ScheduleReport> {
        let bounds = range(self.start, self.end)?;
        let store = ctx.member()?.store_id();
        schedule_report(&ctx.state, store, bounds, Utc::now()).await
    }
}

/// Reads the range's work through the pay loader and computes its report.
pub async fn schedule_report(
    state: &AppState,
    store: StoreId,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    now: DateTime<Utc>,
) -> AppResult<ScheduleReport> {
    let ledger = pay::load(state, store, move |_, _| (from, to)).await?;
    Ok(report_of(&ledger, now))
}

/// The report of what a ledger holds.
pub fn report_of(ledger: &Ledger, now: DateTime<Utc>) -> ScheduleReport {
    let (from, to) = ledger.range;
    let people = ledger.workers(|_| true);
    let workers: Vec<Worker> = people.iter().map(|(_, w)| w.clone()).collect();
    let r = ledger.report(&workers, now, Outlook::Worked);
    let roles = &ledger.roles;
    let mut lines: Vec<EmployeeLine> = r
        .employees
        .iter()
        .zip(&people)
        // A former employee appears only for work in the range.
        .filter(|((_, f), (e, _))| e.terminated_at.is_none() || *f != Figures::default())
        .map(|((_, f), (e, _))| EmployeeLine {
            employee: e.id,
            name: e.shown_name().to_string(),
            email: e.email.clone(),
            wage_type: e.wage_type,
            figures: f.into(),
        })
        .collect();
    lines.sort_by_key(|l| l.name.to_lowercase());
    let role_lines: Vec<RoleLine> = r
        .roles
        .iter()
        .map(|(id, f)| {
            let role = id.and_then(|id| roles.iter().find(|r| r.id.0 == id));
            RoleLine {
                role: role.map(|r| r.id),
                title: role.map_or_else(String::new, |r| r.title.clone()),
                color: role.map_or_else(String::new, |r| r.color.clone()),
                figures: f.into(),
            }
        })
        .collect();
    let mut payroll: Vec<PayrollLine> = r
        .parts
        .iter()
        .filter_map(|((employee, role), f)| {
            let (e, w) = people.iter().find(|(e, _)| e.id.0 == *employee)?;
            let known = role.and_then(|id| roles.iter().find(|r| r.id.0 == id));
            Some(PayrollLine {
                employee: e.id,
                name: e.shown_name().to_string(),
                email: e.email.clone(),
                role: known.map(|r| r.id),
                role_title: known.map_or_else(String::new, |r| r.title.clone()),
                wage_type: e.wage_type,
                wage: role.and_then(|id| w.wages.get(&id).copied()).unwrap_or(0.0),
                scheduled_minutes: f.scheduled_minutes,
                worked_minutes: f.worked_minutes,
                overtime_minutes: f.overtime_minutes,
                cost: f.cost(),
            })
        })
        .collect();
    payroll.sort_by(|a, b| {
        (a.name.to_lowercase(), &a.role_title).cmp(&(b.name.to_lowercase(), &b.role_title))
    });
    ScheduleReport {
        start: from.timestamp_millis(),
        end: to.timestamp_millis(),
        currency: ledger.currency.clone(),
        timezone: ledger.zone().name().to_string(),
        employees: lines,
        roles: role_lines,
        days: r
            .days
            .iter()
            .map(|d| DayLine {
                date: d.date,
                scheduled_minutes: d.scheduled_minutes,
                worked_minutes: d.worked_minutes,
            })
            .collect(),
        payroll,
        total: (&r.total).into(),
        unstarted_shifts: r.unstarted,
    }
}
