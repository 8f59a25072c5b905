//! Counting failed sign-ins, so guessing passwords is slow: after too many failures for one
//! address, or from one client, sign-in is refused until the window has passed. Kept in
//! memory: the counts matter for minutes, and losing them on restart is harmless.

use std::collections::{HashMap, VecDeque};
use std::hash::Hash;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// The limits of a [`LoginThrottle`].
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
            window: Duration::from_secs(15 * 60),
        }
    }
}

/// Recent failure times per key, newest last, at most `cap` of them.
#[derive(Debug)]
struct Failures<K> {
    by_key: HashMap<K, VecDeque<Instant>>,
    cap: usize,
}

impl<K: Eq + Hash> Failures<K> {
    fn new(cap: usize) -> Self {
        Failures {
            by_key: HashMap::new(),
            cap: cap.max(1),
        }
    }

    fn count(&mut self, key: &K, since: Instant) -> usize {
        let Some(times) = self.by_key.get_mut(key) else {
            return 0;
        };
        while times.front().is_some_and(|t| *t <= since) {
            times.pop_front();
        }
        times.len()
    }

    /// When the key is blocked, the instant it is free again.
    fn blocked_until(&mut self, key: &K, now: Instant, window: Duration) -> Option<Instant> {
        let since = now.checked_sub(window)?;
        if self.count(key, since) < self.cap {
            return None;
        }
        // The oldest counted failure leaving the window unblocks the key.
        self.by_key
            .get(key)
            .and_then(|t| t.front())
            .map(|oldest| *oldest + window)
    }

    fn record(&mut self, key: K, now: Instant) {
        let times = self.by_key.entry(key).or_default();
        times.push_back(now);
        // Only the newest `cap` failures can ever decide a refusal.
        while times.len() > self.cap {
            times.pop_front();
        }
    }

    fn clear(&mut self, key: &K) {
        self.by_key.remove(key);
    }

    fn prune(&mut self, since: Instant) {
        self.by_key
            .retain(|_, times| times.back().is_some_and(|t| *t > since));
    }

    fn len(&self) -> usize {
        self.by_key.len()
    }
}

/// Failed sign-ins per account and per client.
#[derive(Debug)]
pub struct LoginThrottle {
    limits: Limits,
    accounts: Failures<String>,
    clients: Failures<IpAddr>,
    last_prune: Option<Instant>,
}

impl Default for LoginThrottle {
    fn default() -> Self {
        LoginThrottle::new(Limits::default())
    }
}

impl LoginThrottle {
    pub fn new(limits: Limits) -> Self {
        LoginThrottle {
            limits,
            accounts: Failures::new(limits.per_account),
            clients: Failures::new(limits.per_client),
            last_prune: None,
        }
    }

    /// When sign-in for `account` from `client` is refused, the instant it is allowed again.
    pub fn blocked_until(
        &mut self,
        account: &str,
        client: Option<IpAddr>,
        now: Instant,
    ) -> Option<Instant> {
        let window = self.limits.window;
        let by_account = self
            .accounts
            .blocked_until(&account.to_string(), now, window);
        let by_client = client.and_then(|c| self.clients.blocked_until(&c, now, window));
        by_account.max(by_client)
    }

    /// Counts a failed sign-in.
    pub fn record_failure(&mut self, account: &str, client: Option<IpAddr>, now: Instant) {
        self.prune(now);
        self.accounts.record(account.to_string(), now);
        if let Some(c) = client {
            self.clients.record(c, now);
        }
    }

    /// Forgets the account's failures after a successful sign-in. The client's stay: one good
    /// password must not buy a client more guesses at other accounts.
    pub fn record_success(&mut self, account: &str) {
        self.accounts.clear(&account.to_string());
    }

    /// Keys being tracked (accounts plus clients).
    pub fn tracked(&self) -> usize {
        self.accounts.len() + self.clients.len()
    }

    /// Drops keys with no failure inside the window, at most once per window, so memory
    /// holds only the keys of roughly the last two windows.
    fn prune(&mut self, now: Instant) {
        let window = self.limits.window;
        let due = self
            .last_prune
            .is_none_or(|last| now.saturating_duration_since(last) >= window);
        if !due {
            return;
        }
        self.last_prune = Some(now);
        if let Some(since) = now.checked_sub(window) {
            self.accounts.prune(since);
            self.clients.prune(since);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIN: Duration = Duration::from_secs(60);

    fn ip(last: u8) -> Option<IpAddr> {
        Some(IpAddr::from([10, 0, 0, last]))
    }

    /// A start far enough from the process start that `now - window` exists.
    fn start() -> Instant {
        Instant::now() + Duration::from_secs(3600)
    }

    #[test]
    fn five_failures_for_one_account_block_it_until_the_window_passes() {
        let mut t = LoginThrottle::default();
        let t0 = start();
        for i in 0..4 {
            t.record_failure("a@b.co", ip(1), t0 + MIN * i);
            assert!(t.blocked_until("a@b.co", ip(1), t0 + MIN * i).is_none());
        }
        t.record_failure("a@b.co", ip(1), t0 + MIN * 4);
        let until = t
            .blocked_until("a@b.co", ip(2), t0 + MIN * 5)
            .expect("blocked");
        assert_eq!(until, t0 + MIN * 15);
        // Another account from the same client is not blocked.
        assert!(t.blocked_until("c@d.co", ip(1), t0 + MIN * 5).is_none());
        // Once the first failure leaves the window, four remain: allowed again.
        assert!(t.blocked_until("a@b.co", ip(1), t0 + MIN * 15).is_none());
    }

    #[test]
    fn twenty_failures_from_one_client_block_it_for_every_account() {
        let mut t = LoginThrottle::default();
        let t0 = start();
        for i in 0..20 {
            t.record_failure(&format!("user{i}@b.co"), ip(9), t0);
        }
        assert!(t.blocked_until("fresh@b.co", ip(9), t0).is_some());
        assert!(t.blocked_until("fresh@b.co", ip(8), t0).is_none());
        assert!(t.blocked_until("fresh@b.co", None, t0).is_none());
        assert!(t
            .blocked_until("fresh@b.co", ip(9), t0 + MIN * 15)
            .is_none());
    }

    #[test]
    fn a_success_forgets_the_account_failures_but_not_the_client_ones() {
        let limits = Limits {
            per_account: 2,
            per_client: 3,
            window: MIN * 15,
        };
        let mut t = LoginThrottle::new(limits);
        let t0 = start();
        t.record_failure("a@b.co", ip(1), t0);
        t.record_failure("a@b.co", ip(1), t0);
        assert!(t.blocked_until("a@b.co", ip(2), t0).is_some());
        t.record_success("a@b.co");
        assert!(t.blocked_until("a@b.co", ip(2), t0).is_none());
        t.record_failure("x@b.co", ip(1), t0);
        assert!(t.blocked_until("y@b.co", ip(1), t0).is_some());
    }

    #[test]
    fn stale_keys_are_pruned() {
        let mut t = LoginThrottle::default();
        let t0 = start();
        for i in 0..100u8 {
            t.record_failure(&format!("u{i}@b.co"), ip(i), t0);
        }
        assert_eq!(t.tracked(), 200);
        t.record_failure("late@b.co", ip(200), t0 + MIN * 16);
        assert_eq!(t.tracked(), 2);
    }
}
