//! `undoShiftChanges`: one undo step of a manager's board changes, applied by the store's
//! actor as one command (all or nothing).

use crate::api::shifts::{caller, tasks};
use crate::calls::bounded;
use crate::calls::input::{self, NAME_MAX};
use crate::calls::{Access, Call, Ctx, Registry};
use crate::domain::ids::{EmployeeId, RoleId, ShiftId};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::shifts::{ShiftFields, UndoChange, UndoneShifts, MAX_UNDO_CHANGES};
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<UndoShiftChanges>();
}

/// A shift's fields before the change being undone.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftBefore {
    pub title: bounded::RequiredText<{ NAME_MAX }>,
    /// Epoch ms.
    pub start: bounded::Instant,
    /// Epoch ms.
    pub end: bounded::Instant,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub role: Option<RoleId>,
    /// The assignee's employee record id; absent or `null` for an open shift.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub assigned: Option<EmployeeId>,
    #[serde(default, rename = "oe")]
    pub open_ended: bool,
    /// A list of objects of at most 16 KiB as JSON.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub tasks: Option<Value>,
}

impl ShiftBefore {
    fn fields(self) -> AppResult<ShiftFields> {
        Ok(ShiftFields {
            title: self.title.required("title")?,
            start: input::instant("start", self.start)?,
            end: input::instant("end", self.end)?,
            role: self.role,
            assigned: self.assigned,
            open_ended: self.open_ended,
            tasks: tasks(self.tasks)?.unwrap_or_else(|| json!([])),
        })
    }
}

/// One shift's change to take back. `version` is the version the manager's change left; a
/// shift changed since refuses the whole step (409 `undo_changed_since`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum UndoEntry {
    /// The shift was created: it is deleted.
    #[serde(rename_all = "camelCase")]
    Created { shift_id: ShiftId, version: i64 },
    /// The shift was edited or moved: `before` is put back (with the notices of an edit).
    #[serde(rename_all = "camelCase")]
    Edited {
        shift_id: ShiftId,
        version: i64,
        before: ShiftBefore,
    },
    /// A draft was deleted: it comes back as a new draft (answered with its new id).
    #[serde(rename_all = "camelCase")]
    Deleted {
        shift_id: ShiftId,
        before: ShiftBefore,
    },
    /// An announced shift was cancelled: it is announced again and its assignee asked to
    /// confirm it.
    #[serde(rename_all = "camelCase")]
    Cancelled { shift_id: ShiftId, version: i64 },
}

crate::domain::list::component_list!(UndoEntryList = UndoEntry);

/// `undoShiftChanges`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = UndoShiftChangesCall)]
pub struct UndoShiftChanges {
    /// The shifts of one undo step, each once.
    pub changes: UndoEntryList<{ MAX_UNDO_CHANGES }, 1>,
}

impl Call for UndoShiftChanges {
    const NAME: &'static str = "undoShiftChanges";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Take back one step of the caller's board changes, all or \
        none; refused when someone changed one of the shifts since. Publishing and drops into \
        the pool are not taken back.";
    type Output = UndoneShifts;

    #[tracing::instrument(name = "undoShiftChanges", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<UndoneShifts> {
        let changes = self
            .changes
            .within(|| {
                AppError::invalid(format!(
                    "An undo step names 1 to {MAX_UNDO_CHANGES} shifts."
                ))
            })?
            .into_iter()
            .map(|entry| {
                Ok(match entry {
                    UndoEntry::Created { shift_id, version } => UndoChange::Created {
                        id: shift_id,
                        version,
                    },
                    UndoEntry::Edited {
                        shift_id,
                        version,
                        before,
                    } => UndoChange::Edited {
                        id: shift_id,
                        version,
                        before: before.fields()?,
                    },
                    UndoEntry::Deleted { shift_id, before } => UndoChange::Deleted {
                        id: shift_id,
                        before: before.fields()?,
                    },
                    UndoEntry::Cancelled { shift_id, version } => UndoChange::Cancelled {
                        id: shift_id,
                        version,
                    },
                })
            })
            .collect::<AppResult<Vec<_>>>()?;
        let cmd = crate::store::shifts::UndoShiftChanges {
            by: caller(&ctx)?,
            changes,
        };
        ctx.execute(cmd).await
    }
}
