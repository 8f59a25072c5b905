//! `deleteAccount`: the person leaves the product. What the stores keep of them for payroll
//! and what they forget is `store::forget`; the account itself keeps its row, emptied of
//! personal data, because the stores' records name it. Every session of the account ends,
//! and with them its live sockets, on every server process.

use crate::api::account::passwords::{recent_sign_in, refusal};
use crate::auth::session;
use crate::calls::bounded::RequiredText;
use crate::calls::{Access, Call, Ctx};
use crate::db::models::employee::Employee;
use crate::db::models::file::StoredFile;
use crate::db::models::login_failure::{FailureKind, LoginFailure};
use crate::db::models::notification_setting::NotificationSetting;
use crate::db::models::oidc_flow::OidcFlow;
use crate::db::models::oidc_handoff::OidcHandoff;
use crate::db::models::oidc_identity::OidcIdentity;
use crate::db::models::one_time_code::OneTimeCode;
use crate::db::models::store::Store;
use crate::db::models::user::User;
use crate::domain::account::{login_key, EMAIL_MAX_LEN};
use crate::domain::ids::StoreId;
use crate::domain::privacy::{self, DeletionRefusal};
use crate::domain::upload::Purpose;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::forget::ForgetPerson;
use chrono::Utc;
use serde::Deserialize;
use std::collections::BTreeSet;
use utoipa::ToSchema;

/// `deleteAccount`: deletes the signed-in account, from a recent sign-in, once its person
/// has typed its e-mail address; refused while it owns a store.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteAccount {
    /// The account's e-mail address, typed by its person to confirm.
    pub confirmation: RequiredText<{ EMAIL_MAX_LEN }>,
}

fn refused(r: DeletionRefusal) -> AppError {
    match r {
        DeletionRefusal::SignIn(r) => refusal(r),
        DeletionRefusal::NotConfirmed => {
            AppError::bad_request("deletion_not_confirmed", messages::DELETION_NOT_CONFIRMED)
        }
        DeletionRefusal::OwnsStore => {
            AppError::bad_request("owns_store", messages::ACCOUNT_OWNS_STORE)
        }
    }
}

impl Call for DeleteAccount {
    const NAME: &'static str = "deleteAccount";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Delete my account (from a recent sign-in, typing its e-mail address; not while I own a store). \
         The stores keep my shifts, hours and pay under an anonymous name; my personal data is removed and every session ends.";
    type Output = bool;

    #[tracing::instrument(name = "deleteAccount", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let id = ctx.user()?;
        let signed_in = recent_sign_in(&ctx).await?;
        let now = ctx.state.clock.now();
        let (user, owned, stores) = ctx
            .state
            .db
            .run(move |conn| {
                let user =
                    User::find_opt(conn, id)?.ok_or_else(crate::calls::guard::not_authenticated)?;
                let stores: BTreeSet<StoreId> = Employee::records_of_user(conn, id)?
                    .into_iter()
                    .map(|(_, store)| store.id)
                    .collect();
                Ok((user, Store::count_owned_by(conn, id)?, stores))
            })
            .await?;
        let owned = usize::try_from(owned).unwrap_or(usize::MAX);
        privacy::may_delete(signed_in, now, &user.email, &self.confirmation, owned)
            .map_err(refused)?;
        // The stores first, each through its actor: a store that fails fails the call before
        // the account changes, and deleting again finishes (forgetting twice changes nothing
        // more).
        for store in stores {
            let _: usize = ctx
                .state
                .stores
                .execute(store, ForgetPerson { user: id })
                .await?;
        }
        let email = user.email;
        let (ended, photos, keys_kept) = ctx
            .state
            .db
            .transaction(move |conn| {
                User::find_for_update(conn, id)?;
                // A store founded meanwhile keeps the account.
                if Store::count_owned_by(conn, id)? > 0 {
                    return Err(refused(DeletionRefusal::OwnsStore));
                }
                User::anonymise(conn, id, &privacy::anonymous_email(id.0), Utc::now())?;
                OneTimeCode::delete_of_user(conn, id)?;
                OidcIdentity::delete_of_user(conn, id)?;
                OidcHandoff::delete_of_user(conn, id)?;
                OidcFlow::delete_of_user(conn, id)?;
                NotificationSetting::delete_of_user(conn, id)?;
                // The blog comments written signed in, with the address given there.
                crate::db::models::blog::Comment::delete_of_user(conn, id)?;
                let key = login_key(&email);
                LoginFailure::forget(conn, FailureKind::Account, &key)?;
                LoginFailure::forget(conn, FailureKind::CodeAddress, &key)?;
                let photos = StoredFile::delete_of_user(conn, id, Purpose::Profile)?;
                let keys: Vec<String> = photos
                    .iter()
                    .flat_map(|f| std::iter::once(f.key.clone()).chain(f.thumbnail_key.clone()))
                    .collect();
                let kept = StoredFile::keys_in_use(conn, &keys)?;
                let ended = session::end_all(conn, id, None, Utc::now())?;
                Ok((ended, keys, kept))
            })
            .await?;
        // Every process hears of the endings and closes the account's sockets.
        ctx.state.sessions.ended(&ended);
        ctx.state.stores.reader_settings().forget(id);
        for key in photos.iter().filter(|k| !keys_kept.contains(k)) {
            // The rows are gone, so nothing serves the bytes any more: a failure only leaves
            // unreachable bytes behind.
            if let Err(e) = ctx.state.files.delete(key).await {
                tracing::warn!(error = %e, "a deleted account's photo stays in the storage");
            }
        }
        tracing::info!(user = %id, "account deleted");
        Ok(true)
    }
}
