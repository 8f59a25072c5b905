//! The shift read, `GET /api/v1/stores/{storeId}/shifts`, with its `ETag` and the board's
//! kept answer.

use crate::api::stores::StoreMember;
use crate::calls::bounded;
use crate::calls::guard::Member;
use crate::calls::input;
use crate::calls::AppState;
use crate::db::models::shift::Shift;
use crate::domain::calendar;
use crate::domain::ids::EmployeeId;
use crate::domain::permissions::Perms;
use crate::domain::shift::Status;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::views::ShiftView;
use crate::store::weeks::{self, Coding, Week};
use actix_web::http::header::{self, AcceptEncoding, Encoding, Header, IfNoneMatch};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// The widest range one read may ask for.
const READ_RANGE_MAX: chrono::Duration = chrono::Duration::days(100);

/// Query of the shift read.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ShiftQuery {
    /// Epoch ms; with `end`. Default: the current week in the store's zone.
    pub start: Option<bounded::Instant>,
    /// Epoch ms; at most 100 days after `start`.
    pub end: Option<bounded::Instant>,
    /// `all` (owner or schedule permission), `mine` (own non-draft shifts) or `open` (published
    /// open shifts). Default: `all` for schedule managers, `mine` for others.
    #[param(value_type = Option<Scope>, inline)]
    pub scope: Option<String>,
    /// Only this employee record's shifts (schedule permission).
    pub employee: Option<EmployeeId>,
}

/// Which shifts the read answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "lowercase")]
enum Scope {
    All,
    Mine,
    Open,
}

/// `GET /api/v1/stores/{storeId}/shifts`: the shifts overlapping a range.
//
// Answers carry a strong `ETag` (the store's version and a digest of the bytes); a request
// whose `If-None-Match` names it is answered 304 with no body. The board's read (`scope=all`,
// every employee) is kept serialised and compressed until the store changes
// (`store::weeks`). (Plain comments: the doc comment is the API document's description.)
#[utoipa::path(
    get,
    tag = "crate::api::shifts",
    path = "/api/v1/stores/{storeId}/shifts",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), ShiftQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Shift]}`", body = [ShiftView]),
        (status = 400, description = "Bad range", body = crate::error::ErrorBody),
        crate::api::stores::StoreReadRefusals,
        (status = 403, description = "Not a member, or asking for all without permission", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state, req, member), fields(store = %member.store_id()))]
pub async fn get_shifts(
    state: web::Data<AppState>,
    req: HttpRequest,
    StoreMember(member): StoreMember,
    query: web::Query<ShiftQuery>,
) -> AppResult<HttpResponse> {
    let q = query.into_inner();
    let scheduler = member.perms.covers(Perms::SCHEDULE);
    let scope = match q.scope.as_deref() {
        None | Some("") if scheduler => Scope::All,
        None | Some("") | Some("mine") => Scope::Mine,
        Some("all") => Scope::All,
        Some("open") => Scope::Open,
        Some(other) => return Err(AppError::invalid(format!("Unknown scope {other:?}."))),
    };
    if scope == Scope::All && !scheduler {
        return Err(AppError::forbidden(
            "permission_denied",
            messages::NO_PERMISSION_ALL_SHIFTS,
        ));
    }
    if q.employee.is_some() && !scheduler {
        return Err(AppError::forbidden(
            "permission_denied",
            messages::NOT_ENOUGH_PERMISSION,
        ));
    }
    let (start, end) = range(&member, q.start, q.end)?;
    let store = member.store_id();
    let week = if scope == Scope::All && q.employee.is_none() {
        // The board's read: the same answer for every schedule manager of the store.
        state
            .stores
            .weeks()
            .read(&state.db, store, start, end)
            .await?
    } else {
        let me = member.employee.id;
        let employee = q.employee;
        let week = state
            .db
            .run(move |conn| {
                let (version, rows) = weeks::snapshot(conn, store, start, end)?;
                let shown = rows
                    .iter()
                    .filter(|s| employee.is_none_or(|e| s.assigned == Some(e)))
                    .filter(|s| visible(scope, me, s));
                Week::build(version, shown, Utc::now())
            })
            .await?;
        Arc::new(week)
    };
    answer(&req, week).await
}

/// Answers with `week`: 304 when the request's `If-None-Match` names it, else its bytes in
/// the best coding the client accepts (compressed here, once per kept answer; the
/// compression middleware leaves an answer that has its `Content-Encoding`).
async fn answer(req: &HttpRequest, week: Arc<Week>) -> AppResult<HttpResponse> {
    const PRIVATE: (header::HeaderName, &str) = (header::CACHE_CONTROL, "private, no-cache");
    let coding = AcceptEncoding::parse(req)
        .ok()
        .and_then(|a| {
            a.negotiate([Encoding::brotli(), Encoding::gzip(), Encoding::identity()].iter())
        })
        .map_or(Coding::Identity, |e| {
            if e == Encoding::brotli() {
                Coding::Brotli
            } else if e == Encoding::gzip() {
                Coding::Gzip
            } else {
                Coding::Identity
            }
        });
    let etag = week.etag(coding);
    let unchanged = match IfNoneMatch::parse(req) {
        Ok(IfNoneMatch::Any) => true,
        Ok(IfNoneMatch::Items(tags)) => tags.iter().any(|t| week.matches(&t.to_string())),
        Err(_) => false,
    };
    if unchanged {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .insert_header(PRIVATE)
            .insert_header((header::VARY, "Accept-Encoding"))
            .finish());
    }
    let body = match week.encoded(coding) {
        Some(bytes) => bytes,
        None => {
            let w = week.clone();
            web::block(move || w.encode(coding))
                .await
                .map_err(|e| AppError::internal(format!("compressing a week: {e}")))?
        }
    };
    let mut res = HttpResponse::Ok();
    res.insert_header(header::ContentType::json())
        .insert_header((header::ETAG, etag))
        .insert_header(PRIVATE)
        .insert_header((header::VARY, "Accept-Encoding"));
    // Uncompressed only when the client accepts neither: the middleware agrees on nothing
    // else either, so it passes the bytes on as they are.
    if let Some(name) = coding.header() {
        res.insert_header((header::CONTENT_ENCODING, name));
    }
    Ok(res.body(body))
}

fn visible(scope: Scope, me: EmployeeId, s: &Shift) -> bool {
    match scope {
        Scope::All => true,
        Scope::Mine => s.assigned == Some(me) && s.status.is_visible_to_assignee(),
        Scope::Open => s.assigned.is_none() && s.status == Status::Published,
    }
}

fn range(
    member: &Member,
    start: Option<bounded::Instant>,
    end: Option<bounded::Instant>,
) -> AppResult<(DateTime<Utc>, DateTime<Utc>)> {
    let (start, end) = match (start, end) {
        (Some(s), Some(e)) => (input::instant("start", s)?, input::instant("end", e)?),
        (None, None) => {
            calendar::week_of(member.store.zone(), Utc::now(), member.store.week_start())
        }
        _ => return Err(AppError::invalid("start and end go together.")),
    };
    if start > end {
        return Err(AppError::bad_request(
            "start_after_end",
            messages::START_BEFORE_END,
        ));
    }
    if end - start > READ_RANGE_MAX {
        return Err(AppError::invalid("The range can span at most 100 days."));
    }
    Ok((start, end))
}
