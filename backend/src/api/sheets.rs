//! Spreadsheets: exports of a store's records as XLSX or CSV files, empty import forms, and
//! imports of roles and employees in two steps. The upload (`importRoles`,
//! `importEmployees`: a multipart form) validates every row and keeps a temporary document
//! of what would be added and changed; the confirmation (`confirmImportedRoles`,
//! `confirmImportedEmployees`) applies it through the store's actor in one commit.
//!
//! Downloads are authorised like any read: the caller's membership and permissions in the
//! store of the path, and only that store's rows are read.

use crate::api::reports::{self, schedule_report};
use crate::calls::guard::{self, Member, SignedIn};
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::employee::Employee;
use crate::db::models::import_document::ImportDocument;
use crate::db::models::request::Request;
use crate::db::models::role::Role;
use crate::db::models::shift::Shift;
use crate::db::models::store::Store;
use crate::domain::calendar;
use crate::domain::ids::StoreId;
use crate::domain::import::{self, Column, Imported, RowError, Table as Cells};
use crate::domain::permissions::Perms;
use crate::domain::template;
use crate::domain::template_import;
use crate::error::{AppError, AppResult, ErrorKind};
use crate::messages;
use crate::sheets::{read, write, Cell, Format, Table};
use crate::store::imports::{
    known_employees, known_roles, ApplyEmployeeImport, ApplyRoleImport, EmployeesApplied,
    ImportApplied,
};
use crate::store::templates::{known_assignees, known_templates, ApplyTemplateImport};
use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

pub fn register(r: &mut Registry) {
    r.add::<ConfirmImportedRoles>()
        .add::<ConfirmImportedEmployees>()
        .add::<ConfirmImportedShiftTemplates>();
}

/// Mounts the downloads (inside `/api/v1`, before the calls' route).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/stores/{storeId}/exports/{kind}", web::get().to(export))
        .route("/stores/{storeId}/forms/{kind}", web::get().to(form))
        .route("/importRoles", web::post().to(import_roles))
        .route("/importEmployees", web::post().to(import_employees))
        .route(
            "/importShiftTemplates",
            web::post().to(import_shift_templates),
        );
}

/// Largest spreadsheet accepted for an import.
pub const FILE_MAX: usize = 5 * 1024 * 1024;
/// How long an uploaded import waits for its confirmation.
pub const TEMP_DOC_TTL: Duration = Duration::hours(2);
/// The import uploads, which answer their result whole rather than in `{"data": ...}`.
pub const IMPORT_PATHS: [&str; 3] = [
    "/api/v1/importRoles",
    "/api/v1/importEmployees",
    "/api/v1/importShiftTemplates",
];
/// The formats a download is asked for in.
pub const FORMAT_PATTERN: &str = "^(xlsx|csv)$";

// ---------------------------------------------------------------------------------------
// Kinds

/// What can be exported, by its name in the path (and in a sheet collection's `items`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Shifts,
    TimeTracking,
    TimeOff,
    Payroll,
    Availability,
    Roles,
    Employees,
    ShiftTemplates,
    DailyTemplates,
    WeeklyTemplates,
}

impl Kind {
    pub const ALL: [Kind; 10] = [
        Kind::Shifts,
        Kind::TimeTracking,
        Kind::TimeOff,
        Kind::Payroll,
        Kind::Availability,
        Kind::Roles,
        Kind::Employees,
        Kind::ShiftTemplates,
        Kind::DailyTemplates,
        Kind::WeeklyTemplates,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Shifts => "shifts",
            Kind::TimeTracking => "timeTracking",
            Kind::TimeOff => "timeOff",
            Kind::Payroll => "payroll",
            Kind::Availability => "availability",
            Kind::Roles => "roles",
            Kind::Employees => "employees",
            Kind::ShiftTemplates => "shiftTemplates",
            Kind::DailyTemplates => "dailyTemplates",
            Kind::WeeklyTemplates => "weeklyTemplates",
        }
    }

    fn title(self) -> &'static str {
        match self {
            Kind::Shifts => "Shifts",
            Kind::TimeTracking => "Time tracking",
            Kind::TimeOff => "Time off",
            Kind::Payroll => "Payroll",
            Kind::Availability => "Availability",
            Kind::Roles => "Roles",
            Kind::Employees => "Employees",
            Kind::ShiftTemplates => "Shift templates",
            Kind::DailyTemplates => "Daily templates",
            Kind::WeeklyTemplates => "Weekly templates",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
    }

    /// Whether the kind covers a range of time (the others are the store's current records).
    fn ranged(self) -> bool {
        matches!(
            self,
            Kind::Shifts | Kind::TimeTracking | Kind::TimeOff | Kind::Payroll
        )
    }

    /// Who may export it: the schedule's figures need the schedule permission, the team's
    /// records the employee permission, requests either.
    fn allowed(self, perms: Perms) -> bool {
        match self {
            Kind::Shifts
            | Kind::TimeTracking
            | Kind::Payroll
            | Kind::ShiftTemplates
            | Kind::DailyTemplates
            | Kind::WeeklyTemplates => perms.covers(Perms::SCHEDULE),
            Kind::Roles | Kind::Employees => perms.covers(Perms::EMPLOYEE),
            Kind::TimeOff | Kind::Availability => {
                perms.covers(Perms::SCHEDULE) || perms.covers(Perms::EMPLOYEE)
            }
        }
    }
}

/// An importable kind: its columns (its empty form) and who may import it.
struct Importable {
    name: &'static str,
    columns: &'static [Column],
    perms: Perms,
}

const ROLES: Importable = Importable {
    name: "roles",
    columns: import::ROLE_COLUMNS,
    perms: Perms::EMPLOYEE,
};

const EMPLOYEES: Importable = Importable {
    name: "employees",
    columns: import::EMPLOYEE_COLUMNS,
    perms: Perms::EMPLOYEE,
};

const SHIFT_TEMPLATES: Importable = Importable {
    name: "shiftTemplates",
    columns: template_import::TEMPLATE_COLUMNS,
    perms: Perms::SCHEDULE,
};

/// Every kind with an import and an empty form.
const IMPORTABLE: &[Importable] = &[ROLES, EMPLOYEES, SHIFT_TEMPLATES];

fn no_data() -> AppError {
    AppError::bad_request("no_data", messages::NO_DATA)
}

fn denied() -> AppError {
    AppError::forbidden("permission_denied", messages::NOT_ENOUGH_PERMISSION)
}

// ---------------------------------------------------------------------------------------
// Exports

/// Query of an export.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// xlsx (the default) or csv. A sheet collection is a workbook.
    #[param(value_type = Option<String>, pattern = "^(xlsx|csv)$")]
    pub format: Option<String>,
    /// Epoch ms: the range of shifts, time tracking, time off, payroll and a sheet
    /// collection (required for them).
    #[param(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub start: Option<i64>,
    /// Epoch ms, after `start`, at most 366 days later.
    #[param(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub end: Option<i64>,
    /// A sheet collection's items, comma separated: shifts, timeTracking, timeOff, payroll,
    /// availability, roles, employees, shiftTemplates, dailyTemplates, weeklyTemplates.
    pub items: Option<String>,
}

/// What every export of a store reads once.
struct Source {
    store: StoreId,
    zone: Tz,
    employees: Vec<Employee>,
    roles: Vec<Role>,
    range: Option<(DateTime<Utc>, DateTime<Utc>)>,
}

impl Source {
    fn name_of(&self, id: Option<crate::domain::ids::EmployeeId>) -> (String, String) {
        id.and_then(|id| self.employees.iter().find(|e| e.id == id))
            .map_or_else(Default::default, |e| {
                (e.shown_name().to_string(), e.email.clone())
            })
    }

    fn role_title(&self, id: Option<crate::domain::ids::RoleId>) -> String {
        id.and_then(|id| self.roles.iter().find(|r| r.id == id))
            .map_or_else(String::new, |r| r.title.clone())
    }

    fn local(&self, at: DateTime<Utc>) -> String {
        at.with_timezone(&self.zone)
            .format("%Y-%m-%d %H:%M")
            .to_string()
    }

    fn range(&self) -> AppResult<(DateTime<Utc>, DateTime<Utc>)> {
        self.range
            .ok_or_else(|| AppError::invalid("start and end are required for this export."))
    }
}

fn hours(minutes: i64) -> Cell {
    Cell::Number((minutes as f64 / 60.0 * 100.0).round() / 100.0)
}

fn yes_no(b: bool) -> Cell {
    Cell::from(if b { "yes" } else { "no" })
}

/// The table of one kind.
async fn table(state: &AppState, src: &Source, kind: Kind) -> AppResult<Table> {
    let store = src.store;
    let mut t: Table;
    match kind {
        Kind::Shifts => {
            let (from, to) = src.range()?;
            let rows = state
                .db
                .run(move |conn| Ok(Shift::in_range(conn, store, from, to)?))
                .await?;
            t = Table::new(
                kind.title(),
                &[
                    "title", "role", "employee", "email", "start", "end", "hours", "status",
                    "progress",
                ],
            );
            for s in rows {
                let (name, email) = src.name_of(s.assigned);
                t.push(vec![
                    s.title.clone().into(),
                    src.role_title(s.role_id).into(),
                    name.into(),
                    email.into(),
                    src.local(s.start_at).into(),
                    src.local(s.end_at).into(),
                    hours((s.end_at - s.start_at).num_minutes()),
                    s.status.as_str().into(),
                    s.progress.as_str().into(),
                ]);
            }
        }
        Kind::TimeTracking => {
            // The pieces of work pay counts (`domain::work`), in the minutes the timesheets
            // add up: a rejected proposal's session is not paid, an approved one is its shift.
            let range = src.range()?;
            let ledger = crate::api::pay::load(state, store, move |_, _| range).await?;
            t = Table::new(
                kind.title(),
                &[
                    "employee",
                    "email",
                    "shift",
                    "start",
                    "end",
                    "breakMinutes",
                    "workedMinutes",
                    "lateMinutes",
                    "source",
                    "status",
                ],
            );
            for w in ledger.tracked(Utc::now()) {
                let (name, email) = src.name_of(Some(w.employee));
                t.push(vec![
                    name.into(),
                    email.into(),
                    w.shift.unwrap_or_default().into(),
                    src.local(w.start).into(),
                    w.end.map(|e| src.local(e)).into(),
                    Cell::Number(w.break_minutes as f64),
                    Cell::Number(w.worked_minutes as f64),
                    Cell::Number(w.late_minutes as f64),
                    w.source.as_str().into(),
                    w.status.as_str().into(),
                ]);
            }
        }
        Kind::TimeOff => {
            let (from, to) = src.range()?;
            let rows = state
                .db
                .run(move |conn| Ok(Request::time_off(conn, store, None, from, to)?))
                .await?;
            t = Table::new(
                kind.title(),
                &[
                    "employee",
                    "email",
                    "start",
                    "end",
                    "entireDay",
                    "status",
                    "description",
                    "response",
                ],
            );
            for r in rows.iter().rev() {
                let (name, email) = src.name_of(Some(r.employee_id));
                t.push(vec![
                    name.into(),
                    email.into(),
                    r.start_at.map(|a| src.local(a)).into(),
                    r.end_at.map(|a| src.local(a)).into(),
                    yes_no(r.entire_day),
                    r.status.as_str().into(),
                    r.description.clone().into(),
                    r.response.clone().into(),
                ]);
            }
        }
        Kind::Payroll => {
            let report = schedule_report(state, store, src.range()?, Utc::now()).await?;
            t = Table::new(
                kind.title(),
                &[
                    "employee",
                    "email",
                    "role",
                    "wageType",
                    "wage",
                    "scheduledHours",
                    "workedHours",
                    "overtimeHours",
                    "cost",
                    "currency",
                ],
            );
            for p in report.payroll {
                t.push(vec![
                    p.name.into(),
                    p.email.into(),
                    p.role_title.into(),
                    p.wage_type.as_str().into(),
                    p.wage.into(),
                    hours(p.scheduled_minutes),
                    hours(p.worked_minutes),
                    hours(p.overtime_minutes),
                    p.cost.into(),
                    report.currency.clone().into(),
                ]);
            }
        }
        Kind::Availability => {
            let rows = state
                .db
                .run(move |conn| Ok(AvailabilityWindow::of_store(conn, store)?))
                .await?;
            t = Table::new(
                kind.title(),
                &[
                    "employee", "email", "days", "start", "end", "allDay", "type", "reason",
                    "status",
                ],
            );
            const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
            let hh_mm = |m: i32| format!("{:02}:{:02}", m / 60, m % 60);
            for a in rows {
                let (name, email) = src.name_of(Some(a.employee_id));
                let days: Vec<&str> = a
                    .days
                    .iter()
                    .filter_map(|d| DAYS.get(usize::try_from(*d).ok()?).copied())
                    .collect();
                t.push(vec![
                    name.into(),
                    email.into(),
                    days.join("; ").into(),
                    hh_mm(a.start_minute).into(),
                    hh_mm(a.end_minute).into(),
                    yes_no(a.all_day),
                    a.kind.clone().into(),
                    a.reason.clone().into(),
                    a.status.clone().into(),
                ]);
            }
        }
        Kind::Roles => {
            // The columns of the roles import: an export is a file to import again.
            t = Table::new(kind.title(), &names(import::ROLE_COLUMNS));
            for r in &src.roles {
                t.push(vec![
                    r.title.clone().into(),
                    r.color.clone().into(),
                    yes_no(r.require_user_action),
                    yes_no(r.swappeable),
                ]);
            }
        }
        Kind::ShiftTemplates | Kind::DailyTemplates | Kind::WeeklyTemplates => {
            let of = match kind {
                Kind::ShiftTemplates => template::Kind::Shift,
                Kind::DailyTemplates => template::Kind::Daily,
                _ => template::Kind::Weekly,
            };
            let rows = state
                .db
                .run(move |conn| crate::store::templates::list(conn, store, Some(of)))
                .await?;
            // The columns of the templates import: an export is a file to import again.
            t = Table::new(kind.title(), &names(template_import::TEMPLATE_COLUMNS));
            for tpl in rows {
                for s in &tpl.shifts {
                    t.push(vec![
                        tpl.title.clone().into(),
                        of.as_str().into(),
                        Cell::Number(f64::from(s.day)),
                        s.start.to_string().into(),
                        // An open-ended shift has no end in the file either.
                        (if s.oe {
                            String::new()
                        } else {
                            s.end.to_string()
                        })
                        .into(),
                        src.role_title(s.role).into(),
                        src.name_of(s.assigned).1.into(),
                        s.title.clone().into(),
                        template_import::tasks_cell(&s.tasks).into(),
                    ]);
                }
            }
        }
        Kind::Employees => {
            let mut columns = names(import::EMPLOYEE_COLUMNS);
            columns.push("status");
            t = Table::new(kind.title(), &columns);
            for e in src.employees.iter().filter(|e| e.terminated_at.is_none()) {
                let roles: Vec<String> = e
                    .role_ids
                    .iter()
                    .map(|id| src.role_title(Some(crate::domain::ids::RoleId(*id))))
                    .filter(|t| !t.is_empty())
                    .collect();
                let wages = e.wage_map();
                let wage = e.role_ids.iter().find_map(|r| wages.get(r).copied());
                let status = if e.user_id.is_none() {
                    "invited"
                } else if e.deactive {
                    "deactivated"
                } else {
                    "active"
                };
                t.push(vec![
                    e.email.clone().into(),
                    e.full_name.clone().into(),
                    e.display_name.clone().into(),
                    roles.join("; ").into(),
                    e.wage_type.as_str().into(),
                    wage.into(),
                    e.permissions.join("; ").into(),
                    status.into(),
                ]);
            }
        }
    }
    Ok(t)
}

fn names(columns: &[Column]) -> Vec<&'static str> {
    columns.iter().map(|c| c.name).collect()
}

/// A file answer, to be saved by the browser.
fn file(bytes: Vec<u8>, format: Format, stem: &str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type(format.content_type())
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{stem}.{}\"", format.extension()),
        ))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(bytes)
}

fn encode(tables: &[Table], format: Format) -> AppResult<Vec<u8>> {
    match (format, tables) {
        (Format::Csv, [one]) => write::csv(one).map_err(AppError::internal),
        (Format::Csv, _) => Err(AppError::invalid(
            "A sheet collection is a workbook: ask for xlsx.",
        )),
        (Format::Xlsx, _) => write::xlsx(tables).map_err(AppError::internal),
    }
}

fn format_of(raw: Option<&str>) -> AppResult<Format> {
    match raw {
        None | Some("") => Ok(Format::Xlsx),
        Some(f) => Format::parse(f).ok_or_else(|| AppError::invalid("format must be xlsx or csv.")),
    }
}

async fn source(
    state: &AppState,
    member: &Member,
    range: Option<(DateTime<Utc>, DateTime<Utc>)>,
) -> AppResult<Source> {
    let store = member.store_id();
    let (row, employees, roles) = state
        .db
        .run(move |conn| {
            let row = Store::find(conn, store)?
                .ok_or_else(|| AppError::not_found("no_active_store", messages::NO_ACTIVE_STORE))?;
            Ok((
                row,
                Employee::all_of_store(conn, store)?,
                Role::of_store(conn, store)?,
            ))
        })
        .await?;
    Ok(Source {
        store,
        zone: row.timezone_reference.parse().unwrap_or(chrono_tz::UTC),
        employees,
        roles,
        range,
    })
}

/// `GET /api/v1/stores/{storeId}/exports/{kind}`: an export as a file. `kind` is shifts,
/// timeTracking, timeOff, payroll, availability, roles, employees, shiftTemplates,
/// dailyTemplates, weeklyTemplates (one row per template shift) or sheetCollection (one
/// workbook with a sheet per item). Payroll is hours times each role's wage, unstarted shifts
/// left out.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/exports/{kind}",
    params(
        ("storeId" = uuid::Uuid, Path, description = "Store id"),
        ("kind" = String, Path, description = "shifts, timeTracking, timeOff, payroll, availability, roles, employees, shiftTemplates, dailyTemplates, weeklyTemplates or sheetCollection"),
        ExportQuery
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The file (XLSX or CSV), as an attachment", content_type = "application/octet-stream"),
        (status = 400, description = "A bad range ('Start date has to be before end date'), format or item; 'No data is available'", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member, or without the permission", body = crate::error::ErrorBody),
        (status = 404, description = "No such store or kind", body = crate::error::ErrorBody),
    )
)]
pub async fn export(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<(String, String)>,
    query: web::Query<ExportQuery>,
) -> AppResult<HttpResponse> {
    let (store, kind) = path.into_inner();
    let member = crate::api::stores::member(&state, user, &store, "export").await?;
    let q = query.into_inner();
    let format = format_of(q.format.as_deref())?;
    let kinds: Vec<Kind> = if kind == "sheetCollection" {
        let items = q.items.as_deref().unwrap_or_default();
        let mut kinds = Vec::new();
        for item in items.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let k = Kind::parse(item)
                .ok_or_else(|| AppError::invalid(format!("Unknown item {item:?}.")))?;
            if !kinds.contains(&k) {
                kinds.push(k);
            }
        }
        if kinds.is_empty() {
            return Err(AppError::invalid("items lists the sheets to export."));
        }
        kinds
    } else {
        vec![Kind::parse(&kind)
            .ok_or_else(|| AppError::not_found("not_found", "No such export."))?]
    };
    if !kinds.iter().all(|k| k.allowed(member.perms)) {
        return Err(denied());
    }
    let range = match (q.start, q.end) {
        (Some(s), Some(e)) => Some(reports::range(s, e)?),
        (None, None) if !kinds.iter().any(|k| k.ranged()) => None,
        _ => {
            return Err(AppError::invalid(
                "start and end are required for this export.",
            ))
        }
    };
    let src = source(&state, &member, range).await?;
    let mut tables = Vec::with_capacity(kinds.len());
    for k in &kinds {
        tables.push(table(&state, &src, *k).await?);
    }
    if tables.iter().all(|t| t.rows.is_empty()) {
        return Err(no_data());
    }
    let stem = match range {
        Some((from, to)) => format!(
            "{kind}-{}-{}",
            calendar::local_date(src.zone, from),
            calendar::local_date(src.zone, to - Duration::milliseconds(1))
        ),
        None => kind.clone(),
    };
    let bytes = web::block(move || encode(&tables, format))
        .await
        .map_err(AppError::internal)??;
    Ok(file(bytes, format, &stem))
}

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
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member, or without the permission", body = crate::error::ErrorBody),
        (status = 404, description = "No such store or form", body = crate::error::ErrorBody),
    )
)]
pub async fn form(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<(String, String)>,
    query: web::Query<FormQuery>,
) -> AppResult<HttpResponse> {
    let (store, kind) = path.into_inner();
    let member = crate::api::stores::member(&state, user, &store, "exportForm").await?;
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
    let bytes = encode(&[t], format)?;
    Ok(file(bytes, format, &format!("{}-form", form.name)))
}

// ---------------------------------------------------------------------------------------
// Imports

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
    kind: &'static str,
    table: Cells,
    result: Imported<T>,
) -> AppResult<HttpResponse> {
    let now = Utc::now();
    let doc = ImportDocument {
        id: uuid::Uuid::now_v7(),
        store_id: member.store_id(),
        kind: kind.to_string(),
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
    keep(&state, &member, "roles", table, result).await
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
    keep(&state, &member, "employees", table, result).await
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
    keep(&state, &member, "shiftTemplates", table, result).await
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
async fn temp_doc(ctx: &Ctx, id: uuid::Uuid, kind: &'static str) -> AppResult<(uuid::Uuid, Cells)> {
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
        let (id, table) = temp_doc(&ctx, self.0.temp_doc_id, "roles").await?;
        let applied: ImportApplied = ctx.execute(ApplyRoleImport { table }).await?;
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
        let (id, table) = temp_doc(&ctx, self.0.temp_doc_id, "employees").await?;
        let granter = ctx.member()?.perms;
        let EmployeesApplied {
            applied,
            invitations,
        } = ctx.execute(ApplyEmployeeImport { table, granter }).await?;
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
        let (id, table) = temp_doc(&ctx, self.0.temp_doc_id, "shiftTemplates").await?;
        let by = crate::api::shifts::caller(&ctx)?;
        let applied: ImportApplied = ctx.execute(ApplyTemplateImport { by, table }).await?;
        forget(&ctx, id).await?;
        Ok(applied)
    }
}
