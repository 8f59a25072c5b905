use crate::calls::AppState;
use crate::error::AppResult;
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
