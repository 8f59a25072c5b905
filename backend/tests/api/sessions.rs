//! Sessions: every token names one; signing out, signing out everywhere and a new password end
//! them, and a token of an ended session is refused on every node at once.

use crate::fixtures::wait::{eventually_within, wait_ready};
use crate::fixtures::{spawn_app, Reply, TestApp, TestUser};
use backend::domain::ids::SessionId;
use diesel::RunQueryDsl;
use serde_json::json;
use std::time::Duration;

const PASSWORD: &str = "password123";
const NOT_AUTHENTICATED: &str = "You need to be Authenticated to use this method";

/// Signs in as `user` with `password`: a new session, a new token.
async fn sign_in_with(app: &TestApp, user: &TestUser, password: &str) -> String {
    let reply = app
        .call(
            "login",
            json!({"email": user.email, "password": password}),
            None,
        )
        .await;
    reply.data()["token"].as_str().expect("token").to_string()
}

async fn sign_in(app: &TestApp, user: &TestUser) -> String {
    sign_in_with(app, user, PASSWORD).await
}

fn assert_not_authenticated(reply: &Reply) {
    assert_eq!(reply.error(401), NOT_AUTHENTICATED);
    assert_eq!(reply.body["code"], "not_authenticated");
}

/// Whether `token` is accepted, by `GET /me` and by a signed-in call alike. A refusal must
/// be the one of an invalid token.
async fn accepted(app: &TestApp, token: &str) -> bool {
    let me = app.get("/api/v1/me", Some(token)).await;
    let call = app.call("updateProfile", json!({}), Some(token)).await;
    match (me.status, call.status) {
        (200, 200) => true,
        (401, 401) => {
            assert_not_authenticated(&me);
            assert_not_authenticated(&call);
            false
        }
        _ => panic!("mixed answers: {me:?} {call:?}"),
    }
}

/// Whether `token` is accepted by `GET /me`, for waiting on a change that lands between two
/// requests.
async fn still_accepted(app: &TestApp, token: &str) -> bool {
    let me = app.get("/api/v1/me", Some(token)).await;
    if me.status == 401 {
        assert_not_authenticated(&me);
    }
    me.status == 200
}

/// Waits until `app` listens for announcements: a server forgets what it checked when its
/// listen connection comes up, then says it is ready.
async fn until_listening(app: &TestApp) {
    wait_ready(&app.client, &app.address, 200, "ready").await;
}

/// Waits, far below the time a server believes a checked session without reading it again,
/// until `app` refuses `token`.
async fn until_refused(app: &TestApp, token: &str) {
    eventually_within(
        Duration::from_secs(3),
        "the ended session to be refused",
        async || !still_accepted(app, token).await,
    )
    .await;
}

fn session_of(app: &TestApp, token: &str) -> SessionId {
    app.state
        .sessions
        .keys()
        .verify(token)
        .expect("a valid token")
        .session
}

#[actix_web::test]
async fn signing_out_ends_this_session_and_no_other() {
    let app = spawn_app().await;
    let ada = app.create_user("ada@example.com");
    let phone = sign_in(&app, &ada).await;
    assert!(accepted(&app, &ada.token).await);

    let reply = app.call("logout", json!({}), Some(&ada.token)).await;
    assert_eq!(reply.data(), &json!(true));
    assert!(!accepted(&app, &ada.token).await);
    assert!(accepted(&app, &phone).await);
    // Signing out twice is signing out of nothing.
    assert_not_authenticated(&app.call("logout", json!({}), Some(&ada.token)).await);
    assert_not_authenticated(&app.call("logout", json!({}), None).await);

    let ended: Vec<Option<chrono::DateTime<chrono::Utc>>> = {
        use backend::db::schema::sessions;
        use diesel::{ExpressionMethods, QueryDsl};
        sessions::table
            .filter(sessions::user_id.eq(ada.id))
            .order(sessions::created_at)
            .select(sessions::ended_at)
            .load(&mut app.conn())
            .expect("sessions")
    };
    assert_eq!(ended.len(), 2);
    assert!(ended[0].is_some() && ended[1].is_none(), "{ended:?}");
}

#[actix_web::test]
async fn signing_out_everywhere_ends_every_session_of_the_user_only() {
    let app = spawn_app().await;
    let ada = app.create_user("ada@example.com");
    let bob = app.create_user("bob@example.com");
    let phone = sign_in(&app, &ada).await;

    let reply = app.call("logoutEverywhere", json!({}), Some(&phone)).await;
    assert_eq!(reply.data(), &json!(true));
    assert!(!accepted(&app, &phone).await);
    assert!(!accepted(&app, &ada.token).await);
    assert!(accepted(&app, &bob.token).await);
    // Signing in again opens a new session.
    let again = sign_in(&app, &ada).await;
    assert!(accepted(&app, &again).await);
}

#[actix_web::test]
async fn changing_the_password_keeps_this_session_and_ends_the_others() {
    let app = spawn_app().await;
    let ada = app.create_user("ada@example.com");
    let bob = app.create_user("bob@example.com");
    let phone = sign_in(&app, &ada).await;
    let laptop = sign_in(&app, &ada).await;

    // A wrong current password ends nothing.
    let reply = app
        .call(
            "authenticatedResetPassword",
            json!({"oldPassword": "notmypass1", "newPassword": "brandnew42"}),
            Some(&laptop),
        )
        .await;
    reply.error(400);
    assert!(accepted(&app, &phone).await);

    let reply = app
        .call(
            "authenticatedResetPassword",
            json!({"oldPassword": PASSWORD, "newPassword": "brandnew42"}),
            Some(&laptop),
        )
        .await;
    assert_eq!(reply.data(), &json!(true));
    assert!(accepted(&app, &laptop).await);
    assert!(!accepted(&app, &phone).await);
    assert!(!accepted(&app, &ada.token).await);
    assert!(accepted(&app, &bob.token).await);
}

#[actix_web::test]
async fn resetting_the_password_by_code_ends_the_sessions_but_the_callers_own() {
    let app = spawn_app().await;
    let ada = app.create_user("ada@example.com");
    let phone = sign_in(&app, &ada).await;
    let reset = |token: Option<String>, password: &'static str| {
        let app = &app;
        async move {
            app.call(
                "requestResetPassword",
                json!({"email": "ada@example.com"}),
                None,
            )
            .await
            .data();
            let mail = app.mails_to("ada@example.com").pop().expect("a mail");
            let at = mail.find("Your code is ").expect("a code") + 13;
            let code = &mail[at..at + 4];
            let reply = app
                .call(
                    "confirmResetPassword",
                    json!({"email": "ada@example.com", "code": code, "newPassword": password}),
                    token.as_deref(),
                )
                .await;
            assert_eq!(reply.data(), &json!(true));
        }
    };

    // Reset from a signed-in browser: that session stays, the others end.
    reset(Some(phone.clone()), "brandnew42").await;
    assert!(accepted(&app, &phone).await);
    assert!(!accepted(&app, &ada.token).await);

    // Reset by someone who is not signed in: every session ends.
    reset(None, "evennewer42").await;
    assert!(!accepted(&app, &phone).await);
    let again = sign_in_with(&app, &ada, "evennewer42").await;
    assert!(accepted(&app, &again).await);
}

#[actix_web::test]
async fn a_session_ended_on_one_node_is_refused_at_once_on_another() {
    let a = spawn_app().await;
    let b = a.spawn_peer().await;
    until_listening(&a).await;
    until_listening(&b).await;
    let ada = a.create_user("ada@example.com");
    let phone = sign_in(&a, &ada).await;
    // Node B has checked both sessions, and remembers them as open.
    assert!(accepted(&b, &ada.token).await);
    assert!(accepted(&b, &phone).await);

    a.call("logout", json!({}), Some(&ada.token)).await.data();
    until_refused(&b, &ada.token).await;
    assert!(!accepted(&b, &ada.token).await);
    assert!(accepted(&b, &phone).await);

    a.call("logoutEverywhere", json!({}), Some(&phone))
        .await
        .data();
    until_refused(&b, &phone).await;
    assert!(!accepted(&b, &phone).await);
}

#[actix_web::test]
async fn a_checked_session_is_not_read_for_every_call_and_an_announced_ending_is_heard() {
    let app = spawn_app().await;
    until_listening(&app).await;
    let ada = app.create_user("ada@example.com");
    assert!(accepted(&app, &ada.token).await);
    // Ended behind the server's back, without the announcement: calls within the cache's
    // lifetime do not read the session again, so they still pass.
    let id = session_of(&app, &ada.token);
    diesel::sql_query("UPDATE sessions SET ended_at = now() WHERE id = $1")
        .bind::<diesel::sql_types::Uuid, _>(id.0)
        .execute(&mut app.conn())
        .expect("end the session");
    for _ in 0..3 {
        assert!(accepted(&app, &ada.token).await);
    }
    // The announcement is what every node listens to.
    diesel::sql_query("SELECT pg_notify('sessions_ended', $1)")
        .bind::<diesel::sql_types::Text, _>(id.to_string())
        .execute(&mut app.conn())
        .expect("announce");
    until_refused(&app, &ada.token).await;
    assert!(!accepted(&app, &ada.token).await);
}

#[actix_web::test]
async fn the_openapi_document_describes_the_sign_out_calls() {
    let app = spawn_app().await;
    let doc = app.get("/api/v1/openapi.json", None).await;
    for call in ["logout", "logoutEverywhere"] {
        let op = &doc.body["paths"][format!("/api/v1/{call}")]["post"];
        assert!(op.is_object(), "{call} is not described");
        assert!(op["security"].is_array(), "{call} needs a bearer");
    }
}
