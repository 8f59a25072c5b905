//! `GET /api/v1/stores/{storeId}/earnings?start&end`: the caller's estimated earnings of a
//! range, the employee home's figure. Counted by the one pay rule (`domain::work`, through
//! `api::pay`): the work done in the range, and the announced shifts still to come as planned,
//! with overtime and weekly wages as the timesheet applies them.

use crate::api::pay;
use crate::api::stores::{read, StoreMember};
use crate::calls::bounded;
use crate::calls::guard::Member;
use crate::calls::AppState;
use crate::domain::work::Outlook;
use crate::error::AppResult;
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// Mounts the read (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read(
        "/stores/{storeId}/earnings",
        "getEarnings",
        get_earnings,
    ));
}

/// The range of an estimate, epoch ms.
#[derive(Debug, Deserialize, IntoParams)]
pub struct EarningsQuery {
    /// Start, epoch ms.
    pub start: bounded::Instant,
    /// End, epoch ms: after the start, at most 366 days later.
    pub end: bounded::Instant,
}

/// The caller's earnings of a range.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Earnings {
    /// ISO 4217 code of the amounts.
    pub currency: String,
    /// Worked so far in the range, and its pay.
    pub worked_minutes: i64,
    pub pay: f64,
    /// With the announced shifts still to come worked as planned: the estimate.
    pub expected_minutes: i64,
    pub expected_pay: f64,
    /// Shifts counted in the estimate (started ones and those to come).
    pub shifts: usize,
}

/// `GET /api/v1/stores/{storeId}/earnings?start&end`: the caller's worked and estimated
/// hours and pay of the range.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/earnings",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), EarningsQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": Earnings}`", body = Earnings),
        (status = 400, description = "Bad range", body = crate::error::ErrorBody),
        crate::api::stores::StoreReadRefusals,
    )
)]
pub async fn get_earnings(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    query: web::Query<EarningsQuery>,
) -> AppResult<HttpResponse> {
    let (from, to) = crate::api::reports::range(query.start, query.end)?;
    Ok(crate::api::envelope::ok(
        estimate(&state, &member, from, to).await?,
    ))
}

/// The member's own worked and estimated hours and pay of `from..to` (the employee home's
/// figure, and the voice assistant's).
pub async fn estimate(
    state: &AppState,
    member: &Member,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> AppResult<Earnings> {
    let me = member.employee.id;
    let ledger = pay::load(state, member.store_id(), move |_, _| (from, to)).await?;
    let workers: Vec<_> = ledger
        .workers(|e| e.id == me)
        .into_iter()
        .map(|(_, w)| w)
        .collect();
    let now = Utc::now();
    let worked = ledger.report(&workers, now, Outlook::Worked).total;
    let expected = ledger.report(&workers, now, Outlook::Expected).total;
    Ok(Earnings {
        currency: ledger.currency.clone(),
        worked_minutes: worked.worked_minutes,
        pay: worked.cost(),
        expected_minutes: expected.worked_minutes,
        expected_pay: expected.cost(),
        shifts: expected.shifts,
    })
}
