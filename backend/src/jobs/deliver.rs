//! Delivery of notifications by e-mail. Notifications that need it are queued for mail in the
//! same transaction as the change that causes them; this job sends them after the commit,
//! once each even with several server processes.

use crate::db::models::notification::Notification;
use crate::db::models::notification_delivery::{Channel, Delivery};
use crate::db::schema::users;
use crate::db::Db;
use crate::domain::ids::UserId;
use crate::error::AppResult;
use crate::mail::Mailer;
use diesel::prelude::*;
use std::time::Duration;

/// Notifications claimed per round.
const BATCH: i64 = 50;
/// How often pending deliveries are looked for when nothing asks earlier.
pub const INTERVAL: Duration = Duration::from_secs(30);

/// Sends every pending notification. Returns how many went out.
#[tracing::instrument(skip_all)]
pub async fn run_once(db: &Db, mailer: &Mailer) -> AppResult<usize> {
    let mut sent = 0;
    loop {
        // Claiming takes the rows off the queue in its own transaction: a crash between claim
        // and send loses that mail rather than sending it twice.
        let claimed: Vec<(Notification, Option<String>)> = db
            .transaction(|conn| {
                let rows = Delivery::claim(conn, Channel::Mail, BATCH)?;
                let mut out = Vec::with_capacity(rows.len());
                for n in rows {
                    let email = match n.access_for {
                        Some(u) => email_of(conn, u)?,
                        None => None,
                    };
                    out.push((n, email));
                }
                Ok(out)
            })
            .await?;
        if claimed.is_empty() {
            return Ok(sent);
        }
        for (n, email) in claimed {
            let Some(to) = email else { continue };
            let body = format!("{}\n\n{}\n", n.content, "Open Clockto to see the details.");
            match mailer.send(&to, &n.title, body).await {
                Ok(()) => sent += 1,
                Err(e) => tracing::warn!(error = %e, notification = %n.id, "mail not sent"),
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
