//! The sign-in throttle as the calls use it: the shared [`LoginThrottle`] behind its lock,
//! read with the clock, and a refusal turned into a 429.

use crate::domain::login_throttle::LoginThrottle;
use crate::error::{AppError, AppResult, ErrorKind};
use crate::messages;
use std::net::IpAddr;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

fn lock(throttle: &Mutex<LoginThrottle>) -> MutexGuard<'_, LoginThrottle> {
    // The counts stay meaningful even if a holder panicked: keep using them.
    throttle.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Refuses with 429 while the account or the client has too many recent failures.
pub fn check(throttle: &Mutex<LoginThrottle>, key: &str, client: Option<IpAddr>) -> AppResult<()> {
    let now = Instant::now();
    let Some(until) = lock(throttle).blocked_until(key, client, now) else {
        return Ok(());
    };
    let minutes = until
        .saturating_duration_since(now)
        .as_secs()
        .div_ceil(60)
        .max(1);
    Err(AppError::new(
        ErrorKind::RateLimited,
        "too_many_attempts",
        messages::too_many_sign_in_attempts(minutes),
    ))
}

/// Counts a failed attempt for the account and the client, now.
pub fn record_failure(throttle: &Mutex<LoginThrottle>, key: &str, client: Option<IpAddr>) {
    lock(throttle).record_failure(key, client, Instant::now());
}

/// Forgets the account's failures (the client's stay).
pub fn record_success(throttle: &Mutex<LoginThrottle>, key: &str) {
    lock(throttle).record_success(key);
}
