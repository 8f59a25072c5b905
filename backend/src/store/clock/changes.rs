//! The records of clocked work: a new session, and the writes and announcements that carry a
//! changed session or proposed shift to the managers and its employee.

use super::punch::Punch;
use super::views::{ClockSessionView, ProposalView};
use crate::db::models::clock::{ClockSession, Proposal};
use crate::domain::audience::Audience;
use crate::domain::clock::{PunchSource, SessionStatus};
use crate::domain::ids::ClockSessionId;
use crate::store::command::{Effects, EventDraft, Write};
use crate::store::shifts::Caller;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde_json::json;

/// The change type of a clock session's change.
pub const SESSION_EVENT: &str = "clock.updated";
/// The change type of a proposed shift's change.
pub const PROPOSAL_EVENT: &str = "proposal.updated";

/// A session of the caller's work, on the clock from `at`.
pub(super) fn new_session(
    state: &StoreState,
    by: &Caller,
    at: DateTime<Utc>,
    source: PunchSource,
    punch: &Punch,
    now: DateTime<Utc>,
) -> ClockSession {
    ClockSession {
        id: ClockSessionId::new(),
        store_id: state.store.id,
        employee_id: by.employee,
        user_id: Some(by.user),
        shift_id: None,
        proposal_id: None,
        status: SessionStatus::Working,
        start_at: at,
        end_at: None,
        breaks: json!([]),
        locations: json!([]),
        source,
        device_start_at: punch.stamp.map(|s| s.made_at),
        device_end_at: None,
        server_start_at: now,
        server_end_at: None,
        late_seconds: 0,
        early_seconds: 0,
        outside: false,
        drift_ms: None,
        version: 1,
        created_at: now,
        updated_at: now,
    }
}

/// The session's write and its announcement to the managers and its employee.
pub(super) fn put_session(session: ClockSession, effects: &mut Effects) {
    let view = ClockSessionView::of(&session);
    effects.events.push(EventDraft {
        kind: SESSION_EVENT,
        data: json!(view),
        visibility: Audience::managers_and(session.user_id),
    });
    effects
        .writes
        .push(Write::PutClockSession(Box::new(session)));
}

/// The proposed shift's write and its announcement to the managers and its employee.
pub(super) fn put_proposal(state: &StoreState, proposal: Proposal, effects: &mut Effects) {
    let view = ProposalView::new(&proposal, state);
    effects.events.push(EventDraft {
        kind: PROPOSAL_EVENT,
        data: json!(view),
        visibility: Audience::managers_and(view.user),
    });
    effects.writes.push(Write::PutProposal(Box::new(proposal)));
}
