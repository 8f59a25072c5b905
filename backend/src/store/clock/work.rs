//! Clocking a shift or a proposed shift: start, breaks, completion, and the store clock's
//! one-button operation.

use super::changes::{new_session, put_proposal, put_session, SESSION_EVENT};
use super::proposals::completed_note;
use super::punch::{check_punch, mark, refused, replay_answer, replayed, Punch};
use super::views::{ClockAnswer, ClockSessionView};
use crate::db::models::clock::{ClockSession, Proposal, SessionEdit};
use crate::db::models::shift::Shift;
use crate::domain::audience::Audience;
use crate::domain::clock::{self, BreakEdge, ClockSettings, PunchOp, PunchSource, Refusal};
use crate::domain::ids::{ProposalId, ShiftId};
use crate::domain::permissions::Perms;
use crate::domain::shift::{Progress, Status};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, EventDraft, Reply, Write};
use crate::store::shifts::{changed, next_version, Caller, CompleteShift};
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

/// What is clocked: a shift, or a proposed shift.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Work {
    Shift(ShiftId),
    Proposal(ProposalId),
}

fn shift_not_found() -> AppError {
    AppError::not_found("shift_not_found", messages::SHIFT_NOT_FOUND)
}

fn proposal_not_found() -> AppError {
    AppError::not_found("proposal_not_found", "Proposed shift not found.")
}

/// The caller's own announced shift.
fn own_shift<'a>(state: &'a StoreState, by: &Caller, id: ShiftId) -> AppResult<&'a Shift> {
    state
        .shifts
        .get(&id)
        .filter(|s| s.assigned == Some(by.employee) && s.status.is_visible_to_assignee())
        .ok_or_else(shift_not_found)
}

/// The caller's open session of the work.
fn open_session<'a>(state: &'a StoreState, by: &Caller, work: Work) -> AppResult<&'a ClockSession> {
    match work {
        Work::Shift(id) => {
            own_shift(state, by, id)?;
        }
        Work::Proposal(id) => {
            state
                .clock
                .proposals
                .get(&id)
                .filter(|p| p.employee_id == by.employee)
                .ok_or_else(proposal_not_found)?;
        }
    }
    state
        .clock
        .open_of(by.employee)
        .filter(|s| match work {
            Work::Shift(id) => s.shift_id == Some(id),
            Work::Proposal(id) => s.proposal_id == Some(id),
        })
        .ok_or_else(|| refused(state, Refusal::NotOnClock))
}

/// The role switch that lets a shift of its role be clocked from `source`: `canStart` for a
/// phone, `canClockIn` for the store's clock device.
fn role_allows(state: &StoreState, shift: &Shift, source: PunchSource) -> Result<(), Refusal> {
    let Some(role) = shift.role_id.and_then(|r| state.role(r)) else {
        return Ok(());
    };
    match source {
        PunchSource::Phone if !role.can_start => Err(Refusal::RoleCannotStart(role.title.clone())),
        PunchSource::Device if !role.can_clock_in => {
            Err(Refusal::RoleCannotClockIn(role.title.clone()))
        }
        _ => Ok(()),
    }
}

/// The shift's progress follows its session.
fn shift_progress(
    state: &StoreState,
    shift: &Shift,
    progress: Progress,
    status: Option<Status>,
    now: DateTime<Utc>,
    effects: &mut Effects,
) -> Shift {
    let mut next = next_version(shift, now);
    next.progress = progress;
    if let Some(status) = status {
        next.status = status;
    }
    changed(state, shift, next.clone(), now, effects);
    next
}

/// The proposal's progress and end follow its session.
fn proposal_progress(
    state: &StoreState,
    proposal: &Proposal,
    session: &ClockSession,
    now: DateTime<Utc>,
    effects: &mut Effects,
) -> Proposal {
    let mut next = proposal.clone();
    next.progress = session.status;
    next.end_at = session.end_at;
    next.updated_at = now;
    put_proposal(state, next.clone(), effects);
    next
}

/// Starts a shift: its assignee, a published, confirmed (or dropped, still theirs) shift,
/// within its start window, the role allowing it, no other work on the clock.
fn start_shift(
    state: &StoreState,
    by: &Caller,
    shift: &Shift,
    punch: &Punch,
    source: PunchSource,
    now: DateTime<Utc>,
) -> AppResult<Effects> {
    let fail = |e| refused(state, e);
    if !shift.status.is_announced() {
        return Err(fail(Refusal::NotAnnounced));
    }
    role_allows(state, shift, source).map_err(fail)?;
    if state.clock.of_shift(shift.id).is_some() {
        return Err(fail(Refusal::AlreadyStarted));
    }
    if let Some(open) = state.clock.open_of(by.employee) {
        return Err(fail(Refusal::AlreadyOnClock(work_title(state, open))));
    }
    let checked = check_punch(state, by.employee, PunchOp::Start, punch, now).map_err(fail)?;
    let settings = ClockSettings::read(&state.store.clock);
    clock::may_start(
        shift.start_at,
        shift.end_at,
        shift.open_ended,
        Duration::minutes(i64::from(settings.early_minutes)),
        checked.at,
    )
    .map_err(fail)?;
    let mut session = new_session(state, by, checked.at, source, punch, now);
    session.shift_id = Some(shift.id);
    session.late_seconds = clock::late_seconds(shift.start_at, checked.at);
    mark(&mut session, &checked);
    let mut effects = Effects::default();
    // Starting answers any open question: the shift is confirmed, and a drop offer lapses
    // (the assignee works it after all).
    if shift.status == Status::Dropped {
        crate::store::shifts::lapse_drops(state, shift.id, now, &mut effects);
    }
    let after = shift_progress(
        state,
        shift,
        Progress::InProgress,
        Some(Status::Confirmed),
        now,
        &mut effects,
    );
    checked.record(session.id, &mut effects);
    effects.reply = Reply::new(ClockAnswer::with(
        state,
        &session,
        Some(&after),
        None,
        now,
        false,
    ));
    put_session(session, &mut effects);
    Ok(effects)
}

/// What a session is of, for the "already on the clock" text.
fn work_title(state: &StoreState, s: &ClockSession) -> String {
    s.shift_id
        .and_then(|id| state.shifts.get(&id))
        .map(|sh| sh.title.clone())
        .or_else(|| {
            s.proposal_id
                .and_then(|id| state.clock.proposals.get(&id))
                .map(|p| p.title.clone())
        })
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "another shift".into())
}

/// `startShift`.
#[derive(Debug)]
pub struct StartShift {
    pub by: Caller,
    pub shift: ShiftId,
    pub punch: Punch,
}

impl Command for StartShift {
    fn name(&self) -> &'static str {
        "startShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if let Some(s) = replayed(state, &self.punch) {
            return replay_answer(state, s, now);
        }
        let shift = own_shift(state, &self.by, self.shift)?;
        start_shift(state, &self.by, shift, &self.punch, PunchSource::Phone, now)
    }
}

/// `startBreak`, `endBreak` and their proposed-shift twins.
#[derive(Debug)]
pub struct Pause {
    pub by: Caller,
    pub work: Work,
    /// Starts a break or ends the running one.
    pub edge: BreakEdge,
    pub punch: Punch,
}

impl Command for Pause {
    fn name(&self) -> &'static str {
        match (self.edge, self.work) {
            (BreakEdge::Start, Work::Shift(_)) => "startBreak",
            (BreakEdge::End, Work::Shift(_)) => "endBreak",
            (BreakEdge::Start, Work::Proposal(_)) => "startProposedShiftBreak",
            (BreakEdge::End, Work::Proposal(_)) => "endProposedShiftBreak",
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if let Some(s) = replayed(state, &self.punch) {
            return replay_answer(state, s, now);
        }
        let fail = |e| refused(state, e);
        let open = open_session(state, &self.by, self.work)?;
        let (op, progress) = match self.edge {
            BreakEdge::Start => (PunchOp::BreakStart, Progress::Paused),
            BreakEdge::End => (PunchOp::BreakEnd, Progress::InProgress),
        };
        let checked = check_punch(state, self.by.employee, op, &self.punch, now).map_err(fail)?;
        let mut timeline = open.timeline();
        timeline.mark_break(self.edge, checked.at).map_err(fail)?;
        let mut session = open.clone();
        session.set_timeline(&timeline);
        session.version += 1;
        session.updated_at = now;
        mark(&mut session, &checked);
        let mut effects = Effects::default();
        let (shift, proposal) = follow(state, &session, progress, now, &mut effects);
        checked.record(session.id, &mut effects);
        effects.reply = Reply::new(ClockAnswer::with(
            state,
            &session,
            shift.as_ref(),
            proposal.as_ref(),
            now,
            false,
        ));
        put_session(session, &mut effects);
        Ok(effects)
    }
}

/// The shift or proposal of a changed session follows it.
fn follow(
    state: &StoreState,
    session: &ClockSession,
    progress: Progress,
    now: DateTime<Utc>,
    effects: &mut Effects,
) -> (Option<Shift>, Option<Proposal>) {
    let shift = session
        .shift_id
        .and_then(|id| state.shifts.get(&id))
        .map(|s| shift_progress(state, s, progress, None, now, effects));
    let proposal = session
        .proposal_id
        .and_then(|id| state.clock.proposals.get(&id))
        .map(|p| proposal_progress(state, p, session, now, effects));
    (shift, proposal)
}

/// Completes the caller's open session of `work`.
fn complete(
    state: &StoreState,
    by: &Caller,
    open: &ClockSession,
    punch: &Punch,
    now: DateTime<Utc>,
) -> AppResult<Effects> {
    let fail = |e| refused(state, e);
    let checked = check_punch(state, by.employee, PunchOp::Complete, punch, now).map_err(fail)?;
    let mut timeline = open.timeline();
    timeline.complete(checked.at).map_err(fail)?;
    let mut session = open.clone();
    session.set_timeline(&timeline);
    session.version += 1;
    session.updated_at = now;
    session.server_end_at = Some(now);
    session.device_end_at = punch.stamp.map(|s| s.made_at);
    if let Some(shift) = session.shift_id.and_then(|id| state.shifts.get(&id)) {
        if !shift.open_ended {
            session.early_seconds = clock::early_seconds(shift.end_at, checked.at);
        }
    }
    mark(&mut session, &checked);
    let mut effects = Effects::default();
    let (shift, proposal) = follow(state, &session, Progress::Completed, now, &mut effects);
    if let Some(p) = &proposal {
        completed_note(state, by, p, now, &mut effects);
    }
    checked.record(session.id, &mut effects);
    effects.reply = Reply::new(ClockAnswer::with(
        state,
        &session,
        shift.as_ref(),
        proposal.as_ref(),
        now,
        false,
    ));
    put_session(session, &mut effects);
    Ok(effects)
}

/// `completeShift` by its assignee, and `completeProposedShift`.
#[derive(Debug)]
pub struct Complete {
    pub by: Caller,
    /// The work; `None` for `completeProposedShift`, which completes the open proposal.
    pub work: Option<Work>,
    pub punch: Punch,
}

impl Command for Complete {
    fn name(&self) -> &'static str {
        match self.work {
            Some(Work::Shift(_)) => "completeShift",
            _ => "completeProposedShift",
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if let Some(s) = replayed(state, &self.punch) {
            return replay_answer(state, s, now);
        }
        let open = match self.work {
            Some(work) => open_session(state, &self.by, work)?,
            None => state
                .clock
                .open_of(self.by.employee)
                .filter(|s| s.proposal_id.is_some())
                .ok_or_else(|| refused(state, Refusal::NotOnClock))?,
        };
        complete(state, &self.by, open, &self.punch, now)
    }
}

/// `clockOperation`: the store clock's code scanned by a phone starts the caller's current
/// shift, or completes the work they are on the clock for.
#[derive(Debug)]
pub struct ClockOperation {
    pub by: Caller,
    pub punch: Punch,
}

impl Command for ClockOperation {
    fn name(&self) -> &'static str {
        "clockOperation"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if let Some(s) = replayed(state, &self.punch) {
            return replay_answer(state, s, now);
        }
        if let Some(open) = state.clock.open_of(self.by.employee) {
            if let Some(shift) = open.shift_id.and_then(|id| state.shifts.get(&id)) {
                role_allows(state, shift, PunchSource::Device).map_err(|e| refused(state, e))?;
            }
            return complete(state, &self.by, open, &self.punch, now);
        }
        let settings = ClockSettings::read(&state.store.clock);
        let early = Duration::minutes(i64::from(settings.early_minutes));
        let at = clock::punch_time(self.punch.stamp, now, settings.late_punch_bound())
            .map_err(|e| refused(state, e))?
            .0;
        // The caller's announced shift whose start window holds the punch, earliest first.
        let mut due: Vec<&Shift> = state
            .shifts
            .values()
            .filter(|s| s.assigned == Some(self.by.employee))
            .filter(|s| s.status.is_announced())
            .filter(|s| state.clock.of_shift(s.id).is_none())
            .filter(|s| clock::may_start(s.start_at, s.end_at, s.open_ended, early, at).is_ok())
            .collect();
        due.sort_by_key(|s| (s.start_at, s.id));
        let shift = due
            .first()
            .ok_or_else(|| refused(state, Refusal::NothingToClock))?;
        start_shift(
            state,
            &self.by,
            shift,
            &self.punch,
            PunchSource::Device,
            now,
        )
    }
}

/// The answer of `completeShift`: the shift, and its clock session when it had one.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompletedShift {
    #[serde(flatten)]
    pub shift: ShiftView,
    /// The shift's clock session as it now stands; `null` when the shift was never clocked
    /// (a manager marked it completed).
    #[schema(required = true)]
    pub clock_session: Option<ClockSessionView>,
    /// The punch had been applied before (sent again); nothing changed.
    pub replayed: bool,
}

impl CompletedShift {
    fn from_answer(answer: ClockAnswer) -> AppResult<CompletedShift> {
        Ok(CompletedShift {
            shift: answer
                .shift
                .ok_or_else(|| AppError::internal("a shift's session answered without it"))?,
            clock_session: Some(answer.session),
            replayed: answer.replayed,
        })
    }
}

/// `completeShift`: its assignee clocks out of it; a schedule manager marks a running or
/// missed shift completed (closing its assignee's session, recorded in its audit trail).
#[derive(Debug)]
pub struct FinishShift {
    pub by: Caller,
    pub shift: ShiftId,
    pub punch: Punch,
    /// A manager's times for a missed shift they complete (its planned times when `None`).
    pub times: Option<(DateTime<Utc>, DateTime<Utc>)>,
}

impl Command for FinishShift {
    fn name(&self) -> &'static str {
        "completeShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if let Some(s) = replayed(state, &self.punch) {
            let answer = ClockAnswer::new(state, s, now, true);
            return Ok(Effects::nothing(CompletedShift::from_answer(answer)?));
        }
        let on_clock = state
            .clock
            .open_of(self.by.employee)
            .filter(|s| s.shift_id == Some(self.shift));
        if let Some(open) = on_clock {
            let mut effects = complete(state, &self.by, open, &self.punch, now)?;
            let answer = std::mem::take(&mut effects.reply).take::<ClockAnswer>()?;
            effects.reply = Reply::new(CompletedShift::from_answer(answer)?);
            return Ok(effects);
        }
        if !self.by.perms.covers(Perms::SCHEDULE) {
            own_shift(state, &self.by, self.shift)?;
            return Err(refused(state, Refusal::NotOnClock));
        }
        let mut effects = CompleteShift {
            by: self.by,
            id: self.shift,
            times: self.times,
        }
        .plan(state, now)?;
        let shift = std::mem::take(&mut effects.reply).take::<ShiftView>()?;
        let mut session = state.clock.of_shift(self.shift).cloned();
        if let Some(open) = session.as_mut().filter(|s| s.is_open()) {
            let before = ClockSessionView::of(open);
            let mut timeline = open.timeline();
            let end = now.max(timeline.last());
            timeline.complete(end).map_err(|e| refused(state, e))?;
            open.set_timeline(&timeline);
            open.version += 1;
            open.updated_at = now;
            open.server_end_at = Some(now);
            let after = ClockSessionView::of(open);
            effects
                .writes
                .push(Write::PutClockSession(Box::new(open.clone())));
            effects.events.push(EventDraft {
                kind: SESSION_EVENT,
                data: json!(after),
                visibility: Audience::managers_and(open.user_id),
            });
            effects
                .writes
                .push(Write::AddSessionEdit(Box::new(SessionEdit {
                    id: uuid::Uuid::now_v7(),
                    store_id: state.store.id,
                    session_id: open.id,
                    edited_by: Some(self.by.user),
                    reason: "Completed by a manager.".into(),
                    before: json!(before),
                    after: json!(after),
                    created_at: now,
                })));
        }
        effects.reply = Reply::new(CompletedShift {
            shift,
            clock_session: session.as_ref().map(ClockSessionView::of),
            replayed: false,
        });
        Ok(effects)
    }
}
