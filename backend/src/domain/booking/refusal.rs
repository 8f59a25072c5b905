//! Why an event's definition was refused: a code, the spec's text and the field it concerns.

use serde_json::{json, Value};

/// Why an event's definition was refused: a code, the spec's text, the field it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventError {
    pub code: &'static str,
    pub message: String,
    pub field: &'static str,
}

impl EventError {
    pub(super) fn new(code: &'static str, field: &'static str, message: impl Into<String>) -> Self {
        EventError {
            code,
            message: message.into(),
            field,
        }
    }

    /// The spec's required-field text ("Title is required.").
    pub fn required(field: &'static str, label: &str) -> Self {
        EventError::new("required", field, format!("{label} is required."))
    }

    /// What the web app renders the error from.
    pub fn details(&self) -> Value {
        json!({ "field": self.field })
    }
}
