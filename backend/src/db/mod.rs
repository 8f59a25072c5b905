//! Database access: the connection pool, embedded migrations, and the bridge that runs
//! blocking Diesel work off the async workers.

pub mod models;
pub mod notify;
pub mod rows;
pub mod schema;
pub mod tls;
pub mod upsert;

use crate::error::{AppError, AppResult};
use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, ManageConnection, Pool};
use diesel::sql_types::BigInt;
use diesel::{Connection, RunQueryDsl};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations");

pub type PgPool = Pool<Checked>;

/// How long after its last successful use a connection is handed out without a check. A
/// check costs a round trip (`SELECT 1`) before every use, an eighth of a small commit's;
/// a connection busy a moment ago is all but certainly alive, and should it have died since
/// (Postgres restarted), the work on it fails as work in flight then would, and the
/// connection is checked before its next use.
const TRUSTED_FOR: Duration = Duration::from_secs(1);

/// A pooled connection and until when it is handed out without a check.
pub struct Trusted {
    pub conn: PgConnection,
    until: Option<Instant>,
}

/// Diesel's connection manager, checking a connection on checkout only when it has not
/// been used successfully within [`TRUSTED_FOR`] (never used, idle, or its last use failed),
/// and noting the server process of each connection it opens ([`Db::is_ours`]).
#[derive(Debug)]
pub struct Checked {
    manager: ConnectionManager<PgConnection>,
    backends: Arc<Backends>,
}

/// The Postgres server processes (backend pids) of the pool's connections, ever opened. A
/// closed one's pid may be reused by another client's connection, which is then taken for
/// ours: what [`Db::is_ours`] decides must only ever be slower, never wrong, for it.
#[derive(Debug, Default)]
struct Backends(std::sync::Mutex<std::collections::HashSet<i32>>);

impl Backends {
    fn pids(&self) -> std::sync::MutexGuard<'_, std::collections::HashSet<i32>> {
        // A set of numbers stays whole through a panic elsewhere: recover it.
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl ManageConnection for Checked {
    type Connection = Trusted;
    type Error = diesel::r2d2::Error;

    fn connect(&self) -> Result<Trusted, Self::Error> {
        let mut conn = self.manager.connect()?;
        let pid: i32 = diesel::select(diesel::dsl::sql::<diesel::sql_types::Integer>(
            "pg_backend_pid()",
        ))
        .get_result(&mut conn)
        .map_err(diesel::r2d2::Error::QueryError)?;
        self.backends.pids().insert(pid);
        Ok(Trusted { conn, until: None })
    }

    fn is_valid(&self, conn: &mut Trusted) -> Result<(), Self::Error> {
        match conn.until {
            Some(until) if Instant::now() < until => Ok(()),
            _ => self.manager.is_valid(&mut conn.conn),
        }
    }

    fn has_broken(&self, conn: &mut Trusted) -> bool {
        self.manager.has_broken(&mut conn.conn)
    }
}

/// The threads database work runs on: at most one per connection of the pool, reused, and
/// shared by every worker of the server. Work on each worker's own blocking pool started a
/// thread whenever none of that worker's was idle at the moment, so a burst of joins left
/// a hundred threads (and their stacks and allocator caches) where sixteen were ever busy.
struct Threads(Option<tokio::runtime::Runtime>);

impl Threads {
    fn new(size: u32) -> Threads {
        // Only its blocking pool is used; nothing is ever scheduled on the runtime itself.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .max_blocking_threads(size as usize)
            .thread_keep_alive(Duration::from_secs(60))
            .thread_name("db")
            .build()
            .expect("the database's threads start");
        Threads(Some(runtime))
    }

    fn handle(&self) -> &tokio::runtime::Handle {
        self.0.as_ref().expect("present until dropped").handle()
    }
}

impl Drop for Threads {
    fn drop(&mut self) {
        // Dropped from async code at shutdown, where waiting for the threads is not allowed.
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

/// Handle to the database. Cheap to clone.
#[derive(Clone)]
pub struct Db {
    pool: PgPool,
    threads: Arc<Threads>,
    /// One permit per connection of the pool: work waits here for its turn as a task, not
    /// as a blocking thread. Without it a burst of callers (5,000 sockets joining) started a
    /// blocking thread each, hundreds of them, all waiting for the same few connections.
    turns: Arc<Semaphore>,
    /// How long a caller waits for a connection before it is refused.
    wait: Duration,
    backends: Arc<Backends>,
}

impl Db {
    /// Builds the pool lazily: the server starts even if Postgres is briefly away.
    pub fn new(url: &str, size: u32, connect_timeout: Duration) -> Db {
        let backends = Arc::new(Backends::default());
        let manager = Checked {
            manager: ConnectionManager::<PgConnection>::new(url),
            backends: backends.clone(),
        };
        let pool = Pool::builder()
            .max_size(size)
            .min_idle(Some(1))
            .connection_timeout(connect_timeout)
            .test_on_check_out(true)
            .build_unchecked(manager);
        Db {
            pool,
            threads: Arc::new(Threads::new(size)),
            turns: Arc::new(Semaphore::new(size as usize)),
            wait: connect_timeout,
            backends,
        }
    }

    /// Whether the Postgres server process `pid` serves one of this pool's connections: a
    /// notification it sent (`NOTIFY`) announces a commit of this process.
    pub fn is_ours(&self, pid: i32) -> bool {
        self.backends.pids().contains(&pid)
    }

    /// Runs `f` with a pooled connection on the database's threads.
    pub async fn run<T, F>(&self, f: F) -> AppResult<T>
    where
        F: FnOnce(&mut PgConnection) -> AppResult<T> + Send + 'static,
        T: Send + 'static,
    {
        let waited = Instant::now();
        let turn = tokio::time::timeout(self.wait, self.turns.clone().acquire_owned()).await;
        let Ok(Ok(turn)) = turn else {
            metrics::histogram!("clockto_db_pool_wait_seconds")
                .record(waited.elapsed().as_secs_f64());
            metrics::counter!("clockto_db_pool_timeouts_total").increment(1);
            return Err(AppError::unavailable(
                "timed out waiting for a database connection",
            ));
        };
        let (pool, left) = (
            self.pool.clone(),
            self.wait.saturating_sub(waited.elapsed()),
        );
        let work = self.threads.handle().spawn_blocking(move || {
            let _turn = turn;
            let conn = pool.get_timeout(left);
            metrics::histogram!("clockto_db_pool_wait_seconds")
                .record(waited.elapsed().as_secs_f64());
            let mut pooled = conn.inspect_err(|_| {
                metrics::counter!("clockto_db_pool_timeouts_total").increment(1);
            })?;
            let done = f(&mut pooled.conn);
            pooled.until = done.is_ok().then(|| Instant::now() + TRUSTED_FOR);
            done
        });
        // A panic in `f` is an internal error, as a handler's own would be.
        work.await.map_err(AppError::internal)?
    }

    /// Connections open and those in use, for the metrics.
    pub fn pool_state(&self) -> (u32, u32) {
        let state = self.pool.state();
        (
            state.connections,
            state.connections - state.idle_connections,
        )
    }

    /// Runs `f` inside one transaction; any error rolls it back.
    pub async fn transaction<T, F>(&self, f: F) -> AppResult<T>
    where
        F: FnOnce(&mut PgConnection) -> AppResult<T> + Send + 'static,
        T: Send + 'static,
    {
        self.run(move |conn| conn.transaction(f)).await
    }
}

/// The key of the advisory lock migrations run under. Advisory locks are per database; the
/// seed's is 727275 and the test harness's 727274.
pub const MIGRATION_LOCK: i64 = 727_276;

/// Applies every pending migration, holding the session-level advisory lock
/// [`MIGRATION_LOCK`] meanwhile: server processes starting together on one database take
/// turns, so the first migrates and the others find nothing left to do. Without it they all
/// created the same tables at once, and all but one stopped on a duplicate key.
pub fn run_migrations(conn: &mut PgConnection) -> AppResult<()> {
    diesel::sql_query("SELECT pg_advisory_lock($1)")
        .bind::<BigInt, _>(MIGRATION_LOCK)
        .execute(conn)?;
    let migrated = conn
        .run_pending_migrations(MIGRATIONS)
        .map(|_| ())
        .map_err(|e| AppError::internal(e.to_string()));
    // Released whatever the migrations did. Should this fail, the error stops the start, and
    // the connection's end releases the lock.
    let released = diesel::sql_query("SELECT pg_advisory_unlock($1)")
        .bind::<BigInt, _>(MIGRATION_LOCK)
        .execute(conn);
    migrated?;
    released?;
    Ok(())
}
