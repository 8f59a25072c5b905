//! What the voice assistant reads of a store: its plan's allowance and the facts it answers
//! from, taken from the actor's working set in one look (a command that writes nothing), so
//! an answer reads the same state the screens' commands plan against.

use crate::domain::clock::SessionStatus;
use crate::domain::ids::{RoleId, ShiftId};
use crate::domain::request::{RequestKind, RequestStatus};
use crate::domain::voice::facts::{DropFact, Facts, Me, Person, RoleFact, ShiftFact, TimeOffFact};
use crate::error::AppResult;
use crate::store::billing::Plans;
use crate::store::command::{Command, Effects};
use crate::store::state::StoreState;
use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;

/// Reads the facts for a caller's command, after checking that the store's plan includes
/// the assistant. Writes nothing.
#[derive(Debug)]
pub struct Glance {
    /// The caller, with what their permissions let them read and do.
    pub me: Me,
    pub plans: Plans,
}

impl Command for Glance {
    fn name(&self) -> &'static str {
        "voice-assistant"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        self.plans.allowance(state).assistant()?;
        Ok(Effects::nothing(
            facts(state, now, self.me.clone()).seen_by(),
        ))
    }
}

/// The working set as facts, whole; [`Facts::seen_by`] keeps what the caller may see.
fn facts(state: &StoreState, now: DateTime<Utc>, me: Me) -> Facts {
    let zone = state.zone();
    let since = crate::domain::calendar::day_of(zone, now).0 - Duration::days(1);
    // The clock's status of each shift that was clocked: its newest session's.
    let mut clocked: HashMap<ShiftId, (DateTime<Utc>, SessionStatus)> = HashMap::new();
    for s in state.clock.sessions.values() {
        if let Some(shift) = s.shift_id {
            let entry = clocked.entry(shift).or_insert((s.start_at, s.status));
            if s.start_at >= entry.0 {
                *entry = (s.start_at, s.status);
            }
        }
    }
    let people = state
        .current_employees()
        .filter(|e| !e.deactive)
        .map(|e| Person {
            id: e.id,
            name: e.shown_name().to_string(),
            roles: e.role_ids.iter().map(|r| RoleId(*r)).collect(),
        })
        .collect();
    let roles = state
        .roles
        .iter()
        .map(|r| RoleFact {
            id: r.id,
            title: r.title.clone(),
        })
        .collect();
    let shifts = state
        .shifts
        .values()
        .filter(|s| s.open_ended || s.end_at > since)
        .map(|s| ShiftFact {
            id: s.id,
            start: s.start_at,
            end: s.end_at,
            open_ended: s.open_ended,
            assigned: s.assigned,
            role: s.role_id,
            status: s.status,
            progress: s.progress,
            session: clocked.get(&s.id).map(|(_, status)| *status),
            version: s.version,
        })
        .collect();
    let pending = |r: &&crate::db::models::request::Request| r.status == RequestStatus::Pending;
    let time_off = state
        .requests
        .values()
        .filter(|r| r.kind == RequestKind::TimeOff)
        .filter(pending)
        .filter_map(|r| {
            Some(TimeOffFact {
                id: r.id,
                employee: r.employee_id,
                start: r.start_at?,
                end: r.end_at?,
            })
        })
        .collect();
    let drops = state
        .requests
        .values()
        .filter(|r| r.kind == RequestKind::DropShift)
        .filter(|r| matches!(r.status, RequestStatus::Pending | RequestStatus::Grabbed))
        .filter_map(|r| {
            let shift = state.shifts.get(&r.shift_id?)?;
            // The spec lists a drop only while its shift has not ended.
            (shift.end_at > now).then_some(DropFact {
                id: r.id,
                shift: shift.id,
                employee: r.employee_id,
                grabbed_by: r.grabbed_by,
            })
        })
        .collect();
    Facts {
        now,
        zone,
        me,
        people,
        roles,
        shifts,
        time_off,
        drops,
        week: None,
    }
}
