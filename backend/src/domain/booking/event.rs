//! What a bookable event may be: its title, its daily window of sessions on its first day and
//! the days it repeats, the spec's session durations, its capacity and rooms, how far ahead
//! and how late clients may book, and its public address.

use crate::domain::booking::repeat::Repeat;
use crate::domain::template::WallTime;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use chrono_tz::Tz;

/// The spec's session durations, in minutes.
pub const DURATIONS: [u16; 4] = [15, 30, 45, 60];
/// Clients one session takes at most.
pub const CAPACITY_MAX: u16 = 500;
/// Sessions that may run side by side at one time, each with its own employee.
pub const ROOMS_MAX: u16 = 50;
/// How far ahead bookings may open, in minutes (a year).
pub const BOOK_AHEAD_MAX: u32 = 366 * 24 * 60;
/// How late before a session bookings may close, in minutes (a week).
pub const BOOK_UNTIL_MAX: u32 = 7 * 24 * 60;
/// Bookings open 30 days ahead unless the event says otherwise.
pub const BOOK_AHEAD_DEFAULT: u32 = 30 * 24 * 60;
pub const TITLE_MAX: usize = 120;
pub const SLUG_MIN: usize = 3;
pub const SLUG_MAX: usize = 64;

pub use super::refusal::EventError;

/// The definition as a manager sends it, before checking.
#[derive(Debug, Clone)]
pub struct Sent {
    pub title: String,
    /// The first day's first session start, epoch milliseconds.
    pub start: i64,
    /// The first day's last session end.
    pub end: i64,
    pub repeat: Option<Repeat>,
    pub session_minutes: u16,
    pub capacity: u16,
    pub rooms: u16,
    pub book_ahead_minutes: Option<u32>,
    pub book_until_minutes: u32,
    pub choose_employee: bool,
    pub slug: Option<String>,
}

/// A checked definition: the daily window in the store's wall times.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Definition {
    pub title: String,
    pub first_day: NaiveDate,
    pub opens: WallTime,
    pub closes: WallTime,
    pub repeat: Option<Repeat>,
    pub session_minutes: u16,
    pub capacity: u16,
    pub rooms: u16,
    pub book_ahead_minutes: u32,
    pub book_until_minutes: u32,
    pub choose_employee: bool,
    /// None: the caller makes one from the title.
    pub slug: Option<String>,
}

/// Event times are rounded to the minute (the spec's constant): to the nearest one.
pub fn round_to_minute(ms: i64) -> i64 {
    ms.saturating_add(30_000).div_euclid(60_000) * 60_000
}

impl Definition {
    pub fn check(sent: Sent, zone: Tz) -> Result<Definition, EventError> {
        let title = sent.title.trim().to_string();
        if title.is_empty() {
            return Err(EventError::required("title", "Title"));
        }
        if title.chars().count() > TITLE_MAX {
            return Err(EventError::new(
                "too_long",
                "title",
                format!("Title must be at most {TITLE_MAX} characters."),
            ));
        }
        let instant = |ms: i64, field: &'static str| {
            DateTime::<Utc>::from_timestamp_millis(round_to_minute(ms))
                .filter(|t| (1970..=2200).contains(&chrono::Datelike::year(t)))
                .ok_or_else(|| EventError::new("out_of_range", field, "The time is out of range."))
        };
        let start = instant(sent.start, "start")?;
        let end = instant(sent.end, "end")?;
        if end <= start {
            return Err(EventError::new(
                "start_after_end",
                "end",
                crate::domain::schedule::START_BEFORE_END,
            ));
        }
        let first_day = crate::domain::calendar::local_date(zone, start);
        let (opens, closes) = (WallTime::of(zone, start), WallTime::of(zone, end));
        if crate::domain::calendar::local_date(zone, end) != first_day || closes <= opens {
            return Err(EventError::new(
                "window_one_day",
                "end",
                "Sessions of an event start and end on the same day.",
            ));
        }
        if !DURATIONS.contains(&sent.session_minutes) {
            return Err(EventError::new(
                "invalid_duration",
                "sessionDuration",
                "A session lasts 15, 30, 45 or 60 minutes.",
            ));
        }
        if (closes.0 - opens.0) < Duration::minutes(i64::from(sent.session_minutes)) {
            return Err(EventError::new(
                "window_too_short",
                "end",
                "The time between start and end must hold at least one session.",
            ));
        }
        if !(1..=CAPACITY_MAX).contains(&sent.capacity) {
            return Err(EventError::new(
                "invalid_capacity",
                "capacity",
                format!("A session takes 1 to {CAPACITY_MAX} clients."),
            ));
        }
        if !(1..=ROOMS_MAX).contains(&sent.rooms) {
            return Err(EventError::new(
                "invalid_rooms",
                "maxRoomsPerSession",
                format!("An event runs 1 to {ROOMS_MAX} sessions at a time."),
            ));
        }
        let book_ahead_minutes = sent.book_ahead_minutes.unwrap_or(BOOK_AHEAD_DEFAULT);
        if !(1..=BOOK_AHEAD_MAX).contains(&book_ahead_minutes) {
            return Err(EventError::new(
                "invalid_window",
                "reservationWindowStart",
                "Bookings open between a minute and a year ahead.",
            ));
        }
        if sent.book_until_minutes > BOOK_UNTIL_MAX || sent.book_until_minutes >= book_ahead_minutes
        {
            return Err(EventError::new(
                "invalid_window",
                "reservationWindowEnd",
                "Bookings close at most a week before a session, and after they open.",
            ));
        }
        if let Some(repeat) = &sent.repeat {
            repeat.check(first_day)?;
        }
        let slug = match sent.slug.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(s) => Some(check_slug(s)?),
        };
        Ok(Definition {
            title,
            first_day,
            opens,
            closes,
            repeat: sent.repeat,
            session_minutes: sent.session_minutes,
            capacity: sent.capacity,
            rooms: sent.rooms,
            book_ahead_minutes,
            book_until_minutes: sent.book_until_minutes,
            choose_employee: sent.choose_employee,
            slug,
        })
    }
}

/// A public address: lower-case letters, digits and inner hyphens.
pub fn check_slug(s: &str) -> Result<String, EventError> {
    let s = s.to_lowercase();
    let fine = (SLUG_MIN..=SLUG_MAX).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        && !s.starts_with('-')
        && !s.ends_with('-');
    if fine {
        Ok(s)
    } else {
        Err(EventError::new(
            "invalid_url",
            "url",
            format!(
                "The address takes {SLUG_MIN} to {SLUG_MAX} lower-case letters, digits and hyphens."
            ),
        ))
    }
}

/// An address made from a title and a random suffix (so two events of one title differ and
/// none can be guessed from another).
pub fn slug_of(title: &str, suffix: &str) -> String {
    let mut out = String::new();
    for c in title.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
        if out.len() >= 40 {
            break;
        }
    }
    let base = out.trim_end_matches('-');
    if base.is_empty() {
        format!("event-{suffix}")
    } else {
        format!("{base}-{suffix}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::booking::repeat::Frequency;
    use chrono::TimeZone;
    use chrono_tz::Europe::Berlin;

    fn ms(h: u32, m: u32) -> i64 {
        Berlin
            .with_ymd_and_hms(2026, 6, 1, h, m, 0)
            .single()
            .expect("as set up")
            .timestamp_millis()
    }

    fn sent() -> Sent {
        Sent {
            title: " Haircut ".into(),
            start: ms(9, 0),
            end: ms(12, 0),
            repeat: None,
            session_minutes: 30,
            capacity: 1,
            rooms: 2,
            book_ahead_minutes: None,
            book_until_minutes: 60,
            choose_employee: true,
            slug: None,
        }
    }

    fn refused(s: Sent) -> &'static str {
        Definition::check(s, Berlin).expect_err("refused").code
    }

    #[test]
    fn a_definition_keeps_its_wall_times() {
        let d = Definition::check(sent(), Berlin).expect("as set up");
        assert_eq!(d.title, "Haircut");
        assert_eq!(
            d.first_day,
            NaiveDate::from_ymd_opt(2026, 6, 1).expect("as set up")
        );
        assert_eq!(d.opens.to_string(), "09:00");
        assert_eq!(d.closes.to_string(), "12:00");
        assert_eq!(d.book_ahead_minutes, BOOK_AHEAD_DEFAULT);
    }

    #[test]
    fn times_round_to_the_minute() {
        assert_eq!(round_to_minute(ms(9, 0) + 29_999), ms(9, 0));
        assert_eq!(round_to_minute(ms(9, 0) + 30_000), ms(9, 1));
        let d = Definition::check(
            Sent {
                start: ms(9, 0) + 20_000,
                ..sent()
            },
            Berlin,
        )
        .expect("as set up");
        assert_eq!(d.opens.to_string(), "09:00");
    }

    #[test]
    fn each_rule_has_its_refusal() {
        assert_eq!(
            Definition::check(
                Sent {
                    title: "  ".into(),
                    ..sent()
                },
                Berlin
            )
            .expect_err("refused")
            .message,
            "Title is required."
        );
        assert_eq!(
            refused(Sent {
                title: "x".repeat(121),
                ..sent()
            }),
            "too_long"
        );
        assert_eq!(
            refused(Sent {
                end: ms(9, 0),
                ..sent()
            }),
            "start_after_end"
        );
        assert_eq!(
            refused(Sent {
                end: ms(23, 59) + 3_600_000,
                ..sent()
            }),
            "window_one_day"
        );
        assert_eq!(
            refused(Sent {
                session_minutes: 20,
                ..sent()
            }),
            "invalid_duration"
        );
        assert_eq!(
            refused(Sent {
                end: ms(9, 45),
                session_minutes: 60,
                ..sent()
            }),
            "window_too_short"
        );
        assert_eq!(
            refused(Sent {
                capacity: 0,
                ..sent()
            }),
            "invalid_capacity"
        );
        assert_eq!(refused(Sent { rooms: 0, ..sent() }), "invalid_rooms");
        assert_eq!(
            refused(Sent {
                rooms: ROOMS_MAX + 1,
                ..sent()
            }),
            "invalid_rooms"
        );
        assert_eq!(
            refused(Sent {
                book_ahead_minutes: Some(0),
                ..sent()
            }),
            "invalid_window"
        );
        assert_eq!(
            refused(Sent {
                book_ahead_minutes: Some(30),
                book_until_minutes: 30,
                ..sent()
            }),
            "invalid_window"
        );
        assert_eq!(
            refused(Sent {
                start: i64::MAX,
                ..sent()
            }),
            "out_of_range"
        );
        assert_eq!(
            refused(Sent {
                slug: Some("-bad".into()),
                ..sent()
            }),
            "invalid_url"
        );
        let bad_repeat = Repeat {
            frequency: Frequency::Weekly,
            interval: 0,
            weekdays: vec![],
            until: None,
            count: None,
        };
        assert_eq!(
            refused(Sent {
                repeat: Some(bad_repeat),
                ..sent()
            }),
            "invalid_repeat"
        );
        for d in DURATIONS {
            assert!(Definition::check(
                Sent {
                    session_minutes: d,
                    ..sent()
                },
                Berlin
            )
            .is_ok());
        }
    }

    #[test]
    fn addresses() {
        assert_eq!(check_slug("Cuts-2026").expect("as set up"), "cuts-2026");
        assert!(check_slug("ab").is_err());
        assert!(check_slug("a b c").is_err());
        assert!(check_slug(&"a".repeat(65)).is_err());
        assert_eq!(slug_of("Hair cut & Beard!", "x7k2"), "hair-cut-beard-x7k2");
        assert_eq!(slug_of("قص الشعر", "x7k2"), "event-x7k2");
        assert!(check_slug(&slug_of(&"long title ".repeat(20), "abcdef")).is_ok());
    }
}
