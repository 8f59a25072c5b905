//! Reads of a store for its members: the store itself, its roles, its employees.

use crate::api::employee_manager::visible_employees;
use crate::calls::guard::{self, Member, SignedIn};
use crate::calls::AppState;
use crate::db::models::employee::Employee;
use crate::db::models::invite::Invite;
use crate::db::models::role::Role;
use crate::domain::ids::StoreId;
use crate::domain::permissions::{Permission, Perms};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::team_views::{EmployeeView, RoleView, StoreView};
use actix_web::{web, HttpResponse};
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// Mounts the store resource paths (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/stores/{storeId}", web::get().to(get_store))
        .route("/stores/{storeId}/roles", web::get().to(get_roles))
        .route("/stores/{storeId}/employees", web::get().to(get_employees));
}

/// Resolves the caller as an active member of the store in the path. A malformed id is as
/// unknown as a missing store.
pub async fn member(
    state: &AppState,
    user: SignedIn,
    raw: &str,
    method: &'static str,
) -> AppResult<Member> {
    let store: StoreId = raw
        .parse()
        .map_err(|_| AppError::not_found("no_active_store", messages::NO_ACTIVE_STORE))?;
    guard::member_of(
        state,
        user.0,
        Some(store),
        Perms::NONE,
        messages::NOT_ENOUGH_PERMISSION,
        method,
    )
    .await
}

/// A store with its roles and the caller's own record and permissions.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreDetail {
    pub store: StoreView,
    pub roles: Vec<RoleView>,
    /// The caller's own employee record.
    pub employee: EmployeeView,
    /// The caller's permissions (`owner` included for the owner).
    #[schema(value_type = Vec<Permission>)]
    pub permissions: Vec<String>,
    pub is_owner: bool,
    /// Holds the schedule or employee permission (or owns the store).
    pub is_manager: bool,
    /// The store's version this answer was read at: a socket that joins with it as `since`
    /// is replayed every change made after the reads that followed it.
    pub version: i64,
}

/// `GET /api/v1/stores/{storeId}`.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}",
    params(("storeId" = uuid::Uuid, Path, description = "Store id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": StoreDetail}`", body = StoreDetail),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member, or deactivated", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user))]
pub async fn get_store(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let member = member(&state, user, &path, "getStore").await?;
    let store = member.store_id();
    let roles = state
        .db
        .run(move |conn| Ok(Role::of_store(conn, store)?))
        .await?;
    let detail = StoreDetail {
        store: StoreView::from(&member.store),
        roles: roles.iter().map(RoleView::from).collect(),
        employee: EmployeeView::full(&member.employee),
        permissions: member.perms.names(),
        is_owner: member.is_owner(),
        is_manager: member.is_manager(),
        // The version of the store's working set the member came from: never ahead of what
        // this answer and the reads after it hold.
        version: member.store.version,
    };
    Ok(crate::api::envelope::ok(detail))
}

/// `GET /api/v1/stores/{storeId}/roles`.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/roles",
    params(("storeId" = uuid::Uuid, Path, description = "Store id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Role]}`", body = [RoleView]),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member, or deactivated", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user))]
pub async fn get_roles(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let member = member(&state, user, &path, "getRoles").await?;
    let store = member.store_id();
    let roles = state
        .db
        .run(move |conn| Ok(Role::of_store(conn, store)?))
        .await?;
    let views: Vec<RoleView> = roles.iter().map(RoleView::from).collect();
    Ok(crate::api::envelope::ok(views))
}

/// `GET /api/v1/stores/{storeId}/employees`: managers see every record with pay and
/// permissions; an employee sees their active colleagues without them (and their own record
/// in full).
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/employees",
    params(("storeId" = uuid::Uuid, Path, description = "Store id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Employee]}`", body = [EmployeeView]),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member, or deactivated", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user))]
pub async fn get_employees(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let member = member(&state, user, &path, "getEmployees").await?;
    let store = member.store_id();
    let (all, invites) = state
        .db
        .run(move |conn| {
            Ok((
                Employee::of_store(conn, store)?,
                Invite::unresolved_expiries(conn, store)?,
            ))
        })
        .await?;
    let mut views = visible_employees(&member, &all);
    if member.is_manager() {
        // Managers see which invitations still wait and until when.
        let expiries: HashMap<_, _> = invites.into_iter().collect();
        for v in views.iter_mut().filter(|v| v.user_id.is_none()) {
            v.invite_expire = expiries.get(&v.id).map(|at| at.timestamp_millis());
        }
    }
    Ok(crate::api::envelope::ok(views))
}
