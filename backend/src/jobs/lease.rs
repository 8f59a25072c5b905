//! A sender's own view of the lease it holds on queued deliveries.

use crate::db::models::notification_delivery::Delivery;
use std::time::{Duration, Instant};

/// Room left in a lease after the last send a sender starts under it.
const LEASE_MARGIN: Duration = Duration::from_secs(30);

/// A sender's own view of the lease it took, by this process's clock: it starts no send that
/// might still run when the lease ends (and another process may take the row).
pub(crate) struct LeaseClock {
    taken: Instant,
}

impl LeaseClock {
    /// Call before claiming, so the lease as seen here ends no later than in the database.
    pub(crate) fn start() -> LeaseClock {
        LeaseClock {
            taken: Instant::now(),
        }
    }

    /// Whether a send that takes at most `longest` ends well within the lease.
    pub(crate) fn may_start(&self, longest: Duration) -> bool {
        self.taken.elapsed() + longest + LEASE_MARGIN < Delivery::LEASE
    }
}
