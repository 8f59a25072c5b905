//! `POST /api/v1/billing/webhook`: the payment provider's events, the only way a store's plan
//! changes. Each is checked against its signature, applied once (a resent one is recognised
//! by its id), and applied by the store's actor in order of the provider's times, so events
//! that arrive late or out of order cannot undo newer ones. An event the server cannot place
//! yet (an invoice for a customer whose checkout has not arrived) is answered with an error,
//! which the provider retries later.

use super::shared::billing;
use crate::billing::stripe::Stripe;
use crate::calls::AppState;
use crate::db::models::billing::{BillingEvent, StorePlan};
use crate::domain::billing::signature;
use crate::domain::billing::subscription::{read_invoice, read_subscription};
use crate::domain::ids::StoreId;
use crate::error::{AppError, AppResult};
use crate::store::billing::{Applied, ApplyCheckout, ApplyInvoice, ApplySubscription};
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/billing/webhook")
            // Events are small; the provider's largest are tens of kilobytes.
            .app_data(web::PayloadConfig::new(256 * 1024))
            .route(web::post().to(webhook)),
    );
}

fn refused(message: impl Into<std::borrow::Cow<'static, str>>) -> AppError {
    AppError::bad_request("webhook_refused", message)
}

async fn webhook(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let settings = billing(&state)
        .map_err(|_| AppError::not_found("not_found", "This server sells no plans."))?;
    let header = req
        .headers()
        .get("Stripe-Signature")
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| refused("The webhook has no signature."))?;
    let now = state.clock.now().timestamp();
    signature::verify(&settings.webhook_secret, header, &body, now)
        .map_err(|why| refused(why.message()))?;
    let event: Value =
        serde_json::from_slice(&body).map_err(|_| refused("The webhook's body is not JSON."))?;
    let (Some(id), Some(kind), Some(created)) = (
        event["id"].as_str(),
        event["type"].as_str(),
        event["created"].as_i64(),
    ) else {
        return Err(refused("The webhook's event has no id, type or time."));
    };
    let (id, kind) = (id.to_string(), kind.to_string());
    let seen = {
        let id = id.clone();
        state
            .db
            .run(move |conn| Ok(BillingEvent::seen(conn, &id)?))
            .await?
    };
    if seen {
        return Ok(HttpResponse::Ok().json(json!({ "received": true, "duplicate": true })));
    }
    let object = &event["data"]["object"];
    let plans = state.plans.clone();
    match kind.as_str() {
        "checkout.session.completed" => {
            let store = object["client_reference_id"]
                .as_str()
                .and_then(|s| s.parse::<StoreId>().ok())
                .ok_or_else(|| refused("The checkout names no store."))?;
            let customer = object["customer"]
                .as_str()
                .ok_or_else(|| refused("The checkout names no customer."))?
                .to_string();
            let cmd = ApplyCheckout {
                event: id,
                customer,
                plans,
            };
            state
                .stores
                .execute::<serde_json::Value>(store, cmd)
                .await?;
        }
        k if k.starts_with("customer.subscription.") => {
            let (named, subscription) = read_subscription(object).map_err(refused)?;
            let store = store_of(&state, named.as_deref(), &subscription.customer).await?;
            let cmd = ApplySubscription {
                event: id,
                kind,
                created,
                subscription,
                plans,
            };
            let applied: Applied = state.stores.execute(store, cmd).await?;
            if let Some(old) = applied.cancel {
                // A store pays for one plan: the one it left goes, what it paid and did not
                // use credited. Its cancellation comes back as an event, which is ignored.
                Stripe::new(settings).cancel(&old).await?;
            }
        }
        k if k.starts_with("invoice.") => {
            let (named, invoice) = read_invoice(object).map_err(refused)?;
            let store = store_of(&state, named.as_deref(), &invoice.customer).await?;
            let cmd = ApplyInvoice {
                event: id,
                kind,
                created,
                invoice,
            };
            state
                .stores
                .execute::<serde_json::Value>(store, cmd)
                .await?;
        }
        // Events the endpoint was not set up for are acknowledged and left alone.
        _ => {
            state
                .db
                .run(move |conn| Ok(BillingEvent::record(conn, &id, &kind, None)?))
                .await?;
        }
    }
    Ok(HttpResponse::Ok().json(json!({ "received": true })))
}

/// The store an object is about: the one its metadata names, else its customer's.
async fn store_of(state: &AppState, named: Option<&str>, customer: &str) -> AppResult<StoreId> {
    if let Some(store) = named.and_then(|s| s.parse::<StoreId>().ok()) {
        return Ok(store);
    }
    let customer = customer.to_string();
    state
        .db
        .run(move |conn| Ok(StorePlan::store_of_customer(conn, &customer)?))
        .await?
        .ok_or_else(|| {
            AppError::not_found(
                "no_store",
                "No store has this customer yet; the event is retried later.",
            )
        })
}
