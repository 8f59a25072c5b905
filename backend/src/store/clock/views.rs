//! How clock sessions and proposed shifts are shown.

use crate::db::models::clock::{ClockSession, Proposal, PunchPlace};
use crate::db::models::shift::Shift;
use crate::domain::clock::{Break, ProposalStatus, PunchSource, SessionStatus};
use crate::domain::ids::{
    ClockSessionId, EmployeeId, ProposalId, RoleId, ShiftId, StoreId, UserId,
};
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// A clock session: one stretch of clocked work of a shift or a proposed shift.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockSessionView {
    pub id: ClockSessionId,
    pub store: StoreId,
    /// The employee record.
    pub employee: EmployeeId,
    /// The user behind it.
    #[schema(required = true)]
    pub user: Option<UserId>,
    /// The shift clocked; `null` for a proposed shift's session.
    #[schema(required = true)]
    pub shift: Option<ShiftId>,
    /// The proposed shift clocked; `null` for a shift's session.
    #[schema(required = true)]
    pub proposed_shift: Option<ProposalId>,
    /// ip: on the clock, p: on break, c: completed.
    pub status: SessionStatus,
    /// Epoch ms.
    pub start: i64,
    /// Epoch ms; `null` while running.
    #[schema(required = true)]
    pub end: Option<i64>,
    pub breaks: Vec<Break>,
    /// Where each punch was taken, when the phone told.
    #[serde(rename = "locs")]
    pub locations: Vec<PunchPlace>,
    pub source: PunchSource,
    /// Seconds after the shift's start the work began.
    pub late_seconds: i32,
    /// Seconds before the shift's end the work ended.
    pub early_seconds: i32,
    /// A punch was taken outside the store's radius.
    pub outside: bool,
    /// How far the phone's clock was off (ms), when more than 2 minutes.
    #[schema(required = true)]
    pub drift_ms: Option<i64>,
    /// When the server took the first punch (ms); differs from `start` for offline punches.
    pub server_start: i64,
    /// Creation, epoch ms.
    pub timestamp: i64,
}

impl ClockSessionView {
    pub fn of(s: &ClockSession) -> ClockSessionView {
        ClockSessionView {
            id: s.id,
            store: s.store_id,
            employee: s.employee_id,
            user: s.user_id,
            shift: s.shift_id,
            proposed_shift: s.proposal_id,
            status: s.status,
            start: s.start_at.timestamp_millis(),
            end: s.end_at.map(|e| e.timestamp_millis()),
            breaks: s.breaks(),
            locations: s.places(),
            source: s.source,
            late_seconds: s.late_seconds,
            early_seconds: s.early_seconds,
            outside: s.outside,
            drift_ms: s.drift_ms,
            server_start: s.server_start_at.timestamp_millis(),
            timestamp: s.created_at.timestamp_millis(),
        }
    }
}

/// A proposed shift: unscheduled work an employee clocked, for a manager to answer.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalView {
    pub id: ProposalId,
    pub store: StoreId,
    pub title: String,
    #[schema(required = true)]
    pub role: Option<RoleId>,
    pub employee: EmployeeId,
    #[schema(required = true)]
    pub user: Option<UserId>,
    /// Epoch ms.
    pub start: i64,
    /// Epoch ms; `null` while the work runs.
    #[schema(required = true)]
    pub end: Option<i64>,
    /// p: pending review, a: approved, r: rejected.
    pub status: ProposalStatus,
    /// ip: on the clock, p: on break, c: completed.
    pub progress: SessionStatus,
    /// The shift an approval created.
    #[schema(required = true)]
    pub shift: Option<ShiftId>,
    /// Who answered it, and when (epoch ms); `null` while it waits.
    #[schema(required = true)]
    pub decided_by: Option<UserId>,
    #[schema(required = true)]
    pub decided_at: Option<i64>,
    pub timestamp: i64,
}

impl ProposalView {
    pub fn new(p: &Proposal, state: &StoreState) -> ProposalView {
        let user = state
            .employees
            .iter()
            .find(|e| e.id == p.employee_id)
            .and_then(|e| e.user_id);
        ProposalView::of(p, user)
    }

    pub fn of(p: &Proposal, user: Option<UserId>) -> ProposalView {
        ProposalView {
            id: p.id,
            store: p.store_id,
            title: p.title.clone(),
            role: p.role_id,
            employee: p.employee_id,
            user,
            start: p.start_at.timestamp_millis(),
            end: p.end_at.map(|e| e.timestamp_millis()),
            status: p.status,
            progress: p.progress,
            shift: p.shift_id,
            decided_by: p.decided_by,
            decided_at: p.decided_at.map(|t| t.timestamp_millis()),
            timestamp: p.created_at.timestamp_millis(),
        }
    }
}

/// The answer of a clock operation: the session as it now stands, with its shift or its
/// proposed shift.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockAnswer {
    pub session: ClockSessionView,
    /// The shift clocked, with its progress; `null` for a proposed shift.
    #[schema(required = true)]
    pub shift: Option<ShiftView>,
    /// The proposed shift clocked; `null` for a shift.
    #[schema(required = true)]
    pub proposed_shift: Option<ProposalView>,
    /// The punch had been applied before (sent again); nothing changed.
    pub replayed: bool,
}

impl ClockAnswer {
    pub fn new(
        state: &StoreState,
        session: &ClockSession,
        now: DateTime<Utc>,
        replayed: bool,
    ) -> ClockAnswer {
        ClockAnswer::with(state, session, None, None, now, replayed)
    }

    /// The answer naming the shift or proposal as the command left them (the working set
    /// still holds their earlier versions while the command plans).
    pub fn with(
        state: &StoreState,
        session: &ClockSession,
        shift: Option<&Shift>,
        proposal: Option<&Proposal>,
        now: DateTime<Utc>,
        replayed: bool,
    ) -> ClockAnswer {
        let shift = shift
            .or_else(|| session.shift_id.and_then(|id| state.shifts.get(&id)))
            .map(|s| ShiftView::of(s, now));
        let proposal = proposal
            .or_else(|| {
                session
                    .proposal_id
                    .and_then(|id| state.clock.proposals.get(&id))
            })
            .map(|p| ProposalView::new(p, state));
        ClockAnswer {
            session: ClockSessionView::of(session),
            shift,
            proposed_shift: proposal,
            replayed,
        }
    }
}

/// A pay period's approval.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodView {
    /// The period's first day (YYYY-MM-DD).
    #[schema(value_type = String, format = Date)]
    pub start: NaiveDate,
    pub approved: bool,
}
