//! Signing in without the password: a mailed code (`sendSignInCode`, `signInWithCode`), and
//! Google through an OpenID provider on loopback (`fixtures::oidc`), with linking, adding a
//! password to a Google account, and the recent sign-in changes of credentials ask for.

use crate::fixtures::oidc::{Browser, Landing, Person, Provider, Tamper};
use crate::fixtures::{spawn_app, spawn_app_with, Reply, TestApp};
use diesel::sql_types::{BigInt, Text};
use diesel::{QueryableByName, RunQueryDsl};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

const PASSWORD: &str = "password123";

// ---------------------------------------------------------------------------------------------
// Helpers

/// A call with an `Accept-Language` header, as the web app sends its language.
async fn call_in(app: &TestApp, language: &str, name: &str, body: Value) -> Reply {
    let mut res = app
        .client
        .post(format!("{}/api/v1/{name}", app.address))
        .insert_header(("accept-language", language))
        .send_json(&body)
        .await
        .expect("send request");
    let status = res.status().as_u16();
    let bytes = res.body().await.expect("read body");
    Reply {
        status,
        body: serde_json::from_slice(&bytes).expect("a JSON answer"),
    }
}

async fn signup(app: &TestApp, email: &str) -> Value {
    let reply = app
        .call(
            "signup",
            json!({"email": email, "password": PASSWORD, "firstName": "Ada", "lastName": "Lovelace"}),
            None,
        )
        .await;
    reply.data().clone()
}

async fn send_code(app: &TestApp, email: &str) -> Reply {
    app.call("sendSignInCode", json!({ "email": email }), None)
        .await
}

async fn sign_in_with(app: &TestApp, email: &str, code: &str) -> Reply {
    app.call(
        "signInWithCode",
        json!({ "email": email, "code": code }),
        None,
    )
    .await
}

/// The subject and text of the `n`th mail (from 1) to `to`, waiting for it: sign-in codes are
/// mailed after the answer.
async fn nth_mail(app: &TestApp, to: &str, n: usize) -> (String, String) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(raw) = app.mails_to(to).get(n - 1) {
            let message = mail_parser::MessageParser::default()
                .parse(raw.as_bytes())
                .expect("a mail");
            let subject = message.subject().unwrap_or_default().to_string();
            let body = message.body_text(0).expect("a text body").to_string();
            return (subject, body);
        }
        assert!(Instant::now() < deadline, "no mail {n} to {to}");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The code in a mail's first line.
fn code_of(body: &str) -> String {
    let first = body.lines().next().expect("a first line");
    let code = first.rsplit(' ').next().expect("a code").to_string();
    assert!(
        code.len() == 4 && code.chars().all(|c| c.is_ascii_digit()),
        "{first}"
    );
    code
}

fn other_code(code: &str) -> String {
    if code == "0000" { "1111" } else { "0000" }.to_string()
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn count(app: &TestApp, sql: &str) -> i64 {
    diesel::sql_query(sql)
        .get_result::<Count>(&mut app.conn())
        .expect("count")
        .n
}

#[derive(QueryableByName)]
struct Word {
    #[diesel(sql_type = Text)]
    word: String,
}

/// How the newest session of `email` signed in.
fn last_method(app: &TestApp, email: &str) -> String {
    diesel::sql_query(
        "SELECT s.method AS word FROM sessions s JOIN users u ON u.id = s.user_id \
         WHERE u.email = $1 ORDER BY s.created_at DESC LIMIT 1",
    )
    .bind::<Text, _>(email)
    .get_result::<Word>(&mut app.conn())
    .expect("a session")
    .word
}

async fn me(app: &TestApp, token: &str) -> Value {
    app.get("/api/v1/me", Some(token)).await.data().clone()
}

// ---------------------------------------------------------------------------------------------
// Mailed codes

#[actix_web::test]
async fn a_mailed_code_signs_in_once_and_confirms_a_pending_account() {
    let app = spawn_app().await;
    let signed_up = signup(&app, "ada@example.com").await;
    assert_eq!(signed_up["user"]["status"], "pendingconfirm");
    assert_eq!(
        send_code(&app, "Ada@Example.com ").await.data(),
        &json!(true)
    );
    // The sign-up's confirmation mail came first.
    let (subject, body) = nth_mail(&app, "ada@example.com", 2).await;
    assert_eq!(subject, "Your Clockto sign-in code");
    let code = code_of(&body);

    let session = sign_in_with(&app, "ada@example.com", &code).await;
    let token = session.data()["token"].as_str().expect("token");
    assert_eq!(session.data()["user"]["status"], "confirmed");
    assert_eq!(me(&app, token).await["email"], "ada@example.com");
    assert_eq!(last_method(&app, "ada@example.com"), "code");

    let again = sign_in_with(&app, "ada@example.com", &code).await;
    assert_eq!(again.error(400), "this code is wrong");
}

#[actix_web::test]
async fn a_code_expires_fifteen_minutes_after_it_is_mailed() {
    let app = spawn_app().await;
    app.create_user("ada@example.com");
    send_code(&app, "ada@example.com").await.data();
    let code = code_of(&nth_mail(&app, "ada@example.com", 1).await.1);
    app.clock.advance(Duration::from_secs(15 * 60));
    let reply = sign_in_with(&app, "ada@example.com", &code).await;
    assert_eq!(reply.body["code"], "code_expired", "{:?}", reply.body);
    assert_eq!(reply.status, 400);
}

#[actix_web::test]
async fn wrong_codes_count_against_the_code_and_the_sign_in_throttle() {
    let app = spawn_app().await;
    app.create_user("ada@example.com");
    send_code(&app, "ada@example.com").await.data();
    let code = code_of(&nth_mail(&app, "ada@example.com", 1).await.1);
    for _ in 0..4 {
        let wrong = sign_in_with(&app, "ada@example.com", &other_code(&code)).await;
        assert_eq!(wrong.error(400), "this code is wrong");
    }
    // Four wrong tries leave the code usable.
    sign_in_with(&app, "ada@example.com", &code).await.data();

    send_code(&app, "ada@example.com").await.data();
    let code = code_of(&nth_mail(&app, "ada@example.com", 2).await.1);
    let wrong = sign_in_with(&app, "ada@example.com", &other_code(&code)).await;
    assert_eq!(wrong.error(400), "this code is wrong");
    let tries = "SELECT attempts::bigint AS n FROM one_time_codes \
                 WHERE purpose = 'sign_in' AND used_at IS NULL";
    assert_eq!(count(&app, tries), 1);
    for _ in 0..4 {
        sign_in_with(&app, "ada@example.com", &other_code(&code)).await;
    }
    assert_eq!(count(&app, tries), 5, "the code is used up");
    // Five failures for the address: even the right code waits now.
    let blocked = sign_in_with(&app, "ada@example.com", &code).await;
    assert_eq!(blocked.status, 429);
    assert_eq!(blocked.body["code"], "too_many_attempts");
}

#[actix_web::test]
async fn an_unknown_address_gets_the_same_answer_and_no_mail() {
    let app = spawn_app().await;
    app.create_user("ada@example.com");
    let known = send_code(&app, "ada@example.com").await;
    let unknown = send_code(&app, "ghost@example.com").await;
    assert_eq!((known.status, &known.body), (unknown.status, &unknown.body));
    nth_mail(&app, "ada@example.com", 1).await;
    assert!(app.mails_to("ghost@example.com").is_empty());
    let guess = sign_in_with(&app, "ghost@example.com", "1234").await;
    assert_eq!(guess.error(400), "this code is wrong");
}

#[actix_web::test]
async fn the_answer_does_not_wait_for_the_mail_and_takes_as_long_for_any_address() {
    // An SMTP server that accepts the connection and never says a word: a request that waited
    // for its mail would take the mail's whole timeout.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = silent.local_addr().expect("address").port();
    let app = spawn_app_with(|s| s.smtp_url = Some(format!("smtp://127.0.0.1:{port}"))).await;
    for n in 0..4 {
        app.create_user(&format!("known{n}@example.com"));
    }
    let mut known = Vec::new();
    let mut unknown = Vec::new();
    for n in 0..4 {
        for (email, times) in [
            (format!("known{n}@example.com"), &mut known),
            (format!("ghost{n}@example.com"), &mut unknown),
        ] {
            let began = Instant::now();
            send_code(&app, &email).await.data();
            times.push(began.elapsed());
        }
    }
    known.sort();
    unknown.sort();
    // The fastest of each: a difference the answer itself makes shows in every try, while a
    // busy machine's pauses (the tests run beside others) come and go.
    let (k, u) = (known[0], unknown[0]);
    assert!(k < Duration::from_secs(2), "a known address took {k:?}");
    let apart = k.abs_diff(u);
    assert!(
        apart < Duration::from_millis(100),
        "known {known:?}, unknown {unknown:?}"
    );
    drop(silent);
}

#[actix_web::test]
async fn requests_are_throttled_per_address_and_per_client_alike_for_any_address() {
    let app = spawn_app().await;
    app.create_user("ada@example.com");
    for email in ["ada@example.com", "ghost@example.com"] {
        for _ in 0..5 {
            send_code(&app, email).await.data();
        }
        let refused = send_code(&app, email).await;
        assert_eq!(refused.status, 429, "{email}");
        assert_eq!(refused.body["code"], "too_many_attempts");
        assert!(
            refused
                .error(429)
                .starts_with("Too many codes were requested."),
            "{:?}",
            refused.body
        );
    }
    // Ten requests so far from this client; ten more for new addresses reach its limit.
    for n in 0..10 {
        send_code(&app, &format!("new{n}@example.com")).await.data();
    }
    let refused = send_code(&app, "fresh@example.com").await;
    assert_eq!(refused.status, 429);
    // An hour later the client may ask again.
    app.clock.advance(Duration::from_secs(3600));
    send_code(&app, "fresh@example.com").await.data();
}

#[actix_web::test]
async fn the_code_is_mailed_in_the_account_s_language_else_the_request_s() {
    let app = spawn_app().await;
    // Ada signed up in German: her account's language.
    let reply = call_in(
        &app,
        "de-DE,de;q=0.9",
        "signup",
        json!({"email": "ada@example.com", "password": PASSWORD, "firstName": "Ada", "lastName": "L"}),
    )
    .await;
    reply.data();
    call_in(
        &app,
        "es",
        "sendSignInCode",
        json!({"email": "ada@example.com"}),
    )
    .await
    .data();
    let (subject, body) = nth_mail(&app, "ada@example.com", 2).await;
    assert_eq!(subject, "Ihr Anmeldecode für Clockto");
    assert!(body.starts_with("Ihr Code lautet "), "{body}");
    // Ben's account has no language yet: the request's.
    app.create_user("ben@example.com");
    call_in(
        &app,
        "es",
        "sendSignInCode",
        json!({"email": "ben@example.com"}),
    )
    .await
    .data();
    let (_, body) = nth_mail(&app, "ben@example.com", 1).await;
    assert!(body.starts_with("Tu código es "), "{body}");
    call_in(
        &app,
        "fa",
        "sendSignInCode",
        json!({"email": "ben@example.com"}),
    )
    .await
    .data();
    let (_, body) = nth_mail(&app, "ben@example.com", 2).await;
    assert!(body.starts_with("کد شما: "), "{body}");
    // Signing in in Spanish makes Spanish the account's language.
    let code = code_of(&body);
    call_in(
        &app,
        "es",
        "signInWithCode",
        json!({"email": "ben@example.com", "code": code}),
    )
    .await
    .data();
    send_code(&app, "ben@example.com").await.data();
    let (_, body) = nth_mail(&app, "ben@example.com", 3).await;
    assert!(body.starts_with("Tu código es "), "{body}");
}

// ---------------------------------------------------------------------------------------------
// Google

async fn with_provider() -> (TestApp, Provider) {
    let provider = Provider::start();
    let settings = provider.settings();
    let app = spawn_app_with(move |s| s.oidc = Some(settings)).await;
    (app, provider)
}

async fn finish(app: &TestApp, landing: &Landing) -> Reply {
    app.call(
        "finishGoogleSignIn",
        json!({ "code": landing.code() }),
        None,
    )
    .await
}

/// Signs `person` in through Google and answers the session.
async fn google(app: &TestApp, provider: &Provider, person: Person) -> Value {
    provider.next(person, Tamper::Nothing);
    let landing = Browser::new(app).sign_in(None).await;
    let reply = finish(app, &landing).await;
    assert_eq!(reply.data()["outcome"], "signedIn", "{:?}", reply.body);
    reply.data().clone()
}

fn identities(app: &TestApp) -> i64 {
    count(app, "SELECT count(*) AS n FROM oidc_identities")
}

#[actix_web::test]
async fn sign_in_methods_say_whether_google_is_configured() {
    let app = spawn_app().await;
    let methods = app.get("/api/v1/auth/methods", None).await;
    assert_eq!(methods.data(), &json!({"emailCode": true, "google": false}));
    let start = app.get("/api/v1/auth/google/start", None).await;
    assert_eq!(
        start.error(404),
        "Sign-in with Google is not available on this server."
    );
    let (app, _provider) = with_provider().await;
    let methods = app.get("/api/v1/auth/methods", None).await;
    assert_eq!(methods.data()["google"], true);
}

#[actix_web::test]
async fn a_first_google_sign_in_makes_a_confirmed_account_found_again_by_its_subject() {
    let (app, provider) = with_provider().await;
    let session = google(&app, &provider, Person::verified("grace@example.com")).await;
    let user = &session["user"];
    assert_eq!(user["email"], "grace@example.com");
    assert_eq!(user["status"], "confirmed");
    assert_eq!(user["signInMethod"], "Google");
    assert_eq!(user["hasPassword"], false);
    assert_eq!(
        (user["firstName"].clone(), user["lastName"].clone()),
        (json!("Grace"), json!("Hopper"))
    );
    assert_eq!(last_method(&app, "grace@example.com"), "google");
    let token = session["token"].as_str().expect("token");
    assert_eq!(me(&app, token).await["id"], user["id"]);

    // The provider was asked with a state, a nonce and an S256 PKCE challenge.
    let asked = &provider.authorizations()[0];
    for field in ["state", "nonce", "code_challenge"] {
        assert!(
            asked.get(field).is_some_and(|v| v.len() >= 16),
            "{field}: {asked:?}"
        );
    }
    assert_eq!(asked["code_challenge_method"], "S256");
    assert!(asked["scope"].contains("email"));

    // Found again by the subject, though the provider now gives another address.
    let mut moved = Person::verified("grace@example.com");
    moved.email = "grace.hopper@example.org".into();
    let again = google(&app, &provider, moved).await;
    assert_eq!(again["user"]["id"], user["id"]);
    assert_eq!(identities(&app), 1);
    let exists = app
        .call(
            "checkEmailExists",
            json!({"email": "grace@example.com"}),
            None,
        )
        .await;
    assert_eq!(exists.data(), &json!("google"));
}

#[actix_web::test]
async fn an_id_token_failing_a_check_signs_nobody_in() {
    let (app, provider) = with_provider().await;
    for tamper in [
        Tamper::WrongAudience,
        Tamper::WrongIssuer,
        Tamper::Expired,
        Tamper::UnknownKey,
        Tamper::WrongNonce,
    ] {
        provider.next(Person::verified("grace@example.com"), tamper);
        let landing = Browser::new(&app).sign_in(None).await;
        assert_eq!(landing.error(), "token_refused", "{tamper:?}");
    }
    assert_eq!(count(&app, "SELECT count(*) AS n FROM users"), 0);
    assert_eq!(count(&app, "SELECT count(*) AS n FROM oidc_handoffs"), 0);
}

#[actix_web::test]
async fn an_address_google_has_not_verified_is_refused() {
    let (app, provider) = with_provider().await;
    for verified in [Some(false), None] {
        let mut person = Person::verified("grace@example.com");
        person.email_verified = verified;
        provider.next(person, Tamper::Nothing);
        let landing = Browser::new(&app).sign_in(None).await;
        assert_eq!(landing.error(), "unverified_email", "{verified:?}");
    }
    assert_eq!(count(&app, "SELECT count(*) AS n FROM users"), 0);
}

#[actix_web::test]
async fn a_return_must_match_its_state_and_its_browser_once() {
    let (app, provider) = with_provider().await;
    provider.next(Person::verified("grace@example.com"), Tamper::Nothing);
    let browser = Browser::new(&app);

    // Another state than the one sent.
    let sent = browser.start(None).await.expect("started");
    let back = browser.authorize(&sent).await;
    let (path, _) = back.split_once("&state=").expect("a state");
    let forged = format!("{path}&state=forged");
    let landing = browser.come_back(&forged, sent.cookie.as_deref()).await;
    assert_eq!(landing.error(), "state_mismatch");

    // The right state, in a browser without the cookie, or with another sign-in's.
    for cookie in [None, Some("clockto_oidc=another-browser")] {
        let sent = browser.start(None).await.expect("started");
        let back = browser.authorize(&sent).await;
        assert_eq!(
            browser.come_back(&back, cookie).await.error(),
            "state_mismatch"
        );
    }

    // A return used twice.
    let sent = browser.start(None).await.expect("started");
    let back = browser.authorize(&sent).await;
    browser
        .come_back(&back, sent.cookie.as_deref())
        .await
        .code();
    let replay = browser.come_back(&back, sent.cookie.as_deref()).await;
    assert_eq!(replay.error(), "state_mismatch");

    // A sign-in older than ten minutes.
    let sent = browser.start(None).await.expect("started");
    let back = browser.authorize(&sent).await;
    app.clock.advance(Duration::from_secs(11 * 60));
    let late = browser.come_back(&back, sent.cookie.as_deref()).await;
    assert_eq!(late.error(), "sign_in_expired");
}

#[actix_web::test]
async fn the_web_app_s_code_is_used_once() {
    let (app, provider) = with_provider().await;
    provider.next(Person::verified("grace@example.com"), Tamper::Nothing);
    let landing = Browser::new(&app).sign_in(None).await;
    finish(&app, &landing).await.data();
    let again = finish(&app, &landing).await;
    assert_eq!(
        again.error(400),
        "This Google sign-in has expired. Please start again."
    );
}

#[actix_web::test]
async fn an_account_of_the_same_address_is_linked_only_once_its_password_is_given() {
    let (app, provider) = with_provider().await;
    let ada = signup(&app, "ada@example.com").await;
    provider.next(Person::verified("ada@example.com"), Tamper::Nothing);
    let landing = Browser::new(&app).sign_in(None).await;
    let prompt = finish(&app, &landing).await;
    assert_eq!(
        prompt.data(),
        &json!({"outcome": "linkRequired", "email": "ada@example.com"})
    );
    assert_eq!(identities(&app), 0, "not linked by the address alone");

    let link = |proof: Value| {
        let mut body = json!({ "code": landing.code() });
        body.as_object_mut()
            .expect("object")
            .extend(proof.as_object().expect("object").clone());
        app.call("linkGoogleAccount", body, None)
    };
    let wrong = link(json!({"password": "not-her-password1"})).await;
    assert_eq!(wrong.error(400), "incorrect password");
    let neither = link(json!({})).await;
    assert_eq!(neither.status, 400);
    assert_eq!(identities(&app), 0);

    let session = link(json!({"password": PASSWORD})).await;
    assert_eq!(session.data()["user"]["id"], ada["user"]["id"]);
    assert_eq!(
        session.data()["user"]["status"],
        "confirmed",
        "Google vouched for the address"
    );
    assert_eq!(identities(&app), 1);
    assert_eq!(last_method(&app, "ada@example.com"), "google");

    // From now on Google signs Ada in directly.
    let again = google(&app, &provider, Person::verified("ada@example.com")).await;
    assert_eq!(again["user"]["id"], ada["user"]["id"]);
    let exists = app
        .call(
            "checkEmailExists",
            json!({"email": "ada@example.com"}),
            None,
        )
        .await;
    assert_eq!(exists.data(), &json!("password"), "she keeps her password");
}

#[actix_web::test]
async fn an_account_of_the_same_address_is_linked_with_a_mailed_code() {
    let (app, provider) = with_provider().await;
    let ada = app.create_user("ada@example.com");
    provider.next(Person::verified("ada@example.com"), Tamper::Nothing);
    let landing = Browser::new(&app).sign_in(None).await;
    assert_eq!(
        finish(&app, &landing).await.data()["outcome"],
        "linkRequired"
    );
    send_code(&app, "ada@example.com").await.data();
    let code = code_of(&nth_mail(&app, "ada@example.com", 1).await.1);
    let wrong = app
        .call(
            "linkGoogleAccount",
            json!({"code": landing.code(), "emailCode": other_code(&code)}),
            None,
        )
        .await;
    assert_eq!(wrong.error(400), "this code is wrong");
    assert_eq!(identities(&app), 0);
    let session = app
        .call(
            "linkGoogleAccount",
            json!({"code": landing.code(), "emailCode": code}),
            None,
        )
        .await;
    assert_eq!(session.data()["user"]["id"], json!(ada.id));
    assert_eq!(identities(&app), 1);
}

#[actix_web::test]
async fn a_signed_in_person_links_google_from_a_recent_session() {
    let (app, provider) = with_provider().await;
    let ada = app.create_user("ada@example.com");
    let ticket = app
        .call("requestGoogleLink", json!({}), Some(&ada.token))
        .await;
    let url = ticket.data()["url"].as_str().expect("url").to_string();
    // Her Google account has another address: linked by the session, not the address.
    provider.next(Person::verified("ada.work@example.org"), Tamper::Nothing);
    let landing = Browser::new(&app).sign_in(Some(&url)).await;
    let session = finish(&app, &landing).await;
    assert_eq!(session.data()["outcome"], "signedIn");
    assert_eq!(session.data()["user"]["id"], json!(ada.id));
    assert_eq!(identities(&app), 1);

    // A ticket starts one sign-in only.
    let reused = Browser::new(&app).sign_in(Some(&url)).await;
    assert_eq!(reused.error(), "sign_in_expired");

    // Thirteen hours after signing in, linking asks to sign in again.
    app.clock.advance(Duration::from_secs(13 * 3600));
    let late = app
        .call("requestGoogleLink", json!({}), Some(&ada.token))
        .await;
    assert_eq!(late.error(403), "Please sign in again to make this change.");
    assert_eq!(late.body["code"], "sign_in_again");
}

#[actix_web::test]
async fn a_google_account_linked_elsewhere_is_not_moved() {
    let (app, provider) = with_provider().await;
    google(&app, &provider, Person::verified("grace@example.com")).await;
    let ada = app.create_user("ada@example.com");
    let url = app
        .call("requestGoogleLink", json!({}), Some(&ada.token))
        .await
        .data()["url"]
        .as_str()
        .expect("url")
        .to_string();
    provider.next(Person::verified("grace@example.com"), Tamper::Nothing);
    let landing = Browser::new(&app).sign_in(Some(&url)).await;
    assert_eq!(landing.error(), "linked_elsewhere");
}

#[actix_web::test]
async fn a_google_account_adds_a_password_from_a_recent_google_sign_in_only() {
    let (app, provider) = with_provider().await;
    let session = google(&app, &provider, Person::verified("grace@example.com")).await;
    let token = session["token"].as_str().expect("token").to_string();

    let signed_out = app
        .call("linkPassword", json!({"newPassword": "newpass123"}), None)
        .await;
    assert_eq!(signed_out.error(401), "not.authenticated");
    let old = app
        .call(
            "authenticatedResetPassword",
            json!({"oldPassword": "x", "newPassword": "newpass123"}),
            Some(&token),
        )
        .await;
    assert_eq!(old.body["code"], "no_password");

    app.call(
        "linkPassword",
        json!({"newPassword": "newpass123"}),
        Some(&token),
    )
    .await
    .data();
    assert_eq!(me(&app, &token).await["hasPassword"], true);
    app.call(
        "login",
        json!({"email": "grace@example.com", "password": "newpass123"}),
        None,
    )
    .await
    .data();
    let twice = app
        .call(
            "linkPassword",
            json!({"newPassword": "other1234"}),
            Some(&token),
        )
        .await;
    assert_eq!(twice.body["code"], "password_exists");

    // A session signed in with the password may not link one.
    let ada = app.create_user("ada@example.com");
    let refused = app
        .call(
            "linkPassword",
            json!({"newPassword": "newpass123"}),
            Some(&ada.token),
        )
        .await;
    assert_eq!(refused.error(403), "not.authenticated.with.google");

    // Nor an old Google sign-in; nor may an old session change a password.
    let other = google(&app, &provider, Person::verified("hedy@example.com")).await;
    let other = other["token"].as_str().expect("token").to_string();
    app.clock.advance(Duration::from_secs(13 * 3600));
    let late = app
        .call(
            "linkPassword",
            json!({"newPassword": "newpass123"}),
            Some(&other),
        )
        .await;
    assert_eq!(late.body["code"], "sign_in_again");
    let change = app
        .call(
            "authenticatedResetPassword",
            json!({"oldPassword": PASSWORD, "newPassword": "newpass123"}),
            Some(&ada.token),
        )
        .await;
    assert_eq!(
        change.error(403),
        "Please sign in again to make this change."
    );
}
