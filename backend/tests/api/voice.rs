//! The voice assistant through its call, with the real speech worker: a spoken command
//! answered in speech, the caller's permissions (an employee hears no drafts and no wages,
//! and may not give shifts away), actions that wait for their confirmation and then follow
//! the screens' rules, the premium gate, and the bounds of the call.

use crate::fixtures::scene::{berlin, scene_with, Scene, HOUR};
use crate::fixtures::stores::NOT_ENOUGH_PERMISSION;
use crate::fixtures::{Reply, TestUser};
use backend::domain::language::Language;
use backend::domain::voice::wav;
use serde_json::{json, Value};
use std::time::Duration;

/// The worker's command, as `scripts/speech-setup.sh` prints it (the test command exports
/// it). Without it these tests fail: they never pass by not running.
pub fn worker() -> String {
    std::env::var("SPEECH_WORKER")
        .ok()
        .filter(|w| !w.trim().is_empty())
        .expect("SPEECH_WORKER must name the speech worker's command (scripts/speech-setup.sh prints it)")
}

/// The scene, on a server with a running speech worker.
async fn speaking(configure: impl FnOnce(&mut backend::config::Settings)) -> Scene {
    let s = scene_with(|settings| {
        settings.voice.worker = Some(worker());
        configure(settings);
    })
    .await;
    assert!(
        s.app
            .state
            .speech
            .ready_within(Duration::from_secs(90))
            .await,
        "the speech worker did not start"
    );
    s
}

/// A multipart form of text fields and, maybe, a recorded command.
fn form(fields: &[(&str, &str)], command: Option<&[u8]>) -> (String, Vec<u8>) {
    let boundary = "----clockto-voice-boundary-41c2";
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                .as_bytes(),
        );
    }
    if let Some(bytes) = command {
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"command\"; filename=\"command.wav\"\r\nContent-Type: audio/wav\r\n\r\n")
                .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// Sends the form as `user`, asking for JSON.
async fn ask_form(
    s: &Scene,
    user: &TestUser,
    fields: &[(&str, &str)],
    command: Option<&[u8]>,
) -> Reply {
    ask_form_in(s, user, None, fields, command).await
}

/// Sends the form as `user` from a screen in `language` (its `Accept-Language`), asking
/// for JSON.
async fn ask_form_in(
    s: &Scene,
    user: &TestUser,
    language: Option<&str>,
    fields: &[(&str, &str)],
    command: Option<&[u8]>,
) -> Reply {
    let answered = send(s, user, language, Some("application/json"), fields, command).await;
    Reply {
        status: answered.status,
        body: serde_json::from_slice(&answered.body).unwrap_or(Value::Null),
    }
}

/// What the call answered, whatever its form.
struct Answered {
    status: u16,
    headers: actix_web::http::header::HeaderMap,
    body: actix_web::web::Bytes,
}

impl Answered {
    /// A header's value, empty when absent.
    fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
    }
}

/// Sends the form (the store's id added) as `user`, from a screen in `language` when one is
/// given, accepting `accept` when one is given (the audio itself otherwise).
async fn send(
    s: &Scene,
    user: &TestUser,
    language: Option<&str>,
    accept: Option<&str>,
    fields: &[(&str, &str)],
    command: Option<&[u8]>,
) -> Answered {
    let mut all = vec![("storeId", s.store.as_str())];
    all.extend_from_slice(fields);
    let (content_type, body) = form(&all, command);
    let mut req = s
        .app
        .client
        .post(format!("{}/api/v1/voice-assistant", s.app.address))
        .insert_header(("content-type", content_type))
        .bearer_auth(&user.token)
        .timeout(Duration::from_secs(60));
    if let Some(accept) = accept {
        req = req.insert_header(("accept", accept));
    }
    if let Some(language) = language {
        req = req.insert_header(("accept-language", language));
    }
    let mut res = req.send_body(body).await.expect("send the command");
    Answered {
        status: res.status().as_u16(),
        headers: res.headers().clone(),
        body: res.body().limit(64 << 20).await.expect("body"),
    }
}

/// A typed command's answer.
async fn say(s: &Scene, user: &TestUser, text: &str) -> Value {
    let reply = ask_form(s, user, &[("text", text)], None).await;
    assert_eq!(reply.status, 200, "{text}: {}", reply.body);
    reply.data().clone()
}

/// A typed command's answer, asked from a screen in `language`.
async fn say_in(s: &Scene, user: &TestUser, language: &str, text: &str) -> Value {
    let reply = ask_form_in(s, user, Some(language), &[("text", text)], None).await;
    assert_eq!(reply.status, 200, "{text}: {}", reply.body);
    reply.data().clone()
}

/// The answer's audio, decoded.
fn audio_of(data: &Value) -> Vec<u8> {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD
        .decode(data["audio"].as_str().expect("audio"))
        .expect("base64")
}

/// A command spoken by the worker's own voice, as the browser records it (16 kHz mono).
async fn spoken(s: &Scene, text: &str) -> Vec<u8> {
    s.app
        .state
        .speech
        .synthesise(text, Language::En, 1.0, Some(wav::RATE))
        .await
        .expect("synthesise the command")
        .wav
}

async fn name_of(s: &Scene, employee: &str) -> String {
    let reply = s
        .app
        .get(
            &format!("/api/v1/stores/{}/employees", s.store),
            Some(&s.owner.token),
        )
        .await;
    let list = reply.data().as_array().expect("employees").clone();
    let e = list
        .iter()
        .find(|e| e["id"] == json!(employee))
        .expect("the employee");
    e["displayName"].as_str().expect("a name").to_string()
}

#[actix_web::test]
async fn a_manager_asks_aloud_who_works_tomorrow_and_hears_the_answer() {
    let s = speaking(|_| {}).await;
    let ana = s
        .shift(Some(&s.ana_id), berlin(1, 9, 0), berlin(1, 17, 0))
        .await;
    s.publish(&[&ana]).await.data();
    s.shift(Some(&s.ben_id), berlin(1, 12, 0), berlin(1, 20, 0))
        .await;
    let command = spoken(&s, "Who works tomorrow?").await;

    let reply = ask_form(&s, &s.scheduler, &[], Some(&command)).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let data = reply.data();
    assert_eq!(data["transcript"], "who works tomorrow");
    assert_eq!(data["heard"], "grammar");
    assert_eq!(data["intent"], "whoWorks");
    let (ana_name, ben_name) = (name_of(&s, &s.ana_id).await, name_of(&s, &s.ben_id).await);
    let answer = data["answer"].as_str().expect("answer");
    assert!(answer.starts_with("2 shifts tomorrow: "), "{answer}");
    assert!(
        answer.contains(&format!("{ana_name} as barista from 9 AM to 5 PM")),
        "{answer}"
    );
    assert!(
        answer.contains(&format!("{ben_name} as barista from noon to 8 PM, a draft")),
        "{answer}"
    );
    use base64::Engine as _;
    let audio = base64::engine::general_purpose::STANDARD
        .decode(data["audio"].as_str().expect("audio"))
        .expect("base64");
    assert_eq!(&audio[..4], b"RIFF");
    assert!(audio.len() > 20_000, "a spoken sentence, not silence");

    // Without asking for JSON, the answer is the audio, its texts beside it.
    let res = send(&s, &s.scheduler, None, None, &[], Some(&command)).await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("content-type"), "audio/wav");
    assert_eq!(res.header("voice-transcript"), "who+works+tomorrow");
    assert_eq!(res.header("voice-intent"), "whoWorks");
    assert!(res.header("voice-answer").starts_with("2+shifts+tomorrow"));
    assert!(res.header("server-timing").contains("recognise;dur="));
    assert_eq!(&res.body[..4], b"RIFF");
}

/// Tomorrow: Ana's published shift, and two drafts only managers see (Ben's and an open
/// one). Answers the open draft and Ben's name as the assistant says it.
async fn ana_published_and_managers_drafts(s: &Scene) -> (Value, String) {
    let ana = s
        .shift(Some(&s.ana_id), berlin(1, 9, 0), berlin(1, 17, 0))
        .await;
    s.publish(&[&ana]).await.data();
    s.shift(Some(&s.ben_id), berlin(1, 12, 0), berlin(1, 20, 0))
        .await;
    let open = s.shift(None, berlin(1, 7, 0), berlin(1, 11, 0)).await;
    (open, name_of(s, &s.ben_id).await)
}

#[actix_web::test]
async fn an_employee_hears_no_drafts_no_wages_and_may_not_give_shifts() {
    let s = speaking(|_| {}).await;
    let (open, ben_name) = ana_published_and_managers_drafts(&s).await;

    let heard = say(&s, &s.ana, "who works tomorrow").await;
    let answer = heard["answer"].as_str().expect("answer");
    assert!(answer.starts_with("1 shift tomorrow: "), "{answer}");
    assert!(!answer.contains(&ben_name), "{answer}");
    assert!(
        !answer.contains("draft") && !answer.contains("open"),
        "{answer}"
    );
    for money in ["$", "euro", "€", "USD", "EUR"] {
        assert!(!answer.contains(money), "{answer}");
    }

    let refused = say(
        &s,
        &s.ana,
        &format!("give the open shift tomorrow to {ben_name}"),
    )
    .await;
    assert_eq!(refused["answer"], NOT_ENOUGH_PERMISSION);
    assert_eq!(refused["confirmation"], Value::Null);
    let refused = say(&s, &s.ana, "who is on the clock").await;
    assert_eq!(refused["answer"], NOT_ENOUGH_PERMISSION);
    assert_eq!(s.stored(&open["id"]).await["assigned"], Value::Null);
}

#[actix_web::test]
async fn an_action_waits_for_its_confirmation_and_follows_the_screens_rules() {
    let s = speaking(|_| {}).await;
    let open = s.shift(None, berlin(1, 7, 0), berlin(1, 11, 0)).await;
    let ana_name = name_of(&s, &s.ana_id).await;

    let proposed = say(
        &s,
        &s.scheduler,
        &format!("give the open shift tomorrow to {ana_name}"),
    )
    .await;
    assert_eq!(proposed["intent"], "giveOpenShift");
    assert_eq!(
        proposed["answer"],
        format!("Give the open barista shift tomorrow from 7 AM to 11 AM to {ana_name}? Confirm to go ahead.")
    );
    let token = proposed["confirmation"]
        .as_str()
        .expect("a confirmation")
        .to_string();
    // Nothing changed yet.
    assert_eq!(s.stored(&open["id"]).await["assigned"], Value::Null);

    // Another person cannot use the token, nor can a changed one be used.
    let stolen = ask_form(&s, &s.ana, &[("confirmation", &token)], None).await;
    assert_eq!(
        stolen.error(400),
        "This confirmation is not valid. Ask the assistant again."
    );
    let forged = ask_form(
        &s,
        &s.scheduler,
        &[("confirmation", &format!("x{token}"))],
        None,
    )
    .await;
    assert_eq!(forged.body["code"], "confirmation_invalid");
    assert_eq!(s.stored(&open["id"]).await["assigned"], Value::Null);

    let done = ask_form(&s, &s.scheduler, &[("confirmation", &token)], None).await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert_eq!(
        done.data()["answer"],
        format!("{ana_name} has the shift tomorrow.")
    );
    assert_eq!(s.stored(&open["id"]).await["assigned"], json!(s.ana_id));

    // The same confirmation again meets the shift's rules: it changed since it was proposed.
    let again = ask_form(&s, &s.scheduler, &[("confirmation", &token)], None).await;
    assert_eq!(again.status, 200);
    assert_ne!(
        again.data()["answer"],
        format!("{ana_name} has the shift tomorrow.")
    );

    // Without a name the assistant proposes nothing.
    let proposed = say(&s, &s.owner, "approve the time off").await;
    assert_eq!(proposed["intent"], "unknown");
    assert_eq!(proposed["confirmation"], Value::Null);
    let request = s
        .call(
            "requestTimeOff",
            &s.ben.token,
            json!({ "start": berlin(3, 0, 0), "end": berlin(3, 0, 0), "entireDay": true }),
        )
        .await
        .data()["id"]
        .clone();
    let ben_name = name_of(&s, &s.ben_id).await;
    let proposed = say(&s, &s.owner, &format!("approve {ben_name}'s time off")).await;
    assert_eq!(proposed["intent"], "approveTimeOff");
    let token = proposed["confirmation"]
        .as_str()
        .expect("a confirmation")
        .to_string();
    // An expired confirmation is refused.
    s.app.clock.advance(Duration::from_secs(3 * 60));
    let late = ask_form(&s, &s.owner, &[("confirmation", &token)], None).await;
    assert_eq!(late.body["code"], "confirmation_expired");
    let proposed = say(&s, &s.owner, &format!("approve {ben_name}'s time off")).await;
    let token = proposed["confirmation"]
        .as_str()
        .expect("a confirmation")
        .to_string();
    let done = ask_form(&s, &s.owner, &[("confirmation", &token)], None).await;
    assert_eq!(done.status, 200, "{}", done.body);
    let requests = s
        .app
        .get(
            &format!("/api/v1/stores/{}/timeoff", s.store),
            Some(&s.owner.token),
        )
        .await;
    let accepted = requests
        .data()
        .as_array()
        .expect("list")
        .iter()
        .any(|r| r["id"] == request && r["status"] == "accepted");
    assert!(accepted, "{}", requests.body);
}

#[actix_web::test]
async fn the_assistant_needs_premium_and_its_worker() {
    // A server that sells plans: a new store is on the free plan.
    let s = scene_with(|settings| {
        settings.billing = Some(backend::config::Billing {
            secret_key: "sk_test_voice".into(),
            webhook_secret: "whsec_voice".into(),
            api_base: "http://127.0.0.1:9".into(),
            automatic_tax: false,
            non_profit_coupon: None,
            catalogue: Default::default(),
        });
        settings.voice.worker = Some(worker());
    })
    .await;
    let reply = ask_form(&s, &s.owner, &[("text", "who works today")], None).await;
    assert_eq!(
        reply.error(403),
        "The voice assistant needs the premium plan."
    );
    assert_eq!(reply.body["code"], "plan_limit");

    // Without billing every store has it; without a worker it is unavailable, and the rest
    // of the product does not notice.
    let s = scene_with(|_| {}).await;
    let reply = ask_form(&s, &s.owner, &[("text", "who works today")], None).await;
    assert_eq!(
        reply.error(503),
        "The voice assistant is not available on this server right now."
    );
    assert_eq!(reply.body["code"], "assistant_unavailable");
    assert_eq!(
        s.shift(None, berlin(1, 7, 0), berlin(1, 7, 0) + HOUR).await["assigned"],
        Value::Null
    );

    // Not a member of the store: refused before anything is read.
    let stranger = s.app.create_user("stranger@example.com");
    let reply = ask_form(&s, &stranger, &[("text", "who works today")], None).await;
    assert_eq!(reply.status, 403);
}

#[actix_web::test]
async fn recordings_are_bounded_and_commands_rate_limited() {
    let s = speaking(|settings| settings.voice.per_minute = 3).await;
    // The limit first, before anything slow has run, so no allowance comes back in between
    // (one does every 20 seconds): three commands are allowed, the fourth is not.
    for _ in 0..3 {
        let reply = ask_form(&s, &s.owner, &[("text", "help")], None).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
    }
    let reply = ask_form(&s, &s.owner, &[("text", "help")], None).await;
    assert_eq!(
        reply.error(429),
        "Too many voice commands. Wait a minute and try again."
    );
    // The recordings' bounds, asked by two others: each person has their own allowance.
    let mut stereo = wav::encode(&[0; 1600]);
    stereo[22] = 2;
    let reply = ask_form(&s, &s.scheduler, &[], Some(&stereo)).await;
    assert_eq!(
        reply.error(400),
        "The command must be a WAV recording of 16 kHz mono 16-bit PCM."
    );
    let reply = ask_form(&s, &s.scheduler, &[], Some(b"OggS not a wav")).await;
    assert_eq!(reply.body["code"], "audio_format");
    let long = wav::encode(&vec![0; (wav::RATE * 16) as usize]);
    let reply = ask_form(&s, &s.scheduler, &[], Some(&long)).await;
    assert_eq!(
        reply.error(413),
        "A command can be at most 15 seconds long."
    );
    let reply = ask_form(&s, &s.ana, &[], None).await;
    assert_eq!(reply.status, 400);
    // Silence is understood as nothing, and answered with examples.
    let silence = wav::encode(&vec![0; wav::RATE as usize]);
    let reply = ask_form(&s, &s.ana, &[], Some(&silence)).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert!(reply.data()["answer"]
        .as_str()
        .expect("answer")
        .starts_with("Sorry, I did not understand"));
}

#[actix_web::test]
async fn clock_me_in_and_out_by_voice_once_confirmed() {
    let s = speaking(|_| {}).await;
    // Ana's shift began a few minutes ago.
    let now = s.app.clock.now().timestamp_millis() / 60_000 * 60_000;
    let shift = s
        .shift(Some(&s.ana_id), now - 5 * 60_000, now + 4 * HOUR)
        .await;
    s.publish(&[&shift]).await.data();

    let proposed = say(&s, &s.ana, "clock me in").await;
    assert_eq!(proposed["intent"], "clockIn");
    let token = proposed["confirmation"]
        .as_str()
        .expect("a confirmation")
        .to_string();
    assert_eq!(s.stored(&shift["id"]).await["progress"], "ns");
    let done = ask_form(&s, &s.ana, &[("confirmation", &token)], None).await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert_eq!(done.data()["answer"], "You are clocked in.");
    assert_eq!(s.stored(&shift["id"]).await["progress"], "ip");
    assert_eq!(
        say(&s, &s.ana, "clock me in").await["answer"],
        "You are already on the clock."
    );
    let heard = say(&s, &s.scheduler, "who is on the clock").await;
    assert!(heard["answer"]
        .as_str()
        .expect("answer")
        .starts_with("1 person is on the clock: "));

    let proposed = say(&s, &s.ana, "clock me out").await;
    let token = proposed["confirmation"]
        .as_str()
        .expect("a confirmation")
        .to_string();
    let done = ask_form(&s, &s.ana, &[("confirmation", &token)], None).await;
    assert_eq!(done.data()["answer"], "You are clocked out.");
    assert_eq!(s.stored(&shift["id"]).await["progress"], "c");
}

#[actix_web::test]
async fn typed_german_spanish_and_persian_commands_are_answered_and_spoken_in_their_language() {
    let s = speaking(|_| {}).await;
    let ana = s
        .shift(Some(&s.ana_id), berlin(1, 9, 0), berlin(1, 17, 0))
        .await;
    s.publish(&[&ana]).await.data();
    let ana_name = name_of(&s, &s.ana_id).await;

    let asked = [
        (
            "de-DE,de;q=0.9,en;q=0.5",
            "de",
            "Wer arbeitet morgen?",
            format!("1 Schicht morgen: {ana_name} als Barista von 9 Uhr bis 17 Uhr."),
        ),
        (
            "es",
            "es",
            "¿Quién trabaja MAÑANA?",
            format!("1 turno mañana: {ana_name} como barista de las 9 a las 17."),
        ),
        (
            "fa-IR",
            "fa",
            "فردا چه كسي كار ميكند؟",
            format!("فردا ۱ شیفت: {ana_name} به‌عنوان Barista از ساعت ۹ تا ساعت ۱۷."),
        ),
    ];
    for (header, language, command, expected) in asked {
        let heard = say_in(&s, &s.scheduler, header, command).await;
        assert_eq!(heard["intent"], "whoWorks", "{command}");
        assert_eq!(heard["language"], language);
        assert_eq!(heard["answer"], expected.as_str());
        // Spoken by the language's own voice (espeak-ng's), the very sound it makes of the
        // answer, not the English voice reading it.
        let audio = audio_of(&heard);
        assert_eq!(&audio[..4], b"RIFF");
        assert!(audio.len() > 20_000, "a spoken sentence, not silence");
        let voice = backend::domain::language::Language::parse(language).expect("ours");
        let own = s
            .app
            .state
            .speech
            .synthesise(&expected, voice, 1.1, None)
            .await
            .expect("the language's voice");
        assert_eq!(audio, own.wav, "{language}");
        let english = s
            .app
            .state
            .speech
            .synthesise(&expected, Language::En, 1.1, None)
            .await
            .expect("the English voice");
        assert_ne!(audio, english.wav, "{language}");
    }

    // An action is proposed and, once confirmed, said done in the language it was asked in.
    let open = s.shift(None, berlin(1, 18, 0), berlin(1, 22, 0)).await;
    let proposed = say_in(
        &s,
        &s.scheduler,
        "es",
        &format!("Da el turno abierto de mañana a {ana_name}"),
    )
    .await;
    assert_eq!(proposed["intent"], "giveOpenShift");
    assert_eq!(
        proposed["answer"],
        format!(
            "¿Dar el turno abierto de barista mañana de las 18 a las 22 a {ana_name}? \
             Confirma para seguir adelante."
        )
    );
    let token = proposed["confirmation"].as_str().expect("a confirmation");
    let done = ask_form_in(
        &s,
        &s.scheduler,
        Some("es"),
        &[("confirmation", token)],
        None,
    )
    .await;
    assert_eq!(
        done.data()["answer"],
        format!("{ana_name} tiene el turno mañana.")
    );
    assert_eq!(s.stored(&open["id"]).await["assigned"], json!(s.ana_id));

    // Without `Accept-Language`, the language the person last signed in with; without
    // either, English.
    let heard = say(&s, &s.scheduler, "wer arbeitet morgen").await;
    assert_eq!(heard["language"], "en");
    assert!(heard["answer"]
        .as_str()
        .expect("answer")
        .starts_with("2 shifts tomorrow: "));
    use diesel::RunQueryDsl as _;
    diesel::sql_query("UPDATE users SET language = 'de' WHERE email = $1")
        .bind::<diesel::sql_types::Text, _>(&s.scheduler.email)
        .execute(&mut s.app.conn())
        .expect("save the language");
    let heard = say(&s, &s.scheduler, "help").await;
    assert_eq!(heard["language"], "de");
    assert!(heard["answer"]
        .as_str()
        .expect("answer")
        .starts_with("Sie können fragen: Wer arbeitet morgen?"));
}

#[actix_web::test]
async fn an_employees_permissions_hold_in_every_language() {
    let s = speaking(|_| {}).await;
    let (open, ben_name) = ana_published_and_managers_drafts(&s).await;
    let asked = [
        (
            "de",
            "Wer arbeitet morgen?",
            "Wer ist eingestempelt?",
            "Wer hat Urlaub beantragt?",
            format!("Gib die offene Schicht morgen an {ben_name}"),
        ),
        (
            "es",
            "¿Quién trabaja mañana?",
            "¿Quién ha fichado?",
            "¿Quién pidió vacaciones?",
            format!("Da el turno abierto de mañana a {ben_name}"),
        ),
        (
            "fa",
            "فردا چه کسی کار می‌کند؟",
            "چه کسی ورود زده؟",
            "چه کسی مرخصی خواسته؟",
            format!("شیفت باز فردا را به {ben_name} بده"),
        ),
    ];
    for (language, who, clock, time_off, give) in asked {
        let heard = say_in(&s, &s.ana, language, who).await;
        let answer = heard["answer"].as_str().expect("answer");
        assert_eq!(heard["intent"], "whoWorks", "{who}");
        assert!(!answer.contains(&ben_name), "{answer}");
        for refused in [clock, time_off, give.as_str()] {
            let heard = say_in(&s, &s.ana, language, refused).await;
            assert_ne!(heard["intent"], "unknown", "{refused}");
            // The spec's refusal, as the spec words it.
            assert_eq!(heard["answer"], NOT_ENOUGH_PERMISSION, "{refused}");
            assert_eq!(heard["confirmation"], Value::Null);
        }
    }
    assert_eq!(s.stored(&open["id"]).await["assigned"], Value::Null);
}

#[actix_web::test]
async fn a_language_without_a_voice_is_answered_in_writing_only() {
    // A worker keeping only the English voice, as one without espeak-ng does.
    let s = speaking(|settings| {
        settings.voice.worker = Some(format!("{} --voices en", worker()));
    })
    .await;
    let heard = say_in(&s, &s.scheduler, "es", "¿Quién trabaja hoy?").await;
    assert_eq!(heard["language"], "es");
    assert_eq!(heard["answer"], "Nadie trabaja hoy.");
    assert_eq!(heard["audio"], Value::Null);
    let heard = say_in(&s, &s.scheduler, "en", "who works today").await;
    assert_eq!(&audio_of(&heard)[..4], b"RIFF");

    // Without asking for JSON: no audio, and the headers say so.
    let res = send(
        &s,
        &s.scheduler,
        Some("de"),
        None,
        &[("text", "Wer arbeitet heute?")],
        None,
    )
    .await;
    assert_eq!(res.status, 200);
    assert_eq!(res.header("content-language"), "de");
    assert_eq!(res.header("voice-spoken"), "no");
    assert_eq!(res.header("voice-answer"), "Heute+arbeitet+niemand.");
    assert!(res.body.is_empty());
}
