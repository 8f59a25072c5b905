//! Signing in with a code mailed to the address: `sendSignInCode` asks for one, and
//! `signInWithCode` trades it for a session, the same answer as `login`. The code proves the
//! address, so it confirms an account still pending confirmation on the way.
//!
//! Neither call tells whether the address has an account: each answers the same either way,
//! and does the same work up to the account's own rows (a request is counted for any address;
//! the mail goes out after the answer, so its sending time is not the answer's).

use super::sign_in::{sign_in, Session};
use crate::auth::{codes, throttle};
use crate::calls::bounded::EmailAddress;
use crate::calls::{Access, Call, Ctx};
use crate::db::models::user::User;
use crate::domain::account::{self as rules, AccountStatus, CodePurpose, Email};
use crate::domain::sign_in::{Method, SignedIn};
use crate::error::AppResult;
use serde::Deserialize;
use utoipa::ToSchema;

/// `sendSignInCode`: mails a sign-in code to the address, if it has an account. Answers the
/// same whether or not it does; too many requests for one address, or from one client, are
/// a 429 for any address.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SendSignInCode {
    pub email: EmailAddress,
}

impl Call for SendSignInCode {
    const NAME: &'static str = "sendSignInCode";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str =
        "Mail a sign-in code to the address (the same answer for unknown addresses).";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let email = Email::parse(&self.email)?;
        let state = ctx.state;
        let now = state.clock.now();
        throttle::request_code(&state.db, email.as_str(), ctx.client, now).await?;
        let issued = codes::issue_to_address(&state.db, email, CodePurpose::SignIn, now).await?;
        if let Some(codes::Issued { to, language, code }) = issued {
            let language = language.or(ctx.language).unwrap_or_default();
            let mailer = state.mailer.clone();
            actix_web::rt::spawn(async move {
                let sent = codes::mail(&mailer, &to, CodePurpose::SignIn, language, &code).await;
                if let Err(e) = sent {
                    tracing::warn!(error = %e, "could not mail a sign-in code");
                }
            });
        }
        Ok(true)
    }
}

/// `signInWithCode`: signs in with the address and the code mailed to it; the code is used
/// up. A wrong code counts against the sign-in throttle like a wrong password.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SignInWithCode {
    pub email: EmailAddress,
    /// The mailed code.
    #[schema(pattern = "^[0-9]{4}$")]
    pub code: String,
}

impl Call for SignInWithCode {
    const NAME: &'static str = "signInWithCode";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Sign in with a code mailed by sendSignInCode.";
    type Output = Session;

    async fn run(self, ctx: Ctx) -> AppResult<Session> {
        let state = ctx.state;
        let key = rules::login_key(&self.email);
        throttle::check(&state.db, &key, ctx.client).await?;
        let email = Email::parse(&self.email)?;
        let signed_in = SignedIn {
            method: Method::Code,
            at: state.clock.now(),
        };
        let (keys, language) = (state.sessions.keys().clone(), ctx.language);
        let answer = state
            .db
            .run(move |conn| {
                let Some(user) = User::find_by_email(conn, email.as_str())? else {
                    return Ok(Err(codes::wrong_code()));
                };
                codes::consume(
                    conn,
                    user.id,
                    CodePurpose::SignIn,
                    &self.code,
                    signed_in.at,
                    |conn| {
                        // The mailed code proves the address.
                        if user.status != AccountStatus::Confirmed {
                            User::set_status(conn, user.id, AccountStatus::Confirmed)?;
                        }
                        sign_in(conn, &keys, user.id, signed_in, language)
                    },
                )
            })
            .await?;
        match answer {
            Ok(session) => {
                throttle::record_success(&state.db, &key).await?;
                Ok(session)
            }
            Err(refused) => {
                throttle::record_failure(&state.db, &key, ctx.client).await?;
                Err(refused)
            }
        }
    }
}
