//! Timed and background work. Every job derives what to do from the database, so it
//! survives restarts, and never acts twice with two server processes: the senders and the
//! blog's narrator lease their rows of a queue (`FOR UPDATE SKIP LOCKED`, then a lease no
//! other process takes them under), and the schedule's clock acts through the store's actor,
//! whose plan sees what is already done.

pub mod billing_seats;
pub mod booking_mail;
pub mod deliver;
pub mod demo_mail;
mod lease;
mod mail_queue;
pub mod narration;
pub mod outbox;
pub mod push;
pub mod schedule;

use crate::db::models::notification_delivery::{Channel, Delivery};
use crate::db::Db;
use crate::error::AppResult;
use crate::mail::Mailer;
use crate::store::actor::Publish;
use crate::store::notify::NOTIFICATION_EVENT;
use push::Pusher;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// Wraps the publication of committed store events so that a commit which wrote
/// notifications (and so queued their e-mail and pushes) wakes the mail and push loops of
/// this process at once. Commits without notifications, most of them, cost nothing more; the
/// loops catch anything missed.
pub fn deliver_on_commit(publish: Publish, mailer: Mailer, pusher: Pusher) -> Publish {
    Arc::new(move |events| {
        publish(events);
        // A booking change may have queued a client's mail.
        if events.iter().any(|e| e.kind.starts_with("booking.")) {
            mailer.wake_booking();
        }
        if !events.iter().any(|e| e.kind == NOTIFICATION_EVENT) {
            return;
        }
        mailer.wake();
        pusher.wake();
    })
}

/// Shortest wait of a delivery loop between two rounds, so that a row another process is
/// claiming at that moment cannot make it spin.
const SHORTEST_WAIT: Duration = Duration::from_millis(50);

/// How much later than its earliest row a loop waking on its own looks again, so that one
/// round takes every row come due meanwhile. Rows due on a timer (a chat message's held push,
/// a retry, an ended lease) come in a stream when a team chats: one round a second instead
/// of one each. Rows a commit makes due at once wake the loop at once.
const GATHER: Duration = Duration::from_secs(1);

/// Runs a delivery `job` (mail or push of `channel`) whenever a queued row is due. It looks
/// at the queue when `wake` is notified (a commit queued rows), [`GATHER`] after its earliest
/// row comes due (a held push, a retry, or the lease of a process that died), and at least
/// every `interval`. A commit's rows are often not due yet (a chat message's push waits to see
/// whether it is read) or not on this channel (its reader turned it off): one look then, not
/// a round of claims.
pub async fn deliveries<F, Fut, T>(
    what: &'static str,
    db: Db,
    channel: Channel,
    interval: Duration,
    wake: Arc<Notify>,
    mut job: F,
) where
    F: FnMut() -> Fut,
    Fut: Future<Output = AppResult<T>>,
{
    // Whether the last look followed a wait: a round that just ran and left rows due (another
    // process is claiming them at that moment) waits before the next, so as not to spin.
    let mut rested = true;
    loop {
        let due = db
            .run(move |conn| Ok(Delivery::next_due(conn, channel)?))
            .await;
        let wait = match due {
            Ok(Some(due)) if due.is_zero() && rested => {
                logged(what, job().await);
                rested = false;
                continue;
            }
            Ok(Some(due)) if due.is_zero() => SHORTEST_WAIT,
            Ok(Some(due)) => (due + GATHER).min(interval.max(SHORTEST_WAIT)),
            Ok(None) => interval,
            Err(e) => {
                tracing::warn!(error = %e, "{what}: cannot read the queue");
                interval
            }
        };
        rested = true;
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = wake.notified() => {}
        }
    }
}

/// Runs `job` every `interval`, for as long as the server runs; a failed round is logged and
/// the next one tries again.
pub async fn every<F, Fut, T>(what: &'static str, interval: Duration, mut job: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = AppResult<T>>,
{
    let mut ticker = tokio::time::interval(interval);
    loop {
        ticker.tick().await;
        logged(what, job().await);
    }
}

fn logged<T>(what: &'static str, outcome: AppResult<T>) {
    if let Err(e) = outcome {
        tracing::warn!(error = %e, "{what} failed");
    }
}
