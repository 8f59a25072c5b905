//! Delivery of notifications by e-mail. Notifications that need it are queued for mail in the
//! same transaction as the change that causes them; this job sends them after the commit, at
//! least once each: a row is leased while its mail is handed to the SMTP server and deleted
//! only once the server accepted it. A temporary refusal or a network failure puts it back
//! for a later attempt (exponential backoff, up to `DELIVERY_MAX_ATTEMPTS`); a permanent
//! refusal drops it, with a log. Several server processes never hold the same row at once.

use crate::db::models::notification_delivery::{Channel, Claimed, Delivery, Settle};
use crate::db::schema::users;
use crate::db::Db;
use crate::domain::ids::UserId;
use crate::error::AppResult;
use crate::jobs::lease::LeaseClock;
use crate::mail::{self, Mailer, SendError};
use diesel::prelude::*;
use std::time::Duration;

/// Notifications claimed per round.
const BATCH: i64 = 50;
/// How often pending deliveries are looked for when nothing asks earlier.
pub const INTERVAL: Duration = Duration::from_secs(30);

/// Sends every notification mail that is due. Returns how many went out.
#[tracing::instrument(skip_all)]
pub async fn run_once(db: &Db, mailer: &Mailer) -> AppResult<usize> {
    let mut sent = 0;
    loop {
        let clock = LeaseClock::start();
        let claimed: Vec<(Claimed, Option<(UserId, String)>)> = db
            .transaction(|conn| {
                let rows = Delivery::claim(conn, Channel::Mail, BATCH)?;
                let mut out = Vec::with_capacity(rows.len());
                for claimed in rows {
                    let email = match claimed.notification.access_for {
                        Some(u) => email_of(conn, u)?.map(|email| (u, email)),
                        None => None,
                    };
                    out.push((claimed, email));
                }
                Ok(out)
            })
            .await?;
        if claimed.is_empty() {
            return Ok(sent);
        }
        for (claimed, email) in claimed {
            let outcome = match email {
                // Nobody to write to (a public notification, a user since deleted).
                None => Settle::Done,
                Some(_) if !clock.may_start(mail::SEND_TIMEOUT) => Settle::Untried {
                    done_subscriptions: Vec::new(),
                },
                Some((reader, to)) => {
                    let n = &claimed.notification;
                    let body = format!("{}\n\n{}", n.content, "Open Clockto to see the details.");
                    let result = mailer
                        .deliver_notification(&to, reader, n.kind, &n.title, &body)
                        .await;
                    if result.is_ok() {
                        sent += 1;
                    }
                    settle_after(result, &claimed, mailer)
                }
            };
            // Settled one by one: a process that dies in the middle of a batch sends again
            // only the mail it was sending.
            let id = claimed.notification.id;
            let mine = db
                .run(move |conn| Ok(Delivery::settle(conn, Channel::Mail, &claimed, &outcome)?))
                .await?;
            if !mine {
                tracing::warn!(notification = %id, "the mail's lease ran out before it was settled");
            }
        }
    }
}

/// What a send's result makes of its row.
fn settle_after(result: Result<(), SendError>, claimed: &Claimed, mailer: &Mailer) -> Settle {
    let (notification, attempt) = (claimed.notification.id, claimed.attempt);
    match result {
        Ok(()) => {
            metrics::counter!("clockto_deliveries_sent_total", "channel" => "mail").increment(1);
            Settle::Done
        }
        Err(SendError::Permanent(e)) => {
            metrics::counter!("clockto_delivery_failures_total", "channel" => "mail").increment(1);
            tracing::warn!(%notification, attempt, error = %e, "mail refused for good, dropped");
            Settle::Done
        }
        Err(SendError::Transient(e)) if mailer.retry().exhausted(attempt) => {
            metrics::counter!("clockto_delivery_failures_total", "channel" => "mail").increment(1);
            tracing::warn!(%notification, attempt, error = %e, "mail not sent, given up");
            Settle::Done
        }
        Err(SendError::Transient(e)) => {
            metrics::counter!("clockto_delivery_retries_total", "channel" => "mail").increment(1);
            let after = mailer.retry().delay(attempt, rand::random());
            tracing::info!(%notification, attempt, error = %e, ?after, "mail not sent, will retry");
            Settle::Retry {
                after,
                done_subscriptions: Vec::new(),
            }
        }
    }
}

fn email_of(conn: &mut PgConnection, user: UserId) -> QueryResult<Option<String>> {
    users::table
        .find(user)
        .select(users::email)
        .first(conn)
        .optional()
}
