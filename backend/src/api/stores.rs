//! Reads of a store for its members: the store itself, its roles, its employees; and what
//! every member read shares: [`StoreMember`], the caller as an active member of the path's
//! store, and [`StoreReadRefusals`], its refusals as the API document states them.

use crate::api::employee_manager::visible_employees;
use crate::calls::guard::{self, Member, SignedIn};
use crate::calls::AppState;
use crate::db::models::employee::Employee;
use crate::db::models::invite::Invite;
use crate::db::models::role::Role;
use crate::domain::ids::StoreId;
use crate::domain::permissions::{Permission, Perms};
use crate::error::{AppError, AppResult, ErrorBody};
use crate::messages;
use crate::store::team_views::{EmployeeView, RoleView, StoreView};
use actix_web::dev::Payload;
use actix_web::{web, FromRequest, Handler, HttpRequest, HttpResponse, Resource, Responder};
use futures_util::future::LocalBoxFuture;
use serde::Serialize;
use std::borrow::Cow;
use std::collections::HashMap;
use utoipa::{IntoResponses, ToSchema};

/// Mounts the store resource paths (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read("/stores/{storeId}", "getStore", get_store))
        .service(read("/stores/{storeId}/roles", "getRoles", get_roles))
        .service(read(
            "/stores/{storeId}/employees",
            "getEmployees",
            get_employees,
        ));
}

/// A read of a store's members: `GET path`, answered by `handler`, named `name`. A handler
/// taking [`StoreMember`] is refused under that name in the store's logs, as a call is under
/// its own.
pub fn read<F, Args>(path: &str, name: &str, handler: F) -> Resource
where
    F: Handler<Args>,
    Args: FromRequest + 'static,
    F::Output: Responder + 'static,
{
    // The method is the resource's guard, as `ServiceConfig::route` makes it: another method
    // on the path matches nothing here, rather than being answered 405.
    web::resource(path)
        .name(name)
        .guard(actix_web::guard::Get())
        .to(handler)
}

/// Resolves the caller as an active member of the store in the path. A malformed id is as
/// unknown as a missing store.
pub async fn member(
    state: &AppState,
    user: SignedIn,
    raw: &str,
    method: impl Into<Cow<'static, str>>,
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

/// Extractor: the signed-in caller as an active member of the store the path names
/// (`{storeId}`), resolved by [`member`]. Not signed in is 401; no record in the store, or a
/// deactivated one, 403; a malformed or unknown store 404. A refusal after the store is
/// known is logged under the route's name (see [`read`]), or its pattern when it has none.
#[derive(Debug, Clone)]
pub struct StoreMember(pub Member);

impl FromRequest for StoreMember {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, AppResult<StoreMember>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let user = SignedIn::from_request(req, payload);
        let state = req.app_data::<web::Data<AppState>>().cloned();
        let store = req.match_info().get("storeId").map(str::to_owned);
        let method = req
            .match_name()
            .map(str::to_owned)
            .or_else(|| req.match_pattern())
            .unwrap_or_default();
        Box::pin(async move {
            let user = user.await?;
            let state = state.ok_or_else(|| AppError::internal("application state is missing"))?;
            let store = store.ok_or_else(|| AppError::internal("the path names no store"))?;
            member(&state, user, &store, method).await.map(StoreMember)
        })
    }
}

/// The refusals of a read taking [`StoreMember`], written once for the API document. A read
/// with more to say of one of them states that status again after these.
#[derive(IntoResponses)]
pub enum StoreReadRefusals {
    /// Not signed in
    #[response(status = 401)]
    NotSignedIn(ErrorBody),
    /// Not a member, or deactivated
    #[response(status = 403)]
    NotAMember(ErrorBody),
    /// No such store
    #[response(status = 404)]
    NoSuchStore(ErrorBody),
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
        StoreReadRefusals,
    )
)]
#[tracing::instrument(skip(state, member), fields(store = %member.store_id()))]
pub async fn get_store(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
) -> AppResult<HttpResponse> {
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
        StoreReadRefusals,
    )
)]
#[tracing::instrument(skip(state, member), fields(store = %member.store_id()))]
pub async fn get_roles(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
) -> AppResult<HttpResponse> {
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
        StoreReadRefusals,
    )
)]
#[tracing::instrument(skip(state, member), fields(store = %member.store_id()))]
pub async fn get_employees(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
) -> AppResult<HttpResponse> {
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
