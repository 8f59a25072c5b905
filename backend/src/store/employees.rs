//! Employee records: invitations, changes by managers or the employee themself, deactivation
//! and termination (which release the employee's upcoming shifts in the same commit), and a
//! person's profile copied onto their record.

use crate::db::models::employee::{wages_json, Employee};
use crate::db::models::invite::Invite;
use crate::domain::audience::Audience;
use crate::domain::business::{self, WageType};
use crate::domain::ids::{EmployeeId, InviteId, RoleId, UserId};
use crate::domain::permissions::{Permission, Perms};
use crate::domain::privacy::{Privacy, Viewer};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::billing::Plans;
use crate::store::command::{Command, Effects, EventDraft, Reply};
use crate::store::shifts::release_upcoming;
use crate::store::state::StoreState;
use crate::store::team_views::EmployeeView;
use crate::store::write::Write;
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;
use uuid::Uuid;

fn employee_not_found() -> AppError {
    AppError::not_found("employee_not_found", messages::NO_EMPLOYEE_DOCUMENT)
}

fn owner_record_fixed() -> AppError {
    AppError::bad_request("owner_record_fixed", messages::OWNER_RECORD_IS_FIXED)
}

fn denied_update() -> AppError {
    AppError::forbidden(
        "permission_denied",
        messages::NO_PERMISSION_UPDATE_EMPLOYEES,
    )
}

/// Who sees a change of an employee record: managers, and the employee themself.
fn audience(e: &Employee) -> Audience {
    Audience::ManagersAnd(e.user_id.into_iter().collect())
}

/// Writes a record and announces it to managers and its employee, as a manager sees it.
fn put_employee(effects: &mut Effects, kind: &'static str, e: Employee) {
    announce(effects, kind, &e, false);
    effects.writes.push(Write::PutEmployee(Box::new(e)));
}

/// The live change of a record, as the least of its readers may see it (`domain::privacy`):
/// with `coworkers`, everyone in the store gets it as a co-worker sees it; otherwise managers
/// and its person get it as a manager does. Nobody is sent a field hidden from them, and
/// nobody needs more than the change carries: the web app reads the list again on any
/// `employee.*` change, each reader getting their own view.
pub fn announce(effects: &mut Effects, kind: &'static str, e: &Employee, coworkers: bool) {
    let (viewer, visibility) = if coworkers {
        (Viewer::Coworker, Audience::Everyone)
    } else {
        (Viewer::Manager, audience(e))
    };
    effects.events.push(EventDraft {
        kind,
        data: serde_json::to_value(EmployeeView::seen_by(e, viewer)).unwrap_or_default(),
        visibility,
    });
}

fn is_owner_record(state: &StoreState, e: &Employee) -> bool {
    e.user_id == Some(state.store.owner_id)
}

/// A current record whose standing a manager may change: any but the owner's.
fn changeable(state: &StoreState, id: EmployeeId) -> AppResult<&Employee> {
    let target = state.employee(id).ok_or_else(employee_not_found)?;
    if is_owner_record(state, target) {
        return Err(owner_record_fixed());
    }
    Ok(target)
}

/// Checks that every id is a role of the store (a role of another store is as unknown as a
/// made-up one), keeping the caller's order without repeats.
fn store_roles(state: &StoreState, ids: &[RoleId]) -> AppResult<Vec<Uuid>> {
    let mut ordered: Vec<Uuid> = Vec::with_capacity(ids.len());
    for id in ids {
        if state.role(*id).is_none() {
            return Err(AppError::bad_request(
                "role_not_found",
                messages::ROLE_NOT_FOUND,
            ));
        }
        if !ordered.contains(&id.0) {
            ordered.push(id.0);
        }
    }
    Ok(ordered)
}

fn wages(given: &BTreeMap<String, f64>, roles: &[Uuid]) -> AppResult<BTreeMap<Uuid, f64>> {
    business::validate_wages(given, roles).map_err(|e| AppError::invalid(e.to_string()))
}

// ---------------------------------------------------------------------------------------
// Invitations

/// `inviteEmployee`, with its fields checked and the permissions already judged grantable.
#[derive(Debug)]
pub struct InviteEmployee {
    pub email: String,
    pub fullname: Option<String>,
    pub display_name: Option<String>,
    pub roles: Vec<RoleId>,
    pub wages: BTreeMap<String, f64>,
    pub wage_type: WageType,
    pub perms: Perms,
    /// The id a new record gets, and the code a new invitation gets.
    pub new_id: EmployeeId,
    pub new_code: String,
    pub expires_at: DateTime<Utc>,
    /// The plan's limit on employees applies to a new record, or a former one invited back.
    pub plans: Plans,
}

/// What an invitation planned: the record, and the code to mail.
#[derive(Debug)]
pub struct Invitation {
    pub employee: Employee,
    pub code: String,
    pub expires_at: DateTime<Utc>,
    /// True when an open invitation was sent again.
    pub resent: bool,
    pub store_name: String,
}

impl Command for InviteEmployee {
    fn name(&self) -> &'static str {
        "inviteEmployee"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let roles = store_roles(state, &self.roles)?;
        let wages = wages_json(&wages(&self.wages, &roles)?);
        let (employee, code, resent) = match state.employee_by_email(&self.email) {
            None => {
                self.plans.admit_employees(state, 1)?;
                let e = Employee {
                    id: self.new_id,
                    store_id: state.store.id,
                    user_id: None,
                    email: self.email.clone(),
                    full_name: self.fullname.clone().unwrap_or_default(),
                    display_name: self.display_name.clone(),
                    phone_number: None,
                    img: None,
                    display_img: None,
                    birthday: None,
                    role_ids: roles,
                    wages,
                    wage_type: self.wage_type,
                    permissions: self.perms.names(),
                    deactive: false,
                    terminated_at: None,
                    created_at: now,
                    updated_at: now,
                    phone_visibility: Privacy::default().phone,
                    birthday_visibility: Privacy::default().birthday,
                };
                (e, self.new_code.clone(), false)
            }
            Some(e) if e.terminated_at.is_some() => {
                // A former employee is invited afresh.
                self.plans.admit_employees(state, 1)?;
                let mut e = e.clone();
                e.email = self.email.clone();
                e.user_id = None;
                // Nobody's choices until someone accepts the invitation.
                e.set_privacy(Privacy::default());
                e.deactive = false;
                e.terminated_at = None;
                e.role_ids = roles;
                e.wages = wages;
                e.wage_type = self.wage_type;
                e.permissions = self.perms.names();
                e.updated_at = now;
                (e, self.new_code.clone(), false)
            }
            Some(e) if e.user_id.is_some() => {
                return Err(AppError::bad_request(
                    "invite_resolved",
                    messages::INVITE_ALREADY_RESOLVED,
                ))
            }
            Some(e) => {
                let mut e = e.clone();
                if let Some(name) = &self.fullname {
                    e.full_name = name.clone();
                }
                if let Some(name) = &self.display_name {
                    e.display_name = Some(name.clone());
                }
                e.role_ids = roles;
                e.wages = wages;
                e.wage_type = self.wage_type;
                e.permissions = self.perms.names();
                e.updated_at = now;
                // Resending keeps the code already mailed, so either mail works.
                let code = match state.invites.get(&e.id) {
                    Some(i) if !i.resolved => i.hash.clone(),
                    _ => self.new_code.clone(),
                };
                (e, code, true)
            }
        };
        let invite = Invite {
            id: state
                .invites
                .get(&employee.id)
                .map_or_else(InviteId::new, |i| i.id),
            store_id: state.store.id,
            employee_id: employee.id,
            email: employee.email.clone(),
            hash: code.clone(),
            resolved: false,
            expires_at: self.expires_at,
            user_id: None,
            created_at: now,
        };
        let mut effects = Effects::default();
        put_employee(&mut effects, "employee.invited", employee.clone());
        effects.writes.push(Write::PutInvite(Box::new(invite)));
        effects.reply = Reply::new(Invitation {
            employee,
            code,
            expires_at: self.expires_at,
            resent,
            store_name: state.store.name.clone(),
        });
        Ok(effects)
    }
}

/// Accepting an invitation: the signed-in user becomes the invited record.
#[derive(Debug)]
pub struct AcceptInvitation {
    pub user: UserId,
    pub employee: EmployeeId,
    pub code: String,
    /// The user's name, photo, phone number and birthday, for a record the manager left
    /// without them.
    pub full_name: String,
    pub img: Option<String>,
    pub phone_number: Option<String>,
    pub birthday: Option<DateTime<Utc>>,
    /// The user's choices of who sees their phone number and birthday.
    pub privacy: Privacy,
}

impl Command for AcceptInvitation {
    fn name(&self) -> &'static str {
        "joinBusinessWithInvitation"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let invalid =
            || AppError::bad_request("invalid_invite_code", messages::INVALID_INVITE_CODE);
        let invite = state
            .invites
            .get(&self.employee)
            .filter(|i| !i.resolved && i.hash == self.code && i.expires_at > now)
            .ok_or_else(invalid)?;
        let mine = state
            .employees
            .iter()
            .find(|e| e.user_id == Some(self.user));
        if mine.is_some_and(|e| e.id != self.employee) {
            return Err(AppError::bad_request(
                "already_a_member",
                messages::ALREADY_A_MEMBER,
            ));
        }
        let mut e = state.employee(self.employee).ok_or_else(invalid)?.clone();
        e.user_id = Some(self.user);
        // Keep a name or photo the manager already entered.
        if e.full_name.is_empty() {
            e.full_name = self.full_name.clone();
        }
        if e.img.is_none() {
            e.img = self.img.clone();
        }
        if e.phone_number.is_none() {
            e.phone_number = self.phone_number.clone();
        }
        if e.birthday.is_none() {
            e.birthday = self.birthday;
        }
        e.set_privacy(self.privacy);
        e.updated_at = now;
        let mut accepted = invite.clone();
        accepted.resolved = true;
        accepted.user_id = Some(self.user);
        let mut effects = Effects {
            reply: Reply::new(state.store.id),
            ..Effects::default()
        };
        announce(&mut effects, "employee.joined", &e, true);
        effects.writes = vec![
            Write::PutEmployee(Box::new(e)),
            Write::PutInvite(Box::new(accepted)),
        ];
        Ok(effects)
    }
}

// ---------------------------------------------------------------------------------------
// Activation and termination

/// `deactivateEmployee` / `activateEmployee`. Deactivation releases the employee's upcoming
/// shifts in the same commit.
#[derive(Debug)]
pub struct SetActive {
    pub employee: EmployeeId,
    pub deactive: bool,
    /// The manager acting.
    pub by: UserId,
    /// The plan's limit on employees applies to activating.
    pub plans: Plans,
}

impl Command for SetActive {
    fn name(&self) -> &'static str {
        if self.deactive {
            "deactivateEmployee"
        } else {
            "activateEmployee"
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let target = changeable(state, self.employee)?;
        // The manager acting sees the record as a manager (their own, in full).
        let seen = |e: &Employee| EmployeeView::for_member(e, self.by, true);
        if target.deactive == self.deactive {
            return Ok(Effects::nothing(seen(target)));
        }
        if !self.deactive {
            self.plans.admit_employees(state, 1)?;
        }
        let mut next = target.clone();
        next.deactive = self.deactive;
        next.updated_at = now;
        let mut effects = Effects {
            reply: Reply::new(seen(&next)),
            ..Effects::default()
        };
        put_employee(&mut effects, "employee.updated", next);
        if self.deactive {
            release_upcoming(state, self.employee, self.by, now, &mut effects);
        }
        Ok(effects)
    }
}

/// `terminateEmployee`: the record stays for history, the invitation stops working, and the
/// upcoming shifts are released in the same commit.
#[derive(Debug)]
pub struct Terminate {
    pub employee: EmployeeId,
    pub by: UserId,
}

impl Command for Terminate {
    fn name(&self) -> &'static str {
        "terminateEmployee"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let target = changeable(state, self.employee)?;
        let mut ended = target.clone();
        ended.deactive = true;
        ended.terminated_at = Some(now);
        ended.updated_at = now;
        let mut effects = Effects::default();
        effects.events.push(EventDraft {
            kind: "employee.terminated",
            data: serde_json::json!({ "id": self.employee }),
            visibility: audience(&ended),
        });
        effects.writes.push(Write::PutEmployee(Box::new(ended)));
        effects.writes.push(Write::DeleteInvite(self.employee));
        release_upcoming(state, self.employee, self.by, now, &mut effects);
        effects.reply = Reply::new(self.employee);
        Ok(effects)
    }
}

// ---------------------------------------------------------------------------------------
// Changing a record

/// A change of a record's personal fields; `None` keeps a field, `Some(None)` clears it.
#[derive(Debug, Clone, Default)]
pub struct Personal {
    pub full_name: Option<String>,
    pub display_name: Option<Option<String>>,
    pub phone_number: Option<Option<String>>,
    pub img: Option<Option<String>>,
    pub display_img: Option<Option<String>>,
    pub birthday: Option<Option<DateTime<Utc>>>,
}

impl Personal {
    fn apply(&self, e: &mut Employee) {
        if let Some(v) = &self.full_name {
            e.full_name = v.clone();
        }
        if let Some(v) = &self.display_name {
            e.display_name = v.clone();
        }
        if let Some(v) = &self.phone_number {
            e.phone_number = v.clone();
        }
        if let Some(v) = &self.img {
            e.img = v.clone();
        }
        if let Some(v) = &self.display_img {
            e.display_img = v.clone();
        }
        if let Some(v) = self.birthday {
            e.birthday = v;
        }
    }
}

/// `updateEmployee`: managers change anything of a record but ownership; an employee changes
/// only the personal fields of their own.
#[derive(Debug)]
pub struct UpdateEmployee {
    pub employee: EmployeeId,
    /// The caller and what they hold in the store.
    pub by: UserId,
    pub by_perms: Perms,
    pub personal: Personal,
    pub roles: Option<Vec<RoleId>>,
    pub wages: Option<BTreeMap<String, f64>>,
    pub wage_type: Option<WageType>,
    /// The permissions asked for (never `owner`), and whether `owner` was listed too.
    pub perms: Option<(Perms, bool)>,
    /// A record past the plan's limit keeps its job as it is (its person may still change
    /// their own details).
    pub plans: Plans,
}

impl UpdateEmployee {
    fn touches_job(&self) -> bool {
        self.roles.is_some()
            || self.wages.is_some()
            || self.wage_type.is_some()
            || self.perms.is_some()
    }
}

impl Command for UpdateEmployee {
    fn name(&self) -> &'static str {
        "updateEmployee"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let target = state
            .employee(self.employee)
            .ok_or_else(employee_not_found)?;
        let is_self = target.user_id == Some(self.by);
        let manages = self.by_perms.has(Permission::Employee);
        if !manages && (!is_self || self.touches_job()) {
            return Err(denied_update());
        }
        // A field hidden from the caller is not theirs to overwrite blind.
        let viewer = Viewer::of(is_self, self.by_perms.is_manager());
        let privacy = target.privacy();
        if (self.personal.phone_number.is_some() && !privacy.phone.shows_to(viewer))
            || (self.personal.birthday.is_some() && !privacy.birthday.shows_to(viewer))
        {
            return Err(denied_update());
        }
        if self.touches_job() {
            self.plans.writable_employee(state, self.employee)?;
        }
        let owner_record = is_owner_record(state, target);
        if owner_record && state.store.owner_id != self.by {
            return Err(denied_update());
        }
        let mut next = target.clone();
        if let Some((perms, owner_listed)) = self.perms {
            if owner_record {
                // The owner's record keeps every permission.
                if perms.union(Perms::OWNER) != Perms::ALL {
                    return Err(owner_record_fixed());
                }
            } else if owner_listed {
                return Err(AppError::invalid("The owner permission cannot be granted."));
            } else {
                if !self.by_perms.may_grant(target.perms(), perms) {
                    return Err(denied_update());
                }
                next.permissions = perms.names();
            }
        }
        let roles = match &self.roles {
            Some(r) => store_roles(state, r)?,
            None => target.role_ids.clone(),
        };
        match &self.wages {
            Some(w) => next.wages = wages_json(&wages(w, &roles)?),
            None if self.roles.is_some() => {
                next.wages = wages_json(&business::retain_held_wages(&target.wage_map(), &roles));
            }
            None => {}
        }
        if self.roles.is_some() {
            next.role_ids = roles;
        }
        if let Some(w) = self.wage_type {
            next.wage_type = w;
        }
        self.personal.apply(&mut next);
        next.updated_at = now;
        let mut effects = Effects {
            reply: Reply::new(EmployeeView::seen_by(&next, viewer)),
            ..Effects::default()
        };
        put_employee(&mut effects, "employee.updated", next);
        Ok(effects)
    }
}

/// A person changed their profile: their record in the store shows the new name, photo,
/// phone number and birthday (the last two to whom the person's privacy allows).
#[derive(Debug)]
pub struct MirrorProfile {
    pub user: UserId,
    pub full_name: Option<String>,
    /// `Some(None)` removes the photo.
    pub img: Option<Option<String>>,
    /// `Some(None)` clears the number.
    pub phone_number: Option<Option<String>>,
    pub birthday: Option<Option<DateTime<Utc>>>,
}

impl Command for MirrorProfile {
    fn name(&self) -> &'static str {
        "mirrorProfile"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let mut effects = Effects::nothing(());
        let Some(record) = state
            .current_employees()
            .find(|e| e.user_id == Some(self.user))
        else {
            return Ok(effects);
        };
        let mut next = record.clone();
        Personal {
            full_name: self.full_name.clone(),
            img: self.img.clone(),
            phone_number: self.phone_number.clone(),
            birthday: self.birthday,
            ..Personal::default()
        }
        .apply(&mut next);
        if next.full_name == record.full_name
            && next.img == record.img
            && next.phone_number == record.phone_number
            && next.birthday == record.birthday
        {
            return Ok(effects);
        }
        next.updated_at = now;
        put_employee(&mut effects, "employee.updated", next);
        Ok(effects)
    }
}

/// A person chose who sees their phone number and birthday: their record in the store takes
/// the choice, and is announced again as each reader may now see it.
#[derive(Debug)]
pub struct MirrorPrivacy {
    pub user: UserId,
    pub privacy: Privacy,
}

impl Command for MirrorPrivacy {
    fn name(&self) -> &'static str {
        "updatePrivacySettings"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let mut effects = Effects::nothing(());
        let Some(record) = state
            .current_employees()
            .find(|e| e.user_id == Some(self.user))
        else {
            return Ok(effects);
        };
        if record.privacy() == self.privacy {
            return Ok(effects);
        }
        let mut next = record.clone();
        next.set_privacy(self.privacy);
        next.updated_at = now;
        // Co-workers too: a field shown to them before may be hidden now, or the reverse.
        announce(&mut effects, "employee.updated", &next, true);
        effects.writes.push(Write::PutEmployee(Box::new(next)));
        Ok(effects)
    }
}
