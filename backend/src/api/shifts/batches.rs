//! Calls on many shifts at once: publishing, clearing a range of drafts, and the batch
//! deletes, drops and openings (all or none).

use super::fields::{caller, ids, reason, ShiftRefList, REASON_MAX};
use crate::calls::bounded::{self, Text};
use crate::calls::input;
use crate::calls::{Access, Call, Ctx};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::shifts::{
    BatchOp, BatchShifts, BatchedShifts, ClearedSchedule, PublishedShifts, MAX_BATCH_IDS,
};
use serde::Deserialize;
use utoipa::ToSchema;

/// The refusal of a batch naming more than `MAX_BATCH_IDS` shifts.
fn too_many() -> AppError {
    AppError::invalid("Too many shifts in one call.")
}

/// `publishShifts`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PublishShiftsCall)]
pub struct PublishShifts {
    /// Shift ids (or objects with an `id`).
    pub shifts: ShiftRefList<{ MAX_BATCH_IDS }>,
}

impl Call for PublishShifts {
    const NAME: &'static str = "publishShifts";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const DENIED: &'static str = messages::NO_PERMISSION_PUBLISH;
    const SUMMARY: &'static str =
        "Publish drafts with an assignee; open shifts are skipped (listed in `skipped`).";
    type Output = PublishedShifts;

    #[tracing::instrument(name = "publishShifts", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<PublishedShifts> {
        let shifts = self.shifts.within(too_many)?;
        let cmd = crate::store::shifts::PublishShifts {
            by: caller(&ctx)?,
            ids: ids(shifts),
        };
        ctx.execute(cmd).await
    }
}

/// `clearSchedule`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ClearScheduleCall)]
pub struct ClearSchedule {
    /// Epoch ms.
    pub start: bounded::Instant,
    /// Epoch ms.
    pub end: bounded::Instant,
}

impl Call for ClearSchedule {
    const NAME: &'static str = "clearSchedule";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Delete the draft shifts starting in a range.";
    type Output = ClearedSchedule;

    #[tracing::instrument(name = "clearSchedule", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClearedSchedule> {
        let cmd = crate::store::shifts::ClearSchedule {
            by: caller(&ctx)?,
            start: input::instant("start", self.start)?,
            end: input::instant("end", self.end)?,
        };
        ctx.execute(cmd).await
    }
}

/// A batch call naming shifts of a store.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftBatch {
    /// Shift ids (or objects with an `id`).
    pub shifts: ShiftRefList<{ MAX_BATCH_IDS }>,
    /// Why announced shifts are cancelled; empty means none.
    #[serde(default)]
    pub cancel_reason: Option<Text<{ REASON_MAX }>>,
}

macro_rules! batch_call {
    ($(#[$doc:meta])* $ty:ident, $name:literal, |$by:ident, $ids:ident, $reason:ident| $cmd:expr, $summary:literal) => {
        $(#[$doc])*
        #[derive(Debug, Deserialize, ToSchema)]
        pub struct $ty(pub ShiftBatch);

        impl Call for $ty {
            const NAME: &'static str = $name;
            const ACCESS: Access = Access::Store(Perms::SCHEDULE);
            const SUMMARY: &'static str = $summary;
            type Output = BatchedShifts;


            #[tracing::instrument(name = $name, skip_all)]
            async fn run(self, ctx: Ctx) -> AppResult<BatchedShifts> {
                let shifts = self.0.shifts.within(too_many)?;
                let $by = caller(&ctx)?;
                let $ids = ids(shifts);
                let $reason = reason(self.0.cancel_reason)?;
                ctx.execute($cmd).await
            }
        }
    };
}

batch_call!(
    /// `batchDeleteShifts`.
    BatchDeleteShifts, "batchDeleteShifts",
    |by, ids, cancel_reason| BatchShifts { by, op: BatchOp::Delete, ids, cancel_reason },
    "Delete or cancel several shifts, all or none."
);
batch_call!(
    /// `batchDropShifts`.
    BatchDropShifts, "batchDropShifts",
    |by, ids, _reason| crate::store::pool::BatchDropShifts { by, ids },
    "Put several announced, assigned shifts in the pool, each with a drop request in its \
     assignee's name as `dropShift` makes, all or none."
);
batch_call!(
    /// `batchOpenShifts`.
    BatchOpenShifts, "batchOpenShifts",
    |by, ids, cancel_reason| BatchShifts { by, op: BatchOp::Open, ids, cancel_reason },
    "Clear the assignee of several shifts and put them back to draft, all or none."
);
