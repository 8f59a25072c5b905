//! `getProducts`: the plans this server sells, with their limits and prices. Public: the
//! pricing page reads it too.

use crate::calls::AppState;
use crate::domain::billing::catalogue::Catalogue;
use actix_web::{web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/products", web::get().to(get_products));
}

/// The catalogue, and whether the server sells it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Products {
    /// False when this server sells no plans: every store is unlimited, and the catalogue is
    /// only what a plan would be.
    pub billing: bool,
    /// Whether checkout takes the non-profit discount (the server has its coupon).
    pub non_profit_offered: bool,
    #[serde(flatten)]
    pub catalogue: Catalogue,
}

#[utoipa::path(
    get,
    path = "/api/v1/products",
    responses((status = 200, description = "`{\"data\": Products}`", body = Products))
)]
pub async fn get_products(state: web::Data<AppState>) -> HttpResponse {
    let products = Products {
        billing: state.plans.catalogue().is_some(),
        non_profit_offered: state
            .settings
            .billing
            .as_ref()
            .is_some_and(|b| b.non_profit_coupon.is_some()),
        catalogue: state.plans.catalogue().cloned().unwrap_or_default(),
    };
    // It changes only with the server's configuration: browsers may keep it a while.
    let mut answer = crate::api::envelope::ok(products);
    answer.headers_mut().insert(
        actix_web::http::header::CACHE_CONTROL,
        actix_web::http::header::HeaderValue::from_static("public, max-age=300"),
    );
    answer
}
