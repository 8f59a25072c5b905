//! The JSON of a shift, as answered by calls and carried by `change` events.

use crate::db::models::shift::Shift;
use crate::domain::ids::{EmployeeId, RoleId, ShiftId, StoreId};
use crate::domain::shift::{Progress, Status};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// A shift. Instants are epoch milliseconds.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftView {
    pub id: ShiftId,
    pub store_id: StoreId,
    pub title: String,
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub start: i64,
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub end: i64,
    /// draft, published, confirmed, dropped, declined, rejected or cancelled.
    #[schema(inline)]
    pub status: Status,
    /// ns, ip, p, c or m (missed: not started and more than 2 hours past its end).
    #[schema(inline)]
    pub progress: Progress,
    /// The assignee's employee record; `null` for an open shift.
    #[schema(required = true)]
    pub assigned: Option<EmployeeId>,
    #[schema(required = true, format = Email)]
    pub assignee_email: Option<String>,
    #[schema(required = true)]
    pub role: Option<RoleId>,
    /// Open-ended: no planned end.
    #[serde(rename = "oe")]
    pub open_ended: bool,
    #[schema(value_type = Vec<Object>)]
    pub tasks: serde_json::Value,
    /// The manager's rating, 1 to 5 stars; `null` until rated.
    #[schema(required = true, minimum = 1, maximum = 5)]
    pub rate: Option<i16>,
    #[schema(required = true)]
    pub cancel_reason: Option<String>,
    /// The clock session of the proposed shift an approval made this shift from; `null` for
    /// a planned shift.
    #[schema(required = true)]
    pub adjacent_session_id: Option<uuid::Uuid>,
    /// Bumped by every change; name it in `updateShift` to detect a stale edit.
    pub version: i64,
    /// Creation, epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub timestamp: i64,
    /// Last change, epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub modified: i64,
}

crate::domain::list::component_list!(ShiftViewList = ShiftView);

impl ShiftView {
    /// The view of a shift as seen at `now` (a long-unstarted shift reads as missed).
    pub fn of(s: &Shift, now: DateTime<Utc>) -> ShiftView {
        ShiftView {
            id: s.id,
            store_id: s.store_id,
            title: s.title.clone(),
            start: s.start_at.timestamp_millis(),
            end: s.end_at.timestamp_millis(),
            status: s.status,
            progress: s.progress.shown(s.end_at, now),
            assigned: s.assigned,
            assignee_email: s.assignee_email.clone(),
            role: s.role_id,
            open_ended: s.open_ended,
            tasks: s.tasks.clone(),
            rate: s.rate,
            cancel_reason: s.cancel_reason.clone(),
            adjacent_session_id: s.adjacent_session_id,
            version: s.version,
            timestamp: s.created_at.timestamp_millis(),
            modified: s.updated_at.timestamp_millis(),
        }
    }

    /// The view of a shift at `now`, as the data of a live event.
    pub fn json(s: &Shift, now: DateTime<Utc>) -> serde_json::Value {
        ShiftView::of(s, now).to_json()
    }

    /// The view as the data of a live event.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or_default()
    }
}
