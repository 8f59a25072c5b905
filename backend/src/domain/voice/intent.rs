//! What a command asks, read from its words: the grammar's sentence, the open recogniser's
//! approximate words, or a typed command alike. The reading is loose on purpose: the
//! keywords and the store's names decide, the filler words do not.

use crate::domain::ids::{EmployeeId, RoleId};
use crate::domain::voice::keywords::{self, Keywords};
use crate::domain::voice::words::{near, tokens, Lexicon};
use chrono::Weekday;

/// A day a command names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Day {
    Today,
    Tomorrow,
    /// The next such weekday, today included.
    On(Weekday),
}

/// A part of a day, in the store's local time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// 05:00 to 12:00.
    Morning,
    /// 12:00 to 17:00.
    Afternoon,
    /// 17:00 to 22:00.
    Evening,
    /// 22:00 to 05:00 of the next day.
    Night,
}

impl Part {
    /// The local hours it spans, the end past 24 when it runs into the next day.
    pub fn hours(self) -> (u32, u32) {
        match self {
            Part::Morning => (5, 12),
            Part::Afternoon => (12, 17),
            Part::Evening => (17, 22),
            Part::Night => (22, 29),
        }
    }
}

/// What a command asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Intent {
    /// Who works (a day, a part of it, a role).
    WhoWorks {
        day: Option<Day>,
        part: Option<Part>,
        role: Option<RoleId>,
    },
    /// Who is on the clock now.
    OnTheClock,
    /// Whose shift today has started without them, or ended unworked.
    LateOrMissing,
    MyNextShift,
    /// My hours and estimated earnings this week.
    MyWeek,
    MyRequests,
    OpenShifts {
        day: Option<Day>,
    },
    /// Shifts dropped into the pool.
    Pool,
    /// Time off waiting for an answer.
    PendingTimeOff,
    ClockIn,
    ClockOut,
    /// Give an open shift (a day's, a role's) to someone.
    GiveOpenShift {
        day: Option<Day>,
        role: Option<RoleId>,
        to: EmployeeId,
    },
    /// Approve someone's pending time off.
    ApproveTimeOff {
        of: EmployeeId,
    },
    Help,
    /// Something the assistant does not know, or an action missing its person.
    Unknown,
}

impl Intent {
    /// A stable name, for the screen and the logs.
    pub fn name(&self) -> &'static str {
        match self {
            Intent::WhoWorks { .. } => "whoWorks",
            Intent::OnTheClock => "onTheClock",
            Intent::LateOrMissing => "lateOrMissing",
            Intent::MyNextShift => "myNextShift",
            Intent::MyWeek => "myWeek",
            Intent::MyRequests => "myRequests",
            Intent::OpenShifts { .. } => "openShifts",
            Intent::Pool => "pool",
            Intent::PendingTimeOff => "pendingTimeOff",
            Intent::ClockIn => "clockIn",
            Intent::ClockOut => "clockOut",
            Intent::GiveOpenShift { .. } => "giveOpenShift",
            Intent::ApproveTimeOff { .. } => "approveTimeOff",
            Intent::Help => "help",
            Intent::Unknown => "unknown",
        }
    }
}

/// The English weekdays' names, for the grammar.
pub fn weekday_names() -> impl Iterator<Item = &'static str> {
    keywords::EN
        .weekdays
        .iter()
        .flat_map(|names| names.iter().copied())
}

/// A command's words, read against every language's keywords.
struct Words<'a>(&'a [String]);

impl Words<'_> {
    /// Whether the words hold `phrase`'s words in a row.
    fn holds(&self, phrase: &[String]) -> bool {
        !phrase.is_empty()
            && self
                .0
                .windows(phrase.len())
                .any(|w| w.iter().zip(phrase).all(|(a, b)| near(a, b)))
    }

    /// Whether the words hold one of a language's phrases, in any language.
    fn said(&self, phrases: impl Fn(&Keywords) -> &'static [&'static str]) -> bool {
        keywords::ALL
            .iter()
            .any(|k| phrases(k).iter().any(|p| self.holds(&tokens(p))))
    }

    fn tomorrow(&self) -> bool {
        keywords::ALL.iter().any(|k| {
            k.tomorrow.iter().any(|word| {
                self.0.iter().enumerate().any(|(i, w)| {
                    near(w, word)
                        && !(i > 0 && k.not_tomorrow_after.contains(&self.0[i - 1].as_str()))
                })
            })
        })
    }

    fn day(&self) -> Option<Day> {
        if self.said(|k| k.today) {
            return Some(Day::Today);
        }
        if self.tomorrow() {
            return Some(Day::Tomorrow);
        }
        keywords::weekdays()
            .into_iter()
            .find_map(|(name, day)| self.holds(&tokens(name)).then_some(Day::On(day)))
    }

    fn part(&self) -> Option<Part> {
        if self.said(|k| k.morning) {
            Some(Part::Morning)
        } else if self.said(|k| k.afternoon) {
            Some(Part::Afternoon)
        } else if self.said(|k| k.evening) {
            Some(Part::Evening)
        } else if self.said(|k| k.night) {
            Some(Part::Night)
        } else {
            None
        }
    }
}

/// What `text` asks, with the store's names and roles, in any of the product's languages.
pub fn understand(text: &str, lexicon: &Lexicon) -> Intent {
    let tokens = tokens(text);
    let w = Words(&tokens);
    if tokens.is_empty() {
        return Intent::Unknown;
    }
    let mine = w.said(|k| k.mine);
    if w.said(|k| k.help) {
        return Intent::Help;
    }
    if w.said(|k| k.on_the_clock) {
        return Intent::OnTheClock;
    }
    if w.said(|k| k.clock_in) {
        return Intent::ClockIn;
    }
    if w.said(|k| k.clock_out) {
        return Intent::ClockOut;
    }
    if w.said(|k| k.give) {
        return match lexicon.name_in(&tokens) {
            Some(to) => Intent::GiveOpenShift {
                day: w.day(),
                role: lexicon.role_in(&tokens),
                to,
            },
            None => Intent::Unknown,
        };
    }
    if w.said(|k| k.approve) {
        return match lexicon.name_in(&tokens) {
            Some(of) => Intent::ApproveTimeOff { of },
            None => Intent::Unknown,
        };
    }
    if w.said(|k| k.late) {
        return Intent::LateOrMissing;
    }
    if mine && w.said(|k| k.next) {
        return Intent::MyNextShift;
    }
    if mine && w.said(|k| k.week) {
        return Intent::MyWeek;
    }
    if mine && w.said(|k| k.requests) {
        return Intent::MyRequests;
    }
    if w.said(|k| k.time_off) {
        return Intent::PendingTimeOff;
    }
    if w.said(|k| k.pool) {
        return Intent::Pool;
    }
    if w.said(|k| k.open) && w.said(|k| k.shift) {
        return Intent::OpenShifts { day: w.day() };
    }
    let role = lexicon.role_in(&tokens);
    let asks_who = w.said(|k| k.who) || role.is_some();
    if (asks_who && w.said(|k| k.work)) || w.said(|k| k.schedule) {
        return Intent::WhoWorks {
            day: w.day(),
            part: w.part(),
            role,
        };
    }
    Intent::Unknown
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::voice::facts::sample::*;

    fn lex() -> Lexicon {
        Lexicon::of(&cafe(ANA, true, true))
    }

    fn is(text: &str) -> Intent {
        understand(text, &lex())
    }

    #[test]
    fn who_works_reads_the_day_the_part_and_the_role() {
        assert_eq!(
            is("Who works tomorrow?"),
            Intent::WhoWorks {
                day: Some(Day::Tomorrow),
                part: None,
                role: None
            }
        );
        assert_eq!(
            is("who is working on saturday evening"),
            Intent::WhoWorks {
                day: Some(Day::On(Weekday::Sat)),
                part: Some(Part::Evening),
                role: None
            }
        );
        assert_eq!(
            is("which baristas work today"),
            Intent::WhoWorks {
                day: Some(Day::Today),
                part: None,
                role: Some(role(BARISTA))
            }
        );
        assert_eq!(
            is("who's on tonight"),
            Intent::WhoWorks {
                day: Some(Day::Today),
                part: Some(Part::Night),
                role: None
            }
        );
    }

    #[test]
    fn the_clock_questions_and_actions_are_told_apart() {
        assert_eq!(is("who is on the clock right now"), Intent::OnTheClock);
        assert_eq!(is("Who is clocked in?"), Intent::OnTheClock);
        assert_eq!(is("Clock me in."), Intent::ClockIn);
        assert_eq!(is("start my shift"), Intent::ClockIn);
        assert_eq!(is("clock me out"), Intent::ClockOut);
        assert_eq!(is("finish my shift"), Intent::ClockOut);
        assert_eq!(is("who is late or missing"), Intent::LateOrMissing);
    }

    #[test]
    fn my_questions() {
        assert_eq!(is("When is my next shift?"), Intent::MyNextShift);
        assert_eq!(is("when do I work next"), Intent::MyNextShift);
        assert_eq!(is("how much will I earn this week"), Intent::MyWeek);
        assert_eq!(is("what are my hours this week"), Intent::MyWeek);
        assert_eq!(is("what are my open requests"), Intent::MyRequests);
    }

    #[test]
    fn the_managers_lists() {
        assert_eq!(
            is("are there open shifts tomorrow"),
            Intent::OpenShifts {
                day: Some(Day::Tomorrow)
            }
        );
        assert_eq!(is("what is in the pool"), Intent::Pool);
        assert_eq!(is("which shifts were dropped"), Intent::Pool);
        assert_eq!(is("who asked for time off"), Intent::PendingTimeOff);
    }

    #[test]
    fn actions_name_their_person() {
        assert_eq!(
            is("Give the open Saturday shift to Ana."),
            Intent::GiveOpenShift {
                day: Some(Day::On(Weekday::Sat)),
                role: None,
                to: emp(ANA)
            }
        );
        assert_eq!(
            is("assign the open cashier shift to chloe"),
            Intent::GiveOpenShift {
                day: None,
                role: Some(role(CASHIER)),
                to: emp(CHLOE)
            }
        );
        assert_eq!(
            is("Approve Ben's time off."),
            Intent::ApproveTimeOff { of: emp(BEN) }
        );
        assert_eq!(is("approve the time off"), Intent::Unknown);
        assert_eq!(is("give the open shift to somebody"), Intent::Unknown);
    }

    #[test]
    fn open_recognition_is_read_loosely() {
        // The open recogniser's words for "who works tomorrow".
        assert!(matches!(
            is("the work's tomorrow"),
            Intent::WhoWorks {
                day: Some(Day::Tomorrow),
                ..
            }
        ));
        assert_eq!(
            is("approve davis time off"),
            Intent::ApproveTimeOff { of: emp(DAVID) }
        );
    }

    #[test]
    fn anything_else_is_unknown_or_help() {
        assert_eq!(is("what is the weather"), Intent::Unknown);
        assert_eq!(is(""), Intent::Unknown);
        assert_eq!(is("help"), Intent::Help);
        assert_eq!(is("what can I say"), Intent::Help);
    }
    /// Typed commands of one language and what they ask.
    fn table(commands: &[(&str, Intent)]) {
        for (text, intent) in commands {
            assert_eq!(&is(text), intent, "{text}");
        }
    }

    fn who(day: Option<Day>, part: Option<Part>, role: Option<RoleId>) -> Intent {
        Intent::WhoWorks { day, part, role }
    }

    fn sat() -> Option<Day> {
        Some(Day::On(Weekday::Sat))
    }

    #[test]
    fn german_commands() {
        table(&[
            ("Wer arbeitet morgen?", who(Some(Day::Tomorrow), None, None)),
            ("wer arbeitet heute?", who(Some(Day::Today), None, None)),
            (
                "Wer arbeitet am Samstag am Abend?",
                who(sat(), Some(Part::Evening), None),
            ),
            (
                "Wer arbeitet morgen früh?",
                who(Some(Day::Tomorrow), Some(Part::Morning), None),
            ),
            (
                "Wer hat am Morgen Dienst?",
                who(None, Some(Part::Morning), None),
            ),
            (
                "Welche Baristas arbeiten am Dienstag?",
                who(Some(Day::On(Weekday::Tue)), None, Some(role(BARISTA))),
            ),
            ("Wer ist eingestempelt?", Intent::OnTheClock),
            ("Wer ist zu spät oder fehlt?", Intent::LateOrMissing),
            ("Wann ist meine nächste Schicht?", Intent::MyNextShift),
            ("Wie viel verdiene ich diese Woche?", Intent::MyWeek),
            ("Wie viele Stunden habe ich?", Intent::MyWeek),
            ("Zeig meine offenen Anträge", Intent::MyRequests),
            (
                "Welche offenen Schichten gibt es morgen?",
                Intent::OpenShifts {
                    day: Some(Day::Tomorrow),
                },
            ),
            ("Was ist in der Schichtbörse?", Intent::Pool),
            ("Wer hat Urlaub beantragt?", Intent::PendingTimeOff),
            ("Stempel mich ein", Intent::ClockIn),
            ("STEMPLE MICH AUS!", Intent::ClockOut),
            (
                "Gib die offene Schicht am Samstag an Ana",
                Intent::GiveOpenShift {
                    day: sat(),
                    role: None,
                    to: emp(ANA),
                },
            ),
            (
                "Genehmige Bens Urlaub",
                Intent::ApproveTimeOff { of: emp(BEN) },
            ),
            ("Hilfe", Intent::Help),
            ("Wie ist das Wetter?", Intent::Unknown),
        ]);
    }

    #[test]
    fn spanish_commands() {
        table(&[
            (
                "¿Quién trabaja mañana?",
                who(Some(Day::Tomorrow), None, None),
            ),
            ("quien trabaja hoy", who(Some(Day::Today), None, None)),
            (
                "¿Quién trabaja mañana por la mañana?",
                who(Some(Day::Tomorrow), Some(Part::Morning), None),
            ),
            (
                "¿Quién trabaja el sábado por la tarde?",
                who(sat(), Some(Part::Afternoon), None),
            ),
            (
                "¿Qué baristas trabajan el miércoles?",
                who(Some(Day::On(Weekday::Wed)), None, Some(role(BARISTA))),
            ),
            (
                "¿Quién trabaja esta noche?",
                who(Some(Day::Today), Some(Part::Evening), None),
            ),
            ("¿Quién ha fichado?", Intent::OnTheClock),
            ("¿Quién llega tarde?", Intent::LateOrMissing),
            ("¿Quién falta hoy?", Intent::LateOrMissing),
            ("¿Cuándo es mi próximo turno?", Intent::MyNextShift),
            ("¿Cuánto ganaré esta semana?", Intent::MyWeek),
            ("¿Cuántas horas tengo esta semana?", Intent::MyWeek),
            ("¿Cuáles son mis solicitudes abiertas?", Intent::MyRequests),
            (
                "¿Qué turnos abiertos hay el sábado?",
                Intent::OpenShifts { day: sat() },
            ),
            ("¿Qué hay en la bolsa?", Intent::Pool),
            ("¿Quién pidió vacaciones?", Intent::PendingTimeOff),
            ("Ficha mi entrada", Intent::ClockIn),
            ("ficha mi salida", Intent::ClockOut),
            (
                "Da el turno abierto del sábado a Chloé",
                Intent::GiveOpenShift {
                    day: sat(),
                    role: None,
                    to: emp(CHLOE),
                },
            ),
            (
                "Aprueba las vacaciones de Ben",
                Intent::ApproveTimeOff { of: emp(BEN) },
            ),
            ("ayuda", Intent::Help),
            ("¿Qué tiempo hace?", Intent::Unknown),
        ]);
    }

    #[test]
    fn persian_commands() {
        table(&[
            (
                "فردا چه کسی کار می‌کند؟",
                who(Some(Day::Tomorrow), None, None),
            ),
            // Arabic letters and no zero-width non-joiner, as many keyboards type it.
            ("امروز چه كسي كار ميكند", who(Some(Day::Today), None, None)),
            (
                "چه کسی شنبه عصر کار می‌کند؟",
                who(sat(), Some(Part::Evening), None),
            ),
            (
                "چه کسی سه شنبه صبح کار می‌کند؟",
                who(Some(Day::On(Weekday::Tue)), Some(Part::Morning), None),
            ),
            (
                "کدام Barista ها پنجشنبه کار می‌کنند؟",
                who(Some(Day::On(Weekday::Thu)), None, Some(role(BARISTA))),
            ),
            ("چه کسی ورود زده؟", Intent::OnTheClock),
            ("چه کسی دیر کرده یا غایب است؟", Intent::LateOrMissing),
            ("شیفت بعدی من کی است؟", Intent::MyNextShift),
            ("این هفته چقدر درآمد دارم؟", Intent::MyWeek),
            ("این هفته چند ساعت دارم؟", Intent::MyWeek),
            ("درخواست‌های باز من چیست؟", Intent::MyRequests),
            (
                "فردا چه شیفت‌های بازی هست؟",
                Intent::OpenShifts {
                    day: Some(Day::Tomorrow),
                },
            ),
            ("در استخر شیفت چه هست؟", Intent::Pool),
            ("چه کسی مرخصی خواسته؟", Intent::PendingTimeOff),
            ("ورود من را ثبت کن", Intent::ClockIn),
            ("خروج من را ثبت کن", Intent::ClockOut),
            (
                "شیفت باز شنبه را به Ana بده",
                Intent::GiveOpenShift {
                    day: sat(),
                    role: None,
                    to: emp(ANA),
                },
            ),
            (
                "مرخصی David را تأیید کن",
                Intent::ApproveTimeOff { of: emp(DAVID) },
            ),
            ("راهنما", Intent::Help),
            ("هوا چطور است؟", Intent::Unknown),
        ]);
    }
}
