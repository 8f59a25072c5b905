//! The time clock's calls: clocking shifts and proposed shifts in and out with breaks, the
//! store's clock device, the managers' answers, edits and approvals, the owner's settings;
//! and its reads: who is on the clock now, sessions, their audit trail and timesheets.

use crate::api::pay;
use crate::api::shifts::caller;
use crate::auth::throttle;
use crate::calls::guard::SignedIn;
use crate::calls::input;
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::db::models::clock::{ClockSecret, ClockSession, Proposal, SessionEdit};
use crate::db::models::shift::Shift;
use crate::db::models::store::Store;
use crate::db::schema::stores;
use crate::domain::clock::{self as rules, Break, BreakEdge, ClockSettings, Location, PunchStamp};
use crate::domain::device_throttle::Attempt;
use crate::domain::ids::{ClockSessionId, ProposalId, RoleId, ShiftId, StoreId};
use crate::domain::permissions::Perms;
use crate::domain::report::Figures;
use crate::domain::timesheet::{self, Worker};
use crate::domain::work::Outlook;
use crate::error::{AppError, AppResult};
use crate::store::clock::{
    Answer, AnswerProposal, AnsweredProposal, ClockAnswer, ClockOperation, ClockSessionView,
    Complete, CompletedShift, EditSession, EnsureClockSecret, FinishShift, Pause, PeriodView,
    ProposalView, Punch, SetPeriodApproval, Settled, StartProposal, StartShift,
    UpdateClockSettings, Work,
};
use crate::store::views::ShiftView;
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};

pub fn register(r: &mut Registry) {
    r.add::<StartShiftCall>()
        .add::<StartBreak>()
        .add::<EndBreak>()
        .add::<CompleteShiftCall>()
        .add::<ClockOperationCall>()
        .add::<StartProposedShift>()
        .add::<CompleteProposedShift>()
        .add::<StartProposedShiftBreak>()
        .add::<EndProposedShiftBreak>()
        .add::<ApproveProposedShift>()
        .add::<RejectProposedShift>()
        .add::<EditClockSession>()
        .add::<ApproveTimesheet>()
        .add::<UpdateClockSettingsCall>()
        .add::<AuthorizeClockDevice>()
        .add::<GetClockCode>();
}

/// Mounts the clock's reads (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/stores/{storeId}/clock", web::get().to(get_board))
        .route(
            "/stores/{storeId}/clock/sessions",
            web::get().to(get_sessions),
        )
        .route(
            "/stores/{storeId}/clock/sessions/{sessionId}/edits",
            web::get().to(get_edits),
        )
        .route(
            "/stores/{storeId}/clock/proposals",
            web::get().to(get_proposals),
        )
        .route("/stores/{storeId}/timesheets", web::get().to(get_timesheet));
}

/// Longest clock code accepted (a code is 8 characters; dashes and spaces may be typed).
pub const CODE_INPUT_MAX: usize = 32;
/// Longest title of a proposed shift.
pub const TITLE_MAX: usize = 120;
/// Longest reason of a session edit.
pub const REASON_MAX: usize = 500;
/// Most breaks a session may be edited to.
pub const BREAKS_MAX: usize = 50;
/// Longest business identity code accepted.
pub const IDENTITY_INPUT_MAX: usize = 64;
/// Longest device pass accepted.
pub const PASS_MAX: usize = 2048;

/// What a phone sends with a punch, beside the call's own fields.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PunchFields {
    /// The phone's location (the browser's geolocation).
    #[serde(default)]
    pub location: Option<Location>,
    /// The code the store's clock device shows, scanned from its QR code or typed.
    #[serde(default)]
    #[schema(max_length = 32)]
    pub token: Option<String>,
    /// The phone's id of the punch: sent again, it is applied once.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub punch_id: Option<uuid::Uuid>,
    /// When the punch was made, by the phone's clock (epoch ms): a punch recorded without a
    /// connection. Needs `sentAt`.
    #[serde(default)]
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub punched_at: Option<i64>,
    /// When the phone sent the punch, by its clock (epoch ms).
    #[serde(default)]
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub sent_at: Option<i64>,
}

impl PunchFields {
    fn checked(&self) -> AppResult<Punch> {
        if let Some(loc) = &self.location {
            if !loc.is_valid() {
                return Err(AppError::invalid(
                    "location must have a latitude from -90 to 90, a longitude from -180 to 180 \
                     and an accuracy in metres.",
                ));
            }
        }
        let code = input::optional_text("token", self.token.as_deref(), CODE_INPUT_MAX)?;
        let stamp = match (self.punched_at, self.sent_at) {
            (None, None) => None,
            (Some(made), Some(sent)) => Some(PunchStamp {
                made_at: input::instant("punchedAt", made)?,
                sent_at: input::instant("sentAt", sent)?,
            }),
            _ => return Err(AppError::invalid("punchedAt and sentAt go together.")),
        };
        Ok(Punch {
            id: self.punch_id,
            stamp,
            location: self.location,
            code,
        })
    }
}

/// `startShift`: its assignee clocks in to a published or confirmed shift.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartShiftCall {
    #[serde(alias = "shiftId")]
    pub shift: ShiftId,
    #[serde(flatten)]
    pub punch: PunchFields,
}

impl Call for StartShiftCall {
    const NAME: &'static str = "startShift";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Clock in to one's own published or confirmed shift, from \
         the store's early window before its start until its end.";
    type Output = ClockAnswer;

    #[tracing::instrument(name = "startShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockAnswer> {
        let cmd = StartShift {
            by: caller(&ctx)?,
            shift: self.shift,
            punch: self.punch.checked()?,
        };
        ctx.execute(cmd).await
    }
}

/// A break of a shift (`startBreak`, `endBreak`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftBreak {
    #[serde(alias = "shiftId")]
    pub shift: ShiftId,
    #[serde(flatten)]
    pub punch: PunchFields,
}

/// A break of a proposed shift (`startProposedShiftBreak`, `endProposedShiftBreak`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalBreak {
    /// The proposed shift's id.
    #[serde(alias = "shiftPropose", alias = "proposedShift")]
    pub shift: ProposalId,
    #[serde(flatten)]
    pub punch: PunchFields,
}

macro_rules! break_call {
    ($ty:ident, $fields:ident, $name:literal, $edge:expr, $work:path, $summary:literal) => {
        #[doc = concat!("`", $name, "`.")]
        #[derive(Debug, Deserialize, ToSchema)]
        pub struct $ty(pub $fields);

        impl Call for $ty {
            const NAME: &'static str = $name;
            const ACCESS: Access = Access::Store(Perms::NONE);
            const SUMMARY: &'static str = $summary;
            type Output = ClockAnswer;

            #[tracing::instrument(name = $name, skip_all)]
            async fn run(self, ctx: Ctx) -> AppResult<ClockAnswer> {
                let cmd = Pause {
                    by: caller(&ctx)?,
                    work: $work(self.0.shift),
                    edge: $edge,
                    punch: self.0.punch.checked()?,
                };
                ctx.execute(cmd).await
            }
        }
    };
}

break_call!(
    StartBreak,
    ShiftBreak,
    "startBreak",
    BreakEdge::Start,
    Work::Shift,
    "Start a break of the shift one is on the clock for."
);
break_call!(
    EndBreak,
    ShiftBreak,
    "endBreak",
    BreakEdge::End,
    Work::Shift,
    "End the running break of the shift one is on the clock for."
);
break_call!(
    StartProposedShiftBreak,
    ProposalBreak,
    "startProposedShiftBreak",
    BreakEdge::Start,
    Work::Proposal,
    "Start a break of the proposed shift one is on the clock for."
);
break_call!(
    EndProposedShiftBreak,
    ProposalBreak,
    "endProposedShiftBreak",
    BreakEdge::End,
    Work::Proposal,
    "End the running break of the proposed shift one is on the clock for."
);

/// `completeShift`: the assignee clocks out (`store`, `shift`, `location`, `token`), or a
/// schedule manager marks a running or missed shift completed (`storeId`, `shiftId`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompleteShiftCall {
    #[serde(alias = "shiftId")]
    pub shift: ShiftId,
    #[serde(flatten)]
    pub punch: PunchFields,
    /// A manager completing a missed shift: when the work began (epoch ms; with `end`). The
    /// shift's planned times stand when absent.
    #[serde(default)]
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub start: Option<i64>,
    /// When the work ended (epoch ms; with `start`).
    #[serde(default)]
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub end: Option<i64>,
}

impl Call for CompleteShiftCall {
    const NAME: &'static str = "completeShift";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Clock out of one's shift (a running break ends with it); \
         a schedule manager marks a running or missed shift completed (a missed one with \
         the times worked, `start` and `end`; its planned times otherwise).";
    type Output = CompletedShift;

    #[tracing::instrument(name = "completeShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<CompletedShift> {
        let times = match (self.start, self.end) {
            (Some(start), Some(end)) => {
                Some((input::instant("start", start)?, input::instant("end", end)?))
            }
            (None, None) => None,
            _ => return Err(AppError::invalid("start and end go together.")),
        };
        let cmd = FinishShift {
            by: caller(&ctx)?,
            shift: self.shift,
            punch: self.punch.checked()?,
            times,
        };
        ctx.execute(cmd).await
    }
}

/// `clockOperation`: a phone that scanned the store clock's code (`token`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockOperationCall {
    #[serde(flatten)]
    pub punch: PunchFields,
}

impl Call for ClockOperationCall {
    const NAME: &'static str = "clockOperation";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "With the code the store's clock shows: clock in to one's \
         current shift, or out of the work one is on the clock for.";
    type Output = ClockAnswer;

    #[tracing::instrument(name = "clockOperation", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockAnswer> {
        let punch = self.punch.checked()?;
        if punch.code.is_none() {
            return Err(AppError::bad_request(
                "clock_needs_code",
                rules::Refusal::NeedsCode.to_string(),
            ));
        }
        let cmd = ClockOperation {
            by: caller(&ctx)?,
            punch,
        };
        ctx.execute(cmd).await
    }
}

/// `startProposedShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartProposedShift {
    #[schema(min_length = 1, max_length = 120)]
    pub title: String,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub role: Option<RoleId>,
    #[serde(flatten)]
    pub punch: PunchFields,
}

impl Call for StartProposedShift {
    const NAME: &'static str = "startProposedShift";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str =
        "Clock in to unscheduled work, which managers approve or reject once completed.";
    type Output = ClockAnswer;

    #[tracing::instrument(name = "startProposedShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockAnswer> {
        let cmd = StartProposal {
            by: caller(&ctx)?,
            title: input::required_text("title", &self.title, TITLE_MAX)?,
            role: self.role,
            punch: self.punch.checked()?,
        };
        ctx.execute(cmd).await
    }
}

/// `completeProposedShift`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompleteProposedShift {
    #[serde(flatten)]
    pub punch: PunchFields,
}

impl Call for CompleteProposedShift {
    const NAME: &'static str = "completeProposedShift";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Clock out of the unscheduled work one is on the clock for.";
    type Output = ClockAnswer;

    #[tracing::instrument(name = "completeProposedShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockAnswer> {
        let cmd = Complete {
            by: caller(&ctx)?,
            work: None,
            punch: self.punch.checked()?,
        };
        ctx.execute(cmd).await
    }
}

/// A proposed shift as a manager's answer names it: its id, or the proposal with the start
/// and end (epoch ms) to approve it with.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum ProposalRef {
    Id(ProposalId),
    With {
        id: ProposalId,
        #[serde(default)]
        #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
        start: Option<i64>,
        #[serde(default)]
        #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
        end: Option<i64>,
    },
}

/// A manager's answer to a proposed shift.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProposalAnswer {
    pub shift_propose: ProposalRef,
}

impl ProposalAnswer {
    fn parts(&self) -> AppResult<(ProposalId, Settled)> {
        Ok(match &self.shift_propose {
            ProposalRef::Id(id) => (*id, (None, None)),
            ProposalRef::With { id, start, end } => (
                *id,
                (
                    start.map(|ms| input::instant("start", ms)).transpose()?,
                    end.map(|ms| input::instant("end", ms)).transpose()?,
                ),
            ),
        })
    }
}

/// `approveProposedShift`: the work becomes a completed shift (with the start and end given).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ApproveProposedShift(pub ProposalAnswer);

/// `rejectProposedShift`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RejectProposedShift(pub ProposalAnswer);

impl Call for ApproveProposedShift {
    const NAME: &'static str = "approveProposedShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Approve completed unscheduled work: it becomes a completed \
         shift of its employee, with the start and end given (the clocked ones otherwise).";
    type Output = AnsweredProposal;

    #[tracing::instrument(name = "approveProposedShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<AnsweredProposal> {
        let (proposal, settled) = self.0.parts()?;
        let cmd = AnswerProposal {
            by: caller(&ctx)?,
            proposal,
            answer: Answer::Approve(settled),
        };
        ctx.execute(cmd).await
    }
}

impl Call for RejectProposedShift {
    const NAME: &'static str = "rejectProposedShift";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Reject unscheduled work.";
    type Output = AnsweredProposal;

    #[tracing::instrument(name = "rejectProposedShift", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<AnsweredProposal> {
        let (proposal, _) = self.0.parts()?;
        let cmd = AnswerProposal {
            by: caller(&ctx)?,
            proposal,
            answer: Answer::Reject,
        };
        ctx.execute(cmd).await
    }
}

/// A break as a manager sets it (epoch ms).
#[derive(Debug, Deserialize, ToSchema)]
pub struct BreakInput {
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub start: i64,
    #[serde(default)]
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub end: Option<i64>,
}

/// `editClockSession` (ours): a manager corrects a session, giving the reason.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditClockSession {
    pub session_id: ClockSessionId,
    /// Epoch ms.
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub start: i64,
    /// Epoch ms; `null` keeps the session running.
    #[serde(default)]
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub end: Option<i64>,
    #[serde(default)]
    #[schema(max_items = 50)]
    pub breaks: Vec<BreakInput>,
    #[schema(min_length = 1, max_length = 500)]
    pub reason: String,
}

impl Call for EditClockSession {
    const NAME: &'static str = "editClockSession";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Correct a clock session's start, end and breaks, with the \
         reason; the change is kept in the session's audit trail.";
    type Output = ClockSessionView;

    #[tracing::instrument(name = "editClockSession", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockSessionView> {
        if self.breaks.len() > BREAKS_MAX {
            return Err(AppError::invalid("A session has at most 50 breaks."));
        }
        let breaks = self
            .breaks
            .iter()
            .map(|b| {
                Ok(Break {
                    start: input::instant("start", b.start)?,
                    end: b.end.map(|e| input::instant("end", e)).transpose()?,
                })
            })
            .collect::<AppResult<Vec<_>>>()?;
        let cmd = EditSession {
            by: caller(&ctx)?,
            session: self.session_id,
            start: input::instant("start", self.start)?,
            end: self.end.map(|e| input::instant("end", e)).transpose()?,
            breaks,
            reason: input::required_text("reason", &self.reason, REASON_MAX)?,
        };
        ctx.execute(cmd).await
    }
}

/// `approveTimesheet` (ours): approve (or reopen) the pay period containing a day.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApproveTimesheet {
    /// A day of the period (YYYY-MM-DD).
    #[schema(value_type = String, format = Date)]
    pub day: NaiveDate,
    /// `false` reopens the period. Default true.
    #[serde(default = "yes")]
    pub approved: bool,
}

fn yes() -> bool {
    true
}

impl Call for ApproveTimesheet {
    const NAME: &'static str = "approveTimesheet";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Approve the pay period containing a day (its sessions lock), or reopen it.";
    type Output = PeriodView;

    #[tracing::instrument(name = "approveTimesheet", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<PeriodView> {
        let cmd = SetPeriodApproval {
            by: caller(&ctx)?,
            day: self.day,
            approved: self.approved,
        };
        ctx.execute(cmd).await
    }
}

/// `updateClockSettings` (ours): the store's clock settings, by its owner.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateClockSettingsCall {
    pub settings: ClockSettings,
}

impl Call for UpdateClockSettingsCall {
    const NAME: &'static str = "updateClockSettings";
    const ACCESS: Access = Access::Store(Perms::OWNER);
    const SUMMARY: &'static str = "Set the store's clock: the early window, what a punch needs \
         (code, location, both), the store's place and radius, late punches, overtime and pay.";
    type Output = ClockSettings;

    #[tracing::instrument(name = "updateClockSettings", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockSettings> {
        ctx.execute(UpdateClockSettings {
            settings: self.settings,
        })
        .await
    }
}

/// `authorizeBusinessClockInHashAccess`: the store's clock device signs in with the
/// business identity code.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AuthorizeClockDevice {
    #[schema(min_length = 1, max_length = 64)]
    pub code: String,
    /// The store the device is for, when it knows (ours): the code is checked against that
    /// store's alone, and wrong codes count against that store from this address only.
    /// Without it the code is looked up among every store's.
    #[serde(default)]
    pub store: Option<StoreId>,
}

/// The store a clock device serves, and its pass.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockDevice {
    pub store: DeviceStore,
    /// The device's pass for `getClockCode`; a new identity code retires it.
    pub pass: String,
}

/// What a clock device shows of its store.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeviceStore {
    pub id: StoreId,
    pub name: String,
    #[schema(required = true)]
    pub logo: Option<String>,
    /// IANA zone.
    pub timezone_reference: String,
}

impl From<&Store> for DeviceStore {
    fn from(s: &Store) -> Self {
        DeviceStore {
            id: s.id,
            name: s.name.clone(),
            logo: s.logo.clone(),
            timezone_reference: s.timezone_reference.clone(),
        }
    }
}

fn wrong_identity_code() -> AppError {
    AppError::bad_request("wrong_code", "This code is wrong.")
}

impl Call for AuthorizeClockDevice {
    const NAME: &'static str = "authorizeBusinessClockInHashAccess";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str =
        "Authorise the store's clock device with the business identity code.";
    type Output = ClockDevice;

    #[tracing::instrument(name = "authorizeBusinessClockInHashAccess", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockDevice> {
        let state = ctx.state.clone();
        let code = self.code.trim().to_string();
        // Guessing codes is throttled per store named and address: wrong codes for one store,
        // or from one address, never lock out another.
        let attempt = Attempt {
            store: self.store,
            client: ctx.client,
        };
        throttle::check_device(&state.db, attempt, Utc::now()).await?;
        let store = if code.is_empty() || code.len() > IDENTITY_INPUT_MAX {
            None
        } else {
            state
                .db
                .run(move |conn| {
                    let mut found = stores::table
                        .filter(stores::identity_code.eq(code))
                        .select(Store::as_select())
                        .into_boxed();
                    if let Some(named) = attempt.store {
                        found = found.filter(stores::id.eq(named));
                    }
                    Ok(found.first(conn).optional()?)
                })
                .await?
        };
        let Some(store) = store else {
            throttle::record_device_failure(&state.db, attempt, Utc::now()).await?;
            return Err(wrong_identity_code());
        };
        throttle::forget_device_failures(&state.db, attempt).await?;
        let generation: uuid::Uuid = state
            .stores
            .execute(
                store.id,
                EnsureClockSecret {
                    fresh: crate::store::clock::fresh_secret(),
                },
            )
            .await?;
        let pass = state
            .sessions
            .keys()
            .issue_device(store.id.0, generation, Utc::now().timestamp())
            .map_err(AppError::internal)?;
        Ok(ClockDevice {
            store: DeviceStore::from(&store),
            pass,
        })
    }
}

/// `getClockCode` (ours): the code a clock device shows now.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GetClockCode {
    #[schema(min_length = 1, max_length = 2048)]
    pub pass: String,
}

/// The code a store's clock device shows, and until when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockCode {
    pub store: DeviceStore,
    /// 8 characters; phones scan it from the QR code or type it.
    pub code: String,
    /// When the next code replaces it (epoch ms); it is still accepted one window longer.
    pub valid_until: i64,
    /// The server's time (epoch ms), so the device can count down without trusting its clock.
    pub now: i64,
}

fn device_refused() -> AppError {
    AppError::unauthorized(
        "device_not_authorized",
        "This clock is not authorised any more; enter the business identity code again.",
    )
}

impl Call for GetClockCode {
    const NAME: &'static str = "getClockCode";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "The code the store's clock device shows now (a new one every \
         30 seconds), for a device's pass.";
    type Output = ClockCode;

    #[tracing::instrument(name = "getClockCode", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ClockCode> {
        let state = ctx.state.clone();
        if self.pass.len() > PASS_MAX {
            return Err(device_refused());
        }
        let (store, generation) = state
            .sessions
            .keys()
            .verify_device(&self.pass)
            .map_err(|_| device_refused())?;
        let store = StoreId(store);
        let (row, secret) = state
            .db
            .run(move |conn| {
                Ok((
                    Store::find(conn, store)?,
                    ClockSecret::of_store(conn, store)?,
                ))
            })
            .await?;
        let (Some(row), Some(secret)) = (row, secret) else {
            return Err(device_refused());
        };
        if secret.generation != generation {
            return Err(device_refused());
        }
        let now = Utc::now();
        let window = rules::window_of(now);
        Ok(ClockCode {
            store: DeviceStore::from(&row),
            code: rules::code_for(&secret.secret, store.0, window),
            valid_until: rules::window_end(window).timestamp_millis(),
            now: now.timestamp_millis(),
        })
    }
}

/// A shift of today's board with its attendance.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceRow {
    pub shift: ShiftView,
    pub attendance: rules::Attendance,
    /// Its clock session, when it was started.
    #[schema(required = true)]
    pub session: Option<ClockSessionView>,
}

/// Who is on the clock now: the "now" panel.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClockBoard {
    /// The server's time, epoch ms.
    pub now: i64,
    /// The store's clock settings (phones learn what a punch needs).
    pub settings: ClockSettings,
    /// Open sessions (employees: their own).
    pub open: Vec<ClockSessionView>,
    /// Announced, assigned shifts from 12 hours ago to 12 hours ahead (employees: their own),
    /// by start.
    pub shifts: Vec<AttendanceRow>,
    /// Proposed shifts waiting for an answer (employees: their own).
    pub proposals: Vec<ProposalView>,
}

/// `GET /api/v1/stores/{storeId}/clock`: who is on the clock, late or missing now.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/clock",
    params(("storeId" = uuid::Uuid, Path, description = "Store id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": ClockBoard}`", body = ClockBoard),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
    )
)]
pub async fn get_board(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let member = crate::api::stores::member(&state, user, &path, "getClock").await?;
    let store = member.store_id();
    let manager = member.perms.covers(Perms::SCHEDULE);
    let me = member.employee.id;
    let now = Utc::now();
    let (row, shifts, sessions, proposals) = state
        .db
        .run(move |conn| {
            let (from, to) = (now - Duration::hours(12), now + Duration::hours(12));
            Ok((
                Store::find(conn, store)?,
                Shift::in_range(conn, store, from, to)?,
                ClockSession::in_range(conn, store, from - Duration::hours(12), to)?,
                Proposal::pending(conn, store)?,
            ))
        })
        .await?;
    let settings = row
        .map(|s| ClockSettings::read(&s.clock))
        .unwrap_or_default();
    let mine = |e: crate::domain::ids::EmployeeId| manager || e == me;
    let by_shift: HashMap<ShiftId, &ClockSession> = sessions
        .iter()
        .filter_map(|s| s.shift_id.map(|id| (id, s)))
        .collect();
    let rows = shifts
        .iter()
        .filter(|s| s.assigned.is_some_and(mine))
        .filter(|s| s.status.is_announced())
        .map(|s| {
            let session = by_shift.get(&s.id).copied();
            AttendanceRow {
                shift: ShiftView::of(s, now),
                attendance: rules::attendance(
                    session.map(|s| s.status),
                    s.progress,
                    (s.start_at, s.end_at, s.open_ended),
                    now,
                ),
                session: session.map(ClockSessionView::of),
            }
        })
        .collect();
    let users: HashMap<_, _> = member_users(&state, store).await?;
    Ok(crate::api::envelope::ok(ClockBoard {
        now: now.timestamp_millis(),
        settings,
        open: sessions
            .iter()
            .filter(|s| s.is_open() && mine(s.employee_id))
            .map(ClockSessionView::of)
            .collect(),
        shifts: rows,
        proposals: proposals
            .iter()
            .filter(|p| mine(p.employee_id))
            .map(|p| ProposalView::of(p, users.get(&p.employee_id).copied()))
            .collect(),
    }))
}

/// The users behind the store's employee records.
async fn member_users(
    state: &AppState,
    store: StoreId,
) -> AppResult<HashMap<crate::domain::ids::EmployeeId, crate::domain::ids::UserId>> {
    let employees = state
        .db
        .run(move |conn| {
            Ok(crate::db::models::employee::Employee::all_of_store(
                conn, store,
            )?)
        })
        .await?;
    Ok(employees
        .into_iter()
        .filter_map(|e| e.user_id.map(|u| (e.id, u)))
        .collect())
}

/// A range of time, epoch ms.
#[derive(Debug, Deserialize, IntoParams)]
pub struct Range {
    /// Start, epoch ms.
    pub start: i64,
    /// End, epoch ms; at most 62 days after the start.
    pub end: i64,
}

impl Range {
    /// The range as instants: forward, at most 62 days.
    fn checked(&self) -> AppResult<(DateTime<Utc>, DateTime<Utc>)> {
        let (start, end) = (
            input::instant("start", self.start)?,
            input::instant("end", self.end)?,
        );
        if end <= start || end - start > Duration::days(62) {
            return Err(AppError::invalid(
                "end must be after start, at most 62 days later.",
            ));
        }
        Ok((start, end))
    }
}

/// Which proposed shifts.
#[derive(Debug, Deserialize, IntoParams)]
pub struct ProposalQuery {
    /// Started from, epoch ms.
    pub start: i64,
    /// Started before, epoch ms; at most 62 days after the start.
    pub end: i64,
    /// Only those with this status: p (waiting), a (approved) or r (rejected).
    #[param(value_type = Option<String>, pattern = "^[par]$")]
    pub status: Option<rules::ProposalStatus>,
}

/// `GET /api/v1/stores/{storeId}/clock/proposals?start&end&status`: the proposed shifts
/// started in the range, answered or not, with who answered and when (employees: their own),
/// newest first.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/clock/proposals",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), ProposalQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [ProposalView]}`", body = [ProposalView]),
        (status = 400, description = "Bad range or status", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
    )
)]
pub async fn get_proposals(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
    query: web::Query<ProposalQuery>,
) -> AppResult<HttpResponse> {
    let member = crate::api::stores::member(&state, user, &path, "getProposedShifts").await?;
    let store = member.store_id();
    let (start, end) = Range {
        start: query.start,
        end: query.end,
    }
    .checked()?;
    let manager = member.perms.covers(Perms::SCHEDULE);
    let me = member.employee.id;
    let status = query.status;
    let proposals = state
        .db
        .run(move |conn| Ok(Proposal::in_range(conn, store, start, end)?))
        .await?;
    let users = member_users(&state, store).await?;
    let views: Vec<ProposalView> = proposals
        .iter()
        .filter(|p| manager || p.employee_id == me)
        .filter(|p| status.is_none_or(|s| p.status == s))
        .map(|p| ProposalView::of(p, users.get(&p.employee_id).copied()))
        .collect();
    Ok(crate::api::envelope::ok(views))
}

/// `GET /api/v1/stores/{storeId}/clock/sessions?start&end`: sessions overlapping the range
/// (employees: their own), by start.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/clock/sessions",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), Range),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [ClockSession]}`", body = [ClockSessionView]),
        (status = 400, description = "Bad range", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
    )
)]
pub async fn get_sessions(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
    range: web::Query<Range>,
) -> AppResult<HttpResponse> {
    let member = crate::api::stores::member(&state, user, &path, "getClockSessions").await?;
    let store = member.store_id();
    let (start, end) = range.checked()?;
    let manager = member.perms.covers(Perms::SCHEDULE);
    let me = member.employee.id;
    let sessions = state
        .db
        .run(move |conn| Ok(ClockSession::in_range(conn, store, start, end)?))
        .await?;
    let views: Vec<ClockSessionView> = sessions
        .iter()
        .filter(|s| manager || s.employee_id == me)
        .map(ClockSessionView::of)
        .collect();
    Ok(crate::api::envelope::ok(views))
}

/// One change of a session, as its audit trail shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionEditView {
    pub id: uuid::Uuid,
    /// Who changed it.
    #[schema(required = true)]
    pub by: Option<crate::domain::ids::UserId>,
    pub reason: String,
    /// The session before and after, as [`ClockSessionView`]s.
    #[schema(value_type = Object)]
    pub before: serde_json::Value,
    #[schema(value_type = Object)]
    pub after: serde_json::Value,
    /// Epoch ms.
    pub at: i64,
}

/// `GET /api/v1/stores/{storeId}/clock/sessions/{sessionId}/edits`: the session's audit
/// trail, oldest first (schedule managers).
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/clock/sessions/{sessionId}/edits",
    params(
        ("storeId" = uuid::Uuid, Path, description = "Store id"),
        ("sessionId" = uuid::Uuid, Path, description = "Clock session id"),
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [SessionEdit]}`", body = [SessionEditView]),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a schedule manager", body = crate::error::ErrorBody),
        (status = 404, description = "No such store or session", body = crate::error::ErrorBody),
    )
)]
pub async fn get_edits(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<(String, String)>,
) -> AppResult<HttpResponse> {
    let (raw_store, raw_session) = path.into_inner();
    let member = crate::api::stores::member(&state, user, &raw_store, "getClockEdits").await?;
    if !member.perms.covers(Perms::SCHEDULE) {
        return Err(AppError::forbidden(
            "forbidden",
            crate::messages::NOT_ENOUGH_PERMISSION,
        ));
    }
    let session: ClockSessionId = raw_session
        .parse()
        .map_err(|_| AppError::not_found("session_not_found", "Clock session not found."))?;
    let store = member.store_id();
    let edits = state
        .db
        .run(move |conn| Ok(SessionEdit::of_session(conn, store, session)?))
        .await?;
    let views: Vec<SessionEditView> = edits
        .into_iter()
        .map(|e| SessionEditView {
            id: e.id,
            by: e.edited_by,
            reason: e.reason,
            before: e.before,
            after: e.after,
            at: e.created_at.timestamp_millis(),
        })
        .collect();
    Ok(crate::api::envelope::ok(views))
}

/// Which pay period.
#[derive(Debug, Deserialize, IntoParams)]
pub struct PeriodQuery {
    /// A day of the period (YYYY-MM-DD); today in the store's zone when absent.
    #[param(value_type = Option<String>, format = Date)]
    pub day: Option<NaiveDate>,
}

/// One employee's line of a timesheet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimesheetLine {
    pub employee: crate::domain::ids::EmployeeId,
    pub name: String,
    pub scheduled_minutes: i64,
    pub worked_minutes: i64,
    pub break_minutes: i64,
    pub overtime_minutes: i64,
    /// Pieces of work counted: clock sessions, and shifts counted at their own times (a
    /// missed shift a manager completed, an approved proposed shift).
    pub sessions: usize,
    /// Work started late.
    pub late: usize,
    /// Sessions still running.
    pub open: usize,
    /// Pay in the store's currency.
    pub pay: f64,
    /// Worked and pay if the announced shifts still to come are worked as planned: the
    /// period's estimated earnings.
    pub expected_minutes: i64,
    pub expected_pay: f64,
}

/// A pay period's timesheet.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Timesheet {
    /// The period's first day (YYYY-MM-DD).
    #[schema(value_type = String, format = Date)]
    pub period_start: NaiveDate,
    /// The period's bounds, epoch ms.
    pub start: i64,
    pub end: i64,
    pub approved: bool,
    /// ISO 4217 code of `pay`.
    pub currency: String,
    /// Employees' lines (employees: their own), by name.
    pub lines: Vec<TimesheetLine>,
}

/// `GET /api/v1/stores/{storeId}/timesheets?day=`: the pay period's scheduled and worked
/// hours, breaks, overtime and pay per employee: the schedule report of the period.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/timesheets",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), PeriodQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": Timesheet}`", body = Timesheet),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
    )
)]
pub async fn get_timesheet(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
    query: web::Query<PeriodQuery>,
) -> AppResult<HttpResponse> {
    let member = crate::api::stores::member(&state, user, &path, "getTimesheet").await?;
    let store = member.store_id();
    let manager = member.perms.covers(Perms::SCHEDULE);
    let me = member.employee.id;
    let day = query.day;
    let now = Utc::now();
    if let Some(d) = day {
        input::instant(
            "day",
            d.and_hms_opt(0, 0, 0)
                .map_or(i64::MAX, |t| t.and_utc().timestamp_millis()),
        )?;
    }
    let ledger = pay::load(&state, store, move |zone, week_start| {
        let day = day.unwrap_or_else(|| now.with_timezone(&zone).date_naive());
        let (_, from, to) = timesheet::period_of(day, week_start, zone);
        (from, to)
    })
    .await?;
    let (from, to) = ledger.range;
    let first = crate::domain::calendar::local_date(ledger.zone(), from);
    let approved = state
        .db
        .run(move |conn| {
            Ok(
                crate::db::models::clock::PeriodApproval::of_store(conn, store)?
                    .iter()
                    .any(|a| a.period_start == first),
            )
        })
        .await?;
    let people = ledger.workers(|e| manager || e.id == me);
    let workers: Vec<Worker> = people.iter().map(|(_, w)| w.clone()).collect();
    let worked = ledger.report(&workers, now, Outlook::Worked);
    let expected = ledger.report(&workers, now, Outlook::Expected);
    let mut lines: Vec<TimesheetLine> = people
        .iter()
        .zip(worked.employees.iter().zip(&expected.employees))
        // A former employee appears only for work in the period.
        .filter(|((e, _), ((_, f), _))| e.terminated_at.is_none() || *f != Figures::default())
        .map(|((e, _), ((_, f), (_, x)))| TimesheetLine {
            employee: e.id,
            name: e.shown_name().to_string(),
            scheduled_minutes: f.scheduled_minutes,
            worked_minutes: f.worked_minutes,
            break_minutes: f.break_minutes,
            overtime_minutes: f.overtime_minutes,
            sessions: f.sessions,
            late: f.late,
            open: f.open,
            pay: f.cost(),
            expected_minutes: x.worked_minutes,
            expected_pay: x.cost(),
        })
        .collect();
    lines.sort_by_key(|l| l.name.to_lowercase());
    Ok(crate::api::envelope::ok(Timesheet {
        period_start: first,
        start: from.timestamp_millis(),
        end: to.timestamp_millis(),
        approved,
        currency: ledger.currency.clone(),
        lines,
    }))
}
