//! `getCurrentSubscription` (owner and managers) and `getInvoices` (the owner): the plan and
//! invoices as the provider's webhooks last described them.

use crate::api::stores::{read, StoreMember};
use crate::calls::AppState;
use crate::db::models::billing::InvoiceRow;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::billing::{PlanNow, PlanView, ReadPlan};
use actix_web::{web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read(
        "/stores/{storeId}/subscription",
        "getCurrentSubscription",
        get_current_subscription,
    ))
    .service(read(
        "/stores/{storeId}/invoices",
        "getInvoices",
        get_invoices,
    ));
}

/// The plan as its store's owner or a manager sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Subscription {
    #[serde(flatten)]
    pub plan: PlanView,
    /// Whether the caller may change it (the owner).
    pub can_manage: bool,
}

#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/subscription",
    params(("storeId" = uuid::Uuid, Path, description = "Store id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": Subscription}`", body = Subscription),
        crate::api::stores::StoreReadRefusals,
    )
)]
pub async fn get_current_subscription(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
) -> AppResult<HttpResponse> {
    if !member.is_manager() {
        return Err(AppError::forbidden(
            "permission_denied",
            messages::NOT_ENOUGH_PERMISSION,
        ));
    }
    let now: PlanNow = state
        .stores
        .execute(
            member.store_id(),
            ReadPlan {
                plans: state.plans.clone(),
            },
        )
        .await?;
    Ok(crate::api::envelope::ok(Subscription {
        plan: now.view,
        can_manage: member.is_owner(),
    }))
}

/// One invoice.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceView {
    pub id: String,
    pub number: Option<String>,
    /// `draft`, `open`, `paid`, `uncollectible` or `void`.
    pub status: String,
    /// In cents, taxes included.
    pub total: i64,
    pub currency: String,
    /// Epoch milliseconds.
    pub created: i64,
    pub period_start: Option<i64>,
    pub period_end: Option<i64>,
    /// The provider's page of the invoice, to read and pay it.
    pub hosted_invoice_url: Option<String>,
    pub invoice_pdf: Option<String>,
}

impl From<InvoiceRow> for InvoiceView {
    fn from(row: InvoiceRow) -> InvoiceView {
        InvoiceView {
            id: row.id,
            number: row.number,
            status: row.status,
            total: row.total,
            currency: row.currency,
            created: row.created.timestamp_millis(),
            period_start: row.period_start.map(|t| t.timestamp_millis()),
            period_end: row.period_end.map(|t| t.timestamp_millis()),
            hosted_invoice_url: row.hosted_invoice_url,
            invoice_pdf: row.invoice_pdf,
        }
    }
}

/// A store's invoices, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct Invoices {
    pub invoices: Vec<InvoiceView>,
}

#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/invoices",
    params(("storeId" = uuid::Uuid, Path, description = "Store id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": Invoices}`", body = Invoices),
        crate::api::stores::StoreReadRefusals,
    )
)]
pub async fn get_invoices(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
) -> AppResult<HttpResponse> {
    // Only the owner manages payments (the spec).
    if !member.is_owner() {
        return Err(AppError::forbidden(
            "permission_denied",
            messages::NOT_ENOUGH_PERMISSION,
        ));
    }
    let store = member.store_id();
    let rows = state
        .db
        .run(move |conn| Ok(InvoiceRow::of_store(conn, store)?))
        .await?;
    Ok(crate::api::envelope::ok(Invoices {
        invoices: rows.into_iter().map(InvoiceView::from).collect(),
    }))
}
