//! Commands on time-off requests: asking, editing, withdrawing, and a manager's answer.

use crate::db::models::request::Request;
use crate::db::models::shift::Shift;
use crate::domain::ids::{EmployeeId, RequestId, StoreId, UserId};
use crate::domain::notification::texts::{Dates, When};
use crate::domain::notification::{
    texts, AccessFor, Draft, NotificationKind, References, Text, Variant,
};
use crate::domain::permissions::Permission;
use crate::domain::request::{RequestKind, RequestStatus};
use crate::domain::shift;
use crate::domain::time_off::{Span, SpanError};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, EventDraft, Reply, Visibility, Write};
use crate::store::notify;
use crate::store::request_views::{AffectedShift, RequestView};
use crate::store::shifts;
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

/// The requested times, as sent (normalised against the store's zone when planned).
#[derive(Debug, Clone)]
pub struct Times {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub entire_day: bool,
}

/// What to do, and what the command answers for it.
#[derive(Debug, Clone)]
pub enum TimeOffAction {
    /// Answers the new request, a [`RequestView`].
    Request {
        times: Times,
        description: Option<String>,
    },
    /// Answers the changed request, a [`RequestView`].
    Edit {
        id: RequestId,
        times: Times,
        description: Option<String>,
    },
    /// Answers [`TimeOffDeleted`].
    Delete(RequestId),
    /// Answers the cancelled request, a [`RequestView`].
    Cancel(RequestId),
    /// Answers the denied request, a [`RequestView`].
    Reject {
        id: RequestId,
        response: Option<String>,
    },
    /// Lists the shifts an approval would open (changes nothing). Answers [`ApprovalPreview`].
    CheckApprove(RequestId),
    /// Answers [`TimeOffApproved`].
    Approve {
        id: RequestId,
        response: Option<String>,
    },
}

/// A deleted time-off request: the answer of its deletion and the data of its
/// `request.deleted` event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TimeOffDeleted {
    /// The request's id.
    pub id: RequestId,
    /// Always `timeoff`.
    #[serde(rename = "type")]
    pub kind: RequestKind,
}

/// The shifts approving a time-off request would move to open shifts.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ApprovalPreview {
    /// The requester's shifts overlapping the time off that still hold them, by start.
    pub shifts: Vec<AffectedShift>,
}

/// An approved time-off request and the shifts it opened.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TimeOffApproved {
    /// The request, now `accepted`.
    pub request: RequestView,
    /// The requester's shifts that became open shifts.
    pub shifts: Vec<ShiftView>,
}

/// A time-off command of one member of the store.
#[derive(Debug, Clone)]
pub struct TimeOffCommand {
    pub store: StoreId,
    pub by: UserId,
    /// The caller's employee record.
    pub by_employee: EmployeeId,
    pub action: TimeOffAction,
}

fn not_found() -> AppError {
    AppError::not_found("request_not_found", messages::REQUEST_NOT_FOUND)
}

fn edit_resolved() -> AppError {
    AppError::bad_request("request_resolved", messages::EDIT_RESOLVED_REQUEST)
}

fn span(times: &Times, tz: Tz) -> AppResult<Span> {
    Span::new(times.start, times.end, times.entire_day, tz).map_err(|e| match e {
        SpanError::StartAfterEnd => {
            AppError::bad_request("start_after_end", messages::START_BEFORE_END)
        }
        SpanError::OutOfRange => AppError::invalid(e.to_string()),
        SpanError::TooLong => AppError::bad_request("time_off_too_long", e.to_string()),
    })
}

/// Shifts of `employee` that approving `span` would move to open shifts: the ones overlapping
/// it that still hold them (draft, published, confirmed or dropped).
pub fn affected<'a>(state: &'a StoreState, employee: EmployeeId, span: &Span) -> Vec<&'a Shift> {
    let mut shifts: Vec<&Shift> = state
        .shifts
        .values()
        .filter(|s| s.assigned == Some(employee))
        .filter(|s| shift::release(s.status).is_some())
        .filter(|s| span.overlaps(s.start_at, s.end_at))
        .collect();
    shifts.sort_by_key(|s| (s.start_at, s.id));
    shifts
}

impl TimeOffCommand {
    /// A time-off request of this store.
    fn request<'a>(&self, state: &'a StoreState, id: RequestId) -> AppResult<&'a Request> {
        state
            .requests
            .get(&id)
            .filter(|r| r.store_id == self.store && r.kind == RequestKind::TimeOff)
            .ok_or_else(not_found)
    }

    /// The caller's own time-off request (someone else's is as unknown as a made-up id).
    fn own<'a>(&self, state: &'a StoreState, id: RequestId) -> AppResult<&'a Request> {
        self.request(state, id)
            .ok()
            .filter(|r| r.employee_id == self.by_employee)
            .ok_or_else(not_found)
    }

    fn name_of(state: &StoreState, employee: EmployeeId) -> String {
        state
            .employee(employee)
            .map(|e| e.shown_name().to_string())
            .unwrap_or_else(|| "Employee".into())
    }
}

/// Builds the effects of a changed (or new) request, its live event and its notifications.
fn changed(
    state: &StoreState,
    row: Request,
    kind: &'static str,
    drafts: Vec<Draft>,
    now: DateTime<Utc>,
) -> Effects {
    let employee = state.employee(row.employee_id);
    let view = RequestView::new(&row, employee);
    let visibility = Visibility::ManagersAnd(row.user_id.into_iter().collect());
    let (mut writes, mut events) = (vec![Write::PutRequest(Box::new(row.clone()))], Vec::new());
    events.push(EventDraft {
        kind,
        data: json!(view),
        visibility,
    });
    let (n_writes, n_events) = notify::effects(state, drafts, now);
    writes.extend(n_writes);
    events.extend(n_events);
    Effects {
        writes,
        events,
        reply: Reply::new(view),
    }
}

fn draft(
    kind: NotificationKind,
    variant: Variant,
    text: Text,
    to: UserId,
    source: UserId,
    request: RequestId,
) -> Draft {
    Draft {
        kind,
        variant,
        text,
        access_for: AccessFor::User(to),
        source: Some(source),
        references: References {
            timeoff_request: Some(request),
            ..References::default()
        },
        reason: None,
    }
}

impl Command for TimeOffCommand {
    fn name(&self) -> &'static str {
        "timeOff"
    }

    #[tracing::instrument(name = "timeOff", skip_all, fields(store = %self.store))]
    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let tz = state.zone();
        match &self.action {
            TimeOffAction::Request { times, description } => {
                let span = span(times, tz)?;
                let row = Request {
                    id: RequestId::new(),
                    store_id: self.store,
                    kind: RequestKind::TimeOff,
                    employee_id: self.by_employee,
                    user_id: Some(self.by),
                    status: RequestStatus::Pending,
                    start_at: Some(span.start),
                    end_at: Some(span.end),
                    entire_day: span.entire_day,
                    description: description.clone(),
                    response: None,
                    response_by: None,
                    covering_dates: span.covering_dates(tz),
                    shift_id: None,
                    grabbed_by: None,
                    created_at: now,
                    updated_at: now,
                };
                let text = texts::time_off_requested(
                    &Self::name_of(state, self.by_employee),
                    Dates {
                        span: &span,
                        zone: tz,
                    },
                );
                let drafts = notify::responders(state, Permission::Employee)
                    .into_iter()
                    .filter(|u| *u != self.by)
                    .map(|u| {
                        draft(
                            NotificationKind::TimeOff,
                            Variant::Info,
                            text.clone(),
                            u,
                            self.by,
                            row.id,
                        )
                    })
                    .collect();
                Ok(changed(state, row, "request.created", drafts, now))
            }
            TimeOffAction::Edit {
                id,
                times,
                description,
            } => {
                let mut row = self.own(state, *id)?.clone();
                if row.status != RequestStatus::Pending {
                    return Err(edit_resolved());
                }
                let span = span(times, tz)?;
                row.start_at = Some(span.start);
                row.end_at = Some(span.end);
                row.entire_day = span.entire_day;
                row.covering_dates = span.covering_dates(tz);
                row.description = description.clone();
                row.updated_at = now;
                Ok(changed(state, row, "request.updated", Vec::new(), now))
            }
            TimeOffAction::Delete(id) => {
                let row = self.own(state, *id)?;
                if row.status != RequestStatus::Pending {
                    return Err(AppError::bad_request(
                        "request_resolved",
                        messages::DELETE_RESOLVED_REQUEST,
                    ));
                }
                let deleted = TimeOffDeleted {
                    id: row.id,
                    // `own` finds time-off requests only.
                    kind: RequestKind::TimeOff,
                };
                Ok(Effects {
                    writes: vec![Write::DeleteRequest(row.id)],
                    events: vec![EventDraft {
                        kind: "request.deleted",
                        data: json!(deleted),
                        visibility: Visibility::ManagersAnd(row.user_id.into_iter().collect()),
                    }],
                    reply: Reply::new(deleted),
                })
            }
            TimeOffAction::Cancel(id) => {
                let mut row = self.own(state, *id)?.clone();
                if !matches!(row.status, RequestStatus::Pending | RequestStatus::Accepted) {
                    return Err(edit_resolved());
                }
                row.status = RequestStatus::Cancelled;
                row.updated_at = now;
                let span = row.span().ok_or_else(not_found)?;
                let text = texts::time_off_cancelled(
                    &Self::name_of(state, row.employee_id),
                    Dates {
                        span: &span,
                        zone: tz,
                    },
                );
                let drafts = notify::responders(state, Permission::Employee)
                    .into_iter()
                    .filter(|u| *u != self.by)
                    .map(|u| {
                        draft(
                            NotificationKind::CancelTimeOff,
                            Variant::Info,
                            text.clone(),
                            u,
                            self.by,
                            row.id,
                        )
                    })
                    .collect();
                Ok(changed(state, row, "request.updated", drafts, now))
            }
            TimeOffAction::Reject { id, response } => {
                let mut row = self.request(state, *id)?.clone();
                if row.status != RequestStatus::Pending {
                    return Err(edit_resolved());
                }
                row.status = RequestStatus::Denied;
                row.response = response.clone();
                row.response_by = Some(self.by);
                row.updated_at = now;
                let span = row.span().ok_or_else(not_found)?;
                let drafts = row
                    .user_id
                    .map(|u| {
                        draft(
                            NotificationKind::TimeOff,
                            Variant::Warning,
                            texts::time_off_answered(
                                false,
                                Dates {
                                    span: &span,
                                    zone: tz,
                                },
                            ),
                            u,
                            self.by,
                            row.id,
                        )
                    })
                    .into_iter()
                    .collect();
                Ok(changed(state, row, "request.updated", drafts, now))
            }
            TimeOffAction::CheckApprove(id) => {
                let row = self.request(state, *id)?;
                let span = row.span().ok_or_else(not_found)?;
                let shifts: Vec<AffectedShift> = affected(state, row.employee_id, &span)
                    .into_iter()
                    .map(AffectedShift::from)
                    .collect();
                Ok(Effects::nothing(ApprovalPreview { shifts }))
            }
            TimeOffAction::Approve { id, response } => {
                let mut row = self.request(state, *id)?.clone();
                if row.status != RequestStatus::Pending {
                    return Err(edit_resolved());
                }
                let span = row.span().ok_or_else(not_found)?;
                row.status = RequestStatus::Accepted;
                row.response = response.clone();
                row.response_by = Some(self.by);
                row.updated_at = now;
                let requester = row.user_id;
                let mut drafts = Vec::new();
                if let Some(u) = requester {
                    drafts.push(draft(
                        NotificationKind::TimeOff,
                        Variant::Success,
                        texts::time_off_answered(
                            true,
                            Dates {
                                span: &span,
                                zone: tz,
                            },
                        ),
                        u,
                        self.by,
                        row.id,
                    ));
                }
                let opened = affected(state, row.employee_id, &span);
                if let Some(u) = requester {
                    for s in &opened {
                        let when = When {
                            at: s.start_at,
                            zone: tz,
                        };
                        drafts.push(Draft {
                            kind: NotificationKind::ShiftUpdate,
                            variant: Variant::Warning,
                            text: texts::shift_opened(&s.title, when),
                            access_for: AccessFor::User(u),
                            source: Some(self.by),
                            references: References {
                                shift: Some(s.id),
                                timeoff_request: Some(row.id),
                                ..References::default()
                            },
                            reason: None,
                        });
                    }
                }
                let mut effects = changed(state, row, "request.updated", drafts, now);
                let request = std::mem::take(&mut effects.reply).take::<RequestView>()?;
                let shifts_json = shifts::release(state, self.by, opened, now, &mut effects);
                effects.reply = Reply::new(TimeOffApproved {
                    request,
                    shifts: shifts_json,
                });
                Ok(effects)
            }
        }
    }
}
