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
use std::time::Duration;

/// Wraps the publication of committed store events so that a commit which wrote
/// notifications (and so queued their e-mail and pushes) starts sending them at once. Commits
/// without notifications, most of them, cost nothing more; the [`every`] loops started with
/// the server catch anything missed.
pub fn deliver_on_commit(publish: Publish, db: Db, mailer: Mailer, pusher: Pusher) -> Publish {
    std::sync::Arc::new(move |events| {
        publish(events);
        if !events.iter().any(|e| e.kind == NOTIFICATION_EVENT) {
            return;
        }
        let (mail_db, mailer) = (db.clone(), mailer.clone());
        actix_web::rt::spawn(async move {
            logged("mail delivery", deliver::run_once(&mail_db, &mailer).await)
        });
        let (db, pusher) = (db.clone(), pusher.clone());
        actix_web::rt::spawn(async move { logged("web push", push::run_once(&db, &pusher).await) });
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

fn logged<T>(what: &'static str, outcome: AppResult<T>) {
    if let Err(e) = outcome {
        tracing::warn!(error = %e, "{what} failed");
    }
}
