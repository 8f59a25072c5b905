//! Turning notification drafts into writes and live events of a command's effects.

use crate::db::models::notification::Notification;
use crate::db::models::notification_delivery::Channels;
use crate::domain::ids::{EmployeeId, RoleId, UserId};
use crate::domain::notification::{AccessFor, Draft};
use crate::domain::permissions::Permission;
use crate::store::command::{EventDraft, Visibility, Write};
use crate::store::request_views::NotificationView;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};

/// The change type of a new notification (sent to its reader's own room).
pub const NOTIFICATION_EVENT: &str = "notification.created";

/// The change type of a notification a later one of its burst merged into: the same id with
/// the newer texts and time. Only the store's room hears it (no `notification` event, no new
/// mail or push): the reader already has it, unread.
pub const NOTIFICATION_MERGED_EVENT: &str = "notification.updated";

/// Writes each draft and announces it to its reader (or the whole store for public ones). A
/// draft of a burst (same kind, shift and reader as an unread notification of the merge
/// window) is written into that notification instead of adding one.
pub fn effects(
    state: &StoreState,
    drafts: Vec<Draft>,
    now: DateTime<Utc>,
) -> (Vec<Write>, Vec<EventDraft>) {
    let store = state.store.id;
    let mut writes = Vec::with_capacity(drafts.len());
    let mut events = Vec::with_capacity(drafts.len());
    for draft in drafts {
        let visibility = match draft.access_for {
            AccessFor::User(u) => Visibility::Users(vec![u]),
            AccessFor::Public => Visibility::Everyone,
        };
        let into = draft
            .merge_key()
            .and_then(|key| state.unmerged.target(key, now));
        if let Some(unread) = into {
            let mut row = Notification::from_draft(store, draft, now);
            row.id = unread.id;
            events.push(EventDraft {
                kind: NOTIFICATION_MERGED_EVENT,
                data: serde_json::to_value(NotificationView::from(&row)).unwrap_or_default(),
                visibility,
            });
            writes.push(Write::MergeNotification(Box::new(row)));
            continue;
        }
        // Which of these its reader takes is read from their settings when it is queued.
        let channels = Channels {
            mail: draft.for_one_reader(),
            push: draft.for_one_reader(),
            push_hold: draft.push_hold(),
        };
        let row = Notification::from_draft(store, draft, now);
        events.push(EventDraft {
            kind: NOTIFICATION_EVENT,
            data: serde_json::to_value(NotificationView::from(&row)).unwrap_or_default(),
            visibility,
        });
        writes.push(Write::AddNotification(Box::new(row), channels));
    }
    (writes, events)
}

/// The joined, active employees who could pick up a shift of `role` from the pool (anyone for
/// a shift without a role), but `except`.
pub fn colleagues(
    state: &StoreState,
    role: Option<RoleId>,
    except: Option<EmployeeId>,
) -> Vec<UserId> {
    let mut users: Vec<UserId> = state
        .employees
        .iter()
        .filter(|e| e.terminated_at.is_none() && !e.deactive && Some(e.id) != except)
        .filter(|e| role.is_none_or(|r| e.role_ids.contains(&r.0)))
        .filter_map(|e| e.user_id)
        .collect();
    users.sort_unstable();
    users.dedup();
    users
}

/// The users who answer requests of this kind: the owner and active holders of `permission`.
pub fn responders(state: &StoreState, permission: Permission) -> Vec<UserId> {
    let mut users: Vec<UserId> = state
        .employees
        .iter()
        .filter(|e| e.terminated_at.is_none() && !e.deactive && e.perms().has(permission))
        .filter_map(|e| e.user_id)
        .collect();
    users.push(state.store.owner_id);
    users.sort_unstable();
    users.dedup();
    users
}
