//! Shift commands. Each plans against the store's state, without I/O: it checks the spec's
//! rules (`domain::shift`, `domain::schedule`) and returns the rows to write, the changes to
//! announce (with who may see them) and its answer.

use crate::db::models::shift::Shift;
use crate::domain::audience::Audience;
use crate::domain::availability::Window;
use crate::domain::ids::{EmployeeId, RoleId, ShiftId, UserId};
use crate::domain::notification::{texts, AccessFor, Draft, NotificationKind, References, Variant};
use crate::domain::permissions::Permission;
use crate::domain::permissions::Perms;
use crate::domain::request::{RequestKind, RequestStatus};
use crate::domain::schedule::{self, Assignee, ShiftError, Span};
use crate::domain::shift::{self, EditKind, Progress, Refusal, Removal, Status};
use crate::domain::time_off;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, EventDraft, Reply, Write};
use crate::store::notify;
use crate::store::state::StoreState;
use crate::store::views::ShiftView;
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};

/// Most shifts one `createShift` may make through `repeat`.
pub const MAX_REPEAT: usize = 370;
/// Most shifts one batch call may name.
pub const MAX_BATCH_IDS: usize = 1000;

/// How far back a shift may lie (the store keeps that much history at hand for its checks).
pub const PAST_LIMIT: Duration = Duration::days(60);
/// How far ahead a shift may be planned.
pub const FUTURE_LIMIT: Duration = Duration::days(5 * 366);

/// Refuses spans outside the planning window.
fn plannable(span: &Span, now: DateTime<Utc>) -> AppResult<()> {
    if span.end < now - PAST_LIMIT || span.start > now + FUTURE_LIMIT {
        return Err(
            AppError::bad_request("out_of_range", messages::SHIFT_OUT_OF_RANGE)
                .with_details(json!({ "type": 4 })),
        );
    }
    Ok(())
}

/// Who runs a command.
#[derive(Debug, Clone, Copy)]
pub struct Caller {
    pub user: UserId,
    pub employee: EmployeeId,
    pub perms: Perms,
}

fn shift_error(e: ShiftError) -> AppError {
    AppError::bad_request(e.code(), e.to_string()).with_details(json!({ "type": e.ty() }))
}

fn refusal(e: Refusal) -> AppError {
    let code = match e {
        Refusal::OpenShift => "open_shift",
        Refusal::WrongStatus(_) => "wrong_status",
        Refusal::TooLateToCancel => "too_late_to_cancel",
        Refusal::NotStarted => "not_started",
        Refusal::AlreadyStarted => "already_started",
    };
    AppError::bad_request(code, e.to_string()).with_details(json!({ "type": 4 }))
}

fn shift_not_found() -> AppError {
    AppError::not_found("shift_not_found", messages::SHIFT_NOT_FOUND)
}

fn find(state: &StoreState, id: ShiftId) -> AppResult<&Shift> {
    state.shifts.get(&id).ok_or_else(shift_not_found)
}

fn status_of(s: &Shift) -> Status {
    Status::parse(&s.status).unwrap_or(Status::Draft)
}

/// Who may see a shift as it is: managers always; its assignee once it is announced; everyone
/// when it is an announced open shift (the pool).
fn viewers(state: &StoreState, s: &Shift) -> (bool, Option<UserId>) {
    let status = status_of(s);
    let announced = status.is_visible_to_assignee();
    if s.assigned.is_none() && announced && status != Status::Cancelled {
        return (true, None);
    }
    let user = if announced {
        state.user_of(s.assigned)
    } else {
        None
    };
    (false, user)
}

/// The audience of a change from `before` to `after`: whoever could see either version (so a
/// former assignee learns the shift is no longer theirs).
fn audience(state: &StoreState, before: Option<&Shift>, after: Option<&Shift>) -> Audience {
    let mut everyone = false;
    let mut users = Vec::new();
    for s in [before, after].into_iter().flatten() {
        let (all, user) = viewers(state, s);
        everyone |= all;
        users.extend(user);
    }
    if everyone {
        Audience::Everyone
    } else {
        Audience::managers_and(users)
    }
}

fn event(kind: &'static str, data: Value, visibility: Audience) -> EventDraft {
    EventDraft {
        kind,
        data,
        visibility,
    }
}

pub(crate) fn changed(
    state: &StoreState,
    before: &Shift,
    after: Shift,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let view = ShiftView::json(&after, now);
    effects.events.push(event(
        "shift.updated",
        view,
        audience(state, Some(before), Some(&after)),
    ));
    effects.writes.push(Write::PutShift(Box::new(after)));
}

/// A notification about a shift to one user.
pub(crate) fn shift_note(
    kind: NotificationKind,
    variant: Variant,
    (title, content): (String, String),
    to: UserId,
    by: UserId,
    shift: &Shift,
    reason: Option<&str>,
) -> Draft {
    Draft {
        kind,
        variant,
        title,
        content,
        access_for: AccessFor::User(to),
        source: Some(by),
        references: References {
            shift: Some(shift.id),
            ..References::default()
        },
        reason: reason.map(str::to_string),
    }
}

/// Adds the notifications' writes and live events to a command's effects.
pub(crate) fn notify_all(
    state: &StoreState,
    drafts: Vec<Draft>,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let (writes, events) = notify::effects(state.store.id, drafts, now);
    effects.writes.extend(writes);
    effects.events.extend(events);
}

/// The effects of changing one shift, answered with its new view.
fn one_change(state: &StoreState, before: &Shift, after: Shift, now: DateTime<Utc>) -> Effects {
    let mut effects = Effects {
        reply: Reply::new(ShiftView::json(&after, now)),
        ..Effects::default()
    };
    changed(state, before, after, now, &mut effects);
    effects
}

fn removed(state: &StoreState, before: &Shift, effects: &mut Effects) {
    effects.events.push(event(
        "shift.deleted",
        json!({ "id": before.id }),
        audience(state, Some(before), None),
    ));
    effects.writes.push(Write::DeleteShift(before.id));
}

/// A copy of the shift with its version bumped, as changed at `now`.
fn next_version(s: &Shift, now: DateTime<Utc>) -> Shift {
    let mut next = s.clone();
    next.version += 1;
    next.updated_at = now;
    next
}

/// The assignee as the schedule checks see them, with their other shifts (except `except`)
/// and any spans being created in the same call.
struct AssigneeFacts {
    name: String,
    roles: Vec<uuid::Uuid>,
    others: Vec<Span>,
    availability: Vec<Window>,
    time_off: Vec<time_off::Span>,
}

fn assignee_facts(
    state: &StoreState,
    employee: EmployeeId,
    except: Option<ShiftId>,
) -> AppResult<AssigneeFacts> {
    let e = state
        .employee(employee)
        .filter(|e| !e.deactive)
        .ok_or_else(|| {
            AppError::bad_request("employee_not_found", messages::NO_EMPLOYEE_DOCUMENT)
                .with_details(json!({ "type": 4 }))
        })?;
    let zone = state.zone();
    let others = state
        .occupying_shifts_of(employee)
        .filter(|s| Some(s.id) != except)
        .map(|s| {
            schedule::occupied(
                zone,
                Span {
                    start: s.start_at,
                    end: s.end_at,
                },
                s.open_ended,
            )
        })
        .collect();
    let name = e.shown_name().trim();
    let availability = state
        .availability_of(employee)
        .filter_map(|w| w.window())
        .collect();
    let time_off = state
        .requests
        .values()
        .filter(|r| r.employee_id == employee)
        .filter(|r| r.kind() == Some(RequestKind::TimeOff))
        .filter(|r| r.status() == RequestStatus::Accepted)
        .filter_map(|r| r.span())
        .collect();
    Ok(AssigneeFacts {
        availability,
        time_off,
        name: if name.is_empty() {
            schedule::UNKNOWN_EMPLOYEE.to_string()
        } else {
            name.to_string()
        },
        roles: e.role_ids.clone(),
        others,
    })
}

impl AssigneeFacts {
    fn view(&self, role: Option<RoleId>) -> Assignee<'_> {
        Assignee {
            name: &self.name,
            has_role: role.is_none_or(|r| self.roles.contains(&r.0)),
            other_shifts: &self.others,
            availability: &self.availability,
            time_off: &self.time_off,
        }
    }
}

fn check_role(state: &StoreState, role: Option<RoleId>) -> AppResult<()> {
    match role {
        Some(r) if state.role(r).is_none() => Err(AppError::bad_request(
            "role_not_found",
            messages::ROLE_NOT_FOUND,
        )
        .with_details(json!({ "type": 4 }))),
        _ => Ok(()),
    }
}

// ---------------------------------------------------------------------------------------

/// `createShift`: one shift, or one per start time of `repeat`, all drafts.
#[derive(Debug)]
pub struct CreateShifts {
    pub by: Caller,
    pub title: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub role: Option<RoleId>,
    pub assigned: Option<EmployeeId>,
    pub repeat: Vec<DateTime<Utc>>,
    pub open_ended: bool,
    pub tasks: Value,
}

impl Command for CreateShifts {
    fn name(&self) -> &'static str {
        "createShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let zone = state.zone();
        let first = schedule::shift_span(zone, self.start, self.end, self.open_ended)
            .map_err(shift_error)?;
        check_role(state, self.role)?;
        let length = first.end - first.start;
        let starts: Vec<DateTime<Utc>> = if self.repeat.is_empty() {
            vec![first.start]
        } else {
            let mut s = self.repeat.clone();
            s.sort_unstable();
            s.dedup();
            s
        };
        if starts.len() > MAX_REPEAT {
            return Err(AppError::invalid(format!(
                "repeat can make at most {MAX_REPEAT} shifts."
            )));
        }
        let assigned = self.assigned.map(|e| state.resolve_employee(e));
        let mut facts = match assigned {
            Some(e) => Some(assignee_facts(state, e, None)?),
            None => None,
        };
        let email = assigned
            .and_then(|e| state.employee(e))
            .map(|e| e.email.clone());
        let mut effects = Effects::default();
        let mut views = Vec::with_capacity(starts.len());
        let mut warnings = Vec::new();
        for start in starts {
            let span = Span {
                start,
                end: start + length,
            };
            plannable(&span, now)?;
            if let Some(f) = facts.as_mut() {
                schedule::check_create(zone, &span, &f.view(self.role)).map_err(shift_error)?;
                // Later repeats must not overlap the ones made before them.
                f.others
                    .push(schedule::occupied(zone, span, self.open_ended));
            }
            if !self.open_ended && shift::is_long(span.start, span.end) {
                warnings.push(json!({
                    "code": "long_shift",
                    "minutes": (span.end - span.start).num_minutes(),
                    "start": span.start.timestamp_millis(),
                }));
            }
            let row = Shift {
                id: ShiftId::new(),
                store_id: state.store.id,
                title: self.title.clone(),
                start_at: span.start,
                end_at: span.end,
                open_ended: self.open_ended,
                status: Status::Draft.as_str().into(),
                progress: Progress::NotStarted.as_str().into(),
                assigned,
                assignee_email: email.clone(),
                role_id: self.role,
                tasks: self.tasks.clone(),
                rate: None,
                cancel_reason: None,
                adjacent_session_id: None,
                version: 1,
                auto_confirmed_at: None,
                created_at: now,
                updated_at: now,
            };
            let view = ShiftView::json(&row, now);
            effects
                .events
                .push(event("shift.created", view.clone(), Audience::Managers));
            effects.writes.push(Write::PutShift(Box::new(row)));
            views.push(view);
        }
        effects.reply = Reply::new(json!({ "shifts": views, "warnings": warnings }));
        Ok(effects)
    }
}

/// The fields `updateShift` may change; absent fields keep their value.
#[derive(Debug, Default)]
pub struct ShiftChanges {
    pub title: Option<String>,
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
    pub role: Option<RoleId>,
    /// `Some(None)` makes the shift open.
    pub assigned: Option<Option<EmployeeId>>,
    pub open_ended: Option<bool>,
    pub tasks: Option<Value>,
}

/// `updateShift`.
#[derive(Debug)]
pub struct UpdateShift {
    pub by: Caller,
    pub id: ShiftId,
    pub changes: ShiftChanges,
    /// The version the editor saw; an older one is a stale edit (409).
    pub version: Option<i64>,
    pub cancel_reason: Option<String>,
}

impl Command for UpdateShift {
    fn name(&self) -> &'static str {
        "updateShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let zone = state.zone();
        let current = find(state, self.id)?;
        if let Some(v) = self.version {
            if v != current.version {
                return Err(AppError::conflict("stale_shift", messages::STALE_SHIFT)
                    .with_details(json!({ "shift": ShiftView::of(current, now) })));
            }
        }
        let c = &self.changes;
        let open_ended = c.open_ended.unwrap_or(current.open_ended);
        let start = c.start.unwrap_or(current.start_at);
        let end = c.end.unwrap_or(current.end_at);
        let span = schedule::shift_span(zone, start, end, open_ended).map_err(shift_error)?;
        plannable(&span, now)?;
        let role = c.role.or(current.role_id);
        check_role(state, role)?;
        let assigned = c
            .assigned
            .unwrap_or(current.assigned)
            .map(|e| state.resolve_employee(e));
        let title = c.title.clone().unwrap_or_else(|| current.title.clone());
        let tasks = c.tasks.clone().unwrap_or_else(|| current.tasks.clone());

        let assignee_changed = assigned != current.assigned;
        let time_changed = span.start != current.start_at
            || span.end != current.end_at
            || open_ended != current.open_ended;
        let other_changed =
            title != current.title || role != current.role_id || tasks != current.tasks;
        let kind = EditKind::of(assignee_changed, time_changed, other_changed);
        let outcome = shift::edit(
            kind,
            status_of(current),
            current.assigned.is_some(),
            assigned.is_some(),
        )
        .map_err(refusal)?;
        if kind == EditKind::Nothing {
            return Ok(Effects::nothing(ShiftView::json(current, now)));
        }
        if let Some(employee) = assigned {
            if assignee_changed || time_changed || role != current.role_id {
                let facts = assignee_facts(state, employee, Some(current.id))?;
                schedule::check_update(
                    zone,
                    &schedule::occupied(zone, span, open_ended),
                    &facts.view(role),
                )
                .map_err(shift_error)?;
            }
        }
        let mut next = next_version(current, now);
        next.title = title;
        next.start_at = span.start;
        next.end_at = span.end;
        next.open_ended = open_ended;
        next.role_id = role;
        next.tasks = tasks;
        next.assigned = assigned;
        next.assignee_email = assigned
            .and_then(|e| state.employee(e))
            .map(|e| e.email.clone());
        next.status = outcome.status.as_str().into();
        if self.cancel_reason.is_some() {
            next.cancel_reason = self.cancel_reason.clone();
        }
        let mut drafts = Vec::new();
        let by = self.by.user;
        let n = outcome.notices;
        let new_user = state.user_of(next.assigned);
        let old_user = state.user_of(current.assigned);
        if n.ask_new_to_confirm {
            if let Some(u) = new_user.filter(|u| Some(*u) != old_user) {
                drafts.push(shift_note(
                    NotificationKind::NewShift,
                    Variant::Info,
                    texts::new_shift(&next.title, &state.shift_when(&next)),
                    u,
                    by,
                    &next,
                    None,
                ));
            }
        }
        if n.tell_old_cancelled {
            if let Some(u) = old_user.filter(|u| Some(*u) != new_user) {
                drafts.push(shift_note(
                    NotificationKind::ShiftCancel,
                    Variant::Warning,
                    texts::shift_cancelled(&current.title, &state.shift_when(current)),
                    u,
                    by,
                    current,
                    self.cancel_reason.as_deref(),
                ));
            }
        }
        if n.tell_assignee_updated || (n.ask_new_to_confirm && new_user == old_user) {
            if let Some(u) = new_user {
                drafts.push(shift_note(
                    NotificationKind::ShiftUpdate,
                    Variant::Info,
                    texts::shift_updated(&next.title, &state.shift_when(&next)),
                    u,
                    by,
                    &next,
                    None,
                ));
            }
        }
        let mut effects = one_change(state, current, next, now);
        notify_all(state, drafts, now, &mut effects);
        if outcome.drop_request_lapses {
            lapse_drop_requests(state, current.id, now, &mut effects);
        }
        Ok(effects)
    }
}

/// Takes shifts off an assignee who can no longer work them (approved time off, deactivation,
/// decided by `by`): each becomes open ([`shift::release`]) and loses its drop request. The
/// change reaches whoever saw the shift before and, when it stays announced, the whole store;
/// colleagues who could work it are told. Returns the new views.
pub(crate) fn release<'a>(
    state: &StoreState,
    by: UserId,
    shifts: impl IntoIterator<Item = &'a Shift>,
    now: DateTime<Utc>,
    effects: &mut Effects,
) -> Vec<Value> {
    let mut views = Vec::new();
    for s in shifts {
        let Some(status) = shift::release(status_of(s)) else {
            continue;
        };
        let mut after = next_version(s, now);
        after.assigned = None;
        after.assignee_email = None;
        after.status = status.as_str().into();
        views.push(ShiftView::json(&after, now));
        if status == Status::Published && s.start_at > now {
            // Colleagues who could work it hear that it waits in the pool.
            let text = texts::open_shift(&s.title, &state.shift_when(s));
            let drafts = notify::colleagues(state, s.role_id, s.assigned)
                .into_iter()
                .map(|u| {
                    shift_note(
                        NotificationKind::ShiftUpdate,
                        Variant::Info,
                        text.clone(),
                        u,
                        by,
                        s,
                        None,
                    )
                })
                .collect();
            notify_all(state, drafts, now, effects);
        }
        changed(state, s, after, now, effects);
        lapse_drop_requests(state, s.id, now, effects);
    }
    views
}

/// Runs the schedule checks for `employee` taking over `s` as it is (a grab or a take from the
/// pool): role, availability, time off and conflicts with their other shifts.
pub(crate) fn check_taker(state: &StoreState, employee: EmployeeId, s: &Shift) -> AppResult<()> {
    let zone = state.zone();
    let facts = assignee_facts(state, employee, Some(s.id))?;
    let span = Span {
        start: s.start_at,
        end: s.end_at,
    };
    schedule::check_update(
        zone,
        &schedule::occupied(zone, span, s.open_ended),
        &facts.view(s.role_id),
    )
    .map_err(shift_error)
}

/// Opens the upcoming shifts of an employee who was deactivated or terminated. Runs after the
/// employee's record changed; an employee still active is left alone, so a late or repeated
/// run changes nothing.
#[derive(Debug)]
pub struct ReleaseShiftsOf {
    pub employee: EmployeeId,
    /// The manager who deactivated or terminated them.
    pub by: UserId,
}

impl Command for ReleaseShiftsOf {
    fn name(&self) -> &'static str {
        "releaseShifts"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let gone = state
            .employee(self.employee)
            .is_none_or(|e| e.deactive || e.terminated_at.is_some());
        let mut effects = Effects::default();
        if !gone {
            return Ok(effects);
        }
        let mut upcoming: Vec<&Shift> = state
            .shifts
            .values()
            .filter(|s| s.assigned == Some(self.employee) && s.start_at > now)
            .collect();
        upcoming.sort_by_key(|s| (s.start_at, s.id));
        let views = release(state, self.by, upcoming, now, &mut effects);
        effects.reply = Reply::new(json!({ "shifts": views }));
        Ok(effects)
    }
}

/// A shift that changed hands or times loses its open drop request.
fn lapse_drop_requests(
    state: &StoreState,
    shift: ShiftId,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    for r in state.requests.values().filter(|r| {
        r.kind() == Some(RequestKind::DropShift)
            && r.shift_id == Some(shift)
            && matches!(r.status(), RequestStatus::Pending | RequestStatus::Grabbed)
    }) {
        let mut next = r.clone();
        next.status = RequestStatus::Cancelled.as_str().into();
        next.updated_at = now;
        effects.events.push(event(
            "request.updated",
            json!(crate::store::request_views::RequestView::new(
                &next,
                state.employee(next.employee_id)
            )),
            Audience::Everyone,
        ));
        effects.writes.push(Write::PutRequest(Box::new(next)));
    }
}

/// Removes one shift: a draft is deleted, an announced shift is cancelled (only more than 24
/// hours ahead).
fn remove(
    state: &StoreState,
    s: &Shift,
    by: UserId,
    reason: Option<&str>,
    now: DateTime<Utc>,
    effects: &mut Effects,
) -> AppResult<Removal> {
    let how = shift::removal(status_of(s), s.start_at, now).map_err(refusal)?;
    match how {
        Removal::Delete => removed(state, s, effects),
        Removal::Cancel => {
            let mut next = next_version(s, now);
            next.status = Status::Cancelled.as_str().into();
            next.cancel_reason = reason.map(str::to_string);
            if let Some(u) = state.user_of(s.assigned) {
                let note = shift_note(
                    NotificationKind::ShiftCancel,
                    Variant::Warning,
                    texts::shift_cancelled(&s.title, &state.shift_when(s)),
                    u,
                    by,
                    s,
                    reason,
                );
                notify_all(state, vec![note], now, effects);
            }
            changed(state, s, next, now, effects);
            lapse_drop_requests(state, s.id, now, effects);
        }
    }
    Ok(how)
}

/// `deleteShift`.
#[derive(Debug)]
pub struct DeleteShift {
    pub by: Caller,
    pub id: ShiftId,
    pub cancel_reason: Option<String>,
}

impl Command for DeleteShift {
    fn name(&self) -> &'static str {
        "deleteShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = find(state, self.id)?;
        let mut effects = Effects::default();
        let how = remove(
            state,
            s,
            self.by.user,
            self.cancel_reason.as_deref(),
            now,
            &mut effects,
        )?;
        effects.reply = Reply::new(json!({ "id": s.id, "cancelled": how == Removal::Cancel }));
        Ok(effects)
    }
}

/// `publishShifts`: the named drafts with an assignee become published. Open shifts cannot be
/// published: they are skipped and listed, and a call naming only open drafts is refused.
#[derive(Debug)]
pub struct PublishShifts {
    pub by: Caller,
    pub ids: Vec<ShiftId>,
}

impl Command for PublishShifts {
    fn name(&self) -> &'static str {
        "publishShifts"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let mut effects = Effects::default();
        let mut published = Vec::new();
        let mut skipped = Vec::new();
        let mut open_error = None;
        let mut drafts = Vec::new();
        for id in dedup(&self.ids) {
            let s = find(state, id)?;
            match shift::publish(status_of(s), s.assigned.is_some()) {
                Ok(Some(next_status)) => {
                    let mut next = next_version(s, now);
                    next.status = next_status.as_str().into();
                    if let Some(u) = state.user_of(next.assigned) {
                        drafts.push(shift_note(
                            NotificationKind::NewShift,
                            Variant::Info,
                            texts::new_shift(&next.title, &state.shift_when(&next)),
                            u,
                            self.by.user,
                            &next,
                            None,
                        ));
                    }
                    published.push(ShiftView::json(&next, now));
                    changed(state, s, next, now, &mut effects);
                }
                Ok(None) => {}
                Err(e) => {
                    skipped.push(id);
                    open_error = Some(e);
                }
            }
        }
        if let (true, Some(e)) = (published.is_empty(), open_error) {
            return Err(refusal(e));
        }
        notify_all(state, drafts, now, &mut effects);
        effects.reply = Reply::new(json!({ "shifts": published, "skipped": skipped }));
        Ok(effects)
    }
}

fn dedup(ids: &[ShiftId]) -> Vec<ShiftId> {
    let mut seen = std::collections::HashSet::new();
    ids.iter().copied().filter(|id| seen.insert(*id)).collect()
}

/// `clearSchedule`: deletes the drafts (planned, never announced) starting in `[start, end)`.
/// Announced shifts stay: each must be cancelled on its own, with its notice period.
#[derive(Debug)]
pub struct ClearSchedule {
    pub by: Caller,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

impl Command for ClearSchedule {
    fn name(&self) -> &'static str {
        "clearSchedule"
    }

    fn plan(&self, state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        if self.start > self.end {
            return Err(AppError::bad_request(
                "start_after_end",
                messages::START_BEFORE_END,
            ));
        }
        let mut drafts: Vec<&Shift> = state
            .shifts
            .values()
            .filter(|s| s.start_at >= self.start && s.start_at < self.end)
            .filter(|s| status_of(s) == Status::Draft)
            .collect();
        drafts.sort_by_key(|s| (s.start_at, s.id));
        let mut effects = Effects::default();
        for s in &drafts {
            removed(state, s, &mut effects);
        }
        let ids: Vec<ShiftId> = drafts.iter().map(|s| s.id).collect();
        effects.reply = Reply::new(json!({ "deleted": ids }));
        Ok(effects)
    }
}

/// What an assignee does to their own shift.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OwnAction {
    Confirm,
    Decline,
}

/// `confirmShift` and `declineShift`, by the shift's assignee.
#[derive(Debug)]
pub struct AnswerShift {
    pub by: Caller,
    pub id: ShiftId,
    pub action: OwnAction,
}

impl Command for AnswerShift {
    fn name(&self) -> &'static str {
        match self.action {
            OwnAction::Confirm => "confirmShift",
            OwnAction::Decline => "declineShift",
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = find(state, self.id)?;
        // A draft is not shown to its assignee: to them it does not exist.
        if s.assigned != Some(self.by.employee) || status_of(s) == Status::Draft {
            return Err(shift_not_found());
        }
        let next_status = match self.action {
            OwnAction::Confirm => shift::confirm(status_of(s)),
            OwnAction::Decline => shift::decline(status_of(s), s.start_at, now),
        }
        .map_err(refusal)?;
        let Some(next_status) = next_status else {
            return Ok(Effects::nothing(ShiftView::json(s, now)));
        };
        let mut next = next_version(s, now);
        next.status = next_status.as_str().into();
        let mut effects = one_change(state, s, next, now);
        if self.action == OwnAction::Decline {
            let name = state
                .employee(self.by.employee)
                .map(|e| e.shown_name().to_string())
                .unwrap_or_else(|| schedule::UNKNOWN_EMPLOYEE.into());
            let text = texts::shift_declined(&name, &s.title, &state.shift_when(s));
            let drafts = notify::responders(state, Permission::Schedule)
                .into_iter()
                .filter(|u| *u != self.by.user)
                .map(|u| {
                    shift_note(
                        NotificationKind::DeclineShift,
                        Variant::Warning,
                        text.clone(),
                        u,
                        self.by.user,
                        s,
                        None,
                    )
                })
                .collect();
            notify_all(state, drafts, now, &mut effects);
        }
        Ok(effects)
    }
}

/// `completeShift` by a manager: a running or missed shift is marked completed.
#[derive(Debug)]
pub struct CompleteShift {
    pub by: Caller,
    pub id: ShiftId,
}

impl Command for CompleteShift {
    fn name(&self) -> &'static str {
        "completeShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = find(state, self.id)?;
        let progress = Progress::parse(&s.progress).unwrap_or(Progress::NotStarted);
        let Some(next_progress) = shift::complete(progress, s.end_at, now).map_err(refusal)? else {
            return Ok(Effects::nothing(ShiftView::json(s, now)));
        };
        let mut next = next_version(s, now);
        next.progress = next_progress.as_str().into();
        Ok(one_change(state, s, next, now))
    }
}

/// `rateShift`: 1 to 5 stars for a shift that has ended or was completed.
#[derive(Debug)]
pub struct RateShift {
    pub by: Caller,
    pub id: ShiftId,
    pub rate: i16,
}

impl Command for RateShift {
    fn name(&self) -> &'static str {
        "rateShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if !(1..=5).contains(&self.rate) {
            return Err(AppError::invalid(
                "rate must be a whole number from 1 to 5.",
            ));
        }
        let s = find(state, self.id)?;
        let finished = s.end_at <= now || s.progress == Progress::Completed.as_str();
        if s.assigned.is_none() || !finished {
            return Err(AppError::bad_request(
                "not_finished",
                messages::RATE_UNFINISHED_SHIFT,
            ));
        }
        let mut next = next_version(s, now);
        next.rate = Some(self.rate);
        Ok(one_change(state, s, next, now))
    }
}

/// `remindShift`: asks the assignee again to confirm an announced, unconfirmed shift.
#[derive(Debug)]
pub struct RemindShift {
    pub by: Caller,
    pub id: ShiftId,
}

impl Command for RemindShift {
    fn name(&self) -> &'static str {
        "remindShift"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = find(state, self.id)?;
        if status_of(s) != Status::Published || s.start_at <= now {
            return Err(AppError::bad_request(
                "nothing_to_remind",
                messages::NOTHING_TO_REMIND,
            ));
        }
        let Some(user) = state.user_of(s.assigned) else {
            return Err(AppError::bad_request(
                "nothing_to_remind",
                messages::NOTHING_TO_REMIND,
            ));
        };
        let mut effects = Effects::default();
        let note = shift_note(
            NotificationKind::NewShift,
            Variant::Info,
            texts::confirm_reminder(&s.title, &state.shift_when(s)),
            user,
            self.by.user,
            s,
            None,
        );
        notify_all(state, vec![note], now, &mut effects);
        effects.events.push(event(
            "shift.reminded",
            json!({ "id": s.id, "start": s.start_at.timestamp_millis(), "by": self.by.user }),
            Audience::managers_and([user]),
        ));
        effects.reply = Reply::new(json!({ "id": s.id, "reminded": user }));
        Ok(effects)
    }
}

/// The batch operations of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchOp {
    /// As `deleteShift` on each.
    Delete,
    /// Each goes to the pool (dropped).
    Drop,
    /// Each loses its assignee and goes back to draft.
    Open,
}

/// `batchDeleteShifts`, `batchDropShifts`, `batchOpenShifts`: all or nothing.
#[derive(Debug)]
pub struct BatchShifts {
    pub by: Caller,
    pub op: BatchOp,
    pub ids: Vec<ShiftId>,
    pub cancel_reason: Option<String>,
}

impl Command for BatchShifts {
    fn name(&self) -> &'static str {
        match self.op {
            BatchOp::Delete => "batchDeleteShifts",
            BatchOp::Drop => "batchDropShifts",
            BatchOp::Open => "batchOpenShifts",
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if self.ids.len() > MAX_BATCH_IDS {
            return Err(AppError::invalid(format!(
                "A batch can name at most {MAX_BATCH_IDS} shifts."
            )));
        }
        let mut effects = Effects::default();
        let mut done = Vec::new();
        for id in dedup(&self.ids) {
            let s = find(state, id)?;
            let with_id = |e: AppError| {
                let mut details = e.details.clone().unwrap_or_else(|| json!({}));
                details["shiftId"] = json!(id);
                e.with_details(details)
            };
            match self.op {
                BatchOp::Delete => {
                    remove(
                        state,
                        s,
                        self.by.user,
                        self.cancel_reason.as_deref(),
                        now,
                        &mut effects,
                    )
                    .map_err(with_id)?;
                }
                BatchOp::Drop => {
                    if let Some(status) = shift::batch_drop(status_of(s), s.assigned.is_some())
                        .map_err(|e| with_id(refusal(e)))?
                    {
                        let mut next = next_version(s, now);
                        next.status = status.as_str().into();
                        changed(state, s, next, now, &mut effects);
                    }
                }
                BatchOp::Open => {
                    if s.assigned.is_some() || status_of(s) != Status::Draft {
                        let mut next = next_version(s, now);
                        next.assigned = None;
                        next.assignee_email = None;
                        next.status = Status::Draft.as_str().into();
                        changed(state, s, next, now, &mut effects);
                        lapse_drop_requests(state, s.id, now, &mut effects);
                    }
                }
            }
            done.push(id);
        }
        effects.reply = Reply::new(json!({ "shifts": done }));
        Ok(effects)
    }
}
