//! `createShift`.

use crate::db::models::shift::Shift;
use crate::domain::audience::Audience;
use crate::domain::ids::{EmployeeId, RoleId};
use crate::domain::schedule::{self, Span};
use crate::domain::shift;
use crate::domain::template;
use crate::error::{AppError, AppResult};
use crate::store::command::{Command, Effects, Reply, Write};
use crate::store::shifts::audience::event;
use crate::store::shifts::checks::{assignee_facts, check_role, plannable};
use crate::store::shifts::shared::{shift_error, Caller};
use crate::store::state::StoreState;
use crate::store::views::{ShiftView, ShiftViewList};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// Most shifts one `createShift` may make through `repeat`.
pub const MAX_REPEAT: usize = 370;

/// The answer of `createShift`: the new drafts and what the planner should know about them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedShifts {
    /// The new shifts, in start order.
    pub shifts: ShiftViewList<{ MAX_REPEAT }, 1>,
    /// One entry per new shift that breaks no rule but may be a mistake.
    pub warnings: ShiftWarningList<{ MAX_REPEAT }>,
}

/// A warning about a new shift.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftWarning {
    #[schema(inline)]
    pub code: WarningCode,
    /// The shift's length in minutes.
    #[schema(minimum = 481, maximum = 1440)]
    pub minutes: i64,
    /// The shift's start, epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub start: i64,
}

crate::domain::list::component_list!(ShiftWarningList = ShiftWarning);

/// What a shift warning is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WarningCode {
    /// Longer than 8 hours.
    LongShift,
}

/// `createShift`: one shift, or one per start time of `repeat`, all drafts.
#[derive(Debug)]
pub struct CreateShifts {
    pub by: Caller,
    pub title: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub role: Option<RoleId>,
    pub assigned: Option<EmployeeId>,
    /// Start instants of the occurrences: each keeps the first one's local end time.
    pub repeat: Vec<DateTime<Utc>>,
    /// Local dates of the occurrences: each keeps the first one's local start and end times.
    pub repeat_dates: Vec<NaiveDate>,
    pub open_ended: bool,
    pub tasks: Value,
}

impl Command for CreateShifts {
    fn name(&self) -> &'static str {
        "createShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let zone = state.zone();
        let first = schedule::shift_span(zone, self.start, self.end, self.open_ended)
            .map_err(shift_error)?;
        check_role(state, self.role)?;
        // Every occurrence keeps the first one's wall-clock times in the store's zone; its real
        // length follows (an hour shorter or longer across a clock change).
        let mut spans: Vec<Span> = if self.repeat.is_empty() && self.repeat_dates.is_empty() {
            vec![first]
        } else {
            self.repeat
                .iter()
                .map(|start| template::keep_wall_times(zone, first, *start))
                .chain(
                    self.repeat_dates
                        .iter()
                        .map(|date| template::on_date(zone, first, *date, self.open_ended)),
                )
                .collect()
        };
        spans.sort_unstable_by_key(|s| s.start);
        spans.dedup_by_key(|s| s.start);
        if spans.len() > MAX_REPEAT {
            return Err(AppError::invalid(format!(
                "repeat can make at most {MAX_REPEAT} shifts."
            )));
        }
        let assigned = self.assigned.map(|e| state.resolve_employee(e));
        let mut facts = match assigned {
            Some(e) => Some(assignee_facts(state, e, None)?),
            None => None,
        };
        let email = assigned
            .and_then(|e| state.employee(e))
            .map(|e| e.email.clone());
        let mut effects = Effects::default();
        let mut views = Vec::with_capacity(spans.len());
        let mut warnings = Vec::new();
        for span in spans {
            plannable(&span, now)?;
            if let Some(f) = facts.as_mut() {
                schedule::check_create(zone, &span, &f.view(self.role)).map_err(shift_error)?;
                // Later repeats must not overlap the ones made before them.
                f.others
                    .push(schedule::occupied(zone, span, self.open_ended));
            }
            if !self.open_ended && shift::is_long(span.start, span.end) {
                warnings.push(ShiftWarning {
                    code: WarningCode::LongShift,
                    minutes: (span.end - span.start).num_minutes(),
                    start: span.start.timestamp_millis(),
                });
            }
            let row = Shift {
                open_ended: self.open_ended,
                assigned,
                assignee_email: email.clone(),
                role_id: self.role,
                tasks: self.tasks.clone(),
                ..Shift::draft(
                    state.store.id,
                    self.title.clone(),
                    span.start,
                    span.end,
                    now,
                )
            };
            let view = ShiftView::of(&row, now);
            effects
                .events
                .push(event("shift.created", view.to_json(), Audience::Managers));
            effects.writes.push(Write::PutShift(Box::new(row)));
            views.push(view);
        }
        effects.reply = Reply::new(CreatedShifts {
            shifts: views.into(),
            warnings: warnings.into(),
        });
        Ok(effects)
    }
}
