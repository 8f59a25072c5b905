//! Store permissions. The store owner holds every permission; `schedule` or `employee` makes a
//! manager; anyone else is an employee.

use serde::{Deserialize, Serialize};

/// One permission an employee can hold in a store.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Permission {
    /// Manage staff, roles, invitations; respond to time off.
    Employee,
    /// Shifts, templates, bookings, read all shifts, publish.
    Schedule,
    /// Edit one's own available time.
    Availabletime,
    /// The store owner.
    Owner,
}

impl Permission {
    pub const ALL: [Permission; 4] = [
        Permission::Employee,
        Permission::Schedule,
        Permission::Availabletime,
        Permission::Owner,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Permission::Employee => "employee",
            Permission::Schedule => "schedule",
            Permission::Availabletime => "availabletime",
            Permission::Owner => "owner",
        }
    }

    pub fn parse(s: &str) -> Option<Permission> {
        Permission::ALL.into_iter().find(|p| p.as_str() == s)
    }

    const fn bit(self) -> u8 {
        match self {
            Permission::Employee => 1,
            Permission::Schedule => 2,
            Permission::Availabletime => 4,
            Permission::Owner => 8,
        }
    }
}

crate::domain::schema::words_schema!(
    /// A permission an employee may be given, for the API document: any but `owner`, which
    /// belongs to the store's owner alone.
    GrantablePermission,
    Permission::ALL
        .into_iter()
        .filter(|p| *p != Permission::Owner)
        .map(Permission::as_str)
);

/// A set of permissions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Perms(u8);

impl Perms {
    pub const NONE: Perms = Perms(0);
    pub const EMPLOYEE: Perms = Perms(Permission::Employee.bit());
    pub const SCHEDULE: Perms = Perms(Permission::Schedule.bit());
    pub const AVAILABLETIME: Perms = Perms(Permission::Availabletime.bit());
    pub const OWNER: Perms = Perms(Permission::Owner.bit());
    pub const ALL: Perms = Perms(15);

    /// Parses stored permission names, ignoring unknown ones.
    pub fn from_names<S: AsRef<str>>(names: &[S]) -> Perms {
        names
            .iter()
            .filter_map(|n| Permission::parse(n.as_ref()))
            .fold(Perms::NONE, |acc, p| acc.with(p))
    }

    pub const fn with(self, p: Permission) -> Perms {
        Perms(self.0 | p.bit())
    }

    pub const fn union(self, other: Perms) -> Perms {
        Perms(self.0 | other.0)
    }

    pub const fn has(self, p: Permission) -> bool {
        self.0 & p.bit() != 0
    }

    /// True when every permission of `required` is held. The owner holds them all.
    pub const fn covers(self, required: Perms) -> bool {
        self.has(Permission::Owner) || self.0 & required.0 == required.0
    }

    /// True when at least one of `any` is held (or `any` is empty). The owner always passes.
    pub const fn any_of(self, any: Perms) -> bool {
        any.0 == 0 || self.has(Permission::Owner) || self.0 & any.0 != 0
    }

    /// Schedule or employee permission (or ownership) makes a manager.
    pub const fn is_manager(self) -> bool {
        self.any_of(Perms(
            Permission::Schedule.bit() | Permission::Employee.bit(),
        ))
    }

    pub fn iter(self) -> impl Iterator<Item = Permission> {
        Permission::ALL.into_iter().filter(move |p| self.has(*p))
    }

    pub fn names(self) -> Vec<String> {
        self.iter().map(|p| p.as_str().to_string()).collect()
    }

    /// Whether someone holding these permissions may change a record's permissions from
    /// `old` to `new`: a manager hands out only manager permissions they hold themselves (an
    /// employee manager cannot make someone a scheduler); `availabletime` only concerns the
    /// employee's own availability, and any employee manager may grant it.
    pub fn may_grant(self, old: Perms, new: Perms) -> bool {
        new.iter()
            .filter(|p| !old.has(*p) && *p != Permission::Availabletime)
            .all(|p| self.covers(Perms::NONE.with(p)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owner_covers_every_permission() {
        let owner = Perms::OWNER;
        assert!(owner.covers(Perms::SCHEDULE.union(Perms::EMPLOYEE)));
        assert!(owner.is_manager());
    }

    #[test]
    fn covers_needs_every_required_permission() {
        let p = Perms::SCHEDULE;
        assert!(p.covers(Perms::SCHEDULE));
        assert!(!p.covers(Perms::SCHEDULE.union(Perms::EMPLOYEE)));
        assert!(p.covers(Perms::NONE));
    }

    #[test]
    fn names_round_trip_and_unknown_names_are_ignored() {
        let p = Perms::from_names(&["schedule", "availabletime", "bogus"]);
        assert_eq!(p.names(), vec!["schedule", "availabletime"]);
        assert!(!p.is_manager() || p.has(Permission::Schedule));
    }

    #[test]
    fn managers_grant_only_manager_permissions_they_hold() {
        let employee_manager = Perms::EMPLOYEE;
        assert!(employee_manager.may_grant(Perms::NONE, Perms::EMPLOYEE));
        assert!(employee_manager.may_grant(Perms::NONE, Perms::AVAILABLETIME));
        assert!(!employee_manager.may_grant(Perms::NONE, Perms::SCHEDULE));
        // Keeping what the record already holds is no grant.
        assert!(employee_manager.may_grant(Perms::SCHEDULE, Perms::SCHEDULE));
        assert!(Perms::ALL.may_grant(Perms::NONE, Perms::SCHEDULE.union(Perms::EMPLOYEE)));
    }

    #[test]
    fn an_employee_without_manager_permissions_is_not_a_manager() {
        assert!(!Perms::AVAILABLETIME.is_manager());
        assert!(Perms::EMPLOYEE.is_manager());
    }
}
