//! Finds or starts the actor of a store, and routes commands to it.

use crate::db::Db;
use crate::domain::ids::StoreId;
use crate::domain::ids::UserId;
use crate::domain::membership::Refusal;
use crate::error::{AppError, AppResult, ErrorKind};
use crate::store::actor::{
    Door, Heard, Lookup, Pending, Publish, Retire, Standings, StoreActor, Submit,
};
use crate::store::command::{Command, Reply};
use crate::store::commits::Commits;
use crate::store::members::Member;
use crate::store::reader_settings::ReaderSettings;
use crate::store::weeks::Weeks;
use crate::time::Clock;
use actix::dev::SendError;
use actix::prelude::*;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::oneshot;

/// Commands queued for one store before callers are told to try again later.
const MAILBOX: usize = 4096;

/// The actors of the active stores. Cheap to clone.
#[derive(Clone)]
pub struct StoreRegistry {
    inner: Arc<Inner>,
}

/// A store's running actor, and the door it sets out.
struct Running {
    addr: Addr<StoreActor>,
    door: Arc<Door>,
}

struct Inner {
    actors: Mutex<HashMap<StoreId, Running>>,
    db: Db,
    /// Commits of different stores, sharing transactions.
    commits: Commits,
    publish: Publish,
    arbiters: Vec<ArbiterHandle>,
    idle_after: Duration,
    /// How long a notification takes in later ones of its kind, shift and reader.
    merge_window: Duration,
    /// The week board's answers, kept until their store changes.
    weeks: Weeks,
    /// The notification settings the commits keep (see [`StoreRegistry::reader_settings`]).
    readers: ReaderSettings,
    /// The time the actors plan with.
    clock: Clock,
}

impl Inner {
    /// Removes the actor from the directory if it is still the registered one.
    fn retire(&self, store: StoreId, addr: &Addr<StoreActor>) -> bool {
        let mut actors = self.actors.lock().unwrap_or_else(|p| p.into_inner());
        if actors.get(&store).map(|running| &running.addr) == Some(addr) {
            actors.remove(&store);
            true
        } else {
            false
        }
    }
}

fn busy() -> AppError {
    AppError::new(
        ErrorKind::Unavailable,
        "store_busy",
        "The store is busy; try again in a moment.",
    )
}

impl StoreRegistry {
    /// Starts `threads` arbiters for store actors. Must run inside an actix system. An actor
    /// stops after `idle_after` without work; `merge_window` is how long a notification takes
    /// in later ones of its kind, shift and reader; the actors plan at `clock`'s time.
    pub fn new(
        db: Db,
        publish: Publish,
        threads: usize,
        idle_after: Duration,
        merge_window: Duration,
        clock: Clock,
    ) -> StoreRegistry {
        let weeks = Weeks::default();
        let readers = ReaderSettings::default();
        let arbiters = (0..threads.max(1))
            .map(|_| Arbiter::new().handle())
            .collect();
        StoreRegistry {
            inner: Arc::new(Inner {
                actors: Mutex::new(HashMap::new()),
                commits: Commits::new(db.clone(), readers.clone()),
                readers,
                db,
                publish,
                arbiters,
                idle_after,
                merge_window,
                weeks,
                clock,
            }),
        }
    }

    /// Runs a command through the store's actor and returns its answer, as the type the
    /// command answers.
    pub async fn execute<T: 'static>(&self, store: StoreId, cmd: impl Command) -> AppResult<T> {
        self.submit(store, Box::new(cmd)).await?.take()
    }

    async fn submit(&self, store: StoreId, cmd: Box<dyn Command>) -> AppResult<Reply> {
        let (pending, rx) = Pending::new(cmd);
        self.ask(store, Submit(pending), rx).await?
    }

    /// Who `user` is in the store, from its actor's working set: read from the door it sets
    /// out when it has one loaded, else asked (starting the actor, and waiting for its load).
    pub async fn member(&self, store: StoreId, user: UserId) -> AppResult<Result<Member, Refusal>> {
        if let Some(answer) = self.door(store).and_then(|door| door.member(user)) {
            return Ok(answer);
        }
        let (reply, rx) = oneshot::channel();
        self.ask(store, Lookup { user, reply }, rx).await?
    }

    /// Whether each of `users` is a member of the store, and a manager, once the store's
    /// membership is known up to version `at_least`.
    pub async fn standings(
        &self,
        store: StoreId,
        users: Vec<UserId>,
        at_least: i64,
    ) -> AppResult<HashMap<UserId, Option<bool>>> {
        let (reply, rx) = oneshot::channel();
        let question = Standings {
            users,
            at_least,
            reply,
        };
        self.ask(store, question, rx).await?
    }

    /// The door of the store's actor, if one runs here.
    fn door(&self, store: StoreId) -> Option<Arc<Door>> {
        let actors = self.inner.actors.lock().unwrap_or_else(|p| p.into_inner());
        actors
            .get(&store)
            .filter(|running| running.addr.connected())
            .map(|running| running.door.clone())
    }

    /// Tells the store's actor, if one runs here, that the store was committed up to
    /// `version` (possibly by another node).
    pub fn heard(&self, store: StoreId, version: i64) {
        self.inner.weeks.advance(store, version);
        let actors = self.inner.actors.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(running) = actors.get(&store) {
            // A full mailbox is busy enough to reload on its next commit anyway.
            let _ = running.addr.try_send(Heard(version));
        }
    }

    /// Sends a message to the store's actor (starting it if needed) and waits for the answer
    /// it sends back on `rx`.
    async fn ask<M, T>(&self, store: StoreId, message: M, rx: oneshot::Receiver<T>) -> AppResult<T>
    where
        M: Message<Result = ()> + Send + 'static,
        StoreActor: Handler<M>,
    {
        let mut message = message;
        for _ in 0..3 {
            match self.send(store, message) {
                Ok(()) => {
                    return rx.await.map_err(|_| {
                        AppError::new(
                            ErrorKind::Unavailable,
                            "store_restarting",
                            "The store was restarting; try again.",
                        )
                    })
                }
                Err(SendError::Full(_)) => return Err(busy()),
                Err(SendError::Closed(m)) => message = m,
            }
        }
        Err(busy())
    }

    /// Sends under the registry lock, so a retiring actor never receives a message after it
    /// has left the registry.
    fn send<M>(&self, store: StoreId, message: M) -> Result<(), SendError<M>>
    where
        M: Message<Result = ()> + Send + 'static,
        StoreActor: Handler<M>,
    {
        let mut actors = self.inner.actors.lock().unwrap_or_else(|p| p.into_inner());
        let addr = match actors.get(&store) {
            Some(running) if running.addr.connected() => running.addr.clone(),
            _ => {
                let running = self.start(store);
                let addr = running.addr.clone();
                actors.insert(store, running);
                addr
            }
        };
        let result = addr.try_send(message);
        if matches!(result, Err(SendError::Closed(_))) {
            actors.remove(&store);
        }
        result
    }

    fn start(&self, store: StoreId) -> Running {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        store.hash(&mut h);
        let arbiter = &self.inner.arbiters[(h.finish() as usize) % self.inner.arbiters.len()];
        let (db, commits, publish, idle, window, weeks) = (
            self.inner.db.clone(),
            self.inner.commits.clone(),
            self.inner.publish.clone(),
            self.inner.idle_after,
            self.inner.merge_window,
            self.inner.weeks.clone(),
        );
        let clock = self.inner.clock.clone();
        // A weak handle: the directory must not keep itself alive through its actors.
        let directory = Arc::downgrade(&self.inner);
        let retire: Retire = Arc::new(move |store, addr| {
            directory
                .upgrade()
                .is_some_and(|inner| inner.retire(store, addr))
        });
        let door = Arc::new(Door::default());
        let set_out = door.clone();
        let addr = StoreActor::start_in_arbiter(arbiter, move |ctx| {
            ctx.set_mailbox_capacity(MAILBOX);
            StoreActor::new(store, db, commits, publish, retire, idle, window)
                .keeping(weeks)
                .timed_by(clock)
                .opening(set_out)
        });
        Running { addr, door }
    }

    /// The notification settings the commits keep: forget a person's when they change.
    pub fn reader_settings(&self) -> &ReaderSettings {
        &self.inner.readers
    }

    /// The week board's answers, kept until their store changes.
    pub fn weeks(&self) -> &Weeks {
        &self.inner.weeks
    }

    /// Number of running store actors.
    pub fn active(&self) -> usize {
        let actors = self.inner.actors.lock().unwrap_or_else(|p| p.into_inner());
        actors.values().filter(|r| r.addr.connected()).count()
    }
}
