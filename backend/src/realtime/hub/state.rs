//! What the hub holds under its lock: the sockets, the stores' rooms and the users' rooms.
//! The hub's calls are spread over its modules by concern; they all reach this state through
//! [`Hub::lock`], which sends the frames queued meanwhile once it lets go.

use crate::domain::ids::{StoreId, UserId};
use crate::realtime::alerts;
use crate::realtime::hub::change::Change;
use crate::realtime::outbound::Outbound;
use crate::realtime::presence;
use crate::realtime::tasks::{Task, TaskQueue};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::ops::{Deref, DerefMut};
use std::sync::{Arc, Mutex, MutexGuard};

/// Identifies a connected socket within this process.
pub type SocketKey = u64;

#[derive(Debug)]
pub(super) struct Member {
    pub(super) user: UserId,
    pub(super) name: String,
    pub(super) manager: bool,
    /// The last version sent; `None` while the socket is joining.
    pub(super) seen: Option<i64>,
    /// Live changes that arrived while joining.
    pub(super) held: Vec<Arc<Change>>,
    /// `Some(editing)` while the user is looking at the store.
    pub(super) presence: Option<Option<String>>,
}

#[derive(Debug, Default)]
pub(super) struct Room {
    pub(super) members: HashMap<SocketKey, Member>,
    /// The last version fanned out; unknown until the first join completes.
    pub(super) delivered: Option<i64>,
    /// The newest committed version heard of (announced, offered or published).
    pub(super) newest: i64,
    /// Changes ahead of `delivered + 1`, waiting for the gap to be filled.
    pub(super) pending: BTreeMap<i64, Arc<Change>>,
    /// Who is present through the other server processes.
    pub(super) remote: presence::Remote,
}

impl Room {
    /// Whether someone is looking at the store through one of this process's sockets.
    pub(super) fn has_presence(&self) -> bool {
        self.members.values().any(|m| m.presence.is_some())
    }
}

#[derive(Debug)]
pub(super) struct SocketEntry {
    pub(super) user: UserId,
    pub(super) out: Arc<Outbound>,
    pub(super) stores: HashSet<StoreId>,
}

#[derive(Debug, Default)]
pub(super) struct State {
    pub(super) stores: HashMap<StoreId, Room>,
    pub(super) sockets: HashMap<SocketKey, SocketEntry>,
    /// Each user's room: their connected sockets.
    pub(super) users: HashMap<UserId, HashSet<SocketKey>>,
    /// Alerts of new notifications waiting for the delivery loop.
    pub(super) alerts: alerts::Pending,
    /// Queues given frames under the lock, sent when it is let go ([`Locked`]).
    pub(super) unsent: Vec<Arc<Outbound>>,
}

/// The sockets and rooms of this process.
pub struct Hub {
    state: Mutex<State>,
    tasks: Arc<TaskQueue>,
}

impl Hub {
    /// A hub handing its background work to `tasks`.
    pub fn new(tasks: Arc<TaskQueue>) -> Hub {
        Hub {
            state: Mutex::new(State::default()),
            tasks,
        }
    }

    pub(super) fn lock(&self) -> Locked<'_> {
        Locked(Some(self.state.lock().unwrap_or_else(|p| p.into_inner())))
    }

    /// Hands work to the delivery loop (merged with the same task if one is waiting).
    pub fn task(&self, task: Task) {
        self.tasks.push(task);
    }
}

/// The hub's state while locked. Fan-outs queue their frames under the lock
/// ([`Outbound::enqueue`], listed in `unsent`) and this sends them once the lock is let go:
/// a socket's frames may go straight to the network from the sending thread
/// ([`crate::realtime::wire`]), which must not hold up every other room.
pub(super) struct Locked<'a>(Option<MutexGuard<'a, State>>);

impl Deref for Locked<'_> {
    type Target = State;

    fn deref(&self) -> &State {
        self.0.as_ref().expect("held until dropped")
    }
}

impl DerefMut for Locked<'_> {
    fn deref_mut(&mut self) -> &mut State {
        self.0.as_mut().expect("held until dropped")
    }
}

impl Drop for Locked<'_> {
    fn drop(&mut self) {
        let Some(mut guard) = self.0.take() else {
            return;
        };
        let unsent = std::mem::take(&mut guard.unsent);
        drop(guard);
        // A socket listed twice finds its queue sent already the second time.
        for out in unsent {
            out.send();
        }
    }
}
