//! The exports of worked time and pay: time tracking (one row per clock session) and payroll
//! (the schedule report's lines per employee and role). Each kind is one function building
//! its rows, so the rule computing worked time and pay can change in one place.

use super::tables::{hours, Source};
use crate::api::reports::schedule_report;
use crate::calls::AppState;
use crate::db::models::clock::ClockSession;
use crate::db::models::shift::Shift;
use crate::domain::ids::ShiftId;
use crate::error::AppResult;
use crate::sheets::{Cell, Table};
use chrono::{Duration, Utc};
use std::collections::HashMap;

/// `timeTracking`: each clock session of the range, its breaks and worked minutes.
pub(super) async fn time_tracking(state: &AppState, src: &Source, sheet: &str) -> AppResult<Table> {
    let (store, (from, to)) = (src.store, src.range()?);
    let (sessions, shifts) = state
        .db
        .run(move |conn| {
            Ok((
                ClockSession::in_range(conn, store, from, to)?,
                Shift::in_range(conn, store, from - Duration::days(1), to)?,
            ))
        })
        .await?;
    let titles: HashMap<ShiftId, String> = shifts.into_iter().map(|s| (s.id, s.title)).collect();
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
    let now = Utc::now();
    for s in sessions {
        let (name, email) = src.name_of(Some(s.employee_id));
        let tl = s.timeline();
        let end = tl.end.unwrap_or(now);
        let breaks: i64 = tl
            .breaks
            .iter()
            .map(|b| (b.end.unwrap_or(end) - b.start).num_minutes().max(0))
            .sum();
        t.push(vec![
            name.into(),
            email.into(),
            s.shift_id
                .and_then(|id| titles.get(&id).cloned())
                .unwrap_or_default()
                .into(),
            src.local(tl.start).into(),
            tl.end.map(|e| src.local(e)).into(),
            Cell::Number(breaks as f64),
            Cell::Number(((end - tl.start).num_minutes() - breaks).max(0) as f64),
            Cell::Number(f64::from(s.late_seconds.max(0) / 60)),
            s.source.clone().into(),
            serde_json::to_value(s.status())
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .into(),
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
            p.wage_type.into(),
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
