//! Imports in two steps: the upload (multipart) reads the file, validates every row and keeps
//! a temporary document of what would be added and changed; the confirmation hands the
//! cells to the store's actor, which validates them again and writes every record in one
//! commit.

use super::kinds::{Importable, EMPLOYEES, FILE_MAX, ROLES, SHIFT_TEMPLATES, TEMP_DOC_TTL};
use crate::calls::guard::{self, Member, SignedIn};
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx};
use crate::db::models::employee::Employee;
use crate::db::models::import_document::ImportDocument;
use crate::db::models::role::Role;
use crate::domain::ids::StoreId;
use crate::domain::import::{self, ImportKind, Imported, RowError, Table as Cells};
use crate::domain::permissions::Perms;
use crate::domain::template_import;
use crate::error::{AppError, AppResult, ErrorKind};
use crate::messages;
use crate::sheets::read;
use crate::store::imports::{
    known_employees, known_roles, ApplyEmployeeImport, ApplyRoleImport, EmployeesApplied,
    ImportApplied,
};
use crate::store::templates::{known_assignees, known_templates, ApplyTemplateImport};
use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

/// The import form, as documented.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ImportForm {
    /// An XLSX workbook (its first sheet) or a CSV file with a header row, at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    #[schema(value_type = String, format = Uuid)]
    store_id: String,
}

/// An import's result: the temporary document to confirm, and what it would add and change.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportResult<T: ToSchema> {
    pub success: bool,
    /// The temporary document's id (`tempDocId` of the confirmation).
    pub id: uuid::Uuid,
    pub data: Imported<T>,
    /// When the document expires, epoch ms.
    pub expires: i64,
}

fn too_large() -> AppError {
    AppError::new(
        ErrorKind::PayloadTooLarge,
        "file_too_large",
        format!(
            "A spreadsheet can be at most {} MB.",
            FILE_MAX / 1024 / 1024
        ),
    )
}

/// The cells of an uploaded spreadsheet: a workbook by its content (a ZIP), else CSV text.
fn cells(bytes: &[u8]) -> AppResult<Cells> {
    let read = if bytes.starts_with(b"PK\x03\x04") {
        read::xlsx(bytes)
    } else if std::str::from_utf8(bytes).is_ok() {
        read::csv(bytes)
    } else {
        return Err(AppError::bad_request(
            "file_type_not_allowed",
            "The file must be an XLSX workbook or a CSV text.",
        ));
    };
    read.map_err(|e| AppError::bad_request("unreadable_file", e.to_string()))
}

/// The refusal of a file with bad rows: every one, by row and column.
fn bad_rows(errors: Vec<RowError>) -> AppError {
    let n = errors.len();
    AppError::bad_request(
        "invalid_rows",
        if n == 1 {
            "The file has 1 row with errors.".to_string()
        } else {
            format!("The file has {n} errors.")
        },
    )
    .with_details(json!({ "errors": errors }))
}

/// Checks the upload's size, form and caller, and reads its cells.
async fn upload(
    state: &AppState,
    user: SignedIn,
    req: &HttpRequest,
    form: Multipart,
    kind: &Importable,
    method: &'static str,
) -> AppResult<(Member, Cells)> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > FILE_MAX + 64 * 1024) {
        return Err(too_large());
    }
    let form = crate::api::files::read_form(form, FILE_MAX, too_large).await?;
    let (_, bytes) = form
        .file
        .ok_or_else(|| AppError::invalid("file is required."))?;
    let store: Option<StoreId> = form.store.as_deref().and_then(|s| s.parse().ok());
    let member = guard::member_of(
        state,
        user.0,
        store,
        kind.perms,
        messages::NOT_ENOUGH_PERMISSION,
        method,
    )
    .await?;
    let table = web::block(move || cells(&bytes))
        .await
        .map_err(AppError::internal)??;
    Ok((member, table))
}

/// Keeps the temporary document and answers the import's result.
async fn keep<T: Serialize + ToSchema + Send + 'static>(
    state: &AppState,
    member: &Member,
    kind: ImportKind,
    table: Cells,
    result: Imported<T>,
) -> AppResult<HttpResponse> {
    let now = Utc::now();
    let doc = ImportDocument {
        id: uuid::Uuid::now_v7(),
        store_id: member.store_id(),
        kind,
        created_by: member.user,
        cells: serde_json::to_value(&table).map_err(AppError::internal)?,
        result: serde_json::to_value(&result).map_err(AppError::internal)?,
        created_at: now,
        expires_at: now + TEMP_DOC_TTL,
    };
    let (id, expires) = (doc.id, doc.expires_at.timestamp_millis());
    state.db.run(move |conn| Ok(doc.insert(conn)?)).await?;
    Ok(HttpResponse::Ok().json(ImportResult {
        success: true,
        id,
        data: result,
        expires,
    }))
}

/// `POST /api/v1/importRoles` (multipart: `file`, `storeId`): validates every row of a roles
/// file; answers the temporary document of the new and updated roles, changing nothing else.
#[utoipa::path(
    post,
    path = "/api/v1/importRoles",
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The import result", body = inline(ImportResult<import::RoleRow>)),
        (status = 400, description = "Bad rows (`invalid_rows`, every one in `details.errors`: row, column, text) or an unreadable file", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member, or without the employee permission", body = crate::error::ErrorBody),
        (status = 413, description = "Larger than 5 MB", body = crate::error::ErrorBody),
    )
)]
pub async fn import_roles(
    state: web::Data<AppState>,
    user: SignedIn,
    req: HttpRequest,
    form: Multipart,
) -> AppResult<HttpResponse> {
    let (member, table) = upload(&state, user, &req, form, &ROLES, "importRoles").await?;
    let store = member.store_id();
    let roles = state
        .db
        .run(move |conn| Ok(Role::of_store(conn, store)?))
        .await?;
    let result = import::roles(&table, &known_roles(&roles)).map_err(bad_rows)?;
    keep(&state, &member, ImportKind::Roles, table, result).await
}

/// `POST /api/v1/importEmployees` (multipart: `file`, `storeId`): validates every row of an
/// employees file; answers the temporary document of the new and updated employees.
#[utoipa::path(
    post,
    path = "/api/v1/importEmployees",
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The import result", body = inline(ImportResult<import::EmployeeRow>)),
        (status = 400, description = "Bad rows (`invalid_rows`, every one in `details.errors`: row, column, text) or an unreadable file", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member, or without the employee permission", body = crate::error::ErrorBody),
        (status = 413, description = "Larger than 5 MB", body = crate::error::ErrorBody),
    )
)]
pub async fn import_employees(
    state: web::Data<AppState>,
    user: SignedIn,
    req: HttpRequest,
    form: Multipart,
) -> AppResult<HttpResponse> {
    let (member, table) = upload(&state, user, &req, form, &EMPLOYEES, "importEmployees").await?;
    let store = member.store_id();
    let owner = member.store.owner_id;
    let (roles, employees) = state
        .db
        .run(move |conn| {
            Ok((
                Role::of_store(conn, store)?,
                Employee::all_of_store(conn, store)?,
            ))
        })
        .await?;
    let result = import::employees(
        &table,
        &known_roles(&roles),
        &known_employees(&employees, owner),
        member.perms,
    )
    .map_err(bad_rows)?;
    keep(&state, &member, ImportKind::Employees, table, result).await
}

/// `POST /api/v1/importShiftTemplates` (multipart: `file`, `storeId`): validates every row of
/// a templates file (one row per template shift); answers the temporary document of the new
/// and updated templates.
#[utoipa::path(
    post,
    path = "/api/v1/importShiftTemplates",
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The import result", body = inline(ImportResult<template_import::TemplateRow>)),
        (status = 400, description = "Bad rows (`invalid_rows`, every one in `details.errors`: row, column, text) or an unreadable file", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member, or without the schedule permission", body = crate::error::ErrorBody),
        (status = 413, description = "Larger than 5 MB", body = crate::error::ErrorBody),
    )
)]
pub async fn import_shift_templates(
    state: web::Data<AppState>,
    user: SignedIn,
    req: HttpRequest,
    form: Multipart,
) -> AppResult<HttpResponse> {
    let (member, table) = upload(
        &state,
        user,
        &req,
        form,
        &SHIFT_TEMPLATES,
        "importShiftTemplates",
    )
    .await?;
    let store = member.store_id();
    let (roles, employees, templates) = state
        .db
        .run(move |conn| {
            Ok((
                Role::of_store(conn, store)?,
                Employee::all_of_store(conn, store)?,
                crate::store::templates::list(conn, store, None)?,
            ))
        })
        .await?;
    let result = template_import::templates(
        &table,
        &known_roles(&roles),
        &known_assignees(&employees),
        &known_templates(&templates),
    )
    .map_err(bad_rows)?;
    keep(&state, &member, ImportKind::ShiftTemplates, table, result).await
}

/// The confirmation of an import.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmImport {
    /// The import result's `id`.
    #[schema(value_type = String, format = Uuid)]
    pub temp_doc_id: uuid::Uuid,
}

/// The caller's temporary document of this kind, or a clear refusal.
async fn temp_doc(ctx: &Ctx, id: uuid::Uuid, kind: ImportKind) -> AppResult<(uuid::Uuid, Cells)> {
    let m = ctx.member()?;
    let (store, user) = (m.store_id(), m.user);
    let doc = ctx
        .state
        .db
        .run(move |conn| {
            Ok(ImportDocument::find(
                conn,
                id,
                store,
                kind,
                user,
                Utc::now(),
            )?)
        })
        .await?
        .ok_or_else(|| {
            AppError::not_found(
                "import_not_found",
                "This import has expired or was already confirmed; upload the file again.",
            )
        })?;
    let cells: Cells = serde_json::from_value(doc.cells).map_err(AppError::internal)?;
    Ok((doc.id, cells))
}

async fn forget(ctx: &Ctx, id: uuid::Uuid) -> AppResult<()> {
    ctx.state
        .db
        .run(move |conn| Ok(ImportDocument::delete(conn, id)?))
        .await?;
    Ok(())
}

/// `confirmImportedRoles`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmImportedRoles(pub ConfirmImport);

impl Call for ConfirmImportedRoles {
    const NAME: &'static str = "confirmImportedRoles";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Apply an uploaded roles file (`importRoles`), validated \
         again against the store, in one commit.";
    type Output = ImportApplied;

    #[tracing::instrument(name = "confirmImportedRoles", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ImportApplied> {
        let (id, table) = temp_doc(&ctx, self.0.temp_doc_id, ImportKind::Roles).await?;
        let applied: ImportApplied = ctx
            .execute(ApplyRoleImport {
                table,
                plans: ctx.state.plans.clone(),
            })
            .await?;
        forget(&ctx, id).await?;
        Ok(applied)
    }
}

/// `confirmImportedEmployees`: new employees are invited by e-mail.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmImportedEmployees(pub ConfirmImport);

impl Call for ConfirmImportedEmployees {
    const NAME: &'static str = "confirmImportedEmployees";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Apply an uploaded employees file (`importEmployees`), \
         validated again against the store, in one commit; new employees are invited.";
    type Output = ImportApplied;

    #[tracing::instrument(name = "confirmImportedEmployees", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ImportApplied> {
        let (id, table) = temp_doc(&ctx, self.0.temp_doc_id, ImportKind::Employees).await?;
        let granter = ctx.member()?.perms;
        let EmployeesApplied {
            applied,
            invitations,
        } = ctx
            .execute(ApplyEmployeeImport {
                table,
                granter,
                plans: ctx.state.plans.clone(),
            })
            .await?;
        forget(&ctx, id).await?;
        // The invitations go out after the answer; one that fails is logged.
        let state = ctx.state.clone();
        actix_web::rt::spawn(async move {
            for invitation in &invitations {
                if let Err(e) =
                    crate::api::employee_manager::send_invitation(&state, invitation).await
                {
                    tracing::warn!(error = %e, "an imported employee's invitation was not sent");
                }
            }
        });
        Ok(applied)
    }
}

/// `confirmImportedShiftTemplates`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmImportedShiftTemplates(pub ConfirmImport);

impl Call for ConfirmImportedShiftTemplates {
    const NAME: &'static str = "confirmImportedShiftTemplates";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Apply an uploaded templates file (`importShiftTemplates`), \
         validated again against the store, in one commit: new templates are added, the ones \
         of the same kind and title get the file's shifts.";
    type Output = ImportApplied;

    #[tracing::instrument(name = "confirmImportedShiftTemplates", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ImportApplied> {
        let (id, table) = temp_doc(&ctx, self.0.temp_doc_id, ImportKind::ShiftTemplates).await?;
        let by = crate::api::shifts::caller(&ctx)?;
        let applied: ImportApplied = ctx.execute(ApplyTemplateImport { by, table }).await?;
        forget(&ctx, id).await?;
        Ok(applied)
    }
}
