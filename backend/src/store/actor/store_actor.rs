//! The store actor: plans commands against its state and commits them in groups.

use crate::db::models::store::Store;
use crate::db::Db;
use crate::domain::ids::StoreId;
use crate::error::{AppError, AppResult};
use crate::store::actor::door::Door;
use crate::store::actor::questions::Waiting;
use crate::store::command::{Command, Effects, Reply};
use crate::store::commits::{Batch, Commits, Committed, OnCommit};
use crate::store::persist::{CommittedEvent, PersistError};
use crate::store::state::{Need, StoreState};
use crate::store::weeks::Weeks;
use crate::store::write::{Undo, Write};
use crate::time::Clock;
use actix::prelude::*;
use chrono::{DateTime, Utc};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;

/// Most commands committed in one transaction.
const MAX_BATCH: usize = 512;
/// How often an actor checks whether it has been idle long enough to stop.
const IDLE_CHECK: Duration = Duration::from_secs(15);
/// How often a batch is retried after finding the store changed by another process.
const MAX_STALE_RETRIES: u8 = 5;

/// Receives every committed change, in version order per store (the realtime hub).
pub type Publish = Arc<dyn Fn(&[CommittedEvent]) + Send + Sync>;

/// Takes a retiring actor out of the directory of running actors, if it is still the one
/// registered for its store (so new commands start a fresh actor). True if it was.
pub type Retire = Arc<dyn Fn(StoreId, &Addr<StoreActor>) -> bool + Send + Sync>;

/// What the commit (or the check) of a batch returns.
type Outcome = AppResult<Committed>;

/// A command waiting for its answer.
pub struct Pending {
    pub cmd: Box<dyn Command>,
    pub reply: oneshot::Sender<AppResult<Reply>>,
    retries: u8,
    /// What it needs was read into the working set for this planning (`Command::needs`).
    fetched: bool,
    /// The span of the request that sent it: the actor's work for it logs under the
    /// request's id, call, store and user.
    span: tracing::Span,
}

impl Pending {
    pub fn new(cmd: Box<dyn Command>) -> (Pending, oneshot::Receiver<AppResult<Reply>>) {
        let (reply, rx) = oneshot::channel();
        (
            Pending {
                cmd,
                reply,
                retries: 0,
                fetched: false,
                span: tracing::Span::current(),
            },
            rx,
        )
    }

    fn answer(self, result: AppResult<Reply>) {
        // The caller may have gone away (a closed socket); nothing to do then.
        let _ = self.reply.send(result);
    }
}

/// Submits a command to the actor.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Submit(pub Pending);

/// Plans a command, turning a panic in its planning into an internal error of that command
/// alone: planning only reads the working set, so the actor and the rest of its batch go on.
fn plan_guarded(cmd: &dyn Command, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        // Any command may take a booked session from its employee (time off, a deactivation,
        // the session's shift dropped): it is flagged in the same plan.
        cmd.plan(state, now).map(|mut effects| {
            crate::store::booking::follow(state, &mut effects, now);
            effects
        })
    }))
    .unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        tracing::error!(command = cmd.name(), panic = %what, "planning a command panicked");
        Err(AppError::internal(format!(
            "planning {} failed",
            cmd.name()
        )))
    })
}

/// A batch being committed: each pending command with its planning error, if any (commands
/// without one have their effects, in the same order, in the transaction).
struct InFlight {
    items: Vec<(Pending, Option<AppError>)>,
    undo: Vec<Undo>,
    /// The committed version the batch was planned on.
    base: i64,
}

/// The commands of a batch being committed, until they are answered.
type Answers = Arc<Mutex<Option<Vec<(Pending, Option<AppError>)>>>>;

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // Taken and put back whole: a panic elsewhere leaves it consistent.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Answers a batch's commands: each planning error, else the next of the planned `replies`.
fn answer(items: Vec<(Pending, Option<AppError>)>, mut replies: impl Iterator<Item = Reply>) {
    for (pending, error) in items {
        match error {
            Some(e) => pending.answer(Err(e)),
            None => pending.answer(Ok(replies.next().unwrap_or_default())),
        }
    }
}

/// One store's actor.
pub struct StoreActor {
    pub(super) id: StoreId,
    pub(super) db: Db,
    /// Commits this store's batches, together with other stores' waiting at the same time.
    pub(super) commits: Commits,
    pub(super) publish: Publish,
    pub(super) retire: Retire,
    pub(super) idle_after: Duration,
    /// How long a notification takes in later ones of its kind, shift and reader.
    pub(super) merge_window: Duration,
    pub(super) state: Option<StoreState>,
    pub(super) queue: VecDeque<Pending>,
    /// Membership questions waiting for the working set to be loaded or re-read.
    pub(super) lookups: Vec<Waiting>,
    pub(super) loading: bool,
    /// A command's need is being read (`Command::needs`); planning waits.
    pub(super) fetching: bool,
    pub(super) committing: bool,
    /// The version the batch being committed was planned on. Versions after it, up to the
    /// working set's, are that batch's: announced by the database, maybe before the commit's
    /// answer is back here.
    pub(super) committing_from: Option<i64>,
    /// A re-read of the membership is running; `Some(true)` when another was asked for
    /// meanwhile.
    pub(super) refreshing: Option<bool>,
    /// Why the working set could not be loaded: this actor is retiring, and messages that
    /// reach it still (they can arrive after the failed load) get this answer at once.
    pub(super) load_error: Option<AppError>,
    pub(super) retired: bool,
    pub(super) last_used: Instant,
    /// The week board's kept answers, which every commit of this store outdates.
    pub(super) weeks: Weeks,
    /// The time commands are planned at, and the working set's windows end.
    pub(super) clock: Clock,
    /// Who may act in the store, set out for callers to read without asking this actor.
    pub(super) door: Arc<Door>,
}

impl StoreActor {
    pub fn new(
        id: StoreId,
        db: Db,
        commits: Commits,
        publish: Publish,
        retire: Retire,
        idle_after: Duration,
        merge_window: Duration,
    ) -> StoreActor {
        StoreActor {
            id,
            db,
            commits,
            publish,
            retire,
            idle_after,
            merge_window,
            state: None,
            queue: VecDeque::new(),
            lookups: Vec::new(),
            loading: false,
            fetching: false,
            committing: false,
            committing_from: None,
            refreshing: None,
            load_error: None,
            retired: false,
            last_used: Instant::now(),
            weeks: Weeks::default(),
            clock: Clock::System,
            door: Arc::default(),
        }
    }

    /// Tells `weeks` of every commit of this store (their answers are outdated by it).
    pub fn keeping(mut self, weeks: Weeks) -> StoreActor {
        self.weeks = weeks;
        self
    }

    /// Plans commands, and loads the working set, at `clock`'s time.
    pub fn timed_by(mut self, clock: Clock) -> StoreActor {
        self.clock = clock;
        self
    }

    /// Sets out its working set's membership on `door`.
    pub fn opening(mut self, door: Arc<Door>) -> StoreActor {
        self.door = door;
        self
    }

    /// (Re)loads the working set from the database, then resumes the queue.
    fn reload(&mut self, ctx: &mut Context<Self>) {
        self.loading = true;
        self.state = None;
        self.door.close();
        let (db, id, window) = (self.db.clone(), self.id, self.merge_window);
        let clock = self.clock.clone();
        let load = async move {
            db.run(move |conn| StoreState::load(conn, id, clock.now(), window))
                .await
        };
        ctx.spawn(load.into_actor(self).map(|result, act, ctx| {
            act.loading = false;
            match result {
                Ok(state) => {
                    act.door.committed(state.store.version);
                    act.door.open(&state);
                    act.state = Some(state);
                    act.answer_lookups(false);
                    act.pump(ctx);
                }
                Err(e) => {
                    tracing::warn!(store = %act.id, error = %e, "cannot load store");
                    for pending in act.queue.drain(..) {
                        pending.answer(Err(e.duplicate()));
                    }
                    act.fail_lookups(&e);
                    act.load_error = Some(e);
                    // The next command starts a fresh actor, which tries again.
                    act.retire(ctx);
                }
            }
        }));
    }

    /// Plans the waiting commands and commits them together.
    fn pump(&mut self, ctx: &mut Context<Self>) {
        while !self.committing && !self.loading && !self.fetching && !self.queue.is_empty() {
            let Some(state) = self.state.as_mut() else {
                return;
            };
            metrics::histogram!("clockto_actor_mailbox_depth").record(self.queue.len() as f64);
            let planning = std::time::Instant::now();
            let now = self.clock.now();
            let base = state.version();
            let mut items = Vec::new();
            let mut effects: Vec<Effects> = Vec::new();
            let mut undo = Vec::new();
            let mut wanted: Option<(Pending, Need)> = None;
            let mut members_changed = false;
            while items.len() < MAX_BATCH {
                let Some(pending) = self.queue.pop_front() else {
                    break;
                };
                if !pending.fetched {
                    if let Some(need) = pending.cmd.needs(state) {
                        // Planned once what it needs is read, after the batch so far.
                        wanted = Some((pending, need));
                        break;
                    }
                }
                let planned = pending.span.in_scope(|| {
                    let planned = plan_guarded(pending.cmd.as_ref(), state, now);
                    match &planned {
                        Ok(effects) => tracing::debug!(
                            store = %self.id,
                            writes = effects.writes.len(),
                            events = effects.events.len(),
                            "planned"
                        ),
                        Err(e) => tracing::debug!(store = %self.id, code = e.code, "refused"),
                    }
                    planned
                });
                match planned {
                    Ok(planned) => {
                        members_changed |= planned.writes.iter().any(Write::touches_members);
                        undo.extend(planned.writes.iter().map(|w| state.apply(w)));
                        // Later commands of the batch see the versions its events will take.
                        state.store.version += planned.events.len() as i64;
                        effects.push(planned);
                        items.push((pending, None));
                    }
                    Err(e) => items.push((pending, Some(e))),
                }
            }
            if members_changed {
                // As the actor would have answered from now on: the batch's later commands
                // were planned on it, and its callers may act as soon as it commits.
                self.door.open(state);
            }
            metrics::histogram!("clockto_actor_planning_seconds")
                .record(planning.elapsed().as_secs_f64());
            if let Some((pending, need)) = wanted {
                if items.is_empty() {
                    self.fetch(pending, need, ctx);
                    return;
                }
                self.queue.push_front(pending);
            }
            if effects.iter().all(Effects::is_empty) {
                // Nothing to write. A refusal may rest on a change made outside this actor
                // (another process, or a call that writes directly): answer only once the
                // state is known to be current.
                self.verify(InFlight { items, undo, base }, effects, ctx);
                continue;
            }
            self.commit(InFlight { items, undo, base }, effects, ctx);
        }
    }

    /// Reads what a command needs into the working set, then plans it. Nothing is committing
    /// meanwhile, so what is read is at least as new as the working set; a change another
    /// process made since is caught by the commit's version check, which reads everything
    /// again.
    fn fetch(&mut self, mut pending: Pending, need: Need, ctx: &mut Context<Self>) {
        self.fetching = true;
        let (db, id) = (self.db.clone(), self.id);
        let read = async move { db.run(move |conn| need.read(conn, id)).await };
        ctx.spawn(read.into_actor(self).map(move |result, act, ctx| {
            act.fetching = false;
            match (result, act.state.as_mut()) {
                (Ok(fetched), Some(state)) => {
                    state.chat.keep(fetched);
                    pending.fetched = true;
                    act.queue.push_front(pending);
                }
                // The working set is being read again: the command asks again after.
                (Ok(_), None) => act.queue.push_front(pending),
                (Err(e), _) => pending.answer(Err(e)),
            }
            act.pump(ctx);
        }));
    }

    /// Checks that the store is still at the version the batch was planned against, then
    /// answers it; otherwise plans it again on a fresh state.
    fn verify(&mut self, batch: InFlight, effects: Vec<Effects>, ctx: &mut Context<Self>) {
        self.committing = true;
        let (db, id, expected) = (self.db.clone(), self.id, batch.base);
        let check = async move {
            db.run(move |conn| Ok(Store::current_version(conn, id)?))
                .await
        };
        ctx.spawn(check.into_actor(self).map(move |result, act, ctx| {
            act.committing = false;
            let outcome = match result {
                Ok(v) if v == expected => Ok((Ok(Vec::new()), effects)),
                Ok(_) => Ok((Err(PersistError::Stale), effects)),
                Err(e) => Err(e),
            };
            act.finish(batch, outcome, ctx);
            act.pump(ctx);
        }));
    }

    fn commit(&mut self, batch: InFlight, effects: Vec<Effects>, ctx: &mut Context<Self>) {
        self.committing = true;
        metrics::histogram!("clockto_commit_batch_size").record(batch.items.len() as f64);
        let InFlight { items, undo, base } = batch;
        let (commits, store, expected) = (self.commits.clone(), self.id, base);
        self.committing_from = Some(expected);
        // Answered at the commit when it succeeds; otherwise still here for `finish`.
        let waiting: Answers = Arc::new(Mutex::new(Some(items)));
        let on_commit = self.on_commit(
            expected,
            effects.iter().any(|e| !e.is_empty()),
            waiting.clone(),
        );
        let write = async move {
            commits
                .commit(Batch {
                    store,
                    expected,
                    effects,
                    on_commit,
                })
                .await
        };
        ctx.spawn(write.into_actor(self).map(move |result, act, ctx| {
            act.committing = false;
            act.committing_from = None;
            let items = lock(&waiting).take().unwrap_or_default();
            act.finish(InFlight { items, undo, base }, result, ctx);
            act.pump(ctx);
        }));
    }

    /// What a batch planned on version `base` does as soon as it commits, on the committing
    /// thread: the kept week answers go and the door learns the version (before anyone is
    /// answered or told, so a writer reads its own edit), the callers are answered, then this
    /// node's sockets are told. So neither the answers nor the change wait for the commit's
    /// result to travel back here (a thread hand-off, and a wait behind whatever else this
    /// actor's thread runs), and the change reaches the hub before the database's
    /// announcement of it (which would have the hub read it back from the outbox). The
    /// answers go first: they are a few, where a change may wake hundreds of sockets ahead of
    /// them. The actor learns the new version after; a caller's next command waits in its
    /// queue until then.
    fn on_commit(&self, base: i64, writes: bool, waiting: Answers) -> OnCommit {
        let (store, weeks, publish) = (self.id, self.weeks.clone(), self.publish.clone());
        let door = self.door.clone();
        Box::new(
            move |committed: &[Vec<CommittedEvent>], effects: &mut [Effects]| {
                let last = committed.iter().flatten().last();
                if writes {
                    weeks.changed(store, last.map_or(base, |e| e.version));
                }
                if let Some(last) = last {
                    // A caller answered next reads its own commit's version at the door.
                    door.committed(last.version);
                }
                let items = lock(&waiting).take().unwrap_or_default();
                answer(
                    items,
                    effects.iter_mut().map(|e| std::mem::take(&mut e.reply)),
                );
                if last.is_some() {
                    match committed {
                        [one] => publish(one),
                        _ => publish(&committed.concat()),
                    }
                }
            },
        )
    }

    fn finish(&mut self, batch: InFlight, result: Outcome, ctx: &mut Context<Self>) {
        let InFlight { items, undo, base } = batch;
        match result {
            Ok((Ok(committed), effects)) => {
                if let (Some(state), Some(last)) =
                    (self.state.as_mut(), committed.iter().flatten().last())
                {
                    state.store.version = last.version;
                    state.members_at = state.members_at.max(last.version);
                }
                // The kept weeks and the sockets were told at the commit, and a commit's
                // callers answered (`on_commit`); a check's are answered here.
                answer(items, effects.into_iter().map(|e| e.reply));
            }
            Ok((Err(PersistError::Stale), _)) => {
                // Another process changed the store: reload and plan the batch again.
                metrics::counter!("clockto_stale_reloads_total").increment(1);
                self.rollback(undo, base);
                for (mut pending, _) in items.into_iter().rev() {
                    pending.retries += 1;
                    // The fresh working set has not read what it needed.
                    pending.fetched = false;
                    if pending.retries > MAX_STALE_RETRIES {
                        pending.answer(Err(AppError::conflict(
                            "store_busy",
                            "The schedule is changing too fast; try again.",
                        )));
                    } else {
                        self.queue.push_front(pending);
                    }
                }
                self.reload(ctx);
            }
            Ok((Err(PersistError::Failed(e)), _)) | Err(e) => {
                for (pending, _) in &items {
                    pending.span.in_scope(|| {
                        tracing::warn!(store = %self.id, error = %e, "batch did not commit");
                    });
                }
                self.rollback(undo, base);
                for (pending, error) in items {
                    pending.answer(Err(error.unwrap_or_else(|| e.duplicate())));
                }
                // The state may have drifted from the database: start again from it.
                self.reload(ctx);
            }
        }
    }

    fn rollback(&mut self, undo: Vec<Undo>, base: i64) {
        if let Some(state) = self.state.as_mut() {
            for u in undo.into_iter().rev() {
                state.undo(u);
            }
            state.store.version = base;
            self.door.open(state);
        }
    }

    fn is_idle(&self) -> bool {
        self.queue.is_empty()
            && self.lookups.is_empty()
            && !self.committing
            && !self.loading
            && !self.fetching
            && self.refreshing.is_none()
    }

    /// Leaves the registry (so new commands start a fresh actor) and stops once drained.
    fn retire(&mut self, ctx: &mut Context<Self>) {
        if (self.retire)(self.id, &ctx.address()) {
            self.retired = true;
        }
        if self.retired && self.is_idle() {
            // Let messages already in the mailbox arrive before stopping.
            ctx.run_later(Duration::from_millis(200), |act, ctx| {
                if act.is_idle() {
                    ctx.stop();
                }
            });
        }
    }
}

impl Actor for StoreActor {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        self.reload(ctx);
        ctx.run_interval(IDLE_CHECK, |act, ctx| {
            if act.door.take_asked() {
                act.last_used = Instant::now();
            }
            if act.retired || (act.is_idle() && act.last_used.elapsed() >= act.idle_after) {
                act.retire(ctx);
            } else {
                // Another node's membership changes arrive as announcements; should one be
                // missed (the listen connection was down), this bounds how long it goes
                // unnoticed. Costs one version read when nothing changed.
                act.refresh_members(ctx);
            }
        });
    }
}

impl Handler<Submit> for StoreActor {
    type Result = ();

    fn handle(&mut self, Submit(pending): Submit, ctx: &mut Self::Context) {
        if let Some(e) = &self.load_error {
            pending.answer(Err(e.duplicate()));
            return;
        }
        self.last_used = Instant::now();
        self.queue.push_back(pending);
        self.pump(ctx);
    }
}
