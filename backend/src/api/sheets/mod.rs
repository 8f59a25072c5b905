//! Spreadsheets: exports of a store's records as XLSX or CSV files, empty import forms, and
//! imports in two steps. The upload (`importRoles`, `importEmployees`,
//! `importShiftTemplates`: a multipart form) validates every row and keeps a temporary
//! document of what would be added and changed; the confirmation (`confirmImported*`) applies
//! it through the store's actor in one commit.
//!
//! An export is read as `GET /api/v1/stores/{storeId}/exports/{kind}` and, for the spec's
//! `exportRoles`, `exportEmployees` and `exportSheetCollection`, as calls that answer the
//! file (see [`crate::calls::Answer`]). Both are authorised like any read: the caller's
//! membership and permissions in the store named, and only that store's rows are read.
//!
//! - `exports`: the export's reading, the read and the calls;
//! - `tables`: one table per kind, `worked` the two kinds of worked time and pay;
//! - `forms`: the empty import forms; `imports`: the uploads and their confirmations;
//! - `kinds`: what they share (the kinds, the importable ones, formats, encoding).

pub mod exports;
pub mod forms;
pub mod imports;
mod kinds;
mod source;
mod tables;
mod worked;

use crate::api::stores::read;
use crate::calls::Registry;
use actix_web::web;

pub use kinds::{Kind, FILE_MAX, FORMAT_PATTERN, IMPORT_PATHS, TEMP_DOC_TTL};

pub fn register(r: &mut Registry) {
    r.add::<imports::ConfirmImportedRoles>()
        .add::<imports::ConfirmImportedEmployees>()
        .add::<imports::ConfirmImportedShiftTemplates>()
        .add::<exports::ExportRoles>()
        .add::<exports::ExportEmployees>()
        .add::<exports::ExportSheetCollection>();
}

/// Mounts the downloads and uploads (inside `/api/v1`, before the calls' route).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read(
        "/stores/{storeId}/exports/{kind}",
        "export",
        exports::export,
    ))
    .service(read(
        "/stores/{storeId}/forms/{kind}",
        "exportForm",
        forms::form,
    ))
    .route("/importRoles", web::post().to(imports::import_roles))
    .route(
        "/importEmployees",
        web::post().to(imports::import_employees),
    )
    .route(
        "/importShiftTemplates",
        web::post().to(imports::import_shift_templates),
    );
}
