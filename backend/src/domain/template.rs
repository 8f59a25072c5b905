//! Templates of a schedule and wall-clock times. A template shift keeps its local times (the
//! day it falls on within its week or day, and its start and end as the store's clocks show
//! them); placing it on a date gives the instants those local times have on that date, so a
//! shift loaded, repeated or moved across a clock change keeps its start and end and its real
//! length follows. Also the template's load checks: per employee, which rule of `createShift`
//! a template shift breaks. Pure.

use crate::domain::calendar;
use crate::domain::ids::{EmployeeId, RoleId};
use crate::domain::schedule::{self, Assignee, ShiftError, Span};
use chrono::{DateTime, Duration, NaiveDate, NaiveTime, Offset, TimeZone, Timelike, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// Most shifts one template holds.
pub const MAX_SHIFTS: usize = 500;

/// The longest title of a template or of one of its shifts, in characters.
pub const TITLE_MAX: usize = 120;

/// The spec's text when a template shift's assignee lacks its role.
pub const ROLE_MISMATCH: &str = "The employee doesn't have the matching role with the template";
/// The spec's text for an update of a missing template.
pub const NOT_FOUND: &str = "Trying to edit a template that doesn't exist.";
/// The spec's text for a call on a template of another kind.
pub const WRONG_KIND: &str = "this action is not defined for template";
/// The spec's rule: an empty template cannot be created or updated.
pub const EMPTY: &str = "An empty template cannot be created or updated.";
/// The spec's rule: a template cannot be loaded in the past.
pub const IN_THE_PAST: &str = "A template cannot be loaded in the past.";

/// What a template holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// One reusable shift.
    Shift,
    /// The shifts of a week.
    Weekly,
    /// The shifts of a day.
    Daily,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Shift => "shift",
            Kind::Weekly => "weekly",
            Kind::Daily => "daily",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        [Kind::Shift, Kind::Weekly, Kind::Daily]
            .into_iter()
            .find(|k| k.as_str() == s)
    }

    /// How many days a template of this kind spans.
    pub fn days(self) -> u8 {
        match self {
            Kind::Weekly => 7,
            Kind::Shift | Kind::Daily => 1,
        }
    }
}

/// A time of day on the store's clocks, written "HH:mm".
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WallTime(pub NaiveTime);

impl WallTime {
    pub fn hm(h: u32, m: u32) -> Option<WallTime> {
        NaiveTime::from_hms_opt(h, m, 0).map(WallTime)
    }

    /// The local time of an instant, to the minute.
    pub fn of(zone: Tz, at: DateTime<Utc>) -> WallTime {
        let t = at.with_timezone(&zone).time();
        WallTime(NaiveTime::from_hms_opt(t.hour(), t.minute(), 0).unwrap_or(t))
    }
}

impl fmt::Display for WallTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.format("%H:%M"))
    }
}

impl std::str::FromStr for WallTime {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        NaiveTime::parse_from_str(s.trim(), "%H:%M")
            .map(WallTime)
            .map_err(|_| format!("{s:?} is not a time of day as HH:mm."))
    }
}

impl Serialize for WallTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for WallTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        String::deserialize(d)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

impl utoipa::PartialSchema for WallTime {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .pattern(Some("^([01][0-9]|2[0-3]):[0-5][0-9]$"))
            .description(Some("A time of day on the store's clocks, HH:mm."))
            .into()
    }
}

impl utoipa::ToSchema for WallTime {}

/// One shift of a template, in local times.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateShift {
    #[schema(min_length = 1, max_length = 120)]
    pub title: String,
    /// The day it starts on, counted from the template's first day (0 to 6 in a week, 0 in a
    /// day).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 6)]
    pub day: u8,
    pub start: WallTime,
    /// Not after `start` means the shift ends the next day. Ignored when open-ended.
    pub end: WallTime,
    #[serde(default)]
    pub role: Option<RoleId>,
    /// The employee record it goes to; none for an open shift.
    #[serde(default)]
    pub assigned: Option<EmployeeId>,
    /// Open-ended: no planned end.
    #[serde(default, rename = "oe")]
    pub open_ended: bool,
    /// A list of objects, copied to the shifts made from it.
    #[serde(default = "no_tasks")]
    #[schema(value_type = Vec<Object>)]
    pub tasks: serde_json::Value,
}

crate::domain::list::component_list!(TemplateShiftList = TemplateShift);

fn no_tasks() -> serde_json::Value {
    serde_json::Value::Array(Vec::new())
}

/// The instant a local date and time of day have in the zone. A time skipped by the clocks
/// moving forward becomes the first instant after the gap that has the same distance from the
/// gap's start (02:30 on a spring-forward night is 03:30); a time that happens twice (falling
/// back) is its first occurrence.
pub fn wall_instant(zone: Tz, date: NaiveDate, time: WallTime) -> DateTime<Utc> {
    let local = date.and_time(time.0);
    if let Some(t) = zone.from_local_datetime(&local).earliest() {
        return t.with_timezone(&Utc);
    }
    // In a gap: read the time with the offset in force before it.
    let before = (1..=180).find_map(|m| {
        zone.from_local_datetime(&(local - Duration::minutes(m)))
            .earliest()
    });
    match before {
        Some(b) => {
            (local - Duration::seconds(i64::from(b.offset().fix().local_minus_utc()))).and_utc()
        }
        None => local.and_utc(),
    }
}

/// The span a shift with these local times has on `date`: the end on the same date when after
/// the start, else on the next (an overnight shift). Open-ended shifts get no end.
pub fn place_on(
    zone: Tz,
    date: NaiveDate,
    start: WallTime,
    end: WallTime,
    open_ended: bool,
) -> Span {
    let from = wall_instant(zone, date, start);
    if open_ended {
        return Span {
            start: from,
            end: from,
        };
    }
    let end_date = if end > start {
        date
    } else {
        date.succ_opt().unwrap_or(date)
    };
    let mut to = wall_instant(zone, end_date, end);
    if to <= from {
        // Both ends fell in the same skipped hour: keep the shift, however short, non-empty.
        to = from + Duration::minutes(1);
    }
    Span {
        start: from,
        end: to,
    }
}

/// Where a template shift lands in the range starting on `first`.
pub fn place(zone: Tz, first: NaiveDate, shift: &TemplateShift) -> Span {
    let date = first + Duration::days(i64::from(shift.day));
    place_on(zone, date, shift.start, shift.end, shift.open_ended)
}

/// A shift's local times, as a template keeps them: the day it starts on counted from `first`,
/// its start and end times. `None` when it starts before `first` or `days` or more after it.
pub fn capture(
    zone: Tz,
    first: NaiveDate,
    days: u8,
    span: Span,
) -> Option<(u8, WallTime, WallTime)> {
    let offset = (calendar::local_date(zone, span.start) - first).num_days();
    if offset < 0 || offset >= i64::from(days) {
        return None;
    }
    Some((
        u8::try_from(offset).ok()?,
        WallTime::of(zone, span.start),
        WallTime::of(zone, span.end),
    ))
}

/// The occurrence of `first` starting at `start`, keeping the local end time of `first` (and
/// how many days after its start it ends): a repeat, a move or a copy of a shift keeps its
/// wall-clock times and its real length follows. Falls back to `first`'s real length when the
/// local end would not come after the start (a start inside a skipped hour).
pub fn keep_wall_times(zone: Tz, first: Span, start: DateTime<Utc>) -> Span {
    if first.end <= first.start {
        return Span { start, end: start };
    }
    let days = calendar::local_date(zone, first.end) - calendar::local_date(zone, first.start);
    let date = calendar::local_date(zone, start) + days;
    let end = wall_instant(zone, date, WallTime::of(zone, first.end));
    if end > start {
        Span { start, end }
    } else {
        Span {
            start,
            end: start + (first.end - first.start),
        }
    }
}

/// The occurrence of `first` on another local date, with its local start and end times.
pub fn on_date(zone: Tz, first: Span, date: NaiveDate, open_ended: bool) -> Span {
    place_on(
        zone,
        date,
        WallTime::of(zone, first.start),
        WallTime::of(zone, first.end),
        open_ended || first.end <= first.start,
    )
}

/// Which rule a template shift breaks for its assignee: the buckets of the load checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Bucket {
    /// Conflicts with another shift of the employee.
    Shift,
    /// Falls on accepted time off.
    Timeoff,
    /// Outside the employee's availability.
    Availability,
    /// The employee does not hold the template shift's role.
    Role,
}

/// Why a template shift cannot go to its assignee.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub bucket: Bucket,
    pub message: String,
}

/// The load check of one placed template shift against its assignee: the role first (the
/// spec's template text), then `createShift`'s rules (conflicts, availability, time off).
pub fn check(zone: Tz, span: &Span, who: &Assignee<'_>) -> Result<(), Failure> {
    if !who.has_role {
        return Err(Failure {
            bucket: Bucket::Role,
            message: ROLE_MISMATCH.to_string(),
        });
    }
    schedule::check_create(zone, span, who).map_err(|e| Failure {
        bucket: match e {
            ShiftError::NotAvailable { .. } => Bucket::Availability,
            ShiftError::TimeOff { .. } => Bucket::Timeoff,
            ShiftError::RoleMismatch { .. } => Bucket::Role,
            _ => Bucket::Shift,
        },
        message: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::availability::Window;
    use crate::domain::time_off;
    use chrono_tz::{Europe::Berlin, UTC};

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).expect("valid")
    }

    fn utc(y: i32, mo: u32, d: u32, h: u32, mi: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, mo, d, h, mi, 0)
            .single()
            .expect("valid")
    }

    fn hm(h: u32, m: u32) -> WallTime {
        WallTime::hm(h, m).expect("valid")
    }

    fn local(span: Span) -> (String, String) {
        (
            calendar::hh_mm(Berlin, span.start),
            calendar::hh_mm(Berlin, span.end),
        )
    }

    // Europe/Berlin springs forward on 2026-03-29 (02:00 becomes 03:00) and falls back on
    // 2026-10-25 (03:00 becomes 02:00).

    #[test]
    fn an_overnight_shift_keeps_its_wall_times_on_the_spring_forward_night() {
        let s = place_on(Berlin, date(2026, 3, 28), hm(22, 0), hm(6, 0), false);
        assert_eq!(local(s), ("22:00".into(), "06:00".into()));
        assert_eq!(s.end - s.start, Duration::hours(7));
    }

    #[test]
    fn an_overnight_shift_keeps_its_wall_times_on_the_fall_back_night() {
        let s = place_on(Berlin, date(2026, 10, 24), hm(22, 0), hm(6, 0), false);
        assert_eq!(local(s), ("22:00".into(), "06:00".into()));
        assert_eq!(s.end - s.start, Duration::hours(9));
    }

    #[test]
    fn a_sunday_early_shift_keeps_its_wall_times_across_both_changes() {
        let spring = place_on(Berlin, date(2026, 3, 29), hm(1, 0), hm(5, 0), false);
        assert_eq!(local(spring), ("01:00".into(), "05:00".into()));
        assert_eq!(spring.end - spring.start, Duration::hours(3));
        let fall = place_on(Berlin, date(2026, 10, 25), hm(1, 0), hm(5, 0), false);
        assert_eq!(local(fall), ("01:00".into(), "05:00".into()));
        assert_eq!(fall.end - fall.start, Duration::hours(5));
    }

    #[test]
    fn a_skipped_time_moves_past_the_gap_and_a_doubled_one_is_its_first() {
        // 02:30 does not exist on the spring-forward night: 03:30 CEST (01:30 UTC).
        assert_eq!(
            wall_instant(Berlin, date(2026, 3, 29), hm(2, 30)),
            utc(2026, 3, 29, 1, 30)
        );
        // 02:30 happens twice on the fall-back night: the first is still summer time.
        assert_eq!(
            wall_instant(Berlin, date(2026, 10, 25), hm(2, 30)),
            utc(2026, 10, 25, 0, 30)
        );
        assert_eq!(
            wall_instant(UTC, date(2026, 3, 29), hm(2, 30)),
            utc(2026, 3, 29, 2, 30)
        );
    }

    #[test]
    fn a_weekly_repeat_keeps_the_first_ones_wall_times() {
        // 22:00-06:00 on Saturday 2026-03-21, repeated a week later at 22:00 local.
        let first = place_on(Berlin, date(2026, 3, 21), hm(22, 0), hm(6, 0), false);
        let next = keep_wall_times(Berlin, first, utc(2026, 3, 28, 21, 0));
        assert_eq!(local(next), ("22:00".into(), "06:00".into()));
        assert_eq!(next.end - next.start, Duration::hours(7));
        // Sunday 01:00-05:00, a week before the fall-back night.
        let first = place_on(Berlin, date(2026, 10, 18), hm(1, 0), hm(5, 0), false);
        let next = keep_wall_times(Berlin, first, utc(2026, 10, 24, 23, 0));
        assert_eq!(local(next), ("01:00".into(), "05:00".into()));
        assert_eq!(next.end - next.start, Duration::hours(5));
        // Onto a date, the same.
        let day = on_date(Berlin, first, date(2026, 10, 25), false);
        assert_eq!(day, next);
    }

    #[test]
    fn capture_and_place_round_trip_within_the_range() {
        let first = date(2026, 3, 22); // a Sunday
        let span = place_on(Berlin, date(2026, 3, 28), hm(22, 0), hm(6, 0), false);
        let (day, start, end) = capture(Berlin, first, 7, span).expect("in the week");
        assert_eq!((day, start, end), (6, hm(22, 0), hm(6, 0)));
        assert_eq!(capture(Berlin, date(2026, 3, 29), 7, span), None);
        assert_eq!(capture(Berlin, first, 1, span), None);
        let shift = TemplateShift {
            title: "Night".into(),
            day,
            start,
            end,
            role: None,
            assigned: None,
            open_ended: false,
            tasks: no_tasks(),
        };
        assert_eq!(place(Berlin, first, &shift), span);
    }

    #[test]
    fn wall_times_read_and_write_as_hh_mm() {
        assert_eq!("07:05".parse::<WallTime>(), Ok(hm(7, 5)));
        assert!("7:5pm".parse::<WallTime>().is_err());
        assert!("24:00".parse::<WallTime>().is_err());
        assert_eq!(hm(23, 59).to_string(), "23:59");
        assert_eq!(
            serde_json::to_value(hm(6, 0)).expect("json"),
            serde_json::json!("06:00")
        );
    }

    fn assignee<'a>(
        has_role: bool,
        others: &'a [Span],
        availability: &'a [Window],
        time_off: &'a [time_off::Span],
    ) -> Assignee<'a> {
        Assignee {
            name: "Ana",
            has_role,
            other_shifts: others,
            availability,
            time_off,
        }
    }

    #[test]
    fn the_role_is_checked_first_with_the_template_text() {
        let span = place_on(UTC, date(2026, 5, 4), hm(9, 0), hm(17, 0), false);
        let others = [span];
        let f = check(UTC, &span, &assignee(false, &others, &[], &[])).expect_err("refused");
        assert_eq!(f.bucket, Bucket::Role);
        assert_eq!(f.message, ROLE_MISMATCH);
    }

    #[test]
    fn conflicts_and_time_off_fall_in_their_buckets() {
        let span = place_on(UTC, date(2026, 5, 4), hm(9, 0), hm(17, 0), false);
        let clash = [place_on(UTC, date(2026, 5, 4), hm(16, 0), hm(20, 0), false)];
        let f = check(UTC, &span, &assignee(true, &clash, &[], &[])).expect_err("clash");
        assert_eq!(f.bucket, Bucket::Shift);
        assert!(f
            .message
            .starts_with("Ana has 1 other shift(s) from 16:00 to 20:00"));
        let off = [time_off::Span {
            start: utc(2026, 5, 4, 0, 0),
            end: utc(2026, 5, 4, 23, 59),
            entire_day: true,
        }];
        let f = check(UTC, &span, &assignee(true, &[], &[], &off)).expect_err("off");
        assert_eq!(f.bucket, Bucket::Timeoff);
        assert!(check(UTC, &span, &assignee(true, &[], &[], &[])).is_ok());
        // Touching shifts do not conflict.
        let before = [place_on(UTC, date(2026, 5, 4), hm(5, 0), hm(9, 0), false)];
        assert!(check(UTC, &span, &assignee(true, &before, &[], &[])).is_ok());
    }

    #[test]
    fn kinds_span_a_week_or_a_day() {
        assert_eq!(Kind::Weekly.days(), 7);
        assert_eq!(Kind::Daily.days(), 1);
        assert_eq!(Kind::parse("daily"), Some(Kind::Daily));
        assert_eq!(Kind::parse("monthly"), None);
    }
}
