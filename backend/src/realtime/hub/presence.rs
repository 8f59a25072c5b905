//! The hub's presence: what each socket's user is looking at, what the other processes said
//! ([`crate::realtime::presence`] carries it between them), and the `presence` event a room
//! gets when who is present changes.

use crate::domain::ids::StoreId;
use crate::realtime::hub::change::event_frame;
use crate::realtime::hub::state::{Hub, Room, SocketEntry, SocketKey};
use crate::realtime::outbound::{Frame, Outbound};
use crate::realtime::presence::{merge, Announcement, PresentUser};
use crate::realtime::tasks::Task;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

impl Hub {
    /// Records what a socket's user is looking at; broadcasts the room's presence when it
    /// changed. Returns false if the socket is not in the room.
    pub fn presence(
        &self,
        store: StoreId,
        key: SocketKey,
        viewing: bool,
        editing: Option<String>,
    ) -> bool {
        let mut guard = self.lock();
        let st = &mut *guard;
        let Some(room) = st.stores.get_mut(&store) else {
            return false;
        };
        let Some(member) = room.members.get_mut(&key) else {
            return false;
        };
        let next = viewing.then_some(editing);
        if member.presence == next {
            return true;
        }
        member.presence = next;
        broadcast(store, room, &st.sockets, &mut st.unsent);
        drop(guard);
        self.task(Task::Announce(store));
        true
    }

    /// Who is present in the store through this process's sockets, for the others.
    pub fn local_presence(&self, store: StoreId) -> Vec<PresentUser> {
        self.lock()
            .stores
            .get(&store)
            .map(local_users)
            .unwrap_or_default()
    }

    /// The stores someone is present in through this process.
    pub fn stores_with_presence(&self) -> Vec<StoreId> {
        self.lock()
            .stores
            .iter()
            .filter(|(_, room)| room.has_presence())
            .map(|(store, _)| *store)
            .collect()
    }

    /// Takes in another process's announcement, heard at `now`: answers a question with this
    /// process's presence, and shows the room the new presence when it changed.
    pub fn heard(&self, a: Announcement, now: Instant) {
        let store = a.store;
        let mut guard = self.lock();
        let st = &mut *guard;
        let Some(room) = st.stores.get_mut(&store) else {
            return;
        };
        if a.ask {
            let present = room.has_presence();
            drop(guard);
            if present {
                self.task(Task::Announce(store));
            }
            return;
        }
        if room.remote.record(a, now) {
            broadcast(store, room, &st.sockets, &mut st.unsent);
        }
    }

    /// Forgets presence the other processes stopped repeating, showing the rooms concerned.
    pub fn expire_remote(&self, now: Instant) {
        let mut guard = self.lock();
        let st = &mut *guard;
        for (store, room) in st.stores.iter_mut() {
            if room.remote.expire(now) {
                broadcast(*store, room, &st.sockets, &mut st.unsent);
            }
        }
    }

    /// Who is looking at the store, one entry per user, by name.
    pub fn present(&self, store: StoreId) -> Vec<PresentUser> {
        self.lock()
            .stores
            .get(&store)
            .map(present_users)
            .unwrap_or_default()
    }
}

/// The presence entries of the room's own sockets.
fn own_entries(room: &Room) -> Vec<PresentUser> {
    room.members
        .values()
        .filter_map(|m| {
            m.presence.as_ref().map(|editing| PresentUser {
                user_id: m.user,
                name: m.name.clone(),
                editing: editing.clone(),
            })
        })
        .collect()
}

/// Who is present through this process.
fn local_users(room: &Room) -> Vec<PresentUser> {
    merge(&own_entries(room))
}

/// Who is present through any process.
fn present_users(room: &Room) -> Vec<PresentUser> {
    let own = own_entries(room);
    merge(own.iter().chain(room.remote.users()))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PresenceBody {
    store_id: StoreId,
    users: Vec<PresentUser>,
}

/// The room's `presence` event: who is looking at the store through any process.
pub(super) fn frame(store: StoreId, room: &Room) -> Frame {
    event_frame(
        "presence",
        &PresenceBody {
            store_id: store,
            users: present_users(room),
        },
    )
}

/// Queues the room's `presence` event for every socket in it, listing their queues in
/// `unsent` (sent when the hub's lock is let go).
pub(super) fn broadcast(
    store: StoreId,
    room: &Room,
    sockets: &HashMap<SocketKey, SocketEntry>,
    unsent: &mut Vec<Arc<Outbound>>,
) {
    let frame = frame(store, room);
    for key in room.members.keys() {
        if let Some(socket) = sockets.get(key) {
            if socket.out.enqueue(frame.clone()) {
                unsent.push(socket.out.clone());
            }
        }
    }
}
