//! The managers' side of the clock: editing a session (kept in its audit trail), approving a
//! pay period, the clock's settings, and the secret the store's clock device signs codes with.

use super::changes::put_session;
use super::views::{ClockSessionView, PeriodView};
use crate::db::models::clock::{ClockSecret, SessionEdit};
use crate::domain::clock::{Break, ClockSettings, Timeline};
use crate::domain::ids::ClockSessionId;
use crate::domain::shift::Progress;
use crate::domain::timesheet;
use crate::error::{AppError, AppResult};
use crate::store::command::{Command, Effects, EventDraft, Reply, Write};
use crate::store::shifts::{changed, next_version, Caller};
use crate::store::state::StoreState;
use chrono::{DateTime, NaiveDate, Utc};
use serde_json::json;

fn period_locked() -> AppError {
    AppError::conflict(
        "period_approved",
        "This pay period is approved; reopen it to change its sessions.",
    )
}

/// The first day of the pay period an instant falls in.
fn period_start(state: &StoreState, at: DateTime<Utc>) -> NaiveDate {
    let zone = state.zone();
    let day = at.with_timezone(&zone).date_naive();
    timesheet::period_of(day, state.store.week_start(), zone).0
}

/// A manager's correction of a session: its start, end and breaks, with the reason.
#[derive(Debug)]
pub struct EditSession {
    pub by: Caller,
    pub session: ClockSessionId,
    pub start: DateTime<Utc>,
    pub end: Option<DateTime<Utc>>,
    pub breaks: Vec<Break>,
    pub reason: String,
}

impl Command for EditSession {
    fn name(&self) -> &'static str {
        "editClockSession"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let before =
            state.clock.sessions.get(&self.session).ok_or_else(|| {
                AppError::not_found("session_not_found", "Clock session not found.")
            })?;
        let timeline = Timeline {
            start: self.start,
            breaks: self.breaks.clone(),
            end: self.end,
        };
        timeline
            .check()
            .map_err(|m| AppError::bad_request("invalid_session", m))?;
        if timeline.end.is_some_and(|e| e > now) || timeline.start > now {
            return Err(AppError::bad_request(
                "invalid_session",
                "A session can't be set to end or start in the future.",
            ));
        }
        if let Some(end) = timeline.end {
            if end - timeline.start > chrono::Duration::hours(24) {
                return Err(AppError::bad_request(
                    "invalid_session",
                    "A session lasts at most 24 hours.",
                ));
            }
        }
        for at in [before.start_at, self.start] {
            if state.clock.approved.contains(&period_start(state, at)) {
                return Err(period_locked());
            }
        }
        if before.is_open() && self.end.is_none() && timeline == before.timeline() {
            return Ok(Effects::nothing(ClockSessionView::of(before)));
        }
        let mut after = before.clone();
        after.set_timeline(&timeline);
        after.version += 1;
        after.updated_at = now;
        if let Some(shift) = after.shift_id.and_then(|id| state.shifts.get(&id)) {
            after.late_seconds = crate::domain::clock::late_seconds(shift.start_at, after.start_at);
            if let (Some(end), false) = (after.end_at, shift.open_ended) {
                after.early_seconds = crate::domain::clock::early_seconds(shift.end_at, end);
            }
        }
        let mut effects = Effects::default();
        // Another open session of the employee would break the one-open-session rule.
        if after.is_open()
            && state
                .clock
                .open_of(after.employee_id)
                .is_some_and(|s| s.id != after.id)
        {
            return Err(AppError::conflict(
                "clock_already_on",
                "The employee is on the clock for other work; complete that first.",
            ));
        }
        if let Some(shift) = after.shift_id.and_then(|id| state.shifts.get(&id)) {
            let progress = match after.status {
                crate::domain::clock::SessionStatus::Working => Progress::InProgress,
                crate::domain::clock::SessionStatus::OnBreak => Progress::Paused,
                crate::domain::clock::SessionStatus::Completed => Progress::Completed,
            };
            if shift.progress != progress {
                let mut next = next_version(shift, now);
                next.progress = progress;
                changed(state, shift, next, now, &mut effects);
            }
        }
        let view = ClockSessionView::of(&after);
        let edit = SessionEdit {
            id: uuid::Uuid::now_v7(),
            store_id: state.store.id,
            session_id: after.id,
            edited_by: Some(self.by.user),
            reason: self.reason.clone(),
            before: json!(ClockSessionView::of(before)),
            after: json!(view),
            created_at: now,
        };
        put_session(after, &mut effects);
        effects.writes.push(Write::AddSessionEdit(Box::new(edit)));
        effects.reply = Reply::new(view);
        Ok(effects)
    }
}

/// Approves a pay period (its sessions lock) or reopens it.
#[derive(Debug)]
pub struct SetPeriodApproval {
    pub by: Caller,
    pub day: NaiveDate,
    pub approved: bool,
}

impl Command for SetPeriodApproval {
    fn name(&self) -> &'static str {
        "approveTimesheet"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let zone = state.zone();
        let (start, from, to) = timesheet::period_of(self.day, state.store.week_start(), zone);
        let view = PeriodView {
            start,
            approved: self.approved,
        };
        if state.clock.approved.contains(&start) == self.approved {
            return Ok(Effects::nothing(view));
        }
        if self.approved {
            if from > now {
                return Err(AppError::bad_request(
                    "period_not_started",
                    "A pay period can be approved once it has begun.",
                ));
            }
            let running = state
                .clock
                .sessions
                .values()
                .any(|s| s.is_open() && s.start_at >= from && s.start_at < to);
            if running {
                return Err(AppError::conflict(
                    "period_running",
                    "Someone is still on the clock in this period; complete their session first.",
                ));
            }
        }
        let write = if self.approved {
            Write::ApprovePeriod(Box::new(crate::db::models::clock::PeriodApproval {
                store_id: state.store.id,
                period_start: start,
                approved_by: Some(self.by.user),
                approved_at: now,
            }))
        } else {
            Write::ReopenPeriod(start)
        };
        Ok(Effects {
            writes: vec![write],
            events: vec![EventDraft {
                kind: "timesheet.updated",
                data: json!(view),
                visibility: crate::domain::audience::Audience::Managers,
            }],
            reply: Reply::new(view),
        })
    }
}

/// The owner's clock settings.
#[derive(Debug)]
pub struct UpdateClockSettings {
    pub settings: ClockSettings,
}

impl Command for UpdateClockSettings {
    fn name(&self) -> &'static str {
        "updateClockSettings"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        self.settings
            .check()
            .map_err(|m| AppError::bad_request("invalid_clock_settings", m))?;
        let mut next = state.store.clone();
        next.clock = serde_json::to_value(&self.settings).map_err(AppError::internal)?;
        let mut effects = crate::store::settings::store_change(state, next, now);
        effects.reply = Reply::new(self.settings.clone());
        Ok(effects)
    }
}

/// Makes sure the store has a clock secret (a device is being authorised): the one it has,
/// or `fresh`.
#[derive(Debug)]
pub struct EnsureClockSecret {
    pub fresh: Vec<u8>,
}

impl Command for EnsureClockSecret {
    fn name(&self) -> &'static str {
        "authorizeBusinessClockInHashAccess"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if let Some(secret) = &state.clock.secret {
            return Ok(Effects::nothing(secret.generation));
        }
        let secret = ClockSecret {
            store_id: state.store.id,
            generation: uuid::Uuid::now_v7(),
            secret: self.fresh.clone(),
            created_at: now,
        };
        let generation = secret.generation;
        Ok(crate::store::settings::secret_effects(
            secret,
            Reply::new(generation),
        ))
    }
}
