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

/// Clocked work of the period.
#[derive(Debug, Clone)]
pub struct Worked {
    pub employee: Uuid,
    /// The role the work was done in, when known (its wage applies).
    pub role: Option<Uuid>,
    pub timeline: Timeline,
    /// Started after the shift's planned start.
    pub late: bool,
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
    pub sessions: usize,
    pub late: usize,
    /// Sessions still running (counted up to the period's end or now, whichever is first).
    pub open: usize,
    /// Pay, rounded to cents.
    pub pay: f64,
    /// The same figures per role (`None`: work in no known role).
    pub roles: BTreeMap<Option<Uuid>, RolePart>,
}

/// One role's share of an employee's line.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RolePart {
    pub scheduled_minutes: i64,
    pub worked_minutes: i64,
    pub overtime_minutes: i64,
    /// Pay for the role's hours, rounded to cents (weekly wages: the week's wage spread over
    /// the roles by worked time).
    pub pay: f64,
}

fn clip(a: DateTime<Utc>, b: DateTime<Utc>, from: DateTime<Utc>, to: DateTime<Utc>) -> Duration {
    (b.min(to) - a.max(from)).max(Duration::zero())
}

/// Computes each worker's line for the period `[from, to)`, as of `now`. Worked time is
/// clipped to the period; overtime is the time beyond the rules' weekly limit, taken from
/// the period's last work, and is paid at the overtime rate on hourly wages (weekly wages
/// pay the week's wage whatever the hours).
pub fn lines(
    workers: &[Worker],
    planned: &[Planned],
    worked: &[Worked],
    rules: PayRules,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    now: DateTime<Utc>,
) -> Vec<Line> {
    let until = now.min(to);
    workers
        .iter()
        .map(|w| {
            let mut line = Line {
                employee: w.id,
                ..Line::default()
            };
            for p in planned.iter().filter(|p| p.employee == w.id) {
                let minutes = clip(p.start, p.end, from, to).num_minutes();
                line.scheduled_minutes += minutes;
                line.roles.entry(p.role).or_default().scheduled_minutes += minutes;
            }
            let mut mine: Vec<&Worked> = worked.iter().filter(|s| s.employee == w.id).collect();
            mine.sort_by_key(|s| s.timeline.start);
            let mut total = Duration::zero();
            // Worked time per role, regular and overtime.
            let mut regular: BTreeMap<Option<Uuid>, Duration> = BTreeMap::new();
            let mut overtime: BTreeMap<Option<Uuid>, Duration> = BTreeMap::new();
            for s in mine {
                let tl = &s.timeline;
                let end = tl.end.unwrap_or(until);
                let span = clip(tl.start, end, from, to);
                // Breaks within the period.
                let breaks = tl
                    .breaks
                    .iter()
                    .map(|b| clip(b.start, b.end.unwrap_or(end).min(end), from, to))
                    .fold(Duration::zero(), |a, b| a + b);
                let work = (span - breaks).max(Duration::zero());
                line.sessions += 1;
                line.late += usize::from(s.late);
                line.open += usize::from(tl.end.is_none());
                line.break_minutes += breaks.num_minutes();
                let room = (rules.overtime_after - total).max(Duration::zero());
                let normal = work.min(room);
                *regular.entry(s.role).or_default() += normal;
                *overtime.entry(s.role).or_default() += work - normal;
                total += work;
            }
            line.worked_minutes = total.num_minutes();
            line.overtime_minutes = (total - rules.overtime_after)
                .max(Duration::zero())
                .num_minutes();
            let wage = |role: &Option<Uuid>| {
                role.and_then(|r| w.wages.get(&r).copied())
                    .or_else(|| w.wages.values().copied().reduce(f64::max))
                    .unwrap_or(0.0)
            };
            let hours = |d: &Duration| d.num_seconds() as f64 / 3600.0;
            let cents = |x: f64| (x * 100.0).round() / 100.0;
            for (role, d) in &regular {
                let part = line.roles.entry(*role).or_default();
                part.worked_minutes += d.num_minutes();
                part.pay += hours(d) * wage(role);
            }
            for (role, d) in &overtime {
                let part = line.roles.entry(*role).or_default();
                part.worked_minutes += d.num_minutes();
                part.overtime_minutes += d.num_minutes();
                part.pay += hours(d) * wage(role) * rules.overtime_rate;
            }
            let pay = match w.wage_type {
                WageType::Hourly => line.roles.values().map(|p| p.pay).sum::<f64>(),
                WageType::Weekly => {
                    let week = w.wages.values().copied().reduce(f64::max).unwrap_or(0.0);
                    let worked = total.num_seconds() as f64;
                    for part in line.roles.values_mut() {
                        part.pay = if worked > 0.0 {
                            week * (part.worked_minutes * 60) as f64 / worked
                        } else {
                            0.0
                        };
                    }
                    week
                }
            };
            for part in line.roles.values_mut() {
                part.pay = cents(part.pay);
            }
            line.pay = cents(pay);
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
            late: false,
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
        assert_eq!(line.pay, 437.5);
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
        assert_eq!(line.pay, 340.0 + 120.0 + 75.0);
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
        assert_eq!(line.pay, 500.0);
    }
}
