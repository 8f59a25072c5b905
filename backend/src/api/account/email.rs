//! Confirming the account's e-mail address with a mailed code.

use super::profile::UserView;
use crate::auth::codes;
use crate::calls::{Access, Call, Ctx};
use crate::db::models::user::User;
use crate::domain::account::{AccountStatus, CodePurpose};
use crate::error::{AppError, AppResult};
use crate::messages;
use serde::Deserialize;
use utoipa::ToSchema;

/// `requestEmailConfirmation`: mails a new confirmation code; older unused ones stop working.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RequestEmailConfirmation {}

impl Call for RequestEmailConfirmation {
    const NAME: &'static str = "requestEmailConfirmation";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Mail a new e-mail confirmation code.";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let id = ctx.user()?;
        let now = ctx.state.clock.now();
        let (user, code) = ctx
            .state
            .db
            .transaction(move |conn| {
                let user = User::find(conn, id)?;
                if user.status == AccountStatus::Confirmed {
                    return Err(AppError::bad_request(
                        "already_confirmed",
                        messages::EMAIL_ALREADY_CONFIRMED,
                    ));
                }
                let code = codes::issue(conn, id, CodePurpose::EmailConfirmation, now)?;
                Ok((user, code))
            })
            .await?;
        let code = code.ok_or_else(codes::too_many_codes)?;
        codes::mail(
            &ctx.state.mailer,
            &user.email,
            CodePurpose::EmailConfirmation,
            user.language.or(ctx.language).unwrap_or_default(),
            &code,
        )
        .await?;
        Ok(true)
    }
}

/// `confirmEmail`: confirms the account with the mailed code.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmEmail {
    /// The mailed code.
    #[schema(pattern = "^[0-9]{4}$")]
    pub code: String,
}

impl Call for ConfirmEmail {
    const NAME: &'static str = "confirmEmail";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Confirm the account's e-mail with the mailed code.";
    type Output = UserView;

    async fn run(self, ctx: Ctx) -> AppResult<UserView> {
        let id = ctx.user()?;
        let now = ctx.state.clock.now();
        let user = ctx
            .state
            .db
            .run(move |conn| {
                let user = User::find(conn, id)?;
                if user.status == AccountStatus::Confirmed {
                    // Confirming twice (a double click) is not an error.
                    return Ok(Ok(user));
                }
                codes::consume(
                    conn,
                    id,
                    CodePurpose::EmailConfirmation,
                    &self.code,
                    now,
                    |conn| Ok(User::set_status(conn, id, AccountStatus::Confirmed)?),
                )
            })
            .await??;
        Ok(user.into())
    }
}
