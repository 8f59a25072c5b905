//! What happens to an announced shift: its assignee confirms or declines it, a manager
//! completes, rates it or reminds the assignee.

use crate::domain::audience::Audience;
use crate::domain::ids::{ShiftId, UserId};
use crate::domain::notification::{texts, NotificationKind, Variant};
use crate::domain::permissions::Permission;
use crate::domain::schedule;
use crate::domain::shift::{self, Progress, Status, RATE_MAX, RATE_MIN};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, Reply};
use crate::store::notify;
use crate::store::shifts::audience::{event, one_change};
use crate::store::shifts::notes::{notify_all, shift_note};
use crate::store::shifts::shared::{find, next_version, refusal, shift_not_found, Caller};
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

/// What an assignee does to their own shift.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnAction {
    Confirm,
    Decline,
}

/// `confirmShift` and `declineShift`, by the shift's assignee.
#[derive(Debug)]
pub struct AnswerShift {
    pub by: Caller,
    pub id: ShiftId,
    pub action: OwnAction,
}

impl Command for AnswerShift {
    fn name(&self) -> &'static str {
        match self.action {
            OwnAction::Confirm => "confirmShift",
            OwnAction::Decline => "declineShift",
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = find(state, self.id)?;
        // A draft is not shown to its assignee: to them it does not exist.
        if s.assigned != Some(self.by.employee) || s.status == Status::Draft {
            return Err(shift_not_found());
        }
        let next_status = match self.action {
            OwnAction::Confirm => shift::confirm(s.status),
            OwnAction::Decline => shift::decline(s.status, s.start_at, now),
        }
        .map_err(refusal)?;
        let Some(next_status) = next_status else {
            return Ok(Effects::nothing(ShiftView::of(s, now)));
        };
        let mut next = next_version(s, now);
        next.status = next_status;
        let mut effects = one_change(state, s, next, now);
        if self.action == OwnAction::Decline {
            let name = state
                .employee(self.by.employee)
                .map(|e| e.shown_name().to_string())
                .unwrap_or_else(|| schedule::UNKNOWN_EMPLOYEE.into());
            let text = texts::shift_declined(&name, &s.title, state.shift_when(s));
            let drafts = notify::responders(state, Permission::Schedule)
                .into_iter()
                .filter(|u| *u != self.by.user)
                .map(|u| {
                    shift_note(
                        NotificationKind::DeclineShift,
                        Variant::Warning,
                        text.clone(),
                        u,
                        self.by.user,
                        s,
                        None,
                    )
                })
                .collect();
            notify_all(state, drafts, now, &mut effects);
        }
        Ok(effects)
    }
}

/// `completeShift` by a manager: a running or missed shift is marked completed. A missed
/// shift takes the times the manager gives (what was worked, paid as such); its planned times
/// stand otherwise.
#[derive(Debug)]
pub struct CompleteShift {
    pub by: Caller,
    pub id: ShiftId,
    pub times: Option<(DateTime<Utc>, DateTime<Utc>)>,
}

impl Command for CompleteShift {
    fn name(&self) -> &'static str {
        "completeShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = find(state, self.id)?;
        let Some(next_progress) = shift::complete(s.progress, s.end_at, now).map_err(refusal)?
        else {
            return Ok(Effects::nothing(ShiftView::of(s, now)));
        };
        let mut next = next_version(s, now);
        next.progress = next_progress;
        if let Some((start, end)) = self.times {
            if state.clock.of_shift(s.id).is_some() {
                return Err(refusal(shift::Refusal::ClockedWork));
            }
            shift::worked_times(start, end, now).map_err(refusal)?;
            next.start_at = start;
            next.end_at = end;
            next.open_ended = false;
        }
        Ok(one_change(state, s, next, now))
    }
}

/// `rateShift`: 1 to 5 stars for a shift that has ended or was completed.
#[derive(Debug)]
pub struct RateShift {
    pub by: Caller,
    pub id: ShiftId,
    pub rate: i16,
}

impl Command for RateShift {
    fn name(&self) -> &'static str {
        "rateShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if !(RATE_MIN..=RATE_MAX).contains(&self.rate) {
            return Err(AppError::invalid(format!(
                "rate must be a whole number from {RATE_MIN} to {RATE_MAX}."
            )));
        }
        let s = find(state, self.id)?;
        let finished = s.end_at <= now || s.progress == Progress::Completed;
        if s.assigned.is_none() || !finished {
            return Err(AppError::bad_request(
                "not_finished",
                messages::RATE_UNFINISHED_SHIFT,
            ));
        }
        let mut next = next_version(s, now);
        next.rate = Some(self.rate);
        Ok(one_change(state, s, next, now))
    }
}

/// The answer of `remindShift`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reminded {
    pub id: ShiftId,
    /// The assignee's user, who was asked again.
    pub reminded: UserId,
}

/// `remindShift`: asks the assignee again to confirm an announced, unconfirmed shift.
#[derive(Debug)]
pub struct RemindShift {
    pub by: Caller,
    pub id: ShiftId,
}

impl Command for RemindShift {
    fn name(&self) -> &'static str {
        "remindShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = find(state, self.id)?;
        if s.status != Status::Published || s.start_at <= now {
            return Err(AppError::bad_request(
                "nothing_to_remind",
                messages::NOTHING_TO_REMIND,
            ));
        }
        let Some(user) = state.user_of(s.assigned) else {
            return Err(AppError::bad_request(
                "nothing_to_remind",
                messages::NOTHING_TO_REMIND,
            ));
        };
        let mut effects = Effects::default();
        let note = shift_note(
            NotificationKind::NewShift,
            Variant::Info,
            texts::confirm_reminder(&s.title, state.shift_when(s)),
            user,
            self.by.user,
            s,
            None,
        );
        notify_all(state, vec![note], now, &mut effects);
        effects.events.push(event(
            "shift.reminded",
            json!({ "id": s.id, "start": s.start_at.timestamp_millis(), "by": self.by.user }),
            Audience::managers_and([user]),
        ));
        effects.reply = Reply::new(Reminded {
            id: s.id,
            reminded: user,
        });
        Ok(effects)
    }
}
