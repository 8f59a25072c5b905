//! What a punch proves: the phone's location judged against the store's place (its distance,
//! within the radius or not), and the code or place the store's settings ask for.

use super::refusal::Refusal;
use super::settings::{on_globe, ClockSettings, Outside, Place};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Largest accuracy a phone may report, metres.
pub const ACCURACY_MAX: f64 = 100_000.0;

/// A phone's reported location.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    #[schema(minimum = -90, maximum = 90)]
    pub latitude: f64,
    #[schema(minimum = -180, maximum = 180)]
    pub longitude: f64,
    /// The phone's estimate of its error, in metres.
    #[serde(default)]
    #[schema(minimum = 0, maximum = 100000)]
    pub accuracy: Option<f64>,
}

impl Location {
    /// Whether the coordinates are on the globe (and the accuracy a distance).
    pub fn is_valid(&self) -> bool {
        on_globe(self.latitude, self.longitude)
            && self
                .accuracy
                .is_none_or(|a| a.is_finite() && (0.0..=ACCURACY_MAX).contains(&a))
    }
}

/// Great-circle distance in metres (haversine, mean Earth radius).
pub fn distance_m(a: (f64, f64), b: (f64, f64)) -> f64 {
    const R: f64 = 6_371_008.8;
    let (lat1, lat2) = (a.0.to_radians(), b.0.to_radians());
    let dlat = lat2 - lat1;
    let dlng = (b.1 - a.1).to_radians();
    let h = (dlat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (dlng / 2.0).sin().powi(2);
    2.0 * R * h.sqrt().min(1.0).asin()
}

/// Where a punch was taken, judged against the store's place.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Judged {
    /// Metres from the place, when both are known.
    pub distance: Option<f64>,
    /// Within the radius (the phone's own error counts in its favour, up to the radius).
    pub inside: Option<bool>,
}

pub fn judge(place: Option<Place>, loc: Option<&Location>) -> Judged {
    match (place, loc) {
        (Some(p), Some(l)) => {
            let d = distance_m((p.latitude, p.longitude), (l.latitude, l.longitude));
            let slack = l.accuracy.unwrap_or(0.0).clamp(0.0, f64::from(p.radius));
            Judged {
                distance: Some(d),
                inside: Some(d <= f64::from(p.radius) + slack),
            }
        }
        _ => Judged {
            distance: None,
            inside: None,
        },
    }
}

/// What the proof of a punch came to: taken, flagged as outside the radius or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Proven {
    pub outside: bool,
}

/// Checks a punch's proof against the store's settings. `code_ok` says whether a valid,
/// unused code came with it (`None`: no code given). A device punch (the store's clock)
/// proves presence by itself.
pub fn check_proof(
    settings: &ClockSettings,
    code_ok: Option<Result<(), Refusal>>,
    loc: Option<&Location>,
) -> Result<Proven, Refusal> {
    if settings.proof.needs_code() {
        match code_ok {
            None => return Err(Refusal::NeedsCode),
            Some(Err(e)) => return Err(e),
            Some(Ok(())) => {}
        }
    } else if let Some(Err(e)) = code_ok {
        // A wrong code is refused even where none is needed: the phone meant to use one.
        return Err(e);
    }
    let judged = judge(settings.place, loc);
    if settings.proof.needs_location() {
        let Some(place) = settings.place else {
            return Err(Refusal::NoPlace);
        };
        let (Some(inside), Some(distance)) = (judged.inside, judged.distance) else {
            return Err(Refusal::NeedsLocation);
        };
        if !inside && settings.outside == Outside::Refuse {
            return Err(Refusal::Outside {
                distance: distance.round().min(f64::from(u32::MAX)) as u32,
                radius: place.radius,
            });
        }
    }
    Ok(Proven {
        outside: judged.inside == Some(false),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::clock::Proof;

    use crate::domain::clock::test_support::{at_store, BERLIN};

    fn loc(lat: f64, lng: f64, accuracy: Option<f64>) -> Location {
        Location {
            latitude: lat,
            longitude: lng,
            accuracy,
        }
    }

    #[test]
    fn distance_is_great_circle() {
        assert!(distance_m(BERLIN, BERLIN) < 0.001);
        // One thousandth of a degree of latitude is about 111 m.
        let d = distance_m(BERLIN, (BERLIN.0 + 0.001, BERLIN.1));
        assert!((d - 111.2).abs() < 0.5, "{d}");
        // Berlin to Paris, about 878 km.
        let d = distance_m(BERLIN, (48.8566, 2.3522));
        assert!((d / 1000.0 - 878.0).abs() < 5.0, "{d}");
    }

    #[test]
    fn location_proof_counts_accuracy_up_to_the_radius() {
        let mut s = at_store(100);
        s.proof = Proof::Location;
        let near = loc(BERLIN.0 + 0.0005, BERLIN.1, Some(5.0));
        assert_eq!(
            check_proof(&s, None, Some(&near)),
            Ok(Proven { outside: false })
        );
        // 167 m away, accurate to 80 m: within radius + accuracy.
        let fuzzy = loc(BERLIN.0 + 0.0015, BERLIN.1, Some(80.0));
        assert_eq!(
            check_proof(&s, None, Some(&fuzzy)),
            Ok(Proven { outside: false })
        );
        // An accuracy of 10 km does not stretch the radius past twice its size.
        let far = loc(BERLIN.0 + 0.003, BERLIN.1, Some(10_000.0));
        assert_eq!(
            check_proof(&s, None, Some(&far)),
            Err(Refusal::Outside {
                distance: 334,
                radius: 100
            })
        );
        assert_eq!(check_proof(&s, None, None), Err(Refusal::NeedsLocation));
        s.outside = Outside::Flag;
        assert_eq!(
            check_proof(&s, None, Some(&far)),
            Ok(Proven { outside: true })
        );
    }

    #[test]
    fn code_proof() {
        let mut s = ClockSettings {
            proof: Proof::Code,
            ..ClockSettings::default()
        };
        assert_eq!(check_proof(&s, None, None), Err(Refusal::NeedsCode));
        assert_eq!(
            check_proof(&s, Some(Ok(())), None),
            Ok(Proven { outside: false })
        );
        assert_eq!(
            check_proof(&s, Some(Err(Refusal::BadCode)), None),
            Err(Refusal::BadCode)
        );
        s.proof = Proof::None;
        assert_eq!(
            check_proof(&s, Some(Err(Refusal::CodeUsed)), None),
            Err(Refusal::CodeUsed)
        );
        assert_eq!(check_proof(&s, None, None), Ok(Proven { outside: false }));
        // Both: the code first, then the location.
        let mut both = at_store(50);
        both.proof = Proof::Both;
        let here = loc(BERLIN.0, BERLIN.1, None);
        assert_eq!(
            check_proof(&both, None, Some(&here)),
            Err(Refusal::NeedsCode)
        );
        assert_eq!(
            check_proof(&both, Some(Ok(())), None),
            Err(Refusal::NeedsLocation)
        );
        assert!(check_proof(&both, Some(Ok(())), Some(&here)).is_ok());
        // A location proof without a place set cannot be judged.
        let nowhere = ClockSettings {
            proof: Proof::Location,
            ..ClockSettings::default()
        };
        assert_eq!(
            check_proof(&nowhere, None, Some(&here)),
            Err(Refusal::NoPlace)
        );
    }

    #[test]
    fn locations_are_validated() {
        assert!(loc(52.0, 13.0, Some(5.0)).is_valid());
        assert!(!loc(91.0, 13.0, None).is_valid());
        assert!(!loc(52.0, f64::NAN, None).is_valid());
        assert!(!loc(52.0, 13.0, Some(-1.0)).is_valid());
    }
}
