//! The managers' answers: approving or rejecting proposed shifts, correcting a clock session,
//! approving a pay period; and the owner's clock settings.

use crate::api::shifts::caller;
use crate::calls::bounded;
use crate::calls::input;
use crate::calls::{Access, Call, Ctx};
use crate::domain::clock::{Break, ClockSettings};
use crate::domain::ids::{ClockSessionId, ProposalId};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::clock::{
    Answer, AnswerProposal, AnsweredProposal, ClockSessionView, EditSession, PeriodView,
    SetPeriodApproval, Settled,
};
use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::ToSchema;

/// Longest reason of a session edit.
pub const REASON_MAX: usize = 500;
/// Most breaks a session may be edited to.
pub const BREAKS_MAX: usize = 50;

/// A proposed shift as a manager's answer names it: its id, or the proposal with the start
/// and end (epoch ms) to approve it with.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum ProposalRef {
    Id(ProposalId),
    With {
        id: ProposalId,
        #[serde(default)]
        start: Option<bounded::Instant>,
        #[serde(default)]
        end: Option<bounded::Instant>,
    },
}

/// A manager's answer to a proposed shift.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalAnswer {
    pub shift_propose: ProposalRef,
}

impl ProposalAnswer {
    fn parts(&self) -> AppResult<(ProposalId, Settled)> {
        Ok(match &self.shift_propose {
            ProposalRef::Id(id) => (*id, (None, None)),
            ProposalRef::With { id, start, end } => (
                *id,
                (
                    start.map(|ms| input::instant("start", ms)).transpose()?,
                    end.map(|ms| input::instant("end", ms)).transpose()?,
                ),
            ),
        })
    }
}

/// `approveProposedShift`: the work becomes a completed shift (with the start and end given).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ApproveProposedShift(pub ProposalAnswer);

/// `rejectProposedShift`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RejectProposedShift(pub ProposalAnswer);

impl Call for ApproveProposedShift {
    const NAME: &'static str = "approveProposedShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Approve completed unscheduled work: it becomes a completed \
         shift of its employee, with the start and end given (the clocked ones otherwise).";
    type Output = AnsweredProposal;

    #[tracing::instrument(name = "approveProposedShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<AnsweredProposal> {
        let (proposal, settled) = self.0.parts()?;
        let cmd = AnswerProposal {
            by: caller(&ctx)?,
            proposal,
            answer: Answer::Approve(settled),
        };
        ctx.execute(cmd).await
    }
}

impl Call for RejectProposedShift {
    const NAME: &'static str = "rejectProposedShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Reject unscheduled work.";
    type Output = AnsweredProposal;

    #[tracing::instrument(name = "rejectProposedShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<AnsweredProposal> {
        let (proposal, _) = self.0.parts()?;
        let cmd = AnswerProposal {
            by: caller(&ctx)?,
            proposal,
            answer: Answer::Reject,
        };
        ctx.execute(cmd).await
    }
}

/// A break as a manager sets it (epoch ms).
#[derive(Debug, Deserialize, ToSchema)]
pub struct BreakInput {
    pub start: bounded::Instant,
    #[serde(default)]
    pub end: Option<bounded::Instant>,
}

crate::domain::list::component_list!(BreakInputList = BreakInput);

/// `editClockSession` (ours): a manager corrects a session, giving the reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditClockSession {
    pub session_id: ClockSessionId,
    /// Epoch ms.
    pub start: bounded::Instant,
    /// Epoch ms; `null` keeps the session running.
    #[serde(default)]
    pub end: Option<bounded::Instant>,
    #[serde(default)]
    pub breaks: BreakInputList<{ BREAKS_MAX }>,
    pub reason: bounded::RequiredText<{ REASON_MAX }>,
}

impl Call for EditClockSession {
    const NAME: &'static str = "editClockSession";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Correct a clock session's start, end and breaks, with the \
         reason; the change is kept in the session's audit trail.";
    type Output = ClockSessionView;

    #[tracing::instrument(name = "editClockSession", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockSessionView> {
        let breaks = self
            .breaks
            .within(|| AppError::invalid("A session has at most 50 breaks."))?
            .into_iter()
            .map(|b| {
                Ok(Break {
                    start: input::instant("start", b.start)?,
                    end: b.end.map(|e| input::instant("end", e)).transpose()?,
                })
            })
            .collect::<AppResult<Vec<_>>>()?;
        let cmd = EditSession {
            by: caller(&ctx)?,
            session: self.session_id,
            start: input::instant("start", self.start)?,
            end: self.end.map(|e| input::instant("end", e)).transpose()?,
            breaks,
            reason: self.reason.required("reason")?,
        };
        ctx.execute(cmd).await
    }
}

/// `approveTimesheet` (ours): approve (or reopen) the pay period containing a day.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApproveTimesheet {
    /// A day of the period (YYYY-MM-DD).
    #[schema(value_type = String, format = Date)]
    pub day: NaiveDate,
    /// `false` reopens the period. Default true.
    #[serde(default = "yes")]
    pub approved: bool,
}

fn yes() -> bool {
    true
}

impl Call for ApproveTimesheet {
    const NAME: &'static str = "approveTimesheet";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Approve the pay period containing a day (its sessions lock), or reopen it.";
    type Output = PeriodView;

    #[tracing::instrument(name = "approveTimesheet", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<PeriodView> {
        let cmd = SetPeriodApproval {
            by: caller(&ctx)?,
            day: self.day,
            approved: self.approved,
        };
        ctx.execute(cmd).await
    }
}

/// `updateClockSettings` (ours): the store's clock settings, by its owner.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = UpdateClockSettingsCall)]
pub struct UpdateClockSettings {
    pub settings: ClockSettings,
}

impl Call for UpdateClockSettings {
    const NAME: &'static str = "updateClockSettings";
    const ACCESS: Access = Access::Store(Perms::OWNER);
    const SUMMARY: &'static str = "Set the store's clock: the early window, what a punch needs \
         (code, location, both), the store's place and radius, late punches, overtime and pay.";
    type Output = ClockSettings;

    #[tracing::instrument(name = "updateClockSettings", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockSettings> {
        ctx.execute(crate::store::clock::UpdateClockSettings {
            settings: self.settings,
        })
        .await
    }
}
