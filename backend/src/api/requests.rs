//! Availability and time off: every change runs through the store's actor as a command;
//! reads are resource paths.

use crate::api::stores::{read, StoreMember};
use crate::calls::guard::Member;
use crate::calls::input;
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::employee::Employee;
use crate::db::models::request::Request;
use crate::domain::availability::Window;
use crate::domain::business::{DayInput, TimeOfDay};
use crate::domain::ids::{EmployeeId, RequestId, UserId};
use crate::domain::permissions::Perms;
use crate::domain::request::RequestKind;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::availability::{
    AvailabilityChange, AvailabilityDeleted, ChangeAvailability, WindowFields,
};
use crate::store::request_views::{AvailabilityView, RequestView};
use crate::store::time_off::{
    ApprovalPreview, TimeOffAction, TimeOffApproved, TimeOffCommand, TimeOffDeleted, Times,
};
use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<CreateAvailableTime>()
        .add::<UpdateAvailableTime>()
        .add::<DeleteAvailableTime>()
        .add::<AddEmployeeAvailableTime>()
        .add::<UpdateEmployeeAvailableTime>()
        .add::<DeleteEmployeeAvailableTime>()
        .add::<RequestTimeOff>()
        .add::<CreateRequest>()
        .add::<UpdateTimeOff>()
        .add::<DeleteTimeOff>()
        .add::<CancelTimeOff>()
        .add::<RejectTimeOff>()
        .add::<CheckApproveTimeoff>()
        .add::<ApproveTimeOff>();
}

/// Mounts the read paths (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read(
        "/stores/{storeId}/availability",
        "getAvailability",
        get_availability,
    ))
    .service(read(
        "/stores/{storeId}/timeoff",
        "getTimeOff",
        get_time_off,
    ));
}

// ---------------------------------------------------------------------------------------
// Availability

/// The fields of an availability window.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilityInput {
    /// Local start, `HH:mm` (defaults to 00:00 for all-day windows); empty means none.
    #[serde(default)]
    #[schema(pattern = "^(([01]?[0-9]|2[0-3]):[0-5][0-9])?$", example = "09:00")]
    pub start: Option<String>,
    /// Local end, `HH:mm`; not after the start means the next day. Ignored when all day.
    #[serde(default)]
    #[schema(pattern = "^(([01]?[0-9]|2[0-3]):[0-5][0-9])?$", example = "17:00")]
    pub end: Option<String>,
    /// Weekdays: numbers (0 = Sunday) or English names.
    #[schema(min_items = 1)]
    pub days: Vec<DayInput>,
    #[serde(default)]
    pub all_day: bool,
    /// Empty means none.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub reason: Option<String>,
    /// The client's own label of the window; empty means none.
    #[serde(default)]
    #[schema(max_length = 60)]
    pub status: Option<String>,
    /// The client's own label of the window (e.g. `available`); empty means none.
    #[serde(default, rename = "type")]
    #[schema(max_length = 60)]
    pub kind: Option<String>,
    /// The zone the times are meant in; windows always use the store's zone.
    #[serde(default)]
    pub tzr: Option<String>,
}

/// Longest reason, description or answer text.
pub(crate) const TEXT_MAX: usize = 500;
/// Longest label (`type`, `status`) of an availability window.
pub(crate) const LABEL_MAX: usize = 60;

impl AvailabilityInput {
    fn checked(&self) -> AppResult<WindowFields> {
        let time = |field: &str, v: &Option<String>| -> AppResult<Option<TimeOfDay>> {
            match v.as_deref().map(str::trim) {
                None | Some("") => Ok(None),
                Some(s) => TimeOfDay::parse(s)
                    .map(Some)
                    .ok_or_else(|| AppError::invalid(format!("{field} must be a time as HH:mm."))),
            }
        };
        let start = time("start", &self.start)?;
        let end = time("end", &self.end)?;
        let (start, end) = match (start, end, self.all_day) {
            (Some(s), Some(e), _) => (s, e),
            (s, _, true) => {
                let s = s.unwrap_or(
                    TimeOfDay::from_minutes(0)
                        .ok_or_else(|| AppError::internal("midnight is a time of day"))?,
                );
                (s, s)
            }
            (None, _, false) => return Err(AppError::invalid("start is required.")),
            (Some(_), None, false) => return Err(AppError::invalid("end is required.")),
        };
        let days = self
            .days
            .iter()
            .map(|d| {
                d.weekday().ok_or_else(|| {
                    AppError::invalid("Days are weekday numbers (0 = Sunday) or names.")
                })
            })
            .collect::<AppResult<Vec<i16>>>()?;
        let window = Window::new(&days, start, end, self.all_day)
            .map_err(|e| AppError::invalid(e.to_string()))?;
        Ok(WindowFields {
            window,
            start_minute: start.minutes(),
            end_minute: end.minutes(),
            reason: input::optional_text("reason", self.reason.as_deref(), TEXT_MAX)?,
            kind: input::optional_text("type", self.kind.as_deref(), LABEL_MAX)?,
            status: input::optional_text("status", self.status.as_deref(), LABEL_MAX)?,
        })
    }
}

/// Finds an employee record of the member's store by user id or employee record id.
async fn target(
    ctx: &Ctx,
    member: &Member,
    id: uuid::Uuid,
) -> AppResult<(EmployeeId, Option<UserId>)> {
    let store = member.store_id();
    let all = ctx
        .state
        .db
        .run(move |conn| Ok(Employee::of_store(conn, store)?))
        .await?;
    all.iter()
        .find(|e| e.terminated_at.is_none() && (e.user_id == Some(UserId(id)) || e.id.0 == id))
        .map(|e| (e.id, e.user_id))
        .ok_or_else(|| AppError::not_found("employee_not_found", messages::NO_EMPLOYEE_DOCUMENT))
}

fn change(
    member: &Member,
    (employee, employee_user): (EmployeeId, Option<UserId>),
    change: AvailabilityChange,
) -> ChangeAvailability {
    ChangeAvailability {
        store: member.store_id(),
        by: member.user,
        employee,
        employee_user,
        change,
    }
}

/// `createAvailableTime`: adds a window to one's own availability (needs `availabletime`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateAvailableTime {
    #[serde(alias = "rawAvailability")]
    pub availability: AvailabilityInput,
}

impl Call for CreateAvailableTime {
    const NAME: &'static str = "createAvailableTime";
    const ACCESS: Access = Access::Store(Perms::AVAILABLETIME);
    const SUMMARY: &'static str = "Add a window to one's own availability.";
    type Output = AvailabilityView;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityView> {
        let member = ctx.member()?;
        let fields = self.availability.checked()?;
        let cmd = change(
            member,
            (member.employee.id, Some(member.user)),
            AvailabilityChange::Create(fields),
        );
        ctx.execute(cmd).await
    }
}

/// `updateAvailableTime`: changes one of one's own windows.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateAvailableTime {
    #[schema(value_type = String, format = Uuid)]
    pub availability_id: RequestId,
    #[serde(alias = "availability")]
    pub raw_availability: AvailabilityInput,
}

impl Call for UpdateAvailableTime {
    const NAME: &'static str = "updateAvailableTime";
    const ACCESS: Access = Access::Store(Perms::AVAILABLETIME);
    const SUMMARY: &'static str = "Change a window of one's own availability.";
    type Output = AvailabilityView;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityView> {
        let member = ctx.member()?;
        let fields = self.raw_availability.checked()?;
        let cmd = change(
            member,
            (member.employee.id, Some(member.user)),
            AvailabilityChange::Update(self.availability_id, fields),
        );
        ctx.execute(cmd).await
    }
}

/// `deleteAvailableTime`: removes one of one's own windows.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteAvailableTime {
    #[schema(value_type = String, format = Uuid)]
    pub availability_id: RequestId,
}

impl Call for DeleteAvailableTime {
    const NAME: &'static str = "deleteAvailableTime";
    const ACCESS: Access = Access::Store(Perms::AVAILABLETIME);
    const SUMMARY: &'static str = "Remove a window of one's own availability.";
    type Output = AvailabilityDeleted;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityDeleted> {
        let member = ctx.member()?;
        let cmd = change(
            member,
            (member.employee.id, Some(member.user)),
            AvailabilityChange::Delete(self.availability_id),
        );
        ctx.execute(cmd).await
    }
}

/// `addEmployeeAvailableTime`: a manager adds a window to an employee's availability.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddEmployeeAvailableTime {
    pub availability: AvailabilityInput,
    /// The employee's user id (or employee record id).
    #[serde(alias = "employeeId")]
    pub user_id: uuid::Uuid,
}

impl Call for AddEmployeeAvailableTime {
    const NAME: &'static str = "addEmployeeAvailableTime";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Add a window to an employee's availability.";
    type Output = AvailabilityView;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityView> {
        let member = ctx.member()?;
        let fields = self.availability.checked()?;
        let employee = target(&ctx, member, self.user_id).await?;
        let cmd = change(member, employee, AvailabilityChange::Create(fields));
        ctx.execute(cmd).await
    }
}

/// `updateEmployeeAvailableTime`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateEmployeeAvailableTime {
    pub availability: AvailabilityInput,
    #[serde(alias = "employeeId")]
    pub user_id: uuid::Uuid,
    #[schema(value_type = String, format = Uuid)]
    pub availability_id: RequestId,
}

impl Call for UpdateEmployeeAvailableTime {
    const NAME: &'static str = "updateEmployeeAvailableTime";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Change a window of an employee's availability.";
    type Output = AvailabilityView;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityView> {
        let member = ctx.member()?;
        let fields = self.availability.checked()?;
        let employee = target(&ctx, member, self.user_id).await?;
        let cmd = change(
            member,
            employee,
            AvailabilityChange::Update(self.availability_id, fields),
        );
        ctx.execute(cmd).await
    }
}

/// `deleteEmployeeAvailableTime`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteEmployeeAvailableTime {
    #[serde(alias = "employeeId")]
    pub user_id: uuid::Uuid,
    #[schema(value_type = String, format = Uuid)]
    pub availability_id: RequestId,
}

impl Call for DeleteEmployeeAvailableTime {
    const NAME: &'static str = "deleteEmployeeAvailableTime";
    const ACCESS: Access = Access::Store(Perms::EMPLOYEE);
    const SUMMARY: &'static str = "Remove a window of an employee's availability.";
    type Output = AvailabilityDeleted;

    async fn run(self, ctx: Ctx) -> AppResult<AvailabilityDeleted> {
        let member = ctx.member()?;
        let employee = target(&ctx, member, self.user_id).await?;
        let cmd = change(
            member,
            employee,
            AvailabilityChange::Delete(self.availability_id),
        );
        ctx.execute(cmd).await
    }
}

// ---------------------------------------------------------------------------------------
// Time off

fn time_off(member: &Member, action: TimeOffAction) -> TimeOffCommand {
    TimeOffCommand {
        store: member.store_id(),
        by: member.user,
        by_employee: member.employee.id,
        action,
    }
}

fn times(start: i64, end: i64, entire_day: bool) -> AppResult<Times> {
    Ok(Times {
        start: input::instant("start", start)?,
        end: input::instant("end", end)?,
        entire_day,
    })
}

/// The fields of a time-off request.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimeOffFields {
    /// Epoch milliseconds.
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub start: i64,
    /// Epoch milliseconds, not before `start`.
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub end: i64,
    #[serde(default)]
    pub entire_day: bool,
    /// Empty means none.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub description: Option<String>,
    /// Sent by clients; the server computes the covering dates itself from the span.
    #[serde(default)]
    pub covering_dates: Option<Value>,
}

/// `requestTimeOff`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestTimeOff {
    #[serde(flatten)]
    pub fields: TimeOffFields,
}

async fn request_time_off(ctx: &Ctx, fields: TimeOffFields) -> AppResult<RequestView> {
    let member = ctx.member()?;
    let action = TimeOffAction::Request {
        times: times(fields.start, fields.end, fields.entire_day)?,
        description: input::optional_text("description", fields.description.as_deref(), TEXT_MAX)?,
    };
    ctx.execute(time_off(member, action)).await
}

impl Call for RequestTimeOff {
    const NAME: &'static str = "requestTimeOff";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Ask for time off.";
    type Output = RequestView;

    async fn run(self, ctx: Ctx) -> AppResult<RequestView> {
        request_time_off(&ctx, self.fields).await
    }
}

/// The generic request call: `type` `timeoff` asks for time off; drop-shift requests have
/// their own call.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateRequest {
    /// `timeoff`; a drop-shift request is made with `dropShift`.
    #[serde(default, rename = "type")]
    #[schema(value_type = TimeOffKind, required = true)]
    pub kind: Option<String>,
    /// The fields of the request of that type.
    #[serde(flatten)]
    #[schema(value_type = TimeOffFields)]
    pub rest: HashMap<String, Value>,
}

crate::domain::schema::words_schema!(
    /// The request type `createRequest` makes, for the API document.
    TimeOffKind,
    [RequestKind::TimeOff.as_str()]
);

impl Call for CreateRequest {
    const NAME: &'static str = "createRequest";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Make a request by type (time off).";
    type Output = RequestView;

    async fn run(self, ctx: Ctx) -> AppResult<RequestView> {
        match self.kind.as_deref().map(str::trim) {
            None | Some("") => Err(AppError::bad_request(
                "request_type_not_found",
                messages::REQUEST_TYPE_NOT_FOUND,
            )),
            Some("dropshift") => Err(AppError::bad_request(
                "use_drop_shift",
                messages::USE_DROP_SHIFT_METHOD,
            )),
            Some("timeoff") => {
                let fields: TimeOffFields =
                    serde_json::from_value(Value::Object(self.rest.into_iter().collect()))?;
                request_time_off(&ctx, fields).await
            }
            Some(_) => Err(AppError::bad_request(
                "unknown_request_type",
                messages::REQUEST_TYPE_DOES_NOT_EXIST,
            )),
        }
    }
}

/// `updateTimeOff`: edits one's own unresolved request.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateTimeOff {
    #[schema(value_type = String, format = Uuid)]
    pub request_id: RequestId,
    #[serde(flatten)]
    pub fields: TimeOffFields,
}

impl Call for UpdateTimeOff {
    const NAME: &'static str = "updateTimeOff";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Edit one's own unresolved time-off request.";
    type Output = RequestView;

    async fn run(self, ctx: Ctx) -> AppResult<RequestView> {
        let member = ctx.member()?;
        let action = TimeOffAction::Edit {
            id: self.request_id,
            times: times(self.fields.start, self.fields.end, self.fields.entire_day)?,
            description: input::optional_text(
                "description",
                self.fields.description.as_deref(),
                TEXT_MAX,
            )?,
        };
        ctx.execute(time_off(member, action)).await
    }
}

macro_rules! request_call {
    ($(#[$doc:meta])* $name:ident, $call:literal, $perms:expr, $summary:literal, $field:ident $(, alias = $alias:literal)?, |$id:ident, $resp:ident| $action:expr => $output:ty) => {
        $(#[$doc])*
        #[derive(Debug, Deserialize, ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            #[schema(value_type = String, format = Uuid)]
            $(#[serde(alias = $alias)])?
            pub $field: RequestId,
            /// An optional answer text (managers' answers).
            #[serde(default)]
            #[schema(max_length = 500)]
            pub response: Option<String>,
        }

        impl Call for $name {
            const NAME: &'static str = $call;
            const ACCESS: Access = Access::Store($perms);
            const SUMMARY: &'static str = $summary;
            type Output = $output;


            async fn run(self, ctx: Ctx) -> AppResult<$output> {
                let member = ctx.member()?;
                let $resp = input::optional_text("response", self.response.as_deref(), TEXT_MAX)?;
                let $id = self.$field;
                let action = $action;
                ctx.execute(time_off(member, action)).await
            }
        }
    };
}

request_call!(
    /// `deleteTimeOff`: deletes one's own unresolved request.
    DeleteTimeOff, "deleteTimeOff", Perms::NONE, "Delete one's own unresolved time-off request.",
    request_id, |id, _response| TimeOffAction::Delete(id) => TimeOffDeleted
);
request_call!(
    /// `cancelTimeOff`: withdraws one's own pending or approved time off.
    CancelTimeOff, "cancelTimeOff", Perms::NONE, "Withdraw one's own time off.",
    timeoff_id, alias = "requestId", |id, _response| TimeOffAction::Cancel(id) => RequestView
);
request_call!(
    /// `rejectTimeOff` (employee permission).
    RejectTimeOff, "rejectTimeOff", Perms::EMPLOYEE, "Deny a time-off request.",
    request_id, |id, response| TimeOffAction::Reject { id, response } => RequestView
);
request_call!(
    /// `checkApproveTimeoff` (employee permission): the shifts approval would open.
    CheckApproveTimeoff, "checkApproveTimeoff", Perms::EMPLOYEE, "List the shifts approving a time-off request would move to open shifts.",
    request_id, |id, _response| TimeOffAction::CheckApprove(id) => ApprovalPreview
);
request_call!(
    /// `approveTimeOff` (employee permission): accepts and opens the affected shifts.
    ApproveTimeOff, "approveTimeOff", Perms::EMPLOYEE, "Approve a time-off request; its shifts become open shifts.",
    request_id, |id, response| TimeOffAction::Approve { id, response } => TimeOffApproved
);

// ---------------------------------------------------------------------------------------
// Reads

/// Query of the availability read.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AvailabilityQuery {
    /// One employee's windows (employee record id); managers only for others.
    pub employee_id: Option<EmployeeId>,
}

/// `GET /api/v1/stores/{storeId}/availability`: managers see everyone's windows, employees
/// their own.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/availability",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), AvailabilityQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Availability]}`", body = [AvailabilityView]),
        crate::api::stores::StoreReadRefusals,
    )
)]
#[tracing::instrument(skip(state, member), fields(store = %member.store_id()))]
pub async fn get_availability(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    query: web::Query<AvailabilityQuery>,
) -> AppResult<HttpResponse> {
    let store = member.store_id();
    let only = if member.is_manager() {
        query.employee_id
    } else {
        Some(member.employee.id)
    };
    let (windows, employees) = state
        .db
        .run(move |conn| {
            Ok((
                AvailabilityWindow::of_store(conn, store)?,
                Employee::of_store(conn, store)?,
            ))
        })
        .await?;
    let user_of: HashMap<EmployeeId, Option<UserId>> =
        employees.iter().map(|e| (e.id, e.user_id)).collect();
    let views: Vec<AvailabilityView> = windows
        .iter()
        .filter(|w| only.is_none_or(|e| w.employee_id == e))
        .map(|w| AvailabilityView::new(w, user_of.get(&w.employee_id).copied().flatten()))
        .collect();
    Ok(crate::api::envelope::ok(views))
}

/// Query of the time-off read: a range in epoch milliseconds.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RangeQuery {
    /// Epoch ms. Default: a year back.
    #[param(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub start: Option<i64>,
    /// Epoch ms, not before `start`. Default: a year ahead.
    #[param(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub end: Option<i64>,
    /// One employee's requests (employee record id); managers only for others.
    pub employee_id: Option<EmployeeId>,
}

/// `GET /api/v1/stores/{storeId}/timeoff?start=&end=`: managers see every request, employees
/// their own. Without a range, everything from a year back to a year ahead.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/timeoff",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), RangeQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Request]}`", body = [RequestView]),
        (status = 400, description = "Bad range", body = crate::error::ErrorBody),
        crate::api::stores::StoreReadRefusals,
    )
)]
#[tracing::instrument(skip(state, member), fields(store = %member.store_id()))]
pub async fn get_time_off(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    query: web::Query<RangeQuery>,
) -> AppResult<HttpResponse> {
    let store = member.store_id();
    let now = chrono::Utc::now();
    let year = chrono::Duration::days(366);
    let start = match query.start {
        Some(ms) => input::instant("start", ms)?,
        None => now - year,
    };
    let end = match query.end {
        Some(ms) => input::instant("end", ms)?,
        None => now + year,
    };
    if start > end {
        return Err(AppError::bad_request(
            "start_after_end",
            messages::START_BEFORE_END,
        ));
    }
    let only = if member.is_manager() {
        query.employee_id
    } else {
        Some(member.employee.id)
    };
    let (rows, employees) = state
        .db
        .run(move |conn| {
            Ok((
                Request::time_off(conn, store, only, start, end)?,
                Employee::of_store(conn, store)?,
            ))
        })
        .await?;
    let views: Vec<RequestView> = rows
        .iter()
        .map(|r| RequestView::new(r, employees.iter().find(|e| e.id == r.employee_id)))
        .collect();
    Ok(crate::api::envelope::ok(views))
}
