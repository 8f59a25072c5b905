//! Narrating the blog's posts: each published post is read aloud by the voice assistant's
//! speech synthesis, in its language, and kept as Ogg Vorbis in the upload storage.
//!
//! A post is due when it is published or its heard text changes (`blog_posts.audio_due_at`,
//! set by the editors' calls). The job claims one due post at a time under a lease, as the
//! mail queues' senders do (`FOR UPDATE SKIP LOCKED`, then a lease another process does not
//! take it under, renewed while it narrates), so several server processes share the work and a
//! process that dies leaves its post to the others. It speaks the post piece by piece in the
//! worker's background lane, so a voice command waits for one piece at most, joins the pieces
//! with short pauses, and stores the stream under a new key. The narration is kept only if the
//! post, locked, is still published and would still say the same; otherwise it is discarded,
//! and a changed text, due again, is narrated anew. A language without a voice gets no
//! narration; a failure is tried again later with a growing pause, then given up.
//!
//! Files no longer heard (replaced, withdrawn, deleted, discarded) are listed in the same
//! transaction that lets go of them (`blog_audio_leftovers`) and removed by every round.
//! Without a speech worker the posts simply wait, and only the leftovers are removed.

mod ogg;

use crate::config::DeliveryRetry;
use crate::db::models::narration::{Claimed, Leftover, Narration, Release, LEASE};
use crate::db::Db;
use crate::domain::blog::narration;
use crate::domain::voice::wav;
use crate::error::{AppError, AppResult};
use crate::files::storage::Storage;
use crate::speech::Speech;
use chrono::Utc;
use ogg::OggWriter;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Notify;
use uuid::Uuid;

/// How often the job looks for work when nothing wakes it.
pub const INTERVAL: Duration = Duration::from_secs(30);
/// The silence between two pieces, in seconds.
const PAUSE: f64 = 0.45;
/// Retries of a narration that failed (the worker restarting, overloaded or refusing):
/// the first after a minute, then twice as long each time.
const RETRY: DeliveryRetry = DeliveryRetry {
    first: Duration::from_secs(60),
    max_attempts: 8,
};
/// Leftover files removed per round.
const SWEEP: i64 = 100;
/// The shortest wait between two rounds, so a post another process is claiming right then
/// cannot make the loop spin.
const SHORTEST_WAIT: Duration = Duration::from_millis(200);

/// Wakes the job when a post comes due or leaves a file behind. Cloning shares it.
#[derive(Clone, Default)]
pub struct Narrator {
    wake: Arc<Notify>,
}

impl Narrator {
    pub fn wake(&self) {
        self.wake.notify_one();
    }
}

/// Runs the job for as long as the server runs: now, when woken, when the next post or
/// leftover comes due, and at least every [`INTERVAL`].
pub async fn run(db: Db, files: Storage, speech: Speech, narrator: Narrator) {
    loop {
        if let Err(e) = run_once(&db, &files, &speech).await {
            tracing::warn!(error = %e, "narration failed");
        }
        let narrating = speech.is_ready();
        let next = db
            .run(move |conn| {
                let posts = if narrating {
                    Narration::next_due(conn)?
                } else {
                    None
                };
                let leftovers = Leftover::next_due(conn)?;
                Ok(posts.into_iter().chain(leftovers).min())
            })
            .await;
        let mut wait = match next {
            Ok(Some(due)) => (due - Utc::now())
                .to_std()
                .unwrap_or(Duration::ZERO)
                .clamp(SHORTEST_WAIT, INTERVAL),
            _ => INTERVAL,
        };
        // A worker starting (or starting again) is looked for every second meanwhile.
        if speech.is_configured() && !narrating {
            wait = wait.min(Duration::from_secs(1));
        }
        tokio::select! {
            () = tokio::time::sleep(wait) => {}
            () = narrator.wake.notified() => {}
        }
    }
}

/// One round: removes the leftovers due, then narrates every post due while the worker is
/// ready. Returns how many posts it narrated.
#[tracing::instrument(skip_all)]
pub async fn run_once(db: &Db, files: &Storage, speech: &Speech) -> AppResult<usize> {
    sweep(db, files).await?;
    if !speech.is_ready() {
        return Ok(0);
    }
    let voices = match speech.status().await {
        Ok(status) => status.voices,
        // Restarting: the next round asks again.
        Err(_) => return Ok(0),
    };
    let mut narrated = 0;
    while let Some(claimed) = db
        .run(|conn| Ok(Narration::claim(conn, Utc::now())?))
        .await?
    {
        if narrate(db, files, speech, &voices, claimed).await? {
            narrated += 1;
        }
    }
    Ok(narrated)
}

/// Narrates a claimed post; true when its narration was kept.
async fn narrate(
    db: &Db,
    files: &Storage,
    speech: &Speech,
    voices: &[String],
    claimed: Claimed,
) -> AppResult<bool> {
    let (id, lease) = (claimed.post.id, claimed.lease);
    let language = claimed.post.language;
    if !voices.iter().any(|v| v == language.as_str()) {
        tracing::info!(post = %id, language = language.as_str(), "no voice speaks the post's language: no narration");
        release(db, id, lease, Release::NotDue).await?;
        return Ok(false);
    }
    let script = narration::script(claimed.post.heard());
    let began = Instant::now();
    let mut stream: Option<OggWriter> = None;
    for (i, piece) in script.iter().enumerate() {
        // Held on, piece by piece, while the post is still published.
        let held = db
            .run(move |conn| Ok(Narration::renew(conn, id, lease, Utc::now())?))
            .await?;
        match held {
            Some(true) => {}
            Some(false) => {
                tracing::info!(post = %id, "the post was withdrawn: not narrated");
                release(db, id, lease, Release::KeepDue).await?;
                return Ok(false);
            }
            None => {
                tracing::info!(post = %id, "the narration's lease was lost: left to its holder");
                return Ok(false);
            }
        }
        let audio = match speech.synthesise_in_background(piece, language).await {
            Ok(audio) => audio,
            Err(e) => {
                retry_later(db, &claimed, &e.to_string()).await?;
                return Ok(false);
            }
        };
        let last = i + 1 == script.len();
        if let Err(why) = append(&mut stream, &audio.wav, last) {
            retry_later(db, &claimed, &why).await?;
            return Ok(false);
        }
    }
    let Some(stream) = stream else {
        // Nothing to say (a post always has a title, so this is only a safeguard).
        release(db, id, lease, Release::NotDue).await?;
        return Ok(false);
    };
    let seconds = stream.seconds();
    let bytes = match stream.finish().await {
        Ok(bytes) => bytes,
        Err(e) => {
            retry_later(db, &claimed, &e.to_string()).await?;
            return Ok(false);
        }
    };
    let kept = keep(db, files, &claimed, bytes, seconds).await?;
    tracing::info!(
        post = %id,
        kept,
        pieces = script.len(),
        audio_seconds = seconds,
        seconds = began.elapsed().as_secs_f64(),
        "post narrated"
    );
    Ok(kept)
}

/// Adds a spoken piece (a WAV file) to the stream, started at the voice's rate by the first
/// piece, and a pause after it unless it is the `last`.
fn append(stream: &mut Option<OggWriter>, spoken: &[u8], last: bool) -> Result<(), String> {
    let pcm = wav::mono16(spoken).map_err(|_| "the worker's audio is not a mono WAV file")?;
    let writer = match stream {
        Some(writer) => writer,
        None => stream.insert(OggWriter::start(pcm.rate).map_err(|e| e.to_string())?),
    };
    writer.push(pcm.data, pcm.rate).map_err(|e| e.to_string())?;
    if !last {
        writer.pause(PAUSE).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Stores the narration under a new key and keeps it if the post, locked, is still published,
/// in the same language and saying the same; otherwise discards it.
async fn keep(
    db: &Db,
    files: &Storage,
    claimed: &Claimed,
    bytes: Vec<u8>,
    seconds: f64,
) -> AppResult<bool> {
    let (id, lease) = (claimed.post.id, claimed.lease);
    let key = format!("blog/{id}/{}.ogg", Uuid::now_v7());
    // Listed before it is written, to be removed once its lease is over unless kept: a
    // process that dies before the commit below leaves no file behind.
    let listed = key.clone();
    db.run(move |conn| Ok(Leftover::add(conn, &listed, Utc::now() + LEASE)?))
        .await?;
    files
        .put(&key, bytes.into())
        .await
        .map_err(|e| AppError::internal(e.to_string()))?;
    let before = claimed.post.clone();
    let stored = key.clone();
    let duration = (seconds.round() as i32).max(1);
    let kept = db
        .transaction(move |conn| {
            let now = Utc::now();
            let Some(post) = Narration::leased(conn, id, lease)? else {
                // Another process holds it now, or it was deleted.
                Leftover::add(conn, &stored, now)?;
                return Ok(false);
            };
            let same = post.published
                && post.language == before.language
                && narration::script(post.heard()) == narration::script(before.heard());
            if !same {
                Narration::release(conn, id, lease, Release::KeepDue)?;
                Leftover::add(conn, &stored, now)?;
                return Ok(false);
            }
            if let Some(old) = &post.audio_key {
                Leftover::add(conn, old, now)?;
            }
            Narration::store(conn, id, lease, &stored, duration)?;
            Leftover::keep(conn, &stored)?;
            Ok(true)
        })
        .await?;
    if !kept {
        tracing::info!(post = %id, "the post changed while it was narrated: narration discarded");
    }
    // The file replaced or discarded goes now.
    sweep(db, files).await?;
    Ok(kept)
}

/// Lets go of a post after a failed try: again later, or given up after the last attempt.
async fn retry_later(db: &Db, claimed: &Claimed, why: &str) -> AppResult<()> {
    let (id, attempt) = (claimed.post.id, claimed.post.audio_attempts);
    let due = if RETRY.exhausted(attempt) {
        tracing::warn!(post = %id, attempt, error = why, "narration given up");
        Release::NotDue
    } else {
        let after = RETRY.delay(attempt, rand::random());
        tracing::info!(post = %id, attempt, error = why, ?after, "narration failed, will retry");
        Release::RetryAt(Utc::now() + chrono::Duration::from_std(after).unwrap_or(LEASE))
    };
    release(db, id, claimed.lease, due).await
}

async fn release(db: &Db, id: Uuid, lease: Uuid, due: Release) -> AppResult<()> {
    db.run(move |conn| Ok(Narration::release(conn, id, lease, due)?))
        .await?;
    Ok(())
}

/// Removes the leftover files due. A file already gone is no failure; one that cannot be
/// removed now stays listed for the next round.
async fn sweep(db: &Db, files: &Storage) -> AppResult<()> {
    loop {
        let due = db
            .run(|conn| Ok(Leftover::due(conn, Utc::now(), SWEEP)?))
            .await?;
        if due.is_empty() {
            return Ok(());
        }
        let mut removed = Vec::with_capacity(due.len());
        for key in due {
            match files.delete(&key).await {
                Ok(()) => removed.push(key),
                Err(e) => tracing::warn!(key, error = %e, "cannot remove a narration's file"),
            }
        }
        let full = removed.len() as i64 == SWEEP;
        db.run(move |conn| Ok(Leftover::removed(conn, &removed)?))
            .await?;
        if !full {
            return Ok(());
        }
    }
}
