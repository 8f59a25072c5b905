//! Confirming an import: the file's rows are validated again against the store as it is now
//! (a role or employee added since turns a new row into an update, a role removed since
//! refuses the file), and every record is written in one commit.

use crate::db::models::employee::{wages_json, Employee};
use crate::db::models::invite::Invite;
use crate::db::models::role::Role;
use crate::domain::audience::Audience;
use crate::domain::business::WageType;
use crate::domain::ids::{EmployeeId, InviteId, RoleId};
use crate::domain::import::{
    self, EmployeeRow, Imported, KnownEmployee, KnownRole, RowError, Table,
};
use crate::domain::invite::{self as invite_rules, INVITE_CODE_LEN};
use crate::domain::permissions::Perms;
use crate::domain::privacy::Privacy;
use crate::error::{AppError, AppResult};
use crate::store::billing::Plans;
use crate::store::command::{Command, Effects, EventDraft, Reply};
use crate::store::employees::{announce, Invitation};
use crate::store::state::StoreState;
use crate::store::team_views::RoleView;
use crate::store::write::Write;
use chrono::{DateTime, Utc};
use serde::Serialize;
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// The store's roles as imports match them.
pub fn known_roles(state_roles: &[Role]) -> Vec<KnownRole> {
    state_roles
        .iter()
        .map(|r| KnownRole {
            id: r.id.0,
            title: r.title.clone(),
        })
        .collect()
}

/// The store's employee records as imports match them.
pub fn known_employees(
    records: &[Employee],
    owner: crate::domain::ids::UserId,
) -> Vec<KnownEmployee> {
    records
        .iter()
        .map(|e| KnownEmployee {
            id: e.id.0,
            email: e.email.clone(),
            perms: e.perms(),
            owner: e.user_id == Some(owner),
            terminated: e.terminated_at.is_some(),
        })
        .collect()
}

/// A file that no longer fits the store: its first bad row, in words.
pub(crate) fn stale(errors: &[RowError]) -> AppError {
    let first = errors.first().map_or(String::new(), |e| {
        format!(" Row {}, {}: {}", e.row, e.column, e.text)
    });
    AppError::invalid(format!(
        "The store changed since the file was uploaded; upload it again.{first}"
    ))
}

/// What a confirmed import did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportApplied {
    /// Records added.
    pub created: usize,
    /// Records changed.
    pub updated: usize,
}

/// `confirmImportedRoles`.
#[derive(Debug)]
pub struct ApplyRoleImport {
    pub table: Table,
    /// The plan's limit on roles applies to the new ones.
    pub plans: Plans,
}

impl Command for ApplyRoleImport {
    fn name(&self) -> &'static str {
        "confirmImportedRoles"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let rows = import::roles(&self.table, &known_roles(&state.roles)).map_err(|e| stale(&e))?;
        self.plans.admit_roles(state, rows.new.len())?;
        for r in &rows.update {
            if let Some(id) = r.id {
                self.plans.writable_role(state, RoleId(id))?;
            }
        }
        let mut effects = Effects::default();
        let mut put = |role: Role, kind: &'static str| {
            effects.events.push(EventDraft {
                kind,
                data: serde_json::to_value(RoleView::from(&role)).unwrap_or_default(),
                visibility: Audience::Everyone,
            });
            effects.writes.push(Write::PutRole(Box::new(role)));
        };
        for r in &rows.new {
            put(
                Role {
                    id: RoleId::new(),
                    store_id: state.store.id,
                    title: r.title.clone(),
                    color: r.color.clone(),
                    require_user_action: r.require_user_action,
                    swappeable: r.swappeable,
                    created_at: now,
                    updated_at: now,
                    can_start: true,
                    can_clock_in: true,
                },
                "role.created",
            );
        }
        for r in &rows.update {
            let Some(mut role) = r.id.and_then(|id| state.role(RoleId(id))).cloned() else {
                continue;
            };
            role.title = r.title.clone();
            role.color = r.color.clone();
            role.require_user_action = r.require_user_action;
            role.swappeable = r.swappeable;
            role.updated_at = now;
            put(role, "role.updated");
        }
        effects.reply = Reply::new(ImportApplied {
            created: rows.new.len(),
            updated: rows.update.len(),
        });
        Ok(effects)
    }
}

/// `confirmImportedEmployees`: new rows become invited records (their invitations are
/// mailed after the commit), the others change the records their e-mail names.
#[derive(Debug)]
pub struct ApplyEmployeeImport {
    pub table: Table,
    /// What the confirming manager may grant.
    pub granter: Perms,
    /// The plan's limit on employees applies to the new records.
    pub plans: Plans,
}

/// What a confirmed employee import did, with the invitations to mail.
#[derive(Debug)]
pub struct EmployeesApplied {
    pub applied: ImportApplied,
    pub invitations: Vec<Invitation>,
}

fn wages(row: &EmployeeRow) -> BTreeMap<uuid::Uuid, f64> {
    row.wage
        .map(|w| row.roles.iter().map(|r| (*r, w)).collect())
        .unwrap_or_default()
}

impl Command for ApplyEmployeeImport {
    fn name(&self) -> &'static str {
        "confirmImportedEmployees"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let rows: Imported<EmployeeRow> = import::employees(
            &self.table,
            &known_roles(&state.roles),
            &known_employees(&state.employees, state.store.owner_id),
            self.granter,
        )
        .map_err(|e| stale(&e))?;
        self.plans.admit_employees(state, rows.new.len())?;
        for r in &rows.update {
            if let Some(id) = r.id {
                self.plans.writable_employee(state, EmployeeId(id))?;
            }
        }
        let mut effects = Effects::default();
        let mut put = |e: Employee, kind: &'static str| {
            announce(&mut effects, kind, &e, false);
            effects.writes.push(Write::PutEmployee(Box::new(e)));
        };
        let mut invitations = Vec::with_capacity(rows.new.len());
        let mut invites = Vec::with_capacity(rows.new.len());
        let expires_at = invite_rules::expiry(now);
        let mut rng = rand::thread_rng();
        for r in &rows.new {
            let e = Employee {
                id: EmployeeId::new(),
                store_id: state.store.id,
                user_id: None,
                email: r.email.clone(),
                full_name: r.full_name.clone().unwrap_or_default(),
                display_name: r.display_name.clone(),
                phone_number: None,
                img: None,
                display_img: None,
                birthday: None,
                role_ids: r.roles.clone(),
                wages: wages_json(&wages(r)),
                wage_type: r.wage_type.unwrap_or(WageType::Hourly),
                permissions: r.permissions.clone().unwrap_or_default(),
                deactive: false,
                terminated_at: None,
                created_at: now,
                updated_at: now,
                phone_visibility: Privacy::default().phone,
                birthday_visibility: Privacy::default().birthday,
            };
            let code = invite_rules::generate_code(&mut rng, INVITE_CODE_LEN);
            invites.push(Invite {
                id: InviteId::new(),
                store_id: state.store.id,
                employee_id: e.id,
                email: e.email.clone(),
                hash: code.clone(),
                resolved: false,
                expires_at,
                user_id: None,
                created_at: now,
            });
            invitations.push(Invitation {
                employee: e.clone(),
                code,
                expires_at,
                resent: false,
                store_name: state.store.name.clone(),
            });
            put(e, "employee.invited");
        }
        for r in &rows.update {
            let Some(mut e) = r.id.and_then(|id| state.employee(EmployeeId(id))).cloned() else {
                continue;
            };
            if let Some(name) = &r.full_name {
                e.full_name = name.clone();
            }
            if let Some(name) = &r.display_name {
                e.display_name = Some(name.clone());
            }
            if !r.roles.is_empty() {
                e.role_ids = r.roles.clone();
            }
            let mut held = e.wage_map();
            held.retain(|role, _| e.role_ids.contains(role));
            if let Some(w) = r.wage {
                for role in &e.role_ids {
                    held.insert(*role, w);
                }
            }
            e.wages = wages_json(&held);
            if let Some(w) = r.wage_type {
                e.wage_type = w;
            }
            if let Some(p) = &r.permissions {
                e.permissions = p.clone();
            }
            e.updated_at = now;
            put(e, "employee.updated");
        }
        effects
            .writes
            .extend(invites.into_iter().map(|i| Write::PutInvite(Box::new(i))));
        effects.reply = Reply::new(EmployeesApplied {
            applied: ImportApplied {
                created: rows.new.len(),
                updated: rows.update.len(),
            },
            invitations,
        });
        Ok(effects)
    }
}
