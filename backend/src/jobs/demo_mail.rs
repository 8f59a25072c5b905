//! Mailing demo requests to the sales team (`SALES_EMAIL`). A request written with its mail
//! due waits in its row until a sender leases it; the row's due time is cleared once the SMTP
//! server took the mail, so a mail survives a restart and goes at least once. A temporary
//! failure tries again later (exponential backoff, up to `DELIVERY_MAX_ATTEMPTS`); a permanent
//! one gives it up, with a log (the request stays stored).

use crate::db::models::demo_request::DemoRequest;
use crate::db::Db;
use crate::domain::demo::sales_mail;
use crate::error::AppResult;
use crate::mail::{Mailer, SendError};
use chrono::{DateTime, Utc};
use std::time::Duration;

/// Mails claimed per round.
const BATCH: i64 = 20;
/// How often due mails are looked for when no request asks earlier.
pub const INTERVAL: Duration = Duration::from_secs(30);

/// What became of one mail.
enum Outcome {
    Sent,
    GivenUp,
    Retry(DateTime<Utc>),
}

/// Sends every demo request mail due now to `to`. Returns how many went out.
#[tracing::instrument(skip_all)]
pub async fn run_once(db: &Db, mailer: &Mailer, to: &str) -> AppResult<usize> {
    let mut sent = 0;
    loop {
        let due = db
            .run(|conn| Ok(DemoRequest::claim_mails(conn, Utc::now(), BATCH)?))
            .await?;
        if due.is_empty() {
            return Ok(sent);
        }
        for request in due {
            let (subject, body) = sales_mail(
                &request.name,
                &request.email,
                &request.phone,
                request.slot_start,
            );
            let result = mailer
                .deliver_replying_to(to, &request.email, &subject, body)
                .await;
            let (id, attempt) = (request.id, request.mail_attempts + 1);
            let outcome = match result {
                Ok(()) => {
                    sent += 1;
                    metrics::counter!("clockto_deliveries_sent_total", "channel" => "demo")
                        .increment(1);
                    Outcome::Sent
                }
                Err(SendError::Permanent(e)) => {
                    tracing::warn!(request = %id, error = %e, "demo request mail refused for good, dropped");
                    Outcome::GivenUp
                }
                Err(SendError::Transient(e)) if mailer.retry().exhausted(attempt) => {
                    tracing::warn!(request = %id, attempt, error = %e, "demo request mail not sent, given up");
                    Outcome::GivenUp
                }
                Err(SendError::Transient(e)) => {
                    let after = mailer.retry().delay(attempt, rand::random());
                    tracing::info!(request = %id, attempt, error = %e, ?after, "demo request mail not sent, will retry");
                    Outcome::Retry(
                        Utc::now() + chrono::Duration::from_std(after).unwrap_or_default(),
                    )
                }
            };
            db.run(move |conn| {
                match outcome {
                    Outcome::Sent => DemoRequest::mailed(conn, id, Utc::now())?,
                    Outcome::GivenUp => DemoRequest::give_up_mail(conn, id)?,
                    Outcome::Retry(at) => DemoRequest::retry_mail(conn, id, at)?,
                };
                Ok(())
            })
            .await?;
        }
    }
}

/// Runs [`run_once`] for as long as the server runs: when a request asks, when the next mail
/// comes due, and at least every [`INTERVAL`].
pub async fn run(db: Db, mailer: Mailer, to: String) {
    let wake = mailer.demo_waker();
    loop {
        if let Err(e) = run_once(&db, &mailer, &to).await {
            tracing::warn!(error = %e, "demo request mail failed");
        }
        let next = db.run(|conn| Ok(DemoRequest::next_mail_due(conn)?)).await;
        let wait = match next {
            Ok(Some(due)) => (due - Utc::now())
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
