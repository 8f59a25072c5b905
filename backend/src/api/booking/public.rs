//! The public booking calls: no account, rate-limited per address. An event is found by its
//! address (`eventURL`); a client's reservation by the signed token of their link.

use super::shared::links;
use crate::auth::public_rate::Allowance;
use crate::calls::{bounded, input, Access, Call, Ctx, Registry};
use crate::db::models::booking::{BookedClient, BookingEvent};
use crate::domain::booking::link::{self, Purpose, Refused};
use crate::domain::ids::{BookedClientId, EventId, StoreId, UserId};
use crate::error::{AppError, AppResult, ErrorKind};
use crate::store::booking::{
    CancelPlace, Canceller, ConfirmPlace, FindSlots, PlaceRef, PublicEvent, ReschedulePlace,
    Rescheduled, Reservation, Reserve, Reserved, ShowEvent, ShowReservation, SlotsOfDay,
};
use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::ToSchema;

/// The longest event address or link token a public call reads.
pub const LINK_MAX: usize = 200;
/// A client's name, phone and note, at most.
pub const NAME_MAX: usize = 120;
pub const PHONE_MAX: usize = 40;
pub const NOTE_MAX: usize = 500;

pub fn register(r: &mut Registry) {
    r.add::<GetEventByUrl>()
        .add::<GetReservationDetails>()
        .add::<ReserveEvent>()
        .add::<GetReservation>()
        .add::<ConfirmReservation>()
        .add::<CancelReservation>()
        .add::<RescheduleReservation>();
}

/// Refuses a caller past their allowance.
fn allowed(ctx: &Ctx, kind: Allowance) -> AppResult<()> {
    if ctx.state.public_rate.allow(ctx.client, kind) {
        Ok(())
    } else {
        Err(AppError::new(
            ErrorKind::RateLimited,
            "rate_limited",
            "Too many requests. Please wait a minute and try again.",
        ))
    }
}

fn no_event() -> AppError {
    AppError::not_found("event_not_found", "Event not found.")
}

/// The event and store at a public address.
async fn event_at(ctx: &Ctx, url: &str) -> AppResult<(EventId, StoreId)> {
    let slug = url
        .trim()
        .trim_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or_default()
        .to_lowercase();
    if slug.is_empty() || slug.len() > crate::domain::booking::event::SLUG_MAX {
        return Err(no_event());
    }
    ctx.state
        .db
        .run(move |conn| Ok(BookingEvent::store_of_slug(conn, &slug)?))
        .await?
        .ok_or_else(no_event)
}

/// The place and store a client's link names.
async fn place_of(
    ctx: &Ctx,
    token: &str,
    purposes: &[Purpose],
) -> AppResult<(BookedClientId, StoreId)> {
    let secret = links(&ctx.state).secret;
    let now = ctx.state.clock.now();
    let mut expired = false;
    let mut found = None;
    for p in purposes {
        match link::open(&secret, token, *p, now) {
            Ok(id) => {
                found = Some(BookedClientId(id));
                break;
            }
            Err(Refused::Expired) => expired = true,
            Err(Refused::Forged) => {}
        }
    }
    let id = match found {
        Some(id) => id,
        None if expired => {
            return Err(AppError::bad_request(
                "link_expired",
                "This link has expired.",
            ))
        }
        None => {
            return Err(AppError::not_found(
                "invalid_link",
                "This link is not valid.",
            ))
        }
    };
    let place = ctx
        .state
        .db
        .run(move |conn| Ok(BookedClient::find(conn, id)?))
        .await?
        .ok_or_else(|| AppError::not_found("invalid_link", "This link is not valid."))?;
    Ok((place.id, place.store_id))
}

/// `getEventByUrl` (public).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GetEventByUrl {
    #[serde(rename = "eventURL")]
    pub event_url: bounded::Text<{ LINK_MAX }>,
}

impl Call for GetEventByUrl {
    const NAME: &'static str = "getEventByUrl";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Public: an enabled event at its address, and its store.";
    type Output = PublicEvent;

    #[tracing::instrument(name = "getEventByUrl", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<PublicEvent> {
        allowed(&ctx, Allowance::Read)?;
        let (event, store) = event_at(&ctx, &self.event_url).await?;
        ctx.state.stores.execute(store, ShowEvent { event }).await
    }
}

/// `getReservationDetails` (public).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GetReservationDetails {
    #[serde(rename = "eventURL")]
    pub event_url: bounded::Text<{ LINK_MAX }>,
    /// `YYYY-MM-DD`, a date in the store's zone.
    #[schema(value_type = String, format = Date)]
    pub chosen_date: Option<String>,
}

fn date(raw: Option<&str>) -> AppResult<NaiveDate> {
    let raw = raw
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .ok_or_else(|| {
            AppError::bad_request("required", "Book date is required.")
                .with_details(serde_json::json!({ "field": "date" }))
        })?;
    NaiveDate::parse_from_str(raw, "%Y-%m-%d").map_err(|_| {
        AppError::bad_request("invalid_date", "The date is not a date as YYYY-MM-DD.")
            .with_details(serde_json::json!({ "field": "date" }))
    })
}

impl Call for GetReservationDetails {
    const NAME: &'static str = "getReservationDetails";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str =
        "Public: an event's bookable session times on a date, with their free places.";
    type Output = SlotsOfDay;

    #[tracing::instrument(name = "getReservationDetails", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SlotsOfDay> {
        allowed(&ctx, Allowance::Read)?;
        let date = date(self.chosen_date.as_deref())?;
        let (event, store) = event_at(&ctx, &self.event_url).await?;
        ctx.state
            .stores
            .execute(store, FindSlots { event, date })
            .await
    }
}

/// A session time chosen: its date and start.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReservationSlot {
    /// `YYYY-MM-DD` in the store's zone.
    pub date: Option<String>,
    /// The session's start, epoch ms.
    pub session: Option<bounded::Instant>,
}

impl ReservationSlot {
    pub(super) fn start(
        slot: Option<&ReservationSlot>,
    ) -> AppResult<chrono::DateTime<chrono::Utc>> {
        let slot = slot.ok_or_else(|| {
            AppError::bad_request("required", "Time slot is required.")
                .with_details(serde_json::json!({ "field": "reservationSlot" }))
        })?;
        date(slot.date.as_deref())?;
        let start = slot.session.ok_or_else(|| {
            AppError::bad_request("required", "Session is required.")
                .with_details(serde_json::json!({ "field": "session" }))
        })?;
        input::instant("session", start)
    }
}

/// `reserveEvent` (public).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReserveEvent {
    #[serde(rename = "eventURL")]
    pub event_url: bounded::Text<{ LINK_MAX }>,
    pub name: Option<bounded::Text<{ NAME_MAX }>>,
    pub email: Option<bounded::Text<{ crate::domain::account::EMAIL_MAX_LEN }>>,
    pub phonenumber: Option<bounded::Text<{ PHONE_MAX }>>,
    /// The chosen employee's user id, when the event lets clients choose.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub employee_uid: Option<UserId>,
    pub reservation_slot: Option<ReservationSlot>,
    pub note: Option<bounded::Text<{ NOTE_MAX }>>,
    /// Left empty by people: the form hides it. A value marks a robot.
    pub website: Option<bounded::Text<{ LINK_MAX }>>,
}

fn required(
    field: &'static str,
    label: &str,
    value: Option<&str>,
    max: usize,
) -> AppResult<String> {
    let v = value.map(str::trim).unwrap_or_default();
    if v.is_empty() {
        return Err(
            AppError::bad_request("required", format!("{label} is required."))
                .with_details(serde_json::json!({ "field": field })),
        );
    }
    input::required_text(label, v, max)
}

impl Call for ReserveEvent {
    const NAME: &'static str = "reserveEvent";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Public: hold a place in a session while the client confirms; \
         answers the links to confirm and to cancel.";
    type Output = Reserved;

    #[tracing::instrument(name = "reserveEvent", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Reserved> {
        allowed(&ctx, Allowance::Reserve)?;
        if self
            .website
            .as_deref()
            .is_some_and(|w| !w.trim().is_empty())
        {
            return Err(AppError::bad_request(
                "rejected",
                "Your reservation could not be taken.",
            ));
        }
        let name = required("name", "Name", self.name.as_deref(), NAME_MAX)?;
        let email = required(
            "email",
            "Email",
            self.email.as_deref(),
            crate::domain::account::EMAIL_MAX_LEN,
        )?;
        let email = input::email(&email)?;
        let phone = required(
            "phonenumber",
            "Phone",
            self.phonenumber.as_deref(),
            PHONE_MAX,
        )?;
        let phone = crate::domain::account::parse_phone_number(&phone)
            .ok()
            .flatten()
            .ok_or_else(|| {
                AppError::bad_request("invalid_phone", "Please enter a valid mobile number.")
                    .with_details(serde_json::json!({ "field": "phonenumber" }))
            })?;
        let note = input::optional_text("Note", self.note.as_deref(), NOTE_MAX)?;
        let start = ReservationSlot::start(self.reservation_slot.as_ref())?;
        let (event, store) = event_at(&ctx, &self.event_url).await?;
        let cmd = Reserve {
            event,
            start,
            employee: self.employee_uid,
            name,
            email,
            phone,
            note,
            hold: chrono::Duration::from_std(ctx.state.settings.booking_hold)
                .unwrap_or(chrono::Duration::minutes(5)),
            links: links(&ctx.state),
        };
        ctx.state.stores.execute(store, cmd).await
    }
}

/// A client's link.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LinkToken {
    pub token: bounded::Text<{ LINK_MAX }>,
}

/// `getReservation` (public, ours): the reservation a client's link names.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GetReservation {
    #[serde(flatten)]
    pub link: LinkToken,
}

impl Call for GetReservation {
    const NAME: &'static str = "getReservation";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Public: the reservation a client's link names.";
    type Output = Reservation;

    #[tracing::instrument(name = "getReservation", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Reservation> {
        allowed(&ctx, Allowance::Read)?;
        let all = [Purpose::Confirm, Purpose::Cancel, Purpose::Reschedule];
        let (place, store) = place_of(&ctx, &self.link.token, &all).await?;
        ctx.state
            .stores
            .execute(store, ShowReservation { place })
            .await
    }
}

/// `confirmReservation` (public, ours): the client confirms a held place.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmReservation {
    #[serde(flatten)]
    pub link: LinkToken,
}

impl Call for ConfirmReservation {
    const NAME: &'static str = "confirmReservation";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str =
        "Public: confirm a held reservation; the client is mailed their invitation.";
    type Output = Reservation;

    #[tracing::instrument(name = "confirmReservation", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Reservation> {
        allowed(&ctx, Allowance::Reserve)?;
        let (place, store) = place_of(&ctx, &self.link.token, &[Purpose::Confirm]).await?;
        let links = links(&ctx.state);
        ctx.state
            .stores
            .execute(store, ConfirmPlace { place, links })
            .await
    }
}

/// `cancelReservation` (public, ours): the client cancels by their link.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CancelReservation {
    #[serde(flatten)]
    pub link: LinkToken,
}

impl Call for CancelReservation {
    const NAME: &'static str = "cancelReservation";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Public: a client cancels their reservation by their link.";
    type Output = Reservation;

    #[tracing::instrument(name = "cancelReservation", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Reservation> {
        allowed(&ctx, Allowance::Reserve)?;
        let (place, store) = place_of(&ctx, &self.link.token, &[Purpose::Cancel]).await?;
        let cmd = CancelPlace {
            place: PlaceRef::Id(place),
            by: Canceller::Client,
            links: links(&ctx.state),
        };
        ctx.state.stores.execute(store, cmd).await
    }
}

/// `rescheduleReservation` (public, ours): the client moves their reservation by their link.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RescheduleReservation {
    pub token: bounded::Text<{ LINK_MAX }>,
    pub reservation_slot: Option<ReservationSlot>,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub employee_uid: Option<UserId>,
}

impl Call for RescheduleReservation {
    const NAME: &'static str = "rescheduleReservation";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str =
        "Public: a client moves their reservation to another time by their link.";
    type Output = Reservation;

    #[tracing::instrument(name = "rescheduleReservation", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Reservation> {
        allowed(&ctx, Allowance::Reserve)?;
        let start = ReservationSlot::start(self.reservation_slot.as_ref())?;
        let (place, store) = place_of(&ctx, &self.token, &[Purpose::Reschedule]).await?;
        let cmd = ReschedulePlace {
            place: PlaceRef::Id(place),
            event: None,
            start,
            employee: self.employee_uid,
            note: None,
            by_manager: false,
            links: links(&ctx.state),
        };
        match ctx.state.stores.execute(store, cmd).await? {
            Rescheduled::Client(r) => Ok(r),
            Rescheduled::Session(_) => {
                Err(AppError::internal("a client's move answered a session"))
            }
        }
    }
}
