//! The demo café's past: the two weeks before this one, and this week's days gone by, worked
//! as the rota says, each shift with its clock session and breaks. A few started late, one left
//! early, one stayed on, and the barista worked a sixth day last week (overtime).
//!
//! These are rows of the founding transaction, not commands: the commands take punches at most
//! a week late (the store's late-punch bound), so work done two weeks ago cannot be clocked
//! through them.

use crate::db::models::clock::ClockSession;
use crate::db::models::shift::Shift;
use crate::domain::clock::{self, Break, PunchSource, Timeline};
use crate::domain::ids::ClockSessionId;
use crate::domain::shift::{Progress, Status};
use crate::seed::cafe::{Demo, Rota, BARISTA, PEOPLE};
use crate::store::found::Past;
use chrono::Duration;
use serde_json::json;

/// The extra day the barista worked last week: a Saturday morning at the bar.
const EXTRA: Rota = Rota {
    person: BARISTA,
    role: 0,
    title: "Weekend bar",
    days: &[6],
    start: 7 * 60,
    end: 15 * 60,
};

/// How a worked shift went, chosen by a number that varies from shift to shift.
struct Went {
    late_minutes: i64,
    /// Minutes left before the end (negative: stayed on).
    early_minutes: i64,
    /// Two short breaks instead of one long one.
    split_break: bool,
    /// Clocked from a phone or at the store's clock.
    source: PunchSource,
    rate: Option<i16>,
}

/// The `n`th shift of a person (each person's own count, offset by `person` so that people
/// differ on the same day).
fn went(n: usize, person: usize) -> Went {
    let k = n * 3 + person;
    Went {
        late_minutes: match k % 8 {
            4 => 9,
            7 if n.is_multiple_of(2) => 14,
            _ => 0,
        },
        early_minutes: match k % 11 {
            6 => 20,
            9 => -25,
            _ => 0,
        },
        split_break: k % 4 == 1,
        source: if k.is_multiple_of(2) {
            PunchSource::Device
        } else {
            PunchSource::Phone
        },
        rate: match k % 9 {
            2 => Some(5),
            6 => Some(4),
            _ => None,
        },
    }
}

/// The worked shifts and sessions from two weeks before this one up to yesterday.
pub(super) fn worked(demo: &Demo) -> Past {
    let from = demo.week - Duration::days(14);
    let mut days = demo.rota_days(from, demo.today);
    let saturday = demo.week - Duration::days(1);
    if saturday >= from && saturday < demo.today {
        days.push((saturday, &EXTRA));
    }
    let mut past = Past {
        shifts: Vec::with_capacity(days.len()),
        sessions: Vec::with_capacity(days.len()),
    };
    let mut counts = [0usize; PEOPLE.len()];
    for (day, rota) in days {
        let start = demo.at(day, rota.start);
        let end = demo.at(day, rota.end);
        let how = went(counts[rota.person], rota.person);
        counts[rota.person] += 1;
        let who = demo.people[rota.person];
        let planned_at = start - Duration::days(10);
        let shift = Shift {
            status: Status::Confirmed,
            progress: Progress::Completed,
            assigned: Some(who.employee),
            assignee_email: Some(PEOPLE[rota.person].email.into()),
            role_id: Some(demo.roles[rota.role]),
            rate: how.rate,
            // Created, published, confirmed, started, completed.
            version: 5,
            updated_at: end,
            ..Shift::draft(demo.store, rota.title.into(), start, end, planned_at)
        };
        let began = start + Duration::minutes(how.late_minutes);
        let ended = end - Duration::minutes(how.early_minutes);
        let breaks = if how.split_break {
            vec![
                pause(start + Duration::minutes(150), 15),
                pause(start + Duration::minutes(300), 15),
            ]
        } else {
            vec![pause(start + Duration::minutes(240), 30)]
        };
        let timeline = Timeline {
            start: began,
            breaks,
            end: Some(ended),
        };
        let mut session = ClockSession {
            id: ClockSessionId::new(),
            store_id: demo.store,
            employee_id: who.employee,
            user_id: Some(who.user),
            shift_id: Some(shift.id),
            proposal_id: None,
            status: clock::SessionStatus::Completed,
            start_at: began,
            end_at: None,
            breaks: json!([]),
            locations: json!([]),
            source: how.source,
            device_start_at: None,
            device_end_at: None,
            server_start_at: began,
            server_end_at: Some(ended),
            late_seconds: clock::late_seconds(start, began),
            early_seconds: clock::early_seconds(end, ended),
            outside: false,
            drift_ms: None,
            // Started, each break's start and end, completed.
            version: 2 + 2 * timeline.breaks.len() as i64,
            created_at: began,
            updated_at: ended,
        };
        session.set_timeline(&timeline);
        past.sessions.push(session);
        past.shifts.push(shift);
    }
    past
}

fn pause(from: chrono::DateTime<chrono::Utc>, minutes: i64) -> Break {
    Break {
        start: from,
        end: Some(from + Duration::minutes(minutes)),
    }
}
