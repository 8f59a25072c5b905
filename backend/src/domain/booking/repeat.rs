//! The days an event runs: its first day and its repeat pattern (the spec's frequencies d, w,
//! m, y, an interval, weekdays, an end by date or after N times), expanded with `rrule` in the
//! store's zone. Only dates come out of here; a day's sessions keep their wall times
//! (`slots`), so they stay at 09:00 across both clock changes.

use super::refusal::EventError;
use chrono::{Datelike, NaiveDate, NaiveTime, TimeZone, Weekday};
use chrono_tz::Tz;
use rrule::{Frequency as RFrequency, NWeekday, RRule};
use serde::{Deserialize, Serialize};

/// The longest an interval may be.
pub const INTERVAL_MAX: u16 = 99;
/// The most times an event may be said to repeat.
pub const COUNT_MAX: u32 = 1000;
/// How far after its first day an event's end date may lie.
pub const UNTIL_MAX_DAYS: i64 = 5 * 366;
/// How many occurrences one query walks at most (daily for over five years).
const SCAN_MAX: usize = 2_000;

/// The spec's repeat frequencies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum Frequency {
    #[serde(rename = "d")]
    Daily,
    #[serde(rename = "w")]
    Weekly,
    #[serde(rename = "m")]
    Monthly,
    #[serde(rename = "y")]
    Yearly,
}

/// A repeat pattern.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Repeat {
    pub frequency: Frequency,
    /// Every `interval` days, weeks, months or years.
    pub interval: u16,
    /// For daily and weekly repeats, the weekdays it runs on (0 Sunday to 6 Saturday); none
    /// means the first day's.
    pub weekdays: Vec<u8>,
    /// The last date it may run on.
    pub until: Option<NaiveDate>,
    /// Or how many times it runs, the first day included.
    pub count: Option<u32>,
}

fn invalid(message: &str) -> EventError {
    EventError {
        code: "invalid_repeat",
        message: message.to_string(),
        field: "repeatPattern",
    }
}

fn weekday(n: u8) -> Option<Weekday> {
    Weekday::try_from((n + 6) % 7).ok().filter(|_| n < 7)
}

impl Repeat {
    pub fn check(&self, first_day: NaiveDate) -> Result<(), EventError> {
        if !(1..=INTERVAL_MAX).contains(&self.interval) {
            return Err(invalid("The interval is a whole number from 1 to 99."));
        }
        if self.weekdays.iter().any(|&d| d > 6) {
            return Err(invalid("Weekdays are numbers from 0 (Sunday) to 6."));
        }
        if !self.weekdays.is_empty()
            && matches!(self.frequency, Frequency::Monthly | Frequency::Yearly)
        {
            return Err(invalid("Weekdays go with a daily or weekly repeat."));
        }
        if self.until.is_some() && self.count.is_some() {
            return Err(invalid(
                "A repeat ends on a date or after a number of times, not both.",
            ));
        }
        if let Some(until) = self.until {
            if until < first_day || (until - first_day).num_days() > UNTIL_MAX_DAYS {
                return Err(invalid(
                    "The last date is on or after the first day, within five years.",
                ));
            }
        }
        if self.count.is_some_and(|c| !(1..=COUNT_MAX).contains(&c)) {
            return Err(invalid("An event repeats 1 to 1000 times."));
        }
        Ok(())
    }
}

/// The dates from `from` to `to` (both included) an event starting on `first_day` runs on.
pub fn dates(
    zone: Tz,
    first_day: NaiveDate,
    repeat: Option<&Repeat>,
    from: NaiveDate,
    to: NaiveDate,
) -> Vec<NaiveDate> {
    let Some(repeat) = repeat else {
        return if (from..=to).contains(&first_day) {
            vec![first_day]
        } else {
            Vec::new()
        };
    };
    // Noon is never in a clock change's gap; only the dates are used.
    let tz = rrule::Tz::Tz(zone);
    let at_noon = |d: NaiveDate| {
        tz.from_local_datetime(&d.and_time(NaiveTime::from_hms_opt(12, 0, 0).unwrap_or_default()))
            .earliest()
    };
    let Some(start) = at_noon(first_day) else {
        return Vec::new();
    };
    let mut rule = RRule::new(match repeat.frequency {
        Frequency::Daily => RFrequency::Daily,
        Frequency::Weekly => RFrequency::Weekly,
        Frequency::Monthly => RFrequency::Monthly,
        Frequency::Yearly => RFrequency::Yearly,
    })
    .interval(repeat.interval);
    if !repeat.weekdays.is_empty() {
        rule = rule.by_weekday(
            repeat
                .weekdays
                .iter()
                .filter_map(|&d| weekday(d))
                .map(NWeekday::Every)
                .collect(),
        );
    }
    if let Some(count) = repeat.count {
        rule = rule.count(count);
    }
    // An end is given in UTC when the start has a zone (RFC 5545).
    if let Some(until) = repeat.until.and_then(at_noon) {
        rule = rule.until(until.with_timezone(&rrule::Tz::UTC));
    }
    let Ok(set) = rule.build(start) else {
        return Vec::new();
    };
    set.into_iter()
        .take(SCAN_MAX)
        .map(|d| d.date_naive())
        .take_while(|d| *d <= to)
        .filter(|d| *d >= from && *d >= first_day)
        .collect()
}

/// Whether the event runs on `date`.
pub fn runs_on(zone: Tz, first_day: NaiveDate, repeat: Option<&Repeat>, date: NaiveDate) -> bool {
    dates(zone, first_day, repeat, date, date).first() == Some(&date)
}

/// The weekday number (0 Sunday) of a date.
pub fn weekday_number(date: NaiveDate) -> u8 {
    date.weekday().num_days_from_sunday() as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::{America::New_York, Europe::Berlin};

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("as set up")
    }

    fn every(frequency: Frequency, interval: u16) -> Repeat {
        Repeat {
            frequency,
            interval,
            weekdays: vec![],
            until: None,
            count: None,
        }
    }

    #[test]
    fn once_without_a_pattern() {
        assert_eq!(
            dates(Berlin, d(2026, 6, 1), None, d(2026, 5, 1), d(2026, 7, 1)),
            vec![d(2026, 6, 1)]
        );
        assert!(dates(Berlin, d(2026, 6, 1), None, d(2026, 6, 2), d(2026, 7, 1)).is_empty());
    }

    #[test]
    fn weekly_on_weekdays_across_both_clock_changes() {
        // Mondays and Wednesdays from Monday 23 March 2026, over Berlin's spring change
        // (29 March) and New York's fall change (1 November).
        let r = Repeat {
            weekdays: vec![1, 3],
            ..every(Frequency::Weekly, 1)
        };
        for zone in [Berlin, New_York] {
            let got = dates(
                zone,
                d(2026, 3, 23),
                Some(&r),
                d(2026, 3, 23),
                d(2026, 4, 5),
            );
            assert_eq!(
                got,
                vec![
                    d(2026, 3, 23),
                    d(2026, 3, 25),
                    d(2026, 3, 30),
                    d(2026, 4, 1)
                ]
            );
            let fall = dates(
                zone,
                d(2026, 3, 23),
                Some(&r),
                d(2026, 10, 26),
                d(2026, 11, 4),
            );
            assert_eq!(
                fall,
                vec![
                    d(2026, 10, 26),
                    d(2026, 10, 28),
                    d(2026, 11, 2),
                    d(2026, 11, 4)
                ]
            );
        }
    }

    #[test]
    fn intervals_counts_and_ends() {
        let daily = Repeat {
            count: Some(3),
            ..every(Frequency::Daily, 2)
        };
        assert_eq!(
            dates(
                Berlin,
                d(2026, 6, 1),
                Some(&daily),
                d(2026, 1, 1),
                d(2026, 12, 31)
            ),
            vec![d(2026, 6, 1), d(2026, 6, 3), d(2026, 6, 5)]
        );
        let monthly = Repeat {
            until: Some(d(2026, 9, 15)),
            ..every(Frequency::Monthly, 1)
        };
        assert_eq!(
            dates(
                Berlin,
                d(2026, 6, 15),
                Some(&monthly),
                d(2026, 1, 1),
                d(2026, 12, 31)
            ),
            vec![
                d(2026, 6, 15),
                d(2026, 7, 15),
                d(2026, 8, 15),
                d(2026, 9, 15)
            ]
        );
        let yearly = every(Frequency::Yearly, 1);
        assert!(runs_on(Berlin, d(2026, 2, 1), Some(&yearly), d(2028, 2, 1)));
        assert!(!runs_on(
            Berlin,
            d(2026, 2, 1),
            Some(&yearly),
            d(2028, 2, 2)
        ));
        // A weekday-filtered daily repeat: weekdays only.
        let workdays = Repeat {
            weekdays: vec![1, 2, 3, 4, 5],
            ..every(Frequency::Daily, 1)
        };
        assert_eq!(
            dates(
                Berlin,
                d(2026, 6, 5),
                Some(&workdays),
                d(2026, 6, 5),
                d(2026, 6, 9)
            ),
            vec![d(2026, 6, 5), d(2026, 6, 8), d(2026, 6, 9)]
        );
        assert_eq!(weekday_number(d(2026, 6, 7)), 0);
    }

    #[test]
    fn patterns_it_refuses() {
        let first = d(2026, 6, 1);
        assert!(every(Frequency::Daily, 0).check(first).is_err());
        assert!(every(Frequency::Daily, 100).check(first).is_err());
        assert!(Repeat {
            weekdays: vec![7],
            ..every(Frequency::Weekly, 1)
        }
        .check(first)
        .is_err());
        assert!(Repeat {
            weekdays: vec![1],
            ..every(Frequency::Monthly, 1)
        }
        .check(first)
        .is_err());
        assert!(Repeat {
            until: Some(d(2026, 5, 31)),
            ..every(Frequency::Daily, 1)
        }
        .check(first)
        .is_err());
        assert!(Repeat {
            until: Some(d(2036, 5, 31)),
            ..every(Frequency::Daily, 1)
        }
        .check(first)
        .is_err());
        assert!(Repeat {
            count: Some(0),
            ..every(Frequency::Daily, 1)
        }
        .check(first)
        .is_err());
        assert!(Repeat {
            count: Some(2),
            until: Some(d(2026, 7, 1)),
            ..every(Frequency::Daily, 1)
        }
        .check(first)
        .is_err());
        assert!(every(Frequency::Weekly, 2).check(first).is_ok());
    }
}
