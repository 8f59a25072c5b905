//! `autoAssignment` (a proposal, read from the working set), its acceptance as drafts in one
//! commit, and `getAssignableEmployees`.

use crate::db::models::shift::Shift;
use crate::domain::autoassign::{self, Candidate, Limits, OpenShift, Reason};
use crate::domain::clock::ClockSettings;
use crate::domain::ids::{EmployeeId, RoleId, ShiftId, UserId};
use crate::domain::schedule::{self, Assignee, Span};
use crate::domain::shift::Status;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, Reply};
use crate::store::shifts::audience::changed;
use crate::store::shifts::checks::candidate;
use crate::store::shifts::shared::{find, next_version};
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use serde_json::json;
use std::collections::HashMap;
use utoipa::ToSchema;

/// The store's rules of the week, from its settings.
fn limits(state: &StoreState) -> Limits {
    let settings = ClockSettings::read(&state.store.clock);
    Limits {
        weekly_minutes: i64::from(settings.overtime_weekly_minutes),
        min_rest: Duration::minutes(i64::from(settings.min_rest_minutes)),
        week_start: state.store.week_start(),
    }
}

/// Every active employee as a candidate.
fn candidates(state: &StoreState) -> Vec<Candidate> {
    state
        .current_employees()
        .filter(|e| !e.deactive)
        .filter_map(|e| candidate(state, e.id).ok())
        .collect()
}

/// The time a shift occupies.
fn occupied(state: &StoreState, s: &Shift) -> Span {
    schedule::occupied(
        state.zone(),
        Span {
            start: s.start_at,
            end: s.end_at,
        },
        s.open_ended,
    )
}

/// An open shift auto-assign may fill: a draft without an assignee that has not started.
fn fillable(s: &Shift, now: DateTime<Utc>) -> bool {
    s.assigned.is_none() && s.status == Status::Draft && s.start_at > now
}

/// One proposed assignment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposedAssignment {
    pub shift: ShiftId,
    /// The shift's version the proposal was made on; accepting names it.
    pub version: i64,
    pub employee: EmployeeId,
    /// The employee's shown name.
    pub name: String,
    /// Epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub start: i64,
    /// Epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub end: i64,
    #[schema(required = true)]
    pub role: Option<RoleId>,
    pub title: String,
}

/// An open shift nobody can take, and why.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UnfilledShift {
    pub shift: ShiftId,
    /// The rule most people who hold its role were refused for (`no_role`: nobody holds it).
    pub reason: Reason,
    /// Epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub start: i64,
    /// Epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub end: i64,
    #[schema(required = true)]
    pub role: Option<RoleId>,
    pub title: String,
}

/// The answer of `autoAssignment`: who would take each open draft of the range, and the ones
/// left open. Nothing changes until the proposal is accepted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AutoAssignment {
    pub assignments: Vec<ProposedAssignment>,
    pub unfilled: Vec<UnfilledShift>,
    /// The weekly limit and least rest the proposal kept to, in minutes.
    #[schema(minimum = 60, maximum = 10080)]
    pub weekly_minutes: i64,
    #[schema(minimum = 0, maximum = 1440)]
    pub min_rest_minutes: i64,
}

/// `autoAssignment`: proposes an employee for every open draft starting in `[start, end)`.
#[derive(Debug)]
pub struct ProposeAssignments {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

impl Command for ProposeAssignments {
    fn name(&self) -> &'static str {
        "autoAssignment"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let limits = limits(state);
        let open: Vec<&Shift> = state
            .shifts
            .values()
            .filter(|s| fillable(s, now) && s.start_at >= self.start && s.start_at < self.end)
            .collect();
        let shifts: Vec<OpenShift> = open
            .iter()
            .map(|s| OpenShift {
                id: s.id.0,
                span: occupied(state, s),
                role: s.role_id.map(|r| r.0),
            })
            .collect();
        let people = candidates(state);
        let proposal = autoassign::propose(state.zone(), limits, &shifts, &people);
        let by_id: HashMap<uuid::Uuid, &Shift> = open.iter().map(|s| (s.id.0, *s)).collect();
        let names: HashMap<uuid::Uuid, &str> =
            people.iter().map(|c| (c.id, c.name.as_str())).collect();
        let assignments = proposal
            .assigned
            .iter()
            .filter_map(|a| {
                let s = by_id.get(&a.shift)?;
                Some(ProposedAssignment {
                    shift: s.id,
                    version: s.version,
                    employee: EmployeeId(a.employee),
                    name: names.get(&a.employee).copied().unwrap_or_default().into(),
                    start: s.start_at.timestamp_millis(),
                    end: s.end_at.timestamp_millis(),
                    role: s.role_id,
                    title: s.title.clone(),
                })
            })
            .collect();
        let unfilled = proposal
            .unfilled
            .iter()
            .filter_map(|u| {
                let s = by_id.get(&u.shift)?;
                Some(UnfilledShift {
                    shift: s.id,
                    reason: u.reason,
                    start: s.start_at.timestamp_millis(),
                    end: s.end_at.timestamp_millis(),
                    role: s.role_id,
                    title: s.title.clone(),
                })
            })
            .collect();
        Ok(Effects::nothing(AutoAssignment {
            assignments,
            unfilled,
            weekly_minutes: limits.weekly_minutes,
            min_rest_minutes: limits.min_rest.num_minutes(),
        }))
    }
}

/// One row of a proposal the manager accepts.
#[derive(Debug, Clone, Copy)]
pub struct Accepted {
    pub shift: ShiftId,
    pub employee: EmployeeId,
    /// The shift's version in the proposal.
    pub version: i64,
}

/// Accepting a proposal (all of it or chosen rows): each shift takes its employee, staying a
/// draft, all in one commit. A shift changed since the proposal, or an employee who can no
/// longer take it by the rules auto-assign keeps, refuses the whole acceptance.
#[derive(Debug)]
pub struct AcceptAssignments {
    pub rows: Vec<Accepted>,
}

impl Command for AcceptAssignments {
    fn name(&self) -> &'static str {
        "acceptAutoAssignment"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let zone = state.zone();
        let limits = limits(state);
        // Each employee's facts, with the rows accepted before in this call added.
        let mut people: HashMap<EmployeeId, Candidate> = HashMap::new();
        let mut seen = std::collections::HashSet::new();
        let mut effects = Effects::default();
        let mut views = Vec::with_capacity(self.rows.len());
        for row in &self.rows {
            let current = find(state, row.shift)?;
            if !seen.insert(row.shift) || current.version != row.version || !fillable(current, now)
            {
                return Err(AppError::conflict("stale_shift", messages::STALE_SHIFT)
                    .with_details(json!({ "shift": ShiftView::of(current, now) })));
            }
            let employee = state.resolve_employee(row.employee);
            let who = match people.entry(employee) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(candidate(state, employee)?)
                }
            };
            let open = OpenShift {
                id: current.id.0,
                span: occupied(state, current),
                role: current.role_id.map(|r| r.0),
            };
            let week = autoassign::week_key(zone, limits.week_start, &open.span);
            let have = autoassign::weekly_minutes(zone, limits.week_start, &who.shifts)
                .get(&week)
                .copied()
                .unwrap_or(0);
            if let Err(reason) = autoassign::check(zone, limits, &open, who, have) {
                return Err(
                    AppError::conflict("assignment_refused", messages::ASSIGNMENT_REFUSED)
                        .with_details(json!({
                            "shift": current.id,
                            "employee": employee,
                            "name": who.name,
                            "reason": reason,
                        })),
                );
            }
            who.shifts.push(open.span);
            let mut next = next_version(current, now);
            next.assigned = Some(employee);
            next.assignee_email = state.employee(employee).map(|e| e.email.clone());
            // An assignee change leaves a draft a draft; its assignee sees it once published.
            views.push(ShiftView::of(&next, now));
            changed(state, current, next, now, &mut effects);
        }
        effects.reply = Reply::new(views);
        Ok(effects)
    }
}

/// An employee a public caller may be offered: no contact details, no pay.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignableEmployee {
    /// The employee's user id (what a reservation names).
    pub uid: UserId,
    pub display_name: String,
    #[schema(required = true)]
    pub display_img: Option<String>,
}

/// The answer of `getAssignableEmployees`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignableEmployees {
    pub employees: Vec<AssignableEmployee>,
}

/// `getAssignableEmployees`: the store's active, joined employees who hold the role and are
/// available for the time (availability and accepted time off, as `createShift` checks them);
/// with `busy_counts`, also free of other shifts and booked sessions then. Asked for a
/// bookable event, the role is the event's.
#[derive(Debug)]
pub struct FindAssignable {
    pub role: RoleId,
    pub event: Option<crate::domain::ids::EventId>,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub busy_counts: bool,
}

impl Command for FindAssignable {
    fn name(&self) -> &'static str {
        "getAssignableEmployees"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let role = match self.event {
            Some(id) => state
                .booking
                .events
                .get(&id)
                .and_then(|e| e.role_id)
                .ok_or_else(|| AppError::not_found("event_not_found", "Event not found."))?,
            None => self.role,
        };
        if state.role(role).is_none() {
            return Err(AppError::not_found(
                "role_not_found",
                messages::ROLE_NOT_FOUND,
            ));
        }
        let zone = state.zone();
        let span = Span {
            start: self.start,
            end: self.end,
        };
        let mut employees: Vec<AssignableEmployee> = state
            .current_employees()
            .filter(|e| !e.deactive)
            .filter_map(|e| {
                let uid = e.user_id?;
                let c = candidate(state, e.id).ok()?;
                let none: &[Span] = &[];
                let view = Assignee {
                    name: &c.name,
                    has_role: c.roles.contains(&role.0),
                    other_shifts: if self.busy_counts { &c.shifts } else { none },
                    availability: &c.availability,
                    time_off: &c.time_off,
                };
                schedule::check_create(zone, &span, &view).ok()?;
                if self.busy_counts
                    && state
                        .booking
                        .sessions_of(e.id)
                        .any(|s| s.span().overlaps(&span))
                {
                    return None;
                }
                Some(AssignableEmployee {
                    uid,
                    display_name: e.shown_name().to_string(),
                    display_img: e.display_img.clone().or_else(|| e.img.clone()),
                })
            })
            .collect();
        employees.sort_by_key(|e| e.display_name.to_lowercase());
        Ok(Effects::nothing(AssignableEmployees { employees }))
    }
}
