//! One-time codes for e-mail confirmation, password reset and sign-in: issuing, checking,
//! using up and mailing them.
//!
//! Codes are mailed as four digits and kept only as hashes; they expire, are single-use and
//! stop working after a few wrong tries (rules in [`crate::domain::account`]).

use crate::db::models::one_time_code::{NewOneTimeCode, OneTimeCode};
use crate::domain::account::{self as rules, CodePurpose, CodeVerdict};
use crate::domain::code_mail::code_mail;
use crate::domain::ids::UserId;
use crate::domain::language::Language;
use crate::error::{AppError, AppResult, ErrorKind};
use crate::mail::Mailer;
use crate::messages;
use chrono::{DateTime, Utc};
use diesel::{Connection, PgConnection};

/// The answer to a wrong code, or to a code for an address without an account.
pub fn wrong_code() -> AppError {
    AppError::bad_request("invalid_code", messages::WRONG_CODE)
}

/// The answer when a code is asked for too often.
pub fn too_many_codes() -> AppError {
    AppError::new(
        ErrorKind::RateLimited,
        "too_many_attempts",
        messages::TOO_MANY_CODES,
    )
}

/// Stores a new code of `purpose` for `user`, retiring the unused ones, and returns it; or
/// `None` when too many were issued lately.
pub fn issue(
    conn: &mut PgConnection,
    user: UserId,
    purpose: CodePurpose,
    now: DateTime<Utc>,
) -> AppResult<Option<String>> {
    let recent = OneTimeCode::issued_since(conn, user, purpose, now - rules::CODE_ISSUE_WINDOW)?;
    if !rules::may_issue_code(now, &recent) {
        return Ok(None);
    }
    OneTimeCode::retire_all(conn, user, purpose, now, now - chrono::Duration::days(1))?;
    let code = rules::generate_code(&mut rand::thread_rng());
    NewOneTimeCode {
        id: uuid::Uuid::now_v7(),
        user_id: user,
        purpose,
        code_hash: rules::hash_code(&user.to_string(), purpose, &code),
        expires_at: rules::code_expiry(now),
        created_at: now,
    }
    .insert(conn)?;
    Ok(Some(code))
}

/// A code issued to an address's account: where to mail it, in which language, and the code.
pub struct Issued {
    pub to: String,
    pub language: Option<Language>,
    pub code: String,
}

/// Issues a code of `purpose` to the account of `email`, if there is one and it may have one
/// now. `None` either way otherwise, silently: a refusal would tell that the address has an
/// account.
pub async fn issue_to_address(
    db: &crate::db::Db,
    email: rules::Email,
    purpose: CodePurpose,
    now: DateTime<Utc>,
) -> AppResult<Option<Issued>> {
    db.transaction(move |conn| {
        let Some(user) = crate::db::models::user::User::find_by_email(conn, email.as_str())? else {
            return Ok(None);
        };
        Ok(issue(conn, user.id, purpose, now)?.map(|code| Issued {
            to: user.email,
            language: user.language,
            code,
        }))
    })
    .await
}

/// Like [`consume`], but a right code stays usable: it only runs `then`.
pub fn check<T>(
    conn: &mut PgConnection,
    user: UserId,
    purpose: CodePurpose,
    code: &str,
    now: DateTime<Utc>,
    then: impl FnOnce(&mut PgConnection) -> AppResult<T>,
) -> AppResult<AppResult<T>> {
    redeem(conn, user, purpose, code, now, false, then)
}

/// Checks `code` against the user's current code of `purpose` at `now`, inside one
/// transaction that locks the code row. A wrong try is counted and committed; a right one is
/// used up and runs `then`. The outer error is the database's or `then`'s, and rolls the use
/// back; the inner one is the caller's answer (a wrong or expired code, or one tried too
/// often).
pub fn consume<T>(
    conn: &mut PgConnection,
    user: UserId,
    purpose: CodePurpose,
    code: &str,
    now: DateTime<Utc>,
    then: impl FnOnce(&mut PgConnection) -> AppResult<T>,
) -> AppResult<AppResult<T>> {
    redeem(conn, user, purpose, code, now, true, then)
}

fn redeem<T>(
    conn: &mut PgConnection,
    user: UserId,
    purpose: CodePurpose,
    code: &str,
    now: DateTime<Utc>,
    consume: bool,
    then: impl FnOnce(&mut PgConnection) -> AppResult<T>,
) -> AppResult<AppResult<T>> {
    conn.transaction(|conn| {
        let Some(stored) = OneTimeCode::current_for_update(conn, user, purpose)? else {
            return Ok(Err(wrong_code()));
        };
        let matches = rules::hash_code(&user.to_string(), purpose, code) == stored.code_hash;
        match rules::judge_code(now, stored.state(), matches) {
            CodeVerdict::Valid => {
                if consume {
                    OneTimeCode::consume(conn, stored.id, now)?;
                }
                Ok(Ok(then(conn)?))
            }
            CodeVerdict::Wrong => {
                OneTimeCode::record_wrong_try(conn, stored.id)?;
                Ok(Err(wrong_code()))
            }
            CodeVerdict::Expired => Ok(Err(AppError::bad_request(
                "code_expired",
                messages::CODE_EXPIRED,
            ))),
            CodeVerdict::Exhausted => Ok(Err(AppError::bad_request(
                "code_exhausted",
                messages::CODE_EXHAUSTED,
            ))),
        }
    })
}

/// Mails a code in `language` (the reader's: their account's, else their request's).
pub async fn mail(
    mailer: &Mailer,
    to: &str,
    purpose: CodePurpose,
    language: Language,
    code: &str,
) -> AppResult<()> {
    let mail = code_mail(purpose, language, code);
    mailer.send(to, &mail.subject, mail.body).await
}
