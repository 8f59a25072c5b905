//! `addEvent`, `updateEvent` and `deleteEvent`: a store's bookable events, live on every
//! manager's screen.

use super::mails::{self, Links};
use super::shared::{enabled, event_not_found, session_changed};
use super::staff;
use super::state::BookingWrite;
use super::views::EventView;
use crate::db::models::booking::{minute_of, BookingEvent};
use crate::domain::audience::Audience;
use crate::domain::booking::event::Definition;
use crate::domain::booking::mail::MailKind;
use crate::domain::booking::status::{ClientStatus, SessionStatus};
use crate::domain::ids::{EventId, RoleId, UserId};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::{Command, Effects, EventDraft, Reply, Write};
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};

/// `addEvent` (no `id`: created disabled) or `updateEvent`.
#[derive(Debug)]
pub struct SaveEvent {
    pub id: Option<EventId>,
    pub by: UserId,
    pub definition: Definition,
    pub role: RoleId,
    /// `updateEvent` only: enables or disables the public page.
    pub active: Option<bool>,
    /// The address a new event takes when it names none (checked free by the call).
    pub fallback_slug: String,
}

/// The answer of `addEvent` and `updateEvent`.
#[derive(Debug, Clone)]
pub struct EventSaved(pub EventView);

fn announce(kind: &'static str, view: &EventView, effects: &mut Effects) {
    effects.events.push(EventDraft {
        kind,
        data: serde_json::to_value(view).unwrap_or_default(),
        visibility: Audience::Managers,
    });
}

impl Command for SaveEvent {
    fn name(&self) -> &'static str {
        if self.id.is_some() {
            "updateEvent"
        } else {
            "addEvent"
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        enabled(state)?;
        if state.role(self.role).is_none() {
            return Err(AppError::not_found(
                "role_not_found",
                messages::ROLE_NOT_FOUND,
            ));
        }
        let d = &self.definition;
        let before = match self.id {
            Some(id) => Some(state.booking.events.get(&id).ok_or_else(event_not_found)?),
            None => None,
        };
        let slug = d
            .slug
            .clone()
            .or_else(|| before.map(|b| b.slug.clone()))
            .unwrap_or_else(|| self.fallback_slug.clone());
        if state
            .booking
            .events
            .values()
            .any(|e| e.slug == slug && Some(e.id) != self.id)
        {
            return Err(url_taken());
        }
        let row = BookingEvent {
            id: self.id.unwrap_or_default(),
            store_id: state.store.id,
            title: d.title.clone(),
            role_id: Some(self.role),
            first_day: d.first_day,
            opens_minute: minute_of(d.opens),
            closes_minute: minute_of(d.closes),
            repeat: d.repeat.as_ref().and_then(|r| serde_json::to_value(r).ok()),
            session_minutes: d.session_minutes as i16,
            capacity: d.capacity as i16,
            rooms: d.rooms as i16,
            book_ahead_minutes: d.book_ahead_minutes as i32,
            book_until_minutes: d.book_until_minutes as i32,
            choose_employee: d.choose_employee,
            slug,
            // Events are created disabled and must be enabled.
            is_active: before.is_some_and(|b| self.active.unwrap_or(b.is_active)),
            created_by: before.map_or(Some(self.by), |b| b.created_by),
            created_at: before.map_or(now, |b| b.created_at),
            updated_at: now,
            deleted_at: None,
        };
        let view = EventView::of(state, &row);
        let mut effects = Effects {
            reply: Reply::new(EventSaved(view.clone())),
            ..Effects::default()
        };
        announce("booking.event.saved", &view, &mut effects);
        effects
            .writes
            .push(Write::Booking(BookingWrite::PutEvent(Box::new(row))));
        Ok(effects)
    }
}

/// The text for an address another event has.
pub fn url_taken() -> AppError {
    AppError::conflict("url_taken", "Another event has this address.")
}

/// `deleteEvent`: the event's page stops answering, and its upcoming sessions are called off,
/// each client told.
#[derive(Debug)]
pub struct DeleteEvent {
    pub id: EventId,
    pub links: Links,
}

impl Command for DeleteEvent {
    fn name(&self) -> &'static str {
        "deleteEvent"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let event = state
            .booking
            .events
            .get(&self.id)
            .ok_or_else(event_not_found)?;
        let mut effects = Effects::nothing(());
        let upcoming: Vec<_> = state
            .booking
            .sessions
            .values()
            .filter(|s| s.event_id == self.id && s.status.is_live() && s.start_at > now)
            .collect();
        for session in upcoming {
            cancel_session(
                state,
                session,
                Some("The event was removed."),
                &self.links,
                now,
                &mut effects,
            );
        }
        let row = BookingEvent {
            is_active: false,
            deleted_at: Some(now),
            updated_at: now,
            ..event.clone()
        };
        effects.events.push(EventDraft {
            kind: "booking.event.deleted",
            data: serde_json::json!({ "id": self.id }),
            visibility: Audience::Managers,
        });
        effects
            .writes
            .push(Write::Booking(BookingWrite::PutEvent(Box::new(row))));
        Ok(effects)
    }
}

/// Calls a session off: every client holding a place is told, its work leaves the schedule.
pub(super) fn cancel_session(
    state: &StoreState,
    session: &crate::db::models::booking::BookedSession,
    reason: Option<&str>,
    links: &Links,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let mut places = Vec::new();
    for p in state.booking.places_of(session.id) {
        if matches!(p.status, ClientStatus::Confirmed | ClientStatus::Pending) {
            let told = p.status == ClientStatus::Confirmed;
            let after = crate::db::models::booking::BookedClient {
                status: ClientStatus::CancelledByManager,
                reason: reason.map(str::to_string),
                hold_until: None,
                sequence: p.sequence + 1,
                updated_at: now,
                ..p.clone()
            };
            mails::drop_reminders(p, effects);
            if told {
                mails::queue(
                    state,
                    links,
                    mails::Mail {
                        kind: MailKind::Cancellation,
                        place: &after,
                        session,
                        reason,
                    },
                    now,
                    effects,
                );
            }
            effects
                .writes
                .push(Write::Booking(BookingWrite::PutPlace(Box::new(
                    after.clone(),
                ))));
            places.push(after);
        } else {
            places.push(p.clone());
        }
    }
    staff::release_work(state, session, now, effects);
    let after = crate::db::models::booking::BookedSession {
        status: SessionStatus::Cancelled,
        reason: reason.map(str::to_string),
        updated_at: now,
        ..session.clone()
    };
    let refs: Vec<_> = places.iter().collect();
    session_changed(state, &after, session.employee_id, &refs, now, effects);
    effects
        .writes
        .push(Write::Booking(BookingWrite::PutSession(Box::new(after))));
}

/// The store's zone (what a call reads an event's times in).
#[derive(Debug)]
pub struct StoreZone;

impl Command for StoreZone {
    fn name(&self) -> &'static str {
        "zone"
    }

    fn plan(&self, state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        Ok(Effects::nothing(state.zone()))
    }
}

/// The answer of `getEvents`.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct Events {
    pub events: Vec<EventView>,
}

/// `getEvents`: the store's events, oldest first.
#[derive(Debug)]
pub struct ListEvents;

impl Command for ListEvents {
    fn name(&self) -> &'static str {
        "getEvents"
    }

    fn plan(&self, state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        let mut events: Vec<EventView> = state
            .booking
            .events
            .values()
            .map(|e| EventView::of(state, e))
            .collect();
        events.sort_by_key(|e| (e.created, e.id));
        Ok(Effects::nothing(Events { events }))
    }
}
