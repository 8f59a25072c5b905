//! Sending the mails to booking clients (`booking_mails`): each is written by the commit that
//! causes it, due at once or at its time (a reminder a day and an hour before), and sent at
//! least once: a row is leased while its mail goes and deleted once the SMTP server took it.
//! A temporary failure tries again later (exponential backoff, up to
//! `DELIVERY_MAX_ATTEMPTS`); a permanent one drops it, with a log. Due times are the product's
//! clock, so a test moves them by moving the clock.

use crate::db::models::booking::BookingMail;
use crate::db::Db;
use crate::error::AppResult;
use crate::mail::{Mailer, SendError};
use crate::time::Clock;
use std::time::Duration;

/// Mails claimed per round.
const BATCH: i64 = 20;
/// How often due mails are looked for when no commit asks earlier.
pub const INTERVAL: Duration = Duration::from_secs(15);

/// Sends every booking mail due now. Returns how many went out.
#[tracing::instrument(skip_all)]
pub async fn run_once(db: &Db, mailer: &Mailer, clock: &Clock) -> AppResult<usize> {
    let mut sent = 0;
    loop {
        let now = clock.now();
        let due = db
            .run(move |conn| Ok(BookingMail::claim(conn, now, BATCH)?))
            .await?;
        if due.is_empty() {
            return Ok(sent);
        }
        for m in due {
            let result = mailer
                .deliver_invitation(&m.to_email, &m.subject, m.body.clone(), m.ics.clone())
                .await;
            let (id, attempt) = (m.id, m.attempts + 1);
            let retry_at = match result {
                Ok(()) => {
                    sent += 1;
                    metrics::counter!("clockto_deliveries_sent_total", "channel" => "booking")
                        .increment(1);
                    None
                }
                Err(SendError::Permanent(e)) => {
                    tracing::warn!(mail = %id, error = %e, "booking mail refused for good, dropped");
                    None
                }
                Err(SendError::Transient(e)) if mailer.retry().exhausted(attempt) => {
                    tracing::warn!(mail = %id, attempt, error = %e, "booking mail not sent, given up");
                    None
                }
                Err(SendError::Transient(e)) => {
                    let after = mailer.retry().delay(attempt, rand::random());
                    tracing::info!(mail = %id, attempt, error = %e, ?after, "booking mail not sent, will retry");
                    Some(clock.now() + chrono::Duration::from_std(after).unwrap_or_default())
                }
            };
            db.run(move |conn| {
                match retry_at {
                    None => BookingMail::done(conn, id)?,
                    Some(at) => BookingMail::retry(conn, id, at)?,
                };
                Ok(())
            })
            .await?;
        }
    }
}

/// Runs [`run_once`] for as long as the server runs: when a commit asks, when the next mail
/// comes due, and at least every [`INTERVAL`].
pub async fn run(db: Db, mailer: Mailer, clock: Clock) {
    let wake = mailer.booking_waker();
    loop {
        if let Err(e) = run_once(&db, &mailer, &clock).await {
            tracing::warn!(error = %e, "booking mail failed");
        }
        let next = db.run(|conn| Ok(BookingMail::next_due(conn)?)).await;
        let wait = match next {
            Ok(Some(due)) => (due - clock.now())
                .to_std()
                .unwrap_or(Duration::ZERO)
                .clamp(Duration::from_millis(50), INTERVAL),
            _ => INTERVAL,
        };
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = wake.notified() => {}
        }
    }
}
