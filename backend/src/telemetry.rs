//! Logging: `tracing` output filtered by `RUST_LOG` (default `info`), as text or, with
//! `LOG_FORMAT=json`, one JSON object a line.

use tracing_subscriber::{fmt, EnvFilter};

/// How log lines are written (`LOG_FORMAT`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// Human-readable lines (the default).
    Text,
    /// One JSON object a line, with the fields of the request's span (request id, call, store,
    /// user) beside the event's, for a log collector.
    Json,
}

impl LogFormat {
    /// `LOG_FORMAT`: `text` (or unset) or `json`.
    pub fn from_env() -> Result<LogFormat, String> {
        match std::env::var("LOG_FORMAT").ok().as_deref().map(str::trim) {
            None | Some("") | Some("text") => Ok(LogFormat::Text),
            Some("json") => Ok(LogFormat::Json),
            Some(other) => Err(format!("LOG_FORMAT must be text or json, not {other:?}")),
        }
    }
}

/// Text logs; what tests use.
pub fn init() {
    init_with(LogFormat::Text);
}

pub fn init_with(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Ignore the error of a second initialisation (tests start several apps per process).
    let _ = match format {
        LogFormat::Text => fmt().with_env_filter(filter).with_target(false).try_init(),
        LogFormat::Json => fmt()
            .json()
            .flatten_event(true)
            .with_current_span(false)
            .with_span_list(true)
            .with_env_filter(filter)
            .with_target(false)
            .try_init(),
    };
}
