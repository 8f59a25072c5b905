//! The exports of worked time and pay: time tracking (one row per piece of paid work) and
//! payroll (the schedule report's lines per employee and role), both through the pay loader
//! (`api::pay`) and its one rule.

use super::source::{hours, Source};
use crate::api::pay;
use crate::api::reports::schedule_report;
use crate::calls::AppState;
use crate::error::AppResult;
use crate::sheets::{Cell, Table};
use chrono::Utc;

/// `timeTracking`: each piece of work pay counts in the range (`domain::work`, through the pay
/// loader), in the minutes the timesheets add up: a rejected proposal's session is not listed,
/// an approved one is its shift at the approved times.
pub(super) async fn time_tracking(state: &AppState, src: &Source, sheet: &str) -> AppResult<Table> {
    let (store, range) = (src.store, src.range()?);
    let ledger = pay::load(state, store, move |_, _| range).await?;
    let mut t = Table::new(
        sheet,
        &[
            "employee",
            "email",
            "shift",
            "start",
            "end",
            "breakMinutes",
            "workedMinutes",
            "lateMinutes",
            "source",
            "status",
        ],
    );
    for w in ledger.tracked(Utc::now()) {
        let (name, email) = src.name_of(Some(w.employee));
        t.push(vec![
            name.into(),
            email.into(),
            w.shift.unwrap_or_default().into(),
            src.local(w.start).into(),
            w.end.map(|e| src.local(e)).into(),
            Cell::Number(w.break_minutes as f64),
            Cell::Number(w.worked_minutes as f64),
            Cell::Number(w.late_minutes as f64),
            w.source.as_str().into(),
            w.status.as_str().into(),
        ]);
    }
    Ok(t)
}

/// `payroll`: the schedule report's payroll lines, hours times each role's wage.
pub(super) async fn payroll(state: &AppState, src: &Source, sheet: &str) -> AppResult<Table> {
    let report = schedule_report(state, src.store, src.range()?, Utc::now()).await?;
    let mut t = Table::new(
        sheet,
        &[
            "employee",
            "email",
            "role",
            "wageType",
            "wage",
            "scheduledHours",
            "workedHours",
            "overtimeHours",
            "cost",
            "currency",
        ],
    );
    for p in report.payroll {
        t.push(vec![
            p.name.into(),
            p.email.into(),
            p.role_title.into(),
            p.wage_type.as_str().into(),
            p.wage.into(),
            hours(p.scheduled_minutes),
            hours(p.worked_minutes),
            hours(p.overtime_minutes),
            p.cost.into(),
            report.currency.clone().into(),
        ]);
    }
    Ok(t)
}
