//! A punch: its time, its proof (the store's code, the phone's place), the records that
//! make it apply once, and the refusals as callers get them.

use super::views::ClockAnswer;
use crate::db::models::clock::{AppliedPunch, ClockSession, CodeUse, PunchPlace};
use crate::domain::calendar;
use crate::domain::clock::{self, ClockSettings, Location, Proven, PunchOp, PunchStamp, Refusal};
use crate::domain::ids::{ClockSessionId, EmployeeId};
use crate::error::{AppError, AppResult};
use crate::store::command::{Effects, Write};
use crate::store::state::StoreState;
use chrono::{DateTime, Duration, Utc};
use serde_json::json;

/// What a phone sends with a clock operation.
#[derive(Debug, Clone, Default)]
pub struct Punch {
    /// The phone's id of the punch: a punch sent again is applied once.
    pub id: Option<uuid::Uuid>,
    /// When the phone recorded and sent it, by its own clock (an offline punch).
    pub stamp: Option<PunchStamp>,
    pub location: Option<Location>,
    /// The code shown by the store's clock device.
    pub code: Option<String>,
}

/// A clock refusal as the caller gets it: its code, its text, and what the text names.
pub(crate) fn refused(state: &StoreState, e: Refusal) -> AppError {
    let code = e.code();
    let (message, details) = match &e {
        Refusal::TooEarly(opens) => (
            format!(
                "This shift can be started from {}.",
                calendar::hh_mm(state.zone(), *opens)
            ),
            json!({ "from": opens.timestamp_millis() }),
        ),
        Refusal::Outside { distance, radius } => (
            e.to_string(),
            json!({ "distance": distance, "radius": radius }),
        ),
        Refusal::RoleCannotStart(role) | Refusal::RoleCannotClockIn(role) => {
            (e.to_string(), json!({ "role": role }))
        }
        Refusal::AlreadyOnClock(title) => (e.to_string(), json!({ "title": title })),
        Refusal::PunchTooOld(hours) => (e.to_string(), json!({ "hours": hours })),
        _ => (e.to_string(), json!({})),
    };
    let err = if e.is_conflict() {
        AppError::conflict(code, message)
    } else {
        AppError::bad_request(code, message)
    };
    err.with_details(details)
}

/// A punch, checked: when it happened, its proof, and the writes that remember it.
pub(crate) struct Checked {
    pub at: DateTime<Utc>,
    pub drift: Option<Duration>,
    pub proven: Proven,
    pub place: Option<PunchPlace>,
    /// The code use to remember, written with the operation.
    remember: Vec<Write>,
    /// The punch id to remember (its session is filled in by [`Checked::record`]).
    applied: Option<AppliedPunch>,
}

impl Checked {
    /// Adds the punch's records to the effects, naming the session it went to.
    pub fn record(self, session: ClockSessionId, effects: &mut Effects) {
        effects.writes.extend(self.remember);
        if let Some(mut applied) = self.applied {
            applied.session_id = session;
            effects.writes.push(Write::AddPunch(Box::new(applied)));
        }
    }
}

/// Checks a punch: its time (late punches within the store's bound), its code (valid for
/// this window or the one before, unused by this employee for this operation) and its
/// place against the store's settings (a break's edges need no proof).
pub(crate) fn check_punch(
    state: &StoreState,
    employee: EmployeeId,
    op: PunchOp,
    punch: &Punch,
    now: DateTime<Utc>,
) -> Result<Checked, Refusal> {
    let settings = ClockSettings::read(&state.store.clock);
    let (at, drift) = clock::punch_time(punch.stamp, now, settings.late_punch_bound())?;
    let mut remember = Vec::new();
    let code_ok = punch.code.as_deref().map(|code| {
        let secret = state.clock.secret.as_ref().ok_or(Refusal::BadCode)?;
        // The code is judged at the moment the punch was made: a punch recorded offline
        // at the door carries the code shown then.
        let window = clock::code_window(&secret.secret, state.store.id.0, code, at)
            .ok_or(Refusal::BadCode)?;
        let key = (employee, window, op);
        if state.clock.code_uses.contains(&key) {
            return Err(Refusal::CodeUsed);
        }
        remember.push(Write::AddCodeUse(Box::new(CodeUse {
            store_id: state.store.id,
            employee_id: employee,
            time_window: window,
            op,
            used_at: now,
        })));
        Ok(())
    });
    let proven = if op.needs_proof() {
        clock::check_proof(&settings, code_ok, punch.location.as_ref())?
    } else {
        if let Some(Err(e)) = code_ok {
            return Err(e);
        }
        Proven {
            outside: clock::judge(settings.place, punch.location.as_ref()).inside == Some(false),
        }
    };
    let place = punch.location.map(|l| {
        let judged = clock::judge(settings.place, Some(&l));
        PunchPlace {
            op,
            at,
            latitude: l.latitude,
            longitude: l.longitude,
            accuracy: l.accuracy,
            distance: judged.distance.map(|d| d.round()),
            inside: judged.inside,
        }
    });
    let applied = punch.id.map(|id| AppliedPunch {
        store_id: state.store.id,
        punch_id: id,
        employee_id: employee,
        session_id: ClockSessionId(uuid::Uuid::nil()),
        op,
        applied_at: now,
    });
    Ok(Checked {
        at,
        drift,
        proven,
        place,
        remember,
        applied,
    })
}

/// Takes a checked punch's place, drift and flag into a session.
pub(crate) fn mark(session: &mut ClockSession, checked: &Checked) {
    if let Some(place) = &checked.place {
        session.add_place(place.clone());
    }
    session.outside |= checked.proven.outside;
    if let Some(d) = checked.drift {
        let ms = d.num_milliseconds();
        if session.drift_ms.is_none_or(|old| old.abs() < ms.abs()) {
            session.drift_ms = Some(ms);
        }
    }
}

/// The session a punch id already went to, when the punch was applied before.
pub(crate) fn replayed<'a>(state: &'a StoreState, punch: &Punch) -> Option<&'a ClockSession> {
    let id = punch.id?;
    let applied = state.clock.punches.get(&id)?;
    state.clock.sessions.get(&applied.session_id)
}

/// A session's answer, unchanged (a punch sent again).
pub(crate) fn replay_answer(
    state: &StoreState,
    session: &ClockSession,
    now: DateTime<Utc>,
) -> AppResult<Effects> {
    Ok(Effects::nothing(ClockAnswer::new(
        state, session, now, true,
    )))
}

/// A new random clock secret (256 bits).
pub fn fresh_secret() -> Vec<u8> {
    use rand::RngCore;
    let mut secret = vec![0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut secret);
    secret
}
