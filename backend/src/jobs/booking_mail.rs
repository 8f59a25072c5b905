//! Sending the mails to booking clients (`booking_mails`): each is written by the commit that
//! causes it, due at once or at its time (a reminder a day and an hour before), and sent at
//! least once: a row is leased while its mail goes and deleted once the SMTP server took it.
//! A temporary failure tries again later (exponential backoff, up to
//! `DELIVERY_MAX_ATTEMPTS`); a permanent one drops it, with a log. Due times are the product's
//! clock, so a test moves them by moving the clock.

use crate::db::models::booking::BookingMail;
use crate::db::Db;
use crate::error::AppResult;
use crate::jobs::mail_queue::{self, Outcome};
use crate::mail::Mailer;
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
            let outcome = mail_queue::outcome(mailer, "booking", id, attempt, result, clock.now());
            if matches!(outcome, Outcome::Sent) {
                sent += 1;
            }
            db.run(move |conn| {
                match outcome {
                    Outcome::Sent | Outcome::GivenUp => BookingMail::done(conn, id)?,
                    Outcome::Retry(at) => BookingMail::retry(conn, id, at)?,
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
    mail_queue::serve(
        "booking",
        wake,
        INTERVAL,
        || clock.now(),
        || run_once(&db, &mailer, &clock),
        || db.run(|conn| Ok(BookingMail::next_due(conn)?)),
    )
    .await;
}
