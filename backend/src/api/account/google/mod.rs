//! Signing in through Google, or whichever OpenID provider is configured: the browser's way
//! through the provider ([`redirects`]), what a checked identity does to our accounts
//! ([`accounts`]), the web app's calls around it ([`calls`]), and the public read of whether
//! it is offered at all.

pub mod accounts;
pub mod calls;
pub mod redirects;
mod secret;

use crate::calls::{AppState, Registry};
use actix_web::{web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

/// Registers the calls.
pub fn register(registry: &mut Registry) {
    registry
        .add::<calls::FinishGoogleSignIn>()
        .add::<calls::LinkGoogleAccount>()
        .add::<calls::RequestGoogleLink>();
}

/// Mounts the sign-in methods' read and the provider's redirects.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/auth/methods", web::get().to(sign_in_methods))
        .route("/auth/google/start", web::get().to(redirects::start))
        .route("/auth/google/callback", web::get().to(redirects::callback));
}

/// The ways of signing in this server offers besides the password.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInMethods {
    /// A code mailed to the address (`sendSignInCode`); always offered.
    pub email_code: bool,
    /// Google (`/api/v1/auth/google/start`), when a provider is configured.
    pub google: bool,
}

/// `GET /api/v1/auth/methods`: which sign-in buttons the web app shows.
#[utoipa::path(
    get,
    path = "/api/v1/auth/methods",
    tag = "crate::api::account",
    responses((status = 200, description = "`{\"data\": SignInMethods}`", body = SignInMethods))
)]
pub async fn sign_in_methods(state: web::Data<AppState>) -> HttpResponse {
    crate::api::envelope::ok(SignInMethods {
        email_code: true,
        google: state.oidc.is_some(),
    })
}
