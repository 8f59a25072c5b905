//! Mailing demo requests to the sales team (`SALES_EMAIL`). A request written with its mail
//! due waits in its row until a sender leases it; the row's due time is cleared once the SMTP
//! server took the mail, so a mail survives a restart and goes at least once. A temporary
//! failure tries again later (exponential backoff, up to `DELIVERY_MAX_ATTEMPTS`); a permanent
//! one gives it up, with a log (the request stays stored).

use crate::db::models::demo_request::DemoRequest;
use crate::db::Db;
use crate::domain::demo::sales_mail;
use crate::error::AppResult;
use crate::jobs::mail_queue::{self, Outcome};
use crate::mail::Mailer;
use chrono::Utc;
use std::time::Duration;

/// Mails claimed per round.
const BATCH: i64 = 20;
/// How often due mails are looked for when no request asks earlier.
pub const INTERVAL: Duration = Duration::from_secs(30);

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
            let outcome = mail_queue::outcome(mailer, "demo", id, attempt, result, Utc::now());
            if matches!(outcome, Outcome::Sent) {
                sent += 1;
            }
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
    mail_queue::serve(
        "demo",
        wake,
        INTERVAL,
        Utc::now,
        || run_once(&db, &mailer, &to),
        || db.run(|conn| Ok(DemoRequest::next_mail_due(conn)?)),
    )
    .await;
}
