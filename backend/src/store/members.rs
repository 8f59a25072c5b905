//! A member of a store as its actor knows them: the caller every store call runs for.

use crate::db::models::employee::Employee;
use crate::db::models::store::Store;
use crate::domain::ids::{StoreId, UserId};
use crate::domain::membership::{self, Record, Refusal};
use crate::domain::permissions::{Permission, Perms};
use crate::error::{AppError, AppResult};
use crate::store::state::StoreState;

/// A signed-in member of a store, as resolved for one call.
#[derive(Debug, Clone)]
pub struct Member {
    pub user: UserId,
    pub store: Store,
    pub employee: Employee,
    /// The employee's permissions, plus `owner` for the store owner.
    pub perms: Perms,
}

impl Member {
    pub fn store_id(&self) -> StoreId {
        self.store.id
    }

    pub fn is_owner(&self) -> bool {
        self.store.owner_id == self.user
    }

    pub fn is_manager(&self) -> bool {
        self.perms.is_manager()
    }

    pub fn has(&self, p: Permission) -> bool {
        self.perms.covers(Perms::NONE.with(p))
    }

    /// Fails with the given text unless every permission of `required` is held.
    pub fn require(&self, required: Perms, denied: &'static str) -> AppResult<()> {
        if self.perms.covers(required) {
            Ok(())
        } else {
            Err(AppError::forbidden("permission_denied", denied))
        }
    }
}

impl StoreState {
    /// Who `user` is in this store, by the membership rule.
    pub fn member(&self, user: UserId) -> Result<Member, Refusal> {
        member_among(&self.store, self.current_employees(), user)
    }

    /// The record `user` acts through and the permissions they act with, without copying
    /// either (the hub asks this for every socket of a room).
    pub fn standing(&self, user: UserId) -> Result<(&Employee, Perms), Refusal> {
        standing_among(&self.store, self.current_employees(), user)
    }
}

/// Who `user` is in `store`, among its current `employees`.
pub(crate) fn member_among<'a>(
    store: &Store,
    employees: impl IntoIterator<Item = &'a Employee>,
    user: UserId,
) -> Result<Member, Refusal> {
    let (employee, perms) = standing_among(store, employees, user)?;
    Ok(Member {
        user,
        store: store.clone(),
        employee: employee.clone(),
        perms,
    })
}

/// The record `user` acts through among the store's current `employees`, and the permissions
/// the membership rule gives them.
fn standing_among<'a>(
    store: &Store,
    employees: impl IntoIterator<Item = &'a Employee>,
    user: UserId,
) -> Result<(&'a Employee, Perms), Refusal> {
    let employee = employees
        .into_iter()
        .find(|e| e.user_id == Some(user))
        .ok_or(Refusal::NoRecord)?;
    let record = Record {
        perms: employee.perms(),
        deactive: employee.deactive,
        terminated: employee.terminated_at.is_some(),
    };
    let perms = membership::standing(store.owner_id == user, Some(record))?;
    Ok((employee, perms))
}
