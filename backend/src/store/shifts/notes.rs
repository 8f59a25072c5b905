//! Notifications about a shift.

use crate::db::models::shift::Shift;
use crate::domain::ids::UserId;
use crate::domain::notification::{AccessFor, Draft, NotificationKind, References, Text, Variant};
use crate::store::command::Effects;
use crate::store::notify;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};

/// A notification about a shift to one user.
pub(crate) fn shift_note(
    kind: NotificationKind,
    variant: Variant,
    text: Text,
    to: UserId,
    by: UserId,
    shift: &Shift,
    reason: Option<&str>,
) -> Draft {
    Draft {
        kind,
        variant,
        text,
        access_for: AccessFor::User(to),
        source: Some(by),
        references: References {
            shift: Some(shift.id),
            ..References::default()
        },
        reason: reason.map(str::to_string),
    }
}

/// Adds the notifications' writes and live events to a command's effects.
pub(crate) fn notify_all(
    state: &StoreState,
    drafts: Vec<Draft>,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let (writes, events) = notify::effects(state, drafts, now);
    effects.writes.extend(writes);
    effects.events.extend(events);
}
