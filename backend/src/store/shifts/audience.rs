//! Who hears of a shift change, and the effects that announce it.

use crate::db::models::shift::Shift;
use crate::domain::audience::Audience;
use crate::domain::ids::UserId;
use crate::domain::shift::Status;
use crate::store::command::{Effects, EventDraft, Reply, Write};
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, Utc};
use serde_json::{json, Value};

/// Who may see a shift as it is: managers always; its assignee once it is announced; everyone
/// when it is an announced open shift (the pool).
pub(super) fn viewers(state: &StoreState, s: &Shift) -> (bool, Option<UserId>) {
    let status = s.status;
    let announced = status.is_visible_to_assignee();
    if s.assigned.is_none() && announced && status != Status::Cancelled {
        return (true, None);
    }
    let user = if announced {
        state.user_of(s.assigned)
    } else {
        None
    };
    (false, user)
}

/// The audience of a change from `before` to `after`: whoever could see either version (so a
/// former assignee learns the shift is no longer theirs).
pub(super) fn audience(
    state: &StoreState,
    before: Option<&Shift>,
    after: Option<&Shift>,
) -> Audience {
    let mut everyone = false;
    let mut users = Vec::new();
    for s in [before, after].into_iter().flatten() {
        let (all, user) = viewers(state, s);
        everyone |= all;
        users.extend(user);
    }
    if everyone {
        Audience::Everyone
    } else {
        Audience::managers_and(users)
    }
}

pub(crate) fn event(kind: &'static str, data: Value, visibility: Audience) -> EventDraft {
    EventDraft {
        kind,
        data,
        visibility,
    }
}

pub(crate) fn changed(
    state: &StoreState,
    before: &Shift,
    after: Shift,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let view = ShiftView::json(&after, now);
    effects.events.push(event(
        "shift.updated",
        view,
        audience(state, Some(before), Some(&after)),
    ));
    effects.writes.push(Write::PutShift(Box::new(after)));
}

/// Announces a new shift to whoever may see it, and writes it.
pub(crate) fn created(state: &StoreState, shift: Shift, now: DateTime<Utc>, effects: &mut Effects) {
    effects.events.push(event(
        "shift.created",
        ShiftView::json(&shift, now),
        audience(state, None, Some(&shift)),
    ));
    effects.writes.push(Write::PutShift(Box::new(shift)));
}

/// The effects of changing one shift, answered with its new view.
pub(super) fn one_change(
    state: &StoreState,
    before: &Shift,
    after: Shift,
    now: DateTime<Utc>,
) -> Effects {
    let mut effects = Effects {
        reply: Reply::new(ShiftView::of(&after, now)),
        ..Effects::default()
    };
    changed(state, before, after, now, &mut effects);
    effects
}

pub(crate) fn removed(state: &StoreState, before: &Shift, effects: &mut Effects) {
    effects.events.push(event(
        "shift.deleted",
        json!({ "id": before.id }),
        audience(state, Some(before), None),
    ));
    effects.writes.push(Write::DeleteShift(before.id));
}
