//! Days and weeks in a store's time zone. Instants are UTC; every boundary a person sees (a
//! day, a week, an "HH:mm") is computed in the store's IANA zone, across DST changes.

use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

/// The first instant of a local calendar day. On a day whose midnight is skipped by a DST
/// change, the first instant that exists.
pub fn start_of_day(zone: Tz, date: NaiveDate) -> DateTime<Utc> {
    let midnight = date.and_time(NaiveTime::MIN);
    match zone.from_local_datetime(&midnight) {
        LocalResult::Single(t) => t.with_timezone(&Utc),
        LocalResult::Ambiguous(first, _) => first.with_timezone(&Utc),
        LocalResult::None => {
            // Midnight does not exist: walk forward to the first minute that does.
            (1..=180)
                .find_map(|m| {
                    zone.from_local_datetime(&(midnight + Duration::minutes(m)))
                        .earliest()
                })
                .map(|t| t.with_timezone(&Utc))
                .unwrap_or_else(|| midnight.and_utc())
        }
    }
}

/// The local date of an instant.
pub fn local_date(zone: Tz, at: DateTime<Utc>) -> NaiveDate {
    at.with_timezone(&zone).date_naive()
}

/// The local day containing `at`, as `[start, end)`.
pub fn day_of(zone: Tz, at: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
    let date = local_date(zone, at);
    (start_of_day(zone, date), start_of_day(zone, next_day(date)))
}

/// The week containing `at`, as `[start, end)`, weeks starting on `week_start` (0 = Sunday).
pub fn week_of(zone: Tz, at: DateTime<Utc>, week_start: u8) -> (DateTime<Utc>, DateTime<Utc>) {
    let date = local_date(zone, at);
    let weekday = date.weekday().num_days_from_sunday() as i64;
    let back = (weekday - i64::from(week_start % 7)).rem_euclid(7);
    let first = date - Duration::days(back);
    (
        start_of_day(zone, first),
        start_of_day(zone, first + Duration::days(7)),
    )
}

fn next_day(date: NaiveDate) -> NaiveDate {
    date.succ_opt().unwrap_or(date)
}

/// "HH:mm" of an instant in the zone.
pub fn hh_mm(zone: Tz, at: DateTime<Utc>) -> String {
    at.with_timezone(&zone).format("%H:%M").to_string()
}

/// "MM/dd" of an instant in the zone.
pub fn mm_dd(zone: Tz, at: DateTime<Utc>) -> String {
    at.with_timezone(&zone).format("%m/%d").to_string()
}

/// Weekday of an instant in the zone, 0 = Sunday.
pub fn weekday(zone: Tz, at: DateTime<Utc>) -> u8 {
    at.with_timezone(&zone).weekday().num_days_from_sunday() as u8
}

/// The end of a range whose end may be given before its start: an overnight range ends on the
/// next day at that local time. `None` when the end equals the start, or lies so far before
/// it that the next day at that time is still not after the start (that is no overnight
/// range, just a wrong end).
pub fn overnight_end(zone: Tz, start: DateTime<Utc>, end: DateTime<Utc>) -> Option<DateTime<Utc>> {
    if end > start {
        return Some(end);
    }
    if end == start {
        return None;
    }
    // Same local clock time, one calendar day later (23 or 25 hours across a DST change).
    let local = end
        .with_timezone(&zone)
        .naive_local()
        .checked_add_signed(Duration::days(1))?;
    let candidate = match zone.from_local_datetime(&local).earliest() {
        Some(t) => t.with_timezone(&Utc),
        None => end.checked_add_signed(Duration::days(1))?,
    };
    (candidate > start).then_some(candidate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::{America::New_York, Asia::Tehran, Europe::Berlin, UTC};

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, mo, d, h, mi, 0)
            .single()
            .expect("valid")
    }

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("valid")
    }

    #[test]
    fn a_day_starts_at_local_midnight() {
        assert_eq!(
            start_of_day(Berlin, date(2026, 1, 15)),
            utc(2026, 1, 14, 23, 0)
        );
        assert_eq!(
            start_of_day(Berlin, date(2026, 7, 15)),
            utc(2026, 7, 14, 22, 0)
        );
        assert_eq!(start_of_day(UTC, date(2026, 7, 15)), utc(2026, 7, 15, 0, 0));
    }

    #[test]
    fn days_across_a_dst_change_are_23_or_25_hours() {
        // Europe/Berlin springs forward on 2026-03-29 and falls back on 2026-10-25.
        let (s, e) = day_of(Berlin, utc(2026, 3, 29, 12, 0));
        assert_eq!(e - s, Duration::hours(23));
        let (s, e) = day_of(Berlin, utc(2026, 10, 25, 12, 0));
        assert_eq!(e - s, Duration::hours(25));
    }

    #[test]
    fn weeks_start_on_sunday_unless_told_otherwise() {
        // 2026-03-04 is a Wednesday.
        let wed = utc(2026, 3, 4, 12, 0);
        let (s, e) = week_of(UTC, wed, 0);
        assert_eq!(s, utc(2026, 3, 1, 0, 0));
        assert_eq!(e, utc(2026, 3, 8, 0, 0));
        let (s, _) = week_of(UTC, wed, 1);
        assert_eq!(s, utc(2026, 3, 2, 0, 0));
        // Saturday start (common in Iran), in Tehran's zone.
        let (s, _) = week_of(Tehran, wed, 6);
        assert_eq!(local_date(Tehran, s), date(2026, 2, 28));
    }

    #[test]
    fn a_late_evening_instant_belongs_to_its_local_day() {
        // 23:30 in New York is already the next day in UTC.
        let at = utc(2026, 1, 16, 4, 30);
        assert_eq!(local_date(New_York, at), date(2026, 1, 15));
        assert_eq!(weekday(New_York, at), 4);
        assert_eq!(hh_mm(New_York, at), "23:30");
        assert_eq!(mm_dd(New_York, at), "01/15");
    }

    #[test]
    fn overnight_ranges_end_the_next_day() {
        let start = utc(2026, 1, 15, 21, 0); // 22:00 Berlin
        let end = utc(2026, 1, 15, 5, 0); // 06:00 Berlin, same day
        assert_eq!(
            overnight_end(Berlin, start, end),
            Some(utc(2026, 1, 16, 5, 0))
        );
        assert_eq!(overnight_end(Berlin, start, start), None);
        let later = utc(2026, 1, 16, 1, 0);
        assert_eq!(overnight_end(Berlin, start, later), Some(later));
    }

    #[test]
    fn an_end_more_than_a_day_before_the_start_is_refused_at_once() {
        let start = utc(2026, 1, 15, 21, 0);
        assert_eq!(overnight_end(Berlin, start, utc(2026, 1, 14, 5, 0)), None);
        assert_eq!(overnight_end(Berlin, start, utc(2026, 1, 14, 21, 0)), None);
        // Far in the past (or at the edge of what the clock can hold): refused, not looped.
        let ancient = DateTime::<Utc>::MIN_UTC;
        assert_eq!(overnight_end(Berlin, start, ancient), None);
        assert_eq!(overnight_end(UTC, DateTime::<Utc>::MAX_UTC, ancient), None);
    }

    #[test]
    fn an_overnight_range_across_spring_forward_keeps_its_local_end() {
        // 22:00 on 2026-03-28 to 06:00 on the 29th in Berlin is 7 hours.
        let start = utc(2026, 3, 28, 21, 0);
        let end_same_day = utc(2026, 3, 28, 5, 0);
        let end = overnight_end(Berlin, start, end_same_day).expect("overnight");
        assert_eq!(hh_mm(Berlin, end), "06:00");
        assert_eq!(end - start, Duration::hours(7));
    }
}
