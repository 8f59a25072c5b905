//! The public booking calls' rate limit, per address and server process (`governor`'s
//! generic cell rate algorithm): reading an event's page and its slots is cheap and allowed
//! often; a reservation, which holds a place for minutes, a tenth as often. Behind a load
//! balancer the address is the balancer's unless it forwards the client's (see
//! docs/operations.md); several processes each allow the rate.

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU32, Ordering};

/// Which allowance a call draws on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allowance {
    /// Reading an event, its slots or a reservation.
    Read,
    /// Holding a place, or changing a reservation.
    Reserve,
}

pub struct PublicRate {
    read: DefaultKeyedRateLimiter<IpAddr>,
    reserve: DefaultKeyedRateLimiter<IpAddr>,
    /// Checks since the limiters last forgot addresses that are back to a full allowance.
    checks: AtomicU32,
}

impl PublicRate {
    pub fn per_minute(n: u32) -> PublicRate {
        let quota =
            |n: u32| Quota::per_minute(NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN));
        PublicRate {
            read: RateLimiter::keyed(quota(n)),
            reserve: RateLimiter::keyed(quota((n / 10).max(3))),
            checks: AtomicU32::new(0),
        }
    }

    /// Whether `client` may make one more call of this kind now. A call without a known
    /// address (a socket test's loopback has one) is counted as one address.
    pub fn allow(&self, client: Option<IpAddr>, kind: Allowance) -> bool {
        let key = client.unwrap_or(IpAddr::from([0, 0, 0, 0]));
        if self.checks.fetch_add(1, Ordering::Relaxed) % 4096 == 4095 {
            self.read.retain_recent();
            self.reserve.retain_recent();
        }
        let limiter = match kind {
            Allowance::Read => &self.read,
            Allowance::Reserve => &self.reserve,
        };
        limiter.check_key(&key).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_runs_out_and_another_does_not() {
        let rate = PublicRate::per_minute(30);
        let a = Some(IpAddr::from([10, 0, 0, 1]));
        let b = Some(IpAddr::from([10, 0, 0, 2]));
        assert!((0..3).all(|_| rate.allow(a, Allowance::Reserve)));
        assert!(!rate.allow(a, Allowance::Reserve));
        assert!(rate.allow(b, Allowance::Reserve));
        assert!(rate.allow(a, Allowance::Read));
        assert_eq!(
            (0..40).filter(|_| rate.allow(b, Allowance::Read)).count(),
            30
        );
    }
}
