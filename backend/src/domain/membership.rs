//! Who is a member of a store, and with which permissions: the one rule behind the call
//! guard, the socket's `join` and the realtime fan-out's view of who is a manager.

use crate::domain::permissions::{Permission, Perms};

/// What the rule needs to know of a person's employee record in a store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    pub perms: Perms,
    pub deactive: bool,
    pub terminated: bool,
}

/// Why someone cannot act in a store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// No current employee record (never invited, not joined yet, or terminated).
    NoRecord,
    /// The record is deactivated: the person can sign in but not act in the store.
    Deactivated,
}

/// The permissions a person acts with in a store, given their record there (if any) and
/// whether they own it. The owner holds `owner` on top of their record's permissions and is
/// never locked out by deactivation; a terminated record is no membership.
pub fn standing(is_owner: bool, record: Option<Record>) -> Result<Perms, Refusal> {
    let record = record.filter(|r| !r.terminated).ok_or(Refusal::NoRecord)?;
    if record.deactive && !is_owner {
        return Err(Refusal::Deactivated);
    }
    Ok(if is_owner {
        record.perms.with(Permission::Owner)
    } else {
        record.perms
    })
}

/// Whether a committed change of this type can change who is a member or what they may do
/// (records, roles, the store's owner and settings): nodes re-read memberships after one.
pub fn touches_membership(kind: &str) -> bool {
    ["employee.", "role.", "store."]
        .iter()
        .any(|prefix| kind.starts_with(prefix))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(perms: Perms) -> Record {
        Record {
            perms,
            deactive: false,
            terminated: false,
        }
    }

    #[test]
    fn an_active_record_acts_with_its_permissions() {
        assert_eq!(
            standing(false, Some(record(Perms::SCHEDULE))),
            Ok(Perms::SCHEDULE)
        );
        assert_eq!(standing(false, Some(record(Perms::NONE))), Ok(Perms::NONE));
    }

    #[test]
    fn the_owner_also_holds_owner() {
        let perms = standing(true, Some(record(Perms::EMPLOYEE))).expect("member");
        assert!(perms.has(Permission::Owner));
        assert!(perms.has(Permission::Employee));
    }

    #[test]
    fn no_record_is_no_membership_even_for_the_owner() {
        assert_eq!(standing(false, None), Err(Refusal::NoRecord));
        assert_eq!(standing(true, None), Err(Refusal::NoRecord));
    }

    #[test]
    fn a_terminated_record_is_no_membership() {
        let ended = Record {
            terminated: true,
            ..record(Perms::ALL)
        };
        assert_eq!(standing(false, Some(ended)), Err(Refusal::NoRecord));
        assert_eq!(standing(true, Some(ended)), Err(Refusal::NoRecord));
    }

    #[test]
    fn deactivation_locks_out_everyone_but_the_owner() {
        let off = Record {
            deactive: true,
            ..record(Perms::SCHEDULE)
        };
        assert_eq!(standing(false, Some(off)), Err(Refusal::Deactivated));
        assert!(standing(true, Some(off)).is_ok());
    }

    #[test]
    fn changes_of_records_roles_and_the_store_touch_membership() {
        for kind in [
            "employee.updated",
            "employee.joined",
            "employee.terminated",
            "role.deleted",
            "store.updated",
        ] {
            assert!(touches_membership(kind), "{kind}");
        }
        for kind in ["shift.updated", "request.created", "notification.created"] {
            assert!(!touches_membership(kind), "{kind}");
        }
    }
}
