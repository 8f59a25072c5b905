//! Demo requests from the public site: a demo is a 15-minute slot starting on a quarter hour,
//! in the future and at most 60 days ahead; the contact page offers the coming weekdays'
//! quarter hours within the sales team's hours; one e-mail address asks for a few a day.

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Timelike, Utc, Weekday};
use std::collections::BTreeSet;

/// What a demo request asks for: the spec's one category of `userSubmission`.
pub const CATEGORY: &str = "demo";
/// The longest name and phone number a request gives.
pub const NAME_MAX: usize = 120;
pub const PHONE_MAX: usize = 40;

/// How long a demo lasts (the spec's demo slot).
pub const SLOT_MINUTES: i64 = 15;
/// How far ahead a demo may be asked for.
pub const MAX_DAYS_AHEAD: i64 = 60;
/// Demo requests one e-mail address may make in a day.
pub const REQUESTS_PER_EMAIL_PER_DAY: i64 = 3;
/// Weekdays the contact page offers, from tomorrow (UTC) on.
pub const OFFERED_WEEKDAYS: usize = 10;
/// The hours the contact page offers, in UTC: the first demo starts at `OFFERED_FROM`, the
/// last one ends at `OFFERED_UNTIL` (office hours from Europe's morning to America's east
/// coast's early afternoon).
pub const OFFERED_FROM: u32 = 9;
pub const OFFERED_UNTIL: u32 = 17;

/// Why a demo's start was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotRefusal {
    /// Not on a quarter hour (:00, :15, :30 or :45, no seconds).
    OffQuarter,
    /// Now or already gone.
    Past,
    /// More than [`MAX_DAYS_AHEAD`] days ahead.
    TooFar,
}

/// A demo's slot, checked: starts on a quarter hour, after `now`, at most 60 days ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Slot(DateTime<Utc>);

impl Slot {
    pub fn new(start: DateTime<Utc>, now: DateTime<Utc>) -> Result<Slot, SlotRefusal> {
        let on_quarter =
            start.minute().is_multiple_of(15) && start.second() == 0 && start.nanosecond() == 0;
        if !on_quarter {
            return Err(SlotRefusal::OffQuarter);
        }
        if start <= now {
            return Err(SlotRefusal::Past);
        }
        if start > now + Duration::days(MAX_DAYS_AHEAD) {
            return Err(SlotRefusal::TooFar);
        }
        Ok(Slot(start))
    }

    pub fn start(self) -> DateTime<Utc> {
        self.0
    }

    pub fn end(self) -> DateTime<Utc> {
        self.0 + Duration::minutes(SLOT_MINUTES)
    }
}

/// One day of the contact page's picker: its date (UTC) and the free starts on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OfferedDay {
    pub date: NaiveDate,
    pub starts: Vec<Slot>,
}

/// The slots the contact page offers at `now`: the quarter hours within the sales team's
/// hours of the next [`OFFERED_WEEKDAYS`] weekdays after today (UTC), less those `taken`.
pub fn offered(now: DateTime<Utc>, taken: &BTreeSet<DateTime<Utc>>) -> Vec<OfferedDay> {
    let weekdays = now
        .date_naive()
        .iter_days()
        .skip(1)
        .filter(|d| !matches!(d.weekday(), Weekday::Sat | Weekday::Sun))
        .take(OFFERED_WEEKDAYS);
    let per_day = (OFFERED_UNTIL - OFFERED_FROM) as i64 * 60 / SLOT_MINUTES;
    weekdays
        .map(|date| {
            let first =
                date.and_time(NaiveTime::MIN).and_utc() + Duration::hours(OFFERED_FROM.into());
            let starts = (0..per_day)
                .map(|n| first + Duration::minutes(n * SLOT_MINUTES))
                .filter(|start| !taken.contains(start))
                .filter_map(|start| Slot::new(start, now).ok())
                .collect();
            OfferedDay { date, starts }
        })
        .filter(|day| !day.starts.is_empty())
        .collect()
}

/// The sales team's mail of a request for the demo at `start`: its subject and text, the
/// slot in UTC.
pub fn sales_mail(name: &str, email: &str, phone: &str, start: DateTime<Utc>) -> (String, String) {
    let end = start + Duration::minutes(SLOT_MINUTES);
    let day = start.format("%A %-d %B %Y");
    let (from, to) = (start.format("%H:%M"), end.format("%H:%M"));
    let subject = format!("Demo request: {name}, {day} {from} UTC");
    let body = format!(
        "{name} asks for a demo of Clockto.\n\n\
         When:   {day}, {from}-{to} UTC ({SLOT_MINUTES} minutes)\n\
         Name:   {name}\n\
         E-mail: {email}\n\
         Phone:  {phone}\n\n\
         Reply to this mail to write to them.\n"
    );
    (subject, body)
}

/// Whether an address that made `made_today` requests in the last day may make another.
pub fn may_request(made_today: i64) -> bool {
    made_today < REQUESTS_PER_EMAIL_PER_DAY
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(y, m, d, h, min, 0)
            .single()
            .expect("a time")
    }

    #[test]
    fn a_slot_starts_on_a_quarter_hour() {
        let now = at(2026, 12, 7, 10, 3);
        for minute in [0, 15, 30, 45] {
            assert!(Slot::new(at(2026, 12, 8, 9, minute), now).is_ok());
        }
        for minute in [1, 10, 14, 59] {
            assert_eq!(
                Slot::new(at(2026, 12, 8, 9, minute), now),
                Err(SlotRefusal::OffQuarter)
            );
        }
        let with_seconds = at(2026, 12, 8, 9, 15) + Duration::seconds(1);
        assert_eq!(Slot::new(with_seconds, now), Err(SlotRefusal::OffQuarter));
        let with_millis = at(2026, 12, 8, 9, 15) + Duration::milliseconds(1);
        assert_eq!(Slot::new(with_millis, now), Err(SlotRefusal::OffQuarter));
        let slot = Slot::new(at(2026, 12, 8, 9, 45), now).expect("a slot");
        assert_eq!(slot.end(), at(2026, 12, 8, 10, 0));
    }

    #[test]
    fn a_slot_lies_after_now_and_at_most_sixty_days_ahead() {
        let now = at(2026, 12, 7, 10, 15);
        assert_eq!(Slot::new(now, now), Err(SlotRefusal::Past));
        assert_eq!(
            Slot::new(at(2026, 12, 7, 10, 0), now),
            Err(SlotRefusal::Past)
        );
        assert!(Slot::new(at(2026, 12, 7, 10, 30), now).is_ok());
        let last = now + Duration::days(MAX_DAYS_AHEAD);
        assert!(Slot::new(last, now).is_ok());
        assert_eq!(
            Slot::new(last + Duration::minutes(15), now),
            Err(SlotRefusal::TooFar)
        );
    }

    #[test]
    fn the_picker_offers_the_next_weekdays_office_quarter_hours() {
        // A Friday afternoon: the next weekdays start on Monday.
        let now = at(2026, 12, 11, 16, 0);
        let days = offered(now, &BTreeSet::new());
        assert_eq!(days.len(), OFFERED_WEEKDAYS);
        assert_eq!(
            days[0].date,
            NaiveDate::from_ymd_opt(2026, 12, 14).expect("a date")
        );
        assert!(days
            .iter()
            .all(|d| !matches!(d.date.weekday(), Weekday::Sat | Weekday::Sun)));
        assert_eq!(days[0].starts.len(), 32);
        assert_eq!(days[0].starts[0].start(), at(2026, 12, 14, 9, 0));
        assert_eq!(days[0].starts[31].end(), at(2026, 12, 14, 17, 0));
        // Every slot offered is one the rule takes.
        for day in &days {
            for slot in &day.starts {
                assert_eq!(Slot::new(slot.start(), now), Ok(*slot));
            }
        }
    }

    #[test]
    fn the_picker_leaves_out_taken_slots() {
        let now = at(2026, 12, 7, 8, 0);
        let taken = BTreeSet::from([at(2026, 12, 8, 9, 0), at(2026, 12, 8, 9, 30)]);
        let days = offered(now, &taken);
        let first: Vec<DateTime<Utc>> = days[0].starts.iter().map(|s| s.start()).collect();
        assert_eq!(first.len(), 30);
        assert!(!first.contains(&at(2026, 12, 8, 9, 0)));
        assert_eq!(first[0], at(2026, 12, 8, 9, 15));
    }

    #[test]
    fn the_sales_mail_gives_the_requester_and_the_slot_in_utc() {
        let start = at(2026, 12, 8, 16, 45);
        let (subject, body) = sales_mail("Dana Demo", "dana@example.com", "+49 30 1234567", start);
        assert_eq!(
            subject,
            "Demo request: Dana Demo, Tuesday 8 December 2026 16:45 UTC"
        );
        assert!(body.contains("When:   Tuesday 8 December 2026, 16:45-17:00 UTC (15 minutes)"));
        assert!(body.contains("E-mail: dana@example.com"));
        assert!(body.contains("Phone:  +49 30 1234567"));
    }

    #[test]
    fn an_address_asks_for_three_demos_a_day() {
        assert!(may_request(0));
        assert!(may_request(REQUESTS_PER_EMAIL_PER_DAY - 1));
        assert!(!may_request(REQUESTS_PER_EMAIL_PER_DAY));
    }
}
