//! The hub of one server process: the connected sockets, the rooms of stores and users, the
//! ordered fan-out of committed changes, presence, and the alerts of new notifications for
//! every socket of their reader.
//!
//! Changes of a store reach this node twice (from the local store actor, and announced by
//! Postgres `NOTIFY`) and possibly out of order; a room delivers versions strictly in order,
//! each once, holding early ones until the gap is filled from the outbox. Per socket, a
//! `seen` version makes the join (replay, then live) free of gaps and duplicates: a socket
//! that is joining collects live changes in `held` until its replay is done.
//!
//! The hub's calls are spread over its modules, which import one another one way only:
//!
//! - `state`: what the hub holds under its lock, and the [`Hub`] itself.
//! - `change`: a committed change, encoded once for the sockets.
//! - `presence`: who is looking at a store, and the room's `presence` event (the processes
//!   tell each other through [`crate::realtime::presence`]).
//! - `alerts`: new notifications for their reader's sockets outside the store's room (the
//!   processes tell each other through [`crate::realtime::alerts`]).
//! - this file: connecting, joining and leaving, and the ordered fan-out of changes.

mod alerts;
mod change;
mod presence;
mod state;

pub use change::Change;
pub use state::{Hub, SocketKey};

use crate::domain::audience::Audience;
use crate::domain::ids::{StoreId, UserId};
use crate::realtime::hub::state::{Member, Room, SocketEntry, State};
use crate::realtime::outbound::{Frame, Outbound};
use crate::realtime::tasks::Task;
use crate::store::persist::CommittedEvent;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Most changes a room holds while waiting for a gap to be filled; past it the room drops
/// them and catches up from the outbox instead.
const MAX_PENDING: usize = 10_000;

/// What a join found when it completed.
#[derive(Debug, PartialEq, Eq)]
pub enum JoinOutcome {
    Joined,
    /// The socket left (or disconnected) while joining.
    Gone,
}

impl Hub {
    /// Registers a connected socket.
    pub fn connect(&self, key: SocketKey, user: UserId, out: Arc<Outbound>) {
        let mut st = self.lock();
        let before = st.sockets.insert(
            key,
            SocketEntry {
                user,
                out,
                stores: HashSet::new(),
            },
        );
        if let Some(before) = before {
            leave_user_room(&mut st, before.user, key);
        }
        st.users.entry(user).or_default().insert(key);
    }

    /// Removes a socket from every room. Safe to call more than once.
    pub fn disconnect(&self, key: SocketKey) {
        let mut st = self.lock();
        let Some(entry) = st.sockets.remove(&key) else {
            return;
        };
        leave_user_room(&mut st, entry.user, key);
        let left: Vec<StoreId> = entry
            .stores
            .into_iter()
            .filter(|store| remove_member(&mut st, *store, key))
            .collect();
        drop(st);
        for store in left {
            self.task(Task::Announce(store));
        }
    }

    /// Starts a join: from now on, live changes of the store are held for the socket.
    /// Returns false if the socket is not connected.
    pub fn begin_join(&self, store: StoreId, key: SocketKey, name: String, manager: bool) -> bool {
        let mut st = self.lock();
        let Some(entry) = st.sockets.get_mut(&key) else {
            return false;
        };
        entry.stores.insert(store);
        let user = entry.user;
        let opened = !st.stores.contains_key(&store);
        let room = st.stores.entry(store).or_default();
        let presence = room.members.remove(&key).and_then(|m| m.presence);
        room.members.insert(
            key,
            Member {
                user,
                name,
                manager,
                seen: None,
                held: Vec::new(),
                presence,
            },
        );
        drop(st);
        if opened {
            self.task(Task::Ask(store));
        }
        true
    }

    /// Completes a join at `version` (everything up to it was replayed): sends `ack`, then
    /// the changes held meanwhile, then who is present.
    pub fn finish_join(
        &self,
        store: StoreId,
        key: SocketKey,
        version: i64,
        ack: Option<Frame>,
    ) -> JoinOutcome {
        let mut guard = self.lock();
        let st = &mut *guard;
        let Some(out) = st.sockets.get(&key).map(|s| s.out.clone()) else {
            return JoinOutcome::Gone;
        };
        let Some(room) = st.stores.get_mut(&store) else {
            return JoinOutcome::Gone;
        };
        let Some(member) = room.members.get_mut(&key) else {
            return JoinOutcome::Gone;
        };
        if let Some(ack) = ack {
            out.push(ack);
        }
        let mut seen = version;
        for change in std::mem::take(&mut member.held) {
            if change.version > seen {
                change.push_to(&out);
                seen = change.version;
            }
        }
        member.seen = Some(seen);
        if room.delivered.is_none() {
            room.delivered = Some(version);
        }
        let (gap, touched) = advance(room, &st.sockets, &st.users, &mut st.unsent);
        if room.has_presence() {
            out.push(presence::frame(store, room));
        }
        drop(guard);
        if gap {
            self.task(Task::CatchUp(store));
        }
        if touched {
            self.task(Task::Refresh(store));
        }
        JoinOutcome::Joined
    }

    /// Takes the socket out of the store's room.
    pub fn leave(&self, store: StoreId, key: SocketKey) {
        let mut st = self.lock();
        if let Some(entry) = st.sockets.get_mut(&key) {
            entry.stores.remove(&store);
        }
        let was_present = remove_member(&mut st, store, key);
        drop(st);
        if was_present {
            self.task(Task::Announce(store));
        }
    }

    /// Whether some socket of this process is in the store's room.
    pub fn has_room(&self, store: StoreId) -> bool {
        self.lock().stores.contains_key(&store)
    }

    /// The stores with sockets here.
    pub fn stores(&self) -> Vec<StoreId> {
        self.lock().stores.keys().copied().collect()
    }

    /// The last version fanned out to the store's room, once known.
    pub fn delivered(&self, store: StoreId) -> Option<i64> {
        self.lock().stores.get(&store).and_then(|r| r.delivered)
    }

    /// Offers committed changes of a store (in any order, possibly seen before). Each
    /// version is delivered once, in order; a gap asks the delivery loop to catch up.
    pub fn offer(&self, store: StoreId, changes: impl IntoIterator<Item = Change>) {
        let mut guard = self.lock();
        let st = &mut *guard;
        let Some(room) = st.stores.get_mut(&store) else {
            return;
        };
        for change in changes {
            room.newest = room.newest.max(change.version);
            if room.delivered.is_some_and(|d| change.version <= d) {
                continue;
            }
            if room.pending.len() >= MAX_PENDING {
                // Far behind: forget the newest and read them back from the outbox.
                break;
            }
            room.pending.insert(change.version, Arc::new(change));
        }
        let (gap, touched) = advance(room, &st.sockets, &st.users, &mut st.unsent);
        drop(guard);
        if gap {
            self.task(Task::CatchUp(store));
        }
        if touched {
            self.task(Task::Refresh(store));
        }
    }

    /// Offers the committed events of the local store actor: to the rooms of their stores,
    /// and each new notification also to its reader's other sockets, here and (told through
    /// the delivery loop) on the other processes.
    pub fn publish(&self, events: &[CommittedEvent]) {
        self.publish_to_rooms(events);
        self.alert_new_notifications(events);
    }

    fn publish_to_rooms(&self, events: &[CommittedEvent]) {
        let mut i = 0;
        while i < events.len() {
            let store = events[i].store_id;
            let end = events[i..]
                .iter()
                .position(|e| e.store_id != store)
                .map_or(events.len(), |n| i + n);
            if self.has_room(store) {
                // Encoded before taking the lock, which fan-out holds only to push frames.
                let changes: Vec<Change> =
                    events[i..end].iter().map(Change::from_committed).collect();
                self.offer(store, changes);
            }
            i = end;
        }
    }

    /// A change of `store` at `version` was announced by the database.
    pub fn announced(&self, store: StoreId, version: i64) {
        let behind = self.lock().stores.get_mut(&store).is_some_and(|r| {
            r.newest = r.newest.max(version);
            r.delivered.is_some_and(|d| version > d)
        });
        if behind {
            self.task(Task::CatchUp(store));
        }
    }

    /// The users with sockets in the store's room.
    pub fn users_in(&self, store: StoreId) -> Vec<UserId> {
        let st = self.lock();
        let Some(room) = st.stores.get(&store) else {
            return Vec::new();
        };
        let users: HashSet<UserId> = room.members.values().map(|m| m.user).collect();
        users.into_iter().collect()
    }

    /// Applies re-read memberships: `Some(manager)` updates a member's standing, `None`
    /// (no longer a member) takes all the user's sockets out of the room.
    pub fn update_members(&self, store: StoreId, standing: &HashMap<UserId, Option<bool>>) {
        let mut guard = self.lock();
        let st = &mut *guard;
        let Some(room) = st.stores.get_mut(&store) else {
            return;
        };
        let mut removed = Vec::new();
        for (key, member) in room.members.iter_mut() {
            match standing.get(&member.user) {
                Some(Some(manager)) => member.manager = *manager,
                Some(None) => removed.push(*key),
                None => {}
            }
        }
        let mut was_present = false;
        for key in removed {
            if let Some(entry) = st.sockets.get_mut(&key) {
                entry.stores.remove(&store);
            }
            was_present |= remove_member(st, store, key);
        }
        drop(guard);
        if was_present {
            self.task(Task::Announce(store));
        }
    }

    /// How far this node's delivery trails the commits: the newest version committed minus
    /// the newest delivered, summed over the rooms here.
    pub fn outbox_lag(&self) -> i64 {
        self.lock()
            .stores
            .values()
            .filter_map(|r| Some((r.newest - r.delivered?).max(0)))
            .sum()
    }

    /// Counts of connected sockets and of rooms, for logs and tests.
    pub fn counts(&self) -> (usize, usize) {
        let st = self.lock();
        (st.sockets.len(), st.stores.len())
    }
}

/// Fans out every pending change that continues the room's version sequence, listing the
/// queues given frames in `unsent`. Returns whether a gap remains, and whether an employee
/// change went out.
fn advance(
    room: &mut Room,
    sockets: &HashMap<SocketKey, SocketEntry>,
    users: &HashMap<UserId, HashSet<SocketKey>>,
    unsent: &mut Vec<Arc<Outbound>>,
) -> (bool, bool) {
    let Some(mut delivered) = room.delivered else {
        return (false, false);
    };
    let mut touched = false;
    while let Some(entry) = room.pending.first_entry() {
        let version = *entry.key();
        if version <= delivered {
            entry.remove();
            continue;
        }
        if version != delivered + 1 {
            break;
        }
        let change = entry.remove();
        fan_out(&mut room.members, sockets, users, &change, unsent);
        touched |= change.touches_members;
        delivered = version;
    }
    room.delivered = Some(delivered);
    (!room.pending.is_empty(), touched)
}

/// Queues the change for every member who may see it and has not, listing their queues in
/// `unsent` (sent when the hub's lock is let go). A change for a few users only (a private
/// notification, of which a chat message makes one per reader told) looks up their sockets
/// instead of weighing every member of a large room while the hub is locked.
fn fan_out(
    members: &mut HashMap<SocketKey, Member>,
    sockets: &HashMap<SocketKey, SocketEntry>,
    users: &HashMap<UserId, HashSet<SocketKey>>,
    change: &Arc<Change>,
    unsent: &mut Vec<Arc<Outbound>>,
) {
    if let Audience::Users(readers) = &change.audience {
        let keys = readers.iter().filter_map(|user| users.get(user)).flatten();
        for key in keys {
            if let Some(member) = members.get_mut(key) {
                reach(*key, member, sockets, change, unsent);
            }
        }
        return;
    }
    for (key, member) in members.iter_mut() {
        if change.audience.admits(member.user, member.manager) {
            reach(*key, member, sockets, change, unsent);
        }
    }
}

/// Queues the change for one member allowed to see it: held while it joins, else sent once.
fn reach(
    key: SocketKey,
    member: &mut Member,
    sockets: &HashMap<SocketKey, SocketEntry>,
    change: &Arc<Change>,
    unsent: &mut Vec<Arc<Outbound>>,
) {
    match member.seen {
        None => member.held.push(change.clone()),
        Some(seen) if change.version > seen => {
            member.seen = Some(change.version);
            if let Some(socket) = sockets.get(&key) {
                // A full queue closes the connection; its session then disconnects.
                if change.enqueue_to(&socket.out) {
                    unsent.push(socket.out.clone());
                }
            }
        }
        Some(_) => {}
    }
}

/// Takes a socket out of its user's room.
fn leave_user_room(st: &mut State, user: UserId, key: SocketKey) {
    if let Some(keys) = st.users.get_mut(&user) {
        keys.remove(&key);
        if keys.is_empty() {
            st.users.remove(&user);
        }
    }
}

/// Takes a socket out of a room. Returns whether it was present (the others must hear).
fn remove_member(st: &mut State, store: StoreId, key: SocketKey) -> bool {
    let Some(room) = st.stores.get_mut(&store) else {
        return false;
    };
    let Some(member) = room.members.remove(&key) else {
        return false;
    };
    if room.members.is_empty() {
        st.stores.remove(&store);
    } else if member.presence.is_some() {
        presence::broadcast(store, room, &st.sockets, &mut st.unsent);
    }
    member.presence.is_some()
}

#[cfg(test)]
mod tests;
