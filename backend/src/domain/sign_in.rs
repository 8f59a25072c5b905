//! Signing in besides the password: how a session was signed in and how long ago (which the
//! changes of what signs in ask about), the throttle of requests for a mailed sign-in code,
//! and what a checked identity of an OpenID provider (Google) leads to. Pure: the caller
//! passes the time and what it read.

use crate::domain::account::{self, Email, NAME_MAX_CHARS};
use crate::domain::ids::UserId;
use chrono::{DateTime, Duration, Utc};
use std::fmt;

/// How a session was signed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Password,
    /// A code mailed to the account's address.
    Code,
    /// The OpenID provider (Google).
    Google,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Password => "password",
            Method::Code => "code",
            Method::Google => "google",
        }
    }

    pub fn parse(s: &str) -> Option<Method> {
        [Method::Password, Method::Code, Method::Google]
            .into_iter()
            .find(|m| m.as_str() == s)
    }
}

/// How long after signing in a session may change what signs in to its account (the
/// password, the address, a linked account). Past it the person signs in again first, so a
/// session left open on a shared computer cannot take the account over.
pub const RECENT: Duration = Duration::hours(12);

/// Why a session may not make a change of what signs in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// It signed in longer than [`RECENT`] ago: sign in again.
    SignInAgain,
    /// Adding a password needs a session signed in through Google.
    NotWithGoogle,
}

/// How and when a session signed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignedIn {
    pub method: Method,
    pub at: DateTime<Utc>,
}

impl SignedIn {
    /// Whether it signed in less than [`RECENT`] before `now`.
    pub fn is_recent(&self, now: DateTime<Utc>) -> bool {
        now - self.at < RECENT
    }

    /// A change of the password, the address or a linked account: only from a recent sign-in.
    pub fn may_change_credentials(&self, now: DateTime<Utc>) -> Result<(), Refusal> {
        if self.is_recent(now) {
            Ok(())
        } else {
            Err(Refusal::SignInAgain)
        }
    }

    /// Adding a password to an account: only from a recent sign-in through Google, which
    /// proves the person holds the account the way it signs in.
    pub fn may_link_password(&self, now: DateTime<Utc>) -> Result<(), Refusal> {
        if self.method != Method::Google {
            return Err(Refusal::NotWithGoogle);
        }
        self.may_change_credentials(now)
    }
}

/// How often a sign-in code may be asked for. The address's allowance is the codes' own
/// issue limit, counted for every address whether it has an account or not, so a refusal
/// tells nothing about the address.
#[derive(Debug, Clone, Copy)]
pub struct CodeRequestLimits {
    /// Requests for one address within the window.
    pub per_address: usize,
    /// Requests from one client address within the window.
    pub per_client: usize,
    pub window: Duration,
}

impl Default for CodeRequestLimits {
    fn default() -> Self {
        CodeRequestLimits {
            per_address: account::CODE_MAX_ISSUED,
            per_client: 20,
            window: account::CODE_ISSUE_WINDOW,
        }
    }
}

/// How long a sign-in sent to the provider may take to come back.
pub const FLOW_TTL: Duration = Duration::minutes(10);

/// What a return from the provider leaves for the web app, under a one-time code in the
/// address it is sent back to: never a session token in an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handoff {
    /// Traded for a session at once.
    Session,
    /// Held while the person proves the account of the provider's address, to link it.
    Link,
}

impl Handoff {
    pub fn as_str(self) -> &'static str {
        match self {
            Handoff::Session => "session",
            Handoff::Link => "link",
        }
    }

    pub fn parse(s: &str) -> Option<Handoff> {
        [Handoff::Session, Handoff::Link]
            .into_iter()
            .find(|h| h.as_str() == s)
    }

    /// How long its code lasts: a moment for the web app to trade it, or long enough to
    /// fetch a mailed code.
    pub fn ttl(self) -> Duration {
        match self {
            Handoff::Session => Duration::minutes(2),
            Handoff::Link => account::CODE_TTL,
        }
    }
}

/// What an OpenID provider vouched for in an ID token whose signature, issuer, audience,
/// expiry and nonce were checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub issuer: String,
    pub subject: String,
    pub email: Option<String>,
    /// Whether the provider checked the address; absent counts as not.
    pub email_verified: bool,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
    pub name: Option<String>,
}

/// Why a checked identity does not sign in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IdentityRefusal {
    /// The provider has not verified the address (or gave none we can use).
    UnverifiedEmail,
    /// The provider's account is linked to another account of ours.
    LinkedElsewhere,
}

impl fmt::Display for IdentityRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            IdentityRefusal::UnverifiedEmail => "the provider has not verified the address",
            IdentityRefusal::LinkedElsewhere => "the account is linked to another one",
        })
    }
}

/// What was read for an identity: the account linked to it (by issuer and subject), the
/// signed-in person who asked to link it, the account of its address.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Found {
    pub linked: Option<UserId>,
    pub linking: Option<UserId>,
    pub same_address: Option<UserId>,
}

/// What a checked identity leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The linked account signs in.
    SignIn(UserId),
    /// Linked to the signed-in person who asked for it (their session proved the account),
    /// who then signs in.
    Link(UserId),
    /// A new account, its address confirmed by the provider.
    Create(Email),
    /// An account has this address: its person proves it (password or mailed code) before
    /// it is linked. Never linked by the address alone.
    Prove(UserId),
    Refused(IdentityRefusal),
}

/// Decides what `identity` leads to. Accounts are matched by the provider's subject; the
/// address only finds the account whose person must prove it.
pub fn decide(identity: &Identity, found: Found) -> Outcome {
    let email = identity
        .email
        .as_deref()
        .filter(|_| identity.email_verified)
        .and_then(|e| Email::parse(e).ok());
    let Some(email) = email else {
        return Outcome::Refused(IdentityRefusal::UnverifiedEmail);
    };
    match (found.linked, found.linking) {
        (Some(linked), Some(linking)) if linked != linking => {
            Outcome::Refused(IdentityRefusal::LinkedElsewhere)
        }
        (Some(linked), _) => Outcome::SignIn(linked),
        (None, Some(linking)) => Outcome::Link(linking),
        (None, None) => match found.same_address {
            Some(user) => Outcome::Prove(user),
            None => Outcome::Create(email),
        },
    }
}

/// The first and last name of a new account: the provider's given and family names, else
/// its full name as the first, else the address's local part; trimmed and bounded.
pub fn names(identity: &Identity, email: &Email) -> (String, String) {
    let clean = |s: &Option<String>| {
        s.as_deref()
            .map(|s| s.trim().chars().take(NAME_MAX_CHARS).collect::<String>())
            .filter(|s| !s.is_empty())
    };
    let local = email.as_str().split('@').next().unwrap_or_default();
    let first = clean(&identity.given_name)
        .or_else(|| clean(&identity.name))
        .unwrap_or_else(|| local.chars().take(NAME_MAX_CHARS).collect());
    let last = clean(&identity.family_name).unwrap_or_default();
    (first, last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hours: i64) -> DateTime<Utc> {
        DateTime::<Utc>::from_timestamp(1_800_000_000, 0).expect("instant") + Duration::hours(hours)
    }

    fn identity(email: &str, verified: bool) -> Identity {
        Identity {
            issuer: "https://accounts.google.com".into(),
            subject: "1234".into(),
            email: Some(email.into()),
            email_verified: verified,
            given_name: Some("Ada".into()),
            family_name: Some("Lovelace".into()),
            name: None,
        }
    }

    #[test]
    fn a_change_of_credentials_needs_a_sign_in_of_the_last_twelve_hours() {
        let session = SignedIn {
            method: Method::Password,
            at: at(0),
        };
        assert_eq!(session.may_change_credentials(at(11)), Ok(()));
        assert_eq!(
            session.may_change_credentials(at(12)),
            Err(Refusal::SignInAgain)
        );
    }

    #[test]
    fn only_a_recent_google_sign_in_adds_a_password() {
        let google = SignedIn {
            method: Method::Google,
            at: at(0),
        };
        assert_eq!(google.may_link_password(at(1)), Ok(()));
        assert_eq!(google.may_link_password(at(13)), Err(Refusal::SignInAgain));
        for method in [Method::Password, Method::Code] {
            let other = SignedIn { method, at: at(0) };
            assert_eq!(other.may_link_password(at(1)), Err(Refusal::NotWithGoogle));
        }
    }

    #[test]
    fn an_unverified_or_missing_address_is_refused() {
        let unverified = identity("ada@example.com", false);
        assert_eq!(
            decide(&unverified, Found::default()),
            Outcome::Refused(IdentityRefusal::UnverifiedEmail)
        );
        let mut none = identity("ada@example.com", true);
        none.email = None;
        assert_eq!(
            decide(&none, Found::default()),
            Outcome::Refused(IdentityRefusal::UnverifiedEmail)
        );
    }

    #[test]
    fn accounts_are_found_by_subject_and_never_linked_by_address_alone() {
        let id = identity("Ada@Example.com", true);
        let (ada, ben) = (UserId::new(), UserId::new());
        let email = Email::parse("ada@example.com").expect("email");
        assert_eq!(decide(&id, Found::default()), Outcome::Create(email));
        let same_address = Found {
            same_address: Some(ada),
            ..Found::default()
        };
        assert_eq!(decide(&id, same_address), Outcome::Prove(ada));
        // Linked by subject: the address of the account does not matter.
        let linked = Found {
            linked: Some(ben),
            same_address: Some(ada),
            ..Found::default()
        };
        assert_eq!(decide(&id, linked), Outcome::SignIn(ben));
    }

    #[test]
    fn a_signed_in_person_links_any_unlinked_identity_to_their_account() {
        let id = identity("other@example.com", true);
        let (ada, ben) = (UserId::new(), UserId::new());
        let linking = Found {
            linking: Some(ada),
            same_address: Some(ben),
            ..Found::default()
        };
        assert_eq!(decide(&id, linking), Outcome::Link(ada));
        let already = Found {
            linked: Some(ada),
            linking: Some(ada),
            ..Found::default()
        };
        assert_eq!(decide(&id, already), Outcome::SignIn(ada));
        let elsewhere = Found {
            linked: Some(ben),
            linking: Some(ada),
            ..Found::default()
        };
        assert_eq!(
            decide(&id, elsewhere),
            Outcome::Refused(IdentityRefusal::LinkedElsewhere)
        );
    }

    #[test]
    fn names_fall_back_to_the_full_name_then_the_address() {
        let email = Email::parse("ada.l@example.com").expect("email");
        let mut id = identity("ada.l@example.com", true);
        assert_eq!(names(&id, &email), ("Ada".into(), "Lovelace".into()));
        id.given_name = Some("  ".into());
        id.family_name = None;
        id.name = Some("Ada King".into());
        assert_eq!(names(&id, &email), ("Ada King".into(), String::new()));
        id.name = None;
        assert_eq!(names(&id, &email), ("ada.l".into(), String::new()));
    }

    #[test]
    fn methods_round_trip() {
        for m in [Method::Password, Method::Code, Method::Google] {
            assert_eq!(Method::parse(m.as_str()), Some(m));
        }
    }
}
