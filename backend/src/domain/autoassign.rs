//! Auto-assign: who may take an open shift, and a fair proposal for a range of open shifts.
//!
//! A candidate takes a shift only when `createShift` would accept them for it
//! ([`schedule::check_create`]: no conflicting shift, inside their availability, no accepted
//! time off, holding the shift's role), and when two rules of the week hold as well: their
//! scheduled minutes in the shift's week stay within the store's weekly limit (no overtime is
//! planned), and they rest at least the store's minimum between this shift and their others.
//!
//! Fairness: shifts are filled in start order, and each goes to the candidate with the fewest
//! scheduled minutes in that shift's week so far (their existing shifts plus what this proposal
//! already gave them); ties go to the one given the fewest minutes by this proposal, then to
//! the lower id, so the same input always gives the same proposal. Greedy least-loaded
//! assignment keeps everyone's week close to the others' without searching every combination,
//! which keeps 500 shifts for 200 people well under a second.

use crate::domain::availability::Window;
use crate::domain::calendar;
use crate::domain::schedule::{self, Assignee, ShiftError, Span};
use crate::domain::time_off;
use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use serde::Serialize;
use std::collections::HashMap;
use uuid::Uuid;

/// The store's rules of the week.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Scheduled minutes a week an employee may reach (the overtime threshold).
    pub weekly_minutes: i64,
    /// Least rest between two shifts of one employee.
    pub min_rest: Duration,
    /// The first day of the store's week, 0 = Sunday.
    pub week_start: u8,
}

/// An employee as auto-assign sees them.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub id: Uuid,
    pub name: String,
    pub roles: Vec<Uuid>,
    /// The time their other shifts occupy (open-ended ones to the end of their day).
    pub shifts: Vec<Span>,
    /// Their availability windows; none means available at any time.
    pub availability: Vec<Window>,
    /// Their accepted time off.
    pub time_off: Vec<time_off::Span>,
}

/// An open shift to fill.
#[derive(Debug, Clone, Copy)]
pub struct OpenShift {
    pub id: Uuid,
    /// The time it occupies.
    pub span: Span,
    pub role: Option<Uuid>,
}

/// Why nobody (or a given candidate) can take a shift, most basic first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Nobody holds the shift's role.
    NoRole,
    /// Outside their availability.
    Unavailable,
    /// They have accepted time off then.
    TimeOff,
    /// They have another shift then.
    Conflict,
    /// Less rest than the store's minimum before or after another shift.
    Rest,
    /// Their week would pass the store's weekly limit.
    Overtime,
}

impl From<&ShiftError> for Reason {
    fn from(e: &ShiftError) -> Reason {
        match e {
            ShiftError::NotAvailable { .. } => Reason::Unavailable,
            ShiftError::TimeOff { .. } => Reason::TimeOff,
            ShiftError::RoleMismatch { .. } => Reason::NoRole,
            ShiftError::Conflict { .. }
            | ShiftError::UpdateConflict { .. }
            | ShiftError::Invalid(_) => Reason::Conflict,
        }
    }
}

/// The minutes of a span.
pub fn minutes(span: &Span) -> i64 {
    (span.end - span.start).num_minutes().max(0)
}

/// The first instant of the store week a span counts in (the week it starts in).
pub fn week_key(zone: Tz, week_start: u8, span: &Span) -> DateTime<Utc> {
    calendar::week_of(zone, span.start, week_start).0
}

/// Whether `span` leaves less than `min_rest` between itself and one of `others` (spans that
/// overlap it are conflicts, judged by the schedule checks).
pub fn too_little_rest(span: &Span, others: &[Span], min_rest: Duration) -> bool {
    others.iter().any(|o| {
        (o.end <= span.start && span.start - o.end < min_rest)
            || (span.end <= o.start && o.start - span.end < min_rest)
    })
}

/// Scheduled minutes per store week of a list of spans.
pub fn weekly_minutes(zone: Tz, week_start: u8, spans: &[Span]) -> HashMap<DateTime<Utc>, i64> {
    let mut weeks = HashMap::new();
    for s in spans {
        *weeks.entry(week_key(zone, week_start, s)).or_insert(0) += minutes(s);
    }
    weeks
}

/// Whether `who` may take `shift`, given their minutes already in its week: the createShift
/// checks, then rest, then the weekly limit.
pub fn check(
    zone: Tz,
    limits: Limits,
    shift: &OpenShift,
    who: &Candidate,
    week_minutes: i64,
) -> Result<(), Reason> {
    let has_role = shift.role.is_none_or(|r| who.roles.contains(&r));
    if !has_role {
        // The cheapest refusal first: most of a large store lacks any one role.
        return Err(Reason::NoRole);
    }
    let assignee = Assignee {
        name: &who.name,
        has_role,
        other_shifts: &who.shifts,
        availability: &who.availability,
        time_off: &who.time_off,
    };
    schedule::check_create(zone, &shift.span, &assignee).map_err(|e| Reason::from(&e))?;
    if too_little_rest(&shift.span, &who.shifts, limits.min_rest) {
        return Err(Reason::Rest);
    }
    if week_minutes + minutes(&shift.span) > limits.weekly_minutes {
        return Err(Reason::Overtime);
    }
    Ok(())
}

/// One proposed assignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Assignment {
    pub shift: Uuid,
    pub employee: Uuid,
}

/// A shift left open, with why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unfilled {
    pub shift: Uuid,
    pub reason: Reason,
}

/// What auto-assign proposes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Proposal {
    pub assigned: Vec<Assignment>,
    pub unfilled: Vec<Unfilled>,
}

/// Proposes an employee for each open shift (see the module's note on fairness). An unfilled
/// shift's reason is the one most role holders were refused for (the most basic on a tie), or
/// `NoRole` when nobody holds its role.
pub fn propose(
    zone: Tz,
    limits: Limits,
    shifts: &[OpenShift],
    candidates: &[Candidate],
) -> Proposal {
    let mut people: Vec<Candidate> = candidates.to_vec();
    people.sort_by_key(|c| c.id);
    // Minutes per (person, week), and what this proposal gave each person.
    let mut week: HashMap<(usize, DateTime<Utc>), i64> = HashMap::new();
    for (i, c) in people.iter().enumerate() {
        for (k, m) in weekly_minutes(zone, limits.week_start, &c.shifts) {
            week.insert((i, k), m);
        }
    }
    let mut given = vec![0i64; people.len()];
    let mut order: Vec<&OpenShift> = shifts.iter().collect();
    order.sort_by_key(|s| (s.span.start, s.span.end, s.id));
    let mut out = Proposal::default();
    for shift in order {
        let key = week_key(zone, limits.week_start, &shift.span);
        let mut best: Option<(i64, i64, usize)> = None;
        let mut refused: HashMap<Reason, usize> = HashMap::new();
        for (i, c) in people.iter().enumerate() {
            let have = week.get(&(i, key)).copied().unwrap_or(0);
            match check(zone, limits, shift, c, have) {
                Ok(()) => {
                    let rank = (have, given[i], i);
                    if best.is_none_or(|b| rank < b) {
                        best = Some(rank);
                    }
                }
                Err(Reason::NoRole) => {}
                Err(r) => *refused.entry(r).or_insert(0) += 1,
            }
        }
        match best {
            Some((_, _, i)) => {
                let m = minutes(&shift.span);
                *week.entry((i, key)).or_insert(0) += m;
                given[i] += m;
                people[i].shifts.push(shift.span);
                out.assigned.push(Assignment {
                    shift: shift.id,
                    employee: people[i].id,
                });
            }
            None => {
                let reason = refused
                    .into_iter()
                    .max_by(|(ra, na), (rb, nb)| na.cmp(nb).then(rb.cmp(ra)))
                    .map_or(Reason::NoRole, |(r, _)| r);
                out.unfilled.push(Unfilled {
                    shift: shift.id,
                    reason,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::business::TimeOfDay;
    use chrono::TimeZone;
    use chrono_tz::{Europe::Berlin, UTC};
    use proptest::prelude::*;

    /// Monday 2026-05-04 00:00 UTC plus `h` hours.
    fn at(h: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 5, 4, 0, 0, 0)
            .single()
            .expect("valid")
            + Duration::hours(h)
    }

    fn span(a: i64, b: i64) -> Span {
        Span {
            start: at(a),
            end: at(b),
        }
    }

    const LIMITS: Limits = Limits {
        weekly_minutes: 2400,
        min_rest: Duration::hours(11),
        week_start: 1,
    };

    fn id(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    fn person(n: u128, roles: &[u128]) -> Candidate {
        Candidate {
            id: id(n),
            name: format!("P{n}"),
            roles: roles.iter().map(|r| id(*r)).collect(),
            shifts: Vec::new(),
            availability: Vec::new(),
            time_off: Vec::new(),
        }
    }

    fn open(n: u128, a: i64, b: i64, role: u128) -> OpenShift {
        OpenShift {
            id: id(1000 + n),
            span: span(a, b),
            role: Some(id(role)),
        }
    }

    #[test]
    fn a_shift_goes_to_someone_holding_its_role() {
        let p = propose(
            UTC,
            LIMITS,
            &[open(1, 9, 17, 7)],
            &[person(1, &[8]), person(2, &[7])],
        );
        assert_eq!(
            p.assigned,
            vec![Assignment {
                shift: id(1001),
                employee: id(2)
            }]
        );
        assert!(p.unfilled.is_empty());
    }

    #[test]
    fn nobody_with_the_role_leaves_the_shift_open_saying_so() {
        let p = propose(UTC, LIMITS, &[open(1, 9, 17, 7)], &[person(1, &[8])]);
        assert!(p.assigned.is_empty());
        assert_eq!(
            p.unfilled,
            vec![Unfilled {
                shift: id(1001),
                reason: Reason::NoRole
            }]
        );
    }

    #[test]
    fn hours_are_spread_to_the_least_loaded_person() {
        // Five day shifts, two people: each gets some, neither all.
        let shifts: Vec<OpenShift> = (0..4)
            .map(|d| open(d as u128, 24 * d + 9, 24 * d + 17, 7))
            .collect();
        let p = propose(UTC, LIMITS, &shifts, &[person(1, &[7]), person(2, &[7])]);
        let first = p.assigned.iter().filter(|a| a.employee == id(1)).count();
        assert_eq!(p.assigned.len(), 4);
        assert_eq!(first, 2);
        // Someone already busy this week gets the new shift last.
        let mut busy = person(1, &[7]);
        busy.shifts.push(span(24 * 5 + 9, 24 * 5 + 17));
        let p = propose(UTC, LIMITS, &[open(9, 9, 17, 7)], &[busy, person(2, &[7])]);
        assert_eq!(p.assigned[0].employee, id(2));
    }

    #[test]
    fn the_weekly_limit_is_never_passed() {
        let mut tired = person(1, &[7]);
        // 36 hours already this week.
        for d in 0..4 {
            tired.shifts.push(span(24 * d + 8, 24 * d + 17));
        }
        let p = propose(
            UTC,
            LIMITS,
            &[open(1, 24 * 5 + 9, 24 * 5 + 17, 7)],
            &[tired.clone()],
        );
        assert_eq!(p.unfilled[0].reason, Reason::Overtime);
        // Next week counts afresh.
        let p = propose(
            UTC,
            LIMITS,
            &[open(1, 24 * 8 + 9, 24 * 8 + 17, 7)],
            &[tired],
        );
        assert_eq!(p.assigned.len(), 1);
    }

    #[test]
    fn rest_below_the_minimum_is_refused_either_side() {
        let mut late = person(1, &[7]);
        late.shifts.push(span(14, 23));
        // 23:00 to 07:00 is 8 hours of rest.
        assert_eq!(
            check(UTC, LIMITS, &open(1, 31, 39, 7), &late, 0),
            Err(Reason::Rest)
        );
        assert_eq!(check(UTC, LIMITS, &open(1, 34, 42, 7), &late, 0), Ok(()));
        // Before it, too: a shift ending 06:00 leaves 8 hours before 14:00.
        assert_eq!(
            check(UTC, LIMITS, &open(1, -2, 6, 7), &late, 0),
            Err(Reason::Rest)
        );
        // A rest rule of zero allows back-to-back shifts.
        let none = Limits {
            min_rest: Duration::zero(),
            ..LIMITS
        };
        assert_eq!(check(UTC, none, &open(1, 23, 30, 7), &late, 0), Ok(()));
    }

    #[test]
    fn the_create_checks_apply_with_their_reasons() {
        let mut p = person(1, &[7]);
        p.shifts.push(span(10, 12));
        assert_eq!(
            check(UTC, LIMITS, &open(1, 9, 17, 7), &p, 0),
            Err(Reason::Conflict)
        );
        let mut p = person(1, &[7]);
        let t = |s: &str| TimeOfDay::parse(s).expect("time");
        // Available Mondays 12:00-20:00 only.
        p.availability = vec![Window::new(&[1], t("12:00"), t("20:00"), false).expect("window")];
        assert_eq!(
            check(UTC, LIMITS, &open(1, 9, 17, 7), &p, 0),
            Err(Reason::Unavailable)
        );
        assert_eq!(check(UTC, LIMITS, &open(1, 12, 20, 7), &p, 0), Ok(()));
        let mut p = person(1, &[7]);
        p.time_off = vec![time_off::Span {
            start: at(0),
            end: at(24) - Duration::milliseconds(1),
            entire_day: true,
        }];
        assert_eq!(
            check(UTC, LIMITS, &open(1, 9, 17, 7), &p, 0),
            Err(Reason::TimeOff)
        );
    }

    #[test]
    fn two_open_shifts_at_once_go_to_two_people() {
        let p = propose(
            UTC,
            LIMITS,
            &[open(1, 9, 17, 7), open(2, 9, 17, 7)],
            &[person(1, &[7]), person(2, &[7])],
        );
        assert_eq!(p.assigned.len(), 2);
        assert_ne!(p.assigned[0].employee, p.assigned[1].employee);
        // With one person, the second is a conflict.
        let p = propose(
            UTC,
            LIMITS,
            &[open(1, 9, 17, 7), open(2, 9, 17, 7)],
            &[person(1, &[7])],
        );
        assert_eq!(p.unfilled[0].reason, Reason::Conflict);
    }

    #[test]
    fn weeks_follow_the_store_zone_and_first_day() {
        // Sunday 23:30 Berlin is Sunday 21:30 UTC: with Monday weeks it is the old week.
        let s = Span {
            start: Utc
                .with_ymd_and_hms(2026, 5, 10, 21, 30, 0)
                .single()
                .expect("t"),
            end: Utc
                .with_ymd_and_hms(2026, 5, 11, 5, 30, 0)
                .single()
                .expect("t"),
        };
        let k = week_key(Berlin, 1, &s);
        assert_eq!(
            k,
            Utc.with_ymd_and_hms(2026, 5, 3, 22, 0, 0)
                .single()
                .expect("t")
        );
    }

    fn arb_span() -> impl Strategy<Value = Span> {
        // Within two weeks, on the half hour, 2 to 12 hours long.
        (0i64..(14 * 48), 4i64..=24).prop_map(|(s, len)| Span {
            start: at(0) + Duration::minutes(30 * s),
            end: at(0) + Duration::minutes(30 * (s + len)),
        })
    }

    fn arb_candidate(n: u128) -> impl Strategy<Value = Candidate> {
        (
            prop::collection::vec(0u128..3, 0..3),
            prop::collection::vec(arb_span(), 0..4),
            prop::option::of((0u32..24, 4u32..16, prop::collection::vec(0i16..7, 1..7))),
            prop::option::of(arb_span()),
        )
            .prop_map(move |(roles, shifts, window, off)| {
                let mut c = person(n, &roles);
                // Existing shifts may break the rules themselves (a manager's choice); they
                // only constrain what is added.
                c.shifts = shifts;
                if let Some((h, len, days)) = window {
                    let t = |m: u32| {
                        TimeOfDay::parse(&format!("{:02}:{:02}", (m / 60) % 24, m % 60))
                            .expect("time")
                    };
                    c.availability =
                        vec![Window::new(&days, t(h * 60), t(h * 60 + len * 60), false)
                            .expect("window")];
                }
                c.time_off = off
                    .map(|s| time_off::Span {
                        start: s.start,
                        end: s.end,
                        entire_day: false,
                    })
                    .into_iter()
                    .collect();
                c
            })
    }

    fn arb_world() -> impl Strategy<Value = (Vec<Candidate>, Vec<OpenShift>, Limits)> {
        (
            (0u128..6).prop_flat_map(|n| {
                (0..n)
                    .map(|i| arb_candidate(i + 1).boxed())
                    .collect::<Vec<_>>()
            }),
            prop::collection::vec((arb_span(), prop::option::of(0u128..3)), 0..25),
            (600i64..3000, 0i64..16, 0u8..7),
        )
            .prop_map(|(people, shifts, (weekly, rest, first))| {
                let shifts = shifts
                    .into_iter()
                    .enumerate()
                    .map(|(i, (span, role))| OpenShift {
                        id: id(5000 + i as u128),
                        span,
                        role: role.map(id),
                    })
                    .collect();
                let limits = Limits {
                    weekly_minutes: weekly,
                    min_rest: Duration::hours(rest),
                    week_start: first,
                };
                (people, shifts, limits)
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Checked afresh on the final schedule, every proposed assignment keeps every rule
        /// auto-assign checks: role, availability, time off, no overlap with any other shift
        /// of the person (old or proposed), rest, and a week within the limit.
        #[test]
        fn auto_assign_never_breaks_a_rule_it_checks((people, shifts, limits) in arb_world()) {
            let zone = Berlin;
            let p = propose(zone, limits, &shifts, &people);
            // Every shift is either assigned once or left open with a reason.
            prop_assert_eq!(p.assigned.len() + p.unfilled.len(), shifts.len());
            let by_id: HashMap<Uuid, &OpenShift> = shifts.iter().map(|s| (s.id, s)).collect();
            for c in &people {
                let mine: Vec<&OpenShift> = p
                    .assigned
                    .iter()
                    .filter(|a| a.employee == c.id)
                    .map(|a| by_id[&a.shift])
                    .collect();
                let added: Vec<Span> = mine.iter().map(|s| s.span).collect();
                for (i, s) in mine.iter().enumerate() {
                    prop_assert!(s.role.is_none_or(|r| c.roles.contains(&r)));
                    // Everything else this person holds once the proposal is accepted.
                    let others: Vec<Span> = c
                        .shifts
                        .iter()
                        .copied()
                        .chain(added.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, x)| *x))
                        .collect();
                    prop_assert!(!others.iter().any(|o| o.overlaps(&s.span)));
                    prop_assert!(!too_little_rest(&s.span, &others, limits.min_rest));
                    if !c.availability.is_empty() {
                        prop_assert!(crate::domain::availability::fits(
                            &c.availability, s.span.start, s.span.end, zone));
                    }
                    prop_assert!(!c.time_off.iter().any(|t| t.overlaps(s.span.start, s.span.end)));
                }
                // Each week this proposal added to stays within the limit.
                let before = weekly_minutes(zone, limits.week_start, &c.shifts);
                let all: Vec<Span> = c.shifts.iter().copied().chain(added.iter().copied()).collect();
                for (week, total) in weekly_minutes(zone, limits.week_start, &all) {
                    if before.get(&week) != Some(&total) {
                        prop_assert!(total <= limits.weekly_minutes);
                    }
                }
            }
            // A shift left open for a reason other than the role had nobody who could take it.
            for u in &p.unfilled {
                let s = by_id[&u.shift];
                prop_assert!(people.iter().any(|c| s.role.is_none_or(|r| c.roles.contains(&r))) || u.reason == Reason::NoRole);
            }
        }
    }
}
