//! A person's privacy: who in a store sees their phone number and birthday, what deleting
//! their account asks for, and what stays of them in the stores they worked in. Pure: the
//! caller passes what it read and the time.
//!
//! Who sees what. A person chooses, for the phone number and for the birthday apart, one of
//! three audiences: everyone in the store, the store's managers only, or only themself. The
//! choice is final for every reader, owners and managers included: what a manager needs for
//! the work (the person's name, e-mail, roles, wages, permissions, shifts, hours and
//! requests) is never hidden, and neither field is one of them. A manager reaches a person
//! about work through the product (shifts, notifications, chat, mail to the e-mail
//! address), so a phone number the person keeps to themself is not needed for it; and a
//! birthday is no part of scheduling or pay. So "managers only" shows a field to the owner
//! and to anyone with the schedule or staff permission (the spec's managers), and "only me"
//! to nobody else at all. A record nobody has joined yet follows the default.
//!
//! Since a manager cannot see a hidden field, they cannot change it either: a change of a
//! field is allowed to whoever may see it (and the person), never written blind.

use crate::domain::sign_in::{Refusal, SignedIn};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// Who in a store sees a personal field of a person's employee record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Visibility {
    /// Everyone in the store.
    Everyone,
    /// The store's owner and managers (schedule or staff permission).
    Managers,
    /// Nobody but the person.
    OnlyMe,
}

impl Visibility {
    pub const ALL: [Visibility; 3] = [
        Visibility::Everyone,
        Visibility::Managers,
        Visibility::OnlyMe,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Visibility::Everyone => "everyone",
            Visibility::Managers => "managers",
            Visibility::OnlyMe => "onlyMe",
        }
    }

    pub fn parse(s: &str) -> Option<Visibility> {
        Visibility::ALL.into_iter().find(|v| v.as_str() == s)
    }

    /// Whether `viewer` sees a field of this visibility.
    pub fn shows_to(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (_, Viewer::Themself) => true,
            (Visibility::Everyone, _) => true,
            (Visibility::Managers, Viewer::Manager) => true,
            (Visibility::Managers, Viewer::Coworker) => false,
            (Visibility::OnlyMe, _) => false,
        }
    }
}

/// Who reads a person's record, as the rule tells them apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    /// The person whose record it is.
    Themself,
    /// The store's owner, or a member with the schedule or staff permission.
    Manager,
    /// Any other member of the store.
    Coworker,
}

impl Viewer {
    /// The viewer of a record: the record's own person first, whatever they hold.
    pub fn of(is_self: bool, is_manager: bool) -> Viewer {
        match (is_self, is_manager) {
            (true, _) => Viewer::Themself,
            (false, true) => Viewer::Manager,
            (false, false) => Viewer::Coworker,
        }
    }
}

/// A person's choices. Both fields default to managers only: a person who chose nothing
/// shares neither with co-workers (data protection by default), and their managers see what
/// they saw before choices existed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Privacy {
    /// Who sees the phone number.
    pub phone: Visibility,
    /// Who sees the birthday.
    pub birthday: Visibility,
}

impl Default for Privacy {
    fn default() -> Self {
        Privacy {
            phone: Visibility::Managers,
            birthday: Visibility::Managers,
        }
    }
}

impl Privacy {
    /// A field of the given visibility as `viewer` may see it: the value, or none.
    pub fn shown<T>(visibility: Visibility, viewer: Viewer, value: Option<T>) -> Option<T> {
        value.filter(|_| visibility.shows_to(viewer))
    }

    /// `self` with the choices given changed, the others kept.
    pub fn with(self, phone: Option<Visibility>, birthday: Option<Visibility>) -> Privacy {
        Privacy {
            phone: phone.unwrap_or(self.phone),
            birthday: birthday.unwrap_or(self.birthday),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Deleting an account

/// Why an account may not be deleted now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeletionRefusal {
    /// The session signed in too long ago (or not the way it must): sign in again.
    SignIn(Refusal),
    /// The typed confirmation is not the account's e-mail address.
    NotConfirmed,
    /// The account owns a store, which cannot be left without an owner.
    OwnsStore,
}

/// Whether the account may be deleted: from a recent sign-in (as any change of what signs
/// in), confirmed by typing its e-mail address (case and surrounding spaces aside), and
/// while it owns no store (a store's owner cannot be replaced, and its staff and records
/// would be left without one).
pub fn may_delete(
    signed_in: SignedIn,
    now: DateTime<Utc>,
    email: &str,
    typed: &str,
    stores_owned: usize,
) -> Result<(), DeletionRefusal> {
    signed_in
        .may_change_credentials(now)
        .map_err(DeletionRefusal::SignIn)?;
    if !typed.trim().eq_ignore_ascii_case(email.trim()) {
        return Err(DeletionRefusal::NotConfirmed);
    }
    if stores_owned > 0 {
        return Err(DeletionRefusal::OwnsStore);
    }
    Ok(())
}

/// The name a deleted person's employee record keeps: the same for all of them but for a
/// short piece of the record's id, so that payroll still tells two of them apart.
pub fn anonymous_name(record: Uuid) -> String {
    let id = record.simple().to_string();
    format!("Deleted user {}", &id[..8])
}

/// The address a deleted account or record keeps in place of the person's: unique (the
/// columns are), and in the `.invalid` domain, which no mail can reach.
pub fn anonymous_email(id: Uuid) -> String {
    format!("{}@deleted.invalid", id.simple())
}

/// Whether an address is one [`anonymous_email`] made.
pub fn is_anonymous_email(email: &str) -> bool {
    email.ends_with("@deleted.invalid")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::sign_in::{Method, RECENT};
    use chrono::Duration;

    const VIEWERS: [Viewer; 3] = [Viewer::Themself, Viewer::Manager, Viewer::Coworker];

    #[test]
    fn the_person_always_sees_their_own_fields() {
        for v in Visibility::ALL {
            assert!(v.shows_to(Viewer::Themself), "{v:?}");
        }
    }

    #[test]
    fn each_choice_admits_exactly_its_audience() {
        let seen = |v: Visibility| -> Vec<Viewer> {
            VIEWERS.into_iter().filter(|w| v.shows_to(*w)).collect()
        };
        assert_eq!(seen(Visibility::Everyone), VIEWERS.to_vec());
        assert_eq!(
            seen(Visibility::Managers),
            vec![Viewer::Themself, Viewer::Manager]
        );
        assert_eq!(seen(Visibility::OnlyMe), vec![Viewer::Themself]);
    }

    #[test]
    fn a_wider_choice_never_shows_less() {
        // everyone ⊇ managers ⊇ only me, for every viewer.
        for w in VIEWERS {
            assert!(Visibility::Everyone.shows_to(w) >= Visibility::Managers.shows_to(w));
            assert!(Visibility::Managers.shows_to(w) >= Visibility::OnlyMe.shows_to(w));
        }
    }

    #[test]
    fn the_viewer_is_the_person_before_their_standing() {
        assert_eq!(Viewer::of(true, true), Viewer::Themself);
        assert_eq!(Viewer::of(true, false), Viewer::Themself);
        assert_eq!(Viewer::of(false, true), Viewer::Manager);
        assert_eq!(Viewer::of(false, false), Viewer::Coworker);
    }

    #[test]
    fn shown_hides_the_value_from_whom_the_choice_leaves_out() {
        let phone = Some("+49 30 1234567");
        assert_eq!(
            Privacy::shown(Visibility::Managers, Viewer::Manager, phone),
            phone
        );
        assert_eq!(
            Privacy::shown(Visibility::Managers, Viewer::Coworker, phone),
            None
        );
        assert_eq!(
            Privacy::shown(Visibility::OnlyMe, Viewer::Manager, phone),
            None
        );
        assert_eq!(
            Privacy::shown::<&str>(Visibility::Everyone, Viewer::Coworker, None),
            None
        );
    }

    #[test]
    fn the_default_shares_with_managers_only_and_a_change_keeps_the_rest() {
        let d = Privacy::default();
        assert_eq!(d.phone, Visibility::Managers);
        assert_eq!(d.birthday, Visibility::Managers);
        let p = d.with(Some(Visibility::OnlyMe), None);
        assert_eq!(p.phone, Visibility::OnlyMe);
        assert_eq!(p.birthday, Visibility::Managers);
        assert_eq!(p.with(None, None), p);
    }

    #[test]
    fn codes_round_trip_and_match_the_wire() {
        for v in Visibility::ALL {
            assert_eq!(Visibility::parse(v.as_str()), Some(v));
            assert_eq!(
                serde_json::to_value(v).expect("json"),
                serde_json::json!(v.as_str())
            );
        }
        assert_eq!(Visibility::parse("nobody"), None);
        assert_eq!(Visibility::parse("OnlyMe"), None);
    }

    fn signed_in(ago: Duration, now: DateTime<Utc>) -> SignedIn {
        SignedIn {
            method: Method::Password,
            at: now - ago,
        }
    }

    #[test]
    fn deleting_needs_a_recent_sign_in_the_typed_address_and_no_store_owned() {
        let now = Utc::now();
        let fresh = signed_in(Duration::minutes(5), now);
        assert_eq!(
            may_delete(fresh, now, "ana@example.com", " ANA@example.com ", 0),
            Ok(())
        );
        assert_eq!(
            may_delete(
                signed_in(RECENT + Duration::seconds(1), now),
                now,
                "ana@example.com",
                "ana@example.com",
                0
            ),
            Err(DeletionRefusal::SignIn(Refusal::SignInAgain))
        );
        for typed in ["", "ana", "ben@example.com", "DELETE"] {
            assert_eq!(
                may_delete(fresh, now, "ana@example.com", typed, 0),
                Err(DeletionRefusal::NotConfirmed),
                "{typed}"
            );
        }
        assert_eq!(
            may_delete(fresh, now, "ana@example.com", "ana@example.com", 1),
            Err(DeletionRefusal::OwnsStore)
        );
    }

    #[test]
    fn the_sign_in_is_asked_for_before_anything_else() {
        // A stale session learns nothing about the address or the stores.
        let now = Utc::now();
        let old = signed_in(Duration::days(2), now);
        assert_eq!(
            may_delete(old, now, "ana@example.com", "wrong", 3),
            Err(DeletionRefusal::SignIn(Refusal::SignInAgain))
        );
    }

    #[test]
    fn anonymous_names_and_addresses_tell_records_apart_and_reach_nobody() {
        let (a, b) = (Uuid::new_v4(), Uuid::new_v4());
        assert_ne!(anonymous_name(a), anonymous_name(b));
        assert!(anonymous_name(a).starts_with("Deleted user "));
        assert_eq!(anonymous_name(a).len(), "Deleted user ".len() + 8);
        assert_ne!(anonymous_email(a), anonymous_email(b));
        assert!(is_anonymous_email(&anonymous_email(a)));
        assert!(!is_anonymous_email("ana@example.com"));
        assert!(lettre_like(&anonymous_email(a)));
    }

    /// An address of one local part and one domain with a dot, as mail checks want.
    fn lettre_like(address: &str) -> bool {
        let mut parts = address.split('@');
        let (Some(local), Some(domain), None) = (parts.next(), parts.next(), parts.next()) else {
            return false;
        };
        !local.is_empty() && domain.contains('.')
    }
}
