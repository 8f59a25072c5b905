//! The schedule's clock: finds the stores with shifts due for auto-confirmation or missed
//! marking and sends each store's actor a [`ClockTick`]. What is due is read from the
//! database, so the job survives restarts; the actor's plan decides, so nothing is done twice.

use crate::db::schema::shifts;
use crate::db::Db;
use crate::domain::ids::StoreId;
use crate::domain::shift::{Progress, Status};
use crate::domain::shift::{AUTO_CONFIRM_BEFORE_START, MISSED_AFTER_END};
use crate::error::AppResult;
use crate::store::registry::StoreRegistry;
use crate::store::timed::{ClockTick, Ticked};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// Stores with a published shift due for confirmation, or an announced unstarted shift past
/// the missed mark, as of `at`.
fn due_stores(conn: &mut PgConnection, at: DateTime<Utc>) -> QueryResult<Vec<StoreId>> {
    let confirm = shifts::status
        .eq(Status::Published)
        .and(shifts::assigned.is_not_null())
        .and(shifts::start_at.le(at + AUTO_CONFIRM_BEFORE_START))
        .and(shifts::end_at.gt(at));
    let missed = shifts::progress
        .eq(Progress::NotStarted)
        .and(shifts::status.eq_any(Status::ANNOUNCED))
        .and(shifts::end_at.lt(at - MISSED_AFTER_END))
        // Older shifts are outside the actors' working set.
        .and(shifts::end_at.gt(at - crate::store::state::HISTORY));
    shifts::table
        .filter(confirm.or(missed))
        .select(shifts::store_id)
        .distinct()
        .load(conn)
}

/// Runs one tick as of `at`. Returns how many stores were sent a tick.
#[tracing::instrument(skip(db, actors))]
pub async fn tick(db: &Db, actors: &StoreRegistry, at: DateTime<Utc>) -> AppResult<usize> {
    let stores = db.run(move |conn| Ok(due_stores(conn, at)?)).await?;
    for store in &stores {
        if let Err(e) = actors.execute::<Ticked>(*store, ClockTick { at }).await {
            tracing::warn!(%store, error = %e, "clock tick failed");
        }
    }
    Ok(stores.len())
}
