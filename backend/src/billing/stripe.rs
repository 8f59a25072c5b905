//! Stripe's HTTP API, called with the server's HTTP client: form-encoded bodies, the secret
//! key as a bearer token, and an idempotency key on every POST, so a request sent again
//! (after a timeout) is carried out once. The address is configurable (`STRIPE_API_BASE`),
//! which is how tests point it at their stand-in.

use crate::config::Billing;
use crate::error::{AppError, AppResult, ErrorKind};
use serde::Deserialize;
use std::time::Duration;

/// How long a call to the provider may take.
const TIMEOUT: Duration = Duration::from_secs(20);

/// A client of the provider's API.
#[derive(Clone)]
pub struct Stripe {
    base: String,
    key: String,
}

/// A hosted checkout the browser is sent to.
#[derive(Debug, Clone, Deserialize)]
pub struct CheckoutSession {
    pub id: String,
    pub url: String,
}

/// A billing portal session the browser is sent to.
#[derive(Debug, Clone, Deserialize)]
pub struct PortalSession {
    pub url: String,
}

/// A form body: Stripe's nested fields are written `a[b][c]` by the caller.
pub type Form = Vec<(String, String)>;

impl Stripe {
    pub fn new(billing: &Billing) -> Stripe {
        Stripe {
            base: billing.api_base.clone(),
            key: billing.secret_key.clone(),
        }
    }

    /// Opens a hosted checkout (`POST /v1/checkout/sessions`).
    pub async fn checkout(&self, form: &Form, idempotency: &str) -> AppResult<CheckoutSession> {
        self.send("POST", "/v1/checkout/sessions", form, Some(idempotency))
            .await
    }

    /// Opens the billing portal for a customer (`POST /v1/billing_portal/sessions`).
    pub async fn portal(&self, customer: &str, return_url: &str) -> AppResult<PortalSession> {
        let form = vec![
            ("customer".into(), customer.into()),
            ("return_url".into(), return_url.into()),
        ];
        let key = uuid::Uuid::new_v4().to_string();
        self.send("POST", "/v1/billing_portal/sessions", &form, Some(&key))
            .await
    }

    /// Sets a subscription's seats, charging or crediting the rest of the period.
    pub async fn set_quantity(
        &self,
        subscription: &str,
        item: &str,
        quantity: usize,
        idempotency: &str,
    ) -> AppResult<()> {
        let form = vec![
            ("items[0][id]".into(), item.into()),
            ("items[0][quantity]".into(), quantity.to_string()),
            ("proration_behavior".into(), "create_prorations".into()),
        ];
        let path = format!("/v1/subscriptions/{}", path_segment(subscription)?);
        self.send::<serde_json::Value>("POST", &path, &form, Some(idempotency))
            .await
            .map(drop)
    }

    /// Cancels a subscription now, crediting what was paid and not used.
    pub async fn cancel(&self, subscription: &str) -> AppResult<()> {
        let path = format!(
            "/v1/subscriptions/{}?prorate=true",
            path_segment(subscription)?
        );
        self.send::<serde_json::Value>("DELETE", &path, &Vec::new(), None)
            .await
            .map(drop)
    }

    async fn send<T: for<'de> Deserialize<'de>>(
        &self,
        method: &str,
        path: &str,
        form: &Form,
        idempotency: Option<&str>,
    ) -> AppResult<T> {
        let client = awc::Client::builder()
            .timeout(TIMEOUT)
            .disable_redirects()
            .finish();
        let url = format!("{}{path}", self.base);
        let mut req = match method {
            "DELETE" => client.delete(&url),
            _ => client.post(&url),
        }
        .bearer_auth(&self.key)
        .insert_header(("Stripe-Version", API_VERSION));
        if let Some(key) = idempotency {
            req = req.insert_header(("Idempotency-Key", key));
        }
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(form)
            .finish();
        let mut res = req
            .content_type("application/x-www-form-urlencoded")
            .send_body(body)
            .await
            .map_err(|e| unreachable_provider(e.to_string()))?;
        let bytes = res
            .body()
            .limit(1024 * 1024)
            .await
            .map_err(|e| unreachable_provider(e.to_string()))?;
        let status = res.status();
        if status.is_success() {
            return serde_json::from_slice(&bytes)
                .map_err(|e| AppError::internal(format!("the payment provider's answer: {e}")));
        }
        let said = serde_json::from_slice::<serde_json::Value>(&bytes)
            .ok()
            .and_then(|v| v["error"]["message"].as_str().map(str::to_string))
            .unwrap_or_else(|| String::from_utf8_lossy(&bytes).chars().take(200).collect());
        if status.is_server_error() || status.as_u16() == 429 {
            return Err(unreachable_provider(format!("{status}: {said}")));
        }
        // A refusal of what the server sent is the server's fault, not the caller's.
        Err(AppError::internal(format!(
            "the payment provider refused {method} {path}: {status}: {said}"
        )))
    }
}

/// The API version the objects read in `domain::billing` are written in.
const API_VERSION: &str = "2025-03-31.basil";

fn unreachable_provider(cause: String) -> AppError {
    tracing::warn!(%cause, "payment provider");
    AppError::new(
        ErrorKind::Unavailable,
        "payment_provider_unavailable",
        "The payment provider could not be reached; try again in a moment.",
    )
}

/// An id the provider gave, checked before it goes into a path.
fn path_segment(id: &str) -> AppResult<&str> {
    if !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        Ok(id)
    } else {
        Err(AppError::internal(format!("not a provider id: {id:?}")))
    }
}
