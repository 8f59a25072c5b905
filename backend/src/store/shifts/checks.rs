//! The schedule checks a planned shift must pass: the planning window, the role, and its
//! assignee's facts (roles, other shifts, availability, time off).

use crate::db::models::shift::Shift;
use crate::domain::availability::Window;
use crate::domain::ids::{EmployeeId, RoleId, ShiftId};
use crate::domain::request::{RequestKind, RequestStatus};
use crate::domain::schedule::{self, Assignee, Span};
use crate::domain::time_off;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::shifts::shared::shift_error;
use crate::store::state::StoreState;
use chrono::{DateTime, Duration, Utc};
use serde_json::json;

/// How far back a shift may lie (the store keeps that much history at hand for its checks).
pub const PAST_LIMIT: Duration = Duration::days(60);
/// How far ahead a shift may be planned.
pub const FUTURE_LIMIT: Duration = Duration::days(5 * 366);

/// Refuses spans outside the planning window.
pub(crate) fn plannable(span: &Span, now: DateTime<Utc>) -> AppResult<()> {
    if span.end < now - PAST_LIMIT || span.start > now + FUTURE_LIMIT {
        return Err(
            AppError::bad_request("out_of_range", messages::SHIFT_OUT_OF_RANGE)
                .with_details(json!({ "type": 4 })),
        );
    }
    Ok(())
}

/// The assignee as the schedule checks see them, with their other shifts (except `except`)
/// and any spans being created in the same call.
pub(crate) struct AssigneeFacts {
    name: String,
    roles: Vec<uuid::Uuid>,
    pub(crate) others: Vec<Span>,
    availability: Vec<Window>,
    time_off: Vec<time_off::Span>,
}

pub(crate) fn assignee_facts(
    state: &StoreState,
    employee: EmployeeId,
    except: Option<ShiftId>,
) -> AppResult<AssigneeFacts> {
    let e = state
        .employee(employee)
        .filter(|e| !e.deactive)
        .ok_or_else(|| {
            AppError::bad_request("employee_not_found", messages::NO_EMPLOYEE_DOCUMENT)
                .with_details(json!({ "type": 4 }))
        })?;
    let zone = state.zone();
    let others = state
        .occupying_shifts_of(employee)
        .filter(|s| Some(s.id) != except)
        .map(|s| {
            schedule::occupied(
                zone,
                Span {
                    start: s.start_at,
                    end: s.end_at,
                },
                s.open_ended,
            )
        })
        .collect();
    let name = e.shown_name().trim();
    let availability = state
        .availability_of(employee)
        .filter_map(|w| w.window())
        .collect();
    let time_off = state
        .requests
        .values()
        .filter(|r| r.employee_id == employee)
        .filter(|r| r.kind == RequestKind::TimeOff)
        .filter(|r| r.status == RequestStatus::Accepted)
        .filter_map(|r| r.span())
        .collect();
    Ok(AssigneeFacts {
        availability,
        time_off,
        name: if name.is_empty() {
            schedule::UNKNOWN_EMPLOYEE.to_string()
        } else {
            name.to_string()
        },
        roles: e.role_ids.clone(),
        others,
    })
}

impl AssigneeFacts {
    pub(crate) fn view(&self, role: Option<RoleId>) -> Assignee<'_> {
        Assignee {
            name: &self.name,
            has_role: role.is_none_or(|r| self.roles.contains(&r.0)),
            other_shifts: &self.others,
            availability: &self.availability,
            time_off: &self.time_off,
        }
    }
}

pub(crate) fn check_role(state: &StoreState, role: Option<RoleId>) -> AppResult<()> {
    match role {
        Some(r) if state.role(r).is_none() => Err(AppError::bad_request(
            "role_not_found",
            messages::ROLE_NOT_FOUND,
        )
        .with_details(json!({ "type": 4 }))),
        _ => Ok(()),
    }
}

/// Runs the schedule checks for `employee` taking over `s` as it is (a grab or a take from the
/// pool): role, availability, time off and conflicts with their other shifts.
pub(crate) fn check_taker(state: &StoreState, employee: EmployeeId, s: &Shift) -> AppResult<()> {
    let zone = state.zone();
    let facts = assignee_facts(state, employee, Some(s.id))?;
    let span = Span {
        start: s.start_at,
        end: s.end_at,
    };
    schedule::check_update(
        zone,
        &schedule::occupied(zone, span, s.open_ended),
        &facts.view(s.role_id),
    )
    .map_err(shift_error)
}

/// An employee as auto-assign weighs them: the same facts the schedule checks read.
pub(super) fn candidate(
    state: &StoreState,
    employee: EmployeeId,
) -> AppResult<crate::domain::autoassign::Candidate> {
    let f = assignee_facts(state, employee, None)?;
    Ok(crate::domain::autoassign::Candidate {
        id: employee.0,
        name: f.name,
        roles: f.roles,
        shifts: f.others,
        availability: f.availability,
        time_off: f.time_off,
    })
}
