//! Speech, on the server's own machine: a worker process beside the server recognises
//! commands and speaks answers (`speech/worker.py`: pocketsphinx and piper, their models
//! loaded once and kept warm). The server starts it from `SPEECH_WORKER`, restarts it when it
//! dies, and talks to it over a Unix socket one request at a time; requests wait in a
//! bounded queue, and one that finds the queue full or the worker down is refused at once,
//! so a busy or missing worker never holds a call for long. Without `SPEECH_WORKER` the
//! assistant is unavailable and nothing else changes.
//!
//! [`Speech::synthesise`] is the one way to speak a text in a language; the assistant's
//! answers go through it. Work that can wait (a blog post's narration) asks in the background
//! lane, [`Speech::synthesise_in_background`], which the worker takes only when no other
//! request waits.

mod protocol;
mod request;
mod supervisor;

use request::Job;
pub use request::{SpeechError, SpeechSettings};
use supervisor::Lanes;

use crate::domain::language::Language;
use crate::domain::voice::Grammar;
use crossbeam_channel::{bounded, Sender, TrySendError};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;

/// What the recogniser heard.
#[derive(Debug, Clone, PartialEq)]
pub struct Heard {
    pub text: String,
    /// Heard within the grammar (else by the open recogniser, approximately).
    pub constrained: bool,
    /// The worker's time, in seconds.
    pub seconds: f64,
}

/// A spoken text: a WAV file.
#[derive(Debug, Clone, PartialEq)]
pub struct Audio {
    pub wav: Vec<u8>,
    pub sample_rate: u32,
    /// The worker's time, in seconds.
    pub seconds: f64,
}

/// The worker's state, as `ping` tells it.
#[derive(Debug, Clone, PartialEq)]
pub struct Status {
    /// Languages with a voice.
    pub voices: Vec<String>,
    /// The worker's resident memory, in kB.
    pub rss_kb: u64,
    /// The worker's process id.
    pub pid: u32,
}

/// The handle to the speech worker. Cloning shares it.
#[derive(Clone, Default)]
pub struct Speech {
    inner: Option<Arc<Inner>>,
}

struct Inner {
    queue: Sender<Job>,
    /// Requests that wait for the worker to have nothing else to do.
    background: Sender<Job>,
    ready: Arc<AtomicBool>,
}

/// Which lane a request waits in.
#[derive(Clone, Copy)]
enum Lane {
    First,
    Background,
}

impl Speech {
    /// No worker: every request is [`SpeechError::Unavailable`].
    pub fn disabled() -> Speech {
        Speech { inner: None }
    }

    /// Starts the worker and its supervisor (a thread of its own, which keeps it running).
    pub fn start(settings: SpeechSettings) -> Speech {
        let (queue, first) = bounded(settings.queue);
        // One background request at a time per server process is all its narration asks.
        let (background, background_jobs) = bounded(1);
        let ready = Arc::new(AtomicBool::new(false));
        let lanes = Lanes {
            first,
            background: background_jobs,
        };
        supervisor::spawn(settings, lanes, ready.clone());
        Speech {
            inner: Some(Arc::new(Inner {
                queue,
                background,
                ready,
            })),
        }
    }

    /// Whether a worker is configured.
    pub fn is_configured(&self) -> bool {
        self.inner.is_some()
    }

    /// Whether the worker is running and has loaded its models.
    pub fn is_ready(&self) -> bool {
        self.inner
            .as_ref()
            .is_some_and(|i| i.ready.load(Ordering::SeqCst))
    }

    async fn ask(&self, header: Value, body: Vec<u8>) -> Result<(Value, Vec<u8>), SpeechError> {
        self.ask_in(Lane::First, header, body).await
    }

    async fn ask_in(
        &self,
        lane: Lane,
        header: Value,
        body: Vec<u8>,
    ) -> Result<(Value, Vec<u8>), SpeechError> {
        let inner = self.inner.as_ref().ok_or(SpeechError::Unavailable)?;
        if !inner.ready.load(Ordering::SeqCst) {
            return Err(SpeechError::Unavailable);
        }
        let (reply, answer) = oneshot::channel();
        let queue = match lane {
            Lane::First => &inner.queue,
            Lane::Background => &inner.background,
        };
        queue
            .try_send(Job {
                header,
                body,
                reply,
            })
            .map_err(|e| match e {
                TrySendError::Full(_) => SpeechError::Busy,
                TrySendError::Disconnected(_) => SpeechError::Unavailable,
            })?;
        let (header, body) = answer.await.map_err(|_| SpeechError::Unavailable)??;
        if header["noVoice"].as_bool() == Some(true) {
            return Err(SpeechError::NoVoice);
        }
        if header["ok"].as_bool() != Some(true) {
            let why = header["error"].as_str().unwrap_or("no reason given");
            return Err(SpeechError::Refused(why.to_string()));
        }
        Ok((header, body))
    }

    /// What the worker can do, once it is ready.
    pub async fn status(&self) -> Result<Status, SpeechError> {
        let (header, _) = self.ask(json!({ "op": "ping" }), Vec::new()).await?;
        Ok(Status {
            voices: header["voices"]
                .as_array()
                .map(|v| {
                    v.iter()
                        .filter_map(|l| l.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default(),
            rss_kb: header["rssKb"].as_u64().unwrap_or(0),
            pid: header["pid"].as_u64().unwrap_or(0) as u32,
        })
    }

    /// Recognises a command: 16 kHz mono 16-bit little-endian samples, held to `grammar`
    /// (the open recogniser's words when nothing in it fits).
    pub async fn recognise(&self, pcm: Vec<u8>, grammar: &Grammar) -> Result<Heard, SpeechError> {
        let header = json!({ "op": "recognise", "grammar": grammar.jsgf, "words": grammar.words });
        let (header, _) = self.ask(header, pcm).await?;
        Ok(Heard {
            text: header["text"].as_str().unwrap_or_default().to_string(),
            constrained: header["constrained"].as_bool().unwrap_or(false),
            seconds: header["seconds"].as_f64().unwrap_or(0.0),
        })
    }

    /// Speaks `text` in `language` at `rate` (1 is normal speed) as a WAV file, at the
    /// voice's own sample rate or at `sample_rate` when one is asked for;
    /// [`SpeechError::NoVoice`] when no voice speaks the language here.
    pub async fn synthesise(
        &self,
        text: &str,
        language: Language,
        rate: f32,
        sample_rate: Option<u32>,
    ) -> Result<Audio, SpeechError> {
        self.speak(Lane::First, text, language, rate, sample_rate)
            .await
    }

    /// Speaks as [`Speech::synthesise`] does, once the worker has no other request waiting.
    /// One such request waits at a time ([`SpeechError::Busy`] otherwise).
    pub async fn synthesise_in_background(
        &self,
        text: &str,
        language: Language,
    ) -> Result<Audio, SpeechError> {
        self.speak(Lane::Background, text, language, 1.0, None)
            .await
    }

    async fn speak(
        &self,
        lane: Lane,
        text: &str,
        language: Language,
        rate: f32,
        sample_rate: Option<u32>,
    ) -> Result<Audio, SpeechError> {
        let header = json!({
            "op": "synthesise",
            "text": text,
            "lang": language.as_str(),
            "rate": rate,
            "sampleRate": sample_rate,
        });
        let (header, wav) = self.ask_in(lane, header, Vec::new()).await?;
        Ok(Audio {
            wav,
            sample_rate: header["sampleRate"].as_u64().unwrap_or(0) as u32,
            seconds: header["seconds"].as_f64().unwrap_or(0.0),
        })
    }

    /// Waits until the worker is ready, for at most `within`.
    pub async fn ready_within(&self, within: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        while !self.is_ready() {
            if !self.is_configured() || tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        true
    }
}
