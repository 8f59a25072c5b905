//! Shift calls of schedule managers and of assignees, and the shift read. Every write goes to
//! the store's actor as a command (`crate::store::shifts`), whether it came over HTTP or the
//! socket.

use crate::api::stores::{read, StoreMember};
use crate::calls::guard::Member;
use crate::calls::input::{self, NAME_MAX};
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::db::models::shift::Shift;
use crate::domain::calendar;
use crate::domain::ids::{EmployeeId, RoleId, ShiftId};
use crate::domain::permissions::Perms;
use crate::domain::shift::Status;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::shifts::{
    AnswerShift, BatchOp, BatchShifts, BatchedShifts, Caller, ClearSchedule, ClearedSchedule,
    CreateShifts, CreatedShifts, DeleteShift, DeletedShift, OwnAction, PublishShifts,
    PublishedShifts, RateShift, RemindShift, Reminded, ShiftChanges, UpdateShift, MAX_REPEAT,
};
use crate::store::views::ShiftView;
use crate::store::weeks::{self, Coding, Week};
use actix_web::http::header::{self, AcceptEncoding, Encoding, Header, IfNoneMatch};
use actix_web::{web, HttpRequest, HttpResponse};
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Deserializer};
use serde_json::{json, Value};
use std::sync::Arc;
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<CreateShift>()
        .add::<UpdateShiftCall>()
        .add::<DeleteShiftCall>()
        .add::<PublishShiftsCall>()
        .add::<ClearScheduleCall>()
        .add::<ConfirmShift>()
        .add::<DeclineShift>()
        .add::<RateShiftCall>()
        .add::<RemindShiftCall>()
        .add::<BatchDeleteShifts>()
        .add::<BatchDropShifts>()
        .add::<BatchOpenShifts>();
}

/// Mounts the shift read (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read("/stores/{storeId}/shifts", "getShifts", get_shifts));
}

/// Longest cancellation reason.
pub(crate) const REASON_MAX: usize = 500;
/// Largest tasks list, serialised.
pub(crate) const TASKS_MAX_BYTES: usize = 16 * 1024;
/// The widest range one read may ask for.
const READ_RANGE_MAX: Duration = Duration::days(100);

/// The caller of a store call, as commands name it.
pub(crate) fn caller(ctx: &Ctx) -> AppResult<Caller> {
    let m = ctx.member()?;
    Ok(Caller {
        user: m.user,
        employee: m.employee.id,
        perms: m.perms,
    })
}

fn reason(r: Option<String>) -> AppResult<Option<String>> {
    input::optional_text("cancelReason", r.as_deref(), REASON_MAX)
}

pub(crate) fn tasks(t: Option<Value>) -> AppResult<Option<Value>> {
    match t {
        None | Some(Value::Null) => Ok(None),
        // Each task is an object, as the document describes them; what it holds is the client's.
        Some(Value::Array(items)) if !items.iter().all(Value::is_object) => {
            Err(AppError::invalid("tasks must be a list of objects."))
        }
        Some(Value::Array(items)) => {
            let v = Value::Array(items);
            if v.to_string().len() > TASKS_MAX_BYTES {
                return Err(AppError::invalid("tasks is too large."));
            }
            Ok(Some(v))
        }
        Some(_) => Err(AppError::invalid("tasks must be a list.")),
    }
}

/// A shift named by its id, or an object carrying it (`{"id": ...}`).
#[derive(Debug, Clone, Copy)]
pub struct ShiftRef(pub ShiftId);

impl utoipa::PartialSchema for ShiftRef {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder};
        OneOfBuilder::new()
            .item(ShiftId::schema())
            .item(
                ObjectBuilder::new()
                    .property("id", ShiftId::schema())
                    .required("id"),
            )
            .description(Some("A shift id, or an object with its `id`."))
            .into()
    }
}

impl ToSchema for ShiftRef {}

impl<'de> Deserialize<'de> for ShiftRef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Id(ShiftId),
            Object { id: ShiftId },
        }
        Ok(match Raw::deserialize(d)? {
            Raw::Id(id) | Raw::Object { id } => ShiftRef(id),
        })
    }
}

fn ids(refs: Vec<ShiftRef>) -> Vec<ShiftId> {
    refs.into_iter().map(|r| r.0).collect()
}

/// Reads a field that may be absent, `null`, or a value: absent is `None`, `null` is
/// `Some(None)`.
fn nullable<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    let raw = Option::<String>::deserialize(d)?;
    match raw.as_deref().map(str::trim) {
        None | Some("") => Ok(Some(None)),
        Some(s) => s
            .parse()
            .map(|v| Some(Some(v)))
            .map_err(serde::de::Error::custom),
    }
}

// ---------------------------------------------------------------------------------------

/// `createShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateShift {
    #[schema(min_length = 1, max_length = 120)]
    pub title: String,
    /// Epoch ms.
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub start: i64,
    /// Epoch ms; before `start` means the shift ends the next day.
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub end: i64,
    pub role: RoleId,
    /// The assignee's employee record id; absent or empty for an open shift.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub assigned: Option<EmployeeId>,
    /// Ignored: the assignee's e-mail is taken from their record.
    #[serde(default)]
    pub assignee_email: Option<String>,
    /// Start times (epoch ms): one shift per entry, each ending at the first shift's local end
    /// time in the store's zone (so across a clock change its real length follows the clocks).
    #[serde(default)]
    #[schema(max_items = 370, minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub repeat: Vec<i64>,
    /// Local dates (YYYY-MM-DD) in the store's zone: one shift per date with the first shift's
    /// local start and end times. With `repeat`, both are made.
    #[serde(default)]
    #[schema(max_items = 370, value_type = Vec<String>, format = Date)]
    pub repeat_dates: Vec<chrono::NaiveDate>,
    /// Open-ended: no planned end.
    #[serde(default)]
    pub oe: bool,
    /// A list of objects of at most 16 KiB as JSON.
    #[serde(default)]
    #[schema(value_type = Option<Vec<Object>>)]
    pub tasks: Option<Value>,
}

impl Call for CreateShift {
    const NAME: &'static str = "createShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Create a draft shift, or one per `repeat` start time. Answers the shifts and warnings.";
    type Output = CreatedShifts;

    #[tracing::instrument(name = "createShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<CreatedShifts> {
        if self.repeat.len() + self.repeat_dates.len() > MAX_REPEAT {
            return Err(AppError::invalid(format!(
                "repeat can make at most {MAX_REPEAT} shifts."
            )));
        }
        let repeat = self
            .repeat
            .iter()
            .map(|ms| input::instant("repeat", *ms))
            .collect::<AppResult<Vec<_>>>()?;
        let cmd = CreateShifts {
            by: caller(&ctx)?,
            title: input::required_text("title", &self.title, NAME_MAX)?,
            start: input::instant("start", self.start)?,
            end: input::instant("end", self.end)?,
            role: Some(self.role),
            assigned: self.assigned,
            repeat,
            repeat_dates: self.repeat_dates,
            open_ended: self.oe,
            tasks: tasks(self.tasks)?.unwrap_or_else(|| json!([])),
        };
        ctx.execute(cmd).await
    }
}

/// The changed fields of `updateShift`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdatedShift {
    #[schema(min_length = 1, max_length = 120)]
    pub title: Option<String>,
    /// Epoch ms.
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub start: Option<i64>,
    /// Epoch ms; before `start` means the shift ends the next day.
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub end: Option<i64>,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub role: Option<RoleId>,
    /// An employee record id; `null` or `""` makes the shift open; absent keeps it.
    #[serde(default, deserialize_with = "nullable")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub assigned: Option<Option<EmployeeId>>,
    pub oe: Option<bool>,
    /// A list of objects of at most 16 KiB as JSON.
    #[schema(value_type = Option<Vec<Object>>)]
    pub tasks: Option<Value>,
    /// The version the editor saw: an older one than the current gets 409.
    pub version: Option<i64>,
}

/// `updateShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateShiftCall {
    pub shift_id: ShiftId,
    pub updated_shift: UpdatedShift,
    /// Why an announced shift is cancelled; empty means none.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub cancel_reason: Option<String>,
}

impl Call for UpdateShiftCall {
    const NAME: &'static str = "updateShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Change a shift. Naming an older `version` than the current gets 409 with the current shift.";
    type Output = ShiftView;

    #[tracing::instrument(name = "updateShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ShiftView> {
        let u = self.updated_shift;
        let changes = ShiftChanges {
            title: u
                .title
                .map(|t| input::required_text("title", &t, NAME_MAX))
                .transpose()?,
            start: u.start.map(|ms| input::instant("start", ms)).transpose()?,
            end: u.end.map(|ms| input::instant("end", ms)).transpose()?,
            role: u.role,
            assigned: u.assigned,
            open_ended: u.oe,
            tasks: tasks(u.tasks)?,
        };
        let cmd = UpdateShift {
            by: caller(&ctx)?,
            id: self.shift_id,
            changes,
            version: u.version,
            cancel_reason: reason(self.cancel_reason)?,
        };
        ctx.execute(cmd).await
    }
}

/// `deleteShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteShiftCall {
    pub shift_id: ShiftId,
    /// Why an announced shift is cancelled; empty means none.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub cancel_reason: Option<String>,
}

impl Call for DeleteShiftCall {
    const NAME: &'static str = "deleteShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Delete a draft, or cancel an announced shift more than 24 hours ahead.";
    type Output = DeletedShift;

    #[tracing::instrument(name = "deleteShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<DeletedShift> {
        let cmd = DeleteShift {
            by: caller(&ctx)?,
            id: self.shift_id,
            cancel_reason: reason(self.cancel_reason)?,
        };
        ctx.execute(cmd).await
    }
}

/// `publishShifts`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishShiftsCall {
    /// Shift ids (or objects with an `id`).
    #[schema(max_items = 1000)]
    pub shifts: Vec<ShiftRef>,
}

impl Call for PublishShiftsCall {
    const NAME: &'static str = "publishShifts";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const DENIED: &'static str = messages::NO_PERMISSION_PUBLISH;
    const SUMMARY: &'static str =
        "Publish drafts with an assignee; open shifts are skipped (listed in `skipped`).";
    type Output = PublishedShifts;

    #[tracing::instrument(name = "publishShifts", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<PublishedShifts> {
        if self.shifts.len() > crate::store::shifts::MAX_BATCH_IDS {
            return Err(AppError::invalid("Too many shifts in one call."));
        }
        let cmd = PublishShifts {
            by: caller(&ctx)?,
            ids: ids(self.shifts),
        };
        ctx.execute(cmd).await
    }
}

/// `clearSchedule`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClearScheduleCall {
    /// Epoch ms.
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub start: i64,
    /// Epoch ms.
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub end: i64,
}

impl Call for ClearScheduleCall {
    const NAME: &'static str = "clearSchedule";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Delete the draft shifts starting in a range.";
    type Output = ClearedSchedule;

    #[tracing::instrument(name = "clearSchedule", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClearedSchedule> {
        let cmd = ClearSchedule {
            by: caller(&ctx)?,
            start: input::instant("start", self.start)?,
            end: input::instant("end", self.end)?,
        };
        ctx.execute(cmd).await
    }
}

/// A call naming one shift of a store.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OneShift {
    #[serde(alias = "shift")]
    pub shift_id: ShiftId,
}

macro_rules! one_shift_call {
    ($(#[$doc:meta])* $ty:ident, $name:literal, $access:expr, $summary:literal, $out:ty, |$c:ident, $id:ident| $make:expr) => {
        $(#[$doc])*
        #[derive(Debug, Deserialize, ToSchema)]
        pub struct $ty(pub OneShift);

        impl Call for $ty {
            const NAME: &'static str = $name;
            const ACCESS: Access = $access;
            const SUMMARY: &'static str = $summary;
            type Output = $out;


            #[tracing::instrument(name = $name, skip_all)]
            async fn run(self, ctx: Ctx) -> AppResult<$out> {
                let $c = caller(&ctx)?;
                let $id = self.0.shift_id;
                ctx.execute($make).await
            }
        }
    };
}

one_shift_call!(
    /// `confirmShift`, by the assignee.
    ConfirmShift, "confirmShift", Access::Store(Perms::NONE),
    "Confirm one's own published shift; confirming twice changes nothing.",
    ShiftView,
    |by, id| AnswerShift { by, id, action: OwnAction::Confirm }
);
one_shift_call!(
    /// `declineShift`, by the assignee.
    DeclineShift, "declineShift", Access::Store(Perms::NONE),
    "Decline one's own announced shift before it starts.",
    ShiftView,
    |by, id| AnswerShift { by, id, action: OwnAction::Decline }
);
one_shift_call!(
    /// `remindShift`.
    RemindShiftCall, "remindShift", Access::Store(Perms::SCHEDULE),
    "Remind the assignee to confirm an upcoming published shift.",
    Reminded,
    |by, id| RemindShift { by, id }
);

/// `rateShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateShiftCall {
    pub shift_id: ShiftId,
    /// Stars, 1 to 5.
    #[schema(minimum = 1, maximum = 5)]
    pub rate: i16,
}

impl Call for RateShiftCall {
    const NAME: &'static str = "rateShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Rate a finished shift from 1 to 5.";
    type Output = ShiftView;

    #[tracing::instrument(name = "rateShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ShiftView> {
        let cmd = RateShift {
            by: caller(&ctx)?,
            id: self.shift_id,
            rate: self.rate,
        };
        ctx.execute(cmd).await
    }
}

/// A batch call naming shifts of a store.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftBatch {
    /// Shift ids (or objects with an `id`).
    #[schema(max_items = 1000)]
    pub shifts: Vec<ShiftRef>,
    /// Why announced shifts are cancelled; empty means none.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub cancel_reason: Option<String>,
}

macro_rules! batch_call {
    ($(#[$doc:meta])* $ty:ident, $name:literal, |$by:ident, $ids:ident, $reason:ident| $cmd:expr, $summary:literal) => {
        $(#[$doc])*
        #[derive(Debug, Deserialize, ToSchema)]
        pub struct $ty(pub ShiftBatch);

        impl Call for $ty {
            const NAME: &'static str = $name;
            const ACCESS: Access = Access::Store(Perms::SCHEDULE);
            const SUMMARY: &'static str = $summary;
            type Output = BatchedShifts;


            #[tracing::instrument(name = $name, skip_all)]
            async fn run(self, ctx: Ctx) -> AppResult<BatchedShifts> {
                if self.0.shifts.len() > crate::store::shifts::MAX_BATCH_IDS {
                    return Err(AppError::invalid("Too many shifts in one call."));
                }
                let $by = caller(&ctx)?;
                let $ids = ids(self.0.shifts);
                let $reason = reason(self.0.cancel_reason)?;
                ctx.execute($cmd).await
            }
        }
    };
}

batch_call!(
    /// `batchDeleteShifts`.
    BatchDeleteShifts, "batchDeleteShifts",
    |by, ids, cancel_reason| BatchShifts { by, op: BatchOp::Delete, ids, cancel_reason },
    "Delete or cancel several shifts, all or none."
);
batch_call!(
    /// `batchDropShifts`.
    BatchDropShifts, "batchDropShifts",
    |by, ids, _reason| crate::store::pool::BatchDropShifts { by, ids },
    "Put several announced, assigned shifts in the pool, each with a drop request in its \
     assignee's name as `dropShift` makes, all or none."
);
batch_call!(
    /// `batchOpenShifts`.
    BatchOpenShifts, "batchOpenShifts",
    |by, ids, cancel_reason| BatchShifts { by, op: BatchOp::Open, ids, cancel_reason },
    "Clear the assignee of several shifts and put them back to draft, all or none."
);

// ---------------------------------------------------------------------------------------
// Reads

/// Query of the shift read.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ShiftQuery {
    /// Epoch ms; with `end`. Default: the current week in the store's zone.
    #[param(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub start: Option<i64>,
    /// Epoch ms; at most 100 days after `start`.
    #[param(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub end: Option<i64>,
    /// `all` (owner or schedule permission), `mine` (own non-draft shifts) or `open` (published
    /// open shifts). Default: `all` for schedule managers, `mine` for others.
    #[param(value_type = Option<Scope>, inline)]
    pub scope: Option<String>,
    /// Only this employee record's shifts (schedule permission).
    pub employee: Option<EmployeeId>,
}

/// Which shifts the read answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ToSchema)]
#[serde(rename_all = "lowercase")]
enum Scope {
    All,
    Mine,
    Open,
}

/// `GET /api/v1/stores/{storeId}/shifts`: the shifts overlapping a range.
//
// Answers carry a strong `ETag` (the store's version and a digest of the bytes); a request
// whose `If-None-Match` names it is answered 304 with no body. The board's read (`scope=all`,
// every employee) is kept serialised and compressed until the store changes
// (`store::weeks`). (Plain comments: the doc comment is the API document's description.)
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/shifts",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), ShiftQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Shift]}`", body = [ShiftView]),
        (status = 400, description = "Bad range", body = crate::error::ErrorBody),
        crate::api::stores::StoreReadRefusals,
        (status = 403, description = "Not a member, or asking for all without permission", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state, req, member), fields(store = %member.store_id()))]
pub async fn get_shifts(
    state: web::Data<AppState>,
    req: HttpRequest,
    StoreMember(member): StoreMember,
    query: web::Query<ShiftQuery>,
) -> AppResult<HttpResponse> {
    let q = query.into_inner();
    let scheduler = member.perms.covers(Perms::SCHEDULE);
    let scope = match q.scope.as_deref() {
        None | Some("") if scheduler => Scope::All,
        None | Some("") | Some("mine") => Scope::Mine,
        Some("all") => Scope::All,
        Some("open") => Scope::Open,
        Some(other) => return Err(AppError::invalid(format!("Unknown scope {other:?}."))),
    };
    if scope == Scope::All && !scheduler {
        return Err(AppError::forbidden(
            "permission_denied",
            messages::NO_PERMISSION_ALL_SHIFTS,
        ));
    }
    if q.employee.is_some() && !scheduler {
        return Err(AppError::forbidden(
            "permission_denied",
            messages::NOT_ENOUGH_PERMISSION,
        ));
    }
    let (start, end) = range(&member, q.start, q.end)?;
    let store = member.store_id();
    let week = if scope == Scope::All && q.employee.is_none() {
        // The board's read: the same answer for every schedule manager of the store.
        state
            .stores
            .weeks()
            .read(&state.db, store, start, end)
            .await?
    } else {
        let me = member.employee.id;
        let employee = q.employee;
        let week = state
            .db
            .run(move |conn| {
                let (version, rows) = weeks::snapshot(conn, store, start, end)?;
                let shown = rows
                    .iter()
                    .filter(|s| employee.is_none_or(|e| s.assigned == Some(e)))
                    .filter(|s| visible(scope, me, s));
                Week::build(version, shown, Utc::now())
            })
            .await?;
        Arc::new(week)
    };
    answer(&req, week).await
}

/// Answers with `week`: 304 when the request's `If-None-Match` names it, else its bytes in
/// the best coding the client accepts (compressed here, once per kept answer; the
/// compression middleware leaves an answer that has its `Content-Encoding`).
async fn answer(req: &HttpRequest, week: Arc<Week>) -> AppResult<HttpResponse> {
    const PRIVATE: (header::HeaderName, &str) = (header::CACHE_CONTROL, "private, no-cache");
    let coding = AcceptEncoding::parse(req)
        .ok()
        .and_then(|a| {
            a.negotiate([Encoding::brotli(), Encoding::gzip(), Encoding::identity()].iter())
        })
        .map_or(Coding::Identity, |e| {
            if e == Encoding::brotli() {
                Coding::Brotli
            } else if e == Encoding::gzip() {
                Coding::Gzip
            } else {
                Coding::Identity
            }
        });
    let etag = week.etag(coding);
    let unchanged = match IfNoneMatch::parse(req) {
        Ok(IfNoneMatch::Any) => true,
        Ok(IfNoneMatch::Items(tags)) => tags.iter().any(|t| week.matches(&t.to_string())),
        Err(_) => false,
    };
    if unchanged {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .insert_header(PRIVATE)
            .insert_header((header::VARY, "Accept-Encoding"))
            .finish());
    }
    let body = match week.encoded(coding) {
        Some(bytes) => bytes,
        None => {
            let w = week.clone();
            web::block(move || w.encode(coding))
                .await
                .map_err(|e| AppError::internal(format!("compressing a week: {e}")))?
        }
    };
    let mut res = HttpResponse::Ok();
    res.insert_header(header::ContentType::json())
        .insert_header((header::ETAG, etag))
        .insert_header(PRIVATE)
        .insert_header((header::VARY, "Accept-Encoding"));
    // Uncompressed only when the client accepts neither: the middleware agrees on nothing
    // else either, so it passes the bytes on as they are.
    if let Some(name) = coding.header() {
        res.insert_header((header::CONTENT_ENCODING, name));
    }
    Ok(res.body(body))
}

fn visible(scope: Scope, me: EmployeeId, s: &Shift) -> bool {
    match scope {
        Scope::All => true,
        Scope::Mine => s.assigned == Some(me) && s.status.is_visible_to_assignee(),
        Scope::Open => s.assigned.is_none() && s.status == Status::Published,
    }
}

fn range(
    member: &Member,
    start: Option<i64>,
    end: Option<i64>,
) -> AppResult<(DateTime<Utc>, DateTime<Utc>)> {
    let (start, end) = match (start, end) {
        (Some(s), Some(e)) => (input::instant("start", s)?, input::instant("end", e)?),
        (None, None) => {
            calendar::week_of(member.store.zone(), Utc::now(), member.store.week_start())
        }
        _ => return Err(AppError::invalid("start and end go together.")),
    };
    if start > end {
        return Err(AppError::bad_request(
            "start_after_end",
            messages::START_BEFORE_END,
        ));
    }
    if end - start > READ_RANGE_MAX {
        return Err(AppError::invalid("The range can span at most 100 days."));
    }
    Ok((start, end))
}
