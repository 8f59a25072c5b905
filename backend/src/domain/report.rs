//! Schedule reports: per employee, per role and per day over any range, the scheduled and
//! worked hours, breaks, lateness, overtime and cost. What counts is `domain::work`'s rule;
//! the range is cut into the store's pay weeks and each piece is a timesheet
//! (`domain::timesheet`), so overtime counts per week as it does on timesheets, and a
//! timesheet is the report of its pay week. Pure.
//!
//! Rounding, the same everywhere: each piece of work counts in whole minutes (seconds
//! dropped); an employee's pay of a pay week is rounded to the cent once (halves away from
//! zero), and its role parts add up to it; a range's money is the sum of those whole cents
//! (a weekly wage cut by the range is its share of the week, rounded to the cent).

use crate::domain::calendar;
use crate::domain::timesheet::{self, PayRules, Planned, Worked, Worker};
use crate::domain::work::{self, Facts, Outlook};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use std::collections::BTreeMap;
use uuid::Uuid;

/// The widest range a report (or an export) covers.
pub const RANGE_MAX: Duration = Duration::days(366);

/// Why a range is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeError {
    /// The start is not before the end.
    Reversed,
    /// Longer than [`RANGE_MAX`].
    TooLong,
}

/// Checks a report's range.
pub fn check_range(start: DateTime<Utc>, end: DateTime<Utc>) -> Result<(), RangeError> {
    if start >= end {
        return Err(RangeError::Reversed);
    }
    if end - start > RANGE_MAX {
        return Err(RangeError::TooLong);
    }
    Ok(())
}

/// The figures of one line of a report.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Figures {
    pub scheduled_minutes: i64,
    pub worked_minutes: i64,
    pub break_minutes: i64,
    pub overtime_minutes: i64,
    /// Started shifts counted.
    pub shifts: usize,
    /// Pieces of work counted (clock sessions, shifts counted at their times).
    pub sessions: usize,
    /// Sessions still running.
    pub open: usize,
    /// Work started late, and by how much in all.
    pub late: usize,
    pub late_minutes: i64,
    /// Wage cost in cents.
    pub cost_cents: i64,
}

impl Figures {
    fn add(&mut self, o: &Figures) {
        self.scheduled_minutes += o.scheduled_minutes;
        self.worked_minutes += o.worked_minutes;
        self.break_minutes += o.break_minutes;
        self.overtime_minutes += o.overtime_minutes;
        self.shifts += o.shifts;
        self.sessions += o.sessions;
        self.open += o.open;
        self.late += o.late;
        self.late_minutes += o.late_minutes;
        self.cost_cents += o.cost_cents;
    }

    /// The cost in the store's currency.
    pub fn cost(&self) -> f64 {
        cents_to_money(self.cost_cents)
    }
}

/// Cents as an amount of money.
pub fn cents_to_money(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// One local day's hours, for charts.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Day {
    pub date: NaiveDate,
    pub scheduled_minutes: i64,
    pub worked_minutes: i64,
}

/// A report of a range.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Report {
    /// Per employee, in the order the workers were given.
    pub employees: Vec<(Uuid, Figures)>,
    /// Per role (`None`: work in no known role), by role id.
    pub roles: Vec<(Option<Uuid>, Figures)>,
    /// Per employee and role: the payroll's lines (hours and cost only).
    pub parts: Vec<((Uuid, Option<Uuid>), Figures)>,
    pub days: Vec<Day>,
    pub total: Figures,
    /// Shifts of the range left out because they were never started.
    pub unstarted: usize,
}

/// How the store counts: its zone, first weekday and pay rules.
#[derive(Debug, Clone, Copy)]
pub struct Calendar {
    pub zone: Tz,
    pub week_start: u8,
    pub rules: PayRules,
}

/// The pay weeks the range crosses, each clipped to the range, and the share of a whole week
/// each piece is (weekly wages are spread by it).
fn pieces(
    cal: &Calendar,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> Vec<(DateTime<Utc>, DateTime<Utc>, f64)> {
    let mut out = Vec::new();
    let mut at = from;
    while at < to {
        let day = calendar::local_date(cal.zone, at);
        let (_, start, end) = timesheet::period_of(day, cal.week_start, cal.zone);
        let (a, b) = (start.max(from), end.min(to));
        let week = (end - start).num_seconds().max(1) as f64;
        out.push((a, b, (b - a).num_seconds() as f64 / week));
        at = end;
    }
    out
}

/// Computes the report of `[from, to)` as of `now`: of the work done, or with the announced
/// shifts to come counted as planned ([`Outlook::Expected`], an estimate).
pub fn report(
    workers: &[Worker],
    facts: &Facts,
    cal: &Calendar,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    now: DateTime<Utc>,
    outlook: Outlook,
) -> Report {
    let counted = work::counted(facts, (from, to), now, outlook);
    let planned: Vec<Planned> = counted.planned.iter().map(|(_, p)| p.clone()).collect();
    let worked: Vec<Worked> = counted.worked.iter().map(|(_, w)| w.clone()).collect();
    // An estimate counts the work to come as done.
    let as_of = match outlook {
        Outlook::Worked => now,
        Outlook::Expected => now.max(to),
    };

    let mut employees: Vec<(Uuid, Figures)> =
        workers.iter().map(|w| (w.id, Figures::default())).collect();
    let mut roles: BTreeMap<Option<Uuid>, Figures> = BTreeMap::new();
    let mut parts: BTreeMap<(Uuid, Option<Uuid>), Figures> = BTreeMap::new();
    for (a, b, share) in pieces(cal, from, to) {
        let (p, w) = overlapping(&planned, &worked, (a, b));
        let lines = timesheet::lines(workers, &p, &w, cal.rules, (a, b), as_of);
        for ((w, line), (_, fig)) in workers.iter().zip(lines).zip(employees.iter_mut()) {
            // A weekly wage is paid for the share of its week the piece covers.
            let (cost, role_costs) = match w.wage_type {
                crate::domain::business::WageType::Weekly if share < 1.0 => {
                    let cost = (line.pay_cents as f64 * share).round() as i64;
                    let weights: Vec<f64> =
                        line.roles.values().map(|p| p.pay_cents as f64).collect();
                    (cost, timesheet::split_cents(cost, &weights))
                }
                _ => (
                    line.pay_cents,
                    line.roles.values().map(|p| p.pay_cents).collect(),
                ),
            };
            fig.add(&Figures {
                scheduled_minutes: line.scheduled_minutes,
                worked_minutes: line.worked_minutes,
                break_minutes: line.break_minutes,
                overtime_minutes: line.overtime_minutes,
                sessions: line.sessions,
                open: line.open,
                cost_cents: cost,
                ..Figures::default()
            });
            for ((role, part), cost_cents) in line.roles.iter().zip(role_costs) {
                let fig = Figures {
                    scheduled_minutes: part.scheduled_minutes,
                    worked_minutes: part.worked_minutes,
                    overtime_minutes: part.overtime_minutes,
                    cost_cents,
                    ..Figures::default()
                };
                roles.entry(*role).or_default().add(&fig);
                parts.entry((w.id, *role)).or_default().add(&fig);
            }
        }
    }
    // Counts and lateness are the range's, not a piece's.
    let index: BTreeMap<Uuid, usize> = workers.iter().enumerate().map(|(i, w)| (w.id, i)).collect();
    for (_, s) in &counted.planned {
        if let Some(&i) = index.get(&s.employee) {
            employees[i].1.shifts += 1;
            roles.entry(s.role).or_default().shifts += 1;
        }
    }
    for s in worked
        .iter()
        .filter(|s| s.late_seconds > 0 && s.timeline.start >= from && s.timeline.start < to)
    {
        if let Some(&i) = index.get(&s.employee) {
            let minutes = s.late_seconds / 60;
            employees[i].1.late += 1;
            employees[i].1.late_minutes += minutes;
            let r = roles.entry(s.role).or_default();
            r.late += 1;
            r.late_minutes += minutes;
        }
    }
    let mut total = Figures::default();
    for (_, f) in &employees {
        total.add(f);
    }
    Report {
        employees,
        roles: roles.into_iter().collect(),
        parts: parts.into_iter().collect(),
        days: days(workers, &planned, &worked, cal, (from, to), as_of),
        total,
        unstarted: counted.unstarted,
    }
}

/// The planned shifts and the work overlapping `[from, to)`: each piece of a report reads only
/// its own, so a year's report costs about what its weeks do.
fn overlapping(
    planned: &[Planned],
    worked: &[Worked],
    (from, to): (DateTime<Utc>, DateTime<Utc>),
) -> (Vec<Planned>, Vec<Worked>) {
    (
        planned
            .iter()
            .filter(|s| s.start < to && s.end > from)
            .cloned()
            .collect(),
        worked
            .iter()
            .filter(|s| s.timeline.start < to && s.timeline.end.is_none_or(|e| e > from))
            .cloned()
            .collect(),
    )
}

/// Each local day's scheduled and worked hours.
fn days(
    workers: &[Worker],
    planned: &[Planned],
    worked: &[Worked],
    cal: &Calendar,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    now: DateTime<Utc>,
) -> Vec<Day> {
    // Overtime and pay do not matter here: only the hours are read.
    let rules = PayRules {
        overtime_after: Duration::days(1),
        overtime_rate: 1.0,
    };
    let mut out = Vec::new();
    let mut date = calendar::local_date(cal.zone, from);
    loop {
        let start = calendar::start_of_day(cal.zone, date).max(from);
        let end = calendar::start_of_day(cal.zone, date + Duration::days(1)).min(to);
        if start >= to {
            break;
        }
        let (p, w) = overlapping(planned, worked, (start, end));
        let lines = timesheet::lines(workers, &p, &w, rules, (start, end), now);
        out.push(Day {
            date,
            scheduled_minutes: lines.iter().map(|l| l.scheduled_minutes).sum(),
            worked_minutes: lines.iter().map(|l| l.worked_minutes).sum(),
        });
        date += Duration::days(1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::business::WageType;
    use crate::domain::clock::{Break, Timeline};
    use crate::domain::shift::{Progress, Status};
    use crate::domain::work::{SessionFact, ShiftFact};
    use chrono::TimeZone;

    fn t(d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, d, h, 0, 0)
            .single()
            .expect("as set up")
    }

    fn cal() -> Calendar {
        Calendar {
            zone: chrono_tz::UTC,
            week_start: 1,
            rules: PayRules {
                overtime_after: Duration::hours(40),
                overtime_rate: 1.5,
            },
        }
    }

    fn shift(n: u128, employee: Uuid, role: Uuid, d: u32, progress: Progress) -> ShiftFact {
        ShiftFact {
            id: Uuid::from_u128(100 + n),
            employee: Some(employee),
            role: Some(role),
            start: t(d, 8),
            end: t(d, 16),
            status: Status::Confirmed,
            progress,
            adjacent_session: None,
        }
    }

    fn session(s: &ShiftFact, end_hour: u32, late: i64) -> SessionFact {
        SessionFact {
            id: Uuid::from_u128(s.id.as_u128() + 1000),
            employee: s.employee.expect("assigned"),
            shift: Some(s.id),
            proposal: None,
            timeline: Timeline {
                start: s.start + Duration::seconds(late),
                breaks: vec![Break {
                    start: s.start + Duration::hours(4),
                    end: Some(s.start + Duration::hours(4) + Duration::minutes(30)),
                }],
                end: Some(s.start - Duration::hours(8) + Duration::hours(i64::from(end_hour))),
            },
            late_seconds: late,
        }
    }

    #[test]
    fn a_year_of_two_hundred_employees_adds_up() {
        let role = Uuid::from_u128(7);
        let workers: Vec<Worker> = (0..200u128)
            .map(|i| Worker {
                id: Uuid::from_u128(1000 + i),
                wage_type: WageType::Hourly,
                wages: [(role, 10.0)].into(),
            })
            .collect();
        // Five 8-hour shifts a week for 52 weeks, from Monday 2025-11-24.
        let first = Utc
            .with_ymd_and_hms(2025, 11, 24, 8, 0, 0)
            .single()
            .expect("a date");
        let mut shifts = Vec::new();
        for (n, w) in workers.iter().enumerate() {
            for week in 0..52 {
                for day in 0..5 {
                    let start = first + Duration::days(week * 7 + day);
                    shifts.push(ShiftFact {
                        id: Uuid::from_u128((n as u128) << 32 | (week * 7 + day) as u128),
                        employee: Some(w.id),
                        role: Some(role),
                        start,
                        end: start + Duration::hours(8),
                        status: Status::Confirmed,
                        progress: Progress::Completed,
                        adjacent_session: None,
                    });
                }
            }
        }
        let from = first - Duration::hours(8);
        let started = std::time::Instant::now();
        let facts = Facts {
            shifts,
            ..Facts::default()
        };
        let r = report(
            &workers,
            &facts,
            &cal(),
            (from, from + Duration::days(364)),
            from + Duration::days(400),
            Outlook::Worked,
        );
        println!(
            "a year's report of 200 employees and {} shifts took {:?}",
            facts.shifts.len(),
            started.elapsed()
        );
        assert_eq!(r.total.shifts, 52_000);
        assert_eq!(r.total.worked_minutes, 52_000 * 480);
        assert_eq!(r.total.overtime_minutes, 0);
        assert_eq!(r.total.cost_cents, 52_000 * 8_000);
        assert_eq!(r.days.len(), 364);
    }

    #[test]
    fn ranges_must_run_forward_and_stay_bounded() {
        assert_eq!(check_range(t(2, 0), t(1, 0)), Err(RangeError::Reversed));
        assert_eq!(check_range(t(1, 0), t(1, 0)), Err(RangeError::Reversed));
        assert_eq!(
            check_range(t(1, 0), t(1, 0) + Duration::days(367)),
            Err(RangeError::TooLong)
        );
        assert_eq!(check_range(t(1, 0), t(1, 0) + Duration::days(366)), Ok(()));
    }

    #[test]
    fn unstarted_shifts_are_left_out_and_work_is_costed_per_role() {
        let (ana, barista, cook) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        let workers = vec![Worker {
            id: ana,
            wage_type: WageType::Hourly,
            wages: [(barista, 10.0), (cook, 20.0)].into(),
        }];
        let shifts = vec![
            shift(1, ana, barista, 23, Progress::Completed),
            shift(2, ana, cook, 24, Progress::Completed),
            // Missed and upcoming shifts do not count.
            shift(3, ana, cook, 25, Progress::Missed),
            shift(4, ana, cook, 27, Progress::NotStarted),
            // Completed by a manager without any clocking: its planned hours count.
            shift(5, ana, barista, 26, Progress::Completed),
        ];
        // Worked 8:00+15min late to 17:00 with a 30-minute break: 8 h 15 min.
        let sessions = vec![session(&shifts[0], 17, 15 * 60), session(&shifts[1], 16, 0)];
        let facts = Facts {
            shifts,
            sessions,
            proposals: vec![],
        };
        let r = report(
            &workers,
            &facts,
            &cal(),
            (t(23, 0), t(30, 0)),
            t(30, 0),
            Outlook::Worked,
        );
        assert_eq!(r.unstarted, 2);
        let ana_fig = &r.employees[0].1;
        assert_eq!(ana_fig.shifts, 3);
        assert_eq!(ana_fig.scheduled_minutes, 3 * 480);
        assert_eq!(ana_fig.worked_minutes, (8 * 60 + 15) + (7 * 60 + 30) + 480);
        assert_eq!(ana_fig.break_minutes, 60);
        assert_eq!(ana_fig.late, 1);
        assert_eq!(ana_fig.late_minutes, 15);
        assert_eq!(ana_fig.overtime_minutes, 0);
        // Barista: 8.25 h + 8 h at 10; cook: 7.5 h at 20.
        assert_eq!(ana_fig.cost_cents, 16_250 + 15_000);
        let by_role: BTreeMap<_, _> = r.roles.iter().cloned().collect();
        assert_eq!(by_role[&Some(barista)].cost_cents, 16_250);
        assert_eq!(by_role[&Some(barista)].shifts, 2);
        assert_eq!(by_role[&Some(barista)].late_minutes, 15);
        assert_eq!(by_role[&Some(cook)].cost_cents, 15_000);
        assert_eq!(by_role[&Some(cook)].scheduled_minutes, 480);
        assert_eq!(r.total.cost_cents, ana_fig.cost_cents);
        let part = |role| {
            &r.parts
                .iter()
                .find(|(k, _)| *k == (ana, Some(role)))
                .expect("line")
                .1
        };
        assert_eq!(part(barista).cost_cents, 16_250);
        assert_eq!(part(cook).worked_minutes, 7 * 60 + 30);
        assert_eq!(r.days.len(), 7);
        assert_eq!(r.days[0].scheduled_minutes, 480);
        assert_eq!(r.days[0].worked_minutes, 8 * 60 + 15);
        assert_eq!(r.days[2].scheduled_minutes, 0);
    }

    #[test]
    fn overtime_counts_per_pay_week_and_weekly_wages_spread_over_the_range() {
        let (ana, bo, role) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        let workers = vec![
            Worker {
                id: ana,
                wage_type: WageType::Hourly,
                wages: [(role, 10.0)].into(),
            },
            Worker {
                id: bo,
                wage_type: WageType::Weekly,
                wages: [(role, 700.0)].into(),
            },
        ];
        // Ana works 12 hours a day, Monday to Thursday, two weeks running: 48 h a week.
        let mut shifts = Vec::new();
        for (n, d) in [9u32, 10, 11, 12, 16, 17, 18, 19].into_iter().enumerate() {
            shifts.push(ShiftFact {
                id: Uuid::from_u128(200 + n as u128),
                employee: Some(ana),
                role: Some(role),
                start: t(d, 6),
                end: t(d, 18),
                status: Status::Confirmed,
                progress: Progress::Completed,
                adjacent_session: None,
            });
        }
        let facts = Facts {
            shifts,
            ..Facts::default()
        };
        let r = report(
            &workers,
            &facts,
            &cal(),
            (t(9, 0), t(23, 0)),
            t(30, 0),
            Outlook::Worked,
        );
        let ana_fig = &r.employees[0].1;
        assert_eq!(ana_fig.worked_minutes, 96 * 60);
        // 8 hours over 40 in each week, not 56 over 40 once.
        assert_eq!(ana_fig.overtime_minutes, 16 * 60);
        assert_eq!(ana_fig.cost_cents, (80 * 10 + 16 * 15) * 100);
        // Two whole weeks of a weekly wage.
        assert_eq!(r.employees[1].1.cost_cents, 140_000);
        // Half a week: half the wage.
        let half = report(
            &workers,
            &Facts::default(),
            &cal(),
            (t(9, 0), t(9, 0) + Duration::hours(84)),
            t(30, 0),
            Outlook::Worked,
        );
        assert_eq!(half.employees[1].1.cost_cents, 35_000);
    }

    /// Random weeks of a Berlin store across the autumn clock change: the report of the
    /// range, the timesheets of its pay weeks, the payroll's parts and the estimate agree to
    /// the minute and the cent, and the work counted is what the answers say is paid.
    mod agreement {
        use super::*;
        use crate::domain::clock::ProposalStatus;
        use crate::domain::work::ProposalFact;
        use proptest::prelude::*;

        /// Monday 2026-10-19 00:00 in Berlin; the clocks go back on Sunday the 25th.
        fn range_start() -> DateTime<Utc> {
            chrono_tz::Europe::Berlin
                .with_ymd_and_hms(2026, 10, 19, 0, 0, 0)
                .single()
                .expect("a date")
                .with_timezone(&Utc)
        }

        const WEEKS: i64 = 3;

        /// One generated piece of the weeks.
        #[derive(Debug, Clone)]
        enum Item {
            /// A shift clocked: late by some seconds, worked for some seconds, with breaks.
            Clocked {
                start: i64,
                late: i64,
                secs: i64,
                breaks: Vec<(i64, i64)>,
            },
            /// A missed shift a manager completed.
            Completed { start: i64, secs: i64 },
            /// A shift never started, announced or not.
            Unstarted { start: i64, secs: i64 },
            /// Unscheduled work: 0 waiting, 1 approved with corrected times, 2 rejected.
            Proposed {
                start: i64,
                secs: i64,
                breaks: Vec<(i64, i64)>,
                answer: u8,
                shift: i64,
                approved_secs: i64,
            },
        }

        fn item() -> impl Strategy<Value = Item> {
            let span = WEEKS * 7 * 24 * 3600 - 13 * 3600;
            let start = 0..span;
            let secs = 1800i64..12 * 3600;
            let breaks = prop::collection::vec((0i64..6 * 3600, 60i64..3600), 0..3);
            prop_oneof![
                (start.clone(), 0i64..1800, secs.clone(), breaks.clone()).prop_map(
                    |(start, late, secs, breaks)| Item::Clocked {
                        start,
                        late,
                        secs,
                        breaks
                    }
                ),
                (start.clone(), secs.clone())
                    .prop_map(|(start, secs)| Item::Completed { start, secs }),
                (start.clone(), secs.clone())
                    .prop_map(|(start, secs)| Item::Unstarted { start, secs }),
                (start, secs.clone(), breaks, 0u8..3, -3600i64..3600, secs).prop_map(
                    |(start, secs, breaks, answer, shift, approved_secs)| {
                        Item::Proposed {
                            start,
                            secs,
                            breaks,
                            answer,
                            shift,
                            approved_secs,
                        }
                    }
                ),
            ]
        }

        /// Breaks inside a session of `secs` seconds from `start`, in order, not overlapping.
        fn breaks_in(start: DateTime<Utc>, secs: i64, raw: &[(i64, i64)]) -> Vec<Break> {
            let mut out = Vec::new();
            let mut at = 0;
            for (offset, len) in raw {
                let b = (at + offset).min(secs);
                let e = (b + len).min(secs);
                if e <= b {
                    break;
                }
                out.push(Break {
                    start: start + Duration::seconds(b),
                    end: Some(start + Duration::seconds(e)),
                });
                at = e;
            }
            out
        }

        /// The facts of the items, and the timelines the answers say are paid, per employee.
        fn build(
            items: &[(usize, bool, Item)],
            people: &[Uuid],
            roles: &[Uuid],
        ) -> (Facts, Vec<(Uuid, Timeline)>) {
            let base = range_start();
            let mut facts = Facts::default();
            let mut paid = Vec::new();
            for (n, (who, second_role, item)) in items.iter().enumerate() {
                let employee = people[who % people.len()];
                let role = Some(roles[usize::from(*second_role) % roles.len()]);
                let id = |k: u128| Uuid::from_u128(((n as u128) << 8) | k);
                let at = |secs: i64| base + Duration::seconds(secs);
                let shift =
                    |start: DateTime<Utc>, end: DateTime<Utc>, progress, status| ShiftFact {
                        id: id(1),
                        employee: Some(employee),
                        role,
                        start,
                        end,
                        status,
                        progress,
                        adjacent_session: None,
                    };
                match item {
                    Item::Clocked {
                        start,
                        late,
                        secs,
                        breaks,
                    } => {
                        let planned = at(*start);
                        facts.shifts.push(shift(
                            planned,
                            planned + Duration::hours(8),
                            Progress::Completed,
                            Status::Confirmed,
                        ));
                        let begin = planned + Duration::seconds(*late);
                        let timeline = Timeline {
                            start: begin,
                            breaks: breaks_in(begin, *secs, breaks),
                            end: Some(begin + Duration::seconds(*secs)),
                        };
                        facts.sessions.push(SessionFact {
                            id: id(2),
                            employee,
                            shift: Some(id(1)),
                            proposal: None,
                            timeline: timeline.clone(),
                            late_seconds: *late,
                        });
                        paid.push((employee, timeline));
                    }
                    Item::Completed { start, secs } => {
                        let (s, e) = (at(*start), at(*start + secs));
                        facts
                            .shifts
                            .push(shift(s, e, Progress::Completed, Status::Confirmed));
                        paid.push((
                            employee,
                            Timeline {
                                start: s,
                                breaks: vec![],
                                end: Some(e),
                            },
                        ));
                    }
                    Item::Unstarted { start, secs } => {
                        let status = if start % 2 == 0 {
                            Status::Confirmed
                        } else {
                            Status::Draft
                        };
                        facts.shifts.push(shift(
                            at(*start),
                            at(*start + secs),
                            Progress::NotStarted,
                            status,
                        ));
                    }
                    Item::Proposed {
                        start,
                        secs,
                        breaks,
                        answer,
                        shift: moved,
                        approved_secs,
                    } => {
                        let begin = at(*start);
                        let timeline = Timeline {
                            start: begin,
                            breaks: breaks_in(begin, *secs, breaks),
                            end: Some(begin + Duration::seconds(*secs)),
                        };
                        let status = match answer {
                            0 => ProposalStatus::Pending,
                            1 => ProposalStatus::Approved,
                            _ => ProposalStatus::Rejected,
                        };
                        facts.proposals.push(ProposalFact {
                            id: id(3),
                            role,
                            status,
                        });
                        facts.sessions.push(SessionFact {
                            id: id(2),
                            employee,
                            shift: None,
                            proposal: Some(id(3)),
                            timeline: timeline.clone(),
                            late_seconds: 0,
                        });
                        match status {
                            ProposalStatus::Pending => paid.push((employee, timeline)),
                            ProposalStatus::Approved => {
                                let s = (begin + Duration::seconds(*moved)).max(base);
                                let e = s + Duration::seconds(*approved_secs);
                                let mut approved =
                                    shift(s, e, Progress::Completed, Status::Confirmed);
                                approved.adjacent_session = Some(id(2));
                                facts.shifts.push(approved);
                                let kept = timeline
                                    .breaks
                                    .iter()
                                    .filter_map(|b| {
                                        let (bs, be) =
                                            (b.start.max(s), b.end.expect("ended").min(e));
                                        (bs < be).then_some(Break {
                                            start: bs,
                                            end: Some(be),
                                        })
                                    })
                                    .collect();
                                paid.push((
                                    employee,
                                    Timeline {
                                        start: s,
                                        breaks: kept,
                                        end: Some(e),
                                    },
                                ));
                            }
                            ProposalStatus::Rejected => {}
                        }
                    }
                }
            }
            (facts, paid)
        }

        /// Whole minutes of a paid timeline within `[from, to)`, worked out plainly: the
        /// minutes of the grid it covers.
        fn oracle_minutes(t: &Timeline, from: DateTime<Utc>, to: DateTime<Utc>) -> i64 {
            let minute = |at: DateTime<Utc>| at.timestamp().div_euclid(60);
            let clip = |a: DateTime<Utc>, b: DateTime<Utc>| {
                let (a, b) = (a.max(from), b.min(to));
                if b > a {
                    minute(b) - minute(a)
                } else {
                    0
                }
            };
            let end = t.end.expect("ended");
            let breaks: i64 = t
                .breaks
                .iter()
                .map(|b| clip(b.start, b.end.expect("ended")))
                .sum();
            (clip(t.start, end) - breaks).max(0)
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(256))]
            #[test]
            fn the_report_the_timesheets_the_payroll_and_the_estimate_agree(
                items in prop::collection::vec((0usize..3, any::<bool>(), item()), 1..40),
                weekly in any::<bool>(),
            ) {
                let people: Vec<Uuid> = (1..=3).map(Uuid::from_u128).collect();
                let roles = [Uuid::from_u128(10), Uuid::from_u128(11)];
                let workers: Vec<Worker> = people
                    .iter()
                    .enumerate()
                    .map(|(i, id)| Worker {
                        id: *id,
                        wage_type: if weekly && i == 2 { WageType::Weekly } else { WageType::Hourly },
                        // Wages with cents that do not divide evenly by minutes.
                        wages: [(roles[0], 12.37 + i as f64), (roles[1], 17.91)].into(),
                    })
                    .collect();
                let (facts, paid) = build(&items, &people, &roles);
                let cal = Calendar {
                    zone: chrono_tz::Europe::Berlin,
                    week_start: 1,
                    rules: PayRules { overtime_after: Duration::hours(40), overtime_rate: 1.5 },
                };
                let from = range_start();
                let to = chrono_tz::Europe::Berlin
                    .with_ymd_and_hms(2026, 11, 9, 0, 0, 0)
                    .single()
                    .expect("a date")
                    .with_timezone(&Utc);
                let now = to + Duration::days(30);
                let whole = report(&workers, &facts, &cal, (from, to), now, Outlook::Worked);
                // The timesheets: one report per pay week (the clock change makes one of 169 h).
                let weeks: Vec<Report> = pieces(&cal, from, to)
                    .into_iter()
                    .map(|(a, b, share)| {
                        assert_eq!(share, 1.0);
                        report(&workers, &facts, &cal, (a, b), now, Outlook::Worked)
                    })
                    .collect();
                prop_assert_eq!(weeks.len(), WEEKS as usize);
                for (i, w) in workers.iter().enumerate() {
                    let line = &whole.employees[i].1;
                    let sum = |f: fn(&Figures) -> i64| weeks.iter().map(|r| f(&r.employees[i].1)).sum::<i64>();
                    prop_assert_eq!(sum(|f| f.worked_minutes), line.worked_minutes);
                    prop_assert_eq!(sum(|f| f.break_minutes), line.break_minutes);
                    prop_assert_eq!(sum(|f| f.overtime_minutes), line.overtime_minutes);
                    prop_assert_eq!(sum(|f| f.cost_cents), line.cost_cents);
                    // The payroll's parts add up to the line, to the cent.
                    let parts: Vec<&Figures> = whole.parts.iter().filter(|((e, _), _)| *e == w.id).map(|(_, f)| f).collect();
                    prop_assert_eq!(parts.iter().map(|f| f.cost_cents).sum::<i64>(), line.cost_cents);
                    prop_assert_eq!(parts.iter().map(|f| f.worked_minutes).sum::<i64>(), line.worked_minutes);
                    // What the answers say is paid, counted plainly per pay week.
                    let oracle: i64 = pieces(&cal, from, to)
                        .iter()
                        .map(|(a, b, _)| {
                            paid.iter()
                                .filter(|(e, _)| *e == w.id)
                                .map(|(_, t)| oracle_minutes(t, *a, *b))
                                .sum::<i64>()
                        })
                        .sum();
                    prop_assert_eq!(oracle, line.worked_minutes);
                }
                // Roles add up to the total as well.
                prop_assert_eq!(whole.roles.iter().map(|(_, f)| f.cost_cents).sum::<i64>(), whole.total.cost_cents);
                // With nothing to come, the estimate is what was earned.
                let expected = report(&workers, &facts, &cal, (from, to), now, Outlook::Expected);
                prop_assert_eq!(&expected.total, &whole.total);
            }
        }
    }
}
