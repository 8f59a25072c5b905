use crate::calls::AppState;
use crate::error::AppResult;
use crate::readiness::Readiness;
use actix_web::{web, HttpResponse};
use diesel::RunQueryDsl;
use serde_json::json;

/// `GET /health`: 200 when the server and its database answer, 503 otherwise.
#[utoipa::path(get, path = "/health", responses((status = 200), (status = 503)))]
pub async fn health(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    state
        .db
        .run(|conn| {
            diesel::sql_query("SELECT 1").execute(conn)?;
            Ok(())
        })
        .await?;
    Ok(HttpResponse::Ok().json(json!({ "data": { "status": "ok", "database": "ok" } })))
}

/// `GET /ready`: 200 when this node should be sent work; 503 while it migrates the database,
/// while its LISTEN connection is down (it would miss other nodes' changes) and while it
/// drains before exiting. A load balancer routes by it; `/health` stays the liveness check.
#[utoipa::path(get, path = "/ready", responses((status = 200), (status = 503)))]
pub async fn ready(readiness: web::Data<Readiness>) -> HttpResponse {
    match readiness.check() {
        Ok(()) => HttpResponse::Ok().json(json!({ "data": { "status": "ready" } })),
        Err(reason) => HttpResponse::ServiceUnavailable()
            .insert_header(("Retry-After", "1"))
            .json(json!({ "data": { "status": reason.as_str() } })),
    }
}
