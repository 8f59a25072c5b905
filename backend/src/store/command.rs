//! Commands and what they plan to change.

use crate::error::{AppError, AppResult};
use crate::store::state::{Need, StoreState};
use chrono::{DateTime, Utc};
use serde_json::Value;
use std::any::Any;
use std::fmt;

pub use crate::store::write::Write;

pub use crate::domain::audience::Audience as Visibility;

/// A change to announce, once committed, as one store version.
#[derive(Debug, Clone)]
pub struct EventDraft {
    pub kind: &'static str,
    pub data: Value,
    pub visibility: Visibility,
}

/// Everything a command changes, planned without I/O.
#[derive(Debug, Default)]
pub struct Effects {
    pub writes: Vec<Write>,
    pub events: Vec<EventDraft>,
    /// The `data` of the command's success answer.
    pub reply: Reply,
}

/// The answer of a command, handed back to its caller as the type the command planned it as
/// (commands are boxed, so the type is carried along and checked when the caller takes it).
pub struct Reply(Box<dyn Any + Send>);

impl Reply {
    pub fn new<T: Send + 'static>(value: T) -> Reply {
        Reply(Box::new(value))
    }

    /// The answer as the type the caller expects.
    pub fn take<T: 'static>(self) -> AppResult<T> {
        self.0
            .downcast::<T>()
            .map(|b| *b)
            .map_err(|_| AppError::internal("a command answered another type than expected"))
    }
}

impl Default for Reply {
    fn default() -> Reply {
        Reply::new(Value::Null)
    }
}

impl fmt::Debug for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Reply")
    }
}

impl Effects {
    /// A command that changes nothing and answers `reply` (e.g. confirming twice).
    pub fn nothing<T: Send + 'static>(reply: T) -> Effects {
        Effects {
            writes: Vec::new(),
            events: Vec::new(),
            reply: Reply::new(reply),
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

    /// What the plan needs that the working set does not keep (a message older than the
    /// recent ones): the actor reads it into the working set, then plans. Asked once per
    /// planning; most commands need nothing.
    fn needs(&self, _state: &StoreState) -> Option<Need> {
        None
    }
}
