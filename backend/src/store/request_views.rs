//! The JSON of availability windows, requests and notifications, as answered and broadcast.

use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::employee::Employee;
use crate::db::models::notification::Notification;
use crate::db::models::request::Request;
use crate::db::models::shift::Shift;
use crate::domain::business::{TimeOfDay, WeekdayNumber, WeekdayNumberList, DAYS_IN_WEEK};
use crate::domain::ids::{
    ConversationId, EmployeeId, NotificationId, RequestId, ShiftId, StoreId, UserId,
};
use crate::domain::notification::NotificationKind;
use crate::domain::request::{RequestKind, RequestStatus};
use crate::domain::shift::Status;
use serde::Serialize;
use utoipa::ToSchema;

/// An availability window.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AvailabilityView {
    pub id: RequestId,
    pub store_id: StoreId,
    pub employee_id: EmployeeId,
    /// The employee's user, once they joined.
    #[schema(required = true)]
    pub user_id: Option<UserId>,
    /// Weekdays, 0 = Sunday, each once, in order.
    pub days: WeekdayNumberList<{ DAYS_IN_WEEK }, 1>,
    /// Local `HH:mm`.
    #[schema(pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$", example = "09:00")]
    pub start: String,
    /// Local `HH:mm`; not after `start` means the next day.
    #[schema(pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$", example = "17:00")]
    pub end: String,
    /// The whole day, whatever `start` and `end` say.
    pub all_day: bool,
    #[schema(required = true, max_length = 500)]
    pub reason: Option<String>,
    /// The client's own label of the window (e.g. `available`).
    #[serde(rename = "type")]
    #[schema(required = true, max_length = 60)]
    pub kind: Option<String>,
    #[schema(required = true, max_length = 60)]
    pub status: Option<String>,
    /// Creation, epoch milliseconds.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub timestamp: i64,
    /// Last change, epoch milliseconds.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub modified: i64,
}

fn hhmm(minutes: i32) -> String {
    TimeOfDay::from_minutes(minutes)
        .map(|t| t.to_string())
        .unwrap_or_default()
}

impl AvailabilityView {
    pub fn new(a: &AvailabilityWindow, user: Option<UserId>) -> AvailabilityView {
        AvailabilityView {
            id: a.id,
            store_id: a.store_id,
            employee_id: a.employee_id,
            user_id: user,
            days: a.days.iter().copied().map(WeekdayNumber).collect(),
            start: hhmm(a.start_minute),
            end: hhmm(a.end_minute),
            all_day: a.all_day,
            reason: a.reason.clone(),
            kind: a.kind.clone(),
            status: a.status.clone(),
            timestamp: a.created_at.timestamp_millis(),
            modified: a.updated_at.timestamp_millis(),
        }
    }
}

/// A time-off or drop-shift request.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestView {
    pub id: RequestId,
    pub store_id: StoreId,
    /// `timeoff` or `dropshift`.
    #[serde(rename = "type")]
    pub kind: RequestKind,
    /// The requester's user.
    #[schema(required = true)]
    pub user: Option<UserId>,
    pub employee_id: EmployeeId,
    /// The requester's name.
    #[schema(required = true)]
    pub employee_name: Option<String>,
    /// `pending`, `grabbed`, `accepted`, `denied` or `cancelled`.
    pub status: RequestStatus,
    /// Epoch milliseconds (time off).
    #[schema(required = true, minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub start: Option<i64>,
    /// Epoch milliseconds (time off).
    #[schema(required = true, minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub end: Option<i64>,
    pub entire_day: bool,
    #[schema(required = true)]
    pub description: Option<String>,
    #[schema(required = true)]
    pub response: Option<String>,
    #[schema(required = true)]
    pub response_by: Option<UserId>,
    /// Local dates (`YYYY-MM-DD`) the time off touches.
    #[schema(value_type = Vec<String>, format = Date)]
    pub covering_dates: Vec<String>,
    /// The shift a drop request is about.
    #[schema(required = true)]
    pub shift: Option<ShiftId>,
    /// Who took the dropped shift, waiting for a manager.
    #[schema(required = true)]
    pub grabbed_by: Option<EmployeeId>,
    /// Creation, epoch milliseconds.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub timestamp: i64,
    /// Last change, epoch milliseconds.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub modified: i64,
}

impl RequestView {
    pub fn new(r: &Request, employee: Option<&Employee>) -> RequestView {
        RequestView {
            id: r.id,
            store_id: r.store_id,
            kind: r.kind,
            user: r.user_id,
            employee_id: r.employee_id,
            employee_name: employee.map(|e| e.shown_name().to_string()),
            status: r.status,
            start: r.start_at.map(|t| t.timestamp_millis()),
            end: r.end_at.map(|t| t.timestamp_millis()),
            entire_day: r.entire_day,
            description: r.description.clone(),
            response: r.response.clone(),
            response_by: r.response_by,
            covering_dates: r.covering_dates.iter().map(|d| d.to_string()).collect(),
            shift: r.shift_id,
            grabbed_by: r.grabbed_by,
            timestamp: r.created_at.timestamp_millis(),
            modified: r.updated_at.timestamp_millis(),
        }
    }
}

/// A notification.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationView {
    pub id: NotificationId,
    pub store_id: StoreId,
    /// In English, for clients that do not word `code` themselves.
    pub title: String,
    pub content: String,
    /// What the notification says, for the reader's app to word in its language (for example
    /// `newShift`, `timeOffApproved`); `null` for words a person wrote, shown as they are.
    #[schema(required = true)]
    pub code: Option<String>,
    /// The code's parameters: names and titles as text; `start` and `end` in epoch
    /// milliseconds, shown in the store's zone; `entireDay` for time off.
    #[schema(value_type = std::collections::HashMap<String, serde_json::Value>)]
    pub params: serde_json::Value,
    pub seen: bool,
    /// One of the spec's notification types.
    #[serde(rename = "type")]
    pub kind: NotificationKind,
    /// 1 success, 2 warning, 3 error, 4 info.
    #[schema(minimum = 1, maximum = 4)]
    pub variant: i16,
    /// The user it is for, or `"public"`.
    #[schema(pattern = "^(public|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$")]
    pub access_for: String,
    #[schema(required = true)]
    pub source: Option<UserId>,
    #[schema(required = true)]
    pub shift: Option<ShiftId>,
    #[schema(required = true)]
    pub drop_request: Option<RequestId>,
    #[schema(required = true)]
    pub timeoff_request: Option<RequestId>,
    #[schema(required = true)]
    pub shift_propose: Option<uuid::Uuid>,
    #[schema(required = true)]
    pub reason: Option<String>,
    /// A `message` notification's conversation.
    #[schema(required = true)]
    pub conversation: Option<ConversationId>,
    /// Creation, epoch milliseconds.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub timestamp: i64,
}

crate::domain::list::component_list!(NotificationViewList = NotificationView);

impl From<&Notification> for NotificationView {
    fn from(n: &Notification) -> NotificationView {
        NotificationView {
            id: n.id,
            store_id: n.store_id,
            title: n.title.clone(),
            content: n.content.clone(),
            code: n.text_code.clone(),
            params: n.text_params.clone(),
            seen: n.seen,
            kind: n.kind,
            variant: n.variant,
            access_for: n
                .access_for
                .map(|u| u.to_string())
                .unwrap_or_else(|| "public".into()),
            source: n.source,
            shift: n.shift_id,
            drop_request: n.drop_request_id,
            timeoff_request: n.timeoff_request_id,
            shift_propose: n.shift_propose_id,
            reason: n.reason.clone(),
            conversation: n.conversation_id,
            timestamp: n.created_at.timestamp_millis(),
        }
    }
}

/// A shift as `checkApproveTimeoff` lists it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AffectedShift {
    pub id: ShiftId,
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub start: i64,
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub end: i64,
    #[schema(required = true)]
    pub assigned: Option<EmployeeId>,
    #[schema(required = true)]
    pub role: Option<crate::domain::ids::RoleId>,
    #[schema(value_type = Status)]
    pub status: String,
    pub title: String,
}

impl From<&Shift> for AffectedShift {
    fn from(s: &Shift) -> AffectedShift {
        AffectedShift {
            id: s.id,
            start: s.start_at.timestamp_millis(),
            end: s.end_at.timestamp_millis(),
            assigned: s.assigned,
            role: s.role_id,
            status: s.status.to_string(),
            title: s.title.clone(),
        }
    }
}
