//! Template calls of schedule managers: shift templates (one reusable shift), weekly and daily
//! templates saved from the board, their load checks and loads, and the templates read. Every
//! write goes to the store's actor (`crate::store::templates`).

use crate::api::shifts::{caller, tasks, ShiftRefList};
use crate::calls::bounded;
use crate::calls::guard::{self, SignedIn};
use crate::calls::input::{self, NAME_MAX};
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::domain::ids::{EmployeeId, RoleId, StoreId, TemplateId};
use crate::domain::permissions::Perms;
use crate::domain::template::{
    Kind, TemplateShift, TemplateShiftList, WallTime, MAX_SHIFTS, TITLE_MAX,
};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::templates::{
    self, CaptureTemplate, CheckEntry, CheckTemplate, CreateTemplates, DeleteTemplate,
    DeletedTemplate, LoadTemplate, LoadedTemplate, ShiftRecord, Source, TemplateDraft,
    TemplateView, UpdateTemplate,
};
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<CreateShiftTemplate>()
        .add::<UpdateShiftTemplate>()
        .add::<DeleteShiftTemplate>()
        .add::<CreateRangeTemplate>()
        .add::<UpdateRangeTemplate>()
        .add::<DeleteRangeTemplate>()
        .add::<DeleteDailyTemplate>()
        .add::<CheckLoadingWeeklyTemplate>()
        .add::<LoadWeeklyTemplate>()
        .add::<CheckLoadDailyTemplate>()
        .add::<LoadDailyTemplate>();
}

/// Mounts the templates read (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/stores/{storeId}/templates", web::get().to(get_templates));
}

/// The refusal of a template of more than `MAX_SHIFTS` shifts.
fn too_many() -> AppError {
    AppError::invalid(format!("A template holds at most {MAX_SHIFTS} shifts."))
}

/// Template shifts as a client sends them: their tasks checked as a shift's are.
fn template_shifts(shifts: TemplateShiftList<{ MAX_SHIFTS }>) -> AppResult<Vec<TemplateShift>> {
    shifts
        .within(too_many)?
        .into_iter()
        .map(|mut s| {
            s.tasks = tasks(Some(s.tasks))?.unwrap_or_else(|| Value::Array(Vec::new()));
            Ok(s)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// Shift templates

/// The fields of a shift template: one reusable shift in local times.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftTemplateFields {
    pub title: bounded::RequiredText<{ NAME_MAX }>,
    pub start: WallTime,
    /// Not after `start` means the shift ends the next day.
    pub end: WallTime,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub role: Option<RoleId>,
    /// Open-ended: no planned end.
    #[serde(default, rename = "oe")]
    pub open_ended: bool,
    /// A list of objects of at most 16 KiB as JSON.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub tasks: Option<Value>,
}

impl ShiftTemplateFields {
    fn into_shift(self) -> AppResult<(String, TemplateShift)> {
        let title = self.title.required("title")?;
        Ok((
            title.clone(),
            TemplateShift {
                title,
                day: 0,
                start: self.start,
                end: self.end,
                role: self.role,
                assigned: None,
                open_ended: self.open_ended,
                tasks: tasks(self.tasks)?.unwrap_or_else(|| Value::Array(Vec::new())),
            },
        ))
    }
}

/// `createShiftTemplate`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateShiftTemplate(pub ShiftTemplateFields);

impl Call for CreateShiftTemplate {
    const NAME: &'static str = "createShiftTemplate";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Save a reusable shift: title, local start and end, role, tasks.";
    type Output = TemplateView;

    #[tracing::instrument(name = "createShiftTemplate", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<TemplateView> {
        let (title, shift) = self.0.into_shift()?;
        let cmd = CreateTemplates {
            by: caller(&ctx)?,
            templates: vec![TemplateDraft {
                kind: Kind::Shift,
                title,
                shifts: vec![shift],
            }],
        };
        let mut made: Vec<TemplateView> = ctx.execute(cmd).await?;
        made.pop()
            .ok_or_else(|| AppError::internal("a template was created but not answered"))
    }
}

/// `updateShiftTemplate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateShiftTemplate {
    pub id: TemplateId,
    #[serde(flatten)]
    pub fields: ShiftTemplateFields,
}

impl Call for UpdateShiftTemplate {
    const NAME: &'static str = "updateShiftTemplate";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Replace a shift template's title, times, role and tasks.";
    type Output = TemplateView;

    #[tracing::instrument(name = "updateShiftTemplate", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<TemplateView> {
        let (title, shift) = self.fields.into_shift()?;
        let cmd = UpdateTemplate {
            by: caller(&ctx)?,
            id: self.id,
            kinds: templates::SHIFT,
            title: Some(title),
            shifts: Some(vec![shift]),
        };
        ctx.execute(cmd).await
    }
}

/// A call naming one template.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OneTemplate {
    #[serde(alias = "templateId")]
    pub id: TemplateId,
}

/// `deleteShiftTemplate`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteShiftTemplate(pub OneTemplate);

impl Call for DeleteShiftTemplate {
    const NAME: &'static str = "deleteShiftTemplate";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Delete a shift template.";
    type Output = DeletedTemplate;

    #[tracing::instrument(name = "deleteShiftTemplate", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<DeletedTemplate> {
        let cmd = DeleteTemplate {
            by: caller(&ctx)?,
            id: self.0.id,
            kinds: templates::SHIFT,
        };
        ctx.execute(cmd).await
    }
}

// ---------------------------------------------------------------------------------------
// Weekly and daily templates

/// A weekly or daily template.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RangeKind {
    Weekly,
    Daily,
}

impl From<RangeKind> for Kind {
    fn from(k: RangeKind) -> Kind {
        match k {
            RangeKind::Weekly => Kind::Weekly,
            RangeKind::Daily => Kind::Daily,
        }
    }
}

/// A shift of the board as the client has it (the spec's `shiftRecords`). `id`, `status` and
/// `timestamp` are accepted and not kept: a template holds what its shifts will be.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftRecordInput {
    pub title: bounded::RequiredText<{ NAME_MAX }>,
    /// Epoch ms.
    pub start: bounded::Instant,
    /// Epoch ms; before `start` means the shift ends the next day.
    pub end: bounded::Instant,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub role: Option<RoleId>,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub assigned: Option<EmployeeId>,
    #[serde(default, rename = "oe")]
    pub open_ended: bool,
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub tasks: Option<Value>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub id: Option<Value>,
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    pub status: Option<Value>,
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub timestamp: Option<Value>,
}

crate::domain::list::component_list!(ShiftRecordInputList = ShiftRecordInput);

/// `createRangeTemplate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateRangeTemplate {
    // Checked by the store (`CaptureTemplate`).
    pub title: bounded::RequiredText<{ TITLE_MAX }>,
    #[serde(rename = "type")]
    pub kind: RangeKind,
    /// Epoch ms of the week's (or day's) first moment; its local date in the store's zone is
    /// the template's first day.
    pub start_of_week: bounded::Instant,
    /// Accepted for older clients and not used: the store's zone places the shifts.
    #[serde(default)]
    pub timezone_offset: Option<i64>,
    /// The board's shifts, by id (or objects with an `id`).
    #[serde(default)]
    pub shifts: ShiftRefList<{ MAX_SHIFTS }>,
    /// Or the shifts as the client has them.
    #[serde(default)]
    pub shift_records: ShiftRecordInputList<{ MAX_SHIFTS }>,
}

impl Call for CreateRangeTemplate {
    const NAME: &'static str = "createRangeTemplate";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Save shifts of a week or a day as a weekly or daily template, \
        each kept as its local day and times.";
    type Output = TemplateView;

    #[tracing::instrument(name = "createRangeTemplate", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<TemplateView> {
        // The two lists make one template: their shifts count together.
        if self.shifts.len() + self.shift_records.len() > MAX_SHIFTS {
            return Err(too_many());
        }
        let source = if self.shifts.is_empty() {
            Source::Records(
                self.shift_records
                    .into_iter()
                    .map(|r| {
                        Ok(ShiftRecord {
                            title: r.title.required("title")?,
                            start: input::instant("start", r.start)?,
                            end: input::instant("end", r.end)?,
                            role: r.role,
                            assigned: r.assigned,
                            open_ended: r.open_ended,
                            tasks: tasks(r.tasks)?.unwrap_or_else(|| Value::Array(Vec::new())),
                        })
                    })
                    .collect::<AppResult<_>>()?,
            )
        } else {
            Source::Ids(self.shifts.into_iter().map(|s| s.0).collect())
        };
        let start = input::instant("startOfWeek", self.start_of_week)?;
        let by = caller(&ctx)?;
        let zone = zone_of(&ctx);
        let cmd = CaptureTemplate {
            by,
            kind: self.kind.into(),
            title: self.title.0,
            first: crate::domain::calendar::local_date(zone, start),
            source,
        };
        ctx.execute(cmd).await
    }
}

fn zone_of(ctx: &Ctx) -> chrono_tz::Tz {
    ctx.member().map_or(chrono_tz::UTC, |m| m.store.zone())
}

/// `updateRangeTemplate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateRangeTemplate {
    /// The template; a missing one is refused with the spec's text.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub id: Option<TemplateId>,
    // Checked by the store (`UpdateTemplate`).
    pub title: Option<bounded::RequiredText<{ TITLE_MAX }>>,
    /// The template's shifts, replacing its old ones.
    pub shifts: Option<TemplateShiftList<{ MAX_SHIFTS }>>,
}

impl Call for UpdateRangeTemplate {
    const NAME: &'static str = "updateRangeTemplate";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Rename a weekly or daily template, or replace its shifts.";
    type Output = TemplateView;

    #[tracing::instrument(name = "updateRangeTemplate", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<TemplateView> {
        let id = self.id.ok_or_else(|| {
            AppError::not_found("template_not_found", crate::domain::template::NOT_FOUND)
        })?;
        let cmd = UpdateTemplate {
            by: caller(&ctx)?,
            id,
            kinds: templates::RANGE,
            title: self.title.map(|t| t.0),
            shifts: self.shifts.map(template_shifts).transpose()?,
        };
        ctx.execute(cmd).await
    }
}

/// `deleteRangeTemplate` (the spec's delete of a daily or weekly template).
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteRangeTemplate(pub OneTemplate);

impl Call for DeleteRangeTemplate {
    const NAME: &'static str = "deleteRangeTemplate";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Delete a weekly or daily template.";
    type Output = DeletedTemplate;

    #[tracing::instrument(name = "deleteRangeTemplate", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<DeletedTemplate> {
        let cmd = DeleteTemplate {
            by: caller(&ctx)?,
            id: self.0.id,
            kinds: templates::RANGE,
        };
        ctx.execute(cmd).await
    }
}

/// The spec's `deleteDaily template` (storeId, id): the delete of a daily template only, by
/// the spec's name, space included (`POST /api/v1/deleteDaily%20template`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteDailyTemplate(pub OneTemplate);

impl Call for DeleteDailyTemplate {
    const NAME: &'static str = "deleteDaily template";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Delete a daily template (a weekly or shift template is \
         refused). The path is `/api/v1/deleteDaily%20template`.";
    type Output = DeletedTemplate;

    #[tracing::instrument(name = "deleteDailyTemplate", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<DeletedTemplate> {
        let cmd = DeleteTemplate {
            by: caller(&ctx)?,
            id: self.0.id,
            kinds: &[Kind::Daily],
        };
        ctx.execute(cmd).await
    }
}

// ---------------------------------------------------------------------------------------
// Checks and loads

fn range(start: bounded::Instant, end: Option<bounded::Instant>) -> AppResult<DateTime<Utc>> {
    let start = input::instant("start", start)?;
    if let Some(end) = end {
        if input::instant("end", end)? <= start {
            return Err(AppError::bad_request(
                "start_after_end",
                messages::START_BEFORE_END,
            ));
        }
    }
    Ok(start)
}

/// `checkLoadingWeeklyTemplate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckLoadingWeeklyTemplate {
    pub template_id: TemplateId,
    /// Epoch ms of the week's first moment; its local date is the week's first day.
    pub start_time: bounded::Instant,
    /// Epoch ms; after `startTime`.
    pub end_time: Option<bounded::Instant>,
    /// Accepted for older clients and not used: the store's zone places the shifts.
    #[serde(default)]
    pub timezone_offset: Option<i64>,
}

impl Call for CheckLoadingWeeklyTemplate {
    const NAME: &'static str = "checkLoadingWeeklyTemplate";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "What loading a weekly template into a week would not make: \
        per employee, the shifts that conflict, fall on time off, lie outside availability or \
        need a role they lack. Changes nothing.";
    type Output = Vec<CheckEntry>;

    #[tracing::instrument(name = "checkLoadingWeeklyTemplate", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Vec<CheckEntry>> {
        let cmd = CheckTemplate {
            by: caller(&ctx)?,
            id: self.template_id,
            kind: Kind::Weekly,
            start: range(self.start_time, self.end_time)?,
        };
        ctx.execute(cmd).await
    }
}

/// `loadWeeklyTemplate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoadWeeklyTemplate {
    pub template_id: TemplateId,
    /// Epoch ms of the week's first moment; its local date is the week's first day.
    pub start_of_range: bounded::Instant,
    /// Epoch ms; after `startOfRange`.
    pub end_of_range: Option<bounded::Instant>,
    /// Accepted for older clients and not used: the store's zone places the shifts.
    #[serde(default)]
    pub timezone_offset: Option<i64>,
}

impl Call for LoadWeeklyTemplate {
    const NAME: &'static str = "loadWeeklyTemplate";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Create a weekly template's shifts as drafts of a week, at their \
        local times, in one commit; shifts whose employee fails a rule are reported, not made.";
    type Output = LoadedTemplate;

    #[tracing::instrument(name = "loadWeeklyTemplate", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<LoadedTemplate> {
        let cmd = LoadTemplate {
            by: caller(&ctx)?,
            id: self.template_id,
            kind: Kind::Weekly,
            start: range(self.start_of_range, self.end_of_range)?,
        };
        ctx.execute(cmd).await
    }
}

/// `checkLoadDailyTemplate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckLoadDailyTemplate {
    pub template_id: TemplateId,
    /// Epoch ms of the day's first moment; its local date is the day.
    pub start_of_day: bounded::Instant,
}

impl Call for CheckLoadDailyTemplate {
    const NAME: &'static str = "checkLoadDailyTemplate";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "What loading a daily template into a day would not make, per employee and rule.";
    type Output = Vec<CheckEntry>;

    #[tracing::instrument(name = "checkLoadDailyTemplate", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Vec<CheckEntry>> {
        let cmd = CheckTemplate {
            by: caller(&ctx)?,
            id: self.template_id,
            kind: Kind::Daily,
            start: range(self.start_of_day, None)?,
        };
        ctx.execute(cmd).await
    }
}

/// `loadDailyTemplate`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoadDailyTemplate {
    pub template_id: TemplateId,
    /// Epoch ms of the day's first moment; its local date is the day.
    pub start_of_day: bounded::Instant,
}

impl Call for LoadDailyTemplate {
    const NAME: &'static str = "loadDailyTemplate";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Create a daily template's shifts as drafts of a day, in one commit.";
    type Output = LoadedTemplate;

    #[tracing::instrument(name = "loadDailyTemplate", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<LoadedTemplate> {
        let cmd = LoadTemplate {
            by: caller(&ctx)?,
            id: self.template_id,
            kind: Kind::Daily,
            start: range(self.start_of_day, None)?,
        };
        ctx.execute(cmd).await
    }
}

// ---------------------------------------------------------------------------------------
// Read

/// Query of the templates read.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TemplateQuery {
    /// shift, weekly or daily; all when absent.
    #[serde(rename = "type")]
    #[param(value_type = Option<Kind>, inline)]
    pub kind: Option<String>,
}

/// `GET /api/v1/stores/{storeId}/templates`: the store's templates with their shifts.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/templates",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), TemplateQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Template]}`, oldest first", body = [TemplateView]),
        (status = 400, description = "Unknown type", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a schedule manager of the store", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user))]
pub async fn get_templates(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
    query: web::Query<TemplateQuery>,
) -> AppResult<HttpResponse> {
    let store: StoreId = path
        .parse()
        .map_err(|_| AppError::not_found("no_active_store", messages::NO_ACTIVE_STORE))?;
    let member = guard::member_of(
        &state,
        user.0,
        Some(store),
        Perms::SCHEDULE,
        messages::NOT_ENOUGH_PERMISSION,
        "getTemplates",
    )
    .await?;
    let kind = match query.kind.as_deref() {
        None | Some("") => None,
        Some(k) => Some(
            Kind::parse(k)
                .ok_or_else(|| AppError::invalid(format!("Unknown template type {k:?}.")))?,
        ),
    };
    let store = member.store_id();
    let views = state
        .db
        .run(move |conn| templates::list(conn, store, kind))
        .await?;
    Ok(crate::api::envelope::ok(views))
}
