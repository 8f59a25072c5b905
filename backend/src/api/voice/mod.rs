//! `POST /api/v1/voice-assistant` (the spec's call): a spoken (or typed) command in, the
//! spoken answer out, with the recognised text and the answer's text beside it for the
//! screen. Recognition and synthesis run in the speech worker on this server (`speech`): no
//! audio leaves it.
//!
//! A command is understood against the store's own names and roles (`domain::voice`) and
//! answered from the store's working set as its caller may see it. A command that changes
//! something is only proposed: the answer asks for confirmation and carries a signed token;
//! the caller sends it back (`confirmation`) and the action runs as the same call the screens
//! make, through the registry, with the caller's rights, rules and refusals.
//!
//! The answer is worded and spoken in the caller's language (see [`language_of`]): English by
//! piper's voice, German, Spanish and Persian by espeak-ng's; where a language has no voice on
//! the server, the text is answered without audio. Commands are understood in all four
//! languages when typed; speech is recognised in English.
//!
//! Premium only (unlimited without billing), a command of at most 15 seconds, and a rate per
//! person.

mod form;

use crate::calls::guard::{self, Member, SignedIn};
use crate::calls::{AppState, Calls, Origin, Transport};
use crate::db::models::user::User;
use crate::domain::calendar::week_of;
use crate::domain::ids::UserId;
use crate::domain::language::Language;
use crate::domain::permissions::{Permission, Perms};
use crate::domain::voice::confirm::{self, Pending, CONFIRM_WITHIN};
use crate::domain::voice::facts::{Me, Week};
use crate::domain::voice::{answer, grammar, understand, wav, Catalogue, Intent, Lexicon};
use crate::error::{AppError, AppResult, ErrorKind};
use crate::messages;
use crate::speech::SpeechError;
use crate::store::voice::Glance;
use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Serialize;
use std::time::Instant;
use utoipa::ToSchema;

/// How fast answers are spoken (1 is the voice's own pace).
const ANSWER_PACE: f32 = 1.1;

/// Mounts the call (inside `/api/v1`, before the calls' route).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/voice-assistant", web::post().to(assistant));
}

/// The assistant's form, as documented.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct VoiceCommandForm {
    /// The spoken command: a WAV file of 16 kHz mono 16-bit PCM, at most 15 seconds.
    #[schema(value_type = Option<String>, format = Binary)]
    command: Option<Vec<u8>>,
    /// A typed command, instead of a spoken one (at most 500 bytes).
    text: Option<String>,
    /// The token of a proposed action, to carry it out.
    confirmation: Option<String>,
    /// The store. The form's field is `storeId`, as the server reads it.
    #[serde(rename = "storeId")]
    #[schema(value_type = String, format = Uuid)]
    store_id: String,
}

/// The answer's other form in the API document: the audio itself, the texts in headers
/// (added after the JSON answer, which the document wraps in `{"data": ...}`).
pub fn document_audio(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::schema::{ObjectBuilder, Type};
    use utoipa::openapi::{ContentBuilder, KnownFormat, RefOr, SchemaFormat};
    let Some(op) = doc
        .paths
        .paths
        .get_mut("/api/v1/voice-assistant")
        .and_then(|item| item.post.as_mut())
    else {
        return;
    };
    if let Some(RefOr::T(ok)) = op.responses.responses.get_mut("200") {
        let audio = ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)));
        ok.content.insert(
            "audio/wav".to_string(),
            ContentBuilder::new().schema(Some(audio)).build(),
        );
    }
}

/// The answer, as JSON (`Accept: application/json`); otherwise the audio is the body and
/// the texts are headers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoiceReply {
    /// What was heard (or typed).
    pub transcript: String,
    /// How: `grammar` (held to the store's sentences), `open` (approximate), `typed`, or
    /// `confirmation`.
    pub heard: String,
    /// What the command asked (`whoWorks`, `clockIn`, ... `unknown`).
    pub intent: String,
    /// The answer's text, as spoken, in `language`.
    pub answer: String,
    /// The language of the answer: the screen's (`Accept-Language`), else the one the
    /// person last signed in with, else English.
    pub language: Language,
    /// The token confirming the proposed action, when one waits (two minutes).
    pub confirmation: Option<String>,
    /// The spoken answer, a WAV file in base64; null when no voice speaks `language` on
    /// this server (the answer is then only shown).
    #[schema(format = Byte)]
    pub audio: Option<String>,
    /// Where the time went, in milliseconds: recognition, the answer, synthesis.
    pub timings: Timings,
}

/// Where a command's time went, in milliseconds.
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Timings {
    pub recognise_ms: f64,
    pub answer_ms: f64,
    pub synthesise_ms: f64,
}

fn unavailable() -> AppError {
    AppError::new(
        ErrorKind::Unavailable,
        "assistant_unavailable",
        "The voice assistant is not available on this server right now.",
    )
}

fn speech_failed(e: SpeechError) -> AppError {
    match e {
        SpeechError::Busy => AppError::new(
            ErrorKind::Unavailable,
            "assistant_busy",
            "The voice assistant is busy. Try again in a moment.",
        ),
        SpeechError::Unavailable => unavailable(),
        SpeechError::NoVoice => AppError::internal("speech worker: no voice"),
        SpeechError::Refused(why) => AppError::internal(format!("speech worker: {why}")),
    }
}

/// The key confirmations are signed with, derived from the server's secret.
fn confirm_key(state: &AppState) -> Vec<u8> {
    use sha2::{Digest, Sha256};
    Sha256::new()
        .chain_update(b"clockto voice confirmation\0")
        .chain_update(state.settings.jwt_secret.as_bytes())
        .finalize()
        .to_vec()
}

fn ms(since: Instant) -> f64 {
    since.elapsed().as_secs_f64() * 1000.0
}

/// `POST /api/v1/voice-assistant` (multipart: `command` or `text` or `confirmation`, and
/// `storeId`): answers a command in speech.
#[utoipa::path(
    post,
    path = "/api/v1/voice-assistant",
    request_body(content = VoiceCommandForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The spoken answer (`audio/wav`), with `Content-Language` (the answer's language), `Voice-Spoken` (`no`, with an empty body, when no voice speaks that language on this server), `Voice-Transcript`, `Voice-Answer` (UTF-8, form-urlencoded), `Voice-Intent`, `Voice-Heard`, `Voice-Confirmation` (when an action waits) and `Server-Timing` headers; as `{\"data\": VoiceReply}` to `Accept: application/json`", body = VoiceReply),
        (status = 400, description = "No command, a recording that is not 16 kHz mono 16-bit WAV (`audio_format`) or is empty, a bad or expired confirmation", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member of the store, or its plan lacks the assistant (`plan_limit`)", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
        (status = 413, description = "A recording longer than 15 seconds (`audio_too_long`)", body = crate::error::ErrorBody),
        (status = 429, description = "Too many commands this minute", body = crate::error::ErrorBody),
        (status = 503, description = "The speech worker is not running (`assistant_unavailable`) or is busy (`assistant_busy`)", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(name = "voice-assistant", skip_all)]
pub async fn assistant(
    calls: web::Data<Calls>,
    user: SignedIn,
    req: HttpRequest,
    form: Multipart,
) -> AppResult<HttpResponse> {
    let state = calls.state().clone();
    if !state.voice_rate.allow(user.0) {
        return Err(AppError::new(
            ErrorKind::RateLimited,
            "too_many_commands",
            "Too many voice commands. Wait a minute and try again.",
        ));
    }
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > wav::BYTES_MAX + 16 * 1024) {
        return Err(form::too_large());
    }
    let form = form::read(form).await?;
    let store = form.store.as_deref().and_then(|s| s.parse().ok());
    let member = guard::member_of(
        &state,
        user.0,
        store,
        Perms::NONE,
        messages::NOT_ENOUGH_PERMISSION,
        "voice-assistant",
    )
    .await?;
    let me = Me {
        employee: member.employee.id,
        schedule: member.has(Permission::Schedule) || member.has(Permission::Owner),
        staff: member.has(Permission::Employee) || member.has(Permission::Owner),
    };
    // The plan first: a store without the assistant hears so whatever the worker's state.
    let began = Instant::now();
    let mut facts: crate::domain::voice::Facts = state
        .stores
        .execute(
            member.store_id(),
            Glance {
                me,
                plans: state.plans.clone(),
            },
        )
        .await?;
    let mut timings = Timings {
        answer_ms: ms(began),
        ..Timings::default()
    };
    if !state.speech.is_ready() {
        return Err(unavailable());
    }
    let language = language_of(&state, &req, user.0).await?;
    let words = Catalogue::of(language);
    let reply = if let Some(token) = &form.confirmation {
        confirmed(&calls, &req, &member, token).await?
    } else {
        let (transcript, heard) = match (&form.text, &form.command) {
            (Some(text), _) => (text.clone(), "typed"),
            (None, Some(file)) => {
                let pcm = wav::samples(file)
                    .map_err(|r| AppError::bad_request(r.code(), r.message()))?
                    .to_vec();
                let began = Instant::now();
                let grammar = grammar(&Lexicon::of(&facts));
                let heard = state
                    .speech
                    .recognise(pcm, &grammar)
                    .await
                    .map_err(speech_failed)?;
                timings.recognise_ms = ms(began);
                let how = if heard.constrained { "grammar" } else { "open" };
                (heard.text, how)
            }
            (None, None) => {
                return Err(AppError::invalid(
                    "Send a recorded command, a typed one, or a confirmation.",
                ))
            }
        };
        let began = Instant::now();
        let intent = understand(&transcript, &Lexicon::of(&facts));
        if intent == Intent::MyWeek {
            facts.week = Some(this_week(&state, &member).await?);
        }
        let said = answer(&intent, &facts, messages::NOT_ENOUGH_PERMISSION);
        let confirmation = said.action.as_ref().map(|(action, done)| {
            let pending = Pending {
                store: member.store_id(),
                user: member.user,
                action: action.clone(),
                // Said once done, in the language it was proposed in.
                done: words.say(done),
                expires: (facts.now + CONFIRM_WITHIN).timestamp_millis(),
            };
            confirm::seal(&pending, &confirm_key(&state))
        });
        timings.answer_ms += ms(began);
        Said {
            transcript,
            heard,
            intent: intent.name(),
            answer: words.answer(&said),
            confirmation,
        }
    };
    let began = Instant::now();
    // A little faster than the voice's own pace, as a busy person listens.
    let audio = match state
        .speech
        .synthesise(&reply.answer, language, ANSWER_PACE, None)
        .await
    {
        Ok(audio) => Some(audio.wav),
        Err(SpeechError::NoVoice) => None,
        Err(e) => return Err(speech_failed(e)),
    };
    timings.synthesise_ms = ms(began);
    tracing::info!(
        intent = reply.intent,
        heard = reply.heard,
        language = language.as_str(),
        spoken = audio.is_some(),
        recognise_ms = timings.recognise_ms,
        answer_ms = timings.answer_ms,
        synthesise_ms = timings.synthesise_ms,
        "voice command answered"
    );
    Ok(respond(&req, reply, language, audio, timings))
}

/// The language an answer is said in: the screen's (`Accept-Language`, which the web app
/// sets to the language it shows, so the answer matches the panel), else the one the person
/// last signed in with (a client that names none), else English.
async fn language_of(state: &AppState, req: &HttpRequest, user: UserId) -> AppResult<Language> {
    if let Some(language) = Origin::of(req).language {
        return Ok(language);
    }
    let saved = state
        .db
        .run(move |conn| Ok(User::find(conn, user)?.language))
        .await?;
    Ok(saved.unwrap_or_default())
}

/// What the assistant heard and answers, before it is spoken.
struct Said {
    transcript: String,
    heard: &'static str,
    intent: &'static str,
    answer: String,
    confirmation: Option<String>,
}

/// Carries out a confirmed action as the call the screens make, with the caller's session.
async fn confirmed(
    calls: &Calls,
    req: &HttpRequest,
    member: &Member,
    token: &str,
) -> AppResult<Said> {
    let state = calls.state();
    let pending = confirm::open(
        token,
        &confirm_key(state),
        member.store_id(),
        member.user,
        state.clock.now(),
    )
    .map_err(|r| AppError::bad_request(r.code(), r.message()))?;
    let (name, payload) = pending.action.call(member.store_id());
    let bearer = state.sessions.bearer(req).await?;
    let answer = match calls
        .invoke(Transport::Http, name, bearer, Origin::of(req), payload)
        .await
    {
        Ok(_) => pending.done,
        // The call's refusal is the answer, in the screens' words.
        Err(e) if e.kind != ErrorKind::Internal && e.kind != ErrorKind::Unavailable => {
            e.message.into_owned()
        }
        Err(e) => return Err(e),
    };
    Ok(Said {
        transcript: String::new(),
        heard: "confirmation",
        intent: name,
        answer,
        confirmation: None,
    })
}

/// The caller's hours and estimated pay of the store's current week.
async fn this_week(state: &AppState, member: &Member) -> AppResult<Week> {
    let (from, to) = week_of(
        member.store.zone(),
        state.clock.now(),
        member.store.week_start(),
    );
    let e = crate::api::earnings::estimate(state, member, from, to).await?;
    Ok(Week {
        worked_minutes: e.worked_minutes,
        expected_minutes: e.expected_minutes,
        expected_pay: e.expected_pay,
        currency: e.currency,
    })
}

fn encoded(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

fn respond(
    req: &HttpRequest,
    said: Said,
    language: Language,
    wav: Option<Vec<u8>>,
    timings: Timings,
) -> HttpResponse {
    let json_only = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|a| a.trim().eq_ignore_ascii_case("application/json"));
    if json_only {
        use base64::Engine as _;
        return crate::api::envelope::ok(VoiceReply {
            transcript: said.transcript,
            heard: said.heard.into(),
            intent: said.intent.into(),
            answer: said.answer,
            language,
            confirmation: said.confirmation,
            audio: wav.map(|wav| base64::engine::general_purpose::STANDARD.encode(wav)),
            timings,
        });
    }
    let mut res = HttpResponse::Ok();
    res.insert_header((header::CONTENT_LANGUAGE, language.as_str()))
        .insert_header(("Voice-Spoken", if wav.is_some() { "yes" } else { "no" }))
        .insert_header(("Voice-Transcript", encoded(&said.transcript)))
        .insert_header(("Voice-Answer", encoded(&said.answer)))
        .insert_header(("Voice-Intent", said.intent))
        .insert_header(("Voice-Heard", said.heard))
        .insert_header((
            "Server-Timing",
            format!(
                "recognise;dur={:.1}, answer;dur={:.1}, synthesise;dur={:.1}",
                timings.recognise_ms, timings.answer_ms, timings.synthesise_ms
            ),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"));
    if let Some(token) = said.confirmation {
        res.insert_header(("Voice-Confirmation", token));
    }
    match wav {
        Some(wav) => res.content_type("audio/wav").body(wav),
        // No voice speaks the language here: the texts are the answer.
        None => res.finish(),
    }
}
