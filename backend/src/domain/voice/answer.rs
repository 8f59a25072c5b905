//! The assistant's answers: what to say to a command, from the facts its caller may see, and
//! the action to confirm when the command asks for a change. What is said is a [`Message`]
//! in no language yet, with times and days already the store's local ones; the catalogue
//! words it in the caller's language.

use crate::domain::calendar::{local_date, start_of_day};
use crate::domain::clock::{attendance, Attendance, SessionStatus};
use crate::domain::ids::{EmployeeId, RoleId};
use crate::domain::shift::Status;
use crate::domain::voice::confirm::Action;
use crate::domain::voice::facts::{Facts, ShiftFact};
use crate::domain::voice::intent::{Day, Intent, Part};
use crate::domain::voice::message::{
    Absent, Dates, DayRef, Dropped, Group, Listed, Message, MyRequest, MyShiftNote, OnClock,
    OpenShift, OpenWhen, Span,
};
use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc};

/// How many items an answer reads out before it says how many more there are.
pub const LISTED_MAX: usize = 6;

/// What the assistant says, and what it offers to do.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub say: Message,
    /// An action waiting for the caller's confirmation, with what to say once done.
    pub action: Option<(Action, Message)>,
}

impl Answer {
    fn say(say: Message) -> Answer {
        Answer { say, action: None }
    }

    fn offer(question: Message, action: Action, done: Message) -> Answer {
        Answer {
            say: question,
            action: Some((action, done)),
        }
    }
}

/// The answer to `intent` from `facts` (already [`Facts::seen_by`] their caller); what the
/// caller may not ask or do is answered with `refusal`, the permission refusal's text.
pub fn answer(intent: &Intent, facts: &Facts, refusal: &str) -> Answer {
    let manager = facts.me.schedule || facts.me.staff;
    let refused = || Answer::say(Message::Refused(refusal.to_string()));
    match intent {
        Intent::WhoWorks { day, part, role } => {
            who_works(facts, day.unwrap_or(Day::Today), *part, *role)
        }
        Intent::OnTheClock if manager => on_the_clock(facts),
        Intent::LateOrMissing if manager => late_or_missing(facts),
        Intent::OnTheClock | Intent::LateOrMissing => refused(),
        Intent::MyNextShift => next_shift(facts),
        Intent::MyWeek => my_week(facts),
        Intent::MyRequests => my_requests(facts),
        Intent::OpenShifts { day } => open_shifts(facts, *day),
        Intent::Pool => pool(facts),
        Intent::PendingTimeOff if facts.me.staff => pending_time_off(facts),
        Intent::PendingTimeOff => refused(),
        Intent::ClockIn => clock_in(facts),
        Intent::ClockOut => clock_out(facts),
        Intent::GiveOpenShift { day, role, to } if facts.me.schedule => {
            give(facts, *day, *role, *to)
        }
        Intent::ApproveTimeOff { of } if facts.me.staff => approve(facts, *of),
        Intent::GiveOpenShift { .. } | Intent::ApproveTimeOff { .. } => refused(),
        Intent::Help => Answer::say(Message::Help {
            manager: facts.me.schedule,
        }),
        Intent::Unknown => Answer::say(Message::Unknown {
            manager: facts.me.schedule,
        }),
    }
}

// Times and days ---------------------------------------------------------------------------

fn local_time(facts: &Facts, at: DateTime<Utc>) -> NaiveTime {
    at.with_timezone(&facts.zone).time()
}

fn today(facts: &Facts) -> NaiveDate {
    local_date(facts.zone, facts.now)
}

/// A date as said from today: today, tomorrow, yesterday, a weekday of the coming week, or
/// the date.
pub fn day_ref(facts: &Facts, date: NaiveDate) -> DayRef {
    match (date - today(facts)).num_days() {
        0 => DayRef::Today,
        1 => DayRef::Tomorrow,
        -1 => DayRef::Yesterday,
        2..=6 => DayRef::Weekday(date.weekday()),
        _ => DayRef::Date(date),
    }
}

fn date_of(facts: &Facts, at: DateTime<Utc>) -> NaiveDate {
    local_date(facts.zone, at)
}

/// The date a day names: today, tomorrow, or the next such weekday (today included).
pub fn date_for(facts: &Facts, day: Day) -> NaiveDate {
    let today = today(facts);
    match day {
        Day::Today => today,
        Day::Tomorrow => today + Duration::days(1),
        Day::On(weekday) => {
            let ahead = (i64::from(weekday.num_days_from_monday())
                - i64::from(today.weekday().num_days_from_monday()))
            .rem_euclid(7);
            today + Duration::days(ahead)
        }
    }
}

/// The instants a day (and a part of it) spans.
fn window(facts: &Facts, date: NaiveDate, part: Option<Part>) -> (DateTime<Utc>, DateTime<Utc>) {
    let start = start_of_day(facts.zone, date);
    let end = start_of_day(facts.zone, date + Duration::days(1));
    match part {
        None => (start, end),
        Some(part) => {
            let (from, to) = part.hours();
            let at = |h: u32| {
                let (d, h) = (date + Duration::days(i64::from(h / 24)), h % 24);
                start_of_day(facts.zone, d) + Duration::hours(i64::from(h))
            };
            (at(from), at(to))
        }
    }
}

fn span(facts: &Facts, s: &ShiftFact) -> Span {
    Span {
        from: local_time(facts, s.start),
        to: (!s.open_ended).then(|| local_time(facts, s.end)),
    }
}

/// Up to [`LISTED_MAX`] items read out, and how many more.
fn read_out<T>(items: Vec<T>) -> Listed<T> {
    let more = items.len().saturating_sub(LISTED_MAX);
    Listed {
        items: items.into_iter().take(LISTED_MAX).collect(),
        more,
    }
}

fn role_title(facts: &Facts, role: Option<RoleId>) -> Option<String> {
    facts.role_title(role).map(str::to_string)
}

/// Shifts that still stand (not declined, rejected or called off).
fn standing(s: &ShiftFact) -> bool {
    s.status.occupies_assignee() && s.status != Status::Rejected
}

// The answers ----------------------------------------------------------------------------

fn who_works(facts: &Facts, day: Day, part: Option<Part>, role: Option<RoleId>) -> Answer {
    let date = date_for(facts, day);
    let (from, to) = window(facts, date, part);
    let mut shifts: Vec<&ShiftFact> = facts
        .shifts
        .iter()
        .filter(|s| standing(s) && s.start < to && (s.open_ended || s.end > from))
        .filter(|s| role.is_none() || s.role == role)
        .collect();
    shifts.sort_by_key(|s| (s.start, s.end));
    let day = day_ref(facts, date);
    let open = shifts.iter().filter(|s| s.assigned.is_none()).count();
    // People working the same hours in the same role are said together: a spoken list of
    // a busy day stays short.
    let mut groups: Vec<(&ShiftFact, Vec<&str>)> = Vec::new();
    for s in &shifts {
        let Some(who) = s.assigned else { continue };
        let name = facts.name_of(who);
        let key = |o: &ShiftFact| {
            (
                o.start,
                o.end,
                o.open_ended,
                o.role,
                o.status == Status::Draft,
            )
        };
        match groups.iter_mut().find(|g| key(g.0) == key(s)) {
            Some(group) => group.1.push(name),
            None => groups.push((s, vec![name])),
        }
    }
    let count = groups.iter().map(|g| g.1.len()).sum::<usize>();
    if count == 0 {
        return Answer::say(Message::NobodyWorks {
            role: role_title(facts, role),
            day,
            part,
            open,
        });
    }
    let mut said = 0;
    let mut items = Vec::new();
    for (s, names) in &groups {
        if said >= LISTED_MAX {
            break;
        }
        let names: Vec<String> = names
            .iter()
            .take(LISTED_MAX - said)
            .map(|n| n.to_string())
            .collect();
        said += names.len();
        items.push(Group {
            names,
            role: role_title(facts, s.role),
            span: span(facts, s),
            draft: s.status == Status::Draft,
        });
    }
    Answer::say(Message::WhoWorks {
        day,
        part,
        count,
        groups: Listed {
            items,
            more: count - said,
        },
        open,
    })
}

fn on_the_clock(facts: &Facts) -> Answer {
    let mut on: Vec<&ShiftFact> = facts
        .shifts
        .iter()
        .filter(|s| {
            matches!(
                s.session,
                Some(SessionStatus::Working | SessionStatus::OnBreak)
            )
        })
        .collect();
    on.sort_by_key(|s| s.start);
    let items: Vec<OnClock> = on
        .iter()
        .filter_map(|s| {
            let name = facts.name_of(s.assigned?).to_string();
            Some(match s.session {
                Some(SessionStatus::OnBreak) => OnClock::OnBreak(name),
                _ if s.open_ended => OnClock::Working(name),
                _ => OnClock::Until(name, local_time(facts, s.end)),
            })
        })
        .collect();
    if items.is_empty() {
        return Answer::say(Message::NobodyOnTheClock);
    }
    Answer::say(Message::OnTheClock(read_out(items)))
}

fn late_or_missing(facts: &Facts) -> Answer {
    let (from, to) = window(facts, today(facts), None);
    let mut items = Vec::new();
    let mut shifts: Vec<&ShiftFact> = facts
        .shifts
        .iter()
        .filter(|s| s.status.is_announced() && s.start >= from && s.start < to)
        .collect();
    shifts.sort_by_key(|s| s.start);
    for s in shifts {
        let Some(who) = s.assigned else { continue };
        let state = attendance(
            s.session,
            s.progress,
            (s.start, s.end, s.open_ended),
            facts.now,
        );
        let name = facts.name_of(who).to_string();
        match state {
            Attendance::Late => items.push(Absent::Late {
                name,
                began: local_time(facts, s.start),
            }),
            Attendance::Missing => items.push(Absent::Missed {
                name,
                span: span(facts, s),
            }),
            _ => {}
        }
    }
    if items.is_empty() {
        return Answer::say(Message::NobodyLate);
    }
    Answer::say(Message::Late(read_out(items)))
}

fn mine(facts: &Facts) -> impl Iterator<Item = &ShiftFact> {
    let me = facts.me.employee;
    facts
        .shifts
        .iter()
        .filter(move |s| s.assigned == Some(me) && s.status.is_announced())
}

fn next_shift(facts: &Facts) -> Answer {
    let mut ahead: Vec<&ShiftFact> = mine(facts)
        .filter(|s| {
            (s.open_ended || s.end > facts.now) && s.session != Some(SessionStatus::Completed)
        })
        .collect();
    ahead.sort_by_key(|s| s.start);
    let Some(s) = ahead.first() else {
        return Answer::say(Message::NoShiftAhead);
    };
    if s.start <= facts.now && s.session.is_some() {
        return Answer::say(Message::OnShiftNow {
            role: role_title(facts, s.role),
            until: (!s.open_ended).then(|| local_time(facts, s.end)),
        });
    }
    let note = match s.status {
        Status::Published => MyShiftNote::NotConfirmed,
        Status::Dropped => MyShiftNote::Dropped,
        _ => MyShiftNote::None,
    };
    Answer::say(Message::NextShift {
        day: day_ref(facts, date_of(facts, s.start)),
        span: span(facts, s),
        role: role_title(facts, s.role),
        note,
    })
}

/// Minutes as whole hours (the spec shows hours whole).
fn whole_hours(minutes: i64) -> i64 {
    (minutes as f64 / 60.0).round() as i64
}

fn my_week(facts: &Facts) -> Answer {
    let Some(week) = &facts.week else {
        return Answer::say(Message::WeekUnknown);
    };
    if week.expected_minutes == 0 {
        return Answer::say(Message::NoHoursThisWeek);
    }
    Answer::say(Message::MyWeek {
        worked_hours: whole_hours(week.worked_minutes),
        expected_hours: whole_hours(week.expected_minutes),
        pay: week.expected_pay,
        currency: week.currency.clone(),
    })
}

fn my_requests(facts: &Facts) -> Answer {
    let me = facts.me.employee;
    let mut items: Vec<MyRequest> = facts
        .time_off
        .iter()
        .filter(|t| t.employee == me)
        .map(|t| MyRequest::TimeOff(dates(facts, t.start, t.end)))
        .collect();
    for d in facts.drops.iter().filter(|d| d.employee == me) {
        items.push(MyRequest::Drop {
            day: facts
                .shift(d.shift)
                .map(|s| day_ref(facts, date_of(facts, s.start))),
            taken_by: d.grabbed_by.map(|by| facts.name_of(by).to_string()),
        });
    }
    if items.is_empty() {
        return Answer::say(Message::NoRequests);
    }
    Answer::say(Message::MyRequests(read_out(items)))
}

/// A request's days, first to last.
fn dates(facts: &Facts, start: DateTime<Utc>, end: DateTime<Utc>) -> Dates {
    let first = date_of(facts, start);
    // An entire-day span ends at the last instant of its last day.
    let last = date_of(facts, end - Duration::seconds(1)).max(first);
    Dates { first, last }
}

fn open_list(facts: &Facts, day: Option<Day>) -> (Vec<&ShiftFact>, OpenWhen) {
    let (from, to, when) = match day {
        Some(day) => {
            let date = date_for(facts, day);
            let (from, to) = window(facts, date, None);
            (from, to, OpenWhen::Day(day_ref(facts, date)))
        }
        None => (
            facts.now,
            facts.now + Duration::days(7),
            OpenWhen::ComingWeek,
        ),
    };
    let mut open: Vec<&ShiftFact> = facts
        .shifts
        .iter()
        .filter(|s| s.assigned.is_none() && standing(s))
        .filter(|s| s.start >= from.max(facts.now) && s.start < to)
        .collect();
    open.sort_by_key(|s| s.start);
    (open, when)
}

fn open_shifts(facts: &Facts, day: Option<Day>) -> Answer {
    let (open, when) = open_list(facts, day);
    if open.is_empty() {
        return Answer::say(Message::NoOpenShifts(when));
    }
    let items: Vec<OpenShift> = open
        .iter()
        .map(|s| OpenShift {
            day: day_ref(facts, date_of(facts, s.start)),
            span: span(facts, s),
            role: role_title(facts, s.role),
            draft: s.status == Status::Draft,
        })
        .collect();
    Answer::say(Message::OpenShifts(when, read_out(items)))
}

fn pool(facts: &Facts) -> Answer {
    let items: Vec<Dropped> = facts
        .drops
        .iter()
        .filter_map(|d| {
            let s = facts.shift(d.shift)?;
            Some(Dropped {
                owner: facts.name_of(d.employee).to_string(),
                day: day_ref(facts, date_of(facts, s.start)),
                span: span(facts, s),
                taken_by: d.grabbed_by.map(|by| facts.name_of(by).to_string()),
            })
        })
        .collect();
    if items.is_empty() {
        return Answer::say(Message::PoolEmpty);
    }
    Answer::say(Message::Pool(read_out(items)))
}

fn pending_time_off(facts: &Facts) -> Answer {
    let mut waiting: Vec<_> = facts.time_off.iter().collect();
    waiting.sort_by_key(|t| t.start);
    if waiting.is_empty() {
        return Answer::say(Message::NoTimeOffWaiting);
    }
    let items = waiting
        .iter()
        .map(|t| {
            (
                facts.name_of(t.employee).to_string(),
                dates(facts, t.start, t.end),
            )
        })
        .collect();
    Answer::say(Message::TimeOffWaiting(read_out(items)))
}

fn clock_in(facts: &Facts) -> Answer {
    if mine(facts).any(|s| {
        matches!(
            s.session,
            Some(SessionStatus::Working | SessionStatus::OnBreak)
        )
    }) {
        return Answer::say(Message::AlreadyOnTheClock);
    }
    let mut ahead: Vec<&ShiftFact> = mine(facts)
        .filter(|s| s.session.is_none() && (s.open_ended || s.end > facts.now))
        .collect();
    ahead.sort_by_key(|s| s.start);
    let Some(s) = ahead.first() else {
        return Answer::say(Message::NoShiftToClockIn);
    };
    Answer::offer(
        Message::ClockInOffer {
            day: day_ref(facts, date_of(facts, s.start)),
            span: span(facts, s),
        },
        Action::ClockIn { shift: s.id },
        Message::ClockedIn,
    )
}

fn clock_out(facts: &Facts) -> Answer {
    let on = mine(facts).find(|s| {
        matches!(
            s.session,
            Some(SessionStatus::Working | SessionStatus::OnBreak)
        )
    });
    let Some(s) = on else {
        return Answer::say(Message::NotOnTheClock);
    };
    Answer::offer(
        Message::ClockOutOffer {
            span: span(facts, s),
        },
        Action::ClockOut { shift: s.id },
        Message::ClockedOut,
    )
}

fn give(facts: &Facts, day: Option<Day>, role: Option<RoleId>, to: EmployeeId) -> Answer {
    let Some(person) = facts.person(to) else {
        return Answer::say(Message::UnknownPerson);
    };
    let (open, when) = open_list(facts, day);
    let fits = |s: &&&ShiftFact| role.is_none() || s.role == role;
    // The person's own roles first: a shift of another role would be refused.
    let shift = open
        .iter()
        .filter(fits)
        .find(|s| s.role.is_none_or(|r| person.roles.contains(&r)))
        .or_else(|| open.iter().find(fits));
    let Some(s) = shift else {
        return Answer::say(Message::NoOpenShiftToGive(when));
    };
    let day = day_ref(facts, date_of(facts, s.start));
    Answer::offer(
        Message::GiveOffer {
            role: role_title(facts, s.role),
            day,
            span: span(facts, s),
            to: person.name.clone(),
        },
        Action::GiveShift {
            shift: s.id,
            version: s.version,
            to,
        },
        Message::Given {
            to: person.name.clone(),
            day,
        },
    )
}

fn approve(facts: &Facts, of: EmployeeId) -> Answer {
    let name = facts.name_of(of).to_string();
    let mut theirs: Vec<_> = facts.time_off.iter().filter(|t| t.employee == of).collect();
    theirs.sort_by_key(|t| t.start);
    let Some(t) = theirs.first() else {
        return Answer::say(Message::NoTimeOffOf(name));
    };
    let dates = dates(facts, t.start, t.end);
    Answer::offer(
        Message::ApproveOffer {
            of: name.clone(),
            dates,
        },
        Action::ApproveTimeOff { request: t.id },
        Message::Approved { of: name, dates },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::language::Language;
    use crate::domain::voice::catalogue::Catalogue;
    use crate::domain::voice::facts::sample::*;
    use crate::domain::voice::words::Lexicon;
    use crate::messages;
    use chrono::Weekday;

    /// An answer as said in English.
    struct Said {
        text: String,
        action: Option<(Action, String)>,
    }

    fn ask(facts: &Facts, text: &str) -> Said {
        let facts = facts.clone().seen_by();
        let intent = crate::domain::voice::intent::understand(text, &Lexicon::of(&facts));
        let a = answer(&intent, &facts, messages::NOT_ENOUGH_PERMISSION);
        let en = Catalogue::of(Language::En);
        Said {
            text: en.answer(&a),
            action: a.action.map(|(action, done)| (action, en.say(&done))),
        }
    }

    #[test]
    fn times_and_days_are_said_as_people_say_them() {
        let f = cafe(ANA, true, true);
        let en = Catalogue::of(Language::En);
        let time = |at| en.time(local_time(&f, at));
        let day = |at| en.day(day_ref(&f, date_of(&f, at)));
        assert_eq!(time(at(4, 9)), "9 AM");
        assert_eq!(time(at(4, 12)), "noon");
        assert_eq!(time(at(4, 0)), "midnight");
        assert_eq!(time(at(4, 17) + Duration::minutes(30)), "5:30 PM");
        assert_eq!(day(at(4, 9)), "today");
        assert_eq!(day(at(5, 9)), "tomorrow");
        assert_eq!(day(at(7, 9)), "on Monday");
        assert_eq!(day(at(14, 9)), "on Monday, December 14");
        assert_eq!(date_for(&f, Day::On(Weekday::Fri)), date_of(&f, at(4, 9)));
        assert_eq!(date_for(&f, Day::On(Weekday::Thu)), date_of(&f, at(10, 9)));
    }

    #[test]
    fn a_manager_hears_tomorrows_drafts_and_open_shifts() {
        let a = ask(&cafe(DAVID, true, true), "who works tomorrow");
        assert_eq!(
            a.text,
            "2 shifts tomorrow: Ben as barista from 9 AM to 5 PM; David as cook from \
             noon to 8 PM, a draft. 2 open shifts are not yet taken."
        );
    }

    #[test]
    fn an_employee_hears_no_drafts() {
        let a = ask(&cafe(BEN, false, false), "who works tomorrow");
        assert_eq!(
            a.text,
            "1 shift tomorrow: Ben as barista from 9 AM to 5 PM. 1 open shift is not yet taken."
        );
        assert!(!a.text.contains("David"));
        assert!(!a.text.contains("draft"));
    }

    #[test]
    fn people_working_the_same_hours_are_said_together() {
        let mut f = cafe(DAVID, true, true);
        let mut same = f.shifts[2].clone();
        for (n, who) in [(20, ANA), (21, CHLOE), (22, DAVID)] {
            same.id = sid(n);
            same.assigned = Some(emp(who));
            f.shifts.push(same.clone());
        }
        f.shifts
            .push(shift(30, Some(DAVID), COOK, 5, 9, 17, Status::Published));
        assert_eq!(
            ask(&f, "which baristas work tomorrow").text,
            "4 shifts tomorrow: Ben, Ana Lopez, Chloé and David as baristas from 9 AM to 5 PM. \
             1 open shift is not yet taken."
        );
        let a = ask(&f, "who works tomorrow").text;
        assert!(a.starts_with("6 shifts tomorrow: Ben, Ana Lopez, Chloé and David as baristas from 9 AM to 5 PM; David as cook from 9 AM to 5 PM; David as cook from noon to 8 PM, a draft."), "{a}");
        for n in 40..50 {
            f.shifts
                .push(shift(n, Some(BEN), BARISTA, 5, 18, 20, Status::Published));
        }
        let a = ask(&f, "who works tomorrow").text;
        assert!(a.contains("10 more."), "{a}");
    }

    #[test]
    fn who_works_by_role_and_part_of_the_day() {
        let f = cafe(DAVID, true, true);
        assert_eq!(
            ask(&f, "which cooks work tomorrow").text,
            "1 shift tomorrow: David as cook from noon to 8 PM, a draft."
        );
        assert_eq!(
            ask(&f, "who works on monday evening").text,
            "1 shift on Monday in the evening: Ben as barista from 6 PM to 11 PM."
        );
        assert_eq!(
            ask(&f, "which cashiers work on monday").text,
            "No cashier works on Monday."
        );
    }

    #[test]
    fn the_clock_and_lateness_are_the_managers() {
        let f = cafe(DAVID, true, true);
        assert_eq!(
            ask(&f, "who is on the clock").text,
            "1 person is on the clock: Ana Lopez until 4 PM."
        );
        assert_eq!(
            ask(&f, "who is late").text,
            "Chloé is late for the shift that began at 9 AM."
        );
        let employee = cafe(BEN, false, false);
        assert_eq!(
            ask(&employee, "who is on the clock").text,
            messages::NOT_ENOUGH_PERMISSION
        );
        assert_eq!(
            ask(&employee, "who is late").text,
            messages::NOT_ENOUGH_PERMISSION
        );
    }

    #[test]
    fn my_next_shift_and_requests() {
        let ben = cafe(BEN, false, false);
        assert_eq!(
            ask(&ben, "when is my next shift").text,
            "Your next shift is tomorrow from 9 AM to 5 PM as barista. It is not confirmed yet."
        );
        assert_eq!(
            ask(&cafe(ANA, false, false), "when is my next shift").text,
            "You are on a shift now as barista, until 4 PM."
        );
        assert_eq!(
            ask(&ben, "what are my open requests").text,
            "You have 1 open request: time off on December 10."
        );
        assert_eq!(
            ask(&cafe(ANA, false, false), "show my requests").text,
            "You have 2 open requests: time off on December 14 and your shift on Tuesday in the pool."
        );
        assert_eq!(
            ask(&cafe(CHLOE, false, false), "my requests").text,
            "You have no open requests."
        );
    }

    #[test]
    fn my_week_reads_the_estimate_and_only_mine() {
        let mut f = cafe(BEN, false, false);
        assert_eq!(
            ask(&f, "how many hours do I have this week").text,
            "I could not read your hours this week."
        );
        f.week = Some(crate::domain::voice::facts::Week {
            worked_minutes: 8 * 60,
            expected_minutes: 16 * 60 + 20,
            expected_pay: 240.5,
            currency: "EUR".into(),
        });
        assert_eq!(
            ask(&f, "how much will I earn this week").text,
            "This week you have worked 8 hours so far. With your shifts to come that makes 16 \
             hours, about 240.50 euros before taxes."
        );
    }

    #[test]
    fn open_shifts_and_the_pool() {
        assert_eq!(
            ask(&cafe(BEN, false, false), "what open shifts are there").text,
            "1 open shift this coming week: tomorrow from 7 AM to noon, barista."
        );
        assert_eq!(
            ask(&cafe(DAVID, true, true), "open shifts tomorrow").text,
            "2 open shifts tomorrow: tomorrow from 7 AM to noon, barista and tomorrow from 2 PM \
             to 8 PM, cashier, a draft."
        );
        assert_eq!(
            ask(&cafe(DAVID, true, true), "open shifts on monday").text,
            "There are no open shifts on Monday."
        );
        assert_eq!(
            ask(&cafe(BEN, false, false), "what is in the pool").text,
            "1 shift is in the pool: Ana Lopez's shift on Tuesday from 9 AM to 3 PM."
        );
    }

    #[test]
    fn pending_time_off_is_for_those_who_answer_it() {
        assert_eq!(
            ask(&cafe(DAVID, true, true), "who asked for time off").text,
            "2 time-off requests are waiting: Ben, on December 10 and Ana Lopez, on December 14."
        );
        assert_eq!(
            ask(&cafe(BEN, false, false), "who asked for time off").text,
            messages::NOT_ENOUGH_PERMISSION
        );
    }

    #[test]
    fn actions_are_offered_never_done() {
        let ben = cafe(BEN, false, false);
        let a = ask(&ben, "clock me in");
        assert_eq!(
            a.text,
            "Clock you in to your shift tomorrow from 9 AM to 5 PM? Confirm to go ahead."
        );
        assert_eq!(
            a.action,
            Some((
                Action::ClockIn { shift: sid(103) },
                "You are clocked in.".into()
            ))
        );
        assert_eq!(ask(&ben, "clock me out").text, "You are not on the clock.");
        let ana = cafe(ANA, false, false);
        assert_eq!(
            ask(&ana, "clock me in").text,
            "You are already on the clock."
        );
        assert_eq!(
            ask(&ana, "clock me out").action.map(|(a, _)| a),
            Some(Action::ClockOut { shift: sid(101) })
        );
    }

    #[test]
    fn giving_an_open_shift_prefers_the_persons_role() {
        let f = cafe(DAVID, true, true);
        let a = ask(&f, "give the open saturday shift to chloe");
        assert_eq!(
            a.text,
            "Give the open cashier shift tomorrow from 2 PM to 8 PM to Chloé? Confirm to go ahead."
        );
        assert_eq!(
            a.action.map(|(a, _)| a),
            Some(Action::GiveShift {
                shift: sid(106),
                version: 1,
                to: emp(CHLOE)
            })
        );
        let a = ask(&f, "give the open shift tomorrow to ben");
        assert_eq!(
            a.action.map(|(a, _)| a),
            Some(Action::GiveShift {
                shift: sid(105),
                version: 1,
                to: emp(BEN)
            })
        );
        assert_eq!(
            ask(&f, "give the open monday shift to ben").text,
            "There is no open shift on Monday to give."
        );
        assert_eq!(
            ask(&cafe(BEN, false, true), "give the open shift to ben").text,
            messages::NOT_ENOUGH_PERMISSION
        );
    }

    #[test]
    fn approving_time_off_needs_the_employee_permission() {
        let a = ask(&cafe(DAVID, true, true), "approve ben's time off");
        assert_eq!(
            a.text,
            "Approve Ben's time off on December 10? Confirm to go ahead."
        );
        assert_eq!(
            a.action.map(|(a, _)| a),
            Some(Action::ApproveTimeOff { request: rid(200) })
        );
        assert_eq!(
            ask(&cafe(DAVID, true, true), "approve chloe's time off").text,
            "Chloé has no time off waiting for an answer."
        );
        assert_eq!(
            ask(&cafe(DAVID, true, false), "approve ben's time off").text,
            messages::NOT_ENOUGH_PERMISSION
        );
        assert_eq!(
            ask(&cafe(BEN, false, false), "approve ben's time off").text,
            messages::NOT_ENOUGH_PERMISSION
        );
    }

    #[test]
    fn an_unknown_command_gets_examples() {
        let a = ask(&cafe(BEN, false, false), "sing me a song");
        assert!(a
            .text
            .starts_with("Sorry, I did not understand that. You can ask: Who works tomorrow?"));
        assert!(ask(&cafe(DAVID, true, true), "help")
            .text
            .contains("Give the open Saturday shift"));
    }
}
