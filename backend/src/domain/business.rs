//! Rules of a business (store): its kinds, opening hours, days off, time zone, and the wages
//! of its employees.

use chrono::{DateTime, Offset, TimeZone, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use uuid::Uuid;

/// The kinds of business the product offers at onboarding, in the spec's words.
pub const BUSINESS_KINDS: [&str; 10] = [
    "healthcare services",
    "hospitality and leisure",
    "personal care",
    "entertainment and recreation",
    "education and childcare",
    "transportation and storage",
    "repair and maintenance",
    "retail and consumer",
    "real estate and construction",
    "others",
];

crate::domain::schema::words_schema!(
    /// One of [`BUSINESS_KINDS`], for the API document.
    BusinessKind,
    BUSINESS_KINDS
);

/// Reads a business kind, forgiving case and `_`/`-` in place of spaces
/// (`"Personal_Care"` is `"personal care"`). Answers the spec's spelling.
pub fn parse_business_kind(input: &str) -> Option<&'static str> {
    let normal = input
        .trim()
        .to_lowercase()
        .replace(['_', '-'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    BUSINESS_KINDS.into_iter().find(|k| *k == normal)
}

/// A time of day as minutes after local midnight (0..=1439).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct TimeOfDay(u16);

impl TimeOfDay {
    pub const MINUTES_PER_DAY: u16 = 24 * 60;
    /// The form a time of day is answered in (`"09:05"`), as a JSON Schema pattern.
    pub const PATTERN: &'static str = "^([01][0-9]|2[0-3]):[0-5][0-9]$";
    /// The forms [`TimeOfDay::parse`] reads (`"09:05"`, `"9:05"`; spaces around are trimmed),
    /// as a JSON Schema pattern.
    pub const INPUT_PATTERN: &'static str = "^([01]?[0-9]|2[0-3]):[0-5][0-9]$";

    pub fn from_minutes(minutes: i32) -> Option<TimeOfDay> {
        u16::try_from(minutes)
            .ok()
            .filter(|m| *m < Self::MINUTES_PER_DAY)
            .map(TimeOfDay)
    }

    /// Parses `"HH:mm"` (a one-digit hour is accepted: `"9:05"`), 00:00 to 23:59.
    pub fn parse(input: &str) -> Option<TimeOfDay> {
        let (h, m) = input.trim().split_once(':')?;
        let digits = |s: &str, len: std::ops::RangeInclusive<usize>| {
            (len.contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse::<u16>().ok())
                .flatten()
        };
        let (h, m) = (digits(h, 1..=2)?, digits(m, 2..=2)?);
        (h < 24 && m < 60).then_some(TimeOfDay(h * 60 + m))
    }

    pub fn minutes(self) -> i32 {
        i32::from(self.0)
    }
}

impl fmt::Display for TimeOfDay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.0 / 60, self.0 % 60)
    }
}

/// A day named in a days-off list: a weekday number (0 = Sunday) or an English name.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum DayInput {
    Number(i64),
    Name(String),
}

/// Shortest abbreviation of a weekday name [`DayInput::weekday`] reads.
const WEEKDAY_ABBREVIATION: usize = 3;

impl DayInput {
    /// The names [`DayInput::weekday`] reads, as a JSON Schema pattern: an English weekday
    /// name or its first three letters or more, in any case (spaces around are trimmed).
    pub fn name_pattern() -> String {
        let any_case = |c: char| format!("[{}{}]", c.to_ascii_lowercase(), c.to_ascii_uppercase());
        let names: Vec<String> = WEEKDAYS
            .iter()
            .map(|day| {
                let (head, tail) = day.split_at(WEEKDAY_ABBREVIATION);
                let mut optional = String::new();
                for c in tail.chars().rev() {
                    optional = format!("(?:{}{optional})?", any_case(c));
                }
                format!(
                    "{}{optional}",
                    head.chars().map(any_case).collect::<String>()
                )
            })
            .collect();
        format!("^(?:{})$", names.join("|"))
    }
}

impl utoipa::PartialSchema for DayInput {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{
            KnownFormat, ObjectBuilder, OneOfBuilder, SchemaFormat, Type,
        };
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Integer)
                    .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
                    .minimum(Some(0))
                    .maximum(Some(WEEKDAYS.len() - 1))
                    .description(Some("Weekday number, 0 = Sunday.")),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .pattern(Some(DayInput::name_pattern()))
                    .description(Some(
                        "English weekday name or its first three letters or more, any case.",
                    )),
            )
            .into()
    }
}

impl utoipa::ToSchema for DayInput {}

const WEEKDAYS: [&str; 7] = [
    "sunday",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
];

impl DayInput {
    /// The weekday number, 0 = Sunday ... 6 = Saturday. Names may be abbreviated to three
    /// letters ("Mon").
    pub fn weekday(&self) -> Option<i16> {
        match self {
            DayInput::Number(n) => i16::try_from(*n).ok().filter(|n| (0..7).contains(n)),
            DayInput::Name(s) => {
                let s = s.trim().to_lowercase();
                if s.len() < WEEKDAY_ABBREVIATION {
                    return None;
                }
                WEEKDAYS
                    .iter()
                    .position(|d| d.starts_with(&s))
                    .and_then(|i| i16::try_from(i).ok())
            }
        }
    }
}

/// Days in a week: the most an availability window is on, each once.
pub const DAYS_IN_WEEK: usize = WEEKDAYS.len();
/// The most days off a store takes: one work day at least remains.
pub const DAYS_OFF_MAX: usize = DAYS_IN_WEEK - 1;

/// A weekday as the store's days off and availability windows hold it: 0 = Sunday ... 6 =
/// Saturday.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct WeekdayNumber(pub i16);

crate::domain::list::value_list!(
    /// Weekday numbers.
    WeekdayNumberList = WeekdayNumber,
    "WeekdayNumber",
    {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
            .minimum(Some(0))
            .maximum(Some(DAYS_IN_WEEK - 1))
    }
);

/// Why a days-off list was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DaysOffError {
    UnknownDay,
    NoWorkDay,
}

/// Days off as sorted, distinct weekday numbers. At least one work day must remain.
pub fn parse_days_off(days: &[DayInput]) -> Result<Vec<i16>, DaysOffError> {
    let mut out = days
        .iter()
        .map(|d| d.weekday().ok_or(DaysOffError::UnknownDay))
        .collect::<Result<Vec<_>, _>>()?;
    out.sort_unstable();
    out.dedup();
    if out.len() > DAYS_OFF_MAX {
        return Err(DaysOffError::NoWorkDay);
    }
    Ok(out)
}

/// Reads an IANA time zone name ("Europe/Berlin").
pub fn parse_zone(input: &str) -> Option<Tz> {
    input.trim().parse::<Tz>().ok()
}

/// The display label of a zone's offset at `now`, e.g. `"GMT+01:00"`.
pub fn zone_label(zone: Tz, now: DateTime<Utc>) -> String {
    let seconds = zone
        .offset_from_utc_datetime(&now.naive_utc())
        .fix()
        .local_minus_utc();
    let sign = if seconds < 0 { '-' } else { '+' };
    let minutes = seconds.unsigned_abs() / 60;
    format!("GMT{sign}{:02}:{:02}", minutes / 60, minutes % 60)
}

/// A wage for one role, for the API document: a number from 0 to [`MAX_WAGE`].
pub struct Wage;

impl utoipa::PartialSchema for Wage {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
            .minimum(Some(0.0))
            .maximum(Some(MAX_WAGE))
            .into()
    }
}

impl utoipa::ToSchema for Wage {}

/// How an employee is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum WageType {
    Hourly,
    Weekly,
}

impl WageType {
    pub const ALL: [WageType; 2] = [WageType::Hourly, WageType::Weekly];

    pub fn parse(s: &str) -> Option<WageType> {
        WageType::ALL.into_iter().find(|x| x.as_str() == s)
    }

    pub fn as_str(self) -> &'static str {
        match self {
            WageType::Hourly => "Hourly",
            WageType::Weekly => "Weekly",
        }
    }
}

/// The highest wage accepted for one role, to catch typing slips (and overflow in payroll).
pub const MAX_WAGE: f64 = 1_000_000.0;

/// Why a wage map was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WageError {
    /// A key is not a role id.
    BadRoleId(String),
    /// A wage is set for a role the employee does not hold.
    RoleNotHeld(Uuid),
    /// Negative, too large or not a finite number.
    OutOfRange(Uuid),
}

impl fmt::Display for WageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WageError::BadRoleId(k) => write!(f, "Wage key {k:?} is not a role id."),
            WageError::RoleNotHeld(r) => {
                write!(
                    f,
                    "A wage is given for role {r}, which the employee does not hold."
                )
            }
            WageError::OutOfRange(r) => {
                write!(
                    f,
                    "The wage for role {r} must be a number from 0 to {MAX_WAGE}."
                )
            }
        }
    }
}

/// Checks wages per role: every key a role the employee holds, every value in `0..=MAX_WAGE`.
pub fn validate_wages(
    wages: &BTreeMap<String, f64>,
    roles: &[Uuid],
) -> Result<BTreeMap<Uuid, f64>, WageError> {
    wages
        .iter()
        .map(|(k, v)| {
            let role = Uuid::parse_str(k.trim()).map_err(|_| WageError::BadRoleId(k.clone()))?;
            if !roles.contains(&role) {
                return Err(WageError::RoleNotHeld(role));
            }
            if !v.is_finite() || *v < 0.0 || *v > MAX_WAGE {
                return Err(WageError::OutOfRange(role));
            }
            Ok((role, *v))
        })
        .collect()
}

/// Keeps only the wages of roles still held, after an employee's roles changed.
pub fn retain_held_wages(wages: &BTreeMap<Uuid, f64>, roles: &[Uuid]) -> BTreeMap<Uuid, f64> {
    wages
        .iter()
        .filter(|(r, _)| roles.contains(r))
        .map(|(r, w)| (*r, *w))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn business_kinds_are_read_forgivingly_and_answered_in_the_spec_spelling() {
        assert_eq!(parse_business_kind("Personal_Care"), Some("personal care"));
        assert_eq!(
            parse_business_kind("  hospitality-and  LEISURE "),
            Some("hospitality and leisure")
        );
        assert_eq!(parse_business_kind("others"), Some("others"));
        assert_eq!(parse_business_kind("bakery"), None);
        assert_eq!(parse_business_kind(""), None);
    }

    #[test]
    fn times_of_day_parse_hh_mm_and_refuse_anything_else() {
        assert_eq!(TimeOfDay::parse("09:30").map(|t| t.minutes()), Some(570));
        assert_eq!(TimeOfDay::parse("9:05").map(|t| t.minutes()), Some(545));
        assert_eq!(TimeOfDay::parse("23:59").map(|t| t.minutes()), Some(1439));
        assert_eq!(TimeOfDay::parse("00:00").map(|t| t.minutes()), Some(0));
        for bad in [
            "24:00", "12:60", "12:5", "123:00", "12", "", "ab:cd", "-1:00", "12:00:00", "+1:00",
        ] {
            assert_eq!(TimeOfDay::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn times_of_day_print_as_hh_mm() {
        let t = TimeOfDay::parse("7:05").expect("valid");
        assert_eq!(t.to_string(), "07:05");
        assert_eq!(
            TimeOfDay::from_minutes(1439).map(|t| t.to_string()),
            Some("23:59".into())
        );
        assert_eq!(TimeOfDay::from_minutes(1440), None);
        assert_eq!(TimeOfDay::from_minutes(-1), None);
    }

    #[test]
    fn days_off_take_numbers_or_names_and_keep_one_work_day() {
        let days = [
            DayInput::Number(6),
            DayInput::Name("Sun".into()),
            DayInput::Number(6),
        ];
        assert_eq!(parse_days_off(&days), Ok(vec![0, 6]));
        assert_eq!(
            parse_days_off(&[DayInput::Number(7)]),
            Err(DaysOffError::UnknownDay)
        );
        assert_eq!(
            parse_days_off(&[DayInput::Name("Funday".into())]),
            Err(DaysOffError::UnknownDay)
        );
        let all: Vec<_> = (0..7).map(DayInput::Number).collect();
        assert_eq!(parse_days_off(&all), Err(DaysOffError::NoWorkDay));
        assert_eq!(parse_days_off(&[]), Ok(vec![]));
    }

    #[test]
    fn zones_are_iana_names_and_labels_follow_daylight_saving() {
        let berlin = parse_zone("Europe/Berlin").expect("known zone");
        let winter = Utc
            .with_ymd_and_hms(2026, 1, 15, 12, 0, 0)
            .single()
            .expect("date");
        let summer = Utc
            .with_ymd_and_hms(2026, 7, 15, 12, 0, 0)
            .single()
            .expect("date");
        assert_eq!(zone_label(berlin, winter), "GMT+01:00");
        assert_eq!(zone_label(berlin, summer), "GMT+02:00");
        let kolkata = parse_zone("Asia/Kolkata").expect("known zone");
        assert_eq!(zone_label(kolkata, winter), "GMT+05:30");
        let ny = parse_zone("America/New_York").expect("known zone");
        assert_eq!(zone_label(ny, winter), "GMT-05:00");
        for bad in ["Mars/Olympus", "GMT+01:00", "", "'; DROP TABLE stores; --"] {
            assert!(parse_zone(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn wages_must_name_held_roles_with_sane_amounts() {
        let a = Uuid::now_v7();
        let b = Uuid::now_v7();
        let mut wages = BTreeMap::new();
        wages.insert(a.to_string(), 12.5);
        assert_eq!(
            validate_wages(&wages, &[a, b]).map(|w| w.get(&a).copied()),
            Ok(Some(12.5))
        );
        assert_eq!(validate_wages(&wages, &[b]), Err(WageError::RoleNotHeld(a)));
        wages.insert(a.to_string(), -1.0);
        assert_eq!(validate_wages(&wages, &[a]), Err(WageError::OutOfRange(a)));
        wages.insert(a.to_string(), MAX_WAGE + 1.0);
        assert_eq!(validate_wages(&wages, &[a]), Err(WageError::OutOfRange(a)));
        let mut bad = BTreeMap::new();
        bad.insert("not-a-role".to_string(), 1.0);
        assert!(matches!(
            validate_wages(&bad, &[a]),
            Err(WageError::BadRoleId(_))
        ));
    }

    #[test]
    fn wages_of_dropped_roles_are_forgotten() {
        let a = Uuid::now_v7();
        let b = Uuid::now_v7();
        let wages = BTreeMap::from([(a, 10.0), (b, 20.0)]);
        assert_eq!(retain_held_wages(&wages, &[b]), BTreeMap::from([(b, 20.0)]));
    }

    fn pattern(p: &str) -> regex_lite::Regex {
        regex_lite::Regex::new(p).expect("valid pattern")
    }

    #[test]
    fn every_time_of_day_is_answered_in_the_documented_form_and_read_back() {
        let answered = pattern(TimeOfDay::PATTERN);
        let read = pattern(TimeOfDay::INPUT_PATTERN);
        for m in 0..i32::from(TimeOfDay::MINUTES_PER_DAY) {
            let text = TimeOfDay::from_minutes(m).expect("in the day").to_string();
            assert!(answered.is_match(&text), "{text}");
            assert!(read.is_match(&text), "{text}");
        }
    }

    #[test]
    fn every_abbreviation_of_a_weekday_matches_the_documented_pattern() {
        let names = pattern(&DayInput::name_pattern());
        for (number, day) in WEEKDAYS.iter().enumerate() {
            for len in WEEKDAY_ABBREVIATION..=day.len() {
                for name in [day[..len].to_string(), day[..len].to_uppercase()] {
                    assert!(names.is_match(&name), "{name}");
                    let read = DayInput::Name(name.clone()).weekday();
                    assert_eq!(read.and_then(|d| usize::try_from(d).ok()), Some(number));
                }
            }
        }
    }

    proptest::proptest! {
        /// The document's pattern of a time of day reads exactly what the parser reads, for
        /// texts without spaces around (which the parser trims).
        #[test]
        fn the_time_of_day_pattern_is_the_parser(text in "[0-9:+-]{0,6}") {
            let documented = pattern(TimeOfDay::INPUT_PATTERN).is_match(&text);
            proptest::prop_assert_eq!(documented, TimeOfDay::parse(&text).is_some(), "{}", text);
        }

        /// The document's pattern of a weekday name reads exactly the names the parser reads.
        #[test]
        fn the_weekday_name_pattern_is_the_parser(text in "[a-zA-Z]{0,4}|(?i)(mon|tue|wed|thu|fri|sat|sun)[a-z]{0,6}") {
            let documented = pattern(&DayInput::name_pattern()).is_match(&text);
            let read = DayInput::Name(text.clone()).weekday().is_some();
            proptest::prop_assert_eq!(documented, read, "{}", text);
        }
    }
}
