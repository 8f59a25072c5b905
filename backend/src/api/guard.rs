//! Resolving who is calling: the signed-in user, the store they act on, their employee record
//! and permissions, checked in the spec's order with its texts.

use crate::auth::{self, Bearer};
use crate::db::models::employee::Employee;
use crate::db::models::log::NewLog;
use crate::db::models::store::Store;
use crate::domain::ids::{StoreId, UserId};
use crate::domain::permissions::{Permission, Perms};
use crate::error::{AppError, AppResult, ErrorKind};
use crate::messages;
use crate::startup::AppState;
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpRequest};
use std::future::{ready, Ready};

/// A signed-in member of a store, as resolved for one call.
#[derive(Debug, Clone)]
pub struct Member {
    pub user: UserId,
    pub store: Store,
    pub employee: Employee,
    /// The employee's permissions, plus `owner` for the store owner.
    pub perms: Perms,
}

impl Member {
    pub fn store_id(&self) -> StoreId {
        self.store.id
    }

    pub fn is_owner(&self) -> bool {
        self.store.owner_id == self.user
    }

    pub fn is_manager(&self) -> bool {
        self.perms.is_manager()
    }

    pub fn has(&self, p: Permission) -> bool {
        self.perms.covers(Perms::NONE.with(p))
    }

    /// Fails with the given text unless every permission of `required` is held.
    pub fn require(&self, required: Perms, denied: &'static str) -> AppResult<()> {
        if self.perms.covers(required) {
            Ok(())
        } else {
            Err(AppError::forbidden("permission_denied", denied))
        }
    }
}

/// The not-signed-in error of every guarded call.
pub fn not_authenticated() -> AppError {
    AppError::unauthorized("not_authenticated", messages::NOT_AUTHENTICATED)
}

/// Extractor for handlers that need a signed-in user.
#[derive(Debug, Clone, Copy)]
pub struct SignedIn(pub UserId);

impl FromRequest for SignedIn {
    type Error = AppError;
    type Future = Ready<AppResult<SignedIn>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let Some(state) = req.app_data::<web::Data<AppState>>() else {
            return ready(Err(AppError::internal("application state is missing")));
        };
        ready(match auth::bearer(req, &state.keys) {
            Bearer::User(u) => Ok(SignedIn(u)),
            _ => Err(not_authenticated()),
        })
    }
}

/// Resolves `user` as a member of `store` holding every permission of `required`.
///
/// Order and texts follow the spec: active store, employee record, permissions. A deactivated
/// employee can sign in but cannot act in the store. Refusals after the store is known are
/// written to the store's logs.
pub async fn member_of(
    state: &AppState,
    user: UserId,
    store: Option<StoreId>,
    required: Perms,
    denied: &'static str,
    method: &'static str,
) -> AppResult<Member> {
    let store_id =
        store.ok_or_else(|| AppError::bad_request("no_active_store", messages::NO_ACTIVE_STORE))?;
    state
        .db
        .run(move |conn| {
            let store = Store::find(conn, store_id)?
                .ok_or_else(|| AppError::not_found("no_active_store", messages::NO_ACTIVE_STORE))?;
            let result = resolve(conn, user, store, required, denied);
            if let Err(e) = &result {
                if e.kind == ErrorKind::Forbidden {
                    let log = NewLog {
                        kind: "error",
                        method,
                        description: &e.message,
                        user_id: Some(user),
                        store_id: Some(store_id),
                    };
                    if let Err(log_err) = log.insert(conn) {
                        tracing::warn!(error = %log_err, "could not write the refusal log");
                    }
                }
            }
            result
        })
        .await
}

fn resolve(
    conn: &mut diesel::PgConnection,
    user: UserId,
    store: Store,
    required: Perms,
    denied: &'static str,
) -> AppResult<Member> {
    let employee = Employee::find_member(conn, store.id, user)?
        .ok_or_else(|| AppError::forbidden("employee_not_found", messages::NO_EMPLOYEE_DOCUMENT))?;
    let is_owner = store.owner_id == user;
    if employee.deactive && !is_owner {
        return Err(AppError::forbidden(
            "employee_deactivated",
            messages::NOT_ENOUGH_PERMISSION,
        ));
    }
    let mut perms = employee.perms();
    if is_owner {
        perms = perms.with(Permission::Owner);
    }
    let member = Member {
        user,
        store,
        employee,
        perms,
    };
    member.require(required, denied)?;
    Ok(member)
}
