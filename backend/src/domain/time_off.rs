//! Time off: the span a request covers, the local dates it touches, whether it collides with
//! a shift, and the spec's texts for shifts that meet time off or fall outside availability.

use chrono::{DateTime, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;

/// Why a time-off span was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SpanError {
    /// The spec's text for a range whose start is after its end.
    #[error("Start date has to be before end date")]
    StartAfterEnd,
    #[error("The dates are out of range.")]
    OutOfRange,
    /// Longer than [`MAX_SPAN_DAYS`]: a slip of the date picker, or an attempt to make the
    /// server list millions of dates.
    #[error("Time off can span at most 366 days.")]
    TooLong,
}

/// The longest time off one request may ask for.
pub const MAX_SPAN_DAYS: i64 = 366;

/// The span of a time-off request, normalised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub start: DateTime<Utc>,
    /// Inclusive: an entire-day span ends at 23:59:59.999 of its last local day.
    pub end: DateTime<Utc>,
    pub entire_day: bool,
}

/// `at` with its seconds and milliseconds zeroed.
pub fn to_minute(at: DateTime<Utc>) -> DateTime<Utc> {
    let ms = at.timestamp_millis();
    DateTime::from_timestamp_millis(ms - ms.rem_euclid(60_000)).unwrap_or(at)
}

/// The first instant of a local date in `tz` (midnight, or the first minute after a
/// daylight-saving gap that swallows midnight).
pub fn start_of_day(date: NaiveDate, tz: Tz) -> Option<DateTime<Utc>> {
    let midnight = date.and_time(NaiveTime::MIN);
    (0..=24 * 60).find_map(|m| earliest(midnight + chrono::Duration::minutes(m), tz))
}

/// The last millisecond of a local date in `tz` (23:59:59.999 local).
pub fn end_of_day(date: NaiveDate, tz: Tz) -> Option<DateTime<Utc>> {
    let next = date.succ_opt()?;
    start_of_day(next, tz).map(|s| s - chrono::Duration::milliseconds(1))
}

fn earliest(naive: NaiveDateTime, tz: Tz) -> Option<DateTime<Utc>> {
    tz.from_local_datetime(&naive)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
}

/// The local date of an instant in `tz`.
pub fn local_date(at: DateTime<Utc>, tz: Tz) -> NaiveDate {
    at.with_timezone(&tz).date_naive()
}

impl Span {
    /// Normalises a request: seconds and milliseconds zeroed; an entire-day request runs from
    /// the start of its first local day to the end of its last one. The start may not be
    /// after the end.
    pub fn new(
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        entire_day: bool,
        tz: Tz,
    ) -> Result<Span, SpanError> {
        let (start, end) = (to_minute(start), to_minute(end));
        if start > end {
            return Err(SpanError::StartAfterEnd);
        }
        if end - start > chrono::Duration::days(MAX_SPAN_DAYS) {
            return Err(SpanError::TooLong);
        }
        if !entire_day {
            return Ok(Span {
                start,
                end,
                entire_day,
            });
        }
        let first = start_of_day(local_date(start, tz), tz).ok_or(SpanError::OutOfRange)?;
        let last = end_of_day(local_date(end, tz), tz).ok_or(SpanError::OutOfRange)?;
        Ok(Span {
            start: first,
            end: last,
            entire_day,
        })
    }

    /// The local dates the span touches, first to last.
    pub fn covering_dates(&self, tz: Tz) -> Vec<NaiveDate> {
        let (first, last) = (local_date(self.start, tz), local_date(self.end, tz));
        first.iter_days().take_while(|d| *d <= last).collect()
    }

    /// True when the span and a shift each start before the other ends.
    pub fn overlaps(&self, shift_start: DateTime<Utc>, shift_end: DateTime<Utc>) -> bool {
        // The span's end is inclusive; the shift's is not, except for an open-ended shift,
        // which is a moment.
        self.start < shift_end.max(shift_start + chrono::Duration::milliseconds(1))
            && shift_start <= self.end
    }

    /// The span as the spec shows it: entire days as `MM/dd to MM/dd`; otherwise the date and
    /// `HH:mm to HH:mm` (with the end's date too when it ends on another day).
    pub fn describe(&self, tz: Tz) -> String {
        let (s, e) = (self.start.with_timezone(&tz), self.end.with_timezone(&tz));
        if self.entire_day {
            format!("{} to {}", s.format("%m/%d"), e.format("%m/%d"))
        } else if s.date_naive() == e.date_naive() {
            format!(
                "{} {} to {}",
                s.format("%m/%d"),
                s.format("%H:%M"),
                e.format("%H:%M")
            )
        } else {
            format!(
                "{} {} to {} {}",
                s.format("%m/%d"),
                s.format("%H:%M"),
                e.format("%m/%d"),
                e.format("%H:%M")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Timelike;

    const BERLIN: Tz = chrono_tz::Europe::Berlin;

    fn at(tz: Tz, y: i32, m: u32, d: u32, h: u32, min: u32, s: u32) -> DateTime<Utc> {
        tz.with_ymd_and_hms(y, m, d, h, min, s)
            .earliest()
            .expect("local time")
            .with_timezone(&Utc)
    }

    #[test]
    fn seconds_and_milliseconds_are_zeroed() {
        let start = at(BERLIN, 2026, 5, 4, 9, 15, 42) + chrono::Duration::milliseconds(317);
        let end = at(BERLIN, 2026, 5, 4, 13, 0, 59);
        let span = Span::new(start, end, false, BERLIN).expect("span");
        assert_eq!(span.start, at(BERLIN, 2026, 5, 4, 9, 15, 0));
        assert_eq!(span.end, at(BERLIN, 2026, 5, 4, 13, 0, 0));
        assert_eq!(span.start.nanosecond(), 0);
    }

    #[test]
    fn entire_days_run_from_the_first_midnight_to_the_last_millisecond() {
        let span = Span::new(
            at(BERLIN, 2026, 5, 4, 15, 0, 0),
            at(BERLIN, 2026, 5, 6, 9, 0, 0),
            true,
            BERLIN,
        )
        .expect("span");
        assert_eq!(span.start, at(BERLIN, 2026, 5, 4, 0, 0, 0));
        assert_eq!(
            span.end,
            at(BERLIN, 2026, 5, 6, 23, 59, 59) + chrono::Duration::milliseconds(999)
        );
        assert_eq!(span.describe(BERLIN), "05/04 to 05/06");
        assert_eq!(span.covering_dates(BERLIN).len(), 3);
    }

    #[test]
    fn entire_days_across_a_daylight_saving_change_follow_the_local_clock() {
        // Berlin switches to summer time on Sunday 2026-03-29 (02:00 -> 03:00) and back on
        // Sunday 2026-10-25 (03:00 -> 02:00).
        let spring = Span::new(
            at(BERLIN, 2026, 3, 28, 12, 0, 0),
            at(BERLIN, 2026, 3, 30, 12, 0, 0),
            true,
            BERLIN,
        )
        .expect("span");
        assert_eq!(spring.start.to_rfc3339(), "2026-03-27T23:00:00+00:00");
        assert_eq!(spring.end.to_rfc3339(), "2026-03-30T21:59:59.999+00:00");
        // Three local days, one of them 23 hours long.
        assert_eq!(
            (spring.end - spring.start).num_milliseconds() + 1,
            (24 + 23 + 24) * 3_600_000
        );
        let autumn = Span::new(
            at(BERLIN, 2026, 10, 25, 12, 0, 0),
            at(BERLIN, 2026, 10, 25, 12, 0, 0),
            true,
            BERLIN,
        )
        .expect("span");
        assert_eq!(
            (autumn.end - autumn.start).num_milliseconds() + 1,
            25 * 3_600_000
        );
        assert_eq!(
            autumn.covering_dates(BERLIN),
            vec![NaiveDate::from_ymd_opt(2026, 10, 25).expect("date")]
        );
    }

    #[test]
    fn a_midnight_swallowed_by_a_gap_starts_the_day_at_the_first_valid_minute() {
        // Santiago skipped from 2023-09-03 00:00 to 01:00.
        let tz: Tz = chrono_tz::America::Santiago;
        let date = NaiveDate::from_ymd_opt(2023, 9, 3).expect("date");
        let start = start_of_day(date, tz).expect("start");
        assert_eq!(start.with_timezone(&tz).hour(), 1);
    }

    #[test]
    fn a_span_lasts_at_most_366_days() {
        let a = at(BERLIN, 2026, 5, 4, 9, 0, 0);
        let year = a + chrono::Duration::days(MAX_SPAN_DAYS);
        assert!(Span::new(a, year, false, BERLIN).is_ok());
        assert_eq!(
            Span::new(a, year + chrono::Duration::minutes(1), false, BERLIN),
            Err(SpanError::TooLong)
        );
        let centuries = a + chrono::Duration::days(60_000);
        assert_eq!(
            Span::new(a, centuries, true, BERLIN),
            Err(SpanError::TooLong)
        );
    }

    #[test]
    fn the_start_may_not_be_after_the_end() {
        let a = at(BERLIN, 2026, 5, 4, 9, 0, 0);
        let b = at(BERLIN, 2026, 5, 4, 8, 0, 0);
        assert_eq!(
            Span::new(a, b, false, BERLIN),
            Err(SpanError::StartAfterEnd)
        );
        assert_eq!(
            SpanError::StartAfterEnd.to_string(),
            "Start date has to be before end date"
        );
        assert!(Span::new(a, a, false, BERLIN).is_ok());
        // The same local day, entire: fine, even with the end's time before the start's.
        assert!(Span::new(a, a + chrono::Duration::seconds(30), true, BERLIN).is_ok());
    }

    #[test]
    fn covering_dates_list_every_local_day_touched() {
        let span = Span::new(
            at(BERLIN, 2026, 5, 4, 22, 0, 0),
            at(BERLIN, 2026, 5, 5, 2, 0, 0),
            false,
            BERLIN,
        )
        .expect("span");
        let days: Vec<String> = span
            .covering_dates(BERLIN)
            .iter()
            .map(|d| d.to_string())
            .collect();
        assert_eq!(days, vec!["2026-05-04", "2026-05-05"]);
        assert_eq!(span.describe(BERLIN), "05/04 22:00 to 05/05 02:00");
    }

    #[test]
    fn a_shift_overlaps_when_each_starts_before_the_other_ends() {
        let span = Span::new(
            at(BERLIN, 2026, 5, 4, 9, 0, 0),
            at(BERLIN, 2026, 5, 4, 13, 0, 0),
            false,
            BERLIN,
        )
        .expect("span");
        let h = |h| at(BERLIN, 2026, 5, 4, h, 0, 0);
        assert!(span.overlaps(h(8), h(10)));
        assert!(span.overlaps(h(12), h(14)));
        assert!(span.overlaps(h(10), h(11)));
        assert!(!span.overlaps(h(6), h(9)), "ends as the time off starts");
        assert!(!span.overlaps(h(14), h(16)));
        assert!(span.overlaps(h(10), h(10)), "an open-ended shift inside");
        let day = Span::new(h(9), h(9), true, BERLIN).expect("span");
        assert!(day.overlaps(h(23), h(23) + chrono::Duration::hours(2)));
        assert!(!day.overlaps(
            at(BERLIN, 2026, 5, 5, 0, 0, 0),
            at(BERLIN, 2026, 5, 5, 4, 0, 0)
        ));
    }

    #[test]
    fn spans_are_described_as_the_spec_words_time_off() {
        let h = |d, h| at(BERLIN, 2026, 5, d, h, 0, 0);
        let days = Span::new(h(4, 9), h(6, 9), true, BERLIN).expect("span");
        let part = Span::new(h(8, 9), h(8, 13), false, BERLIN).expect("span");
        assert_eq!(days.describe(BERLIN), "05/04 to 05/06");
        assert_eq!(part.describe(BERLIN), "05/08 09:00 to 13:00");
    }
}
