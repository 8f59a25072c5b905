//! Invitations seen from the invited person's side: the public checks the onboarding screens
//! make, and accepting an invitation once signed in.

use crate::calls::bounded::EmailAddress;
use crate::calls::input;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::db::models::invite::Invite;
use crate::db::models::store::Store;
use crate::db::models::user::User;
use crate::domain::ids::{StoreId, UserId};
use crate::domain::invite::{normalize_code, same_email, INVITE_CODE_LEN};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::audit;
use crate::store::employees::AcceptInvitation;
use chrono::Utc;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<CheckInvitationCodeExists>()
        .add::<CheckEmailAddedToBusiness>()
        .add::<JoinBusinessWithInvitation>();
}

fn invalid_code() -> AppError {
    AppError::bad_request("invalid_invite_code", messages::INVALID_INVITE_CODE)
}

/// A typed code, or `None` when it cannot be one (wrong length or characters): such codes
/// need no database round trip.
fn code(input: &str) -> Option<String> {
    let c = normalize_code(input);
    (c.len() == INVITE_CODE_LEN && c.bytes().all(|b| b.is_ascii_alphanumeric())).then_some(c)
}

/// `checkInvitationCodeExists`: whether `code` is an open invitation for `email`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckInvitationCodeExists {
    pub email: EmailAddress,
    /// The invitation code, any case; a text that cannot be one answers `exists: false`.
    #[schema(pattern = "^[A-Za-z0-9]{8}$")]
    pub code: String,
}

/// Whether the code is an open invitation for the e-mail, and to which store.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeCheck {
    pub exists: bool,
    /// The inviting store's name, when the invitation exists.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = String, required = false)]
    pub store_name: Option<String>,
}

impl Call for CheckInvitationCodeExists {
    const NAME: &'static str = "checkInvitationCodeExists";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Is this code an open invitation for this e-mail?";
    type Output = CodeCheck;

    #[tracing::instrument(name = "checkInvitationCodeExists", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<CodeCheck> {
        let email = input::email(&self.email)?;
        let Some(code) = code(&self.code) else {
            return Ok(CodeCheck {
                exists: false,
                store_name: None,
            });
        };
        ctx.state
            .db
            .transaction(move |conn| {
                let found = Invite::find_open(conn, &email, &code, Utc::now())?;
                let store_name = match found.first() {
                    Some(i) => Store::find(conn, i.store_id)?.map(|s| s.name),
                    None => None,
                };
                Ok(CodeCheck {
                    exists: store_name.is_some(),
                    store_name,
                })
            })
            .await
    }
}

/// `checkEmailAddedToBusiness`: whether an open (unresolved, unexpired) invitation exists
/// for `email`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckEmailAddedToBusiness {
    pub email: EmailAddress,
}

/// Whether the e-mail has an open invitation.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailCheck {
    pub added: bool,
}

impl Call for CheckEmailAddedToBusiness {
    const NAME: &'static str = "checkEmailAddedToBusiness";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Has this e-mail an open invitation?";
    type Output = EmailCheck;

    #[tracing::instrument(name = "checkEmailAddedToBusiness", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<EmailCheck> {
        let email = input::email(&self.email)?;
        let added = ctx
            .state
            .db
            .run(move |conn| Ok(Invite::exists_open_for(conn, &email, Utc::now())?))
            .await?;
        Ok(EmailCheck { added })
    }
}

/// `joinBusinessWithInvitation`: the signed-in user accepts an invitation sent to their
/// e-mail and becomes the invited employee.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JoinBusinessWithInvitation {
    /// The signed-in user's own address.
    pub email: EmailAddress,
    /// The invitation code, any case.
    #[schema(pattern = "^[A-Za-z0-9]{8}$")]
    pub code: String,
}

/// The store joined.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Joined {
    /// "Hi! Everybody's waiting for you! Let's get you started!"
    pub message: &'static str,
    pub store_id: StoreId,
}

impl Call for JoinBusinessWithInvitation {
    const NAME: &'static str = "joinBusinessWithInvitation";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Accept an invitation with its code.";
    type Output = Joined;

    #[tracing::instrument(name = "joinBusinessWithInvitation", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Joined> {
        let user = ctx.user()?;
        let result = self.join(&ctx, user).await;
        if let Err(e) = &result {
            audit::failure(
                &ctx.state.db,
                Self::NAME,
                e.message.to_string(),
                Some(user),
                None,
            )
            .await;
        }
        result
    }
}

impl JoinBusinessWithInvitation {
    async fn join(self, ctx: &Ctx, user: UserId) -> AppResult<Joined> {
        let email = input::email(&self.email)?;
        let code = code(&self.code);
        let (me, invite) = ctx
            .state
            .db
            .run(move |conn| {
                let me = User::find(conn, user)?;
                if !same_email(&me.email, &email) {
                    return Err(AppError::forbidden(
                        "invite_not_yours",
                        messages::invite_not_yours(&me.email),
                    ));
                }
                let code = code.ok_or_else(invalid_code)?;
                let invite = Invite::find_open(conn, &email, &code, Utc::now())?
                    .into_iter()
                    .next()
                    .ok_or_else(invalid_code)?;
                Ok((me, invite))
            })
            .await?;
        // The store's actor checks the invitation again against its own state: it may have
        // been accepted, withdrawn or renewed since this read.
        let cmd = AcceptInvitation {
            user,
            employee: invite.employee_id,
            code: invite.hash,
            full_name: format!("{} {}", me.first_name, me.last_name)
                .trim()
                .to_string(),
            privacy: me.privacy(),
            img: me.profile_image,
            phone_number: me.phone_number,
            birthday: me.birthday,
        };
        let store_id: StoreId = ctx.state.stores.execute(invite.store_id, cmd).await?;
        tracing::info!(store = %store_id, "invitation accepted");
        Ok(Joined {
            message: messages::JOIN_SUCCESS,
            store_id,
        })
    }
}
