//! The empty import forms: an importable kind's columns, a header row and an example row.

use super::kinds::{denied, encode, format_of, names, IMPORTABLE};
use crate::api::envelope::attachment;
use crate::api::stores::StoreMember;
use crate::error::{AppError, AppResult};
use crate::sheets::Table;
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;

/// Query of an empty form.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FormQuery {
    /// xlsx (the default) or csv.
    #[param(value_type = Option<String>, pattern = "^(xlsx|csv)$")]
    pub format: Option<String>,
}

/// `GET /api/v1/stores/{storeId}/forms/{kind}`: the empty form of an import (roles,
/// employees or shiftTemplates): its columns with a header row and an example row.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/forms/{kind}",
    params(
        ("storeId" = uuid::Uuid, Path, description = "Store id"),
        ("kind" = String, Path, description = "roles, employees or shiftTemplates"),
        FormQuery
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The form (XLSX or CSV), as an attachment", content_type = "application/octet-stream"),
        (status = 400, description = "A bad format", body = crate::error::ErrorBody),
        crate::api::stores::StoreReadRefusals,
        (status = 403, description = "Not a member, or without the permission", body = crate::error::ErrorBody),
        (status = 404, description = "No such store or form", body = crate::error::ErrorBody),
    )
)]
pub async fn form(
    StoreMember(member): StoreMember,
    path: web::Path<(String, String)>,
    query: web::Query<FormQuery>,
) -> AppResult<HttpResponse> {
    let (_, kind) = path.into_inner();
    let format = format_of(query.format.as_deref())?;
    let form = IMPORTABLE
        .iter()
        .find(|f| f.name == kind)
        .ok_or_else(|| AppError::not_found("not_found", "No such form."))?;
    if !member.perms.covers(form.perms) {
        return Err(denied());
    }
    let mut t = Table::new(form.name, &names(form.columns));
    t.push(form.columns.iter().map(|c| c.example.into()).collect());
    Ok(attachment(encode(
        &[t],
        format,
        &format!("{}-form", form.name),
    )?))
}
