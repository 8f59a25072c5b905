//! The reads of availability and time off: managers see everyone's, employees their own.

use crate::api::stores::StoreMember;
use crate::calls::bounded;
use crate::calls::input;
use crate::calls::AppState;
use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::employee::Employee;
use crate::db::models::request::Request;
use crate::domain::ids::{EmployeeId, UserId};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::request_views::{AvailabilityView, RequestView};
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use std::collections::HashMap;

/// Query of the availability read.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AvailabilityQuery {
    /// One employee's windows (employee record id); managers only for others.
    pub employee_id: Option<EmployeeId>,
}

/// `GET /api/v1/stores/{storeId}/availability`: managers see everyone's windows, employees
/// their own.
#[utoipa::path(
    get,
    tag = "crate::api::requests",
    path = "/api/v1/stores/{storeId}/availability",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), AvailabilityQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Availability]}`", body = [AvailabilityView]),
        crate::api::stores::StoreReadRefusals,
    )
)]
#[tracing::instrument(skip(state, member), fields(store = %member.store_id()))]
pub async fn get_availability(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    query: web::Query<AvailabilityQuery>,
) -> AppResult<HttpResponse> {
    let store = member.store_id();
    let only = if member.is_manager() {
        query.employee_id
    } else {
        Some(member.employee.id)
    };
    let (windows, employees) = state
        .db
        .run(move |conn| {
            Ok((
                AvailabilityWindow::of_store(conn, store)?,
                Employee::of_store(conn, store)?,
            ))
        })
        .await?;
    let user_of: HashMap<EmployeeId, Option<UserId>> =
        employees.iter().map(|e| (e.id, e.user_id)).collect();
    let views: Vec<AvailabilityView> = windows
        .iter()
        .filter(|w| only.is_none_or(|e| w.employee_id == e))
        .map(|w| AvailabilityView::new(w, user_of.get(&w.employee_id).copied().flatten()))
        .collect();
    Ok(crate::api::envelope::ok(views))
}

/// Query of the time-off read: a range in epoch milliseconds.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RangeQuery {
    /// Epoch ms. Default: a year back.
    pub start: Option<bounded::Instant>,
    /// Epoch ms, not before `start`. Default: a year ahead.
    pub end: Option<bounded::Instant>,
    /// One employee's requests (employee record id); managers only for others.
    pub employee_id: Option<EmployeeId>,
}

/// `GET /api/v1/stores/{storeId}/timeoff?start=&end=`: managers see every request, employees
/// their own. Without a range, everything from a year back to a year ahead.
#[utoipa::path(
    get,
    tag = "crate::api::requests",
    path = "/api/v1/stores/{storeId}/timeoff",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), RangeQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Request]}`", body = [RequestView]),
        (status = 400, description = "Bad range", body = crate::error::ErrorBody),
        crate::api::stores::StoreReadRefusals,
    )
)]
#[tracing::instrument(skip(state, member), fields(store = %member.store_id()))]
pub async fn get_time_off(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    query: web::Query<RangeQuery>,
) -> AppResult<HttpResponse> {
    let store = member.store_id();
    let now = chrono::Utc::now();
    let year = chrono::Duration::days(366);
    let start = match query.start {
        Some(ms) => input::instant("start", ms)?,
        None => now - year,
    };
    let end = match query.end {
        Some(ms) => input::instant("end", ms)?,
        None => now + year,
    };
    if start > end {
        return Err(AppError::bad_request(
            "start_after_end",
            messages::START_BEFORE_END,
        ));
    }
    let only = if member.is_manager() {
        query.employee_id
    } else {
        Some(member.employee.id)
    };
    let (rows, employees) = state
        .db
        .run(move |conn| {
            Ok((
                Request::time_off(conn, store, only, start, end)?,
                Employee::of_store(conn, store)?,
            ))
        })
        .await?;
    let views: Vec<RequestView> = rows
        .iter()
        .map(|r| RequestView::new(r, employees.iter().find(|e| e.id == r.employee_id)))
        .collect();
    Ok(crate::api::envelope::ok(views))
}
