//! Commands that change availability windows.

use crate::db::models::availability::AvailabilityWindow;
use crate::domain::availability::Window;
use crate::domain::ids::{EmployeeId, RequestId, StoreId, UserId};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, EventDraft, Reply, Visibility, Write};
use crate::store::request_views::AvailabilityView;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

/// The checked fields of a window.
#[derive(Debug, Clone)]
pub struct WindowFields {
    pub window: Window,
    pub start_minute: i32,
    pub end_minute: i32,
    pub reason: Option<String>,
    pub kind: Option<String>,
    pub status: Option<String>,
}

/// What to do with an employee's availability.
#[derive(Debug, Clone)]
pub enum AvailabilityChange {
    /// Answers the new window, an [`AvailabilityView`].
    Create(WindowFields),
    /// Answers the changed window, an [`AvailabilityView`].
    Update(RequestId, WindowFields),
    /// Answers [`AvailabilityDeleted`].
    Delete(RequestId),
}

/// A deleted availability window: the answer of its deletion and the data of its
/// `availability.deleted` event.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilityDeleted {
    /// The window's id.
    pub id: RequestId,
    /// The employee record whose window it was.
    pub employee_id: EmployeeId,
}

/// Creates, updates or deletes one availability window of `employee`. What it answers
/// depends on the change (see [`AvailabilityChange`]).
#[derive(Debug, Clone)]
pub struct ChangeAvailability {
    pub store: StoreId,
    /// Who asked (the employee themself or a manager).
    pub by: UserId,
    pub employee: EmployeeId,
    /// The employee's user, as resolved by the caller from the database (the actor's copy of
    /// the staff can trail a join that happened since it loaded).
    pub employee_user: Option<UserId>,
    pub change: AvailabilityChange,
}

/// The availability-not-found error.
pub fn not_found() -> AppError {
    AppError::not_found("availability_not_found", messages::AVAILABILITY_NOT_FOUND)
}

impl ChangeAvailability {
    fn existing<'a>(
        &self,
        state: &'a StoreState,
        id: RequestId,
    ) -> AppResult<&'a AvailabilityWindow> {
        state
            .availability
            .get(&id)
            .filter(|a| a.employee_id == self.employee && a.store_id == self.store)
            .ok_or_else(not_found)
    }
}

fn put(row: &mut AvailabilityWindow, f: &WindowFields) {
    row.days = f.window.days().iter().map(|d| i16::from(*d)).collect();
    row.start_minute = f.start_minute;
    row.end_minute = f.end_minute;
    row.all_day = f.window.is_all_day();
    row.reason = f.reason.clone();
    row.kind = f.kind.clone();
    row.status = f.status.clone();
}

impl Command for ChangeAvailability {
    fn name(&self) -> &'static str {
        "changeAvailability"
    }

    #[tracing::instrument(name = "changeAvailability", skip_all, fields(store = %self.store))]
    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let user = self.employee_user;
        let visibility = Visibility::ManagersAnd(user.into_iter().collect());
        let (kind, write, data, reply) = match &self.change {
            AvailabilityChange::Create(fields) => {
                let mut row = AvailabilityWindow {
                    id: RequestId::new(),
                    store_id: self.store,
                    employee_id: self.employee,
                    days: Vec::new(),
                    start_minute: 0,
                    end_minute: 0,
                    all_day: false,
                    reason: None,
                    kind: None,
                    status: None,
                    created_by: Some(self.by),
                    created_at: now,
                    updated_at: now,
                };
                put(&mut row, fields);
                let view = AvailabilityView::new(&row, user);
                (
                    "availability.created",
                    Write::PutAvailability(Box::new(row)),
                    json!(view),
                    Reply::new(view),
                )
            }
            AvailabilityChange::Update(id, fields) => {
                let mut row = self.existing(state, *id)?.clone();
                put(&mut row, fields);
                row.updated_at = now;
                let view = AvailabilityView::new(&row, user);
                (
                    "availability.updated",
                    Write::PutAvailability(Box::new(row)),
                    json!(view),
                    Reply::new(view),
                )
            }
            AvailabilityChange::Delete(id) => {
                let row = self.existing(state, *id)?;
                let deleted = AvailabilityDeleted {
                    id: row.id,
                    employee_id: row.employee_id,
                };
                (
                    "availability.deleted",
                    Write::DeleteAvailability(row.id),
                    json!(deleted),
                    Reply::new(deleted),
                )
            }
        };
        Ok(Effects {
            writes: vec![write],
            events: vec![EventDraft {
                kind,
                data,
                visibility,
            }],
            reply,
        })
    }
}
