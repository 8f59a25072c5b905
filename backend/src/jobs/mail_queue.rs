//! What the queued mails' senders share (the booking clients' and the demo requests'): what a
//! try's result means for the row, and the loop that runs a sender's rounds when a commit asks,
//! when its next mail comes due, and at least every so often.

use crate::error::AppResult;
use crate::mail::{Mailer, SendError};
use chrono::{DateTime, Utc};
use std::fmt::Display;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// What becomes of one queued mail after a try.
pub(crate) enum Outcome {
    Sent,
    /// Refused for good, or out of tries: dropped, with a log.
    GivenUp,
    /// Tried again at this time (exponential backoff, up to `DELIVERY_MAX_ATTEMPTS`).
    Retry(DateTime<Utc>),
}

/// Reads the result of try number `attempt` of the mail `id` of a `channel` ("booking",
/// "demo"), counting and logging it.
pub(crate) fn outcome(
    mailer: &Mailer,
    channel: &'static str,
    id: impl Display,
    attempt: i32,
    result: Result<(), SendError>,
    now: DateTime<Utc>,
) -> Outcome {
    match result {
        Ok(()) => {
            metrics::counter!("clockto_deliveries_sent_total", "channel" => channel).increment(1);
            Outcome::Sent
        }
        Err(SendError::Permanent(e)) => {
            tracing::warn!(channel, mail = %id, error = %e, "mail refused for good, dropped");
            Outcome::GivenUp
        }
        Err(SendError::Transient(e)) if mailer.retry().exhausted(attempt) => {
            tracing::warn!(channel, mail = %id, attempt, error = %e, "mail not sent, given up");
            Outcome::GivenUp
        }
        Err(SendError::Transient(e)) => {
            let after = mailer.retry().delay(attempt, rand::random());
            tracing::info!(channel, mail = %id, attempt, error = %e, ?after, "mail not sent, will retry");
            Outcome::Retry(now + chrono::Duration::from_std(after).unwrap_or_default())
        }
    }
}

/// Runs `round` for as long as the server runs: when `wake` is notified, when the next mail
/// comes due (`next_due`, by the clock `now`), and at least every `interval`.
pub(crate) async fn serve<R, RF, N, NF>(
    channel: &'static str,
    wake: Arc<Notify>,
    interval: Duration,
    now: impl Fn() -> DateTime<Utc>,
    mut round: R,
    mut next_due: N,
) where
    R: FnMut() -> RF,
    RF: Future<Output = AppResult<usize>>,
    N: FnMut() -> NF,
    NF: Future<Output = AppResult<Option<DateTime<Utc>>>>,
{
    loop {
        if let Err(e) = round().await {
            tracing::warn!(channel, error = %e, "mail round failed");
        }
        let wait = match next_due().await {
            Ok(Some(due)) => (due - now())
                .to_std()
                .unwrap_or(Duration::ZERO)
                .clamp(Duration::from_millis(50), interval),
            _ => interval,
        };
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = wake.notified() => {}
        }
    }
}
