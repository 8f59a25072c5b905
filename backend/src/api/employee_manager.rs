//! Calls of managers holding the employee permission: roles, invitations and the employee
//! records of their store; plus `updateEmployee`, which an employee may also use on the
//! personal fields of their own record.
//!
//! The free plan's limits (5 employees, 3 custom roles) are not enforced: there is no billing
//! yet to tell a paying store from a free one. When plans arrive, `createRole` and
//! `inviteEmployee` are the two places to check them, inside their write transaction.

use crate::api::call::{Access, Call, Ctx, Registry};
use crate::api::guard::Member;
use crate::api::input::{self, NAME_MAX, URL_MAX};
use crate::api::views::{EmployeeView, RoleView};
use crate::db::models::employee::{wages_json, Employee, JobChange, NewEmployee, PersonalChange};
use crate::db::models::invite::Invite;
use crate::db::models::log::NewLog;
use crate::db::models::role::{NewRole, Role, RoleChange};
use crate::db::models::store::{Audience, Store};
use crate::domain::business::{self, WageType};
use crate::domain::ids::{EmployeeId, RoleId, StoreId, UserId};
use crate::domain::invite::{self as invite_rules, INVITE_CODE_LEN};
use crate::domain::permissions::{Permission, Perms};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::startup::AppState;
use chrono::{DateTime, Utc};
use diesel::PgConnection;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use uuid::Uuid;

pub fn register(r: &mut Registry) {
    r.add::<CreateRole>()
        .add::<UpdateRole>()
        .add::<DeleteRole>()
        .add::<InviteEmployee>()
        .add::<DeactivateEmployee>()
        .add::<ActivateEmployee>()
        .add::<TerminateEmployee>()
        .add::<UpdateEmployee>();
}

/// Longest colour value (`#rrggbbaa`, `rgb(...)`, a CSS name).
const COLOR_MAX: usize = 40;
/// Longest phone number.
const PHONE_MAX: usize = 40;

fn role_not_found() -> AppError {
    AppError::not_found("role_not_found", messages::ROLE_NOT_FOUND)
}

fn employee_not_found() -> AppError {
    AppError::not_found("employee_not_found", messages::NO_EMPLOYEE_DOCUMENT)
}

/// Writes an `error` log for a failed call of a store (the guard logs its own refusals).
async fn log_failure(
    state: &AppState,
    method: &'static str,
    user: UserId,
    store: StoreId,
    e: &AppError,
) {
    let description = e.message.to_string();
    let result = state
        .db
        .run(move |conn| {
            NewLog {
                kind: "error",
                method,
                description: &description,
                user_id: Some(user),
                store_id: Some(store),
            }
            .insert(conn)?;
            Ok(())
        })
        .await;
    if let Err(log_err) = result {
        tracing::warn!(error = %log_err, "could not write the failure log");
    }
}

/// Checks that every id is a role of `store`; a role of another store is as unknown as a
/// made-up id.
fn store_roles(conn: &mut PgConnection, store: StoreId, ids: &[RoleId]) -> AppResult<Vec<Uuid>> {
    let mut wanted: Vec<Uuid> = ids.iter().map(|r| r.0).collect();
    wanted.sort_unstable();
    wanted.dedup();
    let found = Role::existing_ids(conn, store, &wanted)?;
    if found.len() != wanted.len() {
        return Err(AppError::bad_request(
            "role_not_found",
            messages::ROLE_NOT_FOUND,
        ));
    }
    // Keep the caller's order.
    let mut ordered = Vec::with_capacity(wanted.len());
    for r in ids {
        if !ordered.contains(&r.0) {
            ordered.push(r.0);
        }
    }
    Ok(ordered)
}

fn wages(given: &BTreeMap<String, f64>, roles: &[Uuid]) -> AppResult<BTreeMap<Uuid, f64>> {
    business::validate_wages(given, roles).map_err(|e| AppError::invalid(e.to_string()))
}

/// Parses permission names an employee may be given. `owner` is not one: ownership belongs to
/// the store's owner alone.
fn grantable_permissions(names: &[String]) -> AppResult<Perms> {
    let mut perms = Perms::NONE;
    for name in names {
        match Permission::parse(name.trim()) {
            Some(Permission::Owner) => {
                return Err(AppError::invalid("The owner permission cannot be granted."))
            }
            Some(p) => perms = perms.with(p),
            None => return Err(AppError::invalid(format!("Unknown permission {name:?}."))),
        }
    }
    Ok(perms)
}

/// A manager who is not the owner may hand out only manager permissions they hold themselves
/// (so an employee manager cannot make someone a scheduler); `availabletime` only concerns
/// the employee's own availability and any employee manager may grant it.
fn may_grant(member: &Member, old: Perms, new: Perms) -> bool {
    new.iter()
        .filter(|p| !old.has(*p) && *p != Permission::Availabletime)
        .all(|p| member.perms.covers(Perms::NONE.with(p)))
}

fn is_owner_record(member: &Member, e: &Employee) -> bool {
    e.user_id == Some(member.store.owner_id)
}

/// Who sees a change of an employee record: managers, and the employee themself.
fn employee_audience(e: &Employee) -> Audience {
    Audience::ManagersAnd(e.user_id.into_iter().collect())
}

fn record_employee(conn: &mut PgConnection, kind: &str, e: &Employee) -> AppResult<i64> {
    let data = serde_json::to_value(EmployeeView::full(e)).map_err(AppError::internal)?;
    Ok(Store::record_change(
        conn,
        e.store_id,
        kind,
        data,
        employee_audience(e),
    )?)
}

// ---------------------------------------------------------------------------------------
// Roles

/// The fields of a role.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleData {
    pub title: String,
    pub color: String,
    /// Shifts of this role need the employee's confirmation. Default false.
    #[serde(default)]
    pub require_user_action: Option<bool>,
    /// Shifts of this role can be swapped. Default false.
    #[serde(default)]
    pub swappeable: Option<bool>,
}

impl RoleData {
    fn checked(&self) -> AppResult<(String, String)> {
        Ok((
            input::required_text("title", &self.title, NAME_MAX)?,
            input::required_text("color", &self.color, COLOR_MAX)?,
        ))
    }
}

/// `createRole`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateRole {
    #[serde(default, deserialize_with = "input::opt_id", alias = "storeId")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub store: Option<StoreId>,
    pub role_data: RoleData,
}

impl Call for CreateRole {
    const NAME: &'static str = "createRole";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Create a role of the store.";
    type Output = RoleView;

    fn store_id(&self) -> Option<StoreId> {
        self.store
    }

    #[tracing::instrument(name = "createRole", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<RoleView> {
        let store = ctx.member()?.store_id();
        let (title, color) = self.role_data.checked()?;
        let require_user_action = self.role_data.require_user_action.unwrap_or(false);
        let swappeable = self.role_data.swappeable.unwrap_or(false);
        ctx.state
            .db
            .transaction(move |conn| {
                Store::lock_for_write(conn, store)?;
                let role = NewRole {
                    id: RoleId::new(),
                    store_id: store,
                    title: &title,
                    color: &color,
                    require_user_action,
                    swappeable,
                }
                .insert(conn)?;
                let view = RoleView::from(&role);
                let data = serde_json::to_value(&view).map_err(AppError::internal)?;
                Store::record_change(conn, store, "role.created", data, Audience::Everyone)?;
                Ok(view)
            })
            .await
    }
}

/// `updateRole`. Title and colour are required; the switches keep their value when absent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateRole {
    #[serde(default, deserialize_with = "input::opt_id", alias = "storeId")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub store: Option<StoreId>,
    pub role_data: RoleData,
    pub role_id: RoleId,
}

impl Call for UpdateRole {
    const NAME: &'static str = "updateRole";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Change a role of the store.";
    type Output = RoleView;

    fn store_id(&self) -> Option<StoreId> {
        self.store
    }

    #[tracing::instrument(name = "updateRole", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<RoleView> {
        let store = ctx.member()?.store_id();
        let (title, color) = self.role_data.checked()?;
        let change_flags = (
            self.role_data.require_user_action,
            self.role_data.swappeable,
        );
        let id = self.role_id;
        ctx.state
            .db
            .transaction(move |conn| {
                Store::lock_for_write(conn, store)?;
                Role::find_in_store(conn, store, id)?.ok_or_else(role_not_found)?;
                let role = Role::update(
                    conn,
                    store,
                    id,
                    &RoleChange {
                        title: &title,
                        color: &color,
                        require_user_action: change_flags.0,
                        swappeable: change_flags.1,
                    },
                )?;
                let view = RoleView::from(&role);
                let data = serde_json::to_value(&view).map_err(AppError::internal)?;
                Store::record_change(conn, store, "role.updated", data, Audience::Everyone)?;
                Ok(view)
            })
            .await
    }
}

/// `deleteRole`. Employees who held the role lose it (and its wage).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteRole {
    #[serde(default, deserialize_with = "input::opt_id", alias = "storeId")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub store: Option<StoreId>,
    pub role_id: RoleId,
}

/// A deleted role.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletedRole {
    pub id: RoleId,
    /// How many employees lost the role.
    pub employees_changed: usize,
}

impl Call for DeleteRole {
    const NAME: &'static str = "deleteRole";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Delete a role; employees who held it lose it.";
    type Output = DeletedRole;

    fn store_id(&self) -> Option<StoreId> {
        self.store
    }

    #[tracing::instrument(name = "deleteRole", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<DeletedRole> {
        let store = ctx.member()?.store_id();
        let id = self.role_id;
        ctx.state
            .db
            .transaction(move |conn| {
                Store::lock_for_write(conn, store)?;
                Role::find_in_store(conn, store, id)?.ok_or_else(role_not_found)?;
                let employees_changed = Role::delete(conn, store, id)?;
                Store::record_change(
                    conn,
                    store,
                    "role.deleted",
                    serde_json::json!({ "id": id }),
                    Audience::Everyone,
                )?;
                Ok(DeletedRole {
                    id,
                    employees_changed,
                })
            })
            .await
    }
}

// ---------------------------------------------------------------------------------------
// Invitations

/// The employee to invite.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteData {
    /// Trimmed; compared case-insensitively.
    pub email: String,
    /// Role ids of this store.
    #[serde(default, alias = "roles")]
    pub role: Vec<RoleId>,
    /// `Hourly` (default) or `Weekly`.
    #[serde(default)]
    pub wage_type: Option<WageType>,
    /// Wage per role id: `{"<role id>": 12.5}`.
    #[serde(default, alias = "wages")]
    pub wage: BTreeMap<String, f64>,
    /// Any of `employee`, `schedule`, `availabletime`.
    #[serde(default)]
    pub permissions: Vec<String>,
    #[serde(default, alias = "fullName", alias = "name")]
    pub fullname: Option<String>,
    #[serde(default)]
    pub display_name: Option<String>,
}

/// `inviteEmployee`: creates the employee record and mails an invitation code; called again
/// while the invitation is open, it updates the record and resends the code with a new
/// expiry.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteEmployee {
    #[serde(default, deserialize_with = "input::opt_id", alias = "storeId")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub store: Option<StoreId>,
    pub employee: InviteData,
}

/// The invited employee.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invited {
    pub employee: EmployeeView,
    /// True when an open invitation was sent again.
    pub resent: bool,
    /// When the code stops working, epoch ms.
    pub expire: i64,
}

struct InviteOutcome {
    employee: Employee,
    code: String,
    expires_at: DateTime<Utc>,
    resent: bool,
    store_name: String,
}

impl InviteEmployee {
    async fn invite(self, ctx: &Ctx, member: &Member) -> AppResult<Invited> {
        let data = self.employee;
        let email = input::email(&data.email)?;
        let fullname = input::optional_text("fullname", data.fullname.as_deref(), NAME_MAX)?;
        let display_name =
            input::optional_text("displayName", data.display_name.as_deref(), NAME_MAX)?;
        let perms = grantable_permissions(&data.permissions)?;
        if !may_grant(member, Perms::NONE, perms) {
            return Err(AppError::forbidden(
                "permission_denied",
                messages::NO_PERMISSION_ADD_EMPLOYEES,
            ));
        }
        let wage_type = data.wage_type.unwrap_or(WageType::Hourly);
        let store = member.store_id();
        let store_name = member.store.name.clone();
        let now = Utc::now();
        let expires_at = invite_rules::expiry(now);
        let outcome = ctx
            .state
            .db
            .transaction(move |conn| {
                Store::lock_for_write(conn, store)?;
                let roles = store_roles(conn, store, &data.role)?;
                let wages = wages(&data.wage, &roles)?;
                let job = JobChange {
                    role_ids: Some(roles.clone()),
                    wages: Some(wages_json(&wages)),
                    wage_type: Some(wage_type.as_str().to_string()),
                    permissions: Some(perms.names()),
                };
                let existing = Employee::find_by_email(conn, store, &email)?;
                let (employee, code, resent) = match existing {
                    None => {
                        let e = NewEmployee {
                            id: EmployeeId::new(),
                            store_id: store,
                            user_id: None,
                            email: &email,
                            full_name: fullname.as_deref().unwrap_or(""),
                            display_name: display_name.as_deref(),
                            img: None,
                            role_ids: roles,
                            wages: wages_json(&wages),
                            wage_type: wage_type.as_str(),
                            permissions: perms.names(),
                        }
                        .insert(conn)?;
                        let code =
                            invite_rules::generate_code(&mut rand::thread_rng(), INVITE_CODE_LEN);
                        (e, code, false)
                    }
                    // A former employee is invited afresh.
                    Some(e) if e.terminated_at.is_some() => {
                        let e = Employee::reset_for_invite(conn, e.id, &email, &job)?;
                        let code =
                            invite_rules::generate_code(&mut rand::thread_rng(), INVITE_CODE_LEN);
                        (e, code, false)
                    }
                    Some(e) if e.user_id.is_some() => {
                        return Err(AppError::bad_request(
                            "invite_resolved",
                            messages::INVITE_ALREADY_RESOLVED,
                        ))
                    }
                    Some(e) => {
                        let personal = PersonalChange {
                            full_name: fullname.clone(),
                            display_name: display_name.clone().map(Some),
                            ..PersonalChange::default()
                        };
                        let e = Employee::update(conn, e.id, &job, &personal)?;
                        // Resending keeps the code already mailed, so either mail works.
                        let code = match Invite::of_employee(conn, e.id)? {
                            Some(i) if !i.resolved => i.hash,
                            _ => invite_rules::generate_code(
                                &mut rand::thread_rng(),
                                INVITE_CODE_LEN,
                            ),
                        };
                        (e, code, true)
                    }
                };
                Invite::put(conn, store, employee.id, &employee.email, &code, expires_at)?;
                record_employee(conn, "employee.invited", &employee)?;
                Ok(InviteOutcome {
                    employee,
                    code,
                    expires_at,
                    resent,
                    store_name,
                })
            })
            .await?;
        send_invitation(&ctx.state, &outcome).await?;
        Ok(Invited {
            employee: EmployeeView::full(&outcome.employee),
            resent: outcome.resent,
            expire: outcome.expires_at.timestamp_millis(),
        })
    }
}

async fn send_invitation(state: &AppState, o: &InviteOutcome) -> AppResult<()> {
    let body = format!(
        "Hello,\n\n\
         you have been invited to join {store} on Clockto.\n\n\
         Your invitation code: {code}\n\n\
         To accept, open {url}/onboard-employee, sign up or sign in with this e-mail \
         address ({email}) and enter the code.\n\
         The code is valid until {expiry} UTC.\n",
        store = o.store_name,
        code = o.code,
        url = state.settings.public_url.trim_end_matches('/'),
        email = o.employee.email,
        expiry = o.expires_at.format("%Y-%m-%d %H:%M"),
    );
    state
        .mailer
        .send(
            &o.employee.email,
            &format!("Your invitation to {} on Clockto", o.store_name),
            body,
        )
        .await
}

impl Call for InviteEmployee {
    const NAME: &'static str = "inviteEmployee";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const DENIED: &'static str = messages::NO_PERMISSION_ADD_EMPLOYEES;
    const SUMMARY: &'static str = "Invite (or re-invite) an employee by e-mail.";
    type Output = Invited;

    fn store_id(&self) -> Option<StoreId> {
        self.store
    }

    #[tracing::instrument(name = "inviteEmployee", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Invited> {
        let member = ctx.member()?.clone();
        let result = self.invite(&ctx, &member).await;
        if let Err(e) = &result {
            log_failure(&ctx.state, Self::NAME, member.user, member.store_id(), e).await;
        }
        result
    }
}

// ---------------------------------------------------------------------------------------
// Activation and termination

/// `deactivateEmployee` / `activateEmployee` payload.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployeeTarget {
    #[serde(default, deserialize_with = "input::opt_id", alias = "storeId")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub store: Option<StoreId>,
    pub employee_id: EmployeeId,
}

async fn set_active(ctx: Ctx, id: EmployeeId, deactive: bool) -> AppResult<EmployeeView> {
    let member = ctx.member()?.clone();
    let store = member.store_id();
    let view = ctx
        .state
        .db
        .transaction(move |conn| {
            let store = member.store_id();
            Store::lock_for_write(conn, store)?;
            let target =
                Employee::find_in_store(conn, store, id)?.ok_or_else(employee_not_found)?;
            if is_owner_record(&member, &target) {
                return Err(AppError::bad_request(
                    "owner_record_fixed",
                    messages::OWNER_RECORD_IS_FIXED,
                ));
            }
            if target.deactive == deactive {
                return Ok(EmployeeView::full(&target));
            }
            let updated = Employee::set_deactive(conn, id, deactive)?;
            record_employee(conn, "employee.updated", &updated)?;
            Ok(EmployeeView::full(&updated))
        })
        .await?;
    if deactive {
        release_shifts(&ctx, store, id).await;
    }
    Ok(view)
}

/// Opens the upcoming shifts of an employee who can no longer work them. The employee's record
/// is already changed; should this fail, the next deactivation or termination call repeats it.
async fn release_shifts(ctx: &Ctx, store: StoreId, employee: EmployeeId) {
    let Some(by) = ctx.user else {
        return;
    };
    let cmd = crate::store::shifts::ReleaseShiftsOf { employee, by };
    if let Err(e) = ctx
        .state
        .stores
        .execute::<serde_json::Value>(store, cmd)
        .await
    {
        tracing::warn!(error = %e, %employee, "upcoming shifts not opened");
    }
}

/// `deactivateEmployee`: the employee can still sign in but can no longer act in the store.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct DeactivateEmployee(pub EmployeeTarget);

impl Call for DeactivateEmployee {
    const NAME: &'static str = "deactivateEmployee";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Deactivate an employee.";
    type Output = EmployeeView;

    fn store_id(&self) -> Option<StoreId> {
        self.0.store
    }

    #[tracing::instrument(name = "deactivateEmployee", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<EmployeeView> {
        set_active(ctx, self.0.employee_id, true).await
    }
}

/// `activateEmployee`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(transparent)]
pub struct ActivateEmployee(pub EmployeeTarget);

impl Call for ActivateEmployee {
    const NAME: &'static str = "activateEmployee";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Activate a deactivated employee.";
    type Output = EmployeeView;

    fn store_id(&self) -> Option<StoreId> {
        self.0.store
    }

    #[tracing::instrument(name = "activateEmployee", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<EmployeeView> {
        set_active(ctx, self.0.employee_id, false).await
    }
}

/// `terminateEmployee`: ends the employment. The record is kept for history; an open
/// invitation stops working.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TerminateEmployee {
    #[serde(default, deserialize_with = "input::opt_id", alias = "store")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub store_id: Option<StoreId>,
    pub employee_id: EmployeeId,
}

/// The answer of a termination.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Terminated {
    /// "Employee terminated successfully".
    pub message: &'static str,
    pub employee_id: EmployeeId,
}

impl Call for TerminateEmployee {
    const NAME: &'static str = "terminateEmployee";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Terminate an employee.";
    type Output = Terminated;

    fn store_id(&self) -> Option<StoreId> {
        self.store_id
    }

    #[tracing::instrument(name = "terminateEmployee", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Terminated> {
        let member = ctx.member()?.clone();
        let id = self.employee_id;
        let for_tx = member.clone();
        let result = ctx
            .state
            .db
            .transaction(move |conn| {
                let member = for_tx;
                let store = member.store_id();
                Store::lock_for_write(conn, store)?;
                let target =
                    Employee::find_in_store(conn, store, id)?.ok_or_else(employee_not_found)?;
                if is_owner_record(&member, &target) {
                    return Err(AppError::bad_request(
                        "owner_record_fixed",
                        messages::OWNER_RECORD_IS_FIXED,
                    ));
                }
                let ended = Employee::terminate(conn, id, Utc::now())?;
                Invite::delete_of_employee(conn, id)?;
                Store::record_change(
                    conn,
                    store,
                    "employee.terminated",
                    serde_json::json!({ "id": id }),
                    employee_audience(&ended),
                )?;
                Ok(Terminated {
                    message: messages::EMPLOYEE_TERMINATED,
                    employee_id: id,
                })
            })
            .await;
        match &result {
            Ok(_) => release_shifts(&ctx, member.store_id(), id).await,
            Err(e) => log_failure(&ctx.state, Self::NAME, member.user, member.store_id(), e).await,
        }
        result
    }
}

// ---------------------------------------------------------------------------------------
// Updating an employee

/// The fields of an employee to change; absent fields keep their value, `""` clears a text.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmployeePatch {
    /// Role ids of this store (manager only).
    #[serde(default, alias = "role")]
    pub roles: Option<Vec<RoleId>>,
    /// Wage per role id (manager only).
    #[serde(default, alias = "wages")]
    pub wage: Option<BTreeMap<String, f64>>,
    /// Manager only.
    #[serde(default)]
    pub wage_type: Option<WageType>,
    /// Manager only; never `owner`.
    #[serde(default)]
    pub permissions: Option<Vec<String>>,
    #[serde(default, alias = "fullName")]
    pub fullname: Option<String>,
    #[serde(default)]
    pub display_name: Option<String>,
    #[serde(default, alias = "phoneNumber")]
    pub phonenumber: Option<String>,
    #[serde(default)]
    pub img: Option<String>,
    #[serde(default)]
    pub display_img: Option<String>,
    /// Epoch ms.
    #[serde(default)]
    pub birthday: Option<i64>,
}

impl EmployeePatch {
    fn touches_job(&self) -> bool {
        self.roles.is_some()
            || self.wage.is_some()
            || self.wage_type.is_some()
            || self.permissions.is_some()
    }

    fn personal(&self) -> AppResult<PersonalChange> {
        let cleared =
            |field: &str, v: &Option<String>, max: usize| -> AppResult<Option<Option<String>>> {
                v.as_deref()
                    .map(|v| input::optional_text(field, Some(v), max))
                    .transpose()
            };
        let birthday = match self.birthday {
            None => None,
            Some(ms) => {
                let at = input::instant("birthday", ms)?;
                if at > Utc::now() {
                    return Err(AppError::invalid("birthday cannot be in the future."));
                }
                Some(Some(at))
            }
        };
        Ok(PersonalChange {
            full_name: self
                .fullname
                .as_deref()
                .map(|n| input::required_text("fullname", n, NAME_MAX))
                .transpose()?,
            display_name: cleared("displayName", &self.display_name, NAME_MAX)?,
            phone_number: cleared("phonenumber", &self.phonenumber, PHONE_MAX)?,
            img: cleared("img", &self.img, URL_MAX)?,
            display_img: cleared("displayImg", &self.display_img, URL_MAX)?,
            birthday,
        })
    }
}

/// `updateEmployee`: managers change anything of an employee but ownership; an employee may
/// change only the name, image, phone and birthday of their own record.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateEmployee {
    #[serde(default, deserialize_with = "input::opt_id", alias = "storeId")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub store: Option<StoreId>,
    pub employee_id: EmployeeId,
    pub employee: EmployeePatch,
}

fn denied_update() -> AppError {
    AppError::forbidden(
        "permission_denied",
        messages::NO_PERMISSION_UPDATE_EMPLOYEES,
    )
}

impl Call for UpdateEmployee {
    const NAME: &'static str = "updateEmployee";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const DENIED: &'static str = messages::NO_PERMISSION_UPDATE_EMPLOYEES;
    const SUMMARY: &'static str = "Change an employee (managers) or one's own profile fields.";
    type Output = EmployeeView;

    fn store_id(&self) -> Option<StoreId> {
        self.store
    }

    #[tracing::instrument(name = "updateEmployee", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<EmployeeView> {
        let member = ctx.member()?.clone();
        let patch = self.employee;
        let id = self.employee_id;
        let personal = patch.personal()?;
        let wanted_perms = patch
            .permissions
            .as_deref()
            .map(|names| {
                // The owner's record keeps every permission; listing `owner` there is fine.
                let without_owner: Vec<String> = names
                    .iter()
                    .filter(|n| n.trim() != Permission::Owner.as_str())
                    .cloned()
                    .collect();
                let owner_listed = without_owner.len() != names.len();
                grantable_permissions(&without_owner).map(|p| (p, owner_listed))
            })
            .transpose()?;
        let for_tx = member.clone();
        let result = ctx
            .state
            .db
            .transaction(move |conn| {
                let member = for_tx;
                let store = member.store_id();
                Store::lock_for_write(conn, store)?;
                let target =
                    Employee::find_in_store(conn, store, id)?.ok_or_else(employee_not_found)?;
                let is_self = target.user_id == Some(member.user);
                let manages = member.has(Permission::Employee);
                if !manages && (!is_self || patch.touches_job()) {
                    return Err(denied_update());
                }
                let owner_record = is_owner_record(&member, &target);
                if owner_record && !member.is_owner() {
                    return Err(denied_update());
                }
                let mut job = JobChange::default();
                if let Some((perms, owner_listed)) = wanted_perms {
                    if owner_record {
                        if perms.union(Perms::OWNER) != Perms::ALL {
                            return Err(AppError::bad_request(
                                "owner_record_fixed",
                                messages::OWNER_RECORD_IS_FIXED,
                            ));
                        }
                    } else if owner_listed {
                        return Err(AppError::invalid("The owner permission cannot be granted."));
                    } else {
                        if !may_grant(&member, target.perms(), perms) {
                            return Err(denied_update());
                        }
                        job.permissions = Some(perms.names());
                    }
                }
                let roles = match &patch.roles {
                    Some(r) => store_roles(conn, store, r)?,
                    None => target.role_ids.clone(),
                };
                job.wages = match &patch.wage {
                    Some(w) => Some(wages_json(&wages(w, &roles)?)),
                    None if patch.roles.is_some() => Some(wages_json(
                        &business::retain_held_wages(&target.wage_map(), &roles),
                    )),
                    None => None,
                };
                if patch.roles.is_some() {
                    job.role_ids = Some(roles);
                }
                job.wage_type = patch.wage_type.map(|w| w.as_str().to_string());
                let updated = Employee::update(conn, id, &job, &personal)?;
                record_employee(conn, "employee.updated", &updated)?;
                Ok(EmployeeView::full(&updated))
            })
            .await;
        if let Err(e) = &result {
            log_failure(&ctx.state, Self::NAME, member.user, member.store_id(), e).await;
        }
        result
    }
}

/// The employee records a member may see, as they may see them.
pub fn visible_employees(member: &Member, all: &[Employee]) -> Vec<EmployeeView> {
    if member.is_manager() {
        return all.iter().map(EmployeeView::full).collect();
    }
    all.iter()
        .filter_map(|e| {
            if e.id == member.employee.id {
                Some(EmployeeView::full(e))
            } else if e.user_id.is_some() && !e.deactive {
                Some(EmployeeView::colleague(e))
            } else {
                None
            }
        })
        .collect()
}
