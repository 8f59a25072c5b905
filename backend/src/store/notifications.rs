//! Commands on the notifications of one reader: marking them seen and deleting them.
//! Notifications are not part of the working set, so these commands plan a write and leave
//! the choice of rows to the commit, which counts them. They change no store version and
//! announce nothing (the reader's other tabs learn of it on their next read).

use crate::domain::ids::{NotificationId, StoreId, UserId};
use crate::error::AppResult;
use crate::store::command::{Command, Effects, Reply};
use crate::store::state::StoreState;
use crate::store::write::{RowCount, Write};
use chrono::{DateTime, Utc};

/// Notifications of the store a reader names. Only the ones that are theirs are touched: the
/// reader's private ones, and the store's public ones when `public` (managers).
#[derive(Debug, Clone)]
pub struct Named {
    pub store: StoreId,
    pub reader: UserId,
    pub ids: Vec<NotificationId>,
    pub public: bool,
}

/// Marks notifications seen. Answers a [`RowCount`]: how many changed.
#[derive(Debug, Clone)]
pub struct MarkSeen(pub Named);

/// Deletes notifications. Answers a [`RowCount`]: how many were deleted.
#[derive(Debug, Clone)]
pub struct Remove(pub Named);

/// The effects of a write that counts its rows into `count`, or nothing for no ids.
fn counted(ids: &[NotificationId], count: RowCount, write: Write) -> Effects {
    if ids.is_empty() {
        return Effects::nothing(count);
    }
    Effects {
        writes: vec![write],
        events: Vec::new(),
        reply: Reply::new(count),
    }
}

impl Command for MarkSeen {
    fn name(&self) -> &'static str {
        "markNotificationsSeen"
    }

    #[tracing::instrument(name = "markNotificationsSeen", skip_all, fields(store = %self.0.store))]
    fn plan(&self, _state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        let Named {
            reader,
            ref ids,
            public,
            ..
        } = self.0;
        let changed = RowCount::default();
        let write = Write::MarkNotificationsSeen {
            reader,
            ids: ids.clone(),
            public,
            changed: changed.clone(),
        };
        Ok(counted(ids, changed, write))
    }
}

impl Command for Remove {
    fn name(&self) -> &'static str {
        "deleteNotifications"
    }

    #[tracing::instrument(name = "deleteNotifications", skip_all, fields(store = %self.0.store))]
    fn plan(&self, _state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        let Named {
            reader,
            ref ids,
            public,
            ..
        } = self.0;
        let deleted = RowCount::default();
        let write = Write::DeleteNotifications {
            reader,
            ids: ids.clone(),
            public,
            deleted: deleted.clone(),
        };
        Ok(counted(ids, deleted, write))
    }
}
