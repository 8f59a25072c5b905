//! Commits of different stores sharing one transaction, and so one flush of the write-ahead
//! log. Each store's actor already commits the commands waiting in its queue together; with
//! many small stores each batch is one command, and a transaction per batch would bound the
//! stores' sum by the rate of flushes Postgres can make. Here, batches that arrive while
//! earlier ones are committing wait and then commit together: up to [`LANES`] transactions
//! run at once, each taking every batch waiting when it starts.
//!
//! The other server processes hear of a commit from `NOTIFY store_events` (the outbox rows
//! themselves are committed with the data). A transaction that notifies holds Postgres's
//! notification lock until its log record is flushed, which made every commit flush on its
//! own, one after another. So the committing transactions do not notify: one announcer per
//! process sends, right after the commits, the newest version of every store committed since
//! its last announcement, in one statement that does not wait for its own flush. A process
//! that stops between a commit and its announcement leaves the others to find the change by
//! themselves ([`crate::realtime::delivery`] compares the versions it holds with the
//! database's every few seconds).

use crate::db::models::store_event::StoreEvent;
use crate::db::Db;
use crate::domain::ids::StoreId;
use crate::error::{AppError, AppResult};
use crate::store::command::Effects;
use crate::store::persist::{self, CommittedEvent, Part, PersistError};
use chrono::Utc;
use diesel::PgConnection;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::oneshot;

/// Transactions of batches committing at once (each on its own pooled connection). Their
/// commits share the log's flushes: while one waits for its flush, the others execute.
const LANES: usize = 4;
/// Most stores in one transaction.
const MOST_STORES: usize = 128;
/// Wait before announcing again after the database refused an announcement.
const ANNOUNCE_RETRY: Duration = Duration::from_secs(1);

/// A store's batch to commit: its planned effects, on the store's version `expected`.
pub struct Batch {
    pub store: StoreId,
    pub expected: i64,
    pub effects: Vec<Effects>,
    /// Runs with the committed events of each command as soon as the transaction commits,
    /// on the committing thread, before the answer travels back to the actor.
    pub on_commit: OnCommit,
}

/// What a batch does the moment it is committed (see [`Batch::on_commit`]).
pub type OnCommit = Box<dyn FnOnce(&[Vec<CommittedEvent>]) + Send>;

/// What the commit of a batch returns: the committed events of each command (or why there
/// are none), and the planned effects handed back for their answers.
pub type Committed = (Result<Vec<Vec<CommittedEvent>>, PersistError>, Vec<Effects>);

type Waiting = (Batch, oneshot::Sender<Committed>);

/// The process's shared commits. Cheap to clone.
#[derive(Clone)]
pub struct Commits {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    queue: Mutex<Queue>,
    announcing: Mutex<Announcing>,
}

/// The committed versions not yet announced.
#[derive(Default)]
struct Announcing {
    /// The newest committed version of each store.
    versions: HashMap<StoreId, i64>,
    /// Whether the announcer runs.
    running: bool,
}

#[derive(Default)]
struct Queue {
    waiting: Vec<Waiting>,
    /// Lanes committing now.
    running: usize,
}

impl Commits {
    pub fn new(db: Db) -> Commits {
        Commits {
            inner: Arc::new(Inner {
                db,
                queue: Mutex::new(Queue::default()),
                announcing: Mutex::new(Announcing::default()),
            }),
        }
    }

    /// Commits the batch, with whatever other stores' batches are waiting. Must run inside
    /// an actix system.
    pub async fn commit(&self, batch: Batch) -> AppResult<Committed> {
        let (reply, answer) = oneshot::channel();
        let lead = {
            let mut queue = self.inner.lock();
            queue.waiting.push((batch, reply));
            let free = queue.running < LANES;
            if free {
                queue.running += 1;
            }
            free
        };
        if lead {
            actix::spawn(self.clone().run_lane());
        }
        answer
            .await
            .map_err(|_| AppError::unavailable("the commit could not reach the database"))
    }

    /// Commits what is waiting, group after group, until nothing is.
    async fn run_lane(self) {
        loop {
            let group: Vec<Waiting> = {
                let mut queue = self.inner.lock();
                if queue.waiting.is_empty() {
                    queue.running -= 1;
                    return;
                }
                let n = queue.waiting.len().min(MOST_STORES);
                queue.waiting.drain(..n).collect()
            };
            metrics::histogram!("clockto_commit_group_stores").record(group.len() as f64);
            let began = std::time::Instant::now();
            // A failure to get a connection drops the group: its callers are told the
            // database could not be reached.
            let ran = self
                .inner
                .db
                .run(move |conn| Ok(commit_group(conn, group)))
                .await;
            metrics::histogram!("clockto_commit_seconds").record(began.elapsed().as_secs_f64());
            match ran {
                Ok(versions) => self.announce(versions),
                Err(e) => tracing::warn!(error = %e, "a group of commits could not run"),
            }
        }
    }

    /// Announces the stores' committed versions to every server process, with whatever else
    /// is waiting to be announced. Must run inside an actix system.
    fn announce(&self, versions: Vec<(StoreId, i64)>) {
        if versions.is_empty() {
            return;
        }
        let start = {
            let mut announcing = self.inner.announcing();
            announcing.add(versions);
            !std::mem::replace(&mut announcing.running, true)
        };
        if start {
            actix::spawn(self.clone().run_announcer());
        }
    }

    /// Announces what is waiting, round after round, until nothing is. A round that fails
    /// is tried again (with what was committed meanwhile) after [`ANNOUNCE_RETRY`].
    async fn run_announcer(self) {
        loop {
            let versions: Vec<(StoreId, i64)> = {
                let mut announcing = self.inner.announcing();
                if announcing.versions.is_empty() {
                    announcing.running = false;
                    return;
                }
                announcing.versions.drain().collect()
            };
            let kept = versions.clone();
            let sent = self
                .inner
                .db
                .run(move |conn| Ok(StoreEvent::announce(conn, &versions)?))
                .await;
            if let Err(e) = sent {
                tracing::warn!(error = %e, "committed changes could not be announced; retrying");
                self.inner.announcing().add(kept);
                actix_web::rt::time::sleep(ANNOUNCE_RETRY).await;
            }
        }
    }
}

impl Announcing {
    fn add(&mut self, versions: impl IntoIterator<Item = (StoreId, i64)>) {
        for (store, version) in versions {
            let newest = self.versions.entry(store).or_insert(version);
            *newest = (*newest).max(version);
        }
    }
}

impl Inner {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        // The queue stays consistent through a panic elsewhere: recover it.
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn announcing(&self) -> std::sync::MutexGuard<'_, Announcing> {
        self.announcing.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Commits the group in one transaction; when that fails, each batch alone, so that one
/// store's failure is that store's answer only. Returns the newest version of each store
/// committed.
fn commit_group(conn: &mut PgConnection, group: Vec<Waiting>) -> Vec<(StoreId, i64)> {
    let now = Utc::now();
    let together = {
        let refs: Vec<Vec<&Effects>> = group
            .iter()
            .map(|(b, _)| b.effects.iter().collect())
            .collect();
        let parts: Vec<Part> = group
            .iter()
            .zip(&refs)
            .map(|((b, _), batch)| Part {
                store: b.store,
                expected: b.expected,
                batch,
            })
            .collect();
        persist::persist_all(conn, &parts, now)
    };
    match together {
        Ok(answers) => group
            .into_iter()
            .zip(answers)
            .filter_map(|((batch, reply), answer)| {
                answer_batch(batch, reply, answer.ok_or(PersistError::Stale))
            })
            .collect(),
        Err(e) if group.len() == 1 => group
            .into_iter()
            .next()
            .and_then(|(batch, reply)| answer_batch(batch, reply, Err(e)))
            .into_iter()
            .collect(),
        Err(_) => group
            .into_iter()
            .filter_map(|(batch, reply)| {
                let refs: Vec<&Effects> = batch.effects.iter().collect();
                let alone = persist::persist(conn, batch.store, batch.expected, &refs, now);
                answer_batch(batch, reply, alone)
            })
            .collect(),
    }
}

/// Runs a committed batch's `on_commit`, then sends the batch its answer. Returns the
/// store's newest committed version, if the batch committed any change.
fn answer_batch(
    batch: Batch,
    reply: oneshot::Sender<Committed>,
    result: Result<Vec<Vec<CommittedEvent>>, PersistError>,
) -> Option<(StoreId, i64)> {
    let Batch {
        effects, on_commit, ..
    } = batch;
    let newest = result.as_ref().ok().and_then(|committed| {
        on_commit(committed);
        let last = committed.iter().flatten().last()?;
        Some((last.store_id, last.version))
    });
    let _ = reply.send((result, effects));
    newest
}
