//! Timed and background work. Every job derives what to do from the database, so it
//! survives restarts, and never acts twice with two server processes: the senders take their
//! rows off a queue (`FOR UPDATE SKIP LOCKED`), and the schedule's clock acts through the
//! store's actor, whose plan sees what is already done.

pub mod deliver;
pub mod push;
pub mod schedule;

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
/// notifications (and so queued their e-mail and pushes) starts sending them at once: a mail
/// round of its own, and a wake-up of the push loop (which holds the store registry its
/// rounds need, and which the registry, being built with this publication, cannot be given
/// here). Commits without notifications, most of them, cost nothing more; the loops started
/// with the server catch anything missed.
pub fn deliver_on_commit(publish: Publish, db: Db, mailer: Mailer, pusher: Pusher) -> Publish {
    Arc::new(move |events| {
        publish(events);
        if !events.iter().any(|e| e.kind == NOTIFICATION_EVENT) {
            return;
        }
        let (db, mailer) = (db.clone(), mailer.clone());
        actix_web::rt::spawn(async move {
            logged("mail delivery", deliver::run_once(&db, &mailer).await)
        });
        pusher.wake();
    })
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

/// Like [`every`], and also whenever `wake` is notified (a notification during a round brings
/// one more round after it).
pub async fn every_or_woken<F, Fut, T>(
    what: &'static str,
    interval: Duration,
    wake: Arc<Notify>,
    mut job: F,
) where
    F: FnMut() -> Fut,
    Fut: Future<Output = AppResult<T>>,
{
    let mut ticker = tokio::time::interval(interval);
    loop {
        tokio::select! {
            _ = ticker.tick() => {}
            () = wake.notified() => {}
        }
        logged(what, job().await);
    }
}

fn logged<T>(what: &'static str, outcome: AppResult<T>) {
    if let Err(e) = outcome {
        tracing::warn!(error = %e, "{what} failed");
    }
}
