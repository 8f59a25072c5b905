//! `addEvent`, `updateEvent`, `deleteEvent` and `getEvents` (schedule permission): a store's
//! bookable events.

use super::shared::{links, refused};
use crate::calls::{bounded, input, Access, Call, Ctx, Registry};
use crate::db::models::booking::BookingEvent;
use crate::domain::booking::event::{self, Definition, EventError, Sent};
use crate::domain::booking::repeat::{Frequency, Repeat};
use crate::domain::ids::{EventId, RoleId};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::booking::{
    DeleteEvent as DeleteEventCommand, EventSaved, EventView, Events, ListEvents, SaveEvent,
    StoreZone,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<AddEvent>()
        .add::<UpdateEvent>()
        .add::<DeleteEvent>()
        .add::<GetEvents>();
}

/// An event's fields, as a manager sends them.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventInput {
    pub title: Option<bounded::Text<{ event::TITLE_MAX }>>,
    /// The role whose employees work its sessions.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub role: Option<RoleId>,
    /// The first day's first session start (epoch ms, rounded to the minute).
    pub start: Option<bounded::Instant>,
    /// The first day's last session end, the same day.
    pub end: Option<bounded::Instant>,
    /// How it repeats; absent for one day.
    pub repeat_pattern: Option<RepeatInput>,
    /// Minutes: 15, 30, 45 or 60.
    #[schema(minimum = 15, maximum = 60)]
    pub session_duration: Option<u16>,
    /// Clients per session (default 1).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 500)]
    pub capacity: Option<u16>,
    /// Sessions that run side by side at one time, each with its own employee (default 1).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 50)]
    pub max_rooms_per_session: Option<u16>,
    /// How far ahead bookings open, in minutes (default 30 days).
    #[serde(default)]
    #[schema(minimum = 1, maximum = 527040)]
    pub reservation_window_start: Option<u32>,
    /// How late before a session bookings close, in minutes (default 0).
    #[serde(default)]
    #[schema(minimum = 0, maximum = 10080)]
    pub reservation_window_end: Option<u32>,
    #[serde(default)]
    pub allow_employee_selection: bool,
    /// The public address's last part; made from the title when absent.
    pub url: Option<bounded::Text<{ event::SLUG_MAX }>>,
}

impl EventInput {
    fn definition(self, zone: chrono_tz::Tz) -> AppResult<(Definition, RoleId)> {
        let title = self
            .title
            .map(|t| t.0)
            .filter(|t| !t.trim().is_empty())
            .ok_or_else(|| refused(EventError::required("title", "Title")))?;
        let role = self
            .role
            .ok_or_else(|| refused(EventError::required("role", "Role")))?;
        let start = self
            .start
            .ok_or_else(|| refused(EventError::required("start", "Start date")))?;
        let end = self
            .end
            .ok_or_else(|| refused(EventError::required("end", "End date")))?;
        input::instant("start", start)?;
        input::instant("end", end)?;
        let session_minutes = self
            .session_duration
            .ok_or_else(|| refused(EventError::required("sessionDuration", "Duration")))?;
        let sent = Sent {
            title,
            start: start.into(),
            end: end.into(),
            repeat: self.repeat_pattern.map(RepeatInput::rule).transpose()?,
            session_minutes,
            capacity: self.capacity.unwrap_or(1),
            rooms: self.max_rooms_per_session.unwrap_or(1),
            book_ahead_minutes: self.reservation_window_start,
            book_until_minutes: self.reservation_window_end.unwrap_or(0),
            choose_employee: self.allow_employee_selection,
            slug: self.url.map(|u| u.0),
        };
        Ok((Definition::check(sent, zone).map_err(refused)?, role))
    }
}

/// A repeat pattern as a manager sends it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RepeatInput {
    pub frequency: Frequency,
    #[schema(minimum = 1, maximum = 99)]
    pub interval: u16,
    /// For daily and weekly repeats: the weekdays, 0 Sunday to 6 Saturday (empty: the first
    /// day's).
    pub weekdays: Vec<i64>,
    /// The last date it runs on, `YYYY-MM-DD`; empty for none.
    pub until: Option<String>,
    /// Or how many times it runs.
    #[schema(minimum = 1, maximum = 1000)]
    pub count: Option<u32>,
}

impl RepeatInput {
    fn rule(self) -> AppResult<Repeat> {
        let invalid = |message: &str| {
            refused(EventError {
                code: "invalid_repeat",
                message: message.to_string(),
                field: "repeatPattern",
            })
        };
        let weekdays = self
            .weekdays
            .iter()
            .map(|&d| u8::try_from(d).ok().filter(|d| *d <= 6))
            .collect::<Option<Vec<u8>>>()
            .ok_or_else(|| invalid("Weekdays are numbers from 0 (Sunday) to 6."))?;
        let until = match self.until.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(d) => Some(
                chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d")
                    .map_err(|_| invalid("The last date is not a date as YYYY-MM-DD."))?,
            ),
        };
        Ok(Repeat {
            frequency: self.frequency,
            interval: self.interval,
            weekdays,
            until,
            count: self.count,
        })
    }
}

/// The answer of `addEvent` and `updateEvent`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedEvent {
    pub event_id: EventId,
    pub event: EventView,
}

/// A free address for a new event named `title`.
async fn fallback_slug(ctx: &Ctx, title: &str) -> AppResult<String> {
    let base = title.to_string();
    ctx.state
        .db
        .run(move |conn| {
            for _ in 0..8 {
                let suffix: String = uuid::Uuid::new_v4().simple().to_string()[..6].to_string();
                let slug = event::slug_of(&base, &suffix);
                if !BookingEvent::slug_taken(conn, &slug)? {
                    return Ok(slug);
                }
            }
            Err(AppError::internal("no free event address"))
        })
        .await
}

async fn save(
    ctx: Ctx,
    id: Option<EventId>,
    input: EventInput,
    active: Option<bool>,
) -> AppResult<SavedEvent> {
    let zone: chrono_tz::Tz = ctx.execute(StoreZone).await?;
    let (definition, role) = input.definition(zone)?;
    if let Some(slug) = definition.slug.clone() {
        let taken = ctx
            .state
            .db
            .run(move |conn| Ok(BookingEvent::store_of_slug(conn, &slug)?))
            .await?;
        if taken.is_some_and(|(event, _)| Some(event) != id) {
            return Err(crate::store::booking::url_taken());
        }
    }
    let fallback_slug = fallback_slug(&ctx, &definition.title).await?;
    let EventSaved(event) = ctx
        .execute(SaveEvent {
            id,
            by: ctx.user()?,
            definition,
            role,
            active,
            fallback_slug,
        })
        .await?;
    Ok(SavedEvent {
        event_id: event.id,
        event,
    })
}

/// `addEvent`: a new event, created disabled.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddEvent {
    pub event: EventInput,
}

impl Call for AddEvent {
    const NAME: &'static str = "addEvent";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Managers: a new bookable event, created disabled (booking must be on).";
    type Output = SavedEvent;

    #[tracing::instrument(name = "addEvent", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SavedEvent> {
        save(ctx, None, self.event, None).await
    }
}

/// An event's changes: its fields, and whether its public page is live.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventChanges {
    pub id: EventId,
    #[serde(flatten)]
    pub fields: EventInput,
    /// Enables (or disables) its public page.
    pub is_active: Option<bool>,
}

/// `updateEvent`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateEvent {
    pub event: EventChanges,
}

impl Call for UpdateEvent {
    const NAME: &'static str = "updateEvent";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Managers: change an event, or enable or disable its page.";
    type Output = SavedEvent;

    #[tracing::instrument(name = "updateEvent", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SavedEvent> {
        let EventChanges {
            id,
            fields,
            is_active,
        } = self.event;
        save(ctx, Some(id), fields, is_active).await
    }
}

/// `deleteEvent`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteEvent {
    pub event_id: EventId,
}

impl Call for DeleteEvent {
    const NAME: &'static str = "deleteEvent";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str =
        "Managers: remove an event; its upcoming sessions are cancelled, each client told.";
    type Output = EventDeleted;

    #[tracing::instrument(name = "deleteEvent", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<EventDeleted> {
        let links = links(&ctx.state);
        ctx.execute::<()>(DeleteEventCommand {
            id: self.event_id,
            links,
        })
        .await?;
        Ok(EventDeleted {
            event_id: self.event_id,
        })
    }
}

/// The answer of `deleteEvent`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventDeleted {
    pub event_id: EventId,
}

/// `getEvents`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GetEvents {}

impl Call for GetEvents {
    const NAME: &'static str = "getEvents";
    const ACCESS: Access = Access::Store(Perms::SCHEDULE);
    const SUMMARY: &'static str = "Managers: the store's bookable events.";
    type Output = Events;

    #[tracing::instrument(name = "getEvents", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Events> {
        ctx.execute(ListEvents).await
    }
}
