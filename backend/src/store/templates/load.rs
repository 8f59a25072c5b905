//! Checking and loading a weekly or daily template into a week or day: each template shift is
//! placed on its local date and times, and its assignee is checked with `createShift`'s rules.
//! Loading creates the drafts in one commit: open template shifts go in open, assigned ones
//! that pass keep their assignee, failing ones go to the failed buckets and are not created,
//! and ones that can no longer be made (a role or employee gone, outside the planning window)
//! are skipped and reported as `invalid`.

use crate::db::models::shift::Shift;
use crate::domain::audience::Audience;
use crate::domain::calendar;
use crate::domain::ids::{EmployeeId, RoleId, TemplateId};
use crate::domain::schedule;
use crate::domain::template::{self, Bucket, Kind, MAX_SHIFTS};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, Reply, Write};
use crate::store::shifts::{assignee_facts, plannable, AssigneeFacts, Caller};
use crate::store::state::StoreState;
use crate::store::templates::shared::find;
use crate::store::views::{ShiftView, ShiftViewList};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use utoipa::ToSchema;

/// A template shift as placed on the dates asked. Instants are epoch milliseconds.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlacedShift {
    pub title: String,
    pub start: i64,
    pub end: i64,
    #[schema(required = true)]
    pub role: Option<RoleId>,
    /// Why it cannot go to its employee, in the spec's words.
    pub message: String,
}

crate::domain::list::component_list!(PlacedShiftList = PlacedShift);

/// One bucket of the load checks: an employee and the template shifts that break one rule.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckEntry {
    /// The employee record; `null` for shifts that cannot be made at all (`invalid`).
    #[schema(required = true)]
    pub employee: Option<EmployeeId>,
    /// The employee's shown name.
    #[schema(required = true)]
    pub name: Option<String>,
    /// shift (conflicts), timeoff, availability, role (the employee lacks the template
    /// shift's role) or invalid (a role or employee gone, or outside the planning window).
    #[serde(rename = "type")]
    #[schema(inline)]
    pub kind: EntryKind,
    pub shifts: PlacedShiftList<{ MAX_SHIFTS }, 1>,
}

crate::domain::list::component_list!(CheckEntryList = CheckEntry);

/// The type of a check entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    Shift,
    Timeoff,
    Availability,
    Role,
    Invalid,
}

impl From<Bucket> for EntryKind {
    fn from(b: Bucket) -> EntryKind {
        match b {
            Bucket::Shift => EntryKind::Shift,
            Bucket::Timeoff => EntryKind::Timeoff,
            Bucket::Availability => EntryKind::Availability,
            Bucket::Role => EntryKind::Role,
        }
    }
}

/// What loading a template made.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoadedTemplate {
    /// The new drafts, in start order.
    pub shifts: ShiftViewList<{ MAX_SHIFTS }>,
    /// The template shifts not made, by employee and rule.
    pub failed: CheckEntryList<{ MAX_SHIFTS }>,
}

/// The plan of a load: the rows to create, and the buckets of those not made.
struct Plan {
    rows: Vec<Shift>,
    failed: Vec<CheckEntry>,
}

fn plan(
    state: &StoreState,
    id: TemplateId,
    kind: Kind,
    first: NaiveDate,
    now: DateTime<Utc>,
) -> AppResult<Plan> {
    let t = find(state, id, &[kind])?;
    let zone = state.zone();
    if first < calendar::local_date(zone, now) {
        return Err(AppError::bad_request(
            "template_in_past",
            template::IN_THE_PAST,
        ));
    }
    let shifts = t.template_shifts();
    if shifts.is_empty() {
        return Err(AppError::bad_request("empty_template", template::EMPTY));
    }
    let mut facts: HashMap<EmployeeId, AssigneeFacts> = HashMap::new();
    let mut buckets: BTreeMap<(Option<EmployeeId>, EntryKind), Vec<PlacedShift>> = BTreeMap::new();
    let mut rows = Vec::new();
    for ts in &shifts {
        let span = template::place(zone, first, ts);
        let placed = |message: String| PlacedShift {
            title: ts.title.clone(),
            start: span.start.timestamp_millis(),
            end: span.end.timestamp_millis(),
            role: ts.role,
            message,
        };
        if ts.role.is_some_and(|r| state.role(r).is_none()) {
            buckets
                .entry((None, EntryKind::Invalid))
                .or_default()
                .push(placed(messages::ROLE_NOT_FOUND.to_string()));
            continue;
        }
        if let Err(e) = plannable(&span, now) {
            buckets
                .entry((None, EntryKind::Invalid))
                .or_default()
                .push(placed(e.to_string()));
            continue;
        }
        let assigned = match ts.assigned.map(|e| state.resolve_employee(e)) {
            None => None,
            Some(e) => {
                let f = match facts.entry(e) {
                    std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
                    std::collections::hash_map::Entry::Vacant(v) => {
                        match assignee_facts(state, e, None) {
                            Ok(f) => v.insert(f),
                            Err(err) => {
                                buckets
                                    .entry((None, EntryKind::Invalid))
                                    .or_default()
                                    .push(placed(err.to_string()));
                                continue;
                            }
                        }
                    }
                };
                let occupied = schedule::occupied(zone, span, ts.open_ended);
                if let Err(failure) = template::check(zone, &occupied, &f.view(ts.role)) {
                    buckets
                        .entry((Some(e), failure.bucket.into()))
                        .or_default()
                        .push(placed(failure.message));
                    continue;
                }
                // Later template shifts of the employee must not overlap this one.
                f.others.push(occupied);
                Some(e)
            }
        };
        rows.push(Shift {
            open_ended: ts.open_ended,
            assigned,
            assignee_email: assigned
                .and_then(|e| state.employee(e))
                .map(|e| e.email.clone()),
            role_id: ts.role,
            tasks: ts.tasks.clone(),
            ..Shift::draft(state.store.id, ts.title.clone(), span.start, span.end, now)
        });
    }
    rows.sort_by_key(|r| (r.start_at, r.id));
    let failed = buckets
        .into_iter()
        .map(|((employee, kind), shifts)| CheckEntry {
            employee,
            name: employee
                .and_then(|e| state.employee(e))
                .map(|e| e.shown_name().to_string()),
            kind,
            shifts: shifts.into(),
        })
        .collect();
    Ok(Plan { rows, failed })
}

/// The local date of the first day of a range given as an instant.
pub fn first_day(state: &StoreState, at: DateTime<Utc>) -> NaiveDate {
    calendar::local_date(state.zone(), at)
}

/// `checkLoadingWeeklyTemplate` and `checkLoadDailyTemplate`: the buckets of the template
/// shifts that would not be made, changing nothing.
#[derive(Debug)]
pub struct CheckTemplate {
    pub by: Caller,
    pub id: TemplateId,
    pub kind: Kind,
    pub start: DateTime<Utc>,
}

impl Command for CheckTemplate {
    fn name(&self) -> &'static str {
        "checkTemplate"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let p = plan(state, self.id, self.kind, first_day(state, self.start), now)?;
        Ok(Effects::nothing(p.failed))
    }
}

/// `loadWeeklyTemplate` and `loadDailyTemplate`.
#[derive(Debug)]
pub struct LoadTemplate {
    pub by: Caller,
    pub id: TemplateId,
    pub kind: Kind,
    pub start: DateTime<Utc>,
}

impl Command for LoadTemplate {
    fn name(&self) -> &'static str {
        "loadTemplate"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let p = plan(state, self.id, self.kind, first_day(state, self.start), now)?;
        let mut effects = Effects::default();
        let mut views = Vec::with_capacity(p.rows.len());
        for row in p.rows {
            let view = ShiftView::of(&row, now);
            effects.events.push(crate::store::shifts::event(
                "shift.created",
                view.to_json(),
                Audience::Managers,
            ));
            effects.writes.push(Write::PutShift(Box::new(row)));
            views.push(view);
        }
        effects.reply = Reply::new(LoadedTemplate {
            shifts: views.into(),
            failed: p.failed.into(),
        });
        Ok(effects)
    }
}
