//! Counting failed sign-ins, so guessing passwords is slow: after too many failures for one
//! address, or from one client, sign-in is refused until the window has passed. The failures
//! themselves are kept where every server process sees them (see `auth::throttle`); this is
//! the rule over them.

use chrono::{DateTime, Duration, Utc};

/// The limits of the sign-in throttle.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Failures for one address within the window before sign-in is refused.
    pub per_account: usize,
    /// Failures from one client address within the window before sign-in is refused.
    pub per_client: usize,
    /// How far back failures count.
    pub window: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            per_account: 5,
            per_client: 20,
            window: Duration::minutes(15),
        }
    }
}

/// When a key with these recent failures (newest first, at most `cap` of them, all within
/// the window) is free again, if it is blocked now: the oldest counted failure leaving the
/// window unblocks it.
pub fn blocked_until(
    recent: &[DateTime<Utc>],
    cap: usize,
    window: Duration,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let counted: Vec<&DateTime<Utc>> = recent.iter().filter(|t| **t > now - window).collect();
    if counted.len() < cap.max(1) {
        return None;
    }
    counted.into_iter().min().map(|oldest| *oldest + window)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(minutes: i64) -> DateTime<Utc> {
        DateTime::<Utc>::from_timestamp(1_800_000_000, 0).expect("instant")
            + Duration::minutes(minutes)
    }

    #[test]
    fn fewer_failures_than_the_cap_block_nothing() {
        let recent = [at(4), at(3), at(2), at(1)];
        assert_eq!(
            blocked_until(&recent, 5, Duration::minutes(15), at(5)),
            None
        );
    }

    #[test]
    fn reaching_the_cap_blocks_until_the_oldest_leaves_the_window() {
        let recent = [at(5), at(4), at(3), at(2), at(1)];
        let window = Duration::minutes(15);
        assert_eq!(blocked_until(&recent, 5, window, at(6)), Some(at(16)));
        // Once the oldest has left the window, four remain: free again.
        assert_eq!(blocked_until(&recent, 5, window, at(16)), None);
    }

    #[test]
    fn failures_older_than_the_window_do_not_count() {
        let recent = [at(30), at(2), at(1), at(0), at(-1)];
        assert_eq!(
            blocked_until(&recent, 5, Duration::minutes(15), at(31)),
            None
        );
    }
}
