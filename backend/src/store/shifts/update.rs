//! `updateShift`.

use crate::domain::ids::{EmployeeId, RoleId, ShiftId};
use crate::domain::notification::{texts, NotificationKind, Variant};
use crate::domain::schedule;
use crate::domain::shift::{self, EditKind};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects};
use crate::store::shifts::audience::one_change;
use crate::store::shifts::checks::{assignee_facts, check_role, plannable};
use crate::store::shifts::notes::{notify_all, shift_note};
use crate::store::shifts::shared::{
    find, lapse_drop_requests, next_version, refusal, shift_error, Caller,
};
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, Utc};
use serde_json::{json, Value};

/// The fields `updateShift` may change; absent fields keep their value.
#[derive(Debug, Default)]
pub struct ShiftChanges {
    pub title: Option<String>,
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
    pub role: Option<RoleId>,
    /// `Some(None)` makes the shift open.
    pub assigned: Option<Option<EmployeeId>>,
    pub open_ended: Option<bool>,
    pub tasks: Option<Value>,
}

/// `updateShift`.
#[derive(Debug)]
pub struct UpdateShift {
    pub by: Caller,
    pub id: ShiftId,
    pub changes: ShiftChanges,
    /// The version the editor saw; an older one is a stale edit (409).
    pub version: Option<i64>,
    pub cancel_reason: Option<String>,
}

impl Command for UpdateShift {
    fn name(&self) -> &'static str {
        "updateShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let zone = state.zone();
        let current = find(state, self.id)?;
        if let Some(v) = self.version {
            if v != current.version {
                return Err(AppError::conflict("stale_shift", messages::STALE_SHIFT)
                    .with_details(json!({ "shift": ShiftView::of(current, now) })));
            }
        }
        let c = &self.changes;
        let open_ended = c.open_ended.unwrap_or(current.open_ended);
        let start = c.start.unwrap_or(current.start_at);
        let end = c.end.unwrap_or(current.end_at);
        let span = schedule::shift_span(zone, start, end, open_ended).map_err(shift_error)?;
        plannable(&span, now)?;
        let role = c.role.or(current.role_id);
        check_role(state, role)?;
        let assigned = c
            .assigned
            .unwrap_or(current.assigned)
            .map(|e| state.resolve_employee(e));
        let title = c.title.clone().unwrap_or_else(|| current.title.clone());
        let tasks = c.tasks.clone().unwrap_or_else(|| current.tasks.clone());

        let assignee_changed = assigned != current.assigned;
        let time_changed = span.start != current.start_at
            || span.end != current.end_at
            || open_ended != current.open_ended;
        let other_changed =
            title != current.title || role != current.role_id || tasks != current.tasks;
        let kind = EditKind::of(assignee_changed, time_changed, other_changed);
        let outcome = shift::edit(
            kind,
            current.status,
            current.assigned.is_some(),
            assigned.is_some(),
        )
        .map_err(refusal)?;
        if kind == EditKind::Nothing {
            return Ok(Effects::nothing(ShiftView::of(current, now)));
        }
        if let Some(employee) = assigned {
            if assignee_changed || time_changed || role != current.role_id {
                let facts = assignee_facts(state, employee, Some(current.id))?;
                schedule::check_update(
                    zone,
                    &schedule::occupied(zone, span, open_ended),
                    &facts.view(role),
                )
                .map_err(shift_error)?;
            }
        }
        let mut next = next_version(current, now);
        next.title = title;
        next.start_at = span.start;
        next.end_at = span.end;
        next.open_ended = open_ended;
        next.role_id = role;
        next.tasks = tasks;
        next.assigned = assigned;
        next.assignee_email = assigned
            .and_then(|e| state.employee(e))
            .map(|e| e.email.clone());
        next.status = outcome.status;
        if self.cancel_reason.is_some() {
            next.cancel_reason = self.cancel_reason.clone();
        }
        let mut drafts = Vec::new();
        let by = self.by.user;
        let n = outcome.notices;
        let new_user = state.user_of(next.assigned);
        let old_user = state.user_of(current.assigned);
        if n.ask_new_to_confirm {
            if let Some(u) = new_user.filter(|u| Some(*u) != old_user) {
                drafts.push(shift_note(
                    NotificationKind::NewShift,
                    Variant::Info,
                    texts::new_shift(&next.title, state.shift_when(&next)),
                    u,
                    by,
                    &next,
                    None,
                ));
            }
        }
        if n.tell_old_cancelled {
            if let Some(u) = old_user.filter(|u| Some(*u) != new_user) {
                drafts.push(shift_note(
                    NotificationKind::ShiftCancel,
                    Variant::Warning,
                    texts::shift_cancelled(&current.title, state.shift_when(current)),
                    u,
                    by,
                    current,
                    self.cancel_reason.as_deref(),
                ));
            }
        }
        if n.tell_assignee_updated || (n.ask_new_to_confirm && new_user == old_user) {
            if let Some(u) = new_user {
                drafts.push(shift_note(
                    NotificationKind::ShiftUpdate,
                    Variant::Info,
                    texts::shift_updated(&next.title, state.shift_when(&next)),
                    u,
                    by,
                    &next,
                    None,
                ));
            }
        }
        let mut effects = one_change(state, current, next, now);
        notify_all(state, drafts, now, &mut effects);
        if outcome.drop_request_lapses {
            lapse_drop_requests(state, current.id, now, &mut effects);
        }
        Ok(effects)
    }
}
