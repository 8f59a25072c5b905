//! Commands the clock issues: unconfirmed published shifts confirm 3 hours before their start,
//! and shifts not started 2 hours past their end are marked missed. They carry the moment
//! they run for, so the clock can be moved in tests; planning against the actor's state keeps
//! them from acting twice on one shift, even with several server processes.

use crate::domain::ids::ShiftId;
use crate::domain::pool;
use crate::domain::shift::{Progress, Status};
use crate::error::AppResult;
use crate::store::command::{Command, Effects, Reply};
use crate::store::shifts::{changed, next_version};
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// What a clock tick did: the shifts it changed.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ticked {
    /// The shifts confirmed automatically.
    pub confirmed: Vec<ShiftId>,
    /// The shifts marked missed.
    pub missed: Vec<ShiftId>,
}

/// Confirms the due shifts and marks the missed ones, as of `at`.
#[derive(Debug)]
pub struct ClockTick {
    pub at: DateTime<Utc>,
}

impl Command for ClockTick {
    fn name(&self) -> &'static str {
        "clockTick"
    }

    fn plan(&self, state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        let at = self.at;
        let mut due: Vec<_> = state.shifts.values().collect();
        due.sort_by_key(|s| (s.start_at, s.id));
        let mut effects = Effects::default();
        let (mut confirmed, mut missed) = (Vec::new(), Vec::new());
        for s in due {
            let confirm = pool::due_for_auto_confirm(
                s.status,
                s.assigned.is_some(),
                s.start_at,
                s.end_at,
                at,
            );
            let miss = s.status.is_visible_to_assignee()
                && s.status.occupies_assignee()
                && s.progress.turns_missed(s.end_at, at);
            if !confirm && !miss {
                continue;
            }
            let mut next = next_version(s, at);
            if confirm {
                next.status = Status::Confirmed;
                next.auto_confirmed_at = Some(at);
                confirmed.push(s.id);
            }
            if miss {
                next.progress = Progress::Missed;
                missed.push(s.id);
            }
            changed(state, s, next, at, &mut effects);
        }
        effects.reply = Reply::new(Ticked { confirmed, missed });
        Ok(effects)
    }
}
