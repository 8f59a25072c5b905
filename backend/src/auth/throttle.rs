//! The sign-in throttle as the calls use it: failures kept in Postgres, so every server
//! process counts the same ones (adding nodes adds no allowance), judged by
//! [`crate::domain::login_throttle`], a refusal turned into a 429.

use crate::db::models::login_failure::{FailureKind, LoginFailure};
use crate::db::Db;
use crate::domain::login_throttle::{blocked_until, Limits};
use crate::error::{AppError, AppResult, ErrorKind};
use crate::messages;
use chrono::Utc;
use std::net::IpAddr;

/// Refuses with 429 while the account or the client has too many recent failures.
pub async fn check(db: &Db, key: &str, client: Option<IpAddr>) -> AppResult<()> {
    let limits = Limits::default();
    let key = key.to_string();
    let now = Utc::now();
    let until = db
        .run(move |conn| {
            let since = now - limits.window;
            let account = LoginFailure::recent(
                conn,
                FailureKind::Account,
                &key,
                since,
                limits.per_account as i64,
            )?;
            let mut until = blocked_until(&account, limits.per_account, limits.window, now);
            if let Some(client) = client {
                let from = LoginFailure::recent(
                    conn,
                    FailureKind::Client,
                    &client.to_string(),
                    since,
                    limits.per_client as i64,
                )?;
                until = until.max(blocked_until(&from, limits.per_client, limits.window, now));
            }
            Ok(until)
        })
        .await?;
    let Some(until) = until else {
        return Ok(());
    };
    let minutes = ((until - now).num_seconds().max(0) as u64)
        .div_ceil(60)
        .max(1);
    Err(AppError::new(
        ErrorKind::RateLimited,
        "too_many_attempts",
        messages::too_many_sign_in_attempts(minutes),
    ))
}

/// Counts a failed attempt for the account and the client, now.
pub async fn record_failure(db: &Db, key: &str, client: Option<IpAddr>) -> AppResult<()> {
    let window = Limits::default().window;
    let key = key.to_string();
    db.transaction(move |conn| {
        let now = Utc::now();
        LoginFailure::record(conn, FailureKind::Account, &key, now, now - window)?;
        if let Some(client) = client {
            let client = client.to_string();
            LoginFailure::record(conn, FailureKind::Client, &client, now, now - window)?;
        }
        Ok(())
    })
    .await
}

/// Forgets the account's failures (the client's stay).
pub async fn record_success(db: &Db, key: &str) -> AppResult<()> {
    let key = key.to_string();
    db.run(move |conn| {
        LoginFailure::forget(conn, FailureKind::Account, &key)?;
        Ok(())
    })
    .await
}
