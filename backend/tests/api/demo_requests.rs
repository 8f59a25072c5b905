//! Demo requests (`userSubmission`, public): every field checked with a clear text, a
//! 15-minute slot on a quarter hour between now and 60 days ahead that no one else holds, the
//! spam trap that stores nothing, the limits per e-mail address and per client address, and
//! the mail to the sales team, which waits in the database until it goes.

use crate::fixtures::demo::{quarter_after, request, sales_mails, slot_at, with, SALES};
use crate::fixtures::stores::count;
use crate::fixtures::wait::{eventually, eventually_within};
use crate::fixtures::{spawn_app, spawn_app_with, TestApp};
use diesel::RunQueryDsl;
use serde_json::{json, Value};
use std::time::Duration;

const REQUESTS: &str = "SELECT 1 FROM demo_requests";

/// Requests whose mail went and no longer waits.
fn mailed(app: &TestApp) -> i64 {
    count(
        app,
        "SELECT 1 FROM demo_requests WHERE mail_due_at IS NULL AND mailed_at IS NOT NULL",
    )
}

#[actix_web::test]
async fn a_demo_request_takes_its_slot_and_answers_its_times() {
    let app = spawn_app().await;
    let slot = slot_at(&app, 2, 10, 15);
    let taken = app
        .call("userSubmission", request(slot, "dana@example.com"), None)
        .await;
    assert_eq!(
        taken.data(),
        &json!({ "slot": slot, "end": slot + 15 * 60_000 })
    );
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        name: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        email: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        phone: String,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        slot: i64,
        #[diesel(sql_type = diesel::sql_types::Bool)]
        queued: bool,
    }
    let row: Row = diesel::RunQueryDsl::get_result(
        diesel::sql_query(
            "SELECT name, email, phone, (extract(epoch FROM slot_start) * 1000)::int8 AS slot, \
             mail_due_at IS NOT NULL AS queued FROM demo_requests",
        ),
        &mut app.conn(),
    )
    .expect("the request");
    assert_eq!(
        (row.name.as_str(), row.email.as_str(), row.phone.as_str()),
        ("Dana Demo", "dana@example.com", "+49 30 1234567")
    );
    assert_eq!(row.slot, slot);
    // No sales address: the request is stored, and no mail waits for it.
    assert!(!row.queued);
    assert!(sales_mails(&app).is_empty());
}

#[actix_web::test]
async fn every_field_is_checked_with_a_clear_text() {
    let app = spawn_app().await;
    let slot = slot_at(&app, 2, 10, 0);
    let valid = request(slot, "dana@example.com");
    let long = "x".repeat(121);
    let cases: Vec<(Value, &str, &str, &str)> = vec![
        (
            with(valid.clone(), "name", Value::Null),
            "required",
            "name",
            "Name is required.",
        ),
        (
            with(valid.clone(), "name", json!("   ")),
            "required",
            "name",
            "Name is required.",
        ),
        (
            with(valid.clone(), "name", json!(long)),
            "invalid_input",
            "name",
            "Name must be at most 120 characters.",
        ),
        (
            with(valid.clone(), "email", Value::Null),
            "required",
            "email",
            "Email is required.",
        ),
        (
            with(valid.clone(), "email", json!("dana.example.com")),
            "invalid_email",
            "email",
            "Invalid email address.",
        ),
        (
            with(valid.clone(), "phonenumber", json!("")),
            "required",
            "phonenumber",
            "Phone is required.",
        ),
        (
            with(valid.clone(), "phonenumber", json!("call me maybe")),
            "invalid_phone",
            "phonenumber",
            "Please enter a valid mobile number.",
        ),
        (
            with(valid.clone(), "category", Value::Null),
            "required",
            "category",
            "Category is required.",
        ),
        (
            with(valid.clone(), "category", json!("sales")),
            "invalid_category",
            "category",
            "Only demo requests are taken: category must be 'demo'.",
        ),
        (
            with(valid.clone(), "slot", Value::Null),
            "required",
            "slot",
            "Demo time is required.",
        ),
        (
            with(valid.clone(), "slot", json!(slot + 5 * 60_000)),
            "slot_not_quarter_hour",
            "slot",
            "A demo starts on the quarter hour (:00, :15, :30 or :45).",
        ),
        (
            with(valid.clone(), "slot", json!(slot + 1)),
            "slot_not_quarter_hour",
            "slot",
            "A demo starts on the quarter hour (:00, :15, :30 or :45).",
        ),
        (
            with(valid.clone(), "slot", json!(quarter_after(&app, 0))),
            "slot_past",
            "slot",
            "That demo time has passed; choose a later one.",
        ),
        (
            with(valid.clone(), "slot", json!(slot_at(&app, -1, 10, 0))),
            "slot_past",
            "slot",
            "That demo time has passed; choose a later one.",
        ),
        (
            with(valid.clone(), "slot", json!(slot_at(&app, 61, 10, 0))),
            "slot_too_far",
            "slot",
            "A demo can be booked at most 60 days ahead.",
        ),
        (
            with(valid.clone(), "slot", json!(9_000_000_000_000i64)),
            "invalid_input",
            "slot",
            "slot is out of range.",
        ),
    ];
    for (body, code, field, text) in cases {
        let refused = app.call("userSubmission", body.clone(), None).await;
        assert_eq!(refused.error(400), text, "{body}");
        assert_eq!(refused.body["code"], json!(code), "{body}");
        assert_eq!(refused.body["details"]["field"], json!(field), "{body}");
    }
    // A slot that is not a number is not a request at all.
    let garbled = app
        .call("userSubmission", with(valid, "slot", json!("soon")), None)
        .await;
    assert_eq!(garbled.status, 400);
    assert_eq!(count(&app, REQUESTS), 0);
}

#[actix_web::test]
async fn a_body_past_the_limit_is_refused_unread() {
    let app = spawn_app().await;
    let slot = slot_at(&app, 2, 10, 0);
    let huge = with(
        request(slot, "dana@example.com"),
        "name",
        json!("x".repeat(600 * 1024)),
    );
    let refused = app
        .call_raw(
            "userSubmission",
            serde_json::to_vec(&huge).expect("json"),
            None,
        )
        .await;
    assert_eq!(refused.status, 413);
    assert_eq!(refused.body["code"], json!("payload_too_large"));
    assert_eq!(count(&app, REQUESTS), 0);
}

#[actix_web::test]
async fn the_spam_trap_answers_as_accepted_and_keeps_nothing() {
    let app = spawn_app_with(|s| s.sales_email = Some(SALES.into())).await;
    let slot = slot_at(&app, 3, 9, 30);
    let robot = with(
        request(slot, "robot@example.com"),
        "website",
        json!("https://spam.example"),
    );
    let answer = app.call("userSubmission", robot, None).await;
    assert_eq!(
        answer.data(),
        &json!({ "slot": slot, "end": slot + 15 * 60_000 })
    );
    assert_eq!(count(&app, REQUESTS), 0);
    // The slot is still free for a person, whose mail is the only one the team gets.
    app.call("userSubmission", request(slot, "dana@example.com"), None)
        .await
        .data();
    eventually("the person's mail", async || sales_mails(&app).len() == 1).await;
    assert!(sales_mails(&app)[0].text.contains("dana@example.com"));
    // An empty trap is a person's.
    let blank = with(
        request(slot_at(&app, 3, 9, 45), "eve@example.com"),
        "website",
        json!(" "),
    );
    app.call("userSubmission", blank, None).await.data();
    assert_eq!(count(&app, REQUESTS), 2);
}

#[actix_web::test]
async fn a_slot_someone_else_asked_for_is_refused() {
    let app = spawn_app().await;
    let slot = slot_at(&app, 2, 14, 0);
    app.call("userSubmission", request(slot, "dana@example.com"), None)
        .await
        .data();
    let late = app
        .call("userSubmission", request(slot, "omar@example.com"), None)
        .await;
    assert_eq!(
        late.error(409),
        "That demo time was just taken; choose another."
    );
    assert_eq!(late.body["code"], json!("slot_taken"));
    assert_eq!(late.body["details"]["field"], json!("slot"));
    // The one who holds it asking again (in another case) keeps it: nothing new is stored.
    app.call("userSubmission", request(slot, "DANA@example.com"), None)
        .await
        .data();
    assert_eq!(count(&app, REQUESTS), 1);
    // The next quarter hour is free.
    app.call(
        "userSubmission",
        request(slot + 15 * 60_000, "omar@example.com"),
        None,
    )
    .await
    .data();
}

#[actix_web::test]
async fn two_people_racing_for_a_slot_get_one_answer_each() {
    let app = spawn_app().await;
    let slot = slot_at(&app, 4, 11, 0);
    let (a, b) = futures_util::future::join(
        app.call("userSubmission", request(slot, "a@example.com"), None),
        app.call("userSubmission", request(slot, "b@example.com"), None),
    )
    .await;
    let mut statuses = [a.status, b.status];
    statuses.sort();
    assert_eq!(statuses, [200, 409]);
    assert_eq!(count(&app, REQUESTS), 1);
}

#[actix_web::test]
async fn an_address_asks_for_three_demos_a_day() {
    let app = spawn_app().await;
    for minute in [0, 15, 30] {
        app.call(
            "userSubmission",
            request(slot_at(&app, 2, 9, minute), "dana@example.com"),
            None,
        )
        .await
        .data();
    }
    let fourth = app
        .call(
            "userSubmission",
            request(slot_at(&app, 2, 9, 45), "Dana@Example.com"),
            None,
        )
        .await;
    assert_eq!(
        fourth.error(429),
        "This e-mail address has asked for 3 demos today. We will be in touch; you can ask again tomorrow."
    );
    assert_eq!(fourth.body["code"], json!("too_many_demo_requests"));
    // Another address is not held back.
    app.call(
        "userSubmission",
        request(slot_at(&app, 2, 9, 45), "omar@example.com"),
        None,
    )
    .await
    .data();
    assert_eq!(count(&app, REQUESTS), 4);
}

#[actix_web::test]
async fn one_client_address_is_throttled() {
    // Requests take the reservations' allowance: a tenth of the rate, at least 3 a minute.
    let app = spawn_app_with(|s| s.public_rate_per_minute = 30).await;
    let mut statuses = Vec::new();
    for (i, minute) in [0, 15, 30, 45].into_iter().enumerate() {
        let email = format!("person{i}@example.com");
        let body = request(slot_at(&app, 5, 10, minute), &email);
        statuses.push(app.call("userSubmission", body, None).await);
    }
    assert_eq!(
        statuses.iter().map(|r| r.status).collect::<Vec<_>>(),
        [200, 200, 200, 429]
    );
    assert_eq!(
        statuses[3].error(429),
        "Too many requests. Please wait a minute and try again."
    );
    assert_eq!(count(&app, REQUESTS), 3);
}

#[actix_web::test]
async fn the_sales_team_is_mailed_the_requester_and_the_slot_in_utc() {
    let app = spawn_app_with(|s| s.sales_email = Some(SALES.into())).await;
    let slot = slot_at(&app, 3, 16, 45);
    app.call("userSubmission", request(slot, "dana@example.com"), None)
        .await
        .data();
    eventually("the sales mail", async || sales_mails(&app).len() == 1).await;
    let mail = &sales_mails(&app)[0];
    let start = chrono::DateTime::from_timestamp_millis(slot).expect("a time");
    let day = start.format("%A %-d %B %Y").to_string();
    assert_eq!(
        mail.subject,
        format!("Demo request: Dana Demo, {day} 16:45 UTC")
    );
    assert!(
        mail.text
            .contains(&format!("When:   {day}, 16:45-17:00 UTC (15 minutes)")),
        "{}",
        mail.text
    );
    assert!(
        mail.text.contains("E-mail: dana@example.com"),
        "{}",
        mail.text
    );
    assert!(
        mail.text.contains("Phone:  +49 30 1234567"),
        "{}",
        mail.text
    );
    // A reply goes to the person who asked.
    assert_eq!(mail.reply_to.as_deref(), Some("dana@example.com"));
    // Sent, so no longer queued (the row is settled just after the mail is handed over).
    eventually("the mail settled", async || mailed(&app) == 1).await;
    assert_eq!(sales_mails(&app).len(), 1);
}

#[actix_web::test]
async fn a_mail_that_could_not_go_waits_for_another_server_process() {
    // This node's mail server does not answer: the mail stays queued in the database.
    // It tries again only after an hour, so the mail is the other node's to send.
    let app = spawn_app_with(|s| {
        s.sales_email = Some(SALES.into());
        s.smtp_url = Some("smtp://127.0.0.1:9".into());
        s.delivery_retry.first = Duration::from_secs(3600);
    })
    .await;
    let slot = slot_at(&app, 2, 13, 30);
    app.call("userSubmission", request(slot, "dana@example.com"), None)
        .await
        .data();
    eventually("a failed attempt", async || {
        count(
            &app,
            // Settled: put off by the hour of its retry, not only leased.
            "SELECT 1 FROM demo_requests WHERE mail_attempts > 0 \
             AND mail_due_at > now() + interval '30 minutes'",
        ) == 1
    })
    .await;
    // A node that can mail, started afterwards, sends it once it is due again, as it would be
    // an hour later. This node's own sender may take it first and put it off again (its loop
    // looks at least every half minute), so each look makes it due again and runs the other
    // node's sender rather than wait for its loop.
    let peer = app
        .spawn_peer_with(|s| s.sales_email = Some(SALES.into()))
        .await;
    eventually_within(
        Duration::from_secs(20),
        "the mail from the other node",
        async || {
            if sales_mails(&peer).is_empty() {
                diesel::sql_query(
                    "UPDATE demo_requests SET mail_due_at = now() WHERE mailed_at IS NULL",
                )
                .execute(&mut app.conn())
                .expect("due now");
                backend::jobs::demo_mail::run_once(&peer.state.db, &peer.state.mailer, SALES)
                    .await
                    .expect("the other node's sender");
            }
            sales_mails(&peer).len() == 1
        },
    )
    .await;
    assert!(sales_mails(&peer)[0].text.contains("dana@example.com"));
    eventually("the mail settled", async || mailed(&app) == 1).await;
}

#[actix_web::test]
async fn the_call_is_public_and_in_the_api_document() {
    let app = spawn_app().await;
    let document = app.get("/api/v1/openapi.json", None).await;
    let path = &document.body["paths"]["/api/v1/userSubmission"]["post"];
    assert!(path.is_object(), "userSubmission is not documented");
    assert!(path["security"].is_null(), "a public call needs no token");
    assert!(path["responses"]["401"].is_null());
    let schema = &document.body["components"]["schemas"]["UserSubmission"]["properties"];
    for field in [
        "name",
        "email",
        "phonenumber",
        "category",
        "slot",
        "website",
    ] {
        assert!(schema[field].is_object(), "{field} is not documented");
    }
    // A signed-in caller may ask too.
    let user = app.create_user("owner@example.com");
    app.call(
        "userSubmission",
        request(slot_at(&app, 2, 12, 0), "owner@example.com"),
        Some(&user.token),
    )
    .await
    .data();
}
