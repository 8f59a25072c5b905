//! Shift commands. Each plans against the store's state, without I/O: it checks the spec's
//! rules (`domain::shift`, `domain::schedule`) and returns the rows to write, the changes to
//! announce (with who may see them) and its answer.

mod answer;
mod audience;
mod autoassign;
mod checks;
mod create;
mod notes;
mod publish;
mod release;
mod remove;
mod shared;
mod undo;
mod update;

pub use answer::{AnswerShift, CompleteShift, OwnAction, RateShift, RemindShift, Reminded};
pub(crate) use audience::{changed, created, event, removed};
pub use autoassign::{
    AcceptAssignments, Accepted, AssignableEmployee, AssignableEmployees, AutoAssignment,
    FindAssignable, ProposeAssignments, ProposedAssignment, UnfilledShift,
};
pub(crate) use checks::{assignee_facts, check_role, check_taker, plannable, AssigneeFacts};
pub use checks::{FUTURE_LIMIT, PAST_LIMIT};
pub use create::{CreateShifts, CreatedShifts, ShiftWarning, WarningCode, MAX_REPEAT};
pub(crate) use notes::{notify_all, shift_note};
pub use publish::{PublishShifts, PublishedShifts};
pub(crate) use release::release;
pub use release::release_upcoming;
pub use remove::{
    BatchOp, BatchShifts, BatchedShifts, ClearSchedule, ClearedSchedule, DeleteShift, DeletedShift,
};
pub(crate) use shared::{lapse_drop_requests as lapse_drops, next_version};
pub use shared::{Caller, MAX_BATCH_IDS};
pub use undo::{
    ShiftFields, UndoChange, UndoShiftChanges, UndoneShift, UndoneShifts, MAX_UNDO_CHANGES,
};
pub use update::{ShiftChanges, UpdateShift};
