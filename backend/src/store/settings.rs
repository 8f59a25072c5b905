//! The store's own settings, changed by its owner: identity, opening hours, location, the
//! booking switch and the business identity code.

use crate::db::models::store::Store;
use crate::domain::audience::Audience;
use crate::error::AppResult;
use crate::store::command::{Command, Effects, EventDraft, Reply};
use crate::store::state::StoreState;
use crate::store::team_views::StoreView;
use crate::store::write::Write;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// Writes the settings and announces them to everyone in the store; answers their view.
fn put_store(state: &StoreState, mut next: Store, now: DateTime<Utc>) -> (Effects, StoreView) {
    next.updated_at = now;
    // The view carries the version this change's event takes.
    next.version = state.version() + 1;
    let view = StoreView::from(&next);
    let effects = Effects {
        events: vec![EventDraft {
            kind: "store.updated",
            data: serde_json::to_value(&view).unwrap_or_default(),
            visibility: Audience::Everyone,
        }],
        writes: vec![Write::PutStore(Box::new(next))],
        reply: Reply::default(),
    };
    (effects, view)
}

/// The effects of changing the store's settings to `next`, announced to everyone.
pub(crate) fn store_change(state: &StoreState, next: Store, now: DateTime<Utc>) -> Effects {
    put_store(state, next, now).0
}

/// A change of the store's settings, its fields checked.
#[derive(Debug, Clone)]
pub enum SettingsChange {
    /// Name, kind and logo (`None` keeps the logo, `Some(None)` removes it).
    Identity {
        name: String,
        kind: &'static str,
        logo: Option<Option<String>>,
    },
    /// Opening hours (minutes of the day), days off and the week's first day (0 = Sunday;
    /// `None` keeps it).
    Timing {
        open_minute: i32,
        close_minute: i32,
        days_off: Vec<i16>,
        week_start: Option<i16>,
    },
    /// Address and time zone (its IANA name and the label of its current offset).
    Location {
        address: String,
        timezone: String,
        timezone_reference: String,
    },
}

/// `updateBusinessIdentity`, `updateBusinessTiming`, `updateBusinessLocation`.
#[derive(Debug)]
pub struct ChangeSettings(pub SettingsChange);

impl Command for ChangeSettings {
    fn name(&self) -> &'static str {
        match self.0 {
            SettingsChange::Identity { .. } => "updateBusinessIdentity",
            SettingsChange::Timing { .. } => "updateBusinessTiming",
            SettingsChange::Location { .. } => "updateBusinessLocation",
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let mut next = state.store.clone();
        match self.0.clone() {
            SettingsChange::Identity { name, kind, logo } => {
                next.name = name;
                next.kind = kind.to_string();
                if let Some(logo) = logo {
                    // A new logo brings its own thumbnail (the upload made one next to it).
                    next.thumbnail = logo.clone();
                    next.logo = logo;
                }
            }
            SettingsChange::Timing {
                open_minute,
                close_minute,
                days_off,
                week_start,
            } => {
                next.open_minute = Some(open_minute);
                next.close_minute = Some(close_minute);
                next.days_off = days_off;
                if let Some(day) = week_start {
                    next.week_start = day;
                }
            }
            SettingsChange::Location {
                address,
                timezone,
                timezone_reference,
            } => {
                next.address = address;
                next.timezone = timezone;
                next.timezone_reference = timezone_reference;
            }
        }
        let (mut effects, view) = put_store(state, next, now);
        effects.reply = Reply::new(view);
        Ok(effects)
    }
}

/// `toggleBookingFeature`. Setting the value the store already has changes nothing.
#[derive(Debug)]
pub struct ToggleBooking {
    pub enabled: bool,
}

/// The booking switch after the call.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookingState {
    pub booking_enabled: bool,
    /// False when the store already had this value.
    pub changed: bool,
}

impl Command for ToggleBooking {
    fn name(&self) -> &'static str {
        "toggleBookingFeature"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let changed = state.store.booking_enabled != self.enabled;
        let answer = BookingState {
            booking_enabled: self.enabled,
            changed,
        };
        if !changed {
            return Ok(Effects::nothing(answer));
        }
        let mut next = state.store.clone();
        next.booking_enabled = self.enabled;
        let (mut effects, _) = put_store(state, next, now);
        effects.reply = Reply::new(answer);
        Ok(effects)
    }
}

/// `requestBusinessIdentityCode`: the code a shared clock-in device signs in to the store
/// with. The same code is answered until the owner asks for a new one.
#[derive(Debug)]
pub struct IssueIdentityCode {
    pub regenerate: bool,
    /// The code the store gets if it needs a new one. Codes are unique across stores; a
    /// collision (astronomically rare) fails the commit and the owner asks again.
    pub fresh: String,
    /// The clock secret that replaces the store's with a new code, so devices authorised
    /// with the old code stop showing valid codes.
    pub fresh_secret: Vec<u8>,
}

impl Command for IssueIdentityCode {
    fn name(&self) -> &'static str {
        "requestBusinessIdentityCode"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if let (Some(code), false) = (&state.store.identity_code, self.regenerate) {
            return Ok(Effects::nothing(code.clone()));
        }
        let mut next = state.store.clone();
        next.identity_code = Some(self.fresh.clone());
        // The code itself is in no view; the change is still announced (and versioned) so
        // every node's copy of the settings learns of it.
        let (mut effects, _) = put_store(state, next, now);
        if state.clock.secret.is_some() {
            let secret = crate::db::models::clock::ClockSecret {
                store_id: state.store.id,
                generation: uuid::Uuid::now_v7(),
                secret: self.fresh_secret.clone(),
                created_at: now,
            };
            let rotated = secret_effects(secret, Reply::default());
            effects.writes.extend(rotated.writes);
            effects.events.extend(rotated.events);
        }
        effects.reply = Reply::new(self.fresh.clone());
        Ok(effects)
    }
}

/// Writes a new clock secret. The change is announced (to nobody but managers, and saying
/// nothing of the secret) so that it takes a version: another node's refusal of a code
/// signed with it is then checked against the database and planned again.
pub(crate) fn secret_effects(
    secret: crate::db::models::clock::ClockSecret,
    reply: Reply,
) -> Effects {
    Effects {
        events: vec![EventDraft {
            kind: "clock.secret",
            data: serde_json::json!({ "generation": secret.generation }),
            visibility: Audience::Managers,
        }],
        writes: vec![Write::PutClockSecret(Box::new(secret))],
        reply,
    }
}
