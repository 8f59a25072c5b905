//! Exports: which kinds, for whom, over which range, read once and encoded as one file. The
//! read `GET /api/v1/stores/{storeId}/exports/{kind}` and the spec's calls `exportRoles`,
//! `exportEmployees` and `exportSheetCollection` share [`exported`].

use super::kinds::{denied, encode, format_of, Kind};
use super::source::Source;
use super::tables::table;
use crate::api::envelope::attachment;
use crate::api::reports;
use crate::api::stores::StoreMember;
use crate::calls::bounded;
use crate::calls::guard::Member;
use crate::calls::{Access, AppState, Call, Ctx, FileAnswer};
use crate::db::models::employee::Employee;
use crate::db::models::role::Role;
use crate::db::models::store::Store;
use crate::domain::calendar;
use crate::domain::list::StringList;
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::messages;
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Duration, Utc};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

/// The refusal of an export with nothing in it (the spec's text).
fn no_data() -> AppError {
    AppError::bad_request("no_data", messages::NO_DATA)
}

/// What an export is asked for: the kinds of its sheets, the range of the ranged ones (epoch
/// ms), and the file's format.
struct Request<'a> {
    /// The file's name before its dates and extension: the kind, or `sheetCollection`.
    name: &'a str,
    kinds: Vec<Kind>,
    range: Option<(bounded::Instant, bounded::Instant)>,
    format: Option<&'a str>,
}

/// Reads what every kind shares: the store's zone and owner, its employees and roles.
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
        owner: row.owner_id,
        zone: row.timezone_reference.parse().unwrap_or(chrono_tz::UTC),
        employees,
        roles,
        range,
    })
}

/// An export as one file: every kind the caller may export, its range checked, only the
/// caller's store read, and refused when it holds no row.
async fn exported(state: &AppState, member: &Member, ask: Request<'_>) -> AppResult<FileAnswer> {
    let format = format_of(ask.format)?;
    if ask.kinds.is_empty() {
        return Err(AppError::invalid("items lists the sheets to export."));
    }
    if !ask.kinds.iter().all(|k| k.allowed(member.perms)) {
        return Err(denied());
    }
    let range = match ask.range {
        Some((s, e)) => Some(reports::range(s, e)?),
        None if !ask.kinds.iter().any(|k| k.ranged()) => None,
        None => {
            return Err(AppError::invalid(
                "start and end are required for this export.",
            ))
        }
    };
    let src = source(state, member, range).await?;
    let mut tables = Vec::with_capacity(ask.kinds.len());
    for k in &ask.kinds {
        tables.push(table(state, &src, *k).await?);
    }
    if tables.iter().all(|t| t.rows.is_empty()) {
        return Err(no_data());
    }
    let stem = match range {
        Some((from, to)) => format!(
            "{}-{}-{}",
            ask.name,
            calendar::local_date(src.zone, from),
            calendar::local_date(src.zone, to - Duration::milliseconds(1))
        ),
        None => ask.name.to_string(),
    };
    web::block(move || encode(&tables, format, &stem))
        .await
        .map_err(AppError::internal)?
}

/// A sheet collection's items, each once, in the order given.
fn items<'a>(names: impl IntoIterator<Item = &'a str>) -> AppResult<Vec<Kind>> {
    let mut kinds = Vec::new();
    for item in names.into_iter().map(str::trim).filter(|s| !s.is_empty()) {
        let k = Kind::parse(item)
            .ok_or_else(|| AppError::invalid(format!("Unknown item {item:?}.")))?;
        if !kinds.contains(&k) {
            kinds.push(k);
        }
    }
    Ok(kinds)
}

// ---------------------------------------------------------------------------------------
// The read

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
    pub start: Option<bounded::Instant>,
    /// Epoch ms, after `start`, at most 366 days later.
    pub end: Option<bounded::Instant>,
    /// A sheet collection's items, comma separated: shifts, timeTracking, timeOff, payroll,
    /// availability, roles, employees, shiftTemplates, dailyTemplates, weeklyTemplates.
    pub items: Option<String>,
}

/// Both ends of a range, or neither.
fn range_of(
    start: Option<bounded::Instant>,
    end: Option<bounded::Instant>,
) -> AppResult<Option<(bounded::Instant, bounded::Instant)>> {
    match (start, end) {
        (Some(s), Some(e)) => Ok(Some((s, e))),
        (None, None) => Ok(None),
        _ => Err(AppError::invalid(
            "start and end are required for this export.",
        )),
    }
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
        crate::api::stores::StoreReadRefusals,
        (status = 403, description = "Not a member, or without the permission", body = crate::error::ErrorBody),
        (status = 404, description = "No such store or kind", body = crate::error::ErrorBody),
    )
)]
pub async fn export(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    path: web::Path<(String, String)>,
    query: web::Query<ExportQuery>,
) -> AppResult<HttpResponse> {
    let (_, kind) = path.into_inner();
    let q = query.into_inner();
    let kinds = if kind == "sheetCollection" {
        items(q.items.as_deref().unwrap_or_default().split(','))?
    } else {
        vec![Kind::parse(&kind)
            .ok_or_else(|| AppError::not_found("not_found", "No such export."))?]
    };
    let ask = Request {
        name: &kind,
        kinds,
        range: range_of(q.start, q.end)?,
        format: q.format.as_deref(),
    };
    Ok(attachment(exported(&state, &member, ask).await?))
}

// ---------------------------------------------------------------------------------------
// The calls

/// The format of an export call.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ExportFormat {
    /// xlsx (the default) or csv.
    #[schema(pattern = "^(xlsx|csv)$")]
    pub format: Option<String>,
}

/// `exportRoles`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ExportRoles(pub ExportFormat);

impl Call for ExportRoles {
    const NAME: &'static str = "exportRoles";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "The store's roles as a file (XLSX or CSV) with the \
         columns of `importRoles`, so it imports again.";
    type Output = FileAnswer;

    #[tracing::instrument(name = "exportRoles", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<FileAnswer> {
        let ask = Request {
            name: Kind::Roles.name(),
            kinds: vec![Kind::Roles],
            range: None,
            format: self.0.format.as_deref(),
        };
        exported(&ctx.state, ctx.member()?, ask).await
    }
}

/// `exportEmployees`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ExportEmployees(pub ExportFormat);

impl Call for ExportEmployees {
    const NAME: &'static str = "exportEmployees";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "The store's employees (not terminated) as a file (XLSX or \
         CSV) with the columns of `importEmployees` and each one's status, so it imports \
         again; the owner's row is marked and an import leaves it out.";
    type Output = FileAnswer;

    #[tracing::instrument(name = "exportEmployees", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<FileAnswer> {
        let ask = Request {
            name: Kind::Employees.name(),
            kinds: vec![Kind::Employees],
            range: None,
            format: self.0.format.as_deref(),
        };
        exported(&ctx.state, ctx.member()?, ask).await
    }
}

/// `exportSheetCollection`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportSheetCollection {
    /// The sheets, each an export kind: shifts, timeTracking, timeOff, payroll,
    /// availability, roles, employees, shiftTemplates, dailyTemplates, weeklyTemplates.
    pub items: StringList<{ Kind::ALL.len() }, 1>,
    /// Epoch ms: the range of the ranged sheets (shifts, timeTracking, timeOff, payroll),
    /// required when there is one.
    pub start: Option<bounded::Instant>,
    /// Epoch ms, after `start`, at most 366 days later.
    pub end: Option<bounded::Instant>,
}

impl Call for ExportSheetCollection {
    const NAME: &'static str = "exportSheetCollection";
    // Which permission depends on the items; `exported` checks each.
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "A workbook with a sheet per item, as the exports of the \
         items would hold them.";
    type Output = FileAnswer;

    #[tracing::instrument(name = "exportSheetCollection", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<FileAnswer> {
        // An empty list is refused with one naming no sheet, once the names are read.
        if self.items.len() > Kind::ALL.len() {
            return Err(AppError::invalid(format!(
                "items lists at most {} sheets.",
                Kind::ALL.len()
            )));
        }
        let ask = Request {
            name: "sheetCollection",
            kinds: items(self.items.iter().map(String::as_str))?,
            range: range_of(self.start, self.end)?,
            format: None,
        };
        exported(&ctx.state, ctx.member()?, ask).await
    }
}
