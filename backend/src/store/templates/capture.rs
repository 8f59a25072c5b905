//! `createRangeTemplate`: a weekly or daily template made from shifts of the board, each kept
//! as the local times it has in the week or day it was saved from.

use crate::db::models::template::Template;
use crate::domain::ids::{EmployeeId, RoleId, ShiftId, TemplateId};
use crate::domain::schedule;
use crate::domain::template::{self, Kind, TemplateShift};
use crate::error::{AppError, AppResult};
use crate::store::command::{Command, Effects, Reply, Write};
use crate::store::shifts::Caller;
use crate::store::state::StoreState;
use crate::store::templates::shared::{announce, checked, TemplateView};
use chrono::{DateTime, NaiveDate, Utc};
use serde_json::Value;

/// A shift as the client has it (the spec's `shiftRecords`).
#[derive(Debug, Clone)]
pub struct ShiftRecord {
    pub title: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub role: Option<RoleId>,
    pub assigned: Option<EmployeeId>,
    pub open_ended: bool,
    pub tasks: Value,
}

/// Where the template's shifts come from.
#[derive(Debug, Clone)]
pub enum Source {
    /// Shifts of the store, by id.
    Ids(Vec<ShiftId>),
    /// Shifts as the client sends them.
    Records(Vec<ShiftRecord>),
}

#[derive(Debug)]
pub struct CaptureTemplate {
    pub by: Caller,
    pub kind: Kind,
    pub title: String,
    /// The local date the week or day starts on.
    pub first: NaiveDate,
    pub source: Source,
}

impl Command for CaptureTemplate {
    fn name(&self) -> &'static str {
        "createRangeTemplate"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let zone = state.zone();
        let records: Vec<ShiftRecord> = match &self.source {
            Source::Records(r) => r.clone(),
            Source::Ids(ids) => ids
                .iter()
                .map(|id| {
                    let s = state.shifts.get(id).ok_or_else(|| {
                        AppError::not_found("shift_not_found", crate::messages::SHIFT_NOT_FOUND)
                    })?;
                    Ok(ShiftRecord {
                        title: s.title.clone(),
                        start: s.start_at,
                        end: s.end_at,
                        role: s.role_id,
                        assigned: s.assigned,
                        open_ended: s.open_ended,
                        tasks: s.tasks.clone(),
                    })
                })
                .collect::<AppResult<_>>()?,
        };
        let mut shifts = Vec::with_capacity(records.len());
        for r in records {
            let span = schedule::shift_span(zone, r.start, r.end, r.open_ended)
                .map_err(|e| AppError::invalid(e.to_string()))?;
            let (day, start, end) = template::capture(zone, self.first, self.kind.days(), span)
                .ok_or_else(|| {
                    AppError::invalid(format!(
                        "A shift of the template starts outside its {}.",
                        if self.kind == Kind::Weekly {
                            "week"
                        } else {
                            "day"
                        }
                    ))
                })?;
            // A shift of someone who left, or who no longer holds its role, is kept open.
            let assigned = r.assigned.map(|e| state.resolve_employee(e)).filter(|e| {
                state.employee(*e).is_some_and(|e| {
                    !e.deactive && r.role.is_none_or(|role| e.role_ids.contains(&role.0))
                })
            });
            shifts.push(TemplateShift {
                title: r.title,
                day,
                start,
                end,
                role: r.role.filter(|role| state.role(*role).is_some()),
                assigned,
                open_ended: r.open_ended,
                tasks: r.tasks,
            });
        }
        shifts.sort_by_key(|s| (s.day, s.start));
        let (title, shifts) = checked(state, self.kind, &self.title, shifts)?;
        let row = Template {
            id: TemplateId::new(),
            store_id: state.store.id,
            kind: self.kind,
            title,
            shifts: serde_json::to_value(shifts).map_err(AppError::internal)?,
            created_at: now,
            updated_at: now,
        };
        let view = TemplateView::of(&row);
        Ok(Effects {
            events: vec![announce("template.created", &view)],
            writes: vec![Write::PutTemplate(Box::new(row))],
            reply: Reply::new(view),
        })
    }
}
