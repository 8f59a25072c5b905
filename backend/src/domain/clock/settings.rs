//! The store's clock settings: the early window, what a punch must prove, the store's place
//! and radius, late punches, overtime, pay and the least rest, each with its bounds.

use chrono::Duration;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Largest early window, minutes.
pub const EARLY_MAX: u32 = 720;

/// Bounds of the late-punch allowance, hours (a week at most: the working set keeps punch
/// ids a day longer).
pub const LATE_PUNCH_HOURS: (u32, u32) = (1, 168);

/// Bounds of the weekly overtime threshold, minutes.
pub const OVERTIME_MINUTES: (u32, u32) = (60, 10_080);

/// Bounds of the overtime pay multiple.
pub const OVERTIME_RATE: (f64, f64) = (1.0, 5.0);

/// Default least rest between two shifts of one employee, minutes (11 hours).
pub const DEFAULT_MIN_REST_MINUTES: u32 = 660;

/// The longest rest between shifts a store may ask for (a day), in minutes.
pub const MIN_REST_MAX: u32 = 1440;

/// Bounds of the store's radius, metres.
pub const RADIUS: (u32, u32) = (10, 5000);

/// What a punch must prove.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Proof {
    /// Nothing: the signed-in phone is enough.
    #[default]
    None,
    /// The code the store's clock device shows (presence at the door).
    Code,
    /// The phone's location, within the store's radius.
    Location,
    /// Both.
    Both,
}

impl Proof {
    pub fn needs_code(self) -> bool {
        matches!(self, Proof::Code | Proof::Both)
    }

    pub fn needs_location(self) -> bool {
        matches!(self, Proof::Location | Proof::Both)
    }
}

/// What happens to a punch from outside the store's radius.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Outside {
    /// It is refused.
    #[default]
    Refuse,
    /// It is taken and flagged for the managers.
    Flag,
}

/// The store's place: where punches are expected.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Place {
    #[schema(minimum = -90, maximum = 90)]
    pub latitude: f64,
    #[schema(minimum = -180, maximum = 180)]
    pub longitude: f64,
    /// Metres around the place that count as at the store.
    #[schema(minimum = 10, maximum = 5000)]
    pub radius: u32,
}

/// The store's clock settings. Every field has a default, so a store that never set them
/// (or a stored document missing a field) reads as the defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ClockSettings {
    /// Minutes before a shift's start its assignee may clock in. Default 30.
    #[schema(minimum = 0, maximum = 720)]
    pub early_minutes: u32,
    /// What a punch needs. Default none.
    pub proof: Proof,
    /// A punch from outside the radius is refused or flagged. Default refused.
    pub outside: Outside,
    /// Where the store is; `null` until set.
    pub place: Option<Place>,
    /// Hours a punch recorded without a connection may arrive late. Default 72.
    #[schema(minimum = 1, maximum = 168)]
    pub late_punch_hours: u32,
    /// Worked minutes a week beyond which time is overtime. Default 2,400 (40 hours).
    #[schema(minimum = 60, maximum = 10080)]
    pub overtime_weekly_minutes: u32,
    /// Pay of an overtime hour as a multiple of the regular wage. Default 1.5.
    #[schema(minimum = 1, maximum = 5)]
    pub overtime_rate: f64,
    /// Currency of wages and pay (ISO 4217). Default USD.
    #[schema(min_length = 3, max_length = 3)]
    pub currency: String,
    /// Least rest between two shifts of one employee, in minutes. Default 660 (11 hours).
    #[schema(minimum = 0, maximum = 1440)]
    pub min_rest_minutes: u32,
}

impl Default for ClockSettings {
    fn default() -> Self {
        ClockSettings {
            early_minutes: 30,
            proof: Proof::None,
            outside: Outside::Refuse,
            place: None,
            late_punch_hours: 72,
            overtime_weekly_minutes: 2400,
            overtime_rate: 1.5,
            currency: "USD".into(),
            min_rest_minutes: DEFAULT_MIN_REST_MINUTES,
        }
    }
}

impl ClockSettings {
    /// The settings stored as a document; unknown or broken fields read as the defaults.
    pub fn read(stored: &serde_json::Value) -> ClockSettings {
        serde_json::from_value(stored.clone()).unwrap_or_default()
    }

    /// The first setting out of range, as a sentence.
    pub fn check(&self) -> Result<(), String> {
        if self.early_minutes > EARLY_MAX {
            return Err("earlyMinutes must be between 0 and 720.".into());
        }
        if !(LATE_PUNCH_HOURS.0..=LATE_PUNCH_HOURS.1).contains(&self.late_punch_hours) {
            return Err("latePunchHours must be between 1 and 168.".into());
        }
        if !(OVERTIME_MINUTES.0..=OVERTIME_MINUTES.1).contains(&self.overtime_weekly_minutes) {
            return Err("overtimeWeeklyMinutes must be between 60 and 10080.".into());
        }
        if !(self.overtime_rate.is_finite()
            && (OVERTIME_RATE.0..=OVERTIME_RATE.1).contains(&self.overtime_rate))
        {
            return Err("overtimeRate must be between 1 and 5.".into());
        }
        if self.min_rest_minutes > MIN_REST_MAX {
            return Err("minRestMinutes must be between 0 and 1440.".into());
        }
        if self.currency.len() != 3 || !self.currency.bytes().all(|b| b.is_ascii_uppercase()) {
            return Err("currency must be a three-letter ISO 4217 code, like USD.".into());
        }
        if let Some(p) = self.place {
            if !on_globe(p.latitude, p.longitude) {
                return Err("The place's coordinates are not on the globe.".into());
            }
            if !(RADIUS.0..=RADIUS.1).contains(&p.radius) {
                return Err("The radius must be between 10 and 5000 metres.".into());
            }
        }
        if self.proof.needs_location() && self.place.is_none() {
            return Err("Set the store's place before asking for a location.".into());
        }
        Ok(())
    }

    pub fn late_punch_bound(&self) -> Duration {
        Duration::hours(i64::from(self.late_punch_hours))
    }
}

/// Whether coordinates are on the globe: a latitude from -90 to 90, a longitude from -180 to
/// 180 (the store's place, a phone's location).
pub(super) fn on_globe(latitude: f64, longitude: f64) -> bool {
    (-90.0..=90.0).contains(&latitude) && (-180.0..=180.0).contains(&longitude)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::domain::clock::test_support::at_store;

    #[test]
    fn settings_default_when_missing_or_broken() {
        assert_eq!(
            ClockSettings::read(&serde_json::json!({})),
            ClockSettings::default()
        );
        let partial = ClockSettings::read(&serde_json::json!({ "earlyMinutes": 10 }));
        assert_eq!(partial.early_minutes, 10);
        assert_eq!(partial.late_punch_hours, 72);
        assert_eq!(
            ClockSettings::read(&serde_json::json!({ "earlyMinutes": "x" })),
            ClockSettings::default()
        );
    }

    #[test]
    fn settings_are_checked() {
        assert!(ClockSettings::default().check().is_ok());
        let mut s = ClockSettings {
            late_punch_hours: 0,
            ..ClockSettings::default()
        };
        assert!(s.check().is_err());
        s.late_punch_hours = 72;
        s.proof = Proof::Location;
        assert_eq!(
            s.check().expect_err("no place"),
            "Set the store's place before asking for a location."
        );
        let mut s = at_store(5);
        assert!(s.check().is_err());
        s = at_store(100);
        s.currency = "usd".into();
        assert!(s.check().is_err());
        s.currency = "EUR".into();
        s.overtime_rate = f64::NAN;
        assert!(s.check().is_err());
    }

    #[test]
    fn least_rest_defaults_to_eleven_hours_and_is_at_most_a_day() {
        let s = ClockSettings::read(&serde_json::json!({ "currency": "EUR" }));
        assert_eq!(s.min_rest_minutes, 660, "a store that never set it");
        let mut s = ClockSettings {
            min_rest_minutes: 0,
            ..ClockSettings::default()
        };
        assert_eq!(s.check(), Ok(()));
        s.min_rest_minutes = 1440;
        assert_eq!(s.check(), Ok(()));
        s.min_rest_minutes = 1441;
        assert_eq!(
            s.check().expect_err("too long"),
            "minRestMinutes must be between 0 and 1440."
        );
    }
}
