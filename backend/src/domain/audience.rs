//! Who may see a committed change of a store: the rule every delivery path (socket fan-out,
//! replay from the outbox) applies, and how it is kept in the outbox row.

use crate::domain::ids::UserId;
use uuid::Uuid;

/// Who may see a change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// Everyone in the store.
    Everyone,
    /// Managers only (an employee never sees another employee's drafts).
    Managers,
    /// Managers and the listed users (e.g. the employee a change concerns).
    ManagersAnd(Vec<UserId>),
    /// Only the listed users (a private notification).
    Users(Vec<UserId>),
}

impl Audience {
    /// Managers plus `users`; managers only when there are none.
    pub fn managers_and(users: impl IntoIterator<Item = UserId>) -> Audience {
        let mut users: Vec<UserId> = users.into_iter().collect();
        users.sort_unstable();
        users.dedup();
        if users.is_empty() {
            Audience::Managers
        } else {
            Audience::ManagersAnd(users)
        }
    }

    /// The outbox columns `(managers_only, user_ids)`.
    pub fn to_columns(&self) -> (bool, Option<Vec<Uuid>>) {
        match self {
            Audience::Everyone => (false, None),
            Audience::Managers => (true, None),
            Audience::ManagersAnd(users) => (true, Some(users.iter().map(|u| u.0).collect())),
            Audience::Users(users) => (false, Some(users.iter().map(|u| u.0).collect())),
        }
    }

    /// Reads the outbox columns back: `managers_only` adds the managers to any listed users.
    pub fn from_columns(managers_only: bool, user_ids: Option<Vec<Uuid>>) -> Audience {
        let users = |ids: Vec<Uuid>| ids.into_iter().map(UserId).collect();
        match (managers_only, user_ids) {
            (true, Some(ids)) => Audience::ManagersAnd(users(ids)),
            (false, Some(ids)) => Audience::Users(users(ids)),
            (true, None) => Audience::Managers,
            (false, None) => Audience::Everyone,
        }
    }

    /// Whether a member may see the change.
    pub fn admits(&self, user: UserId, is_manager: bool) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Managers => is_manager,
            Audience::ManagersAnd(users) => is_manager || users.contains(&user),
            Audience::Users(users) => users.contains(&user),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_round_trip() {
        let u = UserId::new();
        for a in [
            Audience::Everyone,
            Audience::Managers,
            Audience::ManagersAnd(vec![u]),
            Audience::Users(vec![u]),
        ] {
            let (m, ids) = a.to_columns();
            assert_eq!(Audience::from_columns(m, ids), a);
        }
    }

    #[test]
    fn employees_see_only_what_names_them() {
        let (me, other) = (UserId::new(), UserId::new());
        assert!(Audience::Everyone.admits(me, false));
        assert!(!Audience::Managers.admits(me, false));
        assert!(Audience::Managers.admits(me, true));
        let named = Audience::managers_and([me]);
        assert!(named.admits(me, false));
        assert!(!named.admits(other, false));
        assert!(named.admits(other, true));
        assert_eq!(Audience::managers_and([]), Audience::Managers);
        assert!(!Audience::Users(vec![other]).admits(me, true));
    }
}
