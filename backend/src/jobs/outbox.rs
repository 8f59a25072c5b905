//! Pruning of the outbox (`store_events`): it keeps a bounded history, by age
//! (`OUTBOX_KEEP_DAYS`) and by count per store (`OUTBOX_KEEP_PER_STORE`). A client that
//! rejoins with a `since` older than what is kept is told to reload (`resync`). Rows go in
//! small batches, each its own short transaction, and several server processes prune side by
//! side: each batch skips the rows another is deleting.

use crate::config::OutboxRetention;
use crate::db::models::store_event::StoreEvent;
use crate::db::Db;
use crate::error::AppResult;
use chrono::{DateTime, Utc};

/// Rows deleted per statement.
const BATCH: i64 = 1_000;

/// Changes this recent are kept whatever the limits: a server process that is catching up
/// (its sockets' rooms, its store actors' check of who is a member) may still read them.
pub const NEWEST_KEPT: chrono::Duration = chrono::Duration::minutes(10);

/// Prunes what `retention` does not keep, as of `now`. Returns how many rows went.
#[tracing::instrument(skip(db))]
pub async fn prune(db: &Db, retention: OutboxRetention, now: DateTime<Utc>) -> AppResult<usize> {
    let recent = now - NEWEST_KEPT;
    let keep_for = chrono::Duration::from_std(retention.keep_for).unwrap_or(chrono::Duration::MAX);
    let too_old = now
        .checked_sub_signed(keep_for)
        .unwrap_or(DateTime::<Utc>::MIN_UTC);
    let too_old = too_old.min(recent);
    let mut pruned = 0;
    loop {
        let n = db
            .run(move |conn| Ok(StoreEvent::prune_older_than(conn, too_old, BATCH)?))
            .await?;
        pruned += n;
        if (n as i64) < BATCH {
            break;
        }
    }
    let keep = retention.keep_per_store;
    loop {
        let n = db
            .run(move |conn| Ok(StoreEvent::prune_beyond(conn, keep, recent, BATCH)?))
            .await?;
        pruned += n;
        if (n as i64) < BATCH {
            break;
        }
    }
    if pruned > 0 {
        tracing::info!(pruned, "outbox pruned");
    }
    Ok(pruned)
}
