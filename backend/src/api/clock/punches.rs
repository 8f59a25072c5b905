//! The punches: clocking in to a shift or to unscheduled work (a proposed shift), its
//! breaks, clocking out, and the store clock's one-code operation. Each call checks what the
//! phone sent and hands its command to the store's actor.

use crate::api::shifts::caller;
use crate::calls::bounded::{self, OptionalText, RequiredText, Text};
use crate::calls::input;
use crate::calls::{Access, Call, Ctx};
use crate::domain::clock::{BreakEdge, Location, PunchStamp, Refusal};
use crate::domain::ids::{ProposalId, RoleId, ShiftId};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::clock::{
    self as commands, ClockAnswer, Complete, CompletedShift, FinishShift, Pause, Punch,
    StartProposal, Work,
};
use serde::Deserialize;
use utoipa::ToSchema;

/// Longest clock code accepted (a code is 8 characters; dashes and spaces may be typed).
pub const CODE_INPUT_MAX: usize = 32;
/// Longest title of a proposed shift.
pub const TITLE_MAX: usize = 120;

/// What a phone sends with a punch, beside the call's own fields.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PunchFields {
    /// The phone's location (the browser's geolocation).
    #[serde(default)]
    pub location: Option<Location>,
    /// The code the store's clock device shows, scanned from its QR code or typed.
    #[serde(default)]
    pub token: Option<Text<{ CODE_INPUT_MAX }>>,
    /// The phone's id of the punch: sent again, it is applied once.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub punch_id: Option<uuid::Uuid>,
    /// When the punch was made, by the phone's clock (epoch ms): a punch recorded without a
    /// connection. Needs `sentAt`.
    #[serde(default)]
    pub punched_at: Option<bounded::Instant>,
    /// When the phone sent the punch, by its clock (epoch ms).
    #[serde(default)]
    pub sent_at: Option<bounded::Instant>,
}

impl PunchFields {
    fn checked(&self) -> AppResult<Punch> {
        if let Some(loc) = &self.location {
            if !loc.is_valid() {
                return Err(AppError::invalid(
                    "location must have a latitude from -90 to 90, a longitude from -180 to 180 \
                     and an accuracy in metres.",
                ));
            }
        }
        let code = self.token.optional("token")?;
        let stamp = match (self.punched_at, self.sent_at) {
            (None, None) => None,
            (Some(made), Some(sent)) => Some(PunchStamp {
                made_at: input::instant("punchedAt", made)?,
                sent_at: input::instant("sentAt", sent)?,
            }),
            _ => return Err(AppError::invalid("punchedAt and sentAt go together.")),
        };
        Ok(Punch {
            id: self.punch_id,
            stamp,
            location: self.location,
            code,
        })
    }
}

/// `startShift`: its assignee clocks in to a published or confirmed shift.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = StartShiftCall)]
pub struct StartShift {
    #[serde(alias = "shiftId")]
    pub shift: ShiftId,
    #[serde(flatten)]
    pub punch: PunchFields,
}

impl Call for StartShift {
    const NAME: &'static str = "startShift";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Clock in to one's own published or confirmed shift, from \
         the store's early window before its start until its end.";
    type Output = ClockAnswer;

    #[tracing::instrument(name = "startShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockAnswer> {
        let cmd = commands::StartShift {
            by: caller(&ctx)?,
            shift: self.shift,
            punch: self.punch.checked()?,
        };
        ctx.execute(cmd).await
    }
}

/// A break of a shift (`startBreak`, `endBreak`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftBreak {
    #[serde(alias = "shiftId")]
    pub shift: ShiftId,
    #[serde(flatten)]
    pub punch: PunchFields,
}

/// A break of a proposed shift (`startProposedShiftBreak`, `endProposedShiftBreak`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalBreak {
    /// The proposed shift's id.
    #[serde(alias = "shiftPropose", alias = "proposedShift")]
    pub shift: ProposalId,
    #[serde(flatten)]
    pub punch: PunchFields,
}

macro_rules! break_call {
    ($ty:ident, $fields:ident, $name:literal, $edge:expr, $work:path, $summary:literal) => {
        #[doc = concat!("`", $name, "`.")]
        #[derive(Debug, Deserialize, ToSchema)]
        pub struct $ty(pub $fields);

        impl Call for $ty {
            const NAME: &'static str = $name;
            const ACCESS: Access = Access::Store(Perms::NONE);
            const SUMMARY: &'static str = $summary;
            type Output = ClockAnswer;

            #[tracing::instrument(name = $name, skip_all)]
            async fn run(self, ctx: Ctx) -> AppResult<ClockAnswer> {
                let cmd = Pause {
                    by: caller(&ctx)?,
                    work: $work(self.0.shift),
                    edge: $edge,
                    punch: self.0.punch.checked()?,
                };
                ctx.execute(cmd).await
            }
        }
    };
}

break_call!(
    StartBreak,
    ShiftBreak,
    "startBreak",
    BreakEdge::Start,
    Work::Shift,
    "Start a break of the shift one is on the clock for."
);
break_call!(
    EndBreak,
    ShiftBreak,
    "endBreak",
    BreakEdge::End,
    Work::Shift,
    "End the running break of the shift one is on the clock for."
);
break_call!(
    StartProposedShiftBreak,
    ProposalBreak,
    "startProposedShiftBreak",
    BreakEdge::Start,
    Work::Proposal,
    "Start a break of the proposed shift one is on the clock for."
);
break_call!(
    EndProposedShiftBreak,
    ProposalBreak,
    "endProposedShiftBreak",
    BreakEdge::End,
    Work::Proposal,
    "End the running break of the proposed shift one is on the clock for."
);

/// `completeShift`: the assignee clocks out (`store`, `shift`, `location`, `token`), or a
/// schedule manager marks a running or missed shift completed (`storeId`, `shiftId`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CompleteShiftCall)]
pub struct CompleteShift {
    #[serde(alias = "shiftId")]
    pub shift: ShiftId,
    #[serde(flatten)]
    pub punch: PunchFields,
    /// A manager completing a missed shift: when the work began (epoch ms; with `end`). The
    /// shift's planned times stand when absent.
    #[serde(default)]
    pub start: Option<bounded::Instant>,
    /// When the work ended (epoch ms; with `start`).
    #[serde(default)]
    pub end: Option<bounded::Instant>,
}

impl Call for CompleteShift {
    const NAME: &'static str = "completeShift";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Clock out of one's shift (a running break ends with it); \
         a schedule manager marks a running or missed shift completed (a missed one with \
         the times worked, `start` and `end`; its planned times otherwise).";
    type Output = CompletedShift;

    #[tracing::instrument(name = "completeShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<CompletedShift> {
        let times = match (self.start, self.end) {
            (Some(start), Some(end)) => {
                Some((input::instant("start", start)?, input::instant("end", end)?))
            }
            (None, None) => None,
            _ => return Err(AppError::invalid("start and end go together.")),
        };
        let cmd = FinishShift {
            by: caller(&ctx)?,
            shift: self.shift,
            punch: self.punch.checked()?,
            times,
        };
        ctx.execute(cmd).await
    }
}

/// `clockOperation`: a phone that scanned the store clock's code (`token`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ClockOperationCall)]
pub struct ClockOperation {
    #[serde(flatten)]
    pub punch: PunchFields,
}

impl Call for ClockOperation {
    const NAME: &'static str = "clockOperation";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "With the code the store's clock shows: clock in to one's \
         current shift, or out of the work one is on the clock for.";
    type Output = ClockAnswer;

    #[tracing::instrument(name = "clockOperation", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockAnswer> {
        let punch = self.punch.checked()?;
        if punch.code.is_none() {
            return Err(AppError::bad_request(
                "clock_needs_code",
                Refusal::NeedsCode.to_string(),
            ));
        }
        let cmd = commands::ClockOperation {
            by: caller(&ctx)?,
            punch,
        };
        ctx.execute(cmd).await
    }
}

/// `startProposedShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartProposedShift {
    pub title: RequiredText<{ TITLE_MAX }>,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub role: Option<RoleId>,
    #[serde(flatten)]
    pub punch: PunchFields,
}

impl Call for StartProposedShift {
    const NAME: &'static str = "startProposedShift";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str =
        "Clock in to unscheduled work, which managers approve or reject once completed.";
    type Output = ClockAnswer;

    #[tracing::instrument(name = "startProposedShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockAnswer> {
        let cmd = StartProposal {
            by: caller(&ctx)?,
            title: self.title.required("title")?,
            role: self.role,
            punch: self.punch.checked()?,
        };
        ctx.execute(cmd).await
    }
}

/// `completeProposedShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompleteProposedShift {
    #[serde(flatten)]
    pub punch: PunchFields,
}

impl Call for CompleteProposedShift {
    const NAME: &'static str = "completeProposedShift";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Clock out of the unscheduled work one is on the clock for.";
    type Output = ClockAnswer;

    #[tracing::instrument(name = "completeProposedShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockAnswer> {
        let cmd = Complete {
            by: caller(&ctx)?,
            work: None,
            punch: self.punch.checked()?,
        };
        ctx.execute(cmd).await
    }
}
