//! Database access: the connection pool, embedded migrations, and the bridge that runs
//! blocking Diesel work off the async workers.

pub mod models;
pub mod schema;
pub mod tls;

use crate::error::{AppError, AppResult};
use diesel::pg::PgConnection;
use diesel::r2d2::{ConnectionManager, Pool};
use diesel::Connection;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use std::time::Duration;

pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations");

pub type PgPool = Pool<ConnectionManager<PgConnection>>;

/// Handle to the database. Cheap to clone.
#[derive(Clone)]
pub struct Db {
    pool: PgPool,
}

impl Db {
    /// Builds the pool lazily: the server starts even if Postgres is briefly away.
    pub fn new(url: &str, size: u32, connect_timeout: Duration) -> Db {
        let manager = ConnectionManager::<PgConnection>::new(url);
        let pool = Pool::builder()
            .max_size(size)
            .min_idle(Some(1))
            .connection_timeout(connect_timeout)
            .test_on_check_out(true)
            .build_unchecked(manager);
        Db { pool }
    }

    /// Runs `f` with a pooled connection on the blocking thread pool.
    pub async fn run<T, F>(&self, f: F) -> AppResult<T>
    where
        F: FnOnce(&mut PgConnection) -> AppResult<T> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.pool.clone();
        actix_web::web::block(move || {
            let waited = std::time::Instant::now();
            let conn = pool.get();
            metrics::histogram!("clockto_db_pool_wait_seconds")
                .record(waited.elapsed().as_secs_f64());
            let mut conn = conn.inspect_err(|_| {
                metrics::counter!("clockto_db_pool_timeouts_total").increment(1);
            })?;
            f(&mut conn)
        })
        .await?
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

/// Applies every pending migration.
pub fn run_migrations(conn: &mut PgConnection) -> AppResult<()> {
    conn.run_pending_migrations(MIGRATIONS)
        .map(|_| ())
        .map_err(|e| AppError::internal(e.to_string()))
}
