//! Calls of managers holding the employee permission: roles, invitations and the employee
//! records of their store; plus `updateEmployee`, which an employee may also use on the
//! personal fields of their own record.
//!
//! The free plan's limits (5 employees, 3 custom roles) are not enforced: there is no billing
//! yet to tell a paying store from a free one. When plans arrive, `createRole` and
//! `inviteEmployee` are the two places to check them, inside their write transaction.

use crate::calls::bounded::{self, EmailAddress, OptionalText, RequiredText, Text};
use crate::calls::guard::Member;
use crate::calls::input::{self, NAME_MAX, URL_MAX};
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::db::models::employee::Employee;
use crate::domain::business::{Wage, WageType};
use crate::domain::ids::{EmployeeId, RoleId};
use crate::domain::invite::{self as invite_rules, INVITE_CODE_LEN};
use crate::domain::permissions::{GrantablePermission, Permission, Perms};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::audit;
use crate::store::command::Command;
use crate::store::employees::{self, Invitation, Personal, SetActive, Terminate};
use crate::store::roles::{self, DeletedRole};
use crate::store::team_views::{EmployeeView, RoleView};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

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
pub(crate) const COLOR_MAX: usize = 40;
/// Longest phone number.
pub(crate) const PHONE_MAX: usize = 40;

/// Runs a command and writes an `error` log when it fails (the guard logs its own refusals).
async fn logged<T: 'static>(ctx: &Ctx, method: &'static str, cmd: impl Command) -> AppResult<T> {
    let result = ctx.execute(cmd).await;
    if let Err(e) = &result {
        let member = ctx.member()?;
        audit::failure(
            &ctx.state.db,
            method,
            e.message.to_string(),
            Some(member.user),
            Some(member.store_id()),
        )
        .await;
    }
    result
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

// ---------------------------------------------------------------------------------------
// Roles

/// The fields of a role.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RoleData {
    pub title: bounded::RequiredText<{ NAME_MAX }>,
    /// A CSS colour (`#rrggbbaa`, `rgb(...)`, a name).
    pub color: bounded::RequiredText<{ COLOR_MAX }>,
    /// Shifts of this role need the employee's confirmation. Default false.
    #[serde(default)]
    pub require_user_action: Option<bool>,
    /// Shifts of this role can be swapped. Default false.
    #[serde(default)]
    pub swappeable: Option<bool>,
    /// Shifts of this role can be started and completed from a phone. Default true.
    #[serde(default)]
    pub can_start: Option<bool>,
    /// Shifts of this role can be clocked at the store's clock device. Default true.
    #[serde(default)]
    pub can_clock_in: Option<bool>,
}

impl RoleData {
    fn checked(&self) -> AppResult<(String, String)> {
        Ok((self.title.required("title")?, self.color.required("color")?))
    }

    fn switches(&self) -> roles::Switches {
        roles::Switches {
            require_user_action: self.require_user_action,
            swappeable: self.swappeable,
            can_start: self.can_start,
            can_clock_in: self.can_clock_in,
        }
    }
}

/// `createRole`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateRole {
    pub role_data: RoleData,
}

impl Call for CreateRole {
    const NAME: &'static str = "createRole";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Create a role of the store.";
    type Output = RoleView;

    #[tracing::instrument(name = "createRole", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<RoleView> {
        let (title, color) = self.role_data.checked()?;
        let cmd = roles::CreateRole {
            plans: ctx.state.plans.clone(),
            id: RoleId::new(),
            title,
            color,
            switches: self.role_data.switches(),
        };
        ctx.execute(cmd).await
    }
}

/// `updateRole`. Title and colour are required; the switches keep their value when absent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateRole {
    pub role_data: RoleData,
    pub role_id: RoleId,
}

impl Call for UpdateRole {
    const NAME: &'static str = "updateRole";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Change a role of the store.";
    type Output = RoleView;

    #[tracing::instrument(name = "updateRole", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<RoleView> {
        let (title, color) = self.role_data.checked()?;
        let cmd = roles::UpdateRole {
            plans: ctx.state.plans.clone(),
            id: self.role_id,
            title,
            color,
            switches: self.role_data.switches(),
        };
        ctx.execute(cmd).await
    }
}

/// `deleteRole`. Employees who held the role lose it (and its wage).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteRole {
    pub role_id: RoleId,
}

impl Call for DeleteRole {
    const NAME: &'static str = "deleteRole";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Delete a role; employees who held it lose it.";
    type Output = DeletedRole;

    #[tracing::instrument(name = "deleteRole", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<DeletedRole> {
        ctx.execute(roles::DeleteRole { id: self.role_id }).await
    }
}

// ---------------------------------------------------------------------------------------
// Invitations

/// The employee to invite.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteData {
    /// Trimmed; compared case-insensitively.
    pub email: EmailAddress,
    /// Role ids of this store.
    #[serde(default, alias = "roles")]
    pub role: Vec<RoleId>,
    /// `Hourly` (default) or `Weekly`.
    #[serde(default)]
    pub wage_type: Option<WageType>,
    /// Wage per role id: `{"<role id>": 12.5}`; only roles in `role`.
    #[serde(default, alias = "wages")]
    #[schema(value_type = BTreeMap<uuid::Uuid, Wage>)]
    pub wage: BTreeMap<String, f64>,
    /// Any of `employee`, `schedule`, `availabletime`.
    #[serde(default)]
    #[schema(value_type = Vec<GrantablePermission>)]
    pub permissions: Vec<String>,
    /// Empty means none.
    #[serde(default, alias = "fullName", alias = "name")]
    pub fullname: Option<Text<{ NAME_MAX }>>,
    /// Empty means none.
    #[serde(default)]
    pub display_name: Option<Text<{ NAME_MAX }>>,
}

/// `inviteEmployee`: creates the employee record and mails an invitation code; called again
/// while the invitation is open, it updates the record and resends the code with a new
/// expiry.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteEmployee {
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
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub expire: i64,
}

impl InviteEmployee {
    async fn invite(self, ctx: &Ctx, member: &Member) -> AppResult<Invited> {
        let data = self.employee;
        let email = input::email(&data.email)?;
        let fullname = data.fullname.optional("fullname")?;
        let display_name = data.display_name.optional("displayName")?;
        let perms = grantable_permissions(&data.permissions)?;
        if !member.perms.may_grant(Perms::NONE, perms) {
            return Err(AppError::forbidden(
                "permission_denied",
                messages::NO_PERMISSION_ADD_EMPLOYEES,
            ));
        }
        let cmd = employees::InviteEmployee {
            plans: ctx.state.plans.clone(),
            email,
            fullname,
            display_name,
            roles: data.role,
            wages: data.wage,
            wage_type: data.wage_type.unwrap_or(WageType::Hourly),
            perms,
            new_id: EmployeeId::new(),
            new_code: invite_rules::generate_code(&mut rand::thread_rng(), INVITE_CODE_LEN),
            expires_at: invite_rules::expiry(Utc::now()),
        };
        let invitation: Invitation = ctx.execute(cmd).await?;
        send_invitation(&ctx.state, &invitation).await?;
        let by = ctx.member()?.user;
        Ok(Invited {
            employee: EmployeeView::for_member(&invitation.employee, by, true),
            resent: invitation.resent,
            expire: invitation.expires_at.timestamp_millis(),
        })
    }
}

pub(crate) async fn send_invitation(state: &AppState, o: &Invitation) -> AppResult<()> {
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

    #[tracing::instrument(name = "inviteEmployee", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Invited> {
        let member = ctx.member()?.clone();
        let result = self.invite(&ctx, &member).await;
        if let Err(e) = &result {
            audit::failure(
                &ctx.state.db,
                Self::NAME,
                e.message.to_string(),
                Some(member.user),
                Some(member.store_id()),
            )
            .await;
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
    pub employee_id: EmployeeId,
}

/// Deactivates (releasing the employee's upcoming shifts in the same commit) or activates.
async fn set_active(ctx: Ctx, employee: EmployeeId, deactive: bool) -> AppResult<EmployeeView> {
    let by = ctx.user()?;
    ctx.execute(SetActive {
        plans: ctx.state.plans.clone(),
        employee,
        deactive,
        by,
    })
    .await
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

    #[tracing::instrument(name = "terminateEmployee", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Terminated> {
        let by = ctx.user()?;
        let cmd = Terminate {
            employee: self.employee_id,
            by,
        };
        let employee_id: EmployeeId = logged(&ctx, Self::NAME, cmd).await?;
        Ok(Terminated {
            message: messages::EMPLOYEE_TERMINATED,
            employee_id,
        })
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
    /// Wage per role id (manager only); only roles the employee holds.
    #[serde(default, alias = "wages")]
    #[schema(value_type = Option<BTreeMap<uuid::Uuid, Wage>>)]
    pub wage: Option<BTreeMap<String, f64>>,
    /// Manager only.
    #[serde(default)]
    pub wage_type: Option<WageType>,
    /// Manager only; `owner` only on the owner's own record, which keeps every permission.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Permission>>)]
    pub permissions: Option<Vec<String>>,
    /// Not empty.
    #[serde(default, alias = "fullName")]
    pub fullname: Option<RequiredText<{ NAME_MAX }>>,
    #[serde(default)]
    pub display_name: Option<Text<{ NAME_MAX }>>,
    #[serde(default, alias = "phoneNumber")]
    pub phonenumber: Option<Text<{ PHONE_MAX }>>,
    /// Image URL.
    #[serde(default)]
    pub img: Option<Text<{ URL_MAX }>>,
    /// Image URL.
    #[serde(default)]
    pub display_img: Option<Text<{ URL_MAX }>>,
    /// Epoch ms, not in the future.
    #[serde(default)]
    pub birthday: Option<bounded::Instant>,
}

/// A field sent (`Some`) as its text or, empty, as none; not sent, `None`.
fn cleared<const MAX: usize>(
    value: &Option<Text<MAX>>,
    field: &str,
) -> AppResult<Option<Option<String>>> {
    value.as_ref().map(|v| v.optional(field)).transpose()
}

impl EmployeePatch {
    fn personal(&self) -> AppResult<Personal> {
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
        Ok(Personal {
            full_name: self
                .fullname
                .as_ref()
                .map(|n| n.required("fullname"))
                .transpose()?,
            // Sent empty, a field is cleared.
            display_name: cleared(&self.display_name, "displayName")?,
            phone_number: cleared(&self.phonenumber, "phonenumber")?,
            img: cleared(&self.img, "img")?,
            display_img: cleared(&self.display_img, "displayImg")?,
            birthday,
        })
    }
}

/// `updateEmployee`: managers change anything of an employee but ownership; an employee may
/// change only the name, image, phone and birthday of their own record.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateEmployee {
    pub employee_id: EmployeeId,
    pub employee: EmployeePatch,
}

impl Call for UpdateEmployee {
    const NAME: &'static str = "updateEmployee";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const DENIED: &'static str = messages::NO_PERMISSION_UPDATE_EMPLOYEES;
    const SUMMARY: &'static str = "Change an employee (managers) or one's own profile fields.";
    type Output = EmployeeView;

    #[tracing::instrument(name = "updateEmployee", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<EmployeeView> {
        let member = ctx.member()?;
        let patch = self.employee;
        let personal = patch.personal()?;
        let perms = patch
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
        let cmd = employees::UpdateEmployee {
            plans: ctx.state.plans.clone(),
            employee: self.employee_id,
            by: member.user,
            by_perms: member.perms,
            personal,
            roles: patch.roles,
            wages: patch.wage,
            wage_type: patch.wage_type,
            perms,
        };
        logged(&ctx, Self::NAME, cmd).await
    }
}

/// The employee records a member may see, as they may see them: managers every record,
/// an employee their own and their active colleagues'; the phone number and birthday of
/// each as its person's privacy allows the member (`domain::privacy`).
pub fn visible_employees(member: &Member, all: &[Employee]) -> Vec<EmployeeView> {
    let manager = member.is_manager();
    all.iter()
        .filter(|e| manager || e.id == member.employee.id || (e.user_id.is_some() && !e.deactive))
        .map(|e| EmployeeView::for_member(e, member.user, manager))
        .collect()
}
