//! Proposed shifts: unscheduled work an employee clocks, and the managers' answer to it.

use super::changes::{new_session, put_proposal, put_session};
use super::punch::{check_punch, mark, refused, replay_answer, replayed, Punch};
use super::views::{ClockAnswer, ProposalView};
use crate::db::models::clock::Proposal;
use crate::db::models::shift::Shift;
use crate::domain::clock::{ProposalStatus, PunchOp, PunchSource, Refusal, SessionStatus};
use crate::domain::ids::{ProposalId, RoleId, ShiftId, UserId};
use crate::domain::notification::{
    texts, AccessFor, Draft, NotificationKind, References, Text, Variant,
};
use crate::domain::permissions::Permission;
use crate::domain::shift::{Progress, Status};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, Reply};
use crate::store::notify;
use crate::store::shifts::{notify_all, Caller};
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// The longest a proposed shift may be approved for.
const MAX_PROPOSED: Duration = Duration::hours(24);

fn note(to: UserId, by: UserId, variant: Variant, text: Text, proposal: &Proposal) -> Draft {
    Draft {
        kind: NotificationKind::ShiftPropose,
        variant,
        text,
        access_for: AccessFor::User(to),
        source: Some(by),
        references: References {
            shift: proposal.shift_id,
            shift_propose: Some(proposal.id.0),
            ..References::default()
        },
        reason: None,
    }
}

fn name_of(state: &StoreState, proposal: &Proposal) -> String {
    state
        .employees
        .iter()
        .find(|e| e.id == proposal.employee_id)
        .map(|e| e.shown_name().to_string())
        .unwrap_or_else(|| "An employee".into())
}

/// Tells the schedule managers about a proposal (started or completed).
fn tell_managers(
    state: &StoreState,
    by: &Caller,
    proposal: &Proposal,
    text: Text,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let drafts = notify::responders(state, Permission::Schedule)
        .into_iter()
        .filter(|u| *u != by.user)
        .map(|u| note(u, by.user, Variant::Info, text.clone(), proposal))
        .collect();
    notify_all(state, drafts, now, effects);
}

/// The managers hear that the proposed work is done and waits for their review.
pub(super) fn completed_note(
    state: &StoreState,
    by: &Caller,
    proposal: &Proposal,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let text = texts::proposal_completed(&name_of(state, proposal), &proposal.title);
    tell_managers(state, by, proposal, text, now, effects);
}

/// `startProposedShift`: unscheduled work begins, on the clock at once, for a manager to
/// answer once completed.
#[derive(Debug)]
pub struct StartProposal {
    pub by: Caller,
    pub title: String,
    pub role: Option<RoleId>,
    pub punch: Punch,
}

impl Command for StartProposal {
    fn name(&self) -> &'static str {
        "startProposedShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if let Some(s) = replayed(state, &self.punch) {
            return replay_answer(state, s, now);
        }
        let fail = |e| refused(state, e);
        if let Some(role) = self.role {
            state
                .role(role)
                .ok_or_else(|| AppError::not_found("role_not_found", messages::ROLE_NOT_FOUND))?;
        }
        if let Some(open) = state.clock.open_of(self.by.employee) {
            let title = open
                .shift_id
                .and_then(|id| state.shifts.get(&id))
                .map(|s| s.title.clone())
                .or_else(|| {
                    open.proposal_id
                        .and_then(|id| state.clock.proposals.get(&id))
                        .map(|p| p.title.clone())
                })
                .unwrap_or_else(|| "another shift".into());
            return Err(fail(Refusal::AlreadyOnClock(title)));
        }
        let checked =
            check_punch(state, self.by.employee, PunchOp::Start, &self.punch, now).map_err(fail)?;
        let proposal = Proposal {
            id: ProposalId::new(),
            store_id: state.store.id,
            employee_id: self.by.employee,
            title: self.title.clone(),
            role_id: self.role,
            start_at: checked.at,
            end_at: None,
            status: ProposalStatus::Pending,
            progress: SessionStatus::Working,
            shift_id: None,
            decided_by: None,
            decided_at: None,
            created_at: now,
            updated_at: now,
        };
        let mut session = new_session(
            state,
            &self.by,
            checked.at,
            PunchSource::Phone,
            &self.punch,
            now,
        );
        session.proposal_id = Some(proposal.id);
        mark(&mut session, &checked);
        let mut effects = Effects::default();
        put_proposal(state, proposal.clone(), &mut effects);
        let text = texts::proposal_started(&name_of(state, &proposal), &proposal.title);
        tell_managers(state, &self.by, &proposal, text, now, &mut effects);
        checked.record(session.id, &mut effects);
        effects.reply = Reply::new(ClockAnswer::with(
            state,
            &session,
            None,
            Some(&proposal),
            now,
            false,
        ));
        put_session(session, &mut effects);
        Ok(effects)
    }
}

/// The answer of `approveProposedShift` and `rejectProposedShift`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnsweredProposal {
    pub proposed_shift: ProposalView,
    /// The completed shift an approval created; `null` for a rejection.
    #[schema(required = true)]
    pub shift: Option<ShiftView>,
}

/// The start and end a manager approves unscheduled work with; `None` keeps the clocked one.
pub type Settled = (Option<DateTime<Utc>>, Option<DateTime<Utc>>);

/// A manager's answer to a proposed shift.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// The work becomes a completed shift, with the times the manager settles on.
    Approve(Settled),
    Reject,
}

/// `approveProposedShift` (with the start and end the manager settles on) and
/// `rejectProposedShift`.
#[derive(Debug)]
pub struct AnswerProposal {
    pub by: Caller,
    pub proposal: ProposalId,
    pub answer: Answer,
}

impl Command for AnswerProposal {
    fn name(&self) -> &'static str {
        match self.answer {
            Answer::Approve(_) => "approveProposedShift",
            Answer::Reject => "rejectProposedShift",
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let proposal = state.clock.proposals.get(&self.proposal).ok_or_else(|| {
            AppError::not_found("proposal_not_found", "Proposed shift not found.")
        })?;
        if !proposal.is_pending() {
            return Err(AppError::conflict(
                "proposal_answered",
                "This proposed shift was already answered.",
            ));
        }
        let mut next = proposal.clone();
        next.decided_by = Some(self.by.user);
        next.decided_at = Some(now);
        next.updated_at = now;
        let mut effects = Effects::default();
        let employee = state
            .employees
            .iter()
            .find(|e| e.id == proposal.employee_id);
        let user = employee.and_then(|e| e.user_id);
        let mut shift_view = None;
        match self.answer {
            Answer::Approve((start, end)) => {
                if proposal.end_at.is_none() {
                    return Err(AppError::bad_request(
                        "proposal_running",
                        "This work is still on the clock; answer it once it is completed.",
                    ));
                }
                let start = start.unwrap_or(proposal.start_at);
                let end = end.or(proposal.end_at).unwrap_or(start);
                if end <= start || end - start > MAX_PROPOSED {
                    return Err(AppError::bad_request(
                        "invalid_time",
                        "The approved end must be after the start, at most 24 hours later.",
                    ));
                }
                let shift = Shift {
                    id: ShiftId::new(),
                    store_id: state.store.id,
                    title: proposal.title.clone(),
                    start_at: start,
                    end_at: end,
                    open_ended: false,
                    status: Status::Confirmed,
                    progress: Progress::Completed,
                    assigned: Some(proposal.employee_id),
                    assignee_email: employee.map(|e| e.email.clone()),
                    role_id: proposal.role_id.filter(|r| state.role(*r).is_some()),
                    tasks: serde_json::json!([]),
                    rate: None,
                    cancel_reason: None,
                    adjacent_session_id: state.clock.of_proposal(proposal.id).map(|s| s.id.0),
                    version: 1,
                    auto_confirmed_at: None,
                    created_at: now,
                    updated_at: now,
                };
                next.status = ProposalStatus::Approved;
                next.shift_id = Some(shift.id);
                shift_view = Some(ShiftView::of(&shift, now));
                crate::store::shifts::created(state, shift, now, &mut effects);
            }
            Answer::Reject => next.status = ProposalStatus::Rejected,
        }
        put_proposal(state, next.clone(), &mut effects);
        if let Some(user) = user.filter(|u| *u != self.by.user) {
            let approved = matches!(self.answer, Answer::Approve(_));
            let variant = if approved {
                Variant::Success
            } else {
                Variant::Warning
            };
            let text = texts::proposal_answered(approved, &next.title);
            let drafts = vec![note(user, self.by.user, variant, text, &next)];
            notify_all(state, drafts, now, &mut effects);
        }
        effects.reply = Reply::new(AnsweredProposal {
            proposed_shift: ProposalView::new(&next, state),
            shift: shift_view,
        });
        Ok(effects)
    }
}
