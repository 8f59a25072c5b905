//! The sign-in throttle, the clock device's and the one of requests for sign-in codes as the
//! calls use them: attempts kept in Postgres, so every server process counts the same ones
//! (adding nodes adds no allowance), judged by [`crate::domain::login_throttle`] and
//! [`crate::domain::device_throttle`], a refusal turned into a 429.

use crate::db::models::login_failure::{FailureKind, LoginFailure};
use crate::db::Db;
use crate::domain::device_throttle::{self, Attempt};
use crate::domain::login_throttle::{blocked_until, Limits};
use crate::domain::sign_in::CodeRequestLimits;
use crate::error::{AppError, AppResult, ErrorKind};
use crate::messages;
use chrono::{DateTime, Utc};
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
    refuse(until, now, messages::too_many_sign_in_attempts)
}

/// A 429 saying in how many minutes to try again, while `until` is ahead.
fn refuse(
    until: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    text: fn(u64) -> String,
) -> AppResult<()> {
    let Some(until) = until else {
        return Ok(());
    };
    let minutes = ((until - now).num_seconds().max(0) as u64)
        .div_ceil(60)
        .max(1);
    Err(AppError::new(
        ErrorKind::RateLimited,
        "too_many_attempts",
        text(minutes),
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

/// Counts a request for a sign-in code for the address `key` (an account's or not) from
/// `client` at `now`, unless either has asked too often lately, which is a 429 and counts
/// nothing. Every address is counted alike, so the answer tells nothing of its account.
pub async fn request_code(
    db: &Db,
    key: &str,
    client: Option<IpAddr>,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let limits = CodeRequestLimits::default();
    let key = key.to_string();
    let until = db
        .transaction(move |conn| {
            let since = now - limits.window;
            let mut counted = vec![(FailureKind::CodeAddress, key, limits.per_address)];
            if let Some(client) = client {
                counted.push((
                    FailureKind::CodeClient,
                    client.to_string(),
                    limits.per_client,
                ));
            }
            let mut until = None;
            for (kind, key, cap) in &counted {
                let recent = LoginFailure::recent(conn, *kind, key, since, *cap as i64)?;
                until = until.max(blocked_until(&recent, *cap, limits.window, now));
            }
            if until.is_none() {
                for (kind, key, _) in &counted {
                    LoginFailure::record(conn, *kind, key, now, since)?;
                }
            }
            Ok(until)
        })
        .await?;
    refuse(until, now, messages::too_many_code_requests)
}

/// Refuses a clock device's attempt with 429 while its store and address have too many recent
/// wrong identity codes.
pub async fn check_device(db: &Db, attempt: Attempt, now: DateTime<Utc>) -> AppResult<()> {
    let limits = device_throttle::Limits::default();
    let key = attempt.key();
    let recent = db
        .run(move |conn| {
            Ok(LoginFailure::recent(
                conn,
                FailureKind::Device,
                &key,
                now - limits.window,
                limits.per_device as i64,
            )?)
        })
        .await?;
    refuse(
        device_throttle::refused_until(&recent, limits, now),
        now,
        messages::too_many_identity_code_attempts,
    )
}

/// Counts a wrong identity code against the attempt's store and address, at `now`.
pub async fn record_device_failure(db: &Db, attempt: Attempt, now: DateTime<Utc>) -> AppResult<()> {
    let window = device_throttle::Limits::default().window;
    let key = attempt.key();
    db.transaction(move |conn| {
        LoginFailure::record(conn, FailureKind::Device, &key, now, now - window)?;
        Ok(())
    })
    .await
}

/// Forgets the wrong codes of the attempt's store and address, once the store's right code
/// came from there. Only for an attempt naming its store: one naming none would otherwise
/// reset its address's guesses at every store with the one code it knows.
pub async fn forget_device_failures(db: &Db, attempt: Attempt) -> AppResult<()> {
    if attempt.store.is_none() {
        return Ok(());
    }
    let key = attempt.key();
    db.run(move |conn| {
        LoginFailure::forget(conn, FailureKind::Device, &key)?;
        Ok(())
    })
    .await
}
