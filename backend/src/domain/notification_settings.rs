//! A person's notification settings: for each kind of notification, whether it also comes by
//! e-mail and by push (in the app it always comes), and quiet hours in the person's zone
//! during which pushes wait. Without settings of their own a person has the defaults: every
//! notification meant for them alone is pushed (most ask for an answer soon), and the ones
//! someone must act on or plan around — a new shift to confirm, a time-off request or its
//! answer, a drop to approve — are also mailed.

use crate::domain::notification::NotificationKind;
use chrono::{DateTime, Duration, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A channel a notification may also take besides the app.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Mail,
    Push,
}

/// Where one kind of notification goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Ways {
    pub mail: bool,
    pub push: bool,
}

/// Quiet hours: from `from` to `until` (wall times; past midnight when `until` is earlier),
/// in `zone`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quiet {
    pub from: NaiveTime,
    pub until: NaiveTime,
    pub zone: Tz,
}

impl Quiet {
    /// When a push due at `now` may go: `None` now, or the end of the quiet hours `now` is in.
    pub fn release(&self, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
        if self.from == self.until {
            return None;
        }
        let local = now.with_timezone(&self.zone);
        let time = local.time();
        let inside = if self.from < self.until {
            time >= self.from && time < self.until
        } else {
            time >= self.from || time < self.until
        };
        if !inside {
            return None;
        }
        let mut day = local.date_naive();
        if time >= self.until {
            day += Duration::days(1);
        }
        // The end's wall time on that day; one skipped by a clock change ends an hour later.
        let end = day.and_time(self.until);
        let at = self.zone.from_local_datetime(&end).earliest().or_else(|| {
            self.zone
                .from_local_datetime(&(end + Duration::hours(1)))
                .earliest()
        })?;
        Some(at.with_timezone(&Utc))
    }
}

/// A person's settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub ways: BTreeMap<&'static str, Ways>,
    pub quiet: Option<Quiet>,
}

/// The kinds a person may set, as the spec names them.
pub const KINDS: [NotificationKind; 9] = NotificationKind::ALL;

/// Where a kind goes for a person who set nothing.
pub fn default_ways(kind: NotificationKind) -> Ways {
    Ways {
        mail: matches!(
            kind,
            NotificationKind::NewShift | NotificationKind::TimeOff | NotificationKind::DropShift
        ),
        push: true,
    }
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            ways: KINDS
                .into_iter()
                .map(|k| (k.as_str(), default_ways(k)))
                .collect(),
            quiet: None,
        }
    }
}

impl Settings {
    /// Whether a notification of `kind` for this person goes on `channel`.
    pub fn allows(&self, kind: NotificationKind, channel: Channel) -> bool {
        let ways = self
            .ways
            .get(kind.as_str())
            .copied()
            .unwrap_or_else(|| default_ways(kind));
        match channel {
            Channel::Mail => ways.mail,
            Channel::Push => ways.push,
        }
    }

    /// Settings with the kinds a person set replacing the defaults; unknown kinds are
    /// refused by name.
    pub fn with(mut self, set: &BTreeMap<String, Ways>) -> Result<Settings, String> {
        for (kind, ways) in set {
            let kind = NotificationKind::parse(kind)
                .ok_or_else(|| format!("{kind} is not a kind of notification."))?;
            self.ways.insert(kind.as_str(), *ways);
        }
        Ok(self)
    }

    /// How long a push due at `now` waits for the quiet hours to end (zero outside them).
    pub fn push_wait(&self, now: DateTime<Utc>) -> std::time::Duration {
        self.quiet
            .and_then(|q| q.release(now))
            .and_then(|at| (at - now).to_std().ok())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::Europe::Berlin;

    fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        Berlin
            .with_ymd_and_hms(y, m, d, h, min, 0)
            .single()
            .expect("a Berlin time")
            .with_timezone(&Utc)
    }

    fn t(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).expect("time")
    }

    #[test]
    fn the_defaults_push_everything_and_mail_what_asks_for_action() {
        let s = Settings::default();
        for kind in KINDS {
            assert!(s.allows(kind, Channel::Push), "{kind:?}");
        }
        let mailed: Vec<&str> = KINDS
            .into_iter()
            .filter(|k| s.allows(*k, Channel::Mail))
            .map(|k| k.as_str())
            .collect();
        assert_eq!(mailed, ["newshift", "timeoff", "dropshift"]);
    }

    #[test]
    fn a_person_s_choice_replaces_the_default_of_its_kind_only() {
        let set = BTreeMap::from([
            (
                "newshift".to_string(),
                Ways {
                    mail: false,
                    push: true,
                },
            ),
            (
                "message".to_string(),
                Ways {
                    mail: true,
                    push: false,
                },
            ),
        ]);
        let s = Settings::default().with(&set).expect("known kinds");
        assert!(!s.allows(NotificationKind::NewShift, Channel::Mail));
        assert!(s.allows(NotificationKind::Message, Channel::Mail));
        assert!(!s.allows(NotificationKind::Message, Channel::Push));
        assert!(s.allows(NotificationKind::TimeOff, Channel::Mail));
        let odd = BTreeMap::from([(
            "gossip".to_string(),
            Ways {
                mail: true,
                push: true,
            },
        )]);
        assert_eq!(
            Settings::default().with(&odd),
            Err("gossip is not a kind of notification.".into())
        );
    }

    #[test]
    fn quiet_hours_past_midnight_hold_pushes_until_they_end_in_the_persons_zone() {
        let quiet = Quiet {
            from: t(22, 0),
            until: t(7, 0),
            zone: Berlin,
        };
        assert_eq!(quiet.release(at(2026, 12, 1, 21, 59)), None);
        assert_eq!(
            quiet.release(at(2026, 12, 1, 22, 0)),
            Some(at(2026, 12, 2, 7, 0))
        );
        assert_eq!(
            quiet.release(at(2026, 12, 2, 3, 30)),
            Some(at(2026, 12, 2, 7, 0))
        );
        assert_eq!(quiet.release(at(2026, 12, 2, 7, 0)), None);
        let s = Settings {
            quiet: Some(quiet),
            ..Settings::default()
        };
        assert_eq!(
            s.push_wait(at(2026, 12, 2, 6, 0)),
            std::time::Duration::from_secs(3600)
        );
        assert_eq!(
            s.push_wait(at(2026, 12, 2, 12, 0)),
            std::time::Duration::ZERO
        );
    }

    #[test]
    fn quiet_hours_within_a_day_and_across_a_clock_change() {
        let lunch = Quiet {
            from: t(12, 0),
            until: t(13, 0),
            zone: Berlin,
        };
        assert_eq!(
            lunch.release(at(2026, 12, 1, 12, 30)),
            Some(at(2026, 12, 1, 13, 0))
        );
        assert_eq!(lunch.release(at(2026, 12, 1, 13, 30)), None);
        // The night Berlin's clocks go forward (2:00 becomes 3:00), quiet until 2:30 ends at 3:30.
        let short = Quiet {
            from: t(1, 0),
            until: t(2, 30),
            zone: Berlin,
        };
        let night = at(2027, 3, 28, 1, 30);
        assert_eq!(short.release(night), Some(at(2027, 3, 28, 3, 30)));
        // Equal ends are no quiet hours.
        let none = Quiet {
            from: t(8, 0),
            until: t(8, 0),
            zone: Berlin,
        };
        assert_eq!(none.release(at(2026, 12, 1, 8, 0)), None);
    }
}
