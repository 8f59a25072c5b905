//! What the server and the supervisor hand each other: the worker's settings, a request
//! with the way back for its answer, and why speech failed.

use serde_json::Value;
use std::path::PathBuf;
use std::time::Duration;
use tokio::sync::oneshot;

/// How the worker is started and bounded.
#[derive(Debug, Clone)]
pub struct SpeechSettings {
    /// The command that starts the worker; `--socket PATH` is added to it.
    pub command: String,
    /// The Unix socket it listens on.
    pub socket: PathBuf,
    /// Requests that may wait while one runs.
    pub queue: usize,
    /// How long one request may take before the worker is taken for stuck and restarted.
    pub timeout: Duration,
}

/// Why speech failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpeechError {
    /// No worker is configured, or it is not running (starting, restarting).
    #[error("the speech worker is not available")]
    Unavailable,
    /// The queue is full.
    #[error("the speech worker is busy")]
    Busy,
    /// The language has no voice on this server (its text is shown, not spoken).
    #[error("no voice speaks this language here")]
    NoVoice,
    /// The worker refused the request (a bad grammar, a failed synthesis).
    #[error("the speech worker refused: {0}")]
    Refused(String),
}

/// A request and where its answer goes.
pub(super) struct Job {
    pub(super) header: Value,
    pub(super) body: Vec<u8>,
    pub(super) reply: oneshot::Sender<Result<(Value, Vec<u8>), SpeechError>>,
}
