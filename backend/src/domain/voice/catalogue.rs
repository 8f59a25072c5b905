//! The assistant's words in each language: a [`Message`] said in English, German, Spanish or
//! Persian, from data files (`catalogue/<code>.json`) read once. A file holds the language's
//! sentences with `{name}` placeholders (`_one` and `_other` forms where a count decides),
//! its names of days and months, its digits and decimal separator, and its clock: English
//! says "9 AM" and "noon", the others the 24-hour time their screens show. Names and role
//! titles are the store's, said as written.

use crate::domain::language::{with_digits, Language};
use crate::domain::placeholders::fill;
use crate::domain::voice::answer::Answer;
use crate::domain::voice::intent::Part;
use crate::domain::voice::message::{
    Absent, Dates, DayRef, Dropped, Group, Listed, Message, MyRequest, MyShiftNote, OnClock,
    OpenShift, OpenWhen, Span,
};
use chrono::{Datelike, NaiveDate, NaiveTime, Timelike, Weekday};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::LazyLock;

/// How a language tells the time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
enum Clock {
    /// "9 AM", "5:30 PM", "noon", "midnight".
    #[serde(rename = "12h")]
    Twelve,
    /// "17:30", a whole hour without its minutes.
    #[serde(rename = "24h")]
    TwentyFour,
}

/// One language's words.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Catalogue {
    clock: Clock,
    /// The ten digits, zero first.
    digits: String,
    decimal: String,
    /// Whether a role's title is said in lower case inside a sentence ("as barista").
    lowercase_roles: bool,
    /// Monday first.
    weekdays: [String; 7],
    months: [String; 12],
    texts: HashMap<String, String>,
}

fn read(language: Language, json: &str) -> Catalogue {
    serde_json::from_str(json)
        // Checked by the tests for every file: a failure here is a broken build.
        .unwrap_or_else(|e| panic!("voice/catalogue/{}.json: {e}", language.as_str()))
}

static EN: LazyLock<Catalogue> =
    LazyLock::new(|| read(Language::En, include_str!("catalogue/en.json")));
static DE: LazyLock<Catalogue> =
    LazyLock::new(|| read(Language::De, include_str!("catalogue/de.json")));
static ES: LazyLock<Catalogue> =
    LazyLock::new(|| read(Language::Es, include_str!("catalogue/es.json")));
static FA: LazyLock<Catalogue> =
    LazyLock::new(|| read(Language::Fa, include_str!("catalogue/fa.json")));

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_uppercase().collect::<String>() + chars.as_str()
    })
}

impl Catalogue {
    /// The words of `language`.
    pub fn of(language: Language) -> &'static Catalogue {
        match language {
            Language::En => &EN,
            Language::De => &DE,
            Language::Es => &ES,
            Language::Fa => &FA,
        }
    }

    /// What the assistant says to a command: the answer, and when an action waits, the call
    /// to confirm it.
    pub fn answer(&self, answer: &Answer) -> String {
        let said = self.say(&answer.say);
        match answer.action {
            Some(_) => format!("{said} {}", self.t("confirm")),
            None => said,
        }
    }

    /// A message as a sentence (or a few).
    pub fn say(&self, message: &Message) -> String {
        if let Message::Refused(text) = message {
            // The spec's refusal, word for word.
            return text.clone();
        }
        capitalise(&self.sentence(message))
    }

    /// A text of the file: English's if the file lacked it (the tests see that none does).
    fn t<'a>(&'a self, key: &'a str) -> &'a str {
        self.texts
            .get(key)
            .or_else(|| EN.texts.get(key))
            .map_or(key, String::as_str)
    }

    fn fill(&self, key: &str, values: &[(&str, &str)]) -> String {
        fill(self.t(key), values)
    }

    /// `key_one` or `key_other` by `count`, its `{count}` filled.
    fn count(&self, key: &str, count: usize, values: &[(&str, &str)]) -> String {
        let form = if count == 1 { "one" } else { "other" };
        let n = self.number(count);
        let mut all = vec![("count", n.as_str())];
        all.extend_from_slice(values);
        self.fill(&format!("{key}_{form}"), &all)
    }

    /// `text` with its ASCII digits in the language's.
    fn digits(&self, text: &str) -> String {
        with_digits(text, &self.digits)
    }

    fn number(&self, n: impl std::fmt::Display) -> String {
        self.digits(&n.to_string())
    }

    fn role(&self, title: &str) -> String {
        if self.lowercase_roles {
            title.to_lowercase()
        } else {
            title.to_string()
        }
    }

    // Times and days ---------------------------------------------------------------------

    pub fn time(&self, at: NaiveTime) -> String {
        let (h, m) = (at.hour(), at.minute());
        let mm = self.digits(&format!("{m:02}"));
        let said = |h: u32| {
            let one = if h == 1 { "_one" } else { "" };
            let key = if m == 0 { "time_hour" } else { "time_minutes" };
            self.fill(
                &format!("{key}{one}"),
                &[("h", &self.number(h)), ("mm", &mm)],
            )
        };
        match (self.clock, h, m) {
            (Clock::TwentyFour, ..) => said(h),
            (Clock::Twelve, 0, 0) => self.t("midnight").to_string(),
            (Clock::Twelve, 12, 0) => self.t("noon").to_string(),
            (Clock::Twelve, ..) => {
                let half = if h < 12 { "time_am" } else { "time_pm" };
                let h12 = match h % 12 {
                    0 => 12,
                    h => h,
                };
                self.fill(half, &[("time", &said(h12))])
            }
        }
    }

    fn span(&self, span: Span) -> String {
        let from = self.time(span.from);
        match span.to {
            Some(to) => self.fill("span", &[("from", &from), ("to", &self.time(to))]),
            None => self.fill("span_open", &[("from", &from)]),
        }
    }

    fn weekday(&self, day: Weekday) -> &str {
        &self.weekdays[day.num_days_from_monday() as usize]
    }

    pub fn day(&self, day: DayRef) -> String {
        match day {
            DayRef::Today => self.t("today").to_string(),
            DayRef::Tomorrow => self.t("tomorrow").to_string(),
            DayRef::Yesterday => self.t("yesterday").to_string(),
            DayRef::Weekday(w) => self.fill("on_weekday", &[("weekday", self.weekday(w))]),
            DayRef::Date(date) => self.fill(
                "on_date",
                &[
                    ("weekday", self.weekday(date.weekday())),
                    ("month", &self.months[date.month0() as usize]),
                    ("day", &self.number(date.day())),
                ],
            ),
        }
    }

    fn date(&self, date: NaiveDate) -> String {
        self.fill(
            "date",
            &[
                ("month", &self.months[date.month0() as usize]),
                ("day", &self.number(date.day())),
            ],
        )
    }

    fn dates(&self, dates: Dates) -> String {
        if dates.first == dates.last {
            self.fill("dates_one", &[("date", &self.date(dates.first))])
        } else {
            self.fill(
                "dates_range",
                &[
                    ("from", &self.date(dates.first)),
                    ("to", &self.date(dates.last)),
                ],
            )
        }
    }

    fn when(&self, day: DayRef, part: Option<Part>) -> String {
        let day = self.day(day);
        let Some(part) = part else { return day };
        let part = match part {
            Part::Morning => "part_morning",
            Part::Afternoon => "part_afternoon",
            Part::Evening => "part_evening",
            Part::Night => "part_night",
        };
        self.fill("when_part", &[("day", &day), ("part", self.t(part))])
    }

    fn open_when(&self, when: OpenWhen) -> String {
        match when {
            OpenWhen::Day(day) => self.day(day),
            OpenWhen::ComingWeek => self.t("coming_week").to_string(),
        }
    }

    /// An amount in a currency (ISO 4217), two decimals.
    pub fn money(&self, amount: f64, currency: &str) -> String {
        let amount = self.digits(&format!("{amount:.2}").replace('.', &self.decimal));
        let key = format!("money_{}", currency.to_ascii_uppercase());
        match self.texts.get(&key) {
            Some(template) => fill(template, &[("amount", &amount)]),
            None => self.fill("money", &[("amount", &amount), ("code", currency)]),
        }
    }

    // Lists --------------------------------------------------------------------------------

    /// "a, b and c".
    fn list(&self, items: &[String]) -> String {
        match items {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!(
                "{}{}{last}",
                init.join(self.t("list_sep")),
                self.t("list_and")
            ),
        }
    }

    /// The items read out, then how many more.
    fn listed<T>(&self, listed: &Listed<T>, item: impl Fn(&T) -> String) -> String {
        let mut said: Vec<String> = listed.items.iter().map(item).collect();
        if listed.more > 0 {
            said.push(self.more(listed.more));
        }
        self.list(&said)
    }

    fn more(&self, count: usize) -> String {
        self.fill("more", &[("count", &self.number(count))])
    }

    // Items --------------------------------------------------------------------------------

    fn group(&self, g: &Group) -> String {
        let role = match &g.role {
            Some(t) if g.names.len() > 1 && !t.contains(' ') => {
                self.fill("as_roles", &[("role", &self.role(t))])
            }
            Some(t) => self.fill("as_role", &[("role", &self.role(t))]),
            None => String::new(),
        };
        self.fill(
            "group",
            &[
                ("names", &self.list(&g.names)),
                ("role", &role),
                ("span", &self.span(g.span)),
                ("draft", if g.draft { self.t("draft") } else { "" }),
            ],
        )
    }

    fn on_clock(&self, on: &OnClock) -> String {
        match on {
            OnClock::OnBreak(name) => self.fill("on_break", &[("name", name)]),
            OnClock::Until(name, end) => {
                self.fill("until", &[("name", name), ("time", &self.time(*end))])
            }
            OnClock::Working(name) => name.clone(),
        }
    }

    fn absent(&self, a: &Absent) -> String {
        match a {
            Absent::Late { name, began } => {
                self.fill("late", &[("name", name), ("time", &self.time(*began))])
            }
            Absent::Missed { name, span } => {
                self.fill("missed", &[("name", name), ("span", &self.span(*span))])
            }
        }
    }

    fn my_request(&self, r: &MyRequest) -> String {
        match r {
            MyRequest::TimeOff(dates) => {
                self.fill("request_time_off", &[("dates", &self.dates(*dates))])
            }
            MyRequest::Drop { day, taken_by } => {
                let day = day.map(|d| self.day(d)).unwrap_or_default();
                let key = match (day.is_empty(), taken_by.is_some()) {
                    (false, false) => "request_drop",
                    (false, true) => "request_drop_taken",
                    (true, false) => "request_drop_undated",
                    (true, true) => "request_drop_undated_taken",
                };
                let name = taken_by.as_deref().unwrap_or_default();
                self.fill(key, &[("day", &day), ("name", name)])
            }
        }
    }

    fn open_shift(&self, s: &OpenShift) -> String {
        let role = s
            .role
            .as_deref()
            .map(|t| self.fill("open_role", &[("role", &self.role(t))]))
            .unwrap_or_default();
        self.fill(
            "open_shift",
            &[
                ("day", &self.day(s.day)),
                ("span", &self.span(s.span)),
                ("role", &role),
                ("draft", if s.draft { self.t("draft") } else { "" }),
            ],
        )
    }

    fn dropped(&self, d: &Dropped) -> String {
        let key = if d.taken_by.is_some() {
            "pooled_taken"
        } else {
            "pooled"
        };
        self.fill(
            key,
            &[
                ("owner", &d.owner),
                ("day", &self.day(d.day)),
                ("span", &self.span(d.span)),
                ("name", d.taken_by.as_deref().unwrap_or_default()),
            ],
        )
    }

    /// " 2 open shifts are not yet taken.", after who works.
    fn not_taken(&self, open: usize) -> String {
        match open {
            0 => String::new(),
            n => format!(" {}", self.count("open_taken", n, &[])),
        }
    }

    fn as_role(&self, role: &Option<String>) -> String {
        role.as_deref()
            .map(|t| self.fill("as_role", &[("role", &self.role(t))]))
            .unwrap_or_default()
    }

    // Messages -----------------------------------------------------------------------------

    fn sentence(&self, message: &Message) -> String {
        use Message as M;
        match message {
            M::Refused(text) => text.clone(),
            M::Help { manager } => self.fill("help", &[("examples", self.examples(*manager))]),
            M::Unknown { manager } => {
                self.fill("unknown", &[("examples", self.examples(*manager))])
            }
            M::NobodyWorks {
                role,
                day,
                part,
                open,
            } => {
                let when = self.when(*day, *part);
                let said = match role {
                    Some(t) => {
                        self.fill("no_role_works", &[("role", &self.role(t)), ("when", &when)])
                    }
                    None => self.fill("nobody_works", &[("when", &when)]),
                };
                capitalise(&said) + &self.not_taken(*open)
            }
            M::WhoWorks {
                day,
                part,
                count,
                groups,
                open,
            } => {
                let mut items: Vec<String> = groups.items.iter().map(|g| self.group(g)).collect();
                if groups.more > 0 {
                    items.push(self.more(groups.more));
                }
                let said = self.count(
                    "who_works",
                    *count,
                    &[
                        ("when", &self.when(*day, *part)),
                        ("items", &items.join(self.t("groups_sep"))),
                    ],
                );
                capitalise(&said) + &self.not_taken(*open)
            }
            M::NobodyOnTheClock => self.t("nobody_on_the_clock").into(),
            M::OnTheClock(on) => self.count(
                "on_the_clock",
                on.count(),
                &[("items", &self.listed(on, |o| self.on_clock(o)))],
            ),
            M::NobodyLate => self.t("nobody_late").into(),
            M::Late(late) => self.fill(
                "late_list",
                &[("items", &self.listed(late, |a| self.absent(a)))],
            ),
            M::NoShiftAhead => self.t("no_shift_ahead").into(),
            M::OnShiftNow { role, until } => match until {
                Some(end) => self.fill(
                    "on_shift_now_until",
                    &[("role", &self.as_role(role)), ("time", &self.time(*end))],
                ),
                None => self.fill("on_shift_now", &[("role", &self.as_role(role))]),
            },
            M::NextShift {
                day,
                span,
                role,
                note,
            } => {
                let said = self.fill(
                    "next_shift",
                    &[
                        ("day", &self.day(*day)),
                        ("span", &self.span(*span)),
                        ("role", &self.as_role(role)),
                    ],
                );
                match note {
                    MyShiftNote::None => said,
                    MyShiftNote::NotConfirmed => format!("{said} {}", self.t("not_confirmed")),
                    MyShiftNote::Dropped => format!("{said} {}", self.t("you_dropped_it")),
                }
            }
            M::WeekUnknown => self.t("week_unknown").into(),
            M::NoHoursThisWeek => self.t("no_hours").into(),
            M::MyWeek {
                worked_hours,
                expected_hours,
                pay,
                currency,
            } => {
                let hours = |h: i64| self.count("hours", h.max(0) as usize, &[]);
                self.fill(
                    "my_week",
                    &[
                        ("worked", &hours(*worked_hours)),
                        ("expected", &hours(*expected_hours)),
                        ("pay", &self.money(*pay, currency)),
                    ],
                )
            }
            M::NoRequests => self.t("no_requests").into(),
            M::MyRequests(requests) => self.count(
                "my_requests",
                requests.count(),
                &[("items", &self.listed(requests, |r| self.my_request(r)))],
            ),
            M::NoOpenShifts(when) => {
                self.fill("no_open_shifts", &[("when", &self.open_when(*when))])
            }
            M::OpenShifts(when, open) => self.count(
                "open_shifts",
                open.count(),
                &[
                    ("when", &self.open_when(*when)),
                    ("items", &self.listed(open, |s| self.open_shift(s))),
                ],
            ),
            M::PoolEmpty => self.t("pool_empty").into(),
            M::Pool(pool) => self.count(
                "pool",
                pool.count(),
                &[("items", &self.listed(pool, |d| self.dropped(d)))],
            ),
            M::NoTimeOffWaiting => self.t("no_time_off_waiting").into(),
            M::TimeOffWaiting(waiting) => self.count(
                "time_off_waiting",
                waiting.count(),
                &[(
                    "items",
                    &self.listed(waiting, |(name, dates)| {
                        self.fill(
                            "time_off_of",
                            &[("name", name), ("dates", &self.dates(*dates))],
                        )
                    }),
                )],
            ),
            M::AlreadyOnTheClock => self.t("already_on_the_clock").into(),
            M::NoShiftToClockIn => self.t("no_shift_to_clock_in").into(),
            M::ClockInOffer { day, span } => self.fill(
                "clock_in_offer",
                &[("day", &self.day(*day)), ("span", &self.span(*span))],
            ),
            M::ClockedIn => self.t("clocked_in").into(),
            M::NotOnTheClock => self.t("not_on_the_clock").into(),
            M::ClockOutOffer { span } => {
                self.fill("clock_out_offer", &[("span", &self.span(*span))])
            }
            M::ClockedOut => self.t("clocked_out").into(),
            M::UnknownPerson => self.t("unknown_person").into(),
            M::NoOpenShiftToGive(when) => {
                self.fill("no_open_shift_to_give", &[("when", &self.open_when(*when))])
            }
            M::GiveOffer {
                role,
                day,
                span,
                to,
            } => {
                let role = role
                    .as_deref()
                    .map(|t| self.fill("give_role", &[("role", &self.role(t))]))
                    .unwrap_or_default();
                self.fill(
                    "give_offer",
                    &[
                        ("role", &role),
                        ("day", &self.day(*day)),
                        ("span", &self.span(*span)),
                        ("name", to),
                    ],
                )
            }
            M::Given { to, day } => self.fill("given", &[("name", to), ("day", &self.day(*day))]),
            M::NoTimeOffOf(name) => self.fill("no_time_off_of", &[("name", name)]),
            M::ApproveOffer { of, dates } => self.fill(
                "approve_offer",
                &[("name", of), ("dates", &self.dates(*dates))],
            ),
            M::Approved { of, dates } => {
                self.fill("approved", &[("name", of), ("dates", &self.dates(*dates))])
            }
        }
    }

    /// Examples of what may be asked, for help and for a command not understood.
    pub fn examples(&self, manager: bool) -> &str {
        self.t(if manager {
            "examples_manager"
        } else {
            "examples_employee"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::voice::intent::{understand, Intent};
    use crate::domain::voice::words::Lexicon;

    /// The texts only a 12-hour clock says.
    const TWELVE_HOUR_ONLY: [&str; 4] = ["noon", "midnight", "time_am", "time_pm"];

    fn at(h: u32, m: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, m, 0).expect("a time")
    }

    fn date(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, d).expect("a date")
    }

    fn json(language: Language) -> &'static str {
        match language {
            Language::En => include_str!("catalogue/en.json"),
            Language::De => include_str!("catalogue/de.json"),
            Language::Es => include_str!("catalogue/es.json"),
            Language::Fa => include_str!("catalogue/fa.json"),
        }
    }

    #[test]
    fn every_language_has_every_text_with_its_placeholders() {
        let placeholders = |text: &str| -> Vec<String> {
            text.split('{')
                .skip(1)
                .filter_map(|p| p.split_once('}').map(|(name, _)| name.to_string()))
                .collect()
        };
        for language in Language::ALL {
            let c = Catalogue::of(language);
            assert_eq!(c.digits.chars().count(), 10, "{language:?}");
            for (key, english) in &EN.texts {
                if c.clock == Clock::TwentyFour && TWELVE_HOUR_ONLY.contains(&key.as_str()) {
                    continue;
                }
                let Some(text) = c.texts.get(key) else {
                    panic!("{language:?} lacks {key}");
                };
                let mut theirs = placeholders(text);
                let mut ours = placeholders(english);
                theirs.sort();
                ours.sort();
                assert_eq!(theirs, ours, "{language:?}: {key}");
            }
            for key in c.texts.keys() {
                assert!(EN.texts.contains_key(key), "{language:?}: unknown {key}");
            }
            assert!(
                !json(language).contains("\"\""),
                "{language:?}: an empty text"
            );
        }
    }

    #[test]
    fn each_language_tells_the_time_its_own_way() {
        let en = Catalogue::of(Language::En);
        assert_eq!(en.time(at(9, 0)), "9 AM");
        assert_eq!(en.time(at(17, 30)), "5:30 PM");
        assert_eq!(en.time(at(12, 0)), "noon");
        assert_eq!(en.time(at(0, 0)), "midnight");
        let de = Catalogue::of(Language::De);
        assert_eq!(de.time(at(9, 0)), "9 Uhr");
        assert_eq!(de.time(at(17, 30)), "17:30");
        assert_eq!(de.time(at(0, 0)), "0 Uhr");
        let es = Catalogue::of(Language::Es);
        assert_eq!(es.time(at(9, 0)), "las 9");
        assert_eq!(es.time(at(1, 15)), "la 1:15");
        assert_eq!(es.time(at(17, 5)), "las 17:05");
        let fa = Catalogue::of(Language::Fa);
        assert_eq!(fa.time(at(9, 30)), "ساعت ۹:۳۰");
        assert_eq!(fa.time(at(17, 0)), "ساعت ۱۷");
    }

    #[test]
    fn days_dates_money_and_lists_are_the_languages() {
        let mon = DayRef::Date(date(14));
        assert_eq!(
            Catalogue::of(Language::En).day(mon),
            "on Monday, December 14"
        );
        assert_eq!(
            Catalogue::of(Language::De).day(mon),
            "am Montag, dem 14. Dezember"
        );
        assert_eq!(
            Catalogue::of(Language::Es).day(mon),
            "el lunes 14 de diciembre"
        );
        assert_eq!(Catalogue::of(Language::Fa).day(mon), "دوشنبه ۱۴ دسامبر");
        let range = Dates {
            first: date(10),
            last: date(11),
        };
        assert_eq!(
            Catalogue::of(Language::Es).dates(range),
            "del 10 de diciembre al 11 de diciembre"
        );
        assert_eq!(
            Catalogue::of(Language::En).money(512.4, "EUR"),
            "512.40 euros"
        );
        assert_eq!(Catalogue::of(Language::En).money(120.5, "USD"), "$120.50");
        assert_eq!(
            Catalogue::of(Language::De).money(512.4, "EUR"),
            "512,40 Euro"
        );
        assert_eq!(
            Catalogue::of(Language::Fa).money(512.4, "EUR"),
            "۵۱۲٫۴۰ یورو"
        );
        assert_eq!(Catalogue::of(Language::Es).money(3.0, "CHF"), "3,00 CHF");
        let names = ["Ana".to_string(), "Ben".into(), "Chloé".into()];
        assert_eq!(
            Catalogue::of(Language::En).list(&names),
            "Ana, Ben and Chloé"
        );
        assert_eq!(
            Catalogue::of(Language::De).list(&names),
            "Ana, Ben und Chloé"
        );
        assert_eq!(Catalogue::of(Language::Fa).list(&names), "Ana، Ben و Chloé");
    }

    #[test]
    fn a_message_is_said_in_each_language() {
        let who = Message::WhoWorks {
            day: DayRef::Tomorrow,
            part: Some(Part::Evening),
            count: 3,
            groups: Listed {
                items: vec![Group {
                    names: vec!["Ben".into(), "Ana".into()],
                    role: Some("Barista".into()),
                    span: Span {
                        from: at(17, 0),
                        to: Some(at(22, 30)),
                    },
                    draft: true,
                }],
                more: 1,
            },
            open: 1,
        };
        let said = |l| Catalogue::of(l).say(&who);
        assert_eq!(
            said(Language::En),
            "3 shifts tomorrow in the evening: Ben and Ana as baristas from 5 PM to 10:30 PM, \
             a draft; 1 more. 1 open shift is not yet taken."
        );
        assert_eq!(
            said(Language::De),
            "3 Schichten morgen am Abend: Ben und Ana als Barista von 17 Uhr bis 22:30, ein \
             Entwurf; 1 weitere. 1 offene Schicht ist noch nicht vergeben."
        );
        assert_eq!(
            said(Language::Es),
            "3 turnos mañana por la noche: Ben y Ana como baristas de las 17 a las 22:30, un \
             borrador; 1 más. 1 turno abierto aún no está cubierto."
        );
        assert_eq!(
            said(Language::Fa),
            "فردا عصر ۳ شیفت: Ben و Ana به‌عنوان Barista از ساعت ۱۷ تا ساعت ۲۲:۳۰، پیش‌نویس؛ \
             ۱ مورد دیگر. ۱ شیفت باز هنوز گرفته نشده است."
        );
        let refusal = Message::Refused("You don't have enough permission.".into());
        for language in Language::ALL {
            assert_eq!(
                Catalogue::of(language).say(&refusal),
                "You don't have enough permission.",
                "refusals are the spec's, in every language"
            );
        }
    }

    #[test]
    fn the_examples_are_understood_in_their_own_language() {
        let lexicon = Lexicon::default();
        for language in Language::ALL {
            for manager in [false, true] {
                let examples = Catalogue::of(language).examples(manager);
                let sentences: Vec<&str> = examples
                    .split_inclusive(['?', '.', '؟'])
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .collect();
                assert_eq!(sentences.len(), 5, "{language:?}: {examples}");
                // A manager's last two give and approve for "someone", who is nobody of the
                // store: they are understood once a name is said.
                let asked = if manager { 3 } else { 5 };
                for sentence in &sentences[..asked] {
                    assert_ne!(
                        understand(sentence, &lexicon),
                        Intent::Unknown,
                        "{language:?}: {sentence}"
                    );
                }
            }
        }
    }
}
