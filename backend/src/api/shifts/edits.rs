//! Calls on one shift: a manager creates, changes, deletes, rates it or reminds its assignee;
//! the assignee confirms or declines it.

use super::fields::{caller, nullable, reason, tasks, REASON_MAX};
use crate::calls::bounded::{self, RequiredText, Text};
use crate::calls::input::{self, NAME_MAX};
use crate::calls::{Access, Call, Ctx};
use crate::domain::ids::{EmployeeId, RoleId, ShiftId};
use crate::domain::list::DateList;
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::shifts::{
    AnswerShift, CreateShifts, CreatedShifts, DeletedShift, OwnAction, Reminded, ShiftChanges,
    MAX_REPEAT,
};
use crate::store::views::ShiftView;
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

/// `createShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateShift {
    pub title: RequiredText<{ NAME_MAX }>,
    /// Epoch ms.
    pub start: bounded::Instant,
    /// Epoch ms; before `start` means the shift ends the next day.
    pub end: bounded::Instant,
    pub role: RoleId,
    /// The assignee's employee record id; absent or empty for an open shift.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub assigned: Option<EmployeeId>,
    /// Ignored: the assignee's e-mail is taken from their record.
    #[serde(default)]
    pub assignee_email: Option<String>,
    /// Start times (epoch ms): one shift per entry, each ending at the first shift's local end
    /// time in the store's zone (so across a clock change its real length follows the clocks).
    #[serde(default)]
    pub repeat: bounded::InstantList<{ MAX_REPEAT }>,
    /// Local dates (YYYY-MM-DD) in the store's zone: one shift per date with the first shift's
    /// local start and end times. With `repeat`, both are made.
    #[serde(default)]
    pub repeat_dates: DateList<{ MAX_REPEAT }>,
    /// Open-ended: no planned end.
    #[serde(default, rename = "oe")]
    pub open_ended: bool,
    /// A list of objects of at most 16 KiB as JSON.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub tasks: Option<Value>,
}

impl Call for CreateShift {
    const NAME: &'static str = "createShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Create a draft shift, or one per `repeat` start time. Answers the shifts and warnings.";
    type Output = CreatedShifts;

    #[tracing::instrument(name = "createShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<CreatedShifts> {
        // Both lists make shifts: they count together.
        if self.repeat.len() + self.repeat_dates.len() > MAX_REPEAT {
            return Err(AppError::invalid(format!(
                "repeat can make at most {MAX_REPEAT} shifts."
            )));
        }
        let repeat = self
            .repeat
            .iter()
            .map(|ms| input::instant("repeat", *ms))
            .collect::<AppResult<Vec<_>>>()?;
        let cmd = CreateShifts {
            by: caller(&ctx)?,
            title: self.title.required("title")?,
            start: input::instant("start", self.start)?,
            end: input::instant("end", self.end)?,
            role: Some(self.role),
            assigned: self.assigned,
            repeat,
            repeat_dates: self.repeat_dates.0,
            open_ended: self.open_ended,
            tasks: tasks(self.tasks)?.unwrap_or_else(|| json!([])),
        };
        ctx.execute(cmd).await
    }
}

/// The changed fields of `updateShift`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatedShift {
    pub title: Option<RequiredText<{ NAME_MAX }>>,
    /// Epoch ms.
    pub start: Option<bounded::Instant>,
    /// Epoch ms; before `start` means the shift ends the next day.
    pub end: Option<bounded::Instant>,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub role: Option<RoleId>,
    /// An employee record id; `null` or `""` makes the shift open; absent keeps it.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub assigned: Option<Option<EmployeeId>>,
    #[serde(rename = "oe")]
    pub open_ended: Option<bool>,
    /// A list of objects of at most 16 KiB as JSON.
    #[schema(value_type = Option<Vec<Object>>)]
    pub tasks: Option<Value>,
    /// The version the editor saw: an older one than the current gets 409.
    pub version: Option<i64>,
}

/// `updateShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = UpdateShiftCall)]
pub struct UpdateShift {
    pub shift_id: ShiftId,
    pub updated_shift: UpdatedShift,
    /// Why an announced shift is cancelled; empty means none.
    #[serde(default)]
    pub cancel_reason: Option<Text<{ REASON_MAX }>>,
}

impl Call for UpdateShift {
    const NAME: &'static str = "updateShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Change a shift. Naming an older `version` than the current gets 409 with the current shift.";
    type Output = ShiftView;

    #[tracing::instrument(name = "updateShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ShiftView> {
        let u = self.updated_shift;
        let changes = ShiftChanges {
            title: u.title.map(|t| t.required("title")).transpose()?,
            start: u.start.map(|ms| input::instant("start", ms)).transpose()?,
            end: u.end.map(|ms| input::instant("end", ms)).transpose()?,
            role: u.role,
            assigned: u.assigned,
            open_ended: u.open_ended,
            tasks: tasks(u.tasks)?,
        };
        let cmd = crate::store::shifts::UpdateShift {
            by: caller(&ctx)?,
            id: self.shift_id,
            changes,
            version: u.version,
            cancel_reason: reason(self.cancel_reason)?,
        };
        ctx.execute(cmd).await
    }
}

/// `deleteShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DeleteShiftCall)]
pub struct DeleteShift {
    pub shift_id: ShiftId,
    /// Why an announced shift is cancelled; empty means none.
    #[serde(default)]
    pub cancel_reason: Option<Text<{ REASON_MAX }>>,
}

impl Call for DeleteShift {
    const NAME: &'static str = "deleteShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Delete a draft, or cancel an announced shift more than 24 hours ahead.";
    type Output = DeletedShift;

    #[tracing::instrument(name = "deleteShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<DeletedShift> {
        let cmd = crate::store::shifts::DeleteShift {
            by: caller(&ctx)?,
            id: self.shift_id,
            cancel_reason: reason(self.cancel_reason)?,
        };
        ctx.execute(cmd).await
    }
}

/// A call naming one shift of a store.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OneShift {
    #[serde(alias = "shift")]
    pub shift_id: ShiftId,
}

macro_rules! one_shift_call {
    ($(#[$attr:meta])* $ty:ident, $name:literal, $access:expr, $summary:literal, $out:ty, |$c:ident, $id:ident| $make:expr) => {
        #[derive(Debug, Deserialize, ToSchema)]
        $(#[$attr])*
        pub struct $ty(pub OneShift);

        impl Call for $ty {
            const NAME: &'static str = $name;
            const ACCESS: Access = $access;
            const SUMMARY: &'static str = $summary;
            type Output = $out;


            #[tracing::instrument(name = $name, skip_all)]
            async fn run(self, ctx: Ctx) -> AppResult<$out> {
                let $c = caller(&ctx)?;
                let $id = self.0.shift_id;
                ctx.execute($make).await
            }
        }
    };
}

one_shift_call!(
    /// `confirmShift`, by the assignee.
    ConfirmShift, "confirmShift", Access::Store(Perms::NONE),
    "Confirm one's own published shift; confirming twice changes nothing.",
    ShiftView,
    |by, id| AnswerShift { by, id, action: OwnAction::Confirm }
);
one_shift_call!(
    /// `declineShift`, by the assignee.
    DeclineShift, "declineShift", Access::Store(Perms::NONE),
    "Decline one's own announced shift before it starts.",
    ShiftView,
    |by, id| AnswerShift { by, id, action: OwnAction::Decline }
);
one_shift_call!(
    /// `remindShift`.
    #[schema(as = RemindShiftCall)]
    RemindShift, "remindShift", Access::Store(Perms::SCHEDULE),
    "Remind the assignee to confirm an upcoming published shift.",
    Reminded,
    |by, id| crate::store::shifts::RemindShift { by, id }
);

/// `rateShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = RateShiftCall)]
pub struct RateShift {
    pub shift_id: ShiftId,
    /// Stars, 1 to 5.
    #[schema(minimum = 1, maximum = 5)]
    pub rate: i16,
}

impl Call for RateShift {
    const NAME: &'static str = "rateShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Rate a finished shift from 1 to 5.";
    type Output = ShiftView;

    #[tracing::instrument(name = "rateShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ShiftView> {
        let cmd = crate::store::shifts::RateShift {
            by: caller(&ctx)?,
            id: self.shift_id,
            rate: self.rate,
        };
        ctx.execute(cmd).await
    }
}
