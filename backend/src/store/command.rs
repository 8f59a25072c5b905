//! Commands and what they plan to change.

use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::notification::Notification;
use crate::db::models::notification_delivery::Channels;
use crate::db::models::request::Request;
use crate::db::models::shift::Shift;
use crate::domain::ids::{RequestId, ShiftId};
use crate::error::AppResult;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde_json::Value;

pub use crate::domain::audience::Audience as Visibility;

/// A change to announce, once committed, as one store version.
#[derive(Debug, Clone)]
pub struct EventDraft {
    pub kind: &'static str,
    pub data: Value,
    pub visibility: Visibility,
}

/// One row-level write.
#[derive(Debug, Clone)]
pub enum Write {
    PutShift(Box<Shift>),
    DeleteShift(ShiftId),
    PutAvailability(Box<AvailabilityWindow>),
    DeleteAvailability(RequestId),
    PutRequest(Box<Request>),
    DeleteRequest(RequestId),
    /// A notification, written in the same transaction as the change that causes it, and the
    /// channels it goes out on after the commit.
    AddNotification(Box<Notification>, Channels),
}

/// Everything a command changes, planned without I/O.
#[derive(Debug, Default)]
pub struct Effects {
    pub writes: Vec<Write>,
    pub events: Vec<EventDraft>,
    /// The `data` of the command's success answer.
    pub reply: Value,
}

impl Effects {
    /// A command that changes nothing and answers `reply` (e.g. confirming twice).
    pub fn nothing(reply: Value) -> Effects {
        Effects {
            writes: Vec::new(),
            events: Vec::new(),
            reply,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.writes.is_empty() && self.events.is_empty()
    }
}

/// A state-changing command of one store.
pub trait Command: Send + 'static {
    /// The call name, for logs.
    fn name(&self) -> &'static str;

    /// Checks the command against the store's current state and plans its effects.
    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects>;
}
