//! Timesheets: per employee and pay period, the scheduled and worked hours, breaks, overtime
//! and pay. Pure: the caller reads the shifts and clock sessions of the period.

use crate::domain::business::WageType;
use crate::domain::calendar;
use crate::domain::clock::Timeline;
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc};
use chrono_tz::Tz;
use std::collections::BTreeMap;
use uuid::Uuid;

/// The pay period (a week starting on the store's first weekday, 0 = Sunday) containing
/// `day`: its first day and its instants in the store's zone.
pub fn period_of(
    day: NaiveDate,
    week_start: u8,
    zone: Tz,
) -> (NaiveDate, DateTime<Utc>, DateTime<Utc>) {
    let back = (7 + day.weekday().num_days_from_sunday() as i64 - i64::from(week_start % 7)) % 7;
    let first = day - Duration::days(back);
    let start = calendar::start_of_day(zone, first);
    let end = calendar::start_of_day(zone, first + Duration::days(7));
    (first, start, end)
}

/// An employee as the timesheet needs them.
#[derive(Debug, Clone)]
pub struct Worker {
    pub id: Uuid,
    pub wage_type: WageType,
    /// Wage per role id: per hour, or per week for weekly wages.
    pub wages: BTreeMap<Uuid, f64>,
}

/// A planned shift of the period.
#[derive(Debug, Clone)]
pub struct Planned {
    pub employee: Uuid,
    /// The shift's role, when it has one.
    pub role: Option<Uuid>,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

/// Counted work of the period (`domain::work` decides what counts).
#[derive(Debug, Clone)]
pub struct Worked {
    pub employee: Uuid,
    /// The role the work was done in, when known (its wage applies).
    pub role: Option<Uuid>,
    pub timeline: Timeline,
    /// Seconds after the shift's planned start the work began (0: on time, or no plan).
    pub late_seconds: i64,
}

/// The rules a timesheet applies.
#[derive(Debug, Clone, Copy)]
pub struct PayRules {
    pub overtime_after: Duration,
    pub overtime_rate: f64,
}

/// One employee's line.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Line {
    pub employee: Uuid,
    pub scheduled_minutes: i64,
    pub worked_minutes: i64,
    pub break_minutes: i64,
    pub overtime_minutes: i64,
    /// Pieces of work counted (clock sessions, shifts counted at their times).
    pub sessions: usize,
    pub late: usize,
    /// Sessions still running (counted up to the period's end or now, whichever is first).
    pub open: usize,
    /// Pay in cents (hundredths of the store's currency).
    pub pay_cents: i64,
    /// The same figures per role (`None`: work in no known role).
    pub roles: BTreeMap<Option<Uuid>, RolePart>,
}

/// One role's share of an employee's line.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RolePart {
    pub scheduled_minutes: i64,
    pub worked_minutes: i64,
    pub overtime_minutes: i64,
    /// The role's share of the line's pay, in cents; the shares add up to the line's pay.
    pub pay_cents: i64,
}

/// The whole minutes of `[a, b)` within `[from, to)`, counted on the clock's minute grid:
/// each end is taken at the minute it falls in. So counted, the minutes of a piece cut
/// anywhere (at a day, a week or a range's edge) add up to the piece's own.
pub fn grid_minutes(
    a: DateTime<Utc>,
    b: DateTime<Utc>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> i64 {
    let (a, b) = (a.max(from), b.min(to));
    if b <= a {
        return 0;
    }
    b.timestamp().div_euclid(60) - a.timestamp().div_euclid(60)
}

/// The whole minutes worked and on break of one piece of work within `[from, to)`, up to
/// `until` while it runs, on the minute grid ([`grid_minutes`]), so a line is the sum of its
/// pieces as the time-tracking export lists them, however a range cuts them.
pub fn minutes_of(
    timeline: &Timeline,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    until: DateTime<Utc>,
) -> (i64, i64) {
    let end = timeline.end.unwrap_or(until);
    let span = grid_minutes(timeline.start, end, from, to);
    let breaks: i64 = timeline
        .breaks
        .iter()
        .map(|b| grid_minutes(b.start, b.end.unwrap_or(end).min(end), from, to))
        .sum();
    ((span - breaks).max(0), breaks)
}

/// Rounds an amount of money to whole cents, halves away from zero.
pub fn to_cents(amount: f64) -> i64 {
    (amount * 100.0).round() as i64
}

/// Splits `total` cents in proportion to `weights` so that the parts add up to it exactly
/// (the largest remainders get the odd cents; ties go to the earlier part).
pub fn split_cents(total: i64, weights: &[f64]) -> Vec<i64> {
    let sum: f64 = weights.iter().sum();
    if weights.is_empty() || sum <= 0.0 {
        let mut parts = vec![0; weights.len()];
        if let Some(first) = parts.first_mut() {
            *first = total;
        }
        return parts;
    }
    let exact: Vec<f64> = weights.iter().map(|w| total as f64 * w / sum).collect();
    let mut parts: Vec<i64> = exact.iter().map(|x| x.floor() as i64).collect();
    let mut left = total - parts.iter().sum::<i64>();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| {
        let (ra, rb) = (exact[a] - exact[a].floor(), exact[b] - exact[b].floor());
        rb.total_cmp(&ra).then(a.cmp(&b))
    });
    for i in order.into_iter().cycle() {
        if left <= 0 {
            break;
        }
        parts[i] += 1;
        left -= 1;
    }
    parts
}

/// Computes each worker's line for the period `[from, to)`, as of `now`. Worked time is
/// clipped to the period and counted in whole minutes per piece of work; overtime is the
/// time beyond the rules' weekly limit, taken from the period's last work, and is paid at the
/// overtime rate on hourly wages (weekly wages pay the week's wage whatever the hours). The
/// line's pay is rounded to the cent once, and its role parts add up to it.
pub fn lines(
    workers: &[Worker],
    planned: &[Planned],
    worked: &[Worked],
    rules: PayRules,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    now: DateTime<Utc>,
) -> Vec<Line> {
    let until = now.min(to);
    let limit = rules.overtime_after.num_minutes();
    workers
        .iter()
        .map(|w| {
            let mut line = Line {
                employee: w.id,
                ..Line::default()
            };
            for p in planned.iter().filter(|p| p.employee == w.id) {
                let minutes = grid_minutes(p.start, p.end, from, to);
                line.scheduled_minutes += minutes;
                line.roles.entry(p.role).or_default().scheduled_minutes += minutes;
            }
            let mut mine: Vec<&Worked> = worked.iter().filter(|s| s.employee == w.id).collect();
            mine.sort_by_key(|s| s.timeline.start);
            let mut total = 0;
            // Minutes per role, regular and overtime.
            let mut regular: BTreeMap<Option<Uuid>, i64> = BTreeMap::new();
            let mut overtime: BTreeMap<Option<Uuid>, i64> = BTreeMap::new();
            for s in mine {
                let (work, breaks) = minutes_of(&s.timeline, (from, to), until);
                line.sessions += 1;
                line.late += usize::from(s.late_seconds > 0);
                line.open += usize::from(s.timeline.end.is_none());
                line.break_minutes += breaks;
                let normal = work.min((limit - total).max(0));
                *regular.entry(s.role).or_default() += normal;
                *overtime.entry(s.role).or_default() += work - normal;
                total += work;
            }
            line.worked_minutes = total;
            line.overtime_minutes = (total - limit).max(0);
            let wage = |role: &Option<Uuid>| {
                role.and_then(|r| w.wages.get(&r).copied())
                    .or_else(|| w.wages.values().copied().reduce(f64::max))
                    .unwrap_or(0.0)
            };
            // The exact amount earned per role, before rounding.
            let mut earned: BTreeMap<Option<Uuid>, f64> = BTreeMap::new();
            for (role, minutes) in &regular {
                line.roles.entry(*role).or_default().worked_minutes += minutes;
                *earned.entry(*role).or_default() += *minutes as f64 * wage(role) / 60.0;
            }
            for (role, minutes) in &overtime {
                let part = line.roles.entry(*role).or_default();
                part.worked_minutes += minutes;
                part.overtime_minutes += minutes;
                *earned.entry(*role).or_default() +=
                    *minutes as f64 * wage(role) * rules.overtime_rate / 60.0;
            }
            let (pay, weights): (i64, Vec<f64>) = match w.wage_type {
                WageType::Hourly => (
                    to_cents(earned.values().sum()),
                    line.roles
                        .keys()
                        .map(|r| earned.get(r).copied().unwrap_or(0.0))
                        .collect(),
                ),
                WageType::Weekly => (
                    to_cents(w.wages.values().copied().reduce(f64::max).unwrap_or(0.0)),
                    line.roles
                        .values()
                        .map(|p| p.worked_minutes as f64)
                        .collect(),
                ),
            };
            if weights.iter().sum::<f64>() > 0.0 {
                for (part, cents) in line.roles.values_mut().zip(split_cents(pay, &weights)) {
                    part.pay_cents = cents;
                }
            } else if pay != 0 {
                // A week's wage without work is the cost of the role it is the wage of.
                let role = w
                    .wages
                    .iter()
                    .max_by(|a, b| a.1.total_cmp(b.1))
                    .map(|(r, _)| *r);
                line.roles.entry(role).or_default().pay_cents = pay;
            }
            line.pay_cents = pay;
            line
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::clock::Break;
    use chrono::TimeZone;

    fn t(d: u32, h: u32, m: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, d, h, m, 0)
            .single()
            .expect("as set up")
    }

    #[test]
    fn minutes_on_the_grid_add_up_however_a_piece_is_cut() {
        // Two hours from 22:05:30, cut at midnight (a day's edge) and at an instant with
        // seconds: the parts count the two hours, where dropping each part's seconds lost one.
        let start = t(23, 22, 5) + Duration::seconds(30);
        let end = start + Duration::hours(2);
        let (from, to) = (t(23, 0, 0), t(25, 0, 0));
        assert_eq!(grid_minutes(start, end, from, to), 120);
        for cut in [t(24, 0, 0), t(23, 23, 17) + Duration::seconds(41)] {
            let parts = grid_minutes(start, end, from, cut) + grid_minutes(start, end, cut, to);
            assert_eq!(parts, 120, "cut at {cut}");
        }
        assert_eq!(grid_minutes(end, start, from, to), 0);
        assert_eq!(grid_minutes(start, end, to, to), 0);
    }

    fn rules() -> PayRules {
        PayRules {
            overtime_after: Duration::hours(40),
            overtime_rate: 1.5,
        }
    }

    fn work(
        employee: Uuid,
        role: Option<Uuid>,
        start: DateTime<Utc>,
        end: Option<DateTime<Utc>>,
        breaks: Vec<Break>,
    ) -> Worked {
        Worked {
            employee,
            role,
            timeline: Timeline { start, breaks, end },
            late_seconds: 0,
        }
    }

    #[test]
    fn periods_start_on_the_stores_first_weekday() {
        // 2026-11-25 is a Wednesday.
        let wed = NaiveDate::from_ymd_opt(2026, 11, 25).expect("as set up");
        let (first, start, end) = period_of(wed, 1, chrono_tz::UTC);
        assert_eq!(
            first,
            NaiveDate::from_ymd_opt(2026, 11, 23).expect("as set up")
        );
        assert_eq!(start, t(23, 0, 0));
        assert_eq!(end, t(30, 0, 0));
        let (first, ..) = period_of(wed, 0, chrono_tz::UTC);
        assert_eq!(
            first,
            NaiveDate::from_ymd_opt(2026, 11, 22).expect("as set up")
        );
        // The first day itself starts its own period.
        let (first, ..) = period_of(first, 0, chrono_tz::UTC);
        assert_eq!(
            first,
            NaiveDate::from_ymd_opt(2026, 11, 22).expect("as set up")
        );
        // In Berlin the period starts at local midnight.
        let (_, start, _) = period_of(wed, 1, chrono_tz::Europe::Berlin);
        assert_eq!(start, t(22, 23, 0));
    }

    #[test]
    fn hours_breaks_overtime_and_pay() {
        let (ana, barista, cook) = (Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3));
        let worker = Worker {
            id: ana,
            wage_type: WageType::Hourly,
            wages: [(barista, 10.0), (cook, 20.0)].into(),
        };
        // Five days of 9 hours with a 30-minute break: 42.5 hours worked.
        let mut worked: Vec<Worked> = (23..28)
            .map(|d| {
                work(
                    ana,
                    Some(barista),
                    t(d, 8, 0),
                    Some(t(d, 17, 0)),
                    vec![Break {
                        start: t(d, 12, 0),
                        end: Some(t(d, 12, 30)),
                    }],
                )
            })
            .collect();
        // Someone else's work does not count.
        worked.push(work(
            Uuid::from_u128(9),
            None,
            t(23, 8, 0),
            Some(t(23, 17, 0)),
            vec![],
        ));
        let planned = vec![Planned {
            employee: ana,
            role: Some(barista),
            start: t(23, 8, 0),
            end: t(23, 16, 0),
        }];
        let line = &lines(
            std::slice::from_ref(&worker),
            &planned,
            &worked,
            rules(),
            (t(23, 0, 0), t(30, 0, 0)),
            t(30, 0, 0),
        )[0];
        assert_eq!(line.scheduled_minutes, 480);
        assert_eq!(line.worked_minutes, 42 * 60 + 30);
        assert_eq!(line.break_minutes, 150);
        assert_eq!(line.overtime_minutes, 150);
        assert_eq!(line.sessions, 5);
        // 40 h at 10 + 2.5 h at 15.
        assert_eq!(line.pay_cents, 43_750);
        // Overtime worked in the better-paid role is paid at its wage.
        worked[4].role = Some(cook);
        let line = &lines(
            &[worker],
            &planned,
            &worked,
            rules(),
            (t(23, 0, 0), t(30, 0, 0)),
            t(30, 0, 0),
        )[0];
        // 34 h at 10, 6 h at 20 (regular), 2.5 h at 30.
        assert_eq!(line.pay_cents, 34_000 + 12_000 + 7_500);
    }

    #[test]
    fn open_sessions_count_until_now_and_work_is_clipped_to_the_period() {
        let ana = Uuid::from_u128(1);
        let worker = Worker {
            id: ana,
            wage_type: WageType::Weekly,
            wages: [(Uuid::from_u128(2), 500.0)].into(),
        };
        let worked = vec![
            // Started the evening before the period.
            work(ana, None, t(22, 22, 0), Some(t(23, 2, 0)), vec![]),
            // Still running, on break since 11:00.
            work(
                ana,
                None,
                t(24, 9, 0),
                None,
                vec![Break {
                    start: t(24, 11, 0),
                    end: None,
                }],
            ),
        ];
        let line = &lines(
            &[worker],
            &[],
            &worked,
            rules(),
            (t(23, 0, 0), t(30, 0, 0)),
            t(24, 12, 0),
        )[0];
        assert_eq!(line.worked_minutes, 120 + 120);
        assert_eq!(line.break_minutes, 60);
        assert_eq!(line.open, 1);
        // A weekly wage is the week's pay.
        assert_eq!(line.pay_cents, 50_000);
    }
}
