//! Resetting a forgotten password with a mailed code, changing a known one, and adding one to
//! an account that signs in through Google.

use crate::auth::{codes, password, session, throttle};
use crate::calls::bounded::{EmailAddress, NewPassword};
use crate::calls::{Access, Call, Ctx};
use crate::db::models::user::User;
use crate::domain::account::{self as rules, AccountStatus, CodePurpose, Email};
use crate::domain::sign_in::{Refusal, SignedIn};
use crate::error::{AppError, AppResult};
use crate::messages;
use chrono::Utc;
use serde::Deserialize;
use utoipa::ToSchema;

/// `requestResetPassword`: mails a password reset code. Answers the same whether or not the
/// address has an account.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RequestResetPassword {
    pub email: EmailAddress,
}

impl Call for RequestResetPassword {
    const NAME: &'static str = "requestResetPassword";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Mail a password reset code (same answer for unknown addresses).";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let email = Email::parse(&self.email)?;
        let now = ctx.state.clock.now();
        let issued =
            codes::issue_to_address(&ctx.state.db, email, CodePurpose::PasswordReset, now).await?;
        if let Some(codes::Issued { to, language, code }) = issued {
            let language = language.or(ctx.language).unwrap_or_default();
            codes::mail(
                &ctx.state.mailer,
                &to,
                CodePurpose::PasswordReset,
                language,
                &code,
            )
            .await?;
        }
        Ok(true)
    }
}

/// `checkResetPasswordConfirmCode`: tells whether a reset code is valid, without using it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CheckResetPasswordConfirmCode {
    pub email: EmailAddress,
    /// The mailed code.
    #[schema(pattern = "^[0-9]{4}$")]
    pub code: String,
}

impl Call for CheckResetPasswordConfirmCode {
    const NAME: &'static str = "checkResetPasswordConfirmCode";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Check a password reset code without using it.";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let email = Email::parse(&self.email)?;
        let now = ctx.state.clock.now();
        ctx.state
            .db
            .run(move |conn| {
                let Some(user) = User::find_by_email(conn, email.as_str())? else {
                    return Ok(Err(codes::wrong_code()));
                };
                codes::check(
                    conn,
                    user.id,
                    CodePurpose::PasswordReset,
                    &self.code,
                    now,
                    |_| Ok(true),
                )
            })
            .await?
    }
}

/// `confirmResetPassword`: sets a new password with a reset code, using the code up, and ends
/// the account's sessions (but the caller's own, when signed in as the same person).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmResetPassword {
    pub email: EmailAddress,
    /// The mailed code.
    #[schema(pattern = "^[0-9]{4}$")]
    pub code: String,
    /// With letters and digits.
    pub new_password: NewPassword,
}

impl Call for ConfirmResetPassword {
    const NAME: &'static str = "confirmResetPassword";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Set a new password with a password reset code.";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let email = Email::parse(&self.email)?;
        rules::check_password(&self.new_password)?;
        // Hashed first, so the code row is locked only for the short write.
        let hash = password::hash_on_pool(self.new_password.0).await?;
        let key = email.as_str().to_string();
        // A caller signed in as the same person keeps their session; every other one ends.
        let (caller, caller_session) = (ctx.user, ctx.session);
        let now = ctx.state.clock.now();
        let ended = ctx
            .state
            .db
            .run(move |conn| {
                let Some(user) = User::find_by_email(conn, email.as_str())? else {
                    return Ok(Err(codes::wrong_code()));
                };
                codes::consume(
                    conn,
                    user.id,
                    CodePurpose::PasswordReset,
                    &self.code,
                    now,
                    |conn| {
                        User::set_password_hash(conn, user.id, &hash)?;
                        // The code arrived by mail, which proves the address too.
                        if user.status != AccountStatus::Confirmed {
                            User::set_status(conn, user.id, AccountStatus::Confirmed)?;
                        }
                        let keep = caller_session.filter(|_| caller == Some(user.id));
                        session::end_all(conn, user.id, keep, Utc::now())
                    },
                )
            })
            .await??;
        ctx.state.sessions.ended(&ended);
        // A new password wipes the slate of failed sign-ins with the old one.
        throttle::record_success(&ctx.state.db, &key).await?;
        Ok(true)
    }
}

/// `authenticatedResetPassword`: changes the signed-in user's password, ending the user's
/// other sessions. A change of what signs in: only from a recent sign-in.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthenticatedResetPassword {
    #[schema(format = Password)]
    pub old_password: String,
    /// With letters and digits.
    pub new_password: NewPassword,
}

impl Call for AuthenticatedResetPassword {
    const NAME: &'static str = "authenticatedResetPassword";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Change the password, given the current one.";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let id = ctx.user()?;
        rules::check_password(&self.new_password)?;
        recent_sign_in(&ctx)
            .await?
            .may_change_credentials(ctx.state.clock.now())
            .map_err(refusal)?;
        let state = ctx.state;
        let user = state.db.run(move |conn| Ok(User::find(conn, id)?)).await?;
        let Some(current) = user.password_hash else {
            return Err(AppError::bad_request(
                "no_password",
                messages::NO_PASSWORD_YET,
            ));
        };
        // Wrong current passwords count like failed sign-ins, so a stolen session cannot be
        // used to guess the password at leisure.
        let key = rules::login_key(&user.email);
        throttle::check(&state.db, &key, ctx.client).await?;
        if !password::verify_on_pool(self.old_password, Some(current)).await? {
            throttle::record_failure(&state.db, &key, ctx.client).await?;
            return Err(AppError::bad_request(
                "wrong_password",
                messages::INCORRECT_PASSWORD,
            ));
        }
        let hash = password::hash_on_pool(self.new_password.0).await?;
        // Whoever else knew the old password is signed out with it; this session stays.
        let keep = ctx.session;
        let ended = state
            .db
            .transaction(move |conn| {
                User::set_password_hash(conn, id, &hash)?;
                session::end_all(conn, id, keep, Utc::now())
            })
            .await?;
        state.sessions.ended(&ended);
        Ok(true)
    }
}

/// `linkPassword`: adds a password to the signed-in account, which signs in through Google
/// and has none ("an identity-provider account update adds a password to a Google
/// account"). Only from a recent Google sign-in; the account's other sessions end.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkPassword {
    /// With letters and digits.
    pub new_password: NewPassword,
}

impl Call for LinkPassword {
    const NAME: &'static str = "linkPassword";
    const ACCESS: Access = Access::SignedIn;
    const UNAUTHENTICATED: &'static str = messages::NOT_AUTHENTICATED_LINKING;
    const SUMMARY: &'static str =
        "Add a password to an account that signs in through Google (from a recent Google sign-in).";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let id = ctx.user()?;
        rules::check_password(&self.new_password)?;
        recent_sign_in(&ctx)
            .await?
            .may_link_password(ctx.state.clock.now())
            .map_err(refusal)?;
        let hash = password::hash_on_pool(self.new_password.0).await?;
        let keep = ctx.session;
        let ended = ctx
            .state
            .db
            .transaction(move |conn| {
                // Locked, so two links racing set one password.
                let user = User::find_for_update(conn, id)?;
                if user.password_hash.is_some() {
                    return Err(AppError::bad_request(
                        "password_exists",
                        messages::PASSWORD_EXISTS,
                    ));
                }
                User::set_password_hash(conn, id, &hash)?;
                session::end_all(conn, id, keep, Utc::now())
            })
            .await?;
        ctx.state.sessions.ended(&ended);
        Ok(true)
    }
}

/// How and when the caller's session signed in.
pub async fn recent_sign_in(ctx: &Ctx) -> AppResult<SignedIn> {
    let (user, session) = (ctx.user()?, ctx.session()?);
    ctx.state
        .sessions
        .signed_in(session, user)
        .await?
        .ok_or_else(crate::calls::guard::not_authenticated)
}

/// The answer to a change a session may not make.
pub fn refusal(refusal: Refusal) -> AppError {
    match refusal {
        // Not a 401, which a client takes for an ended session: this one still works.
        Refusal::SignInAgain => AppError::forbidden("sign_in_again", messages::SIGN_IN_AGAIN),
        Refusal::NotWithGoogle => AppError::forbidden(
            "not_authenticated_with_google",
            messages::NOT_AUTHENTICATED_WITH_GOOGLE,
        ),
    }
}
