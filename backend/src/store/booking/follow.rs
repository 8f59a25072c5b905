//! Sessions whose employee can no longer work them. After any command's plan, the sessions
//! its writes touch are checked: an employee deactivated or terminated, time off accepted over
//! a session, or the session's shift dropped, given to someone else, called off or deleted.
//! Such a session is flagged (status dropped, with the reason) in the same commit, and the
//! managers with the schedule permission are told to reassign it.

use super::shared::session_changed;
use super::state::BookingWrite;
use crate::db::models::booking::BookedSession;
use crate::domain::booking::status::SessionStatus;
use crate::domain::notification::{self, AccessFor, NotificationKind, References};
use crate::domain::permissions::Permission;
use crate::domain::request::{RequestKind, RequestStatus};
use crate::domain::shift::Status;
use crate::store::command::{Effects, Write};
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};

/// Why a session's employee can no longer work it, if a write says so.
fn reason(state: &StoreState, s: &BookedSession, w: &Write) -> Option<&'static str> {
    let employee = s.employee_id?;
    match w {
        Write::PutEmployee(e) if e.id == employee && (e.deactive || e.terminated_at.is_some()) => {
            Some("The employee was deactivated.")
        }
        Write::PutRequest(r)
            if r.employee_id == employee
                && r.kind == RequestKind::TimeOff
                && r.status == RequestStatus::Accepted
                && r.span().is_some_and(|t| t.overlaps(s.start_at, s.end_at)) =>
        {
            Some("The employee takes time off then.")
        }
        Write::PutShift(sh)
            if Some(sh.id) == s.shift_id
                && (sh.assigned != Some(employee)
                    || matches!(
                        sh.status,
                        Status::Dropped | Status::Cancelled | Status::Declined
                    )) =>
        {
            Some("The employee's shift was dropped or changed.")
        }
        Write::DeleteShift(id) if Some(*id) == s.shift_id && state.shifts.contains_key(id) => {
            Some("The employee's shift was removed.")
        }
        _ => None,
    }
}

/// Flags the upcoming sessions a plan's writes take from their employee.
pub fn follow(state: &StoreState, effects: &mut Effects, now: DateTime<Utc>) {
    if state.booking.sessions.is_empty() || effects.writes.is_empty() {
        return;
    }
    let mut flagged = Vec::new();
    for s in state.booking.sessions.values() {
        // A pending session has only holds; its confirmation checks its employee again.
        if s.status != SessionStatus::Confirmed || s.end_at <= now {
            continue;
        }
        // A booking command's own writes of this session decide for themselves.
        if effects
            .writes
            .iter()
            .any(|w| matches!(w, Write::Booking(BookingWrite::PutSession(x)) if x.id == s.id))
        {
            continue;
        }
        if let Some(why) = effects.writes.iter().find_map(|w| reason(state, s, w)) {
            flagged.push((s.clone(), why));
        }
    }
    for (s, why) in flagged {
        let after = BookedSession {
            status: SessionStatus::Dropped,
            reason: Some(why.to_string()),
            updated_at: now,
            ..s.clone()
        };
        let places = state.booking.places_of(s.id);
        session_changed(state, &after, None, &places, now, effects);
        let title = s.event_snapshot["title"]
            .as_str()
            .unwrap_or("A booked session");
        let zone = state.zone();
        let when = format!(
            "{} {}",
            crate::domain::calendar::mm_dd(zone, s.start_at),
            crate::domain::calendar::hh_mm(zone, s.start_at)
        );
        let drafts = crate::store::notify::responders(state, Permission::Schedule)
            .into_iter()
            .map(|user| notification::Draft {
                kind: NotificationKind::ShiftUpdate,
                variant: notification::Variant::Warning,
                text: notification::Text::written(
                    "A booked session needs another employee",
                    format!("{title} ({when}): {why} Reassign it."),
                ),
                access_for: AccessFor::User(user),
                source: None,
                references: References::default(),
                reason: Some(why.to_string()),
            })
            .collect();
        let (writes, events) = crate::store::notify::effects(state, drafts, now);
        effects.writes.extend(writes);
        effects.events.extend(events);
        effects
            .writes
            .push(Write::Booking(BookingWrite::PutSession(Box::new(after))));
    }
}
