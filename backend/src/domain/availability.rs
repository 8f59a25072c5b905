//! Recurring availability: the weekly windows in which an employee can work, and whether a
//! shift fits in them.
//!
//! Windows are wall-clock times in the store's zone, so they keep their local meaning across
//! daylight-saving changes. A window whose end is not after its start runs overnight into the
//! next day; an all-day window covers 1,499 minutes from its start (the spec's figure).
//! Windows on one weekday that overlap (or touch) merge into one, and a shift must lie wholly
//! inside one merged window of the weekday it starts on, where the previous day's overnight
//! windows count too.

use crate::domain::business::TimeOfDay;
use chrono::{DateTime, Datelike, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

/// Minutes an all-day window covers from its start.
pub const ALL_DAY_MINUTES: i32 = 1499;
const DAY: i32 = 24 * 60;

/// A weekday number, 0 = Sunday ... 6 = Saturday.
pub type Weekday = u8;

/// Why a window was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum WindowError {
    #[error("At least one day is required.")]
    NoDays,
    #[error("Days are numbers from 0 (Sunday) to 6 (Saturday).")]
    BadDay,
    #[error("The end time has to differ from the start time.")]
    Empty,
}

/// One recurring window of availability.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Window {
    days: Vec<Weekday>,
    start: TimeOfDay,
    end: TimeOfDay,
    all_day: bool,
}

impl Window {
    /// A window on `days` from `start` to `end` (overnight when `end` is not after `start`).
    /// An all-day window ignores `end`. Days are sorted and deduplicated.
    pub fn new(
        days: &[i16],
        start: TimeOfDay,
        end: TimeOfDay,
        all_day: bool,
    ) -> Result<Window, WindowError> {
        let mut out = days
            .iter()
            .map(|d| {
                u8::try_from(*d)
                    .ok()
                    .filter(|d| *d < 7)
                    .ok_or(WindowError::BadDay)
            })
            .collect::<Result<Vec<_>, _>>()?;
        out.sort_unstable();
        out.dedup();
        if out.is_empty() {
            return Err(WindowError::NoDays);
        }
        if !all_day && start == end {
            return Err(WindowError::Empty);
        }
        Ok(Window {
            days: out,
            start,
            end,
            all_day,
        })
    }

    pub fn days(&self) -> &[Weekday] {
        &self.days
    }

    pub fn is_all_day(&self) -> bool {
        self.all_day
    }

    /// The window as minutes after the local midnight of its day: `[from, to)`, `to` past
    /// 1,440 when it runs into the next day.
    pub fn span(&self) -> (i32, i32) {
        let from = self.start.minutes();
        if self.all_day {
            return (from, from + ALL_DAY_MINUTES);
        }
        let mut to = self.end.minutes();
        if to <= from {
            to += DAY;
        }
        (from, to)
    }
}

/// The merged windows that apply to `weekday`, as sorted, disjoint `[from, to)` minutes after
/// that day's local midnight. The previous day's windows that run past midnight are included
/// (shifted back by a day).
pub fn merged(windows: &[Window], weekday: Weekday) -> Vec<(i32, i32)> {
    let previous = (weekday + 6) % 7;
    let mut spans: Vec<(i32, i32)> = Vec::new();
    for w in windows {
        let (from, to) = w.span();
        if w.days.contains(&weekday) {
            spans.push((from, to));
        }
        if w.days.contains(&previous) && to > DAY {
            spans.push((from - DAY, to - DAY));
        }
    }
    merge(spans)
}

/// Merges overlapping or touching intervals.
fn merge(mut spans: Vec<(i32, i32)>) -> Vec<(i32, i32)> {
    spans.sort_unstable();
    let mut out: Vec<(i32, i32)> = Vec::with_capacity(spans.len());
    for (from, to) in spans {
        match out.last_mut() {
            Some(last) if from <= last.1 => last.1 = last.1.max(to),
            _ => out.push((from, to)),
        }
    }
    out
}

/// True when `[start, end]` lies wholly inside one merged window of the weekday it starts on,
/// in the zone `tz`. With no windows at all nothing fits.
pub fn fits(windows: &[Window], start: DateTime<Utc>, end: DateTime<Utc>, tz: Tz) -> bool {
    let local_start = start.with_timezone(&tz).naive_local();
    let local_end = end.with_timezone(&tz).naive_local();
    let midnight = local_start.date().and_time(NaiveTime::MIN);
    let from = (local_start - midnight).num_minutes();
    // Wall-clock minutes, so a window keeps its local meaning on a daylight-saving day.
    let to = ((local_end - midnight).num_seconds() + 59).div_euclid(60);
    let weekday = weekday_of(local_start.date());
    merged(windows, weekday)
        .into_iter()
        .any(|(f, t)| i64::from(f) <= from && to <= i64::from(t))
}

/// The weekday number (0 = Sunday) of a local date.
pub fn weekday_of(date: chrono::NaiveDate) -> Weekday {
    // num_days_from_sunday is 0..=6.
    u8::try_from(date.weekday().num_days_from_sunday()).unwrap_or(0)
}

/// The weekday (0 = Sunday) an instant falls on in `tz`.
pub fn local_weekday(at: DateTime<Utc>, tz: Tz) -> Weekday {
    weekday_of(tz.from_utc_datetime(&at.naive_utc()).date_naive())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn t(s: &str) -> TimeOfDay {
        TimeOfDay::parse(s).expect("time")
    }

    fn w(days: &[i16], start: &str, end: &str) -> Window {
        Window::new(days, t(start), t(end), false).expect("window")
    }

    fn at(tz: Tz, y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        tz.from_local_datetime(
            &NaiveDate::from_ymd_opt(y, m, d)
                .expect("date")
                .and_hms_opt(h, min, 0)
                .expect("time"),
        )
        .earliest()
        .expect("local time exists")
        .with_timezone(&Utc)
    }

    const BERLIN: Tz = chrono_tz::Europe::Berlin;
    // 2026-03-02 is a Monday.
    const MON: i16 = 1;

    #[test]
    fn an_all_day_window_covers_1499_minutes_from_its_start() {
        let all = Window::new(&[MON], t("00:00"), t("00:00"), true).expect("window");
        assert_eq!(all.span(), (0, 1499));
        let late = Window::new(&[MON], t("06:00"), t("01:00"), true).expect("window");
        assert_eq!(late.span(), (360, 360 + 1499));
        let windows = [all];
        assert!(fits(
            &windows,
            at(BERLIN, 2026, 3, 2, 0, 0),
            at(BERLIN, 2026, 3, 3, 0, 59),
            BERLIN
        ));
        assert!(!fits(
            &windows,
            at(BERLIN, 2026, 3, 2, 0, 0),
            at(BERLIN, 2026, 3, 3, 1, 0),
            BERLIN
        ));
    }

    #[test]
    fn overlapping_and_touching_windows_merge() {
        let windows = [
            w(&[MON], "09:00", "12:00"),
            w(&[MON], "11:00", "14:00"),
            w(&[MON], "14:00", "16:00"),
            w(&[MON], "18:00", "20:00"),
        ];
        assert_eq!(merged(&windows, 1), vec![(540, 960), (1080, 1200)]);
        assert!(fits(
            &windows,
            at(BERLIN, 2026, 3, 2, 9, 30),
            at(BERLIN, 2026, 3, 2, 15, 30),
            BERLIN
        ));
        // Across the gap between two merged windows: no.
        assert!(!fits(
            &windows,
            at(BERLIN, 2026, 3, 2, 15, 0),
            at(BERLIN, 2026, 3, 2, 19, 0),
            BERLIN
        ));
    }

    #[test]
    fn a_shift_must_fit_wholly_inside_a_window_of_its_weekday() {
        let windows = [w(&[MON, 3], "09:00", "17:00")];
        let fit = |d, h1, m1, h2, m2| {
            fits(
                &windows,
                at(BERLIN, 2026, 3, d, h1, m1),
                at(BERLIN, 2026, 3, d, h2, m2),
                BERLIN,
            )
        };
        assert!(fit(2, 9, 0, 17, 0), "exactly the window");
        assert!(!fit(2, 8, 59, 12, 0), "starts early");
        assert!(!fit(2, 12, 0, 17, 1), "ends late");
        assert!(!fit(3, 9, 0, 17, 0), "Tuesday has no window");
        assert!(fit(4, 10, 0, 11, 0), "Wednesday");
        assert!(!fits(
            &[],
            at(BERLIN, 2026, 3, 2, 10, 0),
            at(BERLIN, 2026, 3, 2, 11, 0),
            BERLIN
        ));
    }

    #[test]
    fn overnight_windows_cover_the_next_morning() {
        let windows = [w(&[MON], "22:00", "06:00")];
        assert_eq!(windows[0].span(), (1320, 1800));
        // Monday 23:00 to Tuesday 05:00 fits.
        assert!(fits(
            &windows,
            at(BERLIN, 2026, 3, 2, 23, 0),
            at(BERLIN, 2026, 3, 3, 5, 0),
            BERLIN
        ));
        // A shift starting Tuesday 01:00 is in Monday's window.
        assert!(fits(
            &windows,
            at(BERLIN, 2026, 3, 3, 1, 0),
            at(BERLIN, 2026, 3, 3, 6, 0),
            BERLIN
        ));
        assert!(!fits(
            &windows,
            at(BERLIN, 2026, 3, 3, 1, 0),
            at(BERLIN, 2026, 3, 3, 6, 30),
            BERLIN
        ));
        // Sunday night is not Monday night.
        assert!(!fits(
            &windows,
            at(BERLIN, 2026, 3, 1, 23, 0),
            at(BERLIN, 2026, 3, 2, 1, 0),
            BERLIN
        ));
    }

    #[test]
    fn windows_keep_their_local_meaning_across_a_daylight_saving_change() {
        // Sunday 2026-03-29: Berlin moves from +01:00 to +02:00 at 02:00.
        let windows = [w(&[0], "08:00", "16:00")];
        assert!(fits(
            &windows,
            at(BERLIN, 2026, 3, 29, 8, 0),
            at(BERLIN, 2026, 3, 29, 16, 0),
            BERLIN
        ));
        assert!(fits(
            &windows,
            at(BERLIN, 2026, 3, 22, 8, 0),
            at(BERLIN, 2026, 3, 22, 16, 0),
            BERLIN
        ));
        // The same UTC times one week earlier (winter time) fall an hour earlier locally.
        let summer_start = at(BERLIN, 2026, 3, 29, 8, 0);
        let week = chrono::Duration::days(7);
        assert!(!fits(
            &windows,
            summer_start - week,
            summer_start - week + chrono::Duration::hours(1),
            BERLIN
        ));
    }

    #[test]
    fn the_zone_decides_the_weekday() {
        let windows = [w(&[MON], "00:00", "02:00")];
        // Sunday 23:30 UTC is Monday 00:30 in Berlin.
        let start = Utc
            .with_ymd_and_hms(2026, 3, 1, 23, 30, 0)
            .single()
            .expect("utc");
        let end = start + chrono::Duration::hours(1);
        assert!(fits(&windows, start, end, BERLIN));
        assert!(!fits(&windows, start, end, chrono_tz::UTC));
        assert_eq!(local_weekday(start, BERLIN), 1);
        assert_eq!(local_weekday(start, chrono_tz::UTC), 0);
    }

    #[test]
    fn windows_need_days_and_a_length() {
        assert_eq!(
            Window::new(&[], t("09:00"), t("10:00"), false),
            Err(WindowError::NoDays)
        );
        assert_eq!(
            Window::new(&[7], t("09:00"), t("10:00"), false),
            Err(WindowError::BadDay)
        );
        assert_eq!(
            Window::new(&[1], t("09:00"), t("09:00"), false),
            Err(WindowError::Empty)
        );
        let d = Window::new(&[3, 1, 3], t("09:00"), t("10:00"), false).expect("window");
        assert_eq!(d.days(), &[1, 3]);
    }

    #[test]
    fn merged_windows_are_sorted_and_disjoint_for_any_input() {
        // A deterministic sweep over many window sets (a cheap property test).
        let mut seed: u32 = 7;
        let mut next = |n: u32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 8) % n
        };
        for _ in 0..500 {
            let count = next(6) as usize;
            let windows: Vec<Window> = (0..count)
                .filter_map(|_| {
                    let s = TimeOfDay::from_minutes(next(1440) as i32)?;
                    let e = TimeOfDay::from_minutes(next(1440) as i32)?;
                    Window::new(&[next(7) as i16], s, e, next(5) == 0).ok()
                })
                .collect();
            for day in 0..7 {
                let m = merged(&windows, day);
                for pair in m.windows(2) {
                    assert!(pair[0].1 < pair[1].0, "{m:?}");
                }
                // Every window of the day lies inside one merged interval.
                for w in windows.iter().filter(|w| w.days().contains(&day)) {
                    let (f, t) = w.span();
                    assert!(m.iter().any(|(a, b)| *a <= f && t <= *b), "{m:?} {f} {t}");
                }
            }
        }
    }
}
