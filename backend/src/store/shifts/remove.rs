//! Deleting and cancelling shifts: one by one, by range (clearing drafts) and in batches.

use crate::db::models::shift::Shift;
use crate::domain::ids::{ShiftId, ShiftIdList, UserId};
use crate::domain::notification::{texts, NotificationKind, Variant};
use crate::domain::shift::{self, Removal, Status};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, Reply};
use crate::store::shifts::audience::{changed, removed};
use crate::store::shifts::notes::{notify_all, shift_note};
use crate::store::shifts::shared::{
    dedup, find, lapse_drop_requests, next_version, refusal, Caller, MAX_BATCH_IDS,
};
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

/// Removes one shift: a draft is deleted, an announced shift is cancelled (only more than 24
/// hours ahead).
fn remove(
    state: &StoreState,
    s: &Shift,
    by: UserId,
    reason: Option<&str>,
    now: DateTime<Utc>,
    effects: &mut Effects,
) -> AppResult<Removal> {
    let how = shift::removal(s.status, s.start_at, now).map_err(refusal)?;
    match how {
        Removal::Delete => removed(state, s, effects),
        Removal::Cancel => {
            let mut next = next_version(s, now);
            next.status = Status::Cancelled;
            next.cancel_reason = reason.map(str::to_string);
            if let Some(u) = state.user_of(s.assigned) {
                let note = shift_note(
                    NotificationKind::ShiftCancel,
                    Variant::Warning,
                    texts::shift_cancelled(&s.title, state.shift_when(s)),
                    u,
                    by,
                    s,
                    reason,
                );
                notify_all(state, vec![note], now, effects);
            }
            changed(state, s, next, now, effects);
            lapse_drop_requests(state, s.id, now, effects);
        }
    }
    Ok(how)
}

/// The answer of `deleteShift`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletedShift {
    pub id: ShiftId,
    /// True when the shift was announced and is now cancelled (it stays, with its reason);
    /// false when a draft was deleted.
    pub cancelled: bool,
}

/// `deleteShift`.
#[derive(Debug)]
pub struct DeleteShift {
    pub by: Caller,
    pub id: ShiftId,
    pub cancel_reason: Option<String>,
}

impl Command for DeleteShift {
    fn name(&self) -> &'static str {
        "deleteShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = find(state, self.id)?;
        let mut effects = Effects::default();
        let how = remove(
            state,
            s,
            self.by.user,
            self.cancel_reason.as_deref(),
            now,
            &mut effects,
        )?;
        effects.reply = Reply::new(DeletedShift {
            id: s.id,
            cancelled: how == Removal::Cancel,
        });
        Ok(effects)
    }
}

/// The answer of `clearSchedule`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClearedSchedule {
    /// The deleted drafts, in start order.
    pub deleted: Vec<ShiftId>,
}

/// `clearSchedule`: deletes the drafts (planned, never announced) starting in `[start, end)`.
/// Announced shifts stay: each must be cancelled on its own, with its notice period.
#[derive(Debug)]
pub struct ClearSchedule {
    pub by: Caller,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

impl Command for ClearSchedule {
    fn name(&self) -> &'static str {
        "clearSchedule"
    }

    fn plan(&self, state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        if self.start > self.end {
            return Err(AppError::bad_request(
                "start_after_end",
                messages::START_BEFORE_END,
            ));
        }
        let mut drafts: Vec<&Shift> = state
            .shifts
            .values()
            .filter(|s| s.start_at >= self.start && s.start_at < self.end)
            .filter(|s| s.status == Status::Draft)
            .collect();
        drafts.sort_by_key(|s| (s.start_at, s.id));
        let mut effects = Effects::default();
        for s in &drafts {
            removed(state, s, &mut effects);
        }
        let ids: Vec<ShiftId> = drafts.iter().map(|s| s.id).collect();
        effects.reply = Reply::new(ClearedSchedule { deleted: ids });
        Ok(effects)
    }
}

/// The batch operations of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchOp {
    /// As `deleteShift` on each.
    Delete,
    /// Each loses its assignee and goes back to draft.
    Open,
}

/// The answer of the batch calls.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchedShifts {
    /// The shifts named, each once, in the order first named.
    pub shifts: ShiftIdList<{ MAX_BATCH_IDS }>,
}

/// `batchDeleteShifts`, `batchOpenShifts`: all or nothing (`batchDropShifts` is the pool's).
#[derive(Debug)]
pub struct BatchShifts {
    pub by: Caller,
    pub op: BatchOp,
    pub ids: Vec<ShiftId>,
    pub cancel_reason: Option<String>,
}

impl Command for BatchShifts {
    fn name(&self) -> &'static str {
        match self.op {
            BatchOp::Delete => "batchDeleteShifts",
            BatchOp::Open => "batchOpenShifts",
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if self.ids.len() > MAX_BATCH_IDS {
            return Err(AppError::invalid(format!(
                "A batch can name at most {MAX_BATCH_IDS} shifts."
            )));
        }
        let mut effects = Effects::default();
        let mut done = Vec::new();
        for id in dedup(&self.ids) {
            let s = find(state, id)?;
            let with_id = |e: AppError| {
                let mut details = e.details.clone().unwrap_or_else(|| json!({}));
                details["shiftId"] = json!(id);
                e.with_details(details)
            };
            match self.op {
                BatchOp::Delete => {
                    remove(
                        state,
                        s,
                        self.by.user,
                        self.cancel_reason.as_deref(),
                        now,
                        &mut effects,
                    )
                    .map_err(with_id)?;
                }
                BatchOp::Open => {
                    if s.assigned.is_some() || s.status != Status::Draft {
                        let mut next = next_version(s, now);
                        next.assigned = None;
                        next.assignee_email = None;
                        next.status = Status::Draft;
                        changed(state, s, next, now, &mut effects);
                        lapse_drop_requests(state, s.id, now, &mut effects);
                    }
                }
            }
            done.push(id);
        }
        effects.reply = Reply::new(BatchedShifts {
            shifts: done.into(),
        });
        Ok(effects)
    }
}
