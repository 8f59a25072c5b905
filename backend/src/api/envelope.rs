//! The success answers of HTTP: the envelope of the reads, and files.

use crate::calls::FileAnswer;
use actix_web::http::header;
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

/// A file answer, to be saved by the browser: the exports' and forms' downloads, and the
/// calls that answer a file. The name is the server's own (a kind and dates), so it needs
/// no escaping.
pub fn attachment(file: FileAnswer) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(file.content_type)
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}\"", file.name),
        ))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(file.bytes)
}
