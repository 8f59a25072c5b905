//! Auto-assign's benchmark: 200 employees and 500 open shifts in one week of a Berlin store.
//!
//! `cargo run -p backend --release --example autoassign_bench` prints the time one proposal
//! takes (the best and the median of several runs), how many shifts were filled, and how
//! evenly the hours were spread.

use backend::domain::autoassign::{self, Candidate, Limits, OpenShift};
use backend::domain::availability::Window;
use backend::domain::business::TimeOfDay;
use backend::domain::schedule::Span;
use backend::domain::time_off;
use chrono::{DateTime, Duration, TimeZone, Utc};
use chrono_tz::Europe::Berlin;
use std::time::Instant;
use uuid::Uuid;

const EMPLOYEES: u128 = 200;
const SHIFTS: u128 = 500;
const ROLES: u128 = 5;
const RUNS: usize = 7;

/// A small deterministic generator, so every run weighs the same store.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, below: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) % below
    }
}

fn monday() -> DateTime<Utc> {
    Berlin
        .with_ymd_and_hms(2026, 6, 1, 0, 0, 0)
        .single()
        .expect("a Berlin Monday")
        .with_timezone(&Utc)
}

fn hours(day: u64, from: u64, len: u64) -> Span {
    let start = monday() + Duration::days(day as i64) + Duration::hours(from as i64);
    Span {
        start,
        end: start + Duration::hours(len as i64),
    }
}

fn world() -> (Vec<Candidate>, Vec<OpenShift>) {
    let mut rng = Lcg(42);
    let time = |h: u64| TimeOfDay::parse(&format!("{h:02}:00")).expect("time");
    let people = (0..EMPLOYEES)
        .map(|i| {
            let roles = (0..1 + rng.next(2))
                .map(|_| Uuid::from_u128(1 + u128::from(rng.next(ROLES as u64))))
                .collect();
            // Two or three shifts already planned this week.
            let shifts = (0..2 + rng.next(2))
                .map(|_| hours(rng.next(7), 6 + rng.next(10), 4 + rng.next(5)))
                .collect();
            // One in three gave availability windows; one in ten has a day off.
            let availability = if rng.next(3) == 0 {
                let days: Vec<i16> = (0..7).filter(|_| rng.next(4) != 0).collect();
                let days = if days.is_empty() { vec![1] } else { days };
                vec![Window::new(&days, time(6), time(23), false).expect("window")]
            } else {
                Vec::new()
            };
            let time_off = if rng.next(10) == 0 {
                let s = hours(rng.next(7), 0, 24);
                vec![time_off::Span {
                    start: s.start,
                    end: s.end - Duration::milliseconds(1),
                    entire_day: true,
                }]
            } else {
                Vec::new()
            };
            Candidate {
                id: Uuid::from_u128(1000 + i),
                name: format!("Employee {i}"),
                roles,
                shifts,
                availability,
                time_off,
            }
        })
        .collect();
    let shifts = (0..SHIFTS)
        .map(|i| OpenShift {
            id: Uuid::from_u128(100_000 + i),
            span: hours(rng.next(7), 6 + rng.next(12), 4 + rng.next(5)),
            role: Some(Uuid::from_u128(1 + u128::from(rng.next(ROLES as u64)))),
        })
        .collect();
    (people, shifts)
}

fn main() {
    let (people, shifts) = world();
    let limits = Limits {
        weekly_minutes: 2400,
        min_rest: Duration::hours(11),
        week_start: 1,
    };
    let mut times = Vec::with_capacity(RUNS);
    let mut proposal = autoassign::Proposal::default();
    for _ in 0..RUNS {
        let t = Instant::now();
        proposal = autoassign::propose(Berlin, limits, &shifts, &people);
        times.push(t.elapsed());
    }
    times.sort();
    let mut given: std::collections::HashMap<Uuid, i64> = std::collections::HashMap::new();
    for a in &proposal.assigned {
        let s = shifts.iter().find(|s| s.id == a.shift).expect("shift");
        *given.entry(a.employee).or_insert(0) += autoassign::minutes(&s.span);
    }
    let most = given.values().max().copied().unwrap_or(0);
    let least = given.values().min().copied().unwrap_or(0);
    println!(
        "auto-assign: {EMPLOYEES} employees, {SHIFTS} open shifts: best {:.1} ms, median {:.1} ms",
        times[0].as_secs_f64() * 1e3,
        times[RUNS / 2].as_secs_f64() * 1e3
    );
    println!(
        "filled {}, left open {}; {} people given shifts, from {:.1} to {:.1} hours each",
        proposal.assigned.len(),
        proposal.unfilled.len(),
        given.len(),
        least as f64 / 60.0,
        most as f64 / 60.0
    );
}
