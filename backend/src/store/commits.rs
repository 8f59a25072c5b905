//! Commits of different stores sharing one transaction, and so one flush of the write-ahead
//! log. Each store's actor already commits the commands waiting in its queue together; with
//! many small stores each batch is one command, and a transaction per batch would bound the
//! stores' sum by the rate of flushes Postgres can make. Here, batches that arrive while
//! earlier ones are committing wait and then commit together: up to [`LANES`] transactions
//! run at once, each taking every batch waiting when it starts.

use crate::db::Db;
use crate::domain::ids::StoreId;
use crate::error::{AppError, AppResult};
use crate::store::command::Effects;
use crate::store::persist::{self, CommittedEvent, Part, PersistError};
use crate::store::reader_settings::ReaderSettings;
use chrono::Utc;
use diesel::PgConnection;
use std::sync::{Arc, Mutex};
use tokio::sync::oneshot;

/// Transactions of batches committing at once (each on its own pooled connection). Commits
/// that `NOTIFY` take Postgres's notification queue lock until their log record is flushed,
/// so they flush one after another whatever the number of lanes: two keep one group
/// executing its statements while the other commits, and let more stores gather in each.
const LANES: usize = 2;
/// Most stores in one transaction.
const MOST_STORES: usize = 128;

/// A store's batch to commit: its planned effects, on the store's version `expected`.
pub struct Batch {
    pub store: StoreId,
    pub expected: i64,
    pub effects: Vec<Effects>,
    /// Runs with the committed events of each command (and the effects, whose answers it
    /// may take) as soon as the transaction commits, on the committing thread, before the
    /// answer travels back to the actor.
    pub on_commit: OnCommit,
}

/// What a batch does the moment it is committed (see [`Batch::on_commit`]).
pub type OnCommit = Box<dyn FnOnce(&[Vec<CommittedEvent>], &mut [Effects]) + Send>;

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
    /// The settings notifications are queued by.
    readers: ReaderSettings,
    queue: Mutex<Queue>,
}

#[derive(Default)]
struct Queue {
    waiting: Vec<Waiting>,
    /// Lanes committing now.
    running: usize,
}

impl Commits {
    pub fn new(db: Db, readers: ReaderSettings) -> Commits {
        Commits {
            inner: Arc::new(Inner {
                db,
                readers,
                queue: Mutex::new(Queue::default()),
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
            let readers = self.inner.readers.clone();
            let ran = self
                .inner
                .db
                .run(move |conn| {
                    commit_group(conn, group, &readers);
                    Ok(())
                })
                .await;
            metrics::histogram!("clockto_commit_seconds").record(began.elapsed().as_secs_f64());
            if let Err(e) = ran {
                tracing::warn!(error = %e, "a group of commits could not run");
            }
        }
    }
}

impl Inner {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        // The queue stays consistent through a panic elsewhere: recover it.
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Commits the group in one transaction; when that fails, each batch alone, so that one
/// store's failure is that store's answer only.
fn commit_group(conn: &mut PgConnection, group: Vec<Waiting>, readers: &ReaderSettings) {
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
        persist::persist_all(conn, &parts, now, readers)
    };
    match together {
        Ok(answers) => {
            for ((batch, reply), answer) in group.into_iter().zip(answers) {
                answer_batch(batch, reply, answer.ok_or(PersistError::Stale));
            }
        }
        Err(e) if group.len() == 1 => {
            if let Some((batch, reply)) = group.into_iter().next() {
                answer_batch(batch, reply, Err(e));
            }
        }
        Err(_) => {
            for (batch, reply) in group {
                let refs: Vec<&Effects> = batch.effects.iter().collect();
                let alone =
                    persist::persist(conn, batch.store, batch.expected, &refs, now, readers);
                answer_batch(batch, reply, alone);
            }
        }
    }
}

/// Runs a committed batch's `on_commit`, then sends the batch its answer.
fn answer_batch(
    batch: Batch,
    reply: oneshot::Sender<Committed>,
    result: Result<Vec<Vec<CommittedEvent>>, PersistError>,
) {
    let Batch {
        mut effects,
        on_commit,
        ..
    } = batch;
    if let Ok(committed) = &result {
        on_commit(committed, &mut effects);
    }
    let _ = reply.send((result, effects));
}
