//! Schedule reports: per employee, per role and per day over any range, the scheduled and
//! worked hours, breaks, lateness, overtime and cost. The range is cut into the store's pay
//! weeks and each piece is a timesheet (`domain::timesheet`), so overtime counts per week as
//! it does on timesheets. Unstarted shifts are excluded from reports. Pure.

use crate::domain::calendar;
use crate::domain::shift::Progress;
use crate::domain::timesheet::{self, PayRules, Planned, Worked, Worker};
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

/// A shift of the range, as the report sees it.
#[derive(Debug, Clone)]
pub struct ShiftFact {
    pub id: Uuid,
    pub employee: Uuid,
    pub role: Option<Uuid>,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub progress: Progress,
}

impl ShiftFact {
    /// Whether the shift was started (in progress, on break or completed). A shift never
    /// started, upcoming or missed, is left out of reports.
    pub fn started(&self) -> bool {
        matches!(
            self.progress,
            Progress::InProgress | Progress::Paused | Progress::Completed
        )
    }
}

/// A clock session of the range.
#[derive(Debug, Clone)]
pub struct SessionFact {
    /// The shift clocked, if any (a proposed shift's session has none).
    pub shift: Option<Uuid>,
    pub worked: Worked,
    /// Seconds after the shift's start the work began.
    pub late_seconds: i64,
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
    /// Sessions started late, and by how much in all.
    pub late: usize,
    pub late_minutes: i64,
    /// Wage cost, rounded to cents.
    pub cost: f64,
}

impl Figures {
    fn add(&mut self, o: &Figures) {
        self.scheduled_minutes += o.scheduled_minutes;
        self.worked_minutes += o.worked_minutes;
        self.break_minutes += o.break_minutes;
        self.overtime_minutes += o.overtime_minutes;
        self.shifts += o.shifts;
        self.late += o.late;
        self.late_minutes += o.late_minutes;
        self.cost = cents(self.cost + o.cost);
    }
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

fn cents(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
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

/// The work the report counts: clock sessions, and for a started shift nobody clocked (a
/// missed shift a manager marked completed) its planned time, up to `now`.
fn work(shifts: &[&ShiftFact], sessions: &[SessionFact], now: DateTime<Utc>) -> Vec<Worked> {
    let clocked: std::collections::HashSet<Uuid> =
        sessions.iter().filter_map(|s| s.shift).collect();
    let mut out: Vec<Worked> = sessions.iter().map(|s| s.worked.clone()).collect();
    out.extend(
        shifts
            .iter()
            .filter(|s| !clocked.contains(&s.id) && s.start < now)
            .map(|s| Worked {
                employee: s.employee,
                role: s.role,
                timeline: crate::domain::clock::Timeline {
                    start: s.start,
                    breaks: Vec::new(),
                    end: Some(s.end.min(now)),
                },
                late: false,
            }),
    );
    out
}

/// Computes the report of `[from, to)` as of `now`.
pub fn report(
    workers: &[Worker],
    shifts: &[ShiftFact],
    sessions: &[SessionFact],
    cal: &Calendar,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    now: DateTime<Utc>,
) -> Report {
    let started: Vec<&ShiftFact> = shifts
        .iter()
        .filter(|s| s.start < to && s.end > from)
        .filter(|s| s.started())
        .collect();
    let unstarted = shifts
        .iter()
        .filter(|s| s.start < to && s.end > from && !s.started())
        .count();
    let planned: Vec<Planned> = started
        .iter()
        .map(|s| Planned {
            employee: s.employee,
            role: s.role,
            start: s.start,
            end: s.end,
        })
        .collect();
    let worked = work(&started, sessions, now);

    let mut employees: Vec<(Uuid, Figures)> =
        workers.iter().map(|w| (w.id, Figures::default())).collect();
    let mut roles: BTreeMap<Option<Uuid>, Figures> = BTreeMap::new();
    let mut parts: BTreeMap<(Uuid, Option<Uuid>), Figures> = BTreeMap::new();
    for (a, b, share) in pieces(cal, from, to) {
        let (p, w) = overlapping(&planned, &worked, (a, b));
        let lines = timesheet::lines(workers, &p, &w, cal.rules, (a, b), now);
        for ((w, line), (_, fig)) in workers.iter().zip(lines).zip(employees.iter_mut()) {
            // A weekly wage is paid for the share of its week the piece covers.
            let spread = match w.wage_type {
                crate::domain::business::WageType::Weekly => share,
                crate::domain::business::WageType::Hourly => 1.0,
            };
            fig.add(&Figures {
                scheduled_minutes: line.scheduled_minutes,
                worked_minutes: line.worked_minutes,
                break_minutes: line.break_minutes,
                overtime_minutes: line.overtime_minutes,
                cost: cents(line.pay * spread),
                ..Figures::default()
            });
            for (role, part) in &line.roles {
                let fig = Figures {
                    scheduled_minutes: part.scheduled_minutes,
                    worked_minutes: part.worked_minutes,
                    overtime_minutes: part.overtime_minutes,
                    cost: cents(part.pay * spread),
                    ..Figures::default()
                };
                roles.entry(*role).or_default().add(&fig);
                parts.entry((w.id, *role)).or_default().add(&fig);
            }
        }
    }
    // Counts and lateness are the range's, not a piece's.
    let index: BTreeMap<Uuid, usize> = workers.iter().enumerate().map(|(i, w)| (w.id, i)).collect();
    for s in &started {
        if let Some(&i) = index.get(&s.employee) {
            employees[i].1.shifts += 1;
            roles.entry(s.role).or_default().shifts += 1;
        }
    }
    let role_of: BTreeMap<Uuid, Option<Uuid>> = started.iter().map(|s| (s.id, s.role)).collect();
    for s in sessions
        .iter()
        .filter(|s| s.late_seconds > 0 && s.worked.timeline.start >= from)
        .filter(|s| s.worked.timeline.start < to)
    {
        if let Some(&i) = index.get(&s.worked.employee) {
            let minutes = s.late_seconds / 60;
            employees[i].1.late += 1;
            employees[i].1.late_minutes += minutes;
            let role = s
                .shift
                .and_then(|id| role_of.get(&id).copied())
                .unwrap_or(s.worked.role);
            let r = roles.entry(role).or_default();
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
        days: days(workers, &planned, &worked, cal, (from, to), now),
        total,
        unstarted,
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
            employee,
            role: Some(role),
            start: t(d, 8),
            end: t(d, 16),
            progress,
        }
    }

    fn session(s: &ShiftFact, end_hour: u32, late: i64) -> SessionFact {
        SessionFact {
            shift: Some(s.id),
            worked: Worked {
                employee: s.employee,
                role: s.role,
                timeline: Timeline {
                    start: s.start + Duration::seconds(late),
                    breaks: vec![Break {
                        start: s.start + Duration::hours(4),
                        end: Some(s.start + Duration::hours(4) + Duration::minutes(30)),
                    }],
                    end: Some(s.start - Duration::hours(8) + Duration::hours(i64::from(end_hour))),
                },
                late: late > 0,
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
                        employee: w.id,
                        role: Some(role),
                        start,
                        end: start + Duration::hours(8),
                        progress: Progress::Completed,
                    });
                }
            }
        }
        let from = first - Duration::hours(8);
        let started = std::time::Instant::now();
        let r = report(
            &workers,
            &shifts,
            &[],
            &cal(),
            (from, from + Duration::days(364)),
            from + Duration::days(400),
        );
        println!(
            "a year's report of 200 employees and {} shifts took {:?}",
            shifts.len(),
            started.elapsed()
        );
        assert_eq!(r.total.shifts, 52_000);
        assert_eq!(r.total.worked_minutes, 52_000 * 480);
        assert_eq!(r.total.overtime_minutes, 0);
        assert_eq!(r.total.cost, 52_000.0 * 80.0);
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
        let r = report(
            &workers,
            &shifts,
            &sessions,
            &cal(),
            (t(23, 0), t(30, 0)),
            t(30, 0),
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
        assert_eq!(ana_fig.cost, 162.5 + 150.0);
        let by_role: BTreeMap<_, _> = r.roles.iter().cloned().collect();
        assert_eq!(by_role[&Some(barista)].cost, 162.5);
        assert_eq!(by_role[&Some(barista)].shifts, 2);
        assert_eq!(by_role[&Some(barista)].late_minutes, 15);
        assert_eq!(by_role[&Some(cook)].cost, 150.0);
        assert_eq!(by_role[&Some(cook)].scheduled_minutes, 480);
        assert_eq!(r.total.cost, ana_fig.cost);
        let part = |role| {
            &r.parts
                .iter()
                .find(|(k, _)| *k == (ana, Some(role)))
                .expect("line")
                .1
        };
        assert_eq!(part(barista).cost, 162.5);
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
                employee: ana,
                role: Some(role),
                start: t(d, 6),
                end: t(d, 18),
                progress: Progress::Completed,
            });
        }
        let r = report(
            &workers,
            &shifts,
            &[],
            &cal(),
            (t(9, 0), t(23, 0)),
            t(30, 0),
        );
        let ana_fig = &r.employees[0].1;
        assert_eq!(ana_fig.worked_minutes, 96 * 60);
        // 8 hours over 40 in each week, not 56 over 40 once.
        assert_eq!(ana_fig.overtime_minutes, 16 * 60);
        assert_eq!(ana_fig.cost, 80.0 * 10.0 + 16.0 * 15.0);
        // Two whole weeks of a weekly wage.
        assert_eq!(r.employees[1].1.cost, 1400.0);
        // Half a week: half the wage.
        let half = report(
            &workers,
            &[],
            &[],
            &cal(),
            (t(9, 0), t(9, 0) + Duration::hours(84)),
            t(30, 0),
        );
        assert_eq!(half.employees[1].1.cost, 350.0);
    }
}
