//! The shift pool: an assignee drops a shift (it stays theirs), a colleague of the same role
//! grabs it, a manager approves or rejects the grab. Plans without I/O like every command.

use crate::db::models::request::Request;
use crate::db::models::shift::Shift;
use crate::domain::audience::Audience;
use crate::domain::chat::MessageKind;
use crate::domain::ids::{RequestId, RoleId, ShiftId, UserId};
use crate::domain::notification::{
    texts, AccessFor, Draft, NotificationKind, References, Text, Variant,
};
use crate::domain::permissions::Permission;
use crate::domain::pool::{self, GrabCheck, GrabRefusal, TakeCheck, TakeRefusal};
use crate::domain::request::{RequestKind, RequestStatus};
use crate::domain::shift::Status;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, EventDraft, Reply, Write};
use crate::store::notify;
use crate::store::request_views::RequestView;
use crate::store::shifts::{self, Caller};
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

fn no_drop_request() -> AppError {
    AppError::not_found("no_drop_request", messages::NO_DROP_REQUEST)
}

/// The open drop request (pending or grabbed) of a shift.
fn open_drop_of(state: &StoreState, shift: ShiftId) -> Option<&Request> {
    state.requests.values().find(|r| {
        r.kind == RequestKind::DropShift
            && r.shift_id == Some(shift)
            && matches!(r.status, RequestStatus::Pending | RequestStatus::Grabbed)
    })
}

fn drop_request(state: &StoreState, id: RequestId) -> AppResult<&Request> {
    state
        .requests
        .get(&id)
        .filter(|r| r.kind == RequestKind::DropShift)
        .ok_or_else(no_drop_request)
}

fn name_of(state: &StoreState, employee: Option<crate::domain::ids::EmployeeId>) -> String {
    employee
        .and_then(|e| state.employee(e))
        .map(|e| e.shown_name().to_string())
        .unwrap_or_else(|| "Employee".into())
}

fn note(to: UserId, by: UserId, variant: Variant, text: Text, request: &Request) -> Draft {
    Draft {
        kind: NotificationKind::DropShift,
        variant,
        text,
        access_for: AccessFor::User(to),
        source: Some(by),
        references: References {
            shift: request.shift_id,
            drop_request: Some(request.id),
            ..References::default()
        },
        reason: None,
    }
}

/// The answer of `dropShift`, `grabShift`, `approveGrabShift` and `rejectGrabShift`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DropRequestChange {
    /// The drop request as it now stands.
    pub request: RequestView,
    /// The shift, when the call changed it (dropped, or given to the grabber); `null` otherwise.
    #[schema(required = true)]
    pub shift: Option<ShiftView>,
}

/// Effects of a changed drop request (and its shift), with notifications. Drop requests are
/// announced to everyone: the pool is the store's.
fn effects(
    state: &StoreState,
    request: Request,
    shift: Option<(&Shift, Shift)>,
    drafts: Vec<Draft>,
    kind: &'static str,
    now: DateTime<Utc>,
) -> Effects {
    let view = RequestView::new(&request, state.employee(request.employee_id));
    let mut effects = Effects::default();
    let mut shift_view = None;
    if let Some((before, after)) = shift {
        shift_view = Some(ShiftView::of(&after, now));
        shifts::changed(state, before, after, now, &mut effects);
    }
    effects.events.push(EventDraft {
        kind,
        data: json!(view),
        visibility: Audience::Everyone,
    });
    effects
        .writes
        .push(Write::PutRequest(Box::new(request.clone())));
    shifts::notify_all(state, drafts, now, &mut effects);
    effects.reply = Reply::new(DropRequestChange {
        request: view,
        shift: shift_view,
    });
    effects
}

/// `dropShift`: the assignee offers an announced shift to colleagues of its role, up to one
/// hour before it starts. It stays theirs until a grab is approved.
#[derive(Debug)]
pub struct DropShift {
    pub by: Caller,
    pub shift: ShiftId,
}

impl Command for DropShift {
    fn name(&self) -> &'static str {
        "dropShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = state
            .shifts
            .get(&self.shift)
            .filter(|s| s.assigned == Some(self.by.employee))
            .filter(|s| s.status.is_visible_to_assignee())
            .ok_or_else(|| AppError::not_found("shift_not_found", messages::SHIFT_NOT_FOUND))?;
        if open_drop_of(state, s.id).is_some() {
            return Err(AppError::conflict(
                "already_dropped",
                messages::SHIFT_ALREADY_DROPPED,
            ));
        }
        let (mut planned, message) = offer(state, s, &self.by, now)?;
        if let Some(team) = state.chat.team() {
            crate::store::chat::post(state, team, message, now, &mut planned);
        }
        Ok(planned)
    }
}

/// Puts an announced shift of its assignee in the pool: the spec's drop rules, a pending drop
/// request in the assignee's name, the shift dropped (still theirs), the managers told and the
/// team's conversation offered the grab (the message is returned for the caller to post, so a
/// batch numbers its messages in turn). `by` is the assignee, or the manager who dropped it for
/// them (who then tells the assignee).
fn offer(
    state: &StoreState,
    s: &Shift,
    by: &Caller,
    now: DateTime<Utc>,
) -> AppResult<(Effects, crate::store::chat::Draft)> {
    let dropper = crate::domain::shift::batch_drop(s.status, s.assigned.is_some())
        .ok()
        .and(s.assigned)
        .ok_or_else(|| {
            AppError::bad_request(
                "wrong_status",
                format!("This cannot be done to a {} shift.", s.status),
            )
            .with_details(json!({ "type": 4 }))
        })?;
    let role = s.role_id.and_then(|r| state.role(r));
    if !pool::role_swaps(role.map(|r| r.swappeable)) {
        let title = role.map(|r| r.title.as_str()).unwrap_or_default();
        return Err(AppError::bad_request(
            "role_not_swappable",
            messages::ROLE_NOT_SWAPPABLE.replace("{role}", title),
        ));
    }
    if !pool::may_drop(s.start_at, now) {
        return Err(AppError::bad_request(
            "too_late",
            messages::TOO_LATE_TO_DROP,
        ));
    }
    let dropper_user = state.user_of(Some(dropper));
    let request = Request {
        id: RequestId::new(),
        store_id: state.store.id,
        kind: RequestKind::DropShift,
        employee_id: dropper,
        user_id: dropper_user,
        status: RequestStatus::Pending,
        start_at: Some(s.start_at),
        end_at: Some(s.end_at),
        entire_day: false,
        description: None,
        response: None,
        response_by: None,
        covering_dates: Vec::new(),
        shift_id: Some(s.id),
        grabbed_by: None,
        created_at: now,
        updated_at: now,
    };
    let mut after = s.clone();
    after.status = Status::Dropped;
    after.version += 1;
    after.updated_at = now;
    let who = name_of(state, Some(dropper));
    let when = state.shift_when(s);
    let text = texts::shift_dropped(&who, &s.title, when);
    let mut drafts: Vec<Draft> = notify::responders(state, Permission::Schedule)
        .into_iter()
        .filter(|u| *u != by.user)
        .map(|u| note(u, by.user, Variant::Info, text.clone(), &request))
        .collect();
    if let Some(u) = dropper_user.filter(|u| *u != by.user) {
        let manager = state
            .employee(by.employee)
            .map(|e| e.shown_name().to_string())
            .unwrap_or_else(|| "A manager".into());
        let told = texts::shift_put_in_pool(&manager, &s.title, when);
        drafts.push(note(u, by.user, Variant::Info, told, &request));
    }
    let action = json!({ "dropRequest": request.id, "shift": s.id });
    let planned = effects(
        state,
        request,
        Some((s, after)),
        drafts,
        "request.created",
        now,
    );
    // The team hears of it where it talks: a `dropshift` message that opens the grab.
    let message = crate::store::chat::Draft {
        sender: None,
        kind: MessageKind::DropShift,
        content: text.content,
        reply_to: None,
        action: Some(action),
        attachments: Vec::new(),
    };
    Ok((planned, message))
}

/// `batchDropShifts`: a manager puts several announced, assigned shifts in the pool, each as
/// `dropShift` would (a drop request in its assignee's name), all or none. A shift already in
/// the pool is left as it is.
#[derive(Debug)]
pub struct BatchDropShifts {
    pub by: Caller,
    pub ids: Vec<ShiftId>,
}

impl Command for BatchDropShifts {
    fn name(&self) -> &'static str {
        "batchDropShifts"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if self.ids.len() > shifts::MAX_BATCH_IDS {
            return Err(AppError::invalid(format!(
                "A batch can name at most {} shifts.",
                shifts::MAX_BATCH_IDS
            )));
        }
        let mut all = Effects::default();
        let mut team = state.chat.team().cloned();
        let mut done = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for &id in self.ids.iter().filter(|id| seen.insert(**id)) {
            let s = state
                .shifts
                .get(&id)
                .ok_or_else(|| AppError::not_found("shift_not_found", messages::SHIFT_NOT_FOUND))?;
            if open_drop_of(state, id).is_none() {
                let (planned, message) = offer(state, s, &self.by, now).map_err(|e| {
                    let mut details = e.details.clone().unwrap_or_else(|| json!({}));
                    details["shiftId"] = json!(id);
                    e.with_details(details)
                })?;
                all.writes.extend(planned.writes);
                all.events.extend(planned.events);
                if let Some(team) = team.as_mut() {
                    crate::store::chat::post(state, team, message, now, &mut all);
                    // The next message takes the number after this one.
                    team.last_seq += 1;
                    team.updated_at = now;
                }
            }
            done.push(id);
        }
        all.reply = Reply::new(shifts::BatchedShifts {
            shifts: done.into(),
        });
        Ok(all)
    }
}

/// `grabShift`: a colleague of the same role asks to take a dropped shift. The first grab
/// wins; the shift waits for a manager's approval.
#[derive(Debug)]
pub struct GrabShift {
    pub by: Caller,
    pub request: RequestId,
}

impl Command for GrabShift {
    fn name(&self) -> &'static str {
        "grabShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let request = drop_request(state, self.request)?;
        let shift = request
            .shift_id
            .and_then(|id| state.shifts.get(&id))
            .ok_or_else(no_drop_request)?;
        let grabber = state
            .employee(self.by.employee)
            .filter(|e| !e.deactive)
            .ok_or_else(no_drop_request)?;
        if request.status == RequestStatus::Grabbed && request.grabbed_by != Some(grabber.id) {
            return Err(AppError::conflict(
                "already_grabbed",
                messages::ALREADY_GRABBED,
            ));
        }
        let roles: Vec<RoleId> = grabber.role_ids.iter().copied().map(RoleId).collect();
        pool::check_grab(&GrabCheck {
            request_status: request.status,
            request_store: request.store_id,
            dropper: request.employee_id,
            shift_role: shift.role_id,
            shift_start: shift.start_at,
            grabber: grabber.id,
            grabber_store: state.store.id,
            grabber_roles: &roles,
            now,
        })
        .map_err(|e| match e {
            GrabRefusal::OwnShift | GrabRefusal::TooLate => {
                AppError::bad_request("cannot_grab", e.to_string())
            }
            _ => no_drop_request(),
        })?;
        shifts::check_taker(state, grabber.id, shift)?;
        let mut next = request.clone();
        next.status = RequestStatus::Grabbed;
        next.grabbed_by = Some(grabber.id);
        next.updated_at = now;
        let who = grabber.shown_name().to_string();
        let text = texts::shift_grabbed(&who, &shift.title, state.shift_when(shift));
        let drafts = notify::responders(state, Permission::Schedule)
            .into_iter()
            .filter(|u| *u != self.by.user)
            .map(|u| note(u, self.by.user, Variant::Info, text.clone(), &next))
            .collect();
        Ok(effects(state, next, None, drafts, "request.updated", now))
    }
}

/// A manager's answer to a grab.
#[derive(Debug)]
pub struct AnswerGrab {
    pub by: Caller,
    pub request: RequestId,
    pub approve: bool,
}

impl Command for AnswerGrab {
    fn name(&self) -> &'static str {
        if self.approve {
            "approveGrabShift"
        } else {
            "rejectGrabShift"
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let request = drop_request(state, self.request)?;
        if request.status != RequestStatus::Grabbed {
            return Err(AppError::bad_request(
                "not_grabbed",
                messages::NOTHING_GRABBED,
            ));
        }
        let shift = request
            .shift_id
            .and_then(|id| state.shifts.get(&id))
            .ok_or_else(no_drop_request)?;
        let grabber = request.grabbed_by;
        let grabber_user = state.user_of(grabber);
        let dropper_user = request.user_id;
        let mut next = request.clone();
        next.response_by = Some(self.by.user);
        next.updated_at = now;
        let mut drafts = Vec::new();
        let shift_change = if self.approve {
            // The grabber's week may have filled up since the grab.
            if let Some(g) = grabber {
                shifts::check_taker(state, g, shift)?;
            }
            // The grabber asked for the shift: it is theirs, confirmed.
            let mut after = shift.clone();
            after.assigned = grabber;
            after.assignee_email = grabber
                .and_then(|e| state.employee(e))
                .map(|e| e.email.clone());
            after.status = Status::Confirmed;
            after.version += 1;
            after.updated_at = now;
            next.status = RequestStatus::Accepted;
            let when = state.shift_when(shift);
            if let Some(u) = grabber_user {
                drafts.push(note(
                    u,
                    self.by.user,
                    Variant::Success,
                    texts::grab_approved(&shift.title, when),
                    &next,
                ));
            }
            if let Some(u) = dropper_user {
                drafts.push(note(
                    u,
                    self.by.user,
                    Variant::Success,
                    texts::shift_taken(&name_of(state, grabber), &shift.title, when),
                    &next,
                ));
            }
            Some((shift, after))
        } else {
            // The shift goes back to the pool for someone else.
            next.status = RequestStatus::Pending;
            next.grabbed_by = None;
            if let Some(u) = grabber_user {
                drafts.push(note(
                    u,
                    self.by.user,
                    Variant::Warning,
                    texts::grab_rejected(&shift.title, state.shift_when(shift)),
                    &next,
                ));
            }
            None
        };
        Ok(effects(
            state,
            next,
            shift_change,
            drafts,
            "request.updated",
            now,
        ))
    }
}

/// `takeOpenShift`: an employee takes an announced open shift of their role from the pool.
/// It is theirs at once, confirmed: nobody else was asked to work it. The first take wins.
#[derive(Debug)]
pub struct TakeOpenShift {
    pub by: Caller,
    pub shift: ShiftId,
}

impl Command for TakeOpenShift {
    fn name(&self) -> &'static str {
        "takeOpenShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let not_open = || AppError::not_found("no_open_shift", messages::NO_OPEN_SHIFT);
        let shift = state.shifts.get(&self.shift).ok_or_else(not_open)?;
        let taker = state
            .employee(self.by.employee)
            .filter(|e| !e.deactive)
            .ok_or_else(not_open)?;
        let roles: Vec<RoleId> = taker.role_ids.iter().copied().map(RoleId).collect();
        let status = shift.status;
        let takes = pool::check_take(&TakeCheck {
            announced: status.is_visible_to_assignee() && status != Status::Cancelled,
            assigned: shift.assigned,
            shift_role: shift.role_id,
            shift_start: shift.start_at,
            taker: taker.id,
            taker_roles: &roles,
            now,
        })
        .map_err(|e| match e {
            TakeRefusal::NotOpen => not_open(),
            TakeRefusal::Taken => AppError::conflict("already_taken", e.to_string()),
            TakeRefusal::Started => AppError::bad_request("already_started", e.to_string()),
        })?;
        if !takes {
            return Ok(Effects::nothing(ShiftView::of(shift, now)));
        }
        shifts::check_taker(state, taker.id, shift)?;
        let mut after = shift.clone();
        after.assigned = Some(taker.id);
        after.assignee_email = Some(taker.email.clone());
        after.status = Status::Confirmed;
        after.version += 1;
        after.updated_at = now;
        let text =
            texts::open_shift_taken(taker.shown_name(), &shift.title, state.shift_when(shift));
        let drafts = notify::responders(state, Permission::Schedule)
            .into_iter()
            .filter(|u| *u != self.by.user)
            .map(|u| {
                shifts::shift_note(
                    NotificationKind::ShiftUpdate,
                    Variant::Info,
                    text.clone(),
                    u,
                    self.by.user,
                    shift,
                    None,
                )
            })
            .collect();
        let mut effects = Effects {
            reply: Reply::new(ShiftView::of(&after, now)),
            ..Effects::default()
        };
        shifts::changed(state, shift, after, now, &mut effects);
        shifts::notify_all(state, drafts, now, &mut effects);
        Ok(effects)
    }
}
