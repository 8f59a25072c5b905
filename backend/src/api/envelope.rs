//! The success envelope of the HTTP reads.

use actix_web::HttpResponse;

/// The success envelope `{"data": ...}`, serialised straight from the value (no intermediate
/// JSON tree: a week board is thousands of objects).
#[derive(serde::Serialize)]
struct Data<T> {
    data: T,
}

/// A 200 answer with `{"data": value}`.
pub fn ok<T: serde::Serialize>(value: T) -> HttpResponse {
    HttpResponse::Ok().json(Data { data: value })
}
