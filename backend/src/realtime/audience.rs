//! Who may see a change: the rule that filters every broadcast per socket.

use crate::domain::ids::UserId;
use crate::store::command::Visibility;
use uuid::Uuid;

/// The audience of one change of a store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Audience {
    /// Every member of the store.
    Everyone,
    /// Managers only (owner, schedule or employee permission).
    Managers,
    /// Managers and these users.
    ManagersAnd(Vec<UserId>),
}

impl Audience {
    /// The audience of an outbox row: named users win over the managers-only flag.
    pub fn from_row(managers_only: bool, user_ids: Option<&[Uuid]>) -> Audience {
        match user_ids {
            Some(users) => Audience::ManagersAnd(users.iter().copied().map(UserId).collect()),
            None if managers_only => Audience::Managers,
            None => Audience::Everyone,
        }
    }

    /// Whether `user`, a manager of the store or not, may see the change.
    pub fn admits(&self, user: UserId, manager: bool) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Managers => manager,
            Audience::ManagersAnd(users) => manager || users.contains(&user),
        }
    }
}

impl From<&Visibility> for Audience {
    fn from(v: &Visibility) -> Audience {
        match v {
            Visibility::Everyone => Audience::Everyone,
            Visibility::Managers => Audience::Managers,
            Visibility::ManagersAnd(users) => Audience::ManagersAnd(users.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everyone_sees_public_changes() {
        let a = Audience::from_row(false, None);
        assert_eq!(a, Audience::Everyone);
        assert!(a.admits(UserId::new(), false));
        assert!(a.admits(UserId::new(), true));
    }

    #[test]
    fn only_managers_see_managers_only_changes() {
        let a = Audience::from_row(true, None);
        assert_eq!(a, Audience::Managers);
        assert!(!a.admits(UserId::new(), false));
        assert!(a.admits(UserId::new(), true));
    }

    #[test]
    fn named_users_see_their_changes_beside_the_managers() {
        let (ana, ben) = (UserId::new(), UserId::new());
        for managers_only in [false, true] {
            let a = Audience::from_row(managers_only, Some(&[ana.0]));
            assert!(a.admits(ana, false));
            assert!(!a.admits(ben, false));
            assert!(a.admits(ben, true));
        }
        let nobody = Audience::from_row(true, Some(&[]));
        assert!(!nobody.admits(ana, false));
        assert!(nobody.admits(ana, true));
    }

    #[test]
    fn actor_visibility_maps_to_the_same_audience() {
        let ana = UserId::new();
        assert_eq!(
            Audience::from(&Visibility::ManagersAnd(vec![ana])),
            Audience::ManagersAnd(vec![ana])
        );
        assert_eq!(Audience::from(&Visibility::Managers), Audience::Managers);
        assert_eq!(Audience::from(&Visibility::Everyone), Audience::Everyone);
    }
}
