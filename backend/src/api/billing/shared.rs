//! What the billing calls share: the provider's client, refused when the server sells nothing.

use crate::billing::stripe::Stripe;
use crate::calls::AppState;
use crate::config::Billing;
use crate::error::{AppError, AppResult};

/// The billing settings, or the refusal of a server that sells no plans.
pub fn billing(state: &AppState) -> AppResult<&Billing> {
    state.settings.billing.as_ref().ok_or_else(|| {
        AppError::bad_request(
            "billing_off",
            "Plans are not sold on this server: every store is unlimited.",
        )
    })
}

pub fn stripe(state: &AppState) -> AppResult<Stripe> {
    billing(state).map(Stripe::new)
}

/// Where the provider sends the browser back: the business plan screen on this server's own
/// address (never one the client names).
pub fn return_url(state: &AppState, outcome: Option<&str>) -> String {
    let base = state.settings.public_url.trim_end_matches('/');
    match outcome {
        Some(outcome) => format!("{base}/business-plan?checkout={outcome}"),
        None => format!("{base}/business-plan"),
    }
}
