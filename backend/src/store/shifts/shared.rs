//! What the shift commands share: the caller, finding shifts, their errors, a shift's next
//! version and the drop requests a change lapses.

use crate::db::models::shift::Shift;
use crate::domain::audience::Audience;
use crate::domain::ids::{EmployeeId, ShiftId, UserId};
use crate::domain::permissions::Perms;
use crate::domain::request::{RequestKind, RequestStatus};
use crate::domain::schedule::ShiftError;
use crate::domain::shift::Refusal;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Effects, Write};
use crate::store::shifts::audience::event;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde_json::json;

/// Most shifts one batch call may name.
pub const MAX_BATCH_IDS: usize = 1000;

/// Who runs a command.
#[derive(Debug, Clone, Copy)]
pub struct Caller {
    pub user: UserId,
    pub employee: EmployeeId,
    pub perms: Perms,
}

/// A refused shift: the spec's message and type, and the message's parameters beside them
/// (`name`, `count`, `from`, `to`, `dates`) for clients that word it themselves.
pub(super) fn shift_error(e: ShiftError) -> AppError {
    let mut details = e.params();
    details["type"] = json!(e.ty());
    AppError::bad_request(e.code(), e.to_string()).with_details(details)
}

pub(super) fn refusal(e: Refusal) -> AppError {
    let code = match e {
        Refusal::OpenShift => "open_shift",
        Refusal::WrongStatus(_) => "wrong_status",
        Refusal::TooLateToCancel => "too_late_to_cancel",
        Refusal::NotStarted => "not_started",
        Refusal::AlreadyStarted => "already_started",
        Refusal::WorkedTimes => "invalid_worked_times",
        Refusal::ClockedWork => "clocked_work",
    };
    AppError::bad_request(code, e.to_string()).with_details(json!({ "type": 4 }))
}

pub(super) fn shift_not_found() -> AppError {
    AppError::not_found("shift_not_found", messages::SHIFT_NOT_FOUND)
}

pub(super) fn find(state: &StoreState, id: ShiftId) -> AppResult<&Shift> {
    state.shifts.get(&id).ok_or_else(shift_not_found)
}

/// A copy of the shift with its version bumped, as changed at `now`.
pub(crate) fn next_version(s: &Shift, now: DateTime<Utc>) -> Shift {
    let mut next = s.clone();
    next.version += 1;
    next.updated_at = now;
    next
}

pub(super) fn dedup(ids: &[ShiftId]) -> Vec<ShiftId> {
    let mut seen = std::collections::HashSet::new();
    ids.iter().copied().filter(|id| seen.insert(*id)).collect()
}

/// A shift that changed hands or times loses its open drop request.
pub(crate) fn lapse_drop_requests(
    state: &StoreState,
    shift: ShiftId,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    for r in state.requests.values().filter(|r| {
        r.kind == RequestKind::DropShift
            && r.shift_id == Some(shift)
            && matches!(r.status, RequestStatus::Pending | RequestStatus::Grabbed)
    }) {
        let mut next = r.clone();
        next.status = RequestStatus::Cancelled;
        next.updated_at = now;
        effects.events.push(event(
            "request.updated",
            json!(crate::store::request_views::RequestView::new(
                &next,
                state.employee(next.employee_id)
            )),
            Audience::Everyone,
        ));
        effects.writes.push(Write::PutRequest(Box::new(next)));
    }
}
