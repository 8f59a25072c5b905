//! What a checked Google identity does to our accounts, in the caller's transaction: the
//! rules of [`crate::domain::sign_in::decide`] carried out (sign in, link, a new account, or
//! the prompt to prove an account), left as a handoff under a one-time code.

use crate::db::models::oidc_handoff::NewOidcHandoff;
use crate::db::models::oidc_identity::{NewOidcIdentity, OidcIdentity};
use crate::db::models::user::{NewUser, User};
use crate::domain::account::{AccountStatus, Email, SignInMethod};
use crate::domain::ids::UserId;
use crate::domain::sign_in::{self, Found, Handoff, Identity, IdentityRefusal, Outcome};
use crate::error::{AppError, AppResult, ErrorKind};
use crate::messages;
use chrono::{DateTime, Utc};
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel::PgConnection;

/// Decides what `identity` leads to (with `linking`, the signed-in person who asked to link
/// it), carries it out and leaves the handoff under `code_hash`.
pub fn hand_off(
    conn: &mut PgConnection,
    identity: &Identity,
    linking: Option<UserId>,
    code_hash: &str,
    now: DateTime<Utc>,
) -> AppResult<()> {
    let same_address = match identity.email.as_deref().map(Email::parse) {
        Some(Ok(email)) => User::find_by_email(conn, email.as_str())?.map(|u| u.id),
        _ => None,
    };
    let found = Found {
        linked: OidcIdentity::user_of(conn, &identity.issuer, &identity.subject)?,
        linking,
        same_address,
    };
    let (kind, user) = match sign_in::decide(identity, found) {
        Outcome::SignIn(user) => (Handoff::Session, user),
        Outcome::Link(user) => {
            link(conn, identity, user)?;
            (Handoff::Session, user)
        }
        Outcome::Create(email) => (Handoff::Session, create(conn, identity, &email)?),
        Outcome::Prove(user) => (Handoff::Link, user),
        Outcome::Refused(refusal) => return Err(refused(refusal)),
    };
    NewOidcHandoff {
        code_hash,
        kind,
        user_id: user,
        issuer: &identity.issuer,
        subject: &identity.subject,
        // `decide` only goes on with a verified address.
        email: identity.email.as_deref().unwrap_or_default(),
        expires_at: now + kind.ttl(),
    }
    .insert(conn, now)?;
    Ok(())
}

/// Links the provider's account to `user`, by its subject.
pub fn link(conn: &mut PgConnection, identity: &Identity, user: UserId) -> AppResult<()> {
    NewOidcIdentity {
        issuer: &identity.issuer,
        subject: &identity.subject,
        user_id: user,
        email: identity.email.as_deref().unwrap_or_default(),
    }
    .insert(conn)
    .map_err(|e| match e {
        // Linked meanwhile, by another return of the same account.
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => {
            refused(IdentityRefusal::LinkedElsewhere)
        }
        other => other.into(),
    })
}

/// A new account for the identity: confirmed (the provider verified the address), signing
/// in through Google, without a password.
fn create(conn: &mut PgConnection, identity: &Identity, email: &Email) -> AppResult<UserId> {
    let (first_name, last_name) = sign_in::names(identity, email);
    let user = NewUser {
        id: UserId::new(),
        email: email.as_str(),
        password_hash: None,
        first_name: &first_name,
        last_name: &last_name,
        status: AccountStatus::Confirmed,
        sign_in_method: SignInMethod::Google,
        language: None,
    }
    .insert(conn)
    .map_err(|e| match e {
        // An account of this address was made meanwhile: the next try finds it.
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _) => AppError::new(
            ErrorKind::Conflict,
            "sign_in_race",
            "An account was made for this address meanwhile; please sign in again.",
        ),
        other => other.into(),
    })?;
    link(conn, identity, user.id)?;
    Ok(user.id)
}

/// The answer to an identity that does not sign in.
pub fn refused(refusal: IdentityRefusal) -> AppError {
    match refusal {
        IdentityRefusal::UnverifiedEmail => AppError::forbidden(
            "unverified_email",
            "Google has not verified this account's e-mail address.",
        ),
        IdentityRefusal::LinkedElsewhere => {
            AppError::bad_request("linked_elsewhere", messages::GOOGLE_LINKED_ELSEWHERE)
        }
    }
}
