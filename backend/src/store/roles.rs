//! Roles of a store: create, change, delete (employees who held a deleted role lose it and
//! its wage; its shifts keep no role).

use crate::db::models::role::Role;
use crate::domain::audience::Audience;
use crate::domain::ids::RoleId;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::billing::Plans;
use crate::store::command::{Command, Effects, EventDraft, Reply};
use crate::store::state::StoreState;
use crate::store::team_views::RoleView;
use crate::store::write::Write;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

fn role_not_found() -> AppError {
    AppError::not_found("role_not_found", messages::ROLE_NOT_FOUND)
}

/// Announces a role to everyone in the store and answers its view.
fn put_role(role: Role, kind: &'static str) -> Effects {
    let view = RoleView::from(&role);
    Effects {
        writes: vec![Write::PutRole(Box::new(role))],
        events: vec![EventDraft {
            kind,
            data: serde_json::to_value(&view).unwrap_or_default(),
            visibility: Audience::Everyone,
        }],
        reply: Reply::new(view),
    }
}

/// A role's switches, as a call gives them: each keeps its value (or takes its default on
/// creation) when `None`.
#[derive(Debug, Default, Clone, Copy)]
pub struct Switches {
    pub require_user_action: Option<bool>,
    pub swappeable: Option<bool>,
    pub can_start: Option<bool>,
    pub can_clock_in: Option<bool>,
}

impl Switches {
    fn apply(&self, role: &mut Role) {
        role.require_user_action = self.require_user_action.unwrap_or(role.require_user_action);
        role.swappeable = self.swappeable.unwrap_or(role.swappeable);
        role.can_start = self.can_start.unwrap_or(role.can_start);
        role.can_clock_in = self.can_clock_in.unwrap_or(role.can_clock_in);
    }
}

/// `createRole`, with its fields checked.
#[derive(Debug)]
pub struct CreateRole {
    /// The plan's limit on roles.
    pub plans: Plans,
    pub id: RoleId,
    pub title: String,
    pub color: String,
    pub switches: Switches,
}

impl Command for CreateRole {
    fn name(&self) -> &'static str {
        "createRole"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        self.plans.admit_roles(state, 1)?;
        // Confirmation and swaps are off and both ways of clocking on until switched.
        let mut role = Role {
            id: self.id,
            store_id: state.store.id,
            title: self.title.clone(),
            color: self.color.clone(),
            require_user_action: false,
            swappeable: false,
            created_at: now,
            updated_at: now,
            can_start: true,
            can_clock_in: true,
        };
        self.switches.apply(&mut role);
        Ok(put_role(role, "role.created"))
    }
}

/// `updateRole`: title and colour; the switches keep their value when `None`.
#[derive(Debug)]
pub struct UpdateRole {
    /// A role past the plan's limit is read-only.
    pub plans: Plans,
    pub id: RoleId,
    pub title: String,
    pub color: String,
    pub switches: Switches,
}

impl Command for UpdateRole {
    fn name(&self) -> &'static str {
        "updateRole"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let mut role = state.role(self.id).ok_or_else(role_not_found)?.clone();
        self.plans.writable_role(state, self.id)?;
        role.title = self.title.clone();
        role.color = self.color.clone();
        self.switches.apply(&mut role);
        role.updated_at = now;
        Ok(put_role(role, "role.updated"))
    }
}

/// `deleteRole`.
#[derive(Debug)]
pub struct DeleteRole {
    pub id: RoleId,
}

/// A deleted role.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletedRole {
    pub id: RoleId,
    /// How many employee records lost the role.
    pub employees_changed: usize,
}

impl Command for DeleteRole {
    fn name(&self) -> &'static str {
        "deleteRole"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let id = self.id;
        state.role(id).ok_or_else(role_not_found)?;
        let key = id.0.to_string();
        let mut writes = Vec::new();
        // Every record of the store, former employees' included, forgets the role.
        for e in &state.employees {
            let wages = e.wages.as_object().filter(|w| w.contains_key(&key));
            if !e.role_ids.contains(&id.0) && wages.is_none() {
                continue;
            }
            let mut next = e.clone();
            next.role_ids.retain(|r| *r != id.0);
            if let Some(w) = next.wages.as_object_mut() {
                w.remove(&key);
            }
            next.updated_at = now;
            writes.push(Write::PutEmployee(Box::new(next)));
        }
        let employees_changed = writes.len();
        writes.push(Write::DeleteRole(id));
        Ok(Effects {
            writes,
            events: vec![EventDraft {
                kind: "role.deleted",
                data: serde_json::json!({ "id": id }),
                visibility: Audience::Everyone,
            }],
            reply: Reply::new(DeletedRole {
                id,
                employees_changed,
            }),
        })
    }
}
