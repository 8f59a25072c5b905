//! Time off: an employee asks for it, edits, deletes or withdraws it; a manager (`employee`
//! permission) rejects, checks or approves it. Each is a command to the store's actor.

use super::limits::TEXT_MAX;
use crate::calls::bounded::{self, OptionalText, Text};
use crate::calls::guard::Member;
use crate::calls::input;
use crate::calls::{Access, Call, Ctx};
use crate::domain::ids::RequestId;
use crate::domain::permissions::Perms;
use crate::domain::request::RequestKind;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::request_views::RequestView;
use crate::store::time_off::{
    ApprovalPreview, TimeOffAction, TimeOffApproved, TimeOffCommand, TimeOffDeleted, Times,
};
use serde::Deserialize;
use serde_json::Value;
use std::collections::HashMap;
use utoipa::ToSchema;

/// The time-off command by `member` doing `action`.
fn time_off(member: &Member, action: TimeOffAction) -> TimeOffCommand {
    TimeOffCommand {
        store: member.store_id(),
        by: member.user,
        by_employee: member.employee.id,
        action,
    }
}

/// A request's span, its instants checked.
fn times(start: bounded::Instant, end: bounded::Instant, entire_day: bool) -> AppResult<Times> {
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
    pub start: bounded::Instant,
    /// Epoch milliseconds, not before `start`.
    pub end: bounded::Instant,
    #[serde(default)]
    pub entire_day: bool,
    /// Empty means none.
    #[serde(default)]
    pub description: Option<Text<{ TEXT_MAX }>>,
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
        description: fields.description.optional("description")?,
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
            description: self.fields.description.optional("description")?,
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
            pub response: Option<Text<{ TEXT_MAX }>>,
        }

        impl Call for $name {
            const NAME: &'static str = $call;
            const ACCESS: Access = Access::Store($perms);
            const SUMMARY: &'static str = $summary;
            type Output = $output;


            async fn run(self, ctx: Ctx) -> AppResult<$output> {
                let member = ctx.member()?;
                let $resp = self.response.optional("response")?;
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
