//! Account calls: sign-up, sign-in, `me`, codes, password reset and change, profile.

use crate::fixtures::{spawn_app, Reply, TestApp};
use backend::auth::jwt::Keys;
use backend::domain::ids::{EmployeeId, SessionId, StoreId, UserId};
use diesel::sql_types::{Array, Bool, Text, Uuid as SqlUuid};
use diesel::{QueryableByName, RunQueryDsl};
use serde_json::{json, Value};
use std::time::Duration;

const PASSWORD: &str = "password123";
const NOT_AUTHENTICATED: &str = "You need to be Authenticated to use this method";
const WRONG_CREDENTIALS: &str = "username.or.password.is.wrong";
const WRONG_CODE: &str = "this code is wrong";

// ---------------------------------------------------------------------------------------------
// Helpers

async fn signup(app: &TestApp, email: &str) -> Reply {
    app.call(
        "signup",
        json!({"email": email, "password": PASSWORD, "firstName": "Ada", "lastName": "Lovelace"}),
        None,
    )
    .await
}

/// Signs up and returns the token.
async fn signed_up(app: &TestApp, email: &str) -> String {
    let reply = signup(app, email).await;
    reply.data()["token"].as_str().expect("token").to_string()
}

async fn login(app: &TestApp, email: &str, password: &str) -> Reply {
    app.call("login", json!({"email": email, "password": password}), None)
        .await
}

/// The code of the newest mail to `to`.
fn last_code(app: &TestApp, to: &str) -> String {
    let mails = app.mails_to(to);
    let mail = mails.last().expect("a mail was sent");
    code_in(mail)
}

fn code_in(mail: &str) -> String {
    let at = mail
        .find("Your code is ")
        .expect("the mail states the code")
        + 13;
    let code: String = mail[at..].chars().take(4).collect();
    assert!(
        code.chars().all(|c| c.is_ascii_digit()),
        "{code:?} in {mail}"
    );
    code
}

/// A code of the same length that is not `code`.
fn other_code(code: &str) -> String {
    if code == "0000" { "1111" } else { "0000" }.to_string()
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

fn count(app: &TestApp, sql: &str) -> i64 {
    diesel::sql_query(sql)
        .get_result::<Count>(&mut app.conn())
        .expect("count")
        .n
}

fn add_store(app: &TestApp, owner: UserId, name: &str) -> StoreId {
    let id = StoreId::new();
    diesel::sql_query(
        "INSERT INTO stores (id, owner_id, name, kind, logo, timezone_reference) \
         VALUES ($1, $2, $3, 'retail and consumer', 'https://cdn.example.com/logo.png', 'Europe/Berlin')",
    )
    .bind::<SqlUuid, _>(id.0)
    .bind::<SqlUuid, _>(owner.0)
    .bind::<Text, _>(name)
    .execute(&mut app.conn())
    .expect("insert store");
    id
}

fn add_employee(
    app: &TestApp,
    store: StoreId,
    user: UserId,
    email: &str,
    permissions: &[&str],
    terminated: bool,
) -> EmployeeId {
    let id = EmployeeId::new();
    let perms: Vec<String> = permissions.iter().map(|p| p.to_string()).collect();
    diesel::sql_query(
        "INSERT INTO employees (id, store_id, user_id, email, full_name, permissions, terminated_at) \
         VALUES ($1, $2, $3, $4, 'Old Name', $5, CASE WHEN $6 THEN now() END)",
    )
    .bind::<SqlUuid, _>(id.0)
    .bind::<SqlUuid, _>(store.0)
    .bind::<SqlUuid, _>(user.0)
    .bind::<Text, _>(email)
    .bind::<Array<Text>, _>(perms)
    .bind::<Bool, _>(terminated)
    .execute(&mut app.conn())
    .expect("insert employee");
    id
}

#[derive(QueryableByName)]
struct EmployeeRow {
    #[diesel(sql_type = Text)]
    full_name: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
    img: Option<String>,
}

fn employee_row(app: &TestApp, id: EmployeeId) -> EmployeeRow {
    diesel::sql_query("SELECT full_name, img FROM employees WHERE id = $1")
        .bind::<SqlUuid, _>(id.0)
        .get_result(&mut app.conn())
        .expect("employee row")
}

async fn me(app: &TestApp, token: &str) -> Value {
    app.get("/api/v1/me", Some(token)).await.data().clone()
}

// ---------------------------------------------------------------------------------------------
// Sign-up and e-mail confirmation

#[actix_web::test]
async fn signup_returns_a_token_and_a_pending_user_and_mails_a_code() {
    let app = spawn_app().await;
    let reply = signup(&app, "  Ada@Example.com ").await;
    let data = reply.data();
    assert!(data["token"].as_str().is_some_and(|t| !t.is_empty()));
    let user = &data["user"];
    assert_eq!(user["email"], "ada@example.com");
    assert_eq!(user["firstName"], "Ada");
    assert_eq!(user["lastName"], "Lovelace");
    assert_eq!(user["status"], "pendingconfirm");
    assert_eq!(user["personalInformationStatus"], "pending");
    assert_eq!(user["signInMethod"], "Email");
    let mails = app.mails_to("ada@example.com");
    assert_eq!(mails.len(), 1);
    assert_eq!(code_in(&mails[0]).len(), 4);
}

#[actix_web::test]
async fn the_mailed_code_confirms_the_email() {
    let app = spawn_app().await;
    let token = signed_up(&app, "ada@example.com").await;
    let code = last_code(&app, "ada@example.com");
    let reply = app
        .call("confirmEmail", json!({"code": code}), Some(&token))
        .await;
    assert_eq!(reply.data()["status"], "confirmed");
    assert_eq!(me(&app, &token).await["status"], "confirmed");
    // Confirming again is harmless.
    let again = app
        .call("confirmEmail", json!({"code": code}), Some(&token))
        .await;
    assert_eq!(again.data()["status"], "confirmed");
}

#[actix_web::test]
async fn codes_are_stored_only_as_hashes() {
    let app = spawn_app().await;
    signed_up(&app, "ada@example.com").await;
    let code = last_code(&app, "ada@example.com");
    #[derive(QueryableByName)]
    struct Hash {
        #[diesel(sql_type = Text)]
        code_hash: String,
    }
    let rows: Vec<Hash> = diesel::sql_query("SELECT code_hash FROM one_time_codes")
        .load(&mut app.conn())
        .expect("codes");
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].code_hash.len(), 64);
    assert!(!rows[0].code_hash.contains(&code));
}

#[actix_web::test]
async fn signup_refuses_an_email_that_is_taken_in_any_case() {
    let app = spawn_app().await;
    signed_up(&app, "ada@example.com").await;
    let reply = signup(&app, "ADA@example.COM").await;
    assert_eq!(
        reply.error(400),
        "An account with this email already exists."
    );
    assert_eq!(reply.body["code"], "email_taken");
    assert_eq!(count(&app, "SELECT count(*) AS n FROM users"), 1);
}

#[actix_web::test]
async fn signup_checks_the_email_password_and_names() {
    let app = spawn_app().await;
    let cases = [
        (
            json!({"email": "not-an-email", "password": PASSWORD, "firstName": "A", "lastName": "B"}),
            "invalid_email",
            "Please enter a valid email address.",
        ),
        (
            json!({"email": "a@example.com", "password": "abc1", "firstName": "A", "lastName": "B"}),
            "weak_password",
            "The password must be at least 8 characters long.",
        ),
        (
            json!({"email": "a@example.com", "password": "abcdefghij", "firstName": "A", "lastName": "B"}),
            "weak_password",
            "The password must contain both letters and numbers.",
        ),
        (
            json!({"email": "a@example.com", "password": PASSWORD, "firstName": "  ", "lastName": "B"}),
            "invalid_name",
            "firstName is required.",
        ),
        (
            json!({"email": "a@example.com", "password": PASSWORD, "firstName": "A", "lastName": ""}),
            "invalid_name",
            "lastName is required.",
        ),
    ];
    for (body, code, message) in cases {
        let reply = app.call("signup", body, None).await;
        assert_eq!(reply.error(400), message);
        assert_eq!(reply.body["code"], code);
    }
    assert_eq!(count(&app, "SELECT count(*) AS n FROM users"), 0);
    assert!(app.mails_to("a@example.com").is_empty());
}

#[actix_web::test]
async fn missing_fields_and_wrong_types_are_400_and_store_nothing() {
    let app = spawn_app().await;
    let bodies = [
        json!({"email": "a@example.com", "firstName": "A", "lastName": "B"}),
        json!({"email": "a@example.com", "password": 12345678, "firstName": "A", "lastName": "B"}),
        json!({"email": ["a@example.com"], "password": PASSWORD, "firstName": "A", "lastName": "B"}),
        json!("signup"),
        json!(null),
    ];
    for body in bodies {
        let reply = app.call("signup", body.clone(), None).await;
        assert_eq!(reply.status, 400, "{body}: {:?}", reply.body);
        assert_eq!(reply.body["code"], "invalid_input");
    }
    let raw = app
        .call_raw("signup", b"{\"email\": \"a@example.com\",".to_vec(), None)
        .await;
    assert_eq!(raw.status, 400);
    assert_eq!(count(&app, "SELECT count(*) AS n FROM users"), 0);

    let token = signed_up(&app, "b@example.com").await;
    let reply = app
        .call("confirmEmail", json!({"code": 1234}), Some(&token))
        .await;
    assert_eq!(reply.status, 400);
    let reply = app
        .call(
            "updateProfile",
            json!({"birthday": "yesterday"}),
            Some(&token),
        )
        .await;
    assert_eq!(reply.status, 400);
    assert_eq!(me(&app, &token).await["status"], "pendingconfirm");
}

#[actix_web::test]
async fn sql_looking_strings_are_stored_verbatim() {
    let app = spawn_app().await;
    let evil = "Robert'); DROP TABLE users;--";
    let reply = app
        .call(
            "signup",
            json!({"email": "bobby@example.com", "password": PASSWORD, "firstName": evil, "lastName": "' OR 1=1 --"}),
            None,
        )
        .await;
    let token = reply.data()["token"].as_str().expect("token").to_string();
    let user = me(&app, &token).await;
    assert_eq!(user["firstName"], evil);
    assert_eq!(user["lastName"], "' OR 1=1 --");
    let reply = login(&app, "bobby@example.com' OR '1'='1", PASSWORD).await;
    assert_eq!(reply.error(401), WRONG_CREDENTIALS);
    assert_eq!(count(&app, "SELECT count(*) AS n FROM users"), 1);
}

#[actix_web::test]
async fn requesting_a_new_confirmation_code_retires_the_old_one() {
    let app = spawn_app().await;
    let token = signed_up(&app, "ada@example.com").await;
    let first = last_code(&app, "ada@example.com");
    let reply = app
        .call("requestEmailConfirmation", json!({}), Some(&token))
        .await;
    assert_eq!(reply.data(), &json!(true));
    let mails = app.mails_to("ada@example.com");
    assert_eq!(mails.len(), 2);
    let second = code_in(&mails[1]);
    if first != second {
        let old = app
            .call("confirmEmail", json!({"code": first}), Some(&token))
            .await;
        assert_eq!(old.error(400), WRONG_CODE);
    }
    let reply = app
        .call("confirmEmail", json!({"code": second}), Some(&token))
        .await;
    assert_eq!(reply.data()["status"], "confirmed");
}

#[actix_web::test]
async fn a_confirmed_account_cannot_request_another_confirmation_code() {
    let app = spawn_app().await;
    let user = app.create_user("done@example.com");
    let reply = app
        .call("requestEmailConfirmation", json!({}), Some(&user.token))
        .await;
    assert_eq!(reply.error(400), "Your email is already confirmed.");
    assert_eq!(reply.body["code"], "already_confirmed");
}

#[actix_web::test]
async fn at_most_five_codes_are_mailed_per_hour() {
    let app = spawn_app().await;
    let token = signed_up(&app, "ada@example.com").await;
    for _ in 0..4 {
        let reply = app
            .call("requestEmailConfirmation", json!({}), Some(&token))
            .await;
        reply.data();
    }
    let reply = app
        .call("requestEmailConfirmation", json!({}), Some(&token))
        .await;
    assert_eq!(reply.status, 429);
    assert_eq!(reply.body["code"], "too_many_attempts");
    assert_eq!(app.mails_to("ada@example.com").len(), 5);
    // Reset codes are counted separately, and past the limit the answer stays the same.
    for _ in 0..6 {
        let reply = app
            .call(
                "requestResetPassword",
                json!({"email": "ada@example.com"}),
                None,
            )
            .await;
        assert_eq!(reply.data(), &json!(true));
    }
    assert_eq!(app.mails_to("ada@example.com").len(), 10);
}

#[actix_web::test]
async fn a_wrong_code_is_refused_and_five_wrong_tries_use_the_code_up() {
    let app = spawn_app().await;
    let token = signed_up(&app, "ada@example.com").await;
    let code = last_code(&app, "ada@example.com");
    let wrong = other_code(&code);
    for _ in 0..5 {
        let reply = app
            .call("confirmEmail", json!({"code": wrong}), Some(&token))
            .await;
        assert_eq!(reply.error(400), WRONG_CODE);
        assert_eq!(reply.body["code"], "invalid_code");
    }
    let reply = app
        .call("confirmEmail", json!({"code": code}), Some(&token))
        .await;
    assert_eq!(
        reply.error(400),
        "This code was tried too many times. Please request a new one."
    );
    assert_eq!(reply.body["code"], "code_exhausted");
    assert_eq!(me(&app, &token).await["status"], "pendingconfirm");
    // A new code works.
    app.call("requestEmailConfirmation", json!({}), Some(&token))
        .await
        .data();
    let fresh = last_code(&app, "ada@example.com");
    let reply = app
        .call("confirmEmail", json!({"code": fresh}), Some(&token))
        .await;
    assert_eq!(reply.data()["status"], "confirmed");
}

#[actix_web::test]
async fn an_expired_code_is_refused() {
    let app = spawn_app().await;
    let token = signed_up(&app, "ada@example.com").await;
    let code = last_code(&app, "ada@example.com");
    diesel::sql_query("UPDATE one_time_codes SET expires_at = now() - interval '1 second'")
        .execute(&mut app.conn())
        .expect("expire the code");
    let reply = app
        .call("confirmEmail", json!({"code": code}), Some(&token))
        .await;
    assert_eq!(
        reply.error(400),
        "This code has expired. Please request a new one."
    );
    assert_eq!(reply.body["code"], "code_expired");
    assert_eq!(me(&app, &token).await["status"], "pendingconfirm");
}

// ---------------------------------------------------------------------------------------------
// Sign-in

#[actix_web::test]
async fn login_answers_a_token_and_records_the_sign_in() {
    let app = spawn_app().await;
    signed_up(&app, "ada@example.com").await;
    let reply = login(&app, " ADA@example.com", PASSWORD).await;
    let data = reply.data();
    let token = data["token"].as_str().expect("token");
    assert!(data["user"]["lastLogin"].as_i64().is_some());
    assert_eq!(me(&app, token).await["email"], "ada@example.com");
}

#[actix_web::test]
async fn a_wrong_password_and_an_unknown_email_get_the_same_401() {
    let app = spawn_app().await;
    signed_up(&app, "ada@example.com").await;
    for (email, password) in [
        ("ada@example.com", "wrongpass1"),
        ("nobody@example.com", PASSWORD),
        ("not an email", PASSWORD),
    ] {
        let reply = login(&app, email, password).await;
        assert_eq!(reply.error(401), WRONG_CREDENTIALS);
        assert_eq!(reply.body["code"], "wrong_credentials");
    }
}

#[actix_web::test]
async fn five_failed_logins_for_one_email_are_answered_429() {
    let app = spawn_app().await;
    signed_up(&app, "ada@example.com").await;
    signed_up(&app, "bob@example.com").await;
    for _ in 0..5 {
        let reply = login(&app, "ada@example.com", "wrongpass1").await;
        assert_eq!(reply.error(401), WRONG_CREDENTIALS);
    }
    // Even the right password is refused until the window passes.
    let reply = login(&app, "Ada@Example.com", PASSWORD).await;
    assert_eq!(reply.status, 429);
    assert_eq!(reply.body["code"], "too_many_attempts");
    assert!(reply.body["message"]
        .as_str()
        .is_some_and(|m| m.starts_with("Too many failed sign-in attempts")));
    // Another account from the same client still signs in.
    login(&app, "bob@example.com", PASSWORD).await.data();
}

#[actix_web::test]
async fn failed_logins_count_across_nodes() {
    let node_a = spawn_app().await;
    let node_b = node_a.spawn_peer().await;
    signed_up(&node_a, "ada@example.com").await;
    // Five failures spread over two nodes are five failures, not two and three.
    for i in 0..5 {
        let node = if i % 2 == 0 { &node_a } else { &node_b };
        let reply = login(node, "ada@example.com", "wrongpass1").await;
        assert_eq!(reply.error(401), WRONG_CREDENTIALS);
    }
    for node in [&node_a, &node_b] {
        let reply = login(node, "ada@example.com", PASSWORD).await;
        assert_eq!(reply.status, 429);
        assert_eq!(reply.body["code"], "too_many_attempts");
    }
}

#[actix_web::test]
async fn twenty_failed_logins_from_one_client_are_answered_429() {
    let app = spawn_app().await;
    signed_up(&app, "ada@example.com").await;
    for i in 0..20 {
        let reply = login(&app, &format!("guess{i}@example.com"), "wrongpass1").await;
        assert_eq!(reply.error(401), WRONG_CREDENTIALS);
    }
    let reply = login(&app, "ada@example.com", PASSWORD).await;
    assert_eq!(reply.status, 429);
    assert_eq!(reply.body["code"], "too_many_attempts");
}

#[actix_web::test]
async fn a_successful_login_clears_the_failures_of_that_email() {
    let app = spawn_app().await;
    signed_up(&app, "ada@example.com").await;
    for _ in 0..4 {
        login(&app, "ada@example.com", "wrongpass1")
            .await
            .error(401);
    }
    login(&app, "ada@example.com", PASSWORD).await.data();
    for _ in 0..4 {
        login(&app, "ada@example.com", "wrongpass1")
            .await
            .error(401);
    }
    login(&app, "ada@example.com", PASSWORD).await.data();
}

// ---------------------------------------------------------------------------------------------
// Tokens and `me`

#[actix_web::test]
async fn bad_tokens_are_401_on_me_and_on_signed_in_calls() {
    let app = spawn_app().await;
    let user = app.create_user("ada@example.com");
    let now = chrono::Utc::now().timestamp();
    let keys = Keys::new(&app.state.settings.jwt_secret, Duration::from_secs(60));
    let expired = keys
        .issue(user.id, SessionId::new(), now - 3600)
        .expect("token");
    let forged = Keys::new("some-other-secret-entirely", Duration::from_secs(3600))
        .issue(user.id, SessionId::new(), now)
        .expect("token");
    let tampered = format!("{}x", user.token);
    // Well signed and unexpired, but no sign-in opened its session.
    let unknown_session = keys.issue(user.id, SessionId::new(), now).expect("token");
    for token in [
        None,
        Some("garbage"),
        Some("a.b.c"),
        Some(expired.as_str()),
        Some(forged.as_str()),
        Some(tampered.as_str()),
        Some(unknown_session.as_str()),
    ] {
        let reply = app.get("/api/v1/me", token).await;
        assert_eq!(reply.error(401), NOT_AUTHENTICATED, "{token:?}");
        let reply = app
            .call("updateProfile", json!({"firstName": "Mallory"}), token)
            .await;
        assert_eq!(reply.error(401), NOT_AUTHENTICATED, "{token:?}");
        assert_eq!(reply.body["code"], "not_authenticated");
    }
    assert_eq!(me(&app, &user.token).await["firstName"], "Test");
}

#[actix_web::test]
async fn me_lists_the_users_stores_with_their_permissions() {
    let app = spawn_app().await;
    let ada = app.create_user("ada@example.com");
    let boss = app.create_user("boss@example.com");
    let own = add_store(&app, ada.id, "Ada's Bakery");
    let other = add_store(&app, boss.id, "Boss Bistro");
    let gone = add_store(&app, boss.id, "Old Job");
    let own_employee = add_employee(&app, own, ada.id, "ada@example.com", &[], false);
    let staff = add_employee(&app, other, ada.id, "ada@example.com", &["schedule"], false);
    add_employee(&app, gone, ada.id, "ada@example.com", &["employee"], true);

    let data = me(&app, &ada.token).await;
    assert_eq!(data["email"], "ada@example.com");
    assert_eq!(data["status"], "confirmed");
    let stores = data["stores"].as_array().expect("stores");
    assert_eq!(stores.len(), 2, "{stores:?}");
    let find = |id: StoreId| {
        stores
            .iter()
            .find(|s| s["id"] == json!(id))
            .expect("store listed")
    };
    let mine = find(own);
    assert_eq!(mine["name"], "Ada's Bakery");
    assert_eq!(mine["type"], "retail and consumer");
    assert_eq!(mine["logo"], "https://cdn.example.com/logo.png");
    assert_eq!(mine["timezoneReference"], "Europe/Berlin");
    assert_eq!(mine["isOwner"], true);
    assert_eq!(mine["permissions"], json!(["owner"]));
    assert_eq!(mine["employeeId"], json!(own_employee));
    assert_eq!(mine["deactive"], false);
    let theirs = find(other);
    assert_eq!(theirs["isOwner"], false);
    assert_eq!(theirs["permissions"], json!(["schedule"]));
    assert_eq!(theirs["employeeId"], json!(staff));
}

#[actix_web::test]
async fn the_openapi_document_describes_me_and_the_account_calls() {
    let app = spawn_app().await;
    let doc = app.get("/api/v1/openapi.json", None).await;
    let paths = &doc.body["paths"];
    assert!(paths["/api/v1/me"]["get"].is_object());
    for call in [
        "signup",
        "login",
        "requestEmailConfirmation",
        "confirmEmail",
        "requestResetPassword",
        "checkResetPasswordConfirmCode",
        "confirmResetPassword",
        "authenticatedResetPassword",
        "checkEmailExists",
        "updateProfile",
    ] {
        assert!(
            paths[format!("/api/v1/{call}")]["post"].is_object(),
            "{call}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Password reset and change

#[actix_web::test]
async fn a_password_is_reset_with_the_mailed_code() {
    let app = spawn_app().await;
    signed_up(&app, "ada@example.com").await;
    let reply = app
        .call(
            "requestResetPassword",
            json!({"email": "ADA@example.com "}),
            None,
        )
        .await;
    assert_eq!(reply.data(), &json!(true));
    let code = last_code(&app, "ada@example.com");
    assert!(app
        .mails_to("ada@example.com")
        .last()
        .is_some_and(|m| m.contains("Reset your Clockto password")));

    // Checking does not use the code up.
    for _ in 0..2 {
        let reply = app
            .call(
                "checkResetPasswordConfirmCode",
                json!({"email": "ada@example.com", "code": code}),
                None,
            )
            .await;
        assert_eq!(reply.data(), &json!(true));
    }
    let reply = app
        .call(
            "confirmResetPassword",
            json!({"email": "ada@example.com", "code": code, "newPassword": "brandnew42"}),
            None,
        )
        .await;
    assert_eq!(reply.data(), &json!(true));
    login(&app, "ada@example.com", "brandnew42").await.data();
    login(&app, "ada@example.com", PASSWORD).await.error(401);

    // The code is single-use.
    let reply = app
        .call(
            "confirmResetPassword",
            json!({"email": "ada@example.com", "code": code, "newPassword": "another42"}),
            None,
        )
        .await;
    assert_eq!(reply.error(400), WRONG_CODE);
    login(&app, "ada@example.com", "brandnew42").await.data();
}

#[actix_web::test]
async fn a_reset_for_an_unknown_email_answers_the_same_and_sends_nothing() {
    let app = spawn_app().await;
    let reply = app
        .call(
            "requestResetPassword",
            json!({"email": "ghost@example.com"}),
            None,
        )
        .await;
    assert_eq!(reply.data(), &json!(true));
    assert!(app.mails_to("ghost@example.com").is_empty());
    let reply = app
        .call(
            "checkResetPasswordConfirmCode",
            json!({"email": "ghost@example.com", "code": "1234"}),
            None,
        )
        .await;
    assert_eq!(reply.error(400), WRONG_CODE);
    let reply = app
        .call(
            "confirmResetPassword",
            json!({"email": "ghost@example.com", "code": "1234", "newPassword": "brandnew42"}),
            None,
        )
        .await;
    assert_eq!(reply.error(400), WRONG_CODE);
    let reply = app
        .call("requestResetPassword", json!({"email": "nope"}), None)
        .await;
    assert_eq!(reply.error(400), "Please enter a valid email address.");
}

#[actix_web::test]
async fn a_reset_with_a_weak_password_or_wrong_code_changes_nothing() {
    let app = spawn_app().await;
    signed_up(&app, "ada@example.com").await;
    app.call(
        "requestResetPassword",
        json!({"email": "ada@example.com"}),
        None,
    )
    .await
    .data();
    let code = last_code(&app, "ada@example.com");
    let reply = app
        .call(
            "confirmResetPassword",
            json!({"email": "ada@example.com", "code": code, "newPassword": "short1"}),
            None,
        )
        .await;
    assert_eq!(
        reply.error(400),
        "The password must be at least 8 characters long."
    );
    let reply = app
        .call(
            "checkResetPasswordConfirmCode",
            json!({"email": "ada@example.com", "code": other_code(&code)}),
            None,
        )
        .await;
    assert_eq!(reply.error(400), WRONG_CODE);
    let reply = app
        .call(
            "confirmResetPassword",
            json!({"email": "ada@example.com", "code": other_code(&code), "newPassword": "brandnew42"}),
            None,
        )
        .await;
    assert_eq!(reply.error(400), WRONG_CODE);
    login(&app, "ada@example.com", PASSWORD).await.data();
    // Two wrong tries so far; the right code still works.
    let reply = app
        .call(
            "confirmResetPassword",
            json!({"email": "ada@example.com", "code": code, "newPassword": "brandnew42"}),
            None,
        )
        .await;
    assert_eq!(reply.data(), &json!(true));
}

#[actix_web::test]
async fn a_signed_in_user_changes_the_password_given_the_old_one() {
    let app = spawn_app().await;
    let user = app.create_user("ada@example.com");
    let reply = app
        .call(
            "authenticatedResetPassword",
            json!({"oldPassword": "notmypass1", "newPassword": "brandnew42"}),
            Some(&user.token),
        )
        .await;
    assert_eq!(reply.error(400), "incorrect password");
    assert_eq!(reply.body["code"], "wrong_password");
    let reply = app
        .call(
            "authenticatedResetPassword",
            json!({"oldPassword": PASSWORD, "newPassword": "onlyletters"}),
            Some(&user.token),
        )
        .await;
    assert_eq!(
        reply.error(400),
        "The password must contain both letters and numbers."
    );
    let reply = app
        .call(
            "authenticatedResetPassword",
            json!({"oldPassword": PASSWORD, "newPassword": "brandnew42"}),
            Some(&user.token),
        )
        .await;
    assert_eq!(reply.data(), &json!(true));
    login(&app, "ada@example.com", "brandnew42").await.data();
    let reply = app
        .call(
            "authenticatedResetPassword",
            json!({"oldPassword": PASSWORD, "newPassword": "brandnew42"}),
            None,
        )
        .await;
    assert_eq!(reply.error(401), NOT_AUTHENTICATED);
}

#[actix_web::test]
async fn check_email_exists_tells_password_accounts_apart() {
    let app = spawn_app().await;
    signed_up(&app, "ada@example.com").await;
    let reply = app
        .call(
            "checkEmailExists",
            json!({"email": " Ada@Example.com"}),
            None,
        )
        .await;
    assert_eq!(reply.data(), &json!("password"));
    let reply = app
        .call(
            "checkEmailExists",
            json!({"email": "ghost@example.com"}),
            None,
        )
        .await;
    assert_eq!(reply.data(), &Value::Null);
    let reply = app
        .call("checkEmailExists", json!({"email": "ghost"}), None)
        .await;
    assert_eq!(reply.error(400), "Please enter a valid email address.");
}

// ---------------------------------------------------------------------------------------------
// Profile

#[actix_web::test]
async fn update_profile_sets_the_profile_and_mirrors_it_onto_employee_records() {
    let app = spawn_app().await;
    let ada = app.create_user("ada@example.com");
    let boss = app.create_user("boss@example.com");
    let store = add_store(&app, boss.id, "Boss Bistro");
    let employee = add_employee(&app, store, ada.id, "ada@example.com", &[], false);
    let birthday = 631_152_000_000_i64; // 1990-01-01
    let reply = app
        .call(
            "updateProfile",
            json!({
                "firstName": " Ada ",
                "lastName": "King",
                "profile": "/uploads/ada/me.webp",
                "birthday": birthday,
                "phoneNumber": "+44 20 7946 0018",
                "userId": ada.id,
            }),
            Some(&ada.token),
        )
        .await;
    let user = reply.data();
    assert_eq!(user["firstName"], "Ada");
    assert_eq!(user["lastName"], "King");
    assert_eq!(user["profileImage"], "/uploads/ada/me.webp");
    assert_eq!(user["birthday"], birthday);
    assert_eq!(user["phoneNumber"], "+44 20 7946 0018");
    assert_eq!(user["personalInformationStatus"], "set");
    let row = employee_row(&app, employee);
    assert_eq!(row.full_name, "Ada King");
    assert_eq!(row.img.as_deref(), Some("/uploads/ada/me.webp"));

    // Removing the image clears it here and on the employee record; the name stays.
    let reply = app
        .call(
            "updateProfile",
            json!({"removeProfile": true}),
            Some(&ada.token),
        )
        .await;
    assert_eq!(reply.data()["profileImage"], Value::Null);
    assert_eq!(reply.data()["personalInformationStatus"], "set");
    let row = employee_row(&app, employee);
    assert_eq!(row.full_name, "Ada King");
    assert_eq!(row.img, None);
}

#[actix_web::test]
async fn personal_information_stays_pending_without_a_birthday() {
    let app = spawn_app().await;
    let ada = app.create_user("ada@example.com");
    let reply = app
        .call(
            "updateProfile",
            json!({"firstName": "Ada", "lastName": "King"}),
            Some(&ada.token),
        )
        .await;
    assert_eq!(reply.data()["personalInformationStatus"], "pending");
}

#[actix_web::test]
async fn updating_someone_elses_profile_is_403_with_the_spec_text() {
    let app = spawn_app().await;
    let ada = app.create_user("ada@example.com");
    let eve = app.create_user("eve@example.com");
    for body in [
        json!({"firstName": "Hacked", "userId": ada.id}),
        json!({"firstName": "Hacked", "uid": ada.id}),
        json!({"firstName": "Hacked", "userId": "not-a-uuid"}),
    ] {
        let reply = app.call("updateProfile", body, Some(&eve.token)).await;
        assert_eq!(
            reply.error(403),
            "Trying to update someone else's display iamge and name"
        );
        assert_eq!(reply.body["code"], "not_own_profile");
    }
    assert_eq!(me(&app, &ada.token).await["firstName"], "Test");
    assert_eq!(me(&app, &eve.token).await["firstName"], "Test");
}

#[actix_web::test]
async fn invalid_profile_fields_are_400_and_change_nothing() {
    let app = spawn_app().await;
    let ada = app.create_user("ada@example.com");
    let future = chrono::Utc::now().timestamp_millis() + 86_400_000;
    let cases = [
        (json!({"firstName": " "}), "firstName is required."),
        (
            json!({"lastName": "x".repeat(101)}),
            "lastName must be at most 100 characters long.",
        ),
        (
            json!({"firstName": "New", "birthday": future}),
            "The birthday must be a date in the past.",
        ),
        (
            json!({"firstName": "New", "profile": "javascript:alert(1)"}),
            "The profile image must be a web address or an uploaded file.",
        ),
        (
            json!({"firstName": "New", "phoneNumber": "call me maybe"}),
            "Please enter a valid phone number.",
        ),
    ];
    for (body, message) in cases {
        let reply = app.call("updateProfile", body, Some(&ada.token)).await;
        assert_eq!(reply.error(400), message);
    }
    let user = me(&app, &ada.token).await;
    assert_eq!(user["firstName"], "Test");
    assert_eq!(user["birthday"], Value::Null);
}
