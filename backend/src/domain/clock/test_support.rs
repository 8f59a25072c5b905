//! What the clock rules' tests share: their day (23 November 2026, UTC) and a store in Berlin.

use crate::domain::clock::{ClockSettings, Place};
use chrono::{DateTime, TimeZone, Utc};

/// That day at `h:m`.
pub fn t(h: u32, m: u32) -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, h, m, 0)
        .single()
        .expect("as set up")
}

/// The store's place: Berlin's centre.
pub const BERLIN: (f64, f64) = (52.5200, 13.4050);

/// Settings of a store placed at [`BERLIN`], taking punches within `radius` metres.
pub fn at_store(radius: u32) -> ClockSettings {
    ClockSettings {
        place: Some(Place {
            latitude: BERLIN.0,
            longitude: BERLIN.1,
            radius,
        }),
        ..ClockSettings::default()
    }
}
