//! A per-person rate limit (`governor`'s generic cell rate algorithm), for calls that cost
//! the server much per request (the voice assistant's recognition and synthesis). Per server
//! process: several processes each allow the rate.

use crate::domain::ids::UserId;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU32, Ordering};

pub struct PersonRate {
    limiter: DefaultKeyedRateLimiter<UserId>,
    /// Checks since the limiter last forgot people back to a full allowance.
    checks: AtomicU32,
}

impl PersonRate {
    pub fn per_minute(n: u32) -> PersonRate {
        let n = NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN);
        PersonRate {
            limiter: RateLimiter::keyed(Quota::per_minute(n)),
            checks: AtomicU32::new(0),
        }
    }

    /// Whether `user` may make one more request now.
    pub fn allow(&self, user: UserId) -> bool {
        if self.checks.fetch_add(1, Ordering::Relaxed) % 4096 == 4095 {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&user).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_person_runs_out_and_another_does_not() {
        let rate = PersonRate::per_minute(3);
        let (a, b) = (UserId::new(), UserId::new());
        assert!((0..3).all(|_| rate.allow(a)));
        assert!(!rate.allow(a));
        assert!(rate.allow(b));
    }
}
