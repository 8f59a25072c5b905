//! Resolving who is calling: the signed-in user, the store they act on, their employee record
//! and permissions, checked in the spec's order with its texts.

use crate::auth::Bearer;
use crate::calls::state::AppState;
use crate::domain::ids::{StoreId, UserId};
use crate::domain::membership::Refusal;
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::audit;
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;
use std::borrow::Cow;

pub use crate::store::members::Member;

/// The not-signed-in error of every guarded call.
pub fn not_authenticated() -> AppError {
    not_authenticated_as(messages::NOT_AUTHENTICATED)
}

/// The not-signed-in error, in the words of the call that refuses.
pub fn not_authenticated_as(text: &'static str) -> AppError {
    AppError::unauthorized("not_authenticated", text)
}

/// Extractor for handlers that need a signed-in user (with an open session).
#[derive(Debug, Clone, Copy)]
pub struct SignedIn(pub UserId);

impl FromRequest for SignedIn {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, AppResult<SignedIn>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let sessions = req
            .app_data::<web::Data<AppState>>()
            .map(|state| state.sessions.clone());
        let token = crate::auth::bearer_token(req);
        Box::pin(async move {
            let sessions =
                sessions.ok_or_else(|| AppError::internal("application state is missing"))?;
            let Some(token) = token else {
                return Err(not_authenticated());
            };
            match sessions.verify(&token).await? {
                Bearer::User(user, _) => Ok(SignedIn(user)),
                _ => Err(not_authenticated()),
            }
        })
    }
}

/// Resolves `user` as a member of `store` holding every permission of `required`.
///
/// The store's actor answers from its working set (no query per call). Order and texts follow
/// the spec: active store, employee record, permissions. A deactivated employee can sign in
/// but cannot act in the store. Refusals after the store is known are written to the store's
/// logs, under `method` (the call's name, or the read's).
pub async fn member_of(
    state: &AppState,
    user: UserId,
    store: Option<StoreId>,
    required: Perms,
    denied: &'static str,
    method: impl Into<Cow<'static, str>>,
) -> AppResult<Member> {
    let store_id =
        store.ok_or_else(|| AppError::bad_request("no_active_store", messages::NO_ACTIVE_STORE))?;
    let result = match state.stores.member(store_id, user).await? {
        Ok(member) => member.require(required, denied).map(|()| member),
        Err(Refusal::NoRecord) => Err(AppError::forbidden(
            "employee_not_found",
            messages::NO_EMPLOYEE_DOCUMENT,
        )),
        Err(Refusal::Deactivated) => Err(AppError::forbidden(
            "employee_deactivated",
            messages::NOT_ENOUGH_PERMISSION,
        )),
    };
    if let Err(e) = &result {
        audit::failure(
            &state.db,
            method,
            e.message.to_string(),
            Some(user),
            Some(store_id),
        )
        .await;
    }
    result
}
