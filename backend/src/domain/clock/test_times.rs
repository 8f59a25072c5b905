//! The clock rules' tests' day: 23 November 2026, UTC.

use chrono::{DateTime, TimeZone, Utc};

/// That day at `h:m`.
pub fn t(h: u32, m: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, h, m, 0)
        .single()
        .expect("as set up")
}
