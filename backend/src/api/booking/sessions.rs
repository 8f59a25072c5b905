//! The managers' calls on booked sessions and their clients (schedule permission), and the
//! reservations list: `GET /api/v1/stores/{storeId}/booking/sessions`.

use super::shared::links;
use crate::api::stores::{read, StoreMember};
use crate::calls::{bounded, input, Access, AppState, Call, Ctx, Registry};
use crate::db::models::booking::{BookedClient, BookedSession, Client};
use crate::db::models::employee::Employee;
use crate::domain::booking::status::SessionStatus;
use crate::domain::ids::{BookedSessionId, ClientId, EmployeeId, EventId, UserId};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::booking::{
    CancelPlace, CancelSession as CancelSessionCommand, Canceller,
    DeleteSession as DeleteSessionCommand, PlaceRef, ReassignSession as ReassignCommand,
    RemovePlace, ReschedulePlace, Rescheduled, SessionChanged, SessionView,
};
use actix_web::{web, HttpResponse};
use chrono::Duration;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::{IntoParams, ToSchema};

pub fn register(r: &mut Registry) {
    r.add::<CancelSession>()
        .add::<CancelClientBookedSession>()
        .add::<ReassignSession>()
        .add::<RescheduleClient>()
        .add::<RemoveBookedClientFromSession>()
        .add::<DeleteSession>();
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read(
        "/stores/{storeId}/booking/sessions",
        "getBookedSessions",
        get_booked_sessions,
    ));
}

/// A reason a client is told, at most this long.
pub const REASON_MAX: usize = 500;

fn reason(raw: Option<&str>) -> AppResult<Option<String>> {
    input::optional_text("reason", raw, REASON_MAX)
}

/// `cancelSession`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelSession {
    pub event_session_id: BookedSessionId,
    pub reason: Option<bounded::Text<{ REASON_MAX }>>,
}

impl Call for CancelSession {
    const NAME: &'static str = "cancelSession";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Managers: call a booked session off; every client is told.";
    type Output = SessionView;

    #[tracing::instrument(name = "cancelSession", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SessionView> {
        let cmd = CancelSessionCommand {
            session: self.event_session_id,
            reason: reason(self.reason.as_deref())?,
            links: links(&ctx.state),
        };
        let SessionChanged(view) = ctx.execute(cmd).await?;
        Ok(view)
    }
}

/// `cancelClientBookedSession`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelClientBookedSession {
    pub session_id: BookedSessionId,
    pub client_id: ClientId,
    pub reason: Option<bounded::Text<{ REASON_MAX }>>,
}

impl Call for CancelClientBookedSession {
    const NAME: &'static str = "cancelClientBookedSession";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Managers: cancel one client's place in a session; they are told.";
    type Output = SessionView;

    #[tracing::instrument(name = "cancelClientBookedSession", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SessionView> {
        let cmd = CancelPlace {
            place: PlaceRef::InSession(self.session_id, self.client_id),
            by: Canceller::Manager(reason(self.reason.as_deref())?),
            links: links(&ctx.state),
        };
        let SessionChanged(view) = ctx.execute(cmd).await?;
        Ok(view)
    }
}

/// `reassignSession`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReassignSession {
    pub event_session_id: BookedSessionId,
    /// The employee's user id.
    pub employee_uid: UserId,
}

impl Call for ReassignSession {
    const NAME: &'static str = "reassignSession";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Managers: another employee of the role works a session; its shift moves with it.";
    type Output = SessionView;

    #[tracing::instrument(name = "reassignSession", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SessionView> {
        let cmd = ReassignCommand {
            session: self.event_session_id,
            employee: self.employee_uid,
        };
        let SessionChanged(view) = ctx.execute(cmd).await?;
        Ok(view)
    }
}

/// `rescheduleClient`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RescheduleClient {
    pub event_id: EventId,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub chosen_employee_uid: Option<UserId>,
    pub current_session_id: BookedSessionId,
    pub client_id: ClientId,
    pub reservation_slot: Option<super::public::ReservationSlot>,
    pub note: Option<bounded::Text<{ REASON_MAX }>>,
}

impl Call for RescheduleClient {
    const NAME: &'static str = "rescheduleClient";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Managers: move a client to another time or employee of the event; they are told.";
    type Output = SessionView;

    #[tracing::instrument(name = "rescheduleClient", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SessionView> {
        let start = super::public::ReservationSlot::start(self.reservation_slot.as_ref())?;
        let cmd = ReschedulePlace {
            place: PlaceRef::InSession(self.current_session_id, self.client_id),
            event: Some(self.event_id),
            start,
            employee: self.chosen_employee_uid,
            note: input::optional_text("note", self.note.as_deref(), REASON_MAX)?,
            by_manager: true,
            links: links(&ctx.state),
        };
        match ctx.execute(cmd).await? {
            Rescheduled::Session(view) => Ok(view),
            Rescheduled::Client(_) => {
                Err(AppError::internal("a manager's move answered a client's"))
            }
        }
    }
}

/// `removeBookedClientFromSession`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RemoveBookedClientFromSession {
    pub session_id: BookedSessionId,
    pub client_id: ClientId,
}

impl Call for RemoveBookedClientFromSession {
    const NAME: &'static str = "removeBookedClientFromSession";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Managers: take a client off a session without mailing them.";
    type Output = SessionView;

    #[tracing::instrument(name = "removeBookedClientFromSession", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SessionView> {
        let cmd = RemovePlace {
            session: self.session_id,
            client: self.client_id,
        };
        let SessionChanged(view) = ctx.execute(cmd).await?;
        Ok(view)
    }
}

/// `deleteSession`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteSession {
    pub session_id: BookedSessionId,
}

/// The answer of `deleteSession`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionDeleted {
    pub session_id: BookedSessionId,
}

impl Call for DeleteSession {
    const NAME: &'static str = "deleteSession";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Managers: remove a session nobody holds a place in.";
    type Output = SessionDeleted;

    #[tracing::instrument(name = "deleteSession", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SessionDeleted> {
        ctx.execute::<()>(DeleteSessionCommand {
            session: self.session_id,
        })
        .await?;
        Ok(SessionDeleted {
            session_id: self.session_id,
        })
    }
}

/// The reservations list's filters.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SessionsQuery {
    /// From, epoch ms (default 30 days back).
    pub from: Option<bounded::Instant>,
    /// To, epoch ms (default 30 days ahead; at most 366 days after `from`).
    pub to: Option<bounded::Instant>,
    /// Only this event's sessions.
    pub event: Option<EventId>,
    /// Only sessions in this status (1 confirmed, 2 dropped, 3 pending, 4 cancelled).
    #[param(minimum = 1, maximum = 4)]
    pub status: Option<i16>,
    /// Only this employee's sessions (their record id).
    pub employee: Option<EmployeeId>,
}

/// The answer of the reservations list.
#[derive(Debug, Serialize, ToSchema)]
pub struct BookedSessions {
    pub sessions: Vec<SessionView>,
}

/// `GET /api/v1/stores/{storeId}/booking/sessions`: the store's booked sessions over a window
/// (by default the spec's 30 days back to 30 ahead), with their clients. Managers with the
/// schedule permission see every session; an employee sees their own.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/booking/sessions",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), SessionsQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": BookedSessions}`", body = BookedSessions),
        (status = 400, description = "Bad range", body = crate::error::ErrorBody),
        crate::api::stores::StoreReadRefusals,
    )
)]
pub async fn get_booked_sessions(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    query: web::Query<SessionsQuery>,
) -> AppResult<HttpResponse> {
    let now = state.clock.now();
    let from = match query.from {
        Some(f) => input::instant("from", f)?,
        None => now - Duration::days(30),
    };
    let to = match query.to {
        Some(t) => input::instant("to", t)?,
        None => now + Duration::days(30),
    };
    if to <= from || to - from > Duration::days(366) {
        return Err(AppError::invalid(
            "to must be after from, at most 366 days later.",
        ));
    }
    let status = match query.status {
        Some(code) => Some(
            SessionStatus::from_code(code).ok_or_else(|| AppError::invalid("status is 1 to 4."))?,
        ),
        None => None,
    };
    let own = (!member.perms.covers(Perms::SCHEDULE)).then_some(member.employee.id);
    let (store, event, employee) = (member.store_id(), query.event, query.employee.or(own));
    let (sessions, places, clients, names) = state
        .db
        .run(move |conn| {
            let sessions: Vec<BookedSession> = BookedSession::between(conn, store, from, to)?
                .into_iter()
                .filter(|s| event.is_none_or(|e| s.event_id == e))
                .filter(|s| status.is_none_or(|st| s.status == st))
                .filter(|s| employee.is_none_or(|e| s.employee_id == Some(e)))
                .collect();
            let ids: Vec<BookedSessionId> = sessions.iter().map(|s| s.id).collect();
            let places = BookedClient::of_sessions(conn, &ids)?;
            let client_ids: Vec<ClientId> = places.iter().map(|p| p.client_id).collect();
            let clients: HashMap<ClientId, Client> = Client::of_ids(conn, &client_ids)?
                .into_iter()
                .map(|c| (c.id, c))
                .collect();
            let names: HashMap<EmployeeId, String> = Employee::all_of_store(conn, store)?
                .into_iter()
                .map(|e| (e.id, e.shown_name().to_string()))
                .collect();
            Ok((sessions, places, clients, names))
        })
        .await?;
    let employee_view = own.is_some();
    let sessions = sessions
        .iter()
        .map(|s| {
            let mine: Vec<&BookedClient> = places.iter().filter(|p| p.session_id == s.id).collect();
            let mut view = SessionView::build(
                s,
                &mine,
                |id| clients.get(&id),
                s.employee_id.and_then(|e| names.get(&e).cloned()),
                now,
            );
            if employee_view {
                // An employee sees who comes, not how to reach them.
                for p in &mut view.booked_clients {
                    p.email.clear();
                    p.phonenumber.clear();
                }
            }
            view
        })
        .collect();
    Ok(crate::api::envelope::ok(BookedSessions { sessions }))
}
