//! Releasing an employee's shifts: time off approved, deactivation, termination.

use crate::db::models::shift::Shift;
use crate::domain::ids::{EmployeeId, UserId};
use crate::domain::notification::{texts, NotificationKind, Variant};
use crate::domain::shift::{self, Status};
use crate::store::command::Effects;
use crate::store::notify;
use crate::store::shifts::audience::changed;
use crate::store::shifts::notes::{notify_all, shift_note};
use crate::store::shifts::shared::{lapse_drop_requests, next_version};
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, Utc};

/// Takes shifts off an assignee who can no longer work them (approved time off, deactivation,
/// decided by `by`): each becomes open ([`shift::release`]) and loses its drop request. The
/// change reaches whoever saw the shift before and, when it stays announced, the whole store;
/// colleagues who could work it are told. Returns the new views.
pub(crate) fn release<'a>(
    state: &StoreState,
    by: UserId,
    shifts: impl IntoIterator<Item = &'a Shift>,
    now: DateTime<Utc>,
    effects: &mut Effects,
) -> Vec<ShiftView> {
    let mut views = Vec::new();
    for s in shifts {
        let Some(status) = shift::release(s.status) else {
            continue;
        };
        let mut after = next_version(s, now);
        after.assigned = None;
        after.assignee_email = None;
        after.status = status;
        views.push(ShiftView::of(&after, now));
        if status == Status::Published && s.start_at > now {
            // Colleagues who could work it hear that it waits in the pool.
            let text = texts::open_shift(&s.title, state.shift_when(s));
            let drafts = notify::colleagues(state, s.role_id, s.assigned)
                .into_iter()
                .map(|u| {
                    shift_note(
                        NotificationKind::ShiftUpdate,
                        Variant::Info,
                        text.clone(),
                        u,
                        by,
                        s,
                        None,
                    )
                })
                .collect();
            notify_all(state, drafts, now, effects);
        }
        changed(state, s, after, now, effects);
        lapse_drop_requests(state, s.id, now, effects);
    }
    views
}

/// Opens the upcoming shifts of an employee who can no longer work them (deactivated or
/// terminated), planned into the same effects as the change of their record.
pub fn release_upcoming(
    state: &StoreState,
    employee: EmployeeId,
    by: UserId,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let mut upcoming: Vec<&Shift> = state
        .shifts
        .values()
        .filter(|s| s.assigned == Some(employee) && s.start_at > now)
        .collect();
    upcoming.sort_by_key(|s| (s.start_at, s.id));
    release(state, by, upcoming, now, effects);
}
