//! Who may work a booked session, and its work on their schedule: the shift of the event's
//! role it lies in, grown or made for it, and given back when the session goes.

use crate::db::models::booking::{BookedSession, BookingEvent};
use crate::db::models::shift::Shift;
use crate::domain::booking::staffing::{self, Placement};
use crate::domain::ids::{BookedSessionId, EmployeeId, ShiftId};
use crate::domain::schedule::{self, Span};
use crate::domain::shift::{Progress, Status};
use crate::store::command::Effects;
use crate::store::shifts::{assignee_facts, changed, created, removed};
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde_json::{json, Value};

/// A shift of `employee` in `role` that can hold a session: theirs, not called off.
fn role_shifts(
    state: &StoreState,
    employee: EmployeeId,
    event: &BookingEvent,
) -> Vec<(ShiftId, Span)> {
    state
        .shifts
        .values()
        .filter(|s| s.assigned == Some(employee) && s.role_id == event.role_id && !s.open_ended)
        .filter(|s| {
            matches!(
                s.status,
                Status::Draft | Status::Published | Status::Confirmed
            )
        })
        .map(|s| {
            (
                s.id,
                Span {
                    start: s.start_at,
                    end: s.end_at,
                },
            )
        })
        .collect()
}

/// Whether `employee` may work a session of `event` at `span`: an active member holding the
/// event's role, whom `createShift`'s checks allow then (availability, accepted time off,
/// shifts other than the one of the role the session would lie in) and, when
/// `check_sessions`, who works no other session then (`except` aside).
pub fn may_work(
    state: &StoreState,
    employee: EmployeeId,
    event: &BookingEvent,
    span: Span,
    check_sessions: bool,
    except: Option<BookedSessionId>,
    now: DateTime<Utc>,
) -> bool {
    let Some(e) = state
        .employee(employee)
        .filter(|e| !e.deactive && e.user_id.is_some())
    else {
        return false;
    };
    if !event.role_id.is_some_and(|r| e.role_ids.contains(&r.0)) {
        return false;
    }
    let holder = match staffing::placement(span, &role_shifts(state, employee, event)) {
        Placement::Inside(id) | Placement::Extend(id, _) => Some(id),
        Placement::New => None,
    };
    let Ok(facts) = assignee_facts(state, employee, holder) else {
        return false;
    };
    if schedule::check_create(state.zone(), &span, &facts.view(event.role_id)).is_err() {
        return false;
    }
    !check_sessions
        || !state
            .booking
            .sessions_of(employee, now)
            .any(|s| Some(s.id) != except && s.span().overlaps(&span))
}

/// How many live sessions an employee works on the session's local day: the round-robin's
/// load.
pub fn load(
    state: &StoreState,
    employee: EmployeeId,
    at: DateTime<Utc>,
    now: DateTime<Utc>,
) -> u32 {
    let zone = state.zone();
    let day = crate::domain::calendar::local_date(zone, at);
    state
        .booking
        .sessions_of(employee, now)
        .filter(|s| crate::domain::calendar::local_date(zone, s.start_at) == day)
        .count() as u32
}

/// What a session remembers of the shift its work went into, to give it back.
fn work_note(made: bool, before: Option<Span>) -> Value {
    json!({
        "made": made,
        "before": before.map(|b| [b.start.timestamp_millis(), b.end.timestamp_millis()]),
    })
}

/// Puts a session's work on its employee's schedule: inside a shift of the role that covers
/// it, into one it touches (which grows), or a new published shift. The session names the
/// shift and keeps a note of how to give the work back (`event_snapshot.work`).
pub fn place_work(
    state: &StoreState,
    session: &mut BookedSession,
    event: &BookingEvent,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    if let Some((shift, note)) = placed(state, session, event, now, effects) {
        session.shift_id = Some(shift);
        session.event_snapshot["work"] = note;
    }
}

fn placed(
    state: &StoreState,
    session: &BookedSession,
    event: &BookingEvent,
    now: DateTime<Utc>,
    effects: &mut Effects,
) -> Option<(ShiftId, Value)> {
    let employee = session.employee_id?;
    let e = state.employee(employee)?;
    match staffing::placement(session.span(), &role_shifts(state, employee, event)) {
        Placement::Inside(id) => Some((id, work_note(false, None))),
        Placement::Extend(id, span) => {
            let before = state.shifts.get(&id)?;
            let after = Shift {
                start_at: span.start,
                end_at: span.end,
                ..crate::store::shifts::next_version(before, now)
            };
            let note = work_note(
                false,
                Some(Span {
                    start: before.start_at,
                    end: before.end_at,
                }),
            );
            changed(state, before, after, now, effects);
            Some((id, note))
        }
        Placement::New => {
            let shift = Shift {
                status: Status::Published,
                assigned: Some(employee),
                assignee_email: Some(e.email.clone()),
                role_id: event.role_id,
                ..Shift::draft(
                    state.store.id,
                    event.title.clone(),
                    session.start_at,
                    session.end_at,
                    now,
                )
            };
            let id = shift.id;
            created(state, shift, now, effects);
            Some((id, work_note(true, None)))
        }
    }
}

/// Gives back a session's work: its shift shrinks to what it was plus its other live
/// sessions, or goes when it was made for sessions and none is left. A shift that has begun
/// is left as it is (its hours were worked or are being worked).
pub fn release_work(
    state: &StoreState,
    session: &BookedSession,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let Some(id) = session.shift_id else {
        return;
    };
    let Some(shift) = state.shifts.get(&id) else {
        return;
    };
    if shift.progress != Progress::NotStarted || shift.start_at <= now {
        return;
    }
    let note = &session.event_snapshot["work"];
    let made = note["made"].as_bool().unwrap_or(false);
    let before = note["before"].as_array().and_then(|b| {
        let ms = |i: usize| b.get(i)?.as_i64().and_then(DateTime::from_timestamp_millis);
        Some(Span {
            start: ms(0)?,
            end: ms(1)?,
        })
    });
    if !made && before.is_none() {
        return; // It lay inside a shift that was there before it.
    }
    let others = state
        .booking
        .sessions
        .values()
        .filter(|s| s.id != session.id && s.shift_id == Some(id) && s.status.is_live())
        .map(BookedSession::span);
    let keep = staffing::hull(others.chain(before));
    match keep {
        None => removed(state, shift, effects),
        Some(span) if span.start != shift.start_at || span.end != shift.end_at => {
            let after = Shift {
                start_at: span.start,
                end_at: span.end,
                ..crate::store::shifts::next_version(shift, now)
            };
            changed(state, shift, after, now, effects);
        }
        Some(_) => {}
    }
}
