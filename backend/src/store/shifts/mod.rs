//! Shift commands. Each plans against the store's state, without I/O: it checks the spec's
//! rules (`domain::shift`, `domain::schedule`) and returns the rows to write, the changes to
//! announce (with who may see them) and its answer.

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
use crate::store::state::StoreState;
use audience::event;
use chrono::{DateTime, Utc};
use serde_json::json;

mod answer;
mod audience;
mod checks;
mod create;
mod notes;
mod publish;
mod release;
mod remove;
mod update;

pub use answer::{AnswerShift, CompleteShift, OwnAction, RateShift, RemindShift, Reminded};
pub(crate) use audience::changed;
pub(crate) use checks::check_taker;
pub use checks::{FUTURE_LIMIT, PAST_LIMIT};
pub use create::{CreateShifts, CreatedShifts, ShiftWarning, WarningCode, MAX_REPEAT};
pub(crate) use notes::{notify_all, shift_note};
pub use publish::{PublishShifts, PublishedShifts};
pub(crate) use release::release;
pub use release::release_upcoming;
pub use remove::{
    BatchOp, BatchShifts, BatchedShifts, ClearSchedule, ClearedSchedule, DeleteShift, DeletedShift,
};
pub use update::{ShiftChanges, UpdateShift};

/// Most shifts one batch call may name.
pub const MAX_BATCH_IDS: usize = 1000;

/// Who runs a command.
#[derive(Debug, Clone, Copy)]
pub struct Caller {
    pub user: UserId,
    pub employee: EmployeeId,
    pub perms: Perms,
}

fn shift_error(e: ShiftError) -> AppError {
    AppError::bad_request(e.code(), e.to_string()).with_details(json!({ "type": e.ty() }))
}

fn refusal(e: Refusal) -> AppError {
    let code = match e {
        Refusal::OpenShift => "open_shift",
        Refusal::WrongStatus(_) => "wrong_status",
        Refusal::TooLateToCancel => "too_late_to_cancel",
        Refusal::NotStarted => "not_started",
        Refusal::AlreadyStarted => "already_started",
    };
    AppError::bad_request(code, e.to_string()).with_details(json!({ "type": 4 }))
}

fn shift_not_found() -> AppError {
    AppError::not_found("shift_not_found", messages::SHIFT_NOT_FOUND)
}

fn find(state: &StoreState, id: ShiftId) -> AppResult<&Shift> {
    state.shifts.get(&id).ok_or_else(shift_not_found)
}

/// A copy of the shift with its version bumped, as changed at `now`.
fn next_version(s: &Shift, now: DateTime<Utc>) -> Shift {
    let mut next = s.clone();
    next.version += 1;
    next.updated_at = now;
    next
}

fn dedup(ids: &[ShiftId]) -> Vec<ShiftId> {
    let mut seen = std::collections::HashSet::new();
    ids.iter().copied().filter(|id| seen.insert(*id)).collect()
}

/// A shift that changed hands or times loses its open drop request.
fn lapse_drop_requests(
    state: &StoreState,
    shift: ShiftId,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    for r in state.requests.values().filter(|r| {
        r.kind() == Some(RequestKind::DropShift)
            && r.shift_id == Some(shift)
            && matches!(r.status(), RequestStatus::Pending | RequestStatus::Grabbed)
    }) {
        let mut next = r.clone();
        next.status = RequestStatus::Cancelled.as_str().into();
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
