//! `undoShiftChanges`: a manager takes back one step of their own board changes, all or
//! nothing, as long as nobody changed the shifts since.
//!
//! What a step can take back: a creation (the draft is deleted), an edit or a move (the fields
//! are put back, with the notices an edit gives), a deleted draft (it comes back as a new
//! draft) and a cancelled shift (it is announced again and its assignee asked to confirm it:
//! they were told of the cancellation, so they are told of its return). Publishing is not
//! taken back: the employees were told, and unpublishing would hide the shift from them
//! without a word; a drop into the pool neither: colleagues were offered the shift.

use crate::db::models::shift::Shift;
use crate::domain::ids::{EmployeeId, RoleId, ShiftId};
use crate::domain::notification::{texts, NotificationKind, Variant};
use crate::domain::schedule;
use crate::domain::shift::Status;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, Reply};
use crate::store::shifts::audience::changed;
use crate::store::shifts::checks::{assignee_facts, plannable};
use crate::store::shifts::create::{CreateShifts, CreatedShifts};
use crate::store::shifts::notes::{notify_all, shift_note};
use crate::store::shifts::remove::{DeleteShift, DeletedShift};
use crate::store::shifts::shared::{next_version, shift_error, Caller};
use crate::store::shifts::update::{ShiftChanges, UpdateShift};
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

/// Most shifts one undo step may name (a batch action's size).
pub const MAX_UNDO_CHANGES: usize = 1000;

/// A shift's fields as they were before the change being undone.
#[derive(Debug, Clone)]
pub struct ShiftFields {
    pub title: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub role: Option<RoleId>,
    pub assigned: Option<EmployeeId>,
    pub open_ended: bool,
    pub tasks: Value,
}

/// One shift's change to take back. `version` is the version the manager's change left: if
/// the shift has another one now, someone changed it since and the step is refused.
#[derive(Debug, Clone)]
pub enum UndoChange {
    /// The manager created the shift: it is deleted.
    Created { id: ShiftId, version: i64 },
    /// The manager edited or moved the shift: `before` is put back.
    Edited {
        id: ShiftId,
        version: i64,
        before: ShiftFields,
    },
    /// The manager deleted a draft: it comes back as a new draft.
    Deleted { id: ShiftId, before: ShiftFields },
    /// The manager cancelled an announced shift: it is announced again.
    Cancelled { id: ShiftId, version: i64 },
}

impl UndoChange {
    fn id(&self) -> ShiftId {
        match self {
            UndoChange::Created { id, .. }
            | UndoChange::Edited { id, .. }
            | UndoChange::Deleted { id, .. }
            | UndoChange::Cancelled { id, .. } => *id,
        }
    }
}

/// One shift after the undo.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UndoneShift {
    /// The shift as the step named it.
    pub id: ShiftId,
    /// The shift now (a deleted draft comes back with a new id); `null` when the undo deleted
    /// it.
    #[schema(required = true)]
    pub shift: Option<ShiftView>,
}

crate::domain::list::component_list!(UndoneShiftList = UndoneShift);

/// The answer of `undoShiftChanges`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UndoneShifts {
    /// One entry per change, in the order named.
    pub shifts: UndoneShiftList<{ MAX_UNDO_CHANGES }>,
}

/// `undoShiftChanges`.
#[derive(Debug)]
pub struct UndoShiftChanges {
    pub by: Caller,
    pub changes: Vec<UndoChange>,
}

/// The refusal of a step whose shift changed since: the code and the shift's title let the
/// app word it in the reader's language.
fn changed_since(title: &str, id: ShiftId) -> AppError {
    AppError::conflict(
        "undo_changed_since",
        messages::UNDO_CHANGED_SINCE.replace("{title}", title),
    )
    .with_details(json!({ "title": title, "shiftId": id }))
}

fn gone(id: ShiftId) -> AppError {
    AppError::conflict("undo_shift_gone", messages::UNDO_SHIFT_GONE)
        .with_details(json!({ "shiftId": id }))
}

/// The shift at the version the manager's change left it.
fn at_version(state: &StoreState, id: ShiftId, version: i64) -> AppResult<&Shift> {
    let s = state.shifts.get(&id).ok_or_else(|| gone(id))?;
    if s.version != version {
        return Err(changed_since(&s.title, id));
    }
    Ok(s)
}

/// Plans `command` and adds its effects to `all`, answering its reply.
fn plan_into<C: Command, T: 'static>(
    command: C,
    state: &StoreState,
    now: DateTime<Utc>,
    all: &mut Effects,
) -> AppResult<T> {
    let planned = command.plan(state, now)?;
    all.writes.extend(planned.writes);
    all.events.extend(planned.events);
    planned.reply.take()
}

impl UndoShiftChanges {
    fn undo(
        &self,
        change: &UndoChange,
        state: &StoreState,
        now: DateTime<Utc>,
        all: &mut Effects,
    ) -> AppResult<Option<ShiftView>> {
        match change {
            UndoChange::Created { id, version } => {
                at_version(state, *id, *version)?;
                let delete = DeleteShift {
                    by: self.by,
                    id: *id,
                    cancel_reason: None,
                };
                let _: DeletedShift = plan_into(delete, state, now, all)?;
                Ok(None)
            }
            UndoChange::Edited {
                id,
                version,
                before,
            } => {
                at_version(state, *id, *version)?;
                let update = UpdateShift {
                    by: self.by,
                    id: *id,
                    changes: ShiftChanges {
                        title: Some(before.title.clone()),
                        start: Some(before.start),
                        end: Some(before.end),
                        role: before.role,
                        assigned: Some(before.assigned),
                        open_ended: Some(before.open_ended),
                        tasks: Some(before.tasks.clone()),
                    },
                    version: Some(*version),
                    cancel_reason: None,
                };
                plan_into::<_, ShiftView>(update, state, now, all).map(Some)
            }
            UndoChange::Deleted { before, .. } => {
                let create = CreateShifts {
                    by: self.by,
                    title: before.title.clone(),
                    start: before.start,
                    end: before.end,
                    role: before.role,
                    assigned: before.assigned,
                    repeat: Vec::new(),
                    repeat_dates: Vec::new(),
                    open_ended: before.open_ended,
                    tasks: before.tasks.clone(),
                };
                let created: CreatedShifts = plan_into(create, state, now, all)?;
                Ok(created.shifts.into_iter().next())
            }
            UndoChange::Cancelled { id, version } => {
                let s = at_version(state, *id, *version)?;
                if s.status != Status::Cancelled {
                    return Err(changed_since(&s.title, *id));
                }
                let span = schedule::shift_span(state.zone(), s.start_at, s.end_at, s.open_ended)
                    .map_err(shift_error)?;
                plannable(&span, now)?;
                // The assignee's week may have filled up since the cancellation.
                if let Some(employee) = s.assigned {
                    let facts = assignee_facts(state, employee, Some(s.id))?;
                    schedule::check_update(
                        state.zone(),
                        &schedule::occupied(state.zone(), span, s.open_ended),
                        &facts.view(s.role_id),
                    )
                    .map_err(shift_error)?;
                }
                let mut next = next_version(s, now);
                next.status = if s.assigned.is_some() {
                    Status::Published
                } else {
                    Status::Draft
                };
                next.cancel_reason = None;
                if let Some(u) = state.user_of(s.assigned) {
                    let note = shift_note(
                        NotificationKind::NewShift,
                        Variant::Info,
                        texts::new_shift(&s.title, state.shift_when(s)),
                        u,
                        self.by.user,
                        s,
                        None,
                    );
                    notify_all(state, vec![note], now, all);
                }
                let view = ShiftView::of(&next, now);
                changed(state, s, next, now, all);
                Ok(Some(view))
            }
        }
    }
}

impl Command for UndoShiftChanges {
    fn name(&self) -> &'static str {
        "undoShiftChanges"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if self.changes.is_empty() || self.changes.len() > MAX_UNDO_CHANGES {
            return Err(AppError::invalid(format!(
                "An undo step names 1 to {MAX_UNDO_CHANGES} shifts."
            )));
        }
        let mut seen = std::collections::HashSet::new();
        if !self.changes.iter().all(|c| seen.insert(c.id())) {
            return Err(AppError::invalid("An undo step names each shift once."));
        }
        let mut all = Effects::default();
        let mut shifts = Vec::with_capacity(self.changes.len());
        for change in &self.changes {
            let id = change.id();
            let shift = self.undo(change, state, now, &mut all).map_err(|e| {
                let mut details = e.details.clone().unwrap_or_else(|| json!({}));
                details["shiftId"] = json!(id);
                e.with_details(details)
            })?;
            shifts.push(UndoneShift { id, shift });
        }
        all.reply = Reply::new(UndoneShifts {
            shifts: shifts.into(),
        });
        Ok(all)
    }
}
