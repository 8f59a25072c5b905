//! The hub of one server process: the connected sockets, the rooms of stores and users, the
//! ordered fan-out of committed changes, presence, and the alerts of new notifications for
//! every socket of their reader ([`crate::realtime::alerts`]).
//!
//! Changes of a store reach this node twice (from the local store actor, and announced by
//! Postgres `NOTIFY`) and possibly out of order; a room delivers versions strictly in order,
//! each once, holding early ones until the gap is filled from the outbox. Per socket, a
//! `seen` version makes the join (replay, then live) free of gaps and duplicates: a socket
//! that is joining collects live changes in `held` until its replay is done.

use crate::domain::audience::Audience;
use crate::domain::ids::{StoreId, UserId};
use crate::domain::membership;
use crate::realtime::alerts::{self, Alert, Notice};
use crate::realtime::outbound::{Frame, Outbound};
use crate::realtime::presence::{self, Announcement, PresentUser};
use crate::realtime::tasks::{Task, TaskQueue};
use crate::store::notify::NOTIFICATION_EVENT;
use crate::store::persist::CommittedEvent;
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex, MutexGuard};

/// Identifies a connected socket within this process.
pub type SocketKey = u64;

/// One committed change, encoded once for every socket that may see it.
#[derive(Debug)]
pub struct Change {
    pub version: i64,
    pub audience: Audience,
    /// A change of an employee record, after which members' permissions are read again.
    pub touches_members: bool,
    pub frame: Frame,
    /// For a new notification, the `notification` event its reader's sockets also get, so a
    /// client can show it without reading every change.
    pub alert: Option<Frame>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChangeBody<'a> {
    store_id: StoreId,
    version: i64,
    #[serde(rename = "type")]
    kind: &'a str,
    data: &'a Value,
    at: i64,
}

impl Change {
    /// Encodes `change {storeId, version, type, data, at}`.
    pub fn new(
        store: StoreId,
        version: i64,
        kind: &str,
        data: &Value,
        at: i64,
        audience: Audience,
    ) -> Change {
        let body = ChangeBody {
            store_id: store,
            version,
            kind,
            data,
            at,
        };
        Change {
            version,
            audience,
            touches_members: membership::touches_membership(kind),
            frame: event_frame("change", &body),
            alert: (kind == NOTIFICATION_EVENT).then(|| alert_frame(data)),
        }
    }

    /// The users whose own room a new notification also goes to: its reader (none for a
    /// notification to the whole store, which its room delivers).
    pub fn readers(&self) -> &[UserId] {
        match (&self.alert, &self.audience) {
            (Some(_), Audience::Users(users)) => users,
            _ => &[],
        }
    }

    /// Pushes the change (and its alert) to a socket's queue.
    fn push_to(&self, out: &Outbound) {
        out.push(self.frame.clone());
        if let Some(alert) = &self.alert {
            out.push(alert.clone());
        }
    }

    pub fn from_committed(e: &CommittedEvent) -> Change {
        Change::new(
            e.store_id,
            e.version,
            &e.kind,
            &e.data,
            e.at,
            e.visibility.clone(),
        )
    }
}

/// Encodes the `notification` event of a new notification.
fn alert_frame(data: &Value) -> Frame {
    event_frame("notification", data)
}

/// Encodes a server event `42["<name>",<payload>]` (Engine.IO message, Socket.IO EVENT).
pub fn event_frame<T: Serialize + ?Sized>(name: &str, payload: &T) -> Frame {
    let json = serde_json::to_string(&(name, payload))
        // Serialising our own values to JSON cannot fail; keep a valid frame if it ever did.
        .unwrap_or_else(|_| format!("[{}]", serde_json::Value::from(name)));
    let mut s = String::with_capacity(2 + json.len());
    s.push_str("42");
    s.push_str(&json);
    Frame::from(s)
}

#[derive(Debug)]
struct Member {
    user: UserId,
    name: String,
    manager: bool,
    /// The last version sent; `None` while the socket is joining.
    seen: Option<i64>,
    /// Live changes that arrived while joining.
    held: Vec<Arc<Change>>,
    /// `Some(editing)` while the user is looking at the store.
    presence: Option<Option<String>>,
}

#[derive(Debug, Default)]
struct Room {
    members: HashMap<SocketKey, Member>,
    /// The last version fanned out; unknown until the first join completes.
    delivered: Option<i64>,
    /// The newest committed version heard of (announced, offered or published).
    newest: i64,
    /// Changes ahead of `delivered + 1`, waiting for the gap to be filled.
    pending: BTreeMap<i64, Arc<Change>>,
    /// Who is present through the other server processes.
    remote: presence::Remote,
}

#[derive(Debug)]
struct SocketEntry {
    user: UserId,
    out: Arc<Outbound>,
    stores: HashSet<StoreId>,
}

#[derive(Debug, Default)]
struct State {
    stores: HashMap<StoreId, Room>,
    sockets: HashMap<SocketKey, SocketEntry>,
    /// Each user's room: their connected sockets.
    users: HashMap<UserId, HashSet<SocketKey>>,
    /// Alerts of new notifications waiting for the delivery loop.
    alerts: alerts::Pending,
}

/// Most changes a room holds while waiting for a gap to be filled; past it the room drops
/// them and catches up from the outbox instead.
const MAX_PENDING: usize = 10_000;

/// The sockets and rooms of this process.
pub struct Hub {
    state: Mutex<State>,
    tasks: Arc<TaskQueue>,
}

/// What a join found when it completed.
#[derive(Debug, PartialEq, Eq)]
pub enum JoinOutcome {
    Joined,
    /// The socket left (or disconnected) while joining.
    Gone,
}

impl Hub {
    /// A hub handing its background work to `tasks`.
    pub fn new(tasks: Arc<TaskQueue>) -> Hub {
        Hub {
            state: Mutex::new(State::default()),
            tasks,
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Hands work to the delivery loop (merged with the same task if one is waiting).
    pub fn task(&self, task: Task) {
        self.tasks.push(task);
    }

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
        let (gap, touched) = advance(room, &st.sockets);
        if room.members.values().any(|m| m.presence.is_some()) {
            out.push(presence_frame(store, room));
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
        let (gap, touched) = advance(room, &st.sockets);
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
        broadcast_presence(store, room, &st.sockets);
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
            .filter(|(_, room)| room.members.values().any(|m| m.presence.is_some()))
            .map(|(store, _)| *store)
            .collect()
    }

    /// Takes in another process's announcement, heard at `now`: answers a question with this
    /// process's presence, and shows the room the new presence when it changed.
    pub fn heard(&self, a: Announcement, now: std::time::Instant) {
        let store = a.store;
        let mut guard = self.lock();
        let st = &mut *guard;
        let Some(room) = st.stores.get_mut(&store) else {
            return;
        };
        if a.ask {
            let present = room.members.values().any(|m| m.presence.is_some());
            drop(guard);
            if present {
                self.task(Task::Announce(store));
            }
            return;
        }
        if room.remote.record(a, now) {
            broadcast_presence(store, room, &st.sockets);
        }
    }

    /// Forgets presence the other processes stopped repeating, showing the rooms concerned.
    pub fn expire_remote(&self, now: std::time::Instant) {
        let mut guard = self.lock();
        let st = &mut *guard;
        for (store, room) in st.stores.iter_mut() {
            if room.remote.expire(now) {
                broadcast_presence(*store, room, &st.sockets);
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

/// Fans out every pending change that continues the room's version sequence. Returns whether
/// a gap remains, and whether an employee change went out.
fn advance(room: &mut Room, sockets: &HashMap<SocketKey, SocketEntry>) -> (bool, bool) {
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
        fan_out(&mut room.members, sockets, &change);
        touched |= change.touches_members;
        delivered = version;
    }
    room.delivered = Some(delivered);
    (!room.pending.is_empty(), touched)
}

fn fan_out(
    members: &mut HashMap<SocketKey, Member>,
    sockets: &HashMap<SocketKey, SocketEntry>,
    change: &Arc<Change>,
) {
    for (key, member) in members.iter_mut() {
        if !change.audience.admits(member.user, member.manager) {
            continue;
        }
        match member.seen {
            None => member.held.push(change.clone()),
            Some(seen) if change.version > seen => {
                member.seen = Some(change.version);
                if let Some(socket) = sockets.get(key) {
                    // A full queue closes the connection; its session then disconnects.
                    change.push_to(&socket.out);
                }
            }
            Some(_) => {}
        }
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
        broadcast_presence(store, room, &st.sockets);
    }
    member.presence.is_some()
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
    presence::merge(&own_entries(room))
}

/// Who is present through any process.
fn present_users(room: &Room) -> Vec<PresentUser> {
    let own = own_entries(room);
    presence::merge(own.iter().chain(room.remote.users()))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PresenceBody {
    store_id: StoreId,
    users: Vec<PresentUser>,
}

fn presence_frame(store: StoreId, room: &Room) -> Frame {
    event_frame(
        "presence",
        &PresenceBody {
            store_id: store,
            users: present_users(room),
        },
    )
}

fn broadcast_presence(store: StoreId, room: &Room, sockets: &HashMap<SocketKey, SocketEntry>) {
    let frame = presence_frame(store, room);
    for key in room.members.keys() {
        if let Some(socket) = sockets.get(key) {
            socket.out.push(frame.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::realtime::outbound::Drained;
    use serde_json::json;

    fn hub() -> (Hub, Arc<TaskQueue>) {
        let tasks = Arc::new(TaskQueue::new());
        (Hub::new(tasks.clone()), tasks)
    }

    fn change(store: StoreId, version: i64, audience: Audience) -> Change {
        Change::new(
            store,
            version,
            "shift.updated",
            &json!({"v": version}),
            0,
            audience,
        )
    }

    /// The versions of the `change` events in a queue, and the other events by name.
    fn received(out: &Outbound) -> (Vec<i64>, Vec<String>) {
        let mut versions = Vec::new();
        let mut others = Vec::new();
        if let Some(Drained::Frames(frames)) = out.drain() {
            for f in frames {
                let v: Value = serde_json::from_str(&f[2..]).expect("json event");
                let name = v[0].as_str().expect("name").to_string();
                if name == "change" {
                    versions.push(v[1]["version"].as_i64().expect("version"));
                } else {
                    others.push(name);
                }
            }
        }
        (versions, others)
    }

    fn joined(
        hub: &Hub,
        store: StoreId,
        key: SocketKey,
        user: UserId,
        manager: bool,
        at: i64,
    ) -> Arc<Outbound> {
        let out = Arc::new(Outbound::new(1 << 20));
        hub.connect(key, user, out.clone());
        assert!(hub.begin_join(store, key, format!("user {key}"), manager));
        assert_eq!(
            hub.finish_join(store, key, at, Some("43[]".into())),
            JoinOutcome::Joined
        );
        let _ = out.drain();
        out
    }

    #[test]
    fn changes_reach_only_the_sockets_that_may_see_them() {
        let (hub, _rx) = hub();
        let store = StoreId::new();
        let (boss, ana, ben) = (UserId::new(), UserId::new(), UserId::new());
        let boss_out = joined(&hub, store, 1, boss, true, 0);
        let ana_out = joined(&hub, store, 2, ana, false, 0);
        let ben_out = joined(&hub, store, 3, ben, false, 0);
        hub.offer(
            store,
            [
                change(store, 1, Audience::Everyone),
                change(store, 2, Audience::Managers),
                change(store, 3, Audience::ManagersAnd(vec![ana])),
            ],
        );
        assert_eq!(received(&boss_out).0, vec![1, 2, 3]);
        assert_eq!(received(&ana_out).0, vec![1, 3]);
        assert_eq!(received(&ben_out).0, vec![1]);
    }

    #[test]
    fn versions_go_out_in_order_once_and_a_gap_asks_for_a_catch_up() {
        let (hub, rx) = hub();
        let store = StoreId::new();
        let out = joined(&hub, store, 1, UserId::new(), true, 5);
        assert_eq!(rx.try_pop(), Some(Task::Ask(store)));
        hub.offer(store, [change(store, 7, Audience::Everyone)]);
        assert_eq!(received(&out).0, Vec::<i64>::new());
        assert_eq!(rx.try_pop(), Some(Task::CatchUp(store)));
        hub.offer(
            store,
            [
                change(store, 6, Audience::Everyone),
                change(store, 5, Audience::Everyone),
                change(store, 7, Audience::Everyone),
            ],
        );
        assert_eq!(received(&out).0, vec![6, 7]);
        assert_eq!(hub.delivered(store), Some(7));
        hub.offer(store, [change(store, 7, Audience::Everyone)]);
        assert_eq!(received(&out).0, Vec::<i64>::new());
        hub.announced(store, 7);
        assert!(rx.try_pop().is_none());
        hub.announced(store, 8);
        assert_eq!(rx.try_pop(), Some(Task::CatchUp(store)));
    }

    #[test]
    fn a_joining_socket_gets_what_arrived_during_its_replay_after_its_ack() {
        let (hub, _rx) = hub();
        let store = StoreId::new();
        let early = joined(&hub, store, 1, UserId::new(), true, 3);
        let out = Arc::new(Outbound::new(1 << 20));
        hub.connect(2, UserId::new(), out.clone());
        assert!(hub.begin_join(store, 2, "late".into(), true));
        hub.offer(
            store,
            [
                change(store, 4, Audience::Everyone),
                change(store, 5, Audience::Everyone),
            ],
        );
        assert_eq!(received(&early).0, vec![4, 5]);
        assert_eq!(received(&out).0, Vec::<i64>::new());
        // The replay read the store at version 4: only 5 is still owed.
        hub.finish_join(store, 2, 4, Some("43[]".into()));
        let Some(Drained::Frames(frames)) = out.drain() else {
            panic!("expected frames");
        };
        assert_eq!(&*frames[0], "43[]");
        assert!(frames[1].contains(r#""version":5"#));
        assert_eq!(frames.len(), 2);
        hub.offer(store, [change(store, 6, Audience::Everyone)]);
        assert_eq!(received(&out).0, vec![6]);
    }

    #[test]
    fn sockets_leave_every_room_when_they_disconnect() {
        let (hub, _rx) = hub();
        let (a, b) = (StoreId::new(), StoreId::new());
        let user = UserId::new();
        let out = joined(&hub, a, 1, user, false, 0);
        assert!(hub.begin_join(b, 1, "x".into(), false));
        hub.finish_join(b, 1, 0, Some("43[]".into()));
        let other = joined(&hub, a, 2, UserId::new(), false, 0);
        assert_eq!(hub.counts(), (2, 2));
        hub.disconnect(1);
        hub.disconnect(1);
        assert_eq!(hub.counts(), (1, 1));
        assert!(!hub.has_room(b));
        assert_eq!(hub.users_in(a).len(), 1);
        hub.disconnect(2);
        assert_eq!(hub.counts(), (0, 0));
        drop((out, other));
    }

    #[test]
    fn presence_is_broadcast_on_change_and_when_someone_leaves() {
        let (hub, _rx) = hub();
        let store = StoreId::new();
        let (ana, ben) = (UserId::new(), UserId::new());
        let ana_out = joined(&hub, store, 1, ana, true, 0);
        let ben_out = joined(&hub, store, 2, ben, false, 0);
        assert!(hub.presence(store, 1, true, Some("shift-1".into())));
        assert_eq!(received(&ben_out).1, vec!["presence"]);
        assert_eq!(received(&ana_out).1, vec!["presence"]);
        // Unchanged presence is not broadcast again.
        assert!(hub.presence(store, 1, true, Some("shift-1".into())));
        assert_eq!(received(&ben_out).1, Vec::<String>::new());
        let present = hub.present(store);
        assert_eq!(present.len(), 1);
        assert_eq!(present[0].user_id, ana);
        assert_eq!(present[0].editing.as_deref(), Some("shift-1"));
        hub.disconnect(1);
        assert_eq!(received(&ben_out).1, vec!["presence"]);
        assert!(hub.present(store).is_empty());
        assert!(!hub.presence(store, 1, true, None));
    }

    #[test]
    fn presence_through_other_processes_is_shown_until_it_goes_quiet() {
        let (hub, rx) = hub();
        let store = StoreId::new();
        let ana = UserId::new();
        let ana_out = joined(&hub, store, 1, ana, true, 0);
        assert_eq!(rx.try_pop(), Some(Task::Ask(store)));
        let node = uuid::Uuid::new_v4();
        let t0 = std::time::Instant::now();
        let zoe = PresentUser {
            user_id: UserId::new(),
            name: "Zoe".into(),
            editing: Some("shift-9".into()),
        };
        let said = |seq, ask, users| Announcement {
            node,
            store,
            seq,
            ask,
            users,
        };
        hub.heard(said(1, false, vec![zoe.clone()]), t0);
        assert_eq!(received(&ana_out).1, vec!["presence"]);
        assert_eq!(hub.present(store), vec![zoe.clone()]);
        // The others' presence is not announced back as this process's own.
        assert!(hub.local_presence(store).is_empty());
        // A question is answered only by a process where someone is present.
        hub.heard(said(2, true, vec![]), t0);
        assert!(rx.try_pop().is_none());
        assert!(hub.presence(store, 1, true, None));
        assert_eq!(rx.try_pop(), Some(Task::Announce(store)));
        hub.heard(said(3, true, vec![]), t0);
        assert_eq!(rx.try_pop(), Some(Task::Announce(store)));
        assert_eq!(hub.stores_with_presence(), vec![store]);
        let _ = received(&ana_out);
        hub.expire_remote(t0 + presence::EXPIRY + std::time::Duration::from_secs(1));
        assert_eq!(received(&ana_out).1, vec!["presence"]);
        assert_eq!(hub.present(store).len(), 1, "only Ana, here");
    }

    #[test]
    fn a_burst_of_presence_changes_leaves_one_announcement_waiting() {
        let (hub, rx) = hub();
        let store = StoreId::new();
        let out = joined(&hub, store, 1, UserId::new(), true, 0);
        for i in 0..1_000 {
            assert!(hub.presence(store, 1, true, Some(format!("shift-{}", i % 2))));
        }
        assert_eq!(rx.len(), 2, "the room's question, and one announcement");
        assert_eq!(rx.try_pop(), Some(Task::Ask(store)));
        assert_eq!(rx.try_pop(), Some(Task::Announce(store)));
        drop(out);
    }

    #[test]
    fn a_member_who_loses_the_store_leaves_its_room_and_a_demoted_one_stops_seeing_drafts() {
        let (hub, rx) = hub();
        let store = StoreId::new();
        let (ana, ben) = (UserId::new(), UserId::new());
        let ana_out = joined(&hub, store, 1, ana, true, 0);
        let ben_out = joined(&hub, store, 2, ben, false, 0);
        assert_eq!(
            rx.try_pop(),
            Some(Task::Ask(store)),
            "a new room asks who is here"
        );
        hub.offer(
            store,
            [Change::new(
                store,
                1,
                "employee.updated",
                &json!({}),
                0,
                Audience::Everyone,
            )],
        );
        assert_eq!(rx.try_pop(), Some(Task::Refresh(store)));
        hub.update_members(store, &HashMap::from([(ana, Some(false)), (ben, None)]));
        hub.offer(
            store,
            [
                change(store, 2, Audience::Managers),
                change(store, 3, Audience::Everyone),
            ],
        );
        assert_eq!(received(&ana_out).0, vec![1, 3]);
        assert_eq!(received(&ben_out).0, vec![1]);
        assert_eq!(hub.users_in(store), vec![ana]);
    }

    #[test]
    fn a_new_notification_also_alerts_its_reader_and_nobody_else() {
        let (hub, _rx) = hub();
        let store = StoreId::new();
        let (boss, ana) = (UserId::new(), UserId::new());
        let boss_out = joined(&hub, store, 1, boss, true, 0);
        let ana_out = joined(&hub, store, 2, ana, false, 0);
        let ana_phone = joined(&hub, store, 3, ana, false, 0);
        hub.offer(
            store,
            [Change::new(
                store,
                1,
                NOTIFICATION_EVENT,
                &json!({"title": "hi"}),
                0,
                Audience::Users(vec![ana]),
            )],
        );
        for out in [&ana_out, &ana_phone] {
            assert_eq!(received(out), (vec![1], vec!["notification".to_string()]));
        }
        assert_eq!(received(&boss_out), (vec![], vec![]));
    }

    fn notification(store: StoreId, version: i64, reader: UserId) -> CommittedEvent {
        CommittedEvent {
            store_id: store,
            version,
            kind: NOTIFICATION_EVENT.to_string(),
            data: json!({"title": "hi"}),
            at: 0,
            visibility: Audience::Users(vec![reader]),
        }
    }

    #[test]
    fn a_notification_reaches_every_socket_of_its_reader_whatever_store_it_joined() {
        let (hub, rx) = hub();
        let (a, b) = (StoreId::new(), StoreId::new());
        let (ana, ben) = (UserId::new(), UserId::new());
        let in_a = joined(&hub, a, 1, ana, false, 0);
        let in_b = joined(&hub, b, 2, ana, false, 0);
        let nowhere = Arc::new(Outbound::new(1 << 20));
        hub.connect(3, ana, nowhere.clone());
        let ben_in_b = joined(&hub, b, 4, ben, false, 0);
        while rx.try_pop().is_some() {}

        hub.publish(&[notification(a, 1, ana)]);
        let alert = vec!["notification".to_string()];
        assert_eq!(
            received(&in_a),
            (vec![1], alert.clone()),
            "once, with the change"
        );
        assert_eq!(received(&in_b), (vec![], alert.clone()));
        assert_eq!(received(&nowhere), (vec![], alert));
        assert_eq!(received(&ben_in_b), (vec![], vec![]));
        // The other processes are told, for Ana's sockets there.
        assert_eq!(rx.try_pop(), Some(Task::SendAlerts));
        assert_eq!(
            hub.take_outgoing_alerts(),
            vec![Alert {
                store: a,
                version: 1,
                user: ana
            }]
        );
        // A disconnected socket leaves its user's room.
        hub.disconnect(3);
        hub.publish(&[notification(a, 2, ana)]);
        assert_eq!(received(&nowhere), (vec![], vec![]));
        assert_eq!(received(&in_b).1, vec!["notification".to_string()]);
    }

    #[test]
    fn notifications_told_by_another_process_are_read_only_for_readers_outside_the_room() {
        let (hub, rx) = hub();
        let (a, b) = (StoreId::new(), StoreId::new());
        let (ana, ben, cleo) = (UserId::new(), UserId::new(), UserId::new());
        let ana_in_b = joined(&hub, b, 1, ana, false, 0);
        let ben_in_a = joined(&hub, a, 2, ben, false, 0);
        while rx.try_pop().is_some() {}
        let node = uuid::Uuid::new_v4();
        hub.heard_alerts(Notice {
            node,
            store: a,
            // Ben is in a's room, which delivers his; Cleo has no socket here.
            alerts: vec![(5, ana), (6, ben), (7, cleo)],
        });
        assert_eq!(rx.try_pop(), Some(Task::FetchAlerts(a)));
        assert_eq!(hub.take_heard_alerts(a), vec![5]);
        assert!(hub.take_heard_alerts(a).is_empty());

        let read = Change::new(
            a,
            5,
            NOTIFICATION_EVENT,
            &json!({"title": "hi"}),
            0,
            Audience::Users(vec![ana]),
        );
        hub.alert(a, &read);
        assert_eq!(
            received(&ana_in_b),
            (vec![], vec!["notification".to_string()])
        );
        assert_eq!(received(&ben_in_a), (vec![], vec![]));
        hub.heard_alerts(Notice {
            node,
            store: a,
            alerts: vec![(8, ben), (9, cleo)],
        });
        assert_eq!(rx.try_pop(), None, "nothing to read for this process");
    }

    #[test]
    fn a_change_is_encoded_as_the_contract_says() {
        let store = StoreId::new();
        let c = Change::new(
            store,
            3,
            "store.updated",
            &json!({"name": "x"}),
            42,
            Audience::Everyone,
        );
        let v: Value = serde_json::from_str(&c.frame[2..]).expect("json");
        assert!(c.frame.starts_with("42"));
        assert_eq!(
            v,
            json!(["change", {"storeId": store, "version": 3, "type": "store.updated", "data": {"name": "x"}, "at": 42}])
        );
    }
}
