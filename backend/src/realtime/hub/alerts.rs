//! The hub's alerts of new notifications: the reader's sockets outside the store's room get
//! the `notification` event too, here at once and on the other processes through the
//! delivery loop ([`crate::realtime::alerts`] carries them between processes).

use crate::domain::audience::Audience;
use crate::domain::ids::{StoreId, UserId};
use crate::realtime::alerts::{Alert, Notice};
use crate::realtime::hub::change::{alert_frame, Change};
use crate::realtime::hub::state::{Hub, SocketEntry, State};
use crate::realtime::outbound::Frame;
use crate::realtime::tasks::Task;
use crate::store::notify::NOTIFICATION_EVENT;
use crate::store::persist::CommittedEvent;

impl Hub {
    /// Alerts the readers of the new notifications among the local store actor's committed
    /// events: their sockets here outside the store's room now, the other processes' through
    /// the delivery loop.
    pub(super) fn alert_new_notifications(&self, events: &[CommittedEvent]) {
        let notifications: Vec<(&CommittedEvent, Frame)> = events
            .iter()
            .filter(|e| e.kind == NOTIFICATION_EVENT && matches!(e.visibility, Audience::Users(_)))
            .map(|e| (e, alert_frame(&e.data)))
            .collect();
        if notifications.is_empty() {
            return;
        }
        let mut queued = false;
        let mut dropped = 0;
        {
            let mut st = self.lock();
            for (e, frame) in &notifications {
                let Audience::Users(readers) = &e.visibility else {
                    continue;
                };
                alert_readers(&st, e.store_id, readers, frame);
                for user in readers {
                    let alert = Alert {
                        store: e.store_id,
                        version: e.version,
                        user: *user,
                    };
                    if st.alerts.send(alert) {
                        queued = true;
                    } else {
                        dropped += 1;
                    }
                }
            }
        }
        if dropped > 0 {
            tracing::warn!(
                dropped,
                "too many notification alerts waiting; not announced"
            );
        }
        if queued {
            self.task(Task::SendAlerts);
        }
    }

    /// Takes the alerts of new notifications committed here, to announce to the others.
    pub fn take_outgoing_alerts(&self) -> Vec<Alert> {
        self.lock().alerts.take_outgoing()
    }

    /// Takes in another process's notice of new notifications: those whose reader has a
    /// socket here outside the store's room are to be read from the outbox.
    pub fn heard_alerts(&self, notice: Notice) {
        let store = notice.store;
        let mut guard = self.lock();
        let st = &mut *guard;
        let mut wanted = false;
        let mut dropped = 0;
        for (version, user) in notice.alerts {
            if !has_socket_outside(st, user, store) {
                continue;
            }
            if st.alerts.heard(store, version) {
                wanted = true;
            } else if !st.alerts.is_waiting(store, version) {
                dropped += 1;
            }
        }
        drop(guard);
        if dropped > 0 {
            tracing::warn!(dropped, %store, "too many notification alerts waiting; dropped");
        }
        if wanted {
            self.task(Task::FetchAlerts(store));
        }
    }

    /// Takes the versions of the store heard of from the others, to read.
    pub fn take_heard_alerts(&self, store: StoreId) -> Vec<i64> {
        self.lock().alerts.take_incoming(store)
    }

    /// Pushes a new notification (read from the outbox) to its reader's sockets outside the
    /// store's room (the room delivers it with the change).
    pub fn alert(&self, store: StoreId, change: &Change) {
        let Some(frame) = &change.alert else {
            return;
        };
        alert_readers(&self.lock(), store, change.readers(), frame);
    }
}

/// The sockets of `user` that are not in the store's room.
fn sockets_outside(
    st: &State,
    user: UserId,
    store: StoreId,
) -> impl Iterator<Item = &SocketEntry> + '_ {
    st.users
        .get(&user)
        .into_iter()
        .flatten()
        .filter_map(|key| st.sockets.get(key))
        .filter(move |socket| !socket.stores.contains(&store))
}

fn has_socket_outside(st: &State, user: UserId, store: StoreId) -> bool {
    sockets_outside(st, user, store).next().is_some()
}

/// Pushes a notification's alert to its readers' sockets outside the store's room.
fn alert_readers(st: &State, store: StoreId, readers: &[UserId], frame: &Frame) {
    for user in readers {
        for socket in sockets_outside(st, *user, store) {
            // A full queue closes the connection; its session then disconnects.
            socket.out.push(frame.clone());
        }
    }
}
