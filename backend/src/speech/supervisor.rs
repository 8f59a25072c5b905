//! The worker's supervisor: a thread that starts the worker, waits for its socket, hands it
//! the queued requests one at a time, and starts it again when it dies or hangs (after a
//! pause that grows while it keeps failing). While the worker is down, queued requests are
//! answered at once as unavailable. Requests come in two lanes: the background lane's (a
//! post's narration, piece by piece) are taken only when no other request waits, so a voice
//! command waits at most for the one piece the worker is speaking.

use super::protocol::{read_message, write_message};
use super::request::{Job, SpeechError, SpeechSettings};
use crossbeam_channel::{select_biased, Receiver};
use std::os::unix::net::UnixStream;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a starting worker may take to load its models and listen.
const START_WITHIN: Duration = Duration::from_secs(60);
/// How often an idle supervisor checks that the worker still runs.
const CHECK_EVERY: Duration = Duration::from_millis(500);
const PAUSE_FIRST: Duration = Duration::from_millis(500);
const PAUSE_MAX: Duration = Duration::from_secs(30);

/// The requests waiting: the voice assistant's first, then the background's.
pub(super) struct Lanes {
    pub(super) first: Receiver<Job>,
    pub(super) background: Receiver<Job>,
}

/// Why no request came.
enum Idle {
    Timeout,
    /// The server let go of the handle.
    Closed,
}

impl Lanes {
    /// The next request within `wait`, a first-lane one whenever one waits.
    fn next(&self, wait: Duration) -> Result<Job, Idle> {
        select_biased! {
            recv(self.first) -> job => job.map_err(|_| Idle::Closed),
            recv(self.background) -> job => job.map_err(|_| Idle::Closed),
            default(wait) => Err(Idle::Timeout),
        }
    }
}

pub(super) fn spawn(settings: SpeechSettings, jobs: Lanes, ready: Arc<AtomicBool>) {
    let spawned = std::thread::Builder::new()
        .name("speech-supervisor".into())
        .spawn(move || supervise(&settings, &jobs, &ready));
    if let Err(e) = spawned {
        tracing::error!(error = %e, "cannot start the speech supervisor");
    }
}

/// Whether the server still holds the handle (the queue is connected).
enum Outcome {
    Again,
    Closed,
}

fn supervise(settings: &SpeechSettings, jobs: &Lanes, ready: &AtomicBool) {
    let mut pause = PAUSE_FIRST;
    loop {
        let began = Instant::now();
        let outcome = match start(settings) {
            Ok(mut child) => {
                let outcome = match connect(settings, &mut child, jobs) {
                    Some(Ok(stream)) => {
                        tracing::info!(
                            seconds = began.elapsed().as_secs_f64(),
                            "the speech worker is ready"
                        );
                        ready.store(true, Ordering::SeqCst);
                        pause = PAUSE_FIRST;
                        let outcome = serve(settings, &mut child, stream, jobs);
                        ready.store(false, Ordering::SeqCst);
                        outcome
                    }
                    Some(Err(e)) => {
                        tracing::warn!(error = %e, "the speech worker did not start");
                        Outcome::Again
                    }
                    None => Outcome::Closed,
                };
                let _ = child.kill();
                let _ = child.wait();
                outcome
            }
            Err(e) => {
                tracing::warn!(error = %e, command = %settings.command, "cannot start the speech worker");
                Outcome::Again
            }
        };
        if matches!(outcome, Outcome::Closed) || refuse_for(jobs, pause) {
            let _ = std::fs::remove_file(&settings.socket);
            return;
        }
        pause = (pause * 2).min(PAUSE_MAX);
        tracing::info!("restarting the speech worker");
    }
}

fn start(settings: &SpeechSettings) -> std::io::Result<Child> {
    let _ = std::fs::remove_file(&settings.socket);
    // The command is a command line (a program and its arguments, as the README writes it);
    // the shell splits it and then becomes the worker, so the worker is our child.
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec {} --socket \"$0\"", settings.command))
        .arg(&settings.socket)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()?;
    // The worker's own lines go into the server's log, in its format.
    if let Some(stderr) = child.stderr.take() {
        let _ = std::thread::Builder::new()
            .name("speech-log".into())
            .spawn(move || {
                use std::io::BufRead as _;
                for line in std::io::BufReader::new(stderr).lines() {
                    let Ok(line) = line else { break };
                    tracing::info!(target: "clockto::speech", "{line}");
                }
            });
    }
    Ok(child)
}

/// Connects once the worker listens; `None` when the server let go of the handle.
fn connect(
    settings: &SpeechSettings,
    child: &mut Child,
    jobs: &Lanes,
) -> Option<std::io::Result<UnixStream>> {
    let deadline = Instant::now() + START_WITHIN;
    loop {
        if let Ok(stream) = UnixStream::connect(&settings.socket) {
            return Some(Ok(stream));
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Some(Err(std::io::Error::other(format!(
                "it exited with {status}"
            ))));
        }
        if Instant::now() >= deadline {
            return Some(Err(std::io::Error::other("it did not listen in time")));
        }
        if refuse_for(jobs, Duration::from_millis(100)) {
            return None;
        }
    }
}

/// Hands the requests to the worker until it fails or the server lets go.
fn serve(
    settings: &SpeechSettings,
    child: &mut Child,
    mut stream: UnixStream,
    jobs: &Lanes,
) -> Outcome {
    let _ = stream.set_read_timeout(Some(settings.timeout));
    let _ = stream.set_write_timeout(Some(settings.timeout));
    loop {
        match jobs.next(CHECK_EVERY) {
            Ok(job) => {
                let answer = write_message(&mut stream, &job.header, &job.body)
                    .and_then(|()| read_message(&mut stream));
                match answer {
                    Ok(answer) => {
                        let _ = job.reply.send(Ok(answer));
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "the speech worker failed a request");
                        let _ = job.reply.send(Err(SpeechError::Unavailable));
                        return Outcome::Again;
                    }
                }
            }
            Err(Idle::Timeout) => {
                if let Ok(Some(status)) = child.try_wait() {
                    tracing::warn!(%status, "the speech worker exited");
                    return Outcome::Again;
                }
            }
            Err(Idle::Closed) => return Outcome::Closed,
        }
    }
}

/// Answers every request that arrives within `pause` as unavailable; true when the server
/// let go of the handle.
fn refuse_for(jobs: &Lanes, pause: Duration) -> bool {
    let until = Instant::now() + pause;
    loop {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        match jobs.next(left) {
            Ok(job) => {
                let _ = job.reply.send(Err(SpeechError::Unavailable));
            }
            Err(Idle::Timeout) => return false,
            Err(Idle::Closed) => return true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossbeam_channel::bounded;
    use serde_json::json;

    fn job(op: &str) -> Job {
        Job {
            header: json!({ "op": op }),
            body: Vec::new(),
            reply: tokio::sync::oneshot::channel().0,
        }
    }

    #[test]
    fn a_voice_command_is_taken_before_a_waiting_narration() {
        let (first, first_jobs) = bounded(4);
        let (background, background_jobs) = bounded(1);
        let lanes = Lanes {
            first: first_jobs,
            background: background_jobs,
        };
        background.send(job("narration")).expect("queued");
        first.send(job("command")).expect("queued");
        let op = |lanes: &Lanes| {
            lanes
                .next(Duration::ZERO)
                .ok()
                .map(|j| j.header["op"].clone())
        };
        assert_eq!(op(&lanes), Some(json!("command")));
        assert_eq!(op(&lanes), Some(json!("narration")));
        assert!(matches!(lanes.next(Duration::ZERO), Err(Idle::Timeout)));
        drop((first, background));
        assert!(matches!(lanes.next(Duration::ZERO), Err(Idle::Closed)));
    }
}
