//! The time the product's rules read: the system's, or in tests a clock the test moves
//! forward instead of waiting for the time to pass.
//!
//! The store actors plan with it (the pool's deadlines, the notifications' merge window, the
//! working set's windows), the pool's read lists by it and the schedule's jobs tick by it.
//! Times that only say when something happened (a row's `created_at`, a session's cache) read
//! the system's clock.

use chrono::{DateTime, Utc};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// Where the rules that depend on the time read it. Cheap to clone; clones of a manual clock
/// move together.
#[derive(Debug, Clone, Default)]
pub enum Clock {
    /// The system's clock.
    #[default]
    System,
    /// The system's clock moved forward by an offset (in microseconds) that
    /// [`Clock::advance`] adds to. The time still passes, so writes keep their order, and a
    /// test skips a wait (a deadline, a window) instead of sleeping through it.
    Manual(Arc<AtomicI64>),
}

impl Clock {
    /// A manual clock at the system's time, until it is advanced.
    pub fn manual() -> Clock {
        Clock::Manual(Arc::default())
    }

    /// The current time by this clock.
    pub fn now(&self) -> DateTime<Utc> {
        match self {
            Clock::System => Utc::now(),
            Clock::Manual(offset) => {
                Utc::now() + chrono::Duration::microseconds(offset.load(Ordering::SeqCst))
            }
        }
    }

    /// Moves a manual clock forward by `by`, for every clone of it.
    ///
    /// # Panics
    /// On the system's clock, which nothing moves.
    pub fn advance(&self, by: std::time::Duration) {
        let Clock::Manual(offset) = self else {
            panic!("only a manual clock can be advanced");
        };
        let micros = i64::try_from(by.as_micros()).unwrap_or(i64::MAX);
        offset.fetch_add(micros, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_manual_clock_moves_forward_with_its_clones_and_still_passes() {
        let clock = Clock::manual();
        let other = clock.clone();
        let before = Utc::now();
        assert!(clock.now() >= before);
        clock.advance(Duration::from_secs(3600));
        let later = other.now();
        assert!(
            later >= before + chrono::Duration::hours(1),
            "{later} {before}"
        );
        assert!(later < Utc::now() + chrono::Duration::hours(1) + chrono::Duration::minutes(1));
        assert!(other.now() >= later, "time still passes");
    }

    #[test]
    fn the_system_clock_reads_the_system_s_time() {
        let before = Utc::now();
        let now = Clock::System.now();
        assert!(now >= before && now <= Utc::now());
    }

    #[test]
    #[should_panic(expected = "only a manual clock")]
    fn the_system_clock_cannot_be_advanced() {
        Clock::System.advance(Duration::from_secs(1));
    }
}
