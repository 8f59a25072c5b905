//! A person's notification settings: read and changed through the calls, obeyed by the mail
//! and push queues (a kind turned off is not sent, a push in quiet hours waits), and the
//! one-click unsubscribe of a notification mail.

use crate::fixtures::push::{subscribe, until_nothing_pending, Browser, PushService};
use crate::fixtures::scene::{berlin, scene, Scene};
use crate::fixtures::stores::count;
use crate::fixtures::wait::{eventually, wait_ready};
use crate::fixtures::TestApp;
use backend::domain::ids::UserId;
use backend::domain::notification::NotificationKind;
use backend::domain::notification_settings::Channel;
use diesel::RunQueryDsl;
use serde_json::{json, Value};

async fn settings(s: &Scene, token: &str) -> Value {
    s.call("getNotificationSettings", token, json!({}))
        .await
        .data()
        .clone()
}

fn kind<'a>(view: &'a Value, name: &str) -> &'a Value {
    view["kinds"]
        .as_array()
        .expect("kinds")
        .iter()
        .find(|k| k["kind"] == name)
        .expect("the kind")
}

/// Turns off the mail and push of new shifts for the holder of `token`.
async fn turn_off_new_shifts(s: &Scene, token: &str) {
    s.call(
        "updateNotificationSettings",
        token,
        json!({ "kinds": { "newshift": { "mail": false, "push": false } } }),
    )
    .await
    .data();
}

/// Publishes a shift to Ana and one to Ben, which notifies each of a new shift.
async fn publish_to_both(s: &Scene) {
    let ana = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let ben = s
        .shift(Some(&s.ben_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    s.publish(&[&ana, &ben]).await.data();
}

#[actix_web::test]
async fn the_defaults_and_a_change_of_them() {
    let s = scene().await;
    let view = settings(&s, &s.ana.token).await;
    assert_eq!(view["kinds"].as_array().expect("kinds").len(), 9);
    assert_eq!(
        kind(&view, "newshift"),
        &json!({ "kind": "newshift", "mail": true, "push": true })
    );
    assert_eq!(
        kind(&view, "message"),
        &json!({ "kind": "message", "mail": false, "push": true })
    );
    assert_eq!(view["quietHours"], Value::Null);

    let changed = s
        .call(
            "updateNotificationSettings",
            &s.ana.token,
            json!({
                "kinds": { "newshift": { "mail": false, "push": true } },
                "quietHours": { "from": "22:00", "until": "7:00", "timeZone": "Europe/Berlin" }
            }),
        )
        .await;
    assert_eq!(changed.status, 200, "{:?}", changed.body);
    let view = settings(&s, &s.ana.token).await;
    assert_eq!(kind(&view, "newshift")["mail"], false);
    assert_eq!(
        kind(&view, "timeoff")["mail"],
        true,
        "other kinds keep theirs"
    );
    assert_eq!(
        view["quietHours"],
        json!({ "from": "22:00", "until": "07:00", "timeZone": "Europe/Berlin" })
    );
    // Ben's are his own.
    assert_eq!(
        kind(&settings(&s, &s.ben.token).await, "newshift")["mail"],
        true
    );

    for (body, said) in [
        (
            json!({ "kinds": { "gossip": { "mail": true, "push": true } } }),
            "gossip is not a kind of notification.",
        ),
        (
            json!({ "quietHours": { "from": "25:00", "until": "07:00", "timeZone": "Europe/Berlin" } }),
            "quietHours.from must be a time, HH:mm.",
        ),
        (
            json!({ "quietHours": { "from": "22:00", "until": "07:00", "timeZone": "Mars/Olympus" } }),
            "quietHours.timeZone must be a time zone name.",
        ),
    ] {
        let reply = s
            .call("updateNotificationSettings", &s.ana.token, body)
            .await;
        assert_eq!(reply.error(400), said);
    }
    let none = s.app.call("getNotificationSettings", json!({}), None).await;
    assert_eq!(none.status, 401);
}

#[actix_web::test]
async fn a_kind_turned_off_is_neither_mailed_nor_pushed() {
    let s = scene().await;
    let push = PushService::start();
    subscribe(&s, &s.ana.token, &Browser::new(), &push.endpoint("ana")).await;
    subscribe(&s, &s.ben.token, &Browser::new(), &push.endpoint("ben")).await;
    turn_off_new_shifts(&s, &s.ana.token).await;
    let ana_mails = s.app.mails_to("ana@example.com").len();
    publish_to_both(&s).await;
    // Ben's mail and push go out; Ana's, queued in the same commit, would have gone with them.
    eventually("Ben's mail", async || {
        s.app
            .mails_to("ben@example.com")
            .iter()
            .any(|m| m.contains("List-Unsubscribe"))
    })
    .await;
    until_nothing_pending(&s.app).await;
    let pushed: Vec<String> = push.received().into_iter().map(|r| r.path).collect();
    assert_eq!(pushed, ["POST /push/ben"]);
    assert_eq!(s.app.mails_to("ana@example.com").len(), ana_mails);
    // In the app it still comes.
    assert_eq!(
        count(
            &s.app,
            &format!(
                "SELECT 1 FROM notifications WHERE access_for = '{}' AND kind = 'newshift'",
                s.ana.id
            )
        ),
        1
    );
}

#[actix_web::test]
async fn a_push_in_quiet_hours_waits_for_them_to_end() {
    let s = scene().await;
    // Quiet from an hour ago to three hours on, in UTC.
    let now = s.app.clock.now();
    let wall = |t: chrono::DateTime<chrono::Utc>| t.format("%H:%M").to_string();
    s.call(
        "updateNotificationSettings",
        &s.ana.token,
        json!({ "quietHours": {
            "from": wall(now - chrono::Duration::hours(1)),
            "until": wall(now + chrono::Duration::hours(3)),
            "timeZone": "UTC"
        } }),
    )
    .await
    .data();
    // Both have a browser to push to (a reader with none is not queued a push at all).
    let push = PushService::start();
    subscribe(&s, &s.ana.token, &Browser::new(), &push.endpoint("ana")).await;
    subscribe(&s, &s.ben.token, &Browser::new(), &push.endpoint("ben")).await;
    publish_to_both(&s).await;
    // Ana's push waits till the end (a claimed one waits only for its short lease).
    let waiting = |who: &str| {
        format!(
            "SELECT 1 FROM notification_deliveries d JOIN notifications n ON n.id = d.notification_id \
             WHERE d.channel = 'push' AND n.access_for = '{who}' \
             AND d.next_attempt_at > now() + interval '2 hours'"
        )
    };
    assert_eq!(count(&s.app, &waiting(&s.ana.id.to_string())), 1);
    assert_eq!(count(&s.app, &waiting(&s.ben.id.to_string())), 0);
}

#[actix_web::test]
async fn a_mail_carries_its_footer_and_one_click_unsubscribe() {
    let s = scene().await;
    publish_to_both(&s).await;
    let mail = {
        let mut found = None;
        eventually("Ana's mail", async || {
            found = s
                .app
                .mails_to("ana@example.com")
                .into_iter()
                .find(|m| m.contains("List-Unsubscribe-Post"));
            found.is_some()
        })
        .await;
        found.expect("a mail")
    };
    let parsed = mail_parser::MessageParser::default()
        .parse(mail.as_bytes())
        .expect("a mail");
    assert_eq!(
        parsed.header_raw("List-Unsubscribe-Post").map(str::trim),
        Some("List-Unsubscribe=One-Click")
    );
    let header = parsed
        .header_raw("List-Unsubscribe")
        .expect("List-Unsubscribe")
        .trim();
    let link = header
        .trim_start_matches('<')
        .trim_end_matches('>')
        .to_string();
    let origin = s.app.state.settings.public_url.clone();
    assert!(
        link.starts_with(&format!("{origin}/api/v1/unsubscribe?t=")),
        "{link}"
    );
    let body = parsed.body_text(0).expect("text");
    assert!(body.contains(&format!("{origin}/settings?tab=notifications")));
    assert!(body.contains(&link));

    let path = link.trim_start_matches(&origin).to_string();
    // Opening the link asks first; nothing changes.
    let page = s.app.get(&path, None).await;
    assert_eq!(page.status, 200);
    assert!(page
        .body
        .as_str()
        .expect("html")
        .contains("<form method=\"post\""));
    assert_eq!(
        kind(&settings(&s, &s.ana.token).await, "newshift")["mail"],
        true
    );
    // One click (RFC 8058) turns the kind's mail off, and only its mail.
    let mut res = s
        .app
        .client
        .post(format!("{}{path}", s.app.address))
        .insert_header(("content-type", "application/x-www-form-urlencoded"))
        .send_body("List-Unsubscribe=One-Click")
        .await
        .expect("post");
    assert_eq!(res.status().as_u16(), 200);
    drop(res.body().await);
    let view = settings(&s, &s.ana.token).await;
    assert_eq!(
        kind(&view, "newshift"),
        &json!({ "kind": "newshift", "mail": false, "push": true })
    );
    assert_eq!(kind(&view, "timeoff")["mail"], true);
    // A forged or altered link changes nothing.
    let forged = format!("{path}x");
    let mut res = s
        .app
        .client
        .post(format!("{}{forged}", s.app.address))
        .send_body("List-Unsubscribe=One-Click")
        .await
        .expect("post");
    assert_eq!(res.status().as_u16(), 404);
    drop(res.body().await);
    assert_eq!(
        s.app.get("/api/v1/unsubscribe?t=abc", None).await.status,
        404
    );
}

/// Whether `app`'s commits would mail `user` a new shift, as the settings they keep say.
fn mails_new_shifts(app: &TestApp, user: UserId) -> bool {
    let kept = app.state.stores.reader_settings();
    let settings = kept.of(&mut app.conn(), &[user]).expect("the settings");
    settings[&user].allows(NotificationKind::NewShift, Channel::Mail)
}

#[actix_web::test]
async fn a_change_on_one_node_reaches_what_the_commits_of_another_keep() {
    let s = scene().await;
    let peer = s.app.spawn_peer().await;
    // Listening: a node forgets what it kept when its listen connection comes up.
    for app in [&s.app, &peer] {
        wait_ready(&app.client, &app.address, 200, "ready").await;
    }
    let ana = s.ana.id;
    assert!(mails_new_shifts(&peer, ana), "the defaults, now kept");
    // Written behind the nodes' backs, unannounced: the peer goes on with what it keeps.
    diesel::sql_query(format!(
        "INSERT INTO notification_settings (user_id, ways, updated_at) \
         VALUES ('{ana}', '{{\"newshift\": {{\"mail\": false, \"push\": true}}}}', now())"
    ))
    .execute(&mut s.app.conn())
    .expect("a row");
    assert!(mails_new_shifts(&peer, ana), "kept, not read again");
    // Changed through the first node: the peer hears of it and reads Ana's settings again.
    turn_off_new_shifts(&s, &s.ana.token).await;
    eventually("the peer to forget Ana's settings", async || {
        !mails_new_shifts(&peer, ana)
    })
    .await;
    assert!(
        !mails_new_shifts(&s.app, ana),
        "the first node forgot at once"
    );
    // A commit on the peer then queues no mail for her.
    let ana_mails = s.app.mails_to("ana@example.com").len();
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let published = peer
        .call(
            "publishShifts",
            json!({ "storeId": s.store, "shifts": [shift["id"]] }),
            Some(&s.scheduler.token),
        )
        .await;
    assert_eq!(published.status, 200, "{:?}", published.body);
    until_nothing_pending(&s.app).await;
    assert_eq!(s.app.mails_to("ana@example.com").len(), ana_mails);
    assert_eq!(
        count(
            &s.app,
            &format!(
                "SELECT 1 FROM notifications WHERE access_for = '{ana}' AND kind = 'newshift'"
            )
        ),
        1,
        "in the app it still comes"
    );
}
