//! Web Push end to end: a browser (a key pair and an auth secret made here) subscribes, a
//! push service (a real HTTP server on loopback) receives what the server sends, and the test
//! checks the VAPID signature and decrypts the message as the browser would.

use crate::fixtures::push::{subscribe, until_nothing_pending, Browser, PushService};
use crate::fixtures::scene::{berlin, scene, Scene};
use crate::fixtures::stores::{
    count, create_store, NOT_AUTHENTICATED, NO_ACTIVE_STORE, NO_EMPLOYEE_DOCUMENT,
};
use crate::fixtures::wait::{eventually, eventually_within};
use crate::fixtures::{spawn_app_with, TestApp};
use backend::db::models::notification_delivery::{Channel, Channels, Delivery};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use serde_json::{json, Value};
use std::time::Duration;

fn subscriptions(app: &TestApp) -> Vec<(String, String)> {
    use backend::db::schema::{push_subscriptions, users};
    use diesel::{QueryDsl, RunQueryDsl};
    push_subscriptions::table
        .inner_join(users::table)
        .select((users::email, push_subscriptions::endpoint))
        .order(push_subscriptions::created_at)
        .load(&mut app.conn())
        .expect("subscriptions")
}

async fn newest_private(s: &Scene, token: &str) -> Value {
    s.app
        .get(
            &format!("/api/v1/stores/{}/notifications", s.store),
            Some(token),
        )
        .await
        .data()["private"][0]
        .clone()
}

/// Publishes a new shift of Ana's, which notifies her.
async fn publish_for_ana(s: &Scene, days: i64) {
    let shift = s
        .shift(Some(&s.ana_id), berlin(days, 9, 0), berlin(days, 17, 0))
        .await;
    s.publish(&[&shift]).await.data();
}

#[actix_web::test]
async fn a_new_shift_reaches_the_assignees_browser_encrypted_and_signed() {
    let s = scene().await;
    let push = PushService::start();
    let key = s
        .app
        .call("getPublicVapidKey", json!({}), Some(&s.ana.token))
        .await
        .data()["publicKey"]
        .as_str()
        .expect("key")
        .to_string();
    let raw_key = URL_SAFE_NO_PAD.decode(&key).expect("base64url");
    assert_eq!(raw_key.len(), 65);
    assert_eq!(raw_key[0], 4, "an uncompressed point");

    let ana = Browser::new();
    let ben = Browser::new();
    subscribe(&s, &s.ana.token, &ana, &push.endpoint("ana")).await;
    subscribe(&s, &s.ben.token, &ben, &push.endpoint("ben")).await;

    publish_for_ana(&s, 3).await;
    let got = push.wait_for(1).await;
    let notification = newest_private(&s, &s.ana.token).await;
    assert_eq!(notification["type"], "newshift");

    let request = &got[0];
    assert_eq!(request.path, "POST /push/ana");
    assert_eq!(request.header("content-encoding"), Some("aes128gcm"));
    assert_eq!(request.header("ttl"), Some("86400"));

    // VAPID: a token signed with the key browsers subscribed with, for this push service.
    let authorization = request.header("authorization").expect("authorization");
    let (token, k) = authorization
        .strip_prefix("vapid t=")
        .and_then(|rest| rest.split_once(", k="))
        .expect("vapid t=<jwt>, k=<key>");
    assert_eq!(k, key);
    let decoding = jsonwebtoken::DecodingKey::from_ec_components(
        &URL_SAFE_NO_PAD.encode(&raw_key[1..33]),
        &URL_SAFE_NO_PAD.encode(&raw_key[33..]),
    )
    .expect("public key");
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::ES256);
    validation.set_audience(&[push.origin.as_str()]);
    let claims = jsonwebtoken::decode::<Value>(token, &decoding, &validation)
        .expect("the token verifies for the push service's origin")
        .claims;
    assert!(claims["sub"].as_str().expect("sub").starts_with("mailto:"));
    let exp = claims["exp"].as_i64().expect("exp");
    let now = chrono::Utc::now().timestamp();
    assert!(exp > now && exp <= now + 24 * 3600, "expiry within a day");

    // The body is the notification, readable only with the browser's keys.
    let message = ana.decrypt(&request.body);
    assert_eq!(
        message,
        json!({
            "title": notification["title"],
            "body": notification["content"],
            "tag": notification["id"],
            "url": "/notifications",
            "store": s.store,
        })
    );
    let err = web_push_native::decrypt(
        request.body.clone(),
        &ben.secret,
        &web_push_native::Auth::from(ben.auth),
    );
    assert!(err.is_err(), "another browser cannot read it");

    // Ben's browser heard nothing: the notification was Ana's.
    until_nothing_pending(&s.app).await;
    assert_eq!(push.received().len(), 1);
}

#[actix_web::test]
async fn a_subscription_the_push_service_calls_gone_is_forgotten() {
    let s = scene().await;
    let push = PushService::start();
    let ana = Browser::new();
    subscribe(&s, &s.ana.token, &ana, &push.endpoint("ana")).await;
    push.answer_with(410);

    publish_for_ana(&s, 3).await;
    push.wait_for(1).await;
    eventually("the subscription to be forgotten", async || {
        subscriptions(&s.app).is_empty()
    })
    .await;

    // The next notification has nowhere to go.
    push.answer_with(201);
    publish_for_ana(&s, 4).await;
    backend::jobs::push::run_once(&s.app.state.db, &s.app.state.pusher, &s.app.state.stores)
        .await
        .expect("push round");
    until_nothing_pending(&s.app).await;
    assert_eq!(push.received().len(), 1);
}

#[actix_web::test]
async fn each_notification_is_pushed_once_with_two_nodes() {
    let s = scene().await;
    let peer = s.app.spawn_peer().await;
    let push = PushService::start();
    let ana = Browser::new();
    subscribe(&s, &s.ana.token, &ana, &push.endpoint("ana")).await;

    // Both nodes push at once, besides the round the publish itself starts.
    publish_for_ana(&s, 3).await;
    let (a, b) = futures_util::join!(
        backend::jobs::push::run_once(&s.app.state.db, &s.app.state.pusher, &s.app.state.stores),
        backend::jobs::push::run_once(&peer.state.db, &peer.state.pusher, &peer.state.stores),
    );
    assert!(a.expect("node a") + b.expect("node b") <= 1);
    push.wait_for(1).await;
    until_nothing_pending(&s.app).await;
    // Give a stray second send the time to arrive, were there one. No event marks a send
    // that does not happen, and the other node's delivery loop, had it claimed the row too,
    // could still be sending now that the row is settled: only time can tell.
    actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(push.received().len(), 1);
}

#[actix_web::test]
async fn a_push_claim_is_held_up_neither_by_a_mail_claim_nor_by_the_reader() {
    use backend::db::models::notification::Notification;
    use diesel::{Connection, RunQueryDsl};
    let s = scene().await;
    // Ana has a browser to push to (a reader with none is not queued a push at all).
    let service = PushService::start();
    subscribe(&s, &s.ana.token, &Browser::new(), &service.endpoint("ana")).await;
    publish_for_ana(&s, 3).await;
    until_nothing_pending(&s.app).await;
    // And the mail the publish queued has gone, so no sender is still at work.
    eventually("the mail queue to empty", async || {
        Delivery::waiting(&mut s.app.conn(), Channel::Mail).expect("count") == 0
    })
    .await;
    let note: Notification = {
        use backend::db::schema::notifications;
        use diesel::{ExpressionMethods, QueryDsl, SelectableHelper};
        notifications::table
            .filter(notifications::kind.eq("newshift"))
            .select(Notification::as_select())
            .first(&mut s.app.conn())
            .expect("the new shift's notification")
    };
    // Queue it again on both channels.
    Delivery::queue(
        &mut s.app.conn(),
        &note,
        Channels {
            mail: true,
            push: true,
            ..Channels::default()
        },
    )
    .expect("queue");

    // The server's own mail and push rounds run beside this test (a wake left by the publish
    // may still be pending), so either may take a row first: what must hold is that no claim,
    // theirs or the test's, waits on the locks below, and that each row is claimed once.
    //
    // The reader marks it seen and a mail claim takes it, both still uncommitted...
    let mut busy = s.app.conn();
    diesel::sql_query("BEGIN")
        .execute(&mut busy)
        .expect("begin");
    diesel::sql_query("UPDATE notifications SET seen = true")
        .execute(&mut busy)
        .expect("seen");
    assert!(
        Delivery::claim(&mut busy, Channel::Mail, 50)
            .expect("mail claim")
            .len()
            <= 1
    );
    // ...and a push claim on another connection goes ahead at once.
    let url = s.app.db_url.clone();
    let push = std::thread::spawn(move || {
        let mut conn = diesel::PgConnection::establish(&url).expect("connect");
        conn.transaction(|c| Delivery::claim(c, Channel::Push, 50))
            .expect("push claim")
    });
    eventually_within(
        Duration::from_secs(5),
        "the push claim to go ahead",
        async || push.is_finished(),
    )
    .await;
    let claimed = push.join().expect("push claim thread");
    match claimed.as_slice() {
        [one] => {
            assert_eq!(one.notification.id, note.id);
            assert_eq!(one.attempt, 1);
        }
        [] => {} // the server's push round had it first
        more => panic!("{} rows claimed for one notification", more.len()),
    }
    // A second claimer finds nothing: each notification goes out once per channel.
    assert!(Delivery::claim(&mut s.app.conn(), Channel::Push, 50)
        .expect("claim")
        .is_empty());
    diesel::sql_query("COMMIT")
        .execute(&mut busy)
        .expect("commit");
    // Claimed once: the test's claim stays queued under lease until settled, and nobody else
    // takes it meanwhile; the server's own claim is leased or already settled (gone).
    let attempts = push_attempts(&s.app, note.id);
    if claimed.is_empty() {
        assert!(attempts.iter().all(|&a| a == 1), "{attempts:?}");
    } else {
        assert_eq!(attempts, [1]);
    }
    assert!(Delivery::claim(&mut s.app.conn(), Channel::Push, 50)
        .expect("claim")
        .is_empty());
    assert!(Delivery::claim(&mut s.app.conn(), Channel::Mail, 50)
        .expect("claim")
        .is_empty());
}

/// How many times each push row of `note` still queued was claimed.
fn push_attempts(app: &TestApp, note: backend::domain::ids::NotificationId) -> Vec<i32> {
    use backend::db::schema::notification_deliveries as d;
    use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
    d::table
        .filter(d::channel.eq(Channel::Push.as_str()))
        .filter(d::notification_id.eq(note))
        .select(d::attempts)
        .load(&mut app.conn())
        .expect("push rows")
}

#[actix_web::test]
async fn a_push_the_service_cannot_take_now_is_sent_again_and_delivered_once() {
    let s = scene().await;
    let push = PushService::start();
    let ana = Browser::new();
    subscribe(&s, &s.ana.token, &ana, &push.endpoint("ana")).await;
    push.answer_first_with(&[503]);

    publish_for_ana(&s, 3).await;
    push.wait_for(2).await;
    // This node's one delivery loop settles a row only once its send was answered, so with
    // nothing pending, claimed or not, no further send is under way: the count is final.
    until_nothing_pending(&s.app).await;
    let got = push.received();
    assert_eq!(
        got.len(),
        2,
        "refused once for now, then accepted, and no more"
    );
    let notification = newest_private(&s, &s.ana.token).await;
    for request in &got {
        assert_eq!(request.path, "POST /push/ana");
        assert_eq!(ana.decrypt(&request.body)["tag"], notification["id"]);
    }
    assert_eq!(subscriptions(&s.app).len(), 1, "the subscription is kept");
}

#[actix_web::test]
async fn a_retry_goes_only_to_the_browsers_still_waiting() {
    let s = scene().await;
    let (busy, fine, refusing) = (
        PushService::start(),
        PushService::start(),
        PushService::start(),
    );
    busy.answer_first_with(&[429, 502]);
    refusing.answer_with(400);
    let browsers = [Browser::new(), Browser::new(), Browser::new()];
    subscribe(&s, &s.ana.token, &browsers[0], &busy.endpoint("a")).await;
    subscribe(&s, &s.ana.token, &browsers[1], &fine.endpoint("b")).await;
    subscribe(&s, &s.ana.token, &browsers[2], &refusing.endpoint("c")).await;

    publish_for_ana(&s, 3).await;
    busy.wait_for(3).await;
    // Nothing pending, claimed or not: no send is under way, and the counts are final.
    until_nothing_pending(&s.app).await;
    assert_eq!(busy.received().len(), 3, "429 and 502 are tried again");
    assert_eq!(
        fine.received().len(),
        1,
        "an accepted push is not sent again"
    );
    assert_eq!(refusing.received().len(), 1, "a 400 is not tried again");
    assert_eq!(subscriptions(&s.app).len(), 3, "none is gone");
}

#[actix_web::test]
async fn bad_subscriptions_get_a_400_and_change_nothing() {
    let s = scene().await;
    let push = PushService::start();
    let browser = Browser::new();
    let good = browser.subscription(&push.endpoint("x"));
    let with = |path: &str, value: Value| {
        let mut v = good.clone();
        match path {
            "endpoint" => v["endpoint"] = value,
            key => v["keys"][key] = value,
        }
        v.to_string()
    };
    let cases: Vec<(Value, &str)> = vec![
        (Value::Null, "A push subscription is required."),
        (json!("{\"endpoint\": "), "The push subscription must be a PushSubscription in JSON: {endpoint, keys: {p256dh, auth}}."),
        (json!({ "endpoint": push.endpoint("x") }), "The push subscription must be a PushSubscription in JSON: {endpoint, keys: {p256dh, auth}}."),
        (json!(with("endpoint", json!("ftp://push.example.com/x"))), "The push endpoint is not a valid URL."),
        (json!(with("endpoint", json!(format!("https://push.example.com/{}", "a".repeat(2048))))), "The push endpoint must be at most 2048 characters."),
        (json!(with("p256dh", json!("BAAA"))), "The subscription's p256dh key is not a P-256 public key (65 bytes, base64url)."),
        (json!(with("p256dh", json!(URL_SAFE_NO_PAD.encode([4u8; 65])))), "The subscription's p256dh key is not a P-256 public key (65 bytes, base64url)."),
        (json!(with("auth", json!(URL_SAFE_NO_PAD.encode([1u8; 8])))), "The subscription's auth secret must be 16 bytes in base64url."),
    ];
    for (subscription, message) in cases {
        let reply = s
            .call(
                "saveSubscription",
                &s.ana.token,
                json!({ "subscription": subscription }),
            )
            .await;
        assert_eq!(reply.error(400), message, "{subscription}");
    }
    assert!(subscriptions(&s.app).is_empty());

    // The object itself is accepted as well as its JSON text.
    s.call(
        "saveSubscription",
        &s.ana.token,
        json!({ "subscription": good }),
    )
    .await
    .data();
    assert_eq!(
        subscriptions(&s.app),
        vec![("ana@example.com".to_string(), push.endpoint("x"))]
    );
}

#[actix_web::test]
async fn only_signed_in_members_of_the_store_subscribe() {
    let s = scene().await;
    let push = PushService::start();
    let browser = Browser::new();
    let text = browser.subscription(&push.endpoint("x")).to_string();

    let anonymous = s.app.call("getPublicVapidKey", json!({}), None).await;
    assert_eq!(anonymous.error(401), NOT_AUTHENTICATED);
    let anonymous = s
        .app
        .call(
            "saveSubscription",
            json!({ "store": s.store, "subscription": text }),
            None,
        )
        .await;
    assert_eq!(anonymous.error(401), NOT_AUTHENTICATED);

    // Someone with a store of their own names this one: refused as every store call refuses.
    let stranger = s.app.create_user("stranger@example.com");
    create_store(&s.app, &stranger, "Elsewhere").await;
    let save = s
        .call(
            "saveSubscription",
            &stranger.token,
            json!({ "subscription": text }),
        )
        .await;
    let other_call = s
        .call(
            "markNotificationsSeen",
            &stranger.token,
            json!({ "notificationIds": [] }),
        )
        .await;
    assert_eq!(save.status, other_call.status);
    assert_eq!(save.error(403), NO_EMPLOYEE_DOCUMENT);
    let delete = s
        .call(
            "deleteSubscription",
            &stranger.token,
            json!({ "endpoint": push.endpoint("x") }),
        )
        .await;
    assert_eq!(delete.error(403), NO_EMPLOYEE_DOCUMENT);

    let nowhere = s
        .app
        .call(
            "saveSubscription",
            json!({ "store": uuid::Uuid::new_v4(), "subscription": text }),
            Some(&s.ana.token),
        )
        .await;
    assert_eq!(nowhere.error(404), NO_ACTIVE_STORE);
    assert!(subscriptions(&s.app).is_empty());
}

#[actix_web::test]
async fn a_browser_that_unsubscribes_or_changes_hands_stops_receiving() {
    let s = scene().await;
    let push = PushService::start();
    let browser = Browser::new();
    let endpoint = push.endpoint("shared");
    subscribe(&s, &s.ana.token, &browser, &endpoint).await;
    // Saving again keeps one row.
    subscribe(&s, &s.ana.token, &browser, &endpoint).await;
    assert_eq!(subscriptions(&s.app).len(), 1);

    // Ben signs in on the same browser and turns push on: Ana's notifications stop there.
    subscribe(&s, &s.ben.token, &browser, &endpoint).await;
    assert_eq!(
        subscriptions(&s.app),
        vec![("ben@example.com".to_string(), endpoint.clone())]
    );

    // Ana cannot remove Ben's; Ben can.
    let reply = s
        .call(
            "deleteSubscription",
            &s.ana.token,
            json!({ "endpoint": endpoint }),
        )
        .await;
    assert_eq!(reply.data()["deleted"], 0);
    let reply = s
        .call(
            "deleteSubscription",
            &s.ben.token,
            json!({ "endpoint": endpoint }),
        )
        .await;
    assert_eq!(reply.data()["deleted"], 1);
    assert!(subscriptions(&s.app).is_empty());
    let reply = s
        .call(
            "deleteSubscription",
            &s.ben.token,
            json!({ "endpoint": "" }),
        )
        .await;
    assert_eq!(reply.error(400), "endpoint is required.");
}

#[actix_web::test]
async fn without_push_allow_http_only_https_endpoints_on_public_hosts_are_taken() {
    let app = spawn_app_with(|settings| settings.push_allow_http = false).await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Café").await;
    let browser = Browser::new();
    for (endpoint, message) in [
        (
            "http://127.0.0.1:9/push/x",
            "The push endpoint must be an https URL.",
        ),
        (
            "https://127.0.0.1/push/x",
            "The push endpoint must not be on a local or private network.",
        ),
        (
            "https://localhost/push/x",
            "The push endpoint must not be on a local or private network.",
        ),
    ] {
        let reply = app
            .call(
                "saveSubscription",
                json!({ "store": store, "subscription": browser.subscription(endpoint).to_string() }),
                Some(&owner.token),
            )
            .await;
        assert_eq!(reply.error(400), message, "{endpoint}");
    }
    let reply = app
        .call(
            "saveSubscription",
            json!({ "store": store, "subscription": browser.subscription("https://fcm.googleapis.com/fcm/send/abc").to_string() }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(
        reply.data()["endpoint"],
        "https://fcm.googleapis.com/fcm/send/abc"
    );
}

/// Every subscription as (store, e-mail, endpoint), sorted.
fn subscriptions_by_store(app: &TestApp) -> Vec<(String, String, String)> {
    use backend::db::schema::{push_subscriptions, users};
    use backend::domain::ids::StoreId;
    use diesel::{QueryDsl, RunQueryDsl};
    let mut rows: Vec<(String, String, String)> = push_subscriptions::table
        .inner_join(users::table)
        .select((
            push_subscriptions::store_id,
            users::email,
            push_subscriptions::endpoint,
        ))
        .load::<(StoreId, String, String)>(&mut app.conn())
        .expect("subscriptions")
        .into_iter()
        .map(|(store, email, endpoint)| (store.to_string(), email, endpoint))
        .collect();
    rows.sort();
    rows
}

/// `saveSubscription` of a new browser at `endpoint`, in `store`.
async fn save_in(app: &TestApp, store: &str, token: &str, endpoint: &str) -> Value {
    let text = Browser::new().subscription(endpoint).to_string();
    let body = json!({ "storeId": store, "subscription": text });
    app.call("saveSubscription", body, Some(token))
        .await
        .data()
        .clone()
}

/// `deleteSubscription` of `endpoint` in `store`.
async fn delete_in(app: &TestApp, store: &str, token: &str, endpoint: &str) -> Value {
    let body = json!({ "storeId": store, "endpoint": endpoint });
    app.call("deleteSubscription", body, Some(token))
        .await
        .data()
        .clone()
}

/// The store's version and the number of store events.
fn schedule_version(app: &TestApp, store: &str) -> (i64, i64) {
    use backend::db::schema::stores;
    use diesel::{QueryDsl, RunQueryDsl};
    let version = stores::table
        .find(
            store
                .parse::<backend::domain::ids::StoreId>()
                .expect("store id"),
        )
        .select(stores::version)
        .first(&mut app.conn())
        .expect("store version");
    (version, count(app, "SELECT 1 FROM store_events"))
}

#[actix_web::test]
async fn subscriptions_are_saved_and_deleted_per_store_and_only_the_callers() {
    let s = scene().await;
    let push = PushService::start();
    let app = &s.app;
    let (here, there) = (
        s.store.clone(),
        create_store(app, &s.owner, "Other Café").await,
    );
    let (owner, ana) = (&s.owner.token, &s.ana.token);
    let row = |store: &str, email: &str, endpoint: &str| {
        (store.to_string(), email.to_string(), endpoint.to_string())
    };
    let sorted = |mut rows: Vec<(String, String, String)>| {
        rows.sort();
        rows
    };
    let (laptop, phone) = (push.endpoint("laptop"), push.endpoint("phone"));
    let before = schedule_version(app, &here);

    // The owner's laptop in both stores, Ana's phone in this one.
    assert_eq!(
        save_in(app, &here, owner, &laptop).await,
        json!({ "endpoint": laptop })
    );
    save_in(app, &there, owner, &laptop).await;
    save_in(app, &here, ana, &phone).await;
    let all = sorted(vec![
        row(&here, "owner@example.com", &laptop),
        row(&there, "owner@example.com", &laptop),
        row(&here, "ana@example.com", &phone),
    ]);
    assert_eq!(subscriptions_by_store(app), all);

    // Ana cannot delete the owner's laptop, nor the owner her phone.
    assert_eq!(
        delete_in(app, &here, ana, &laptop).await,
        json!({ "deleted": 0 })
    );
    assert_eq!(
        delete_in(app, &here, owner, &phone).await,
        json!({ "deleted": 0 })
    );
    assert_eq!(subscriptions_by_store(app), all);
    // Deleting the laptop here keeps it there.
    assert_eq!(
        delete_in(app, &here, owner, &laptop).await,
        json!({ "deleted": 1 })
    );
    let left = sorted(vec![
        row(&there, "owner@example.com", &laptop),
        row(&here, "ana@example.com", &phone),
    ]);
    assert_eq!(subscriptions_by_store(app), left);

    // Eleven more browsers of the owner here: the ten newest stay, and the other store's.
    let browser = |n: usize| push.endpoint(&format!("b{n:02}"));
    for n in 0..11 {
        save_in(app, &here, owner, &browser(n)).await;
    }
    let mut expected = left.clone();
    expected.extend((1..11).map(|n| row(&here, "owner@example.com", &browser(n))));
    let expected = sorted(expected);
    assert_eq!(subscriptions_by_store(app), expected);

    // Forgetting subscriptions through one store's actor leaves another store's alone.
    let phone_row: uuid::Uuid = {
        use backend::db::schema::push_subscriptions;
        use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
        push_subscriptions::table
            .filter(push_subscriptions::endpoint.eq(&phone))
            .select(push_subscriptions::id)
            .first(&mut app.conn())
            .expect("Ana's phone")
    };
    let there_id: backend::domain::ids::StoreId = there.parse().expect("store id");
    let forget = backend::store::push::ForgetGone {
        store: there_id,
        ids: vec![phone_row],
    };
    app.state
        .stores
        .execute::<()>(there_id, forget)
        .await
        .expect("forget");
    assert_eq!(subscriptions_by_store(app), expected);

    // None of it changes the schedule: no new version, no event.
    assert_eq!(schedule_version(app, &here), before);
}

/// Makes every queued push due now (a chat message's push waits a few seconds first).
fn make_pushes_due(app: &TestApp) {
    use diesel::RunQueryDsl;
    diesel::sql_query(
        "UPDATE notification_deliveries SET next_attempt_at = now() \
         WHERE channel = 'push' AND attempts = 0",
    )
    .execute(&mut app.conn())
    .expect("due");
}

async fn push_round(s: &Scene) {
    make_pushes_due(&s.app);
    backend::jobs::push::run_once(&s.app.state.db, &s.app.state.pusher, &s.app.state.stores)
        .await
        .expect("push round");
    until_nothing_pending(&s.app).await;
}

/// The scene with Ben's browser subscribed to a push service, and the team conversation.
async fn ben_in_the_team_chat() -> (Scene, PushService, Browser, Value) {
    let s = scene().await;
    let push = PushService::start();
    let ben = Browser::new();
    subscribe(&s, &s.ben.token, &ben, &push.endpoint("ben")).await;
    let conversations = s
        .app
        .get(
            &format!("/api/v1/stores/{}/conversations", s.store),
            Some(&s.ben.token),
        )
        .await;
    let team = conversations.data()[0]["id"].clone();
    (s, push, ben, team)
}

#[actix_web::test]
async fn chat_messages_are_pushed_unless_read_in_time_and_mentions_always() {
    let (s, push, ben, team) = ben_in_the_team_chat().await;
    let say = |text: String| {
        let body = json!({ "conversationId": team, "content": text });
        async { s.call("sendMessage", &s.ana.token, body).await.data()["seq"].clone() }
    };

    // Ben reads the message before its push goes out (he had the conversation open): no push.
    let seq = say("are you in?".into()).await;
    s.call(
        "markConversationSeen",
        &s.ben.token,
        json!({ "conversationId": team, "seq": seq }),
    )
    .await
    .data();
    push_round(&s).await;
    assert!(push.received().is_empty());

    // He does not read the next one: it is pushed, and the one after it is not (grouped).
    say("the delivery is here".into()).await;
    say("and the milk".into()).await;
    push_round(&s).await;
    let got = push.wait_for(1).await;
    let message = ben.decrypt(&got[0].body);
    assert_eq!(message["body"], "the delivery is here", "{message}");

    // A mention is pushed at once, unread messages or not.
    let name: String = {
        use backend::db::schema::employees;
        use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
        let id: uuid::Uuid = s.ben_id.parse().expect("uuid");
        employees::table
            .filter(employees::id.eq(id))
            .select(employees::full_name)
            .first(&mut s.app.conn())
            .expect("name")
    };
    say(format!("@{name} please sign for it")).await;
    let got = push.wait_for(2).await;
    let mention = ben.decrypt(&got[1].body);
    assert!(
        mention["title"]
            .as_str()
            .expect("title")
            .contains("mentioned you"),
        "{mention}"
    );
    assert_eq!(push.received().len(), 2);
}

#[actix_web::test]
async fn a_held_push_goes_out_on_its_own_once_its_hold_ends() {
    let (s, push, ben, team) = ben_in_the_team_chat().await;

    // No round is run by hand: the server's own push loop, woken by the commit, finds the
    // message's push not due yet, sleeps until it is and sends it.
    let sent = std::time::Instant::now();
    let body = json!({ "conversationId": team, "content": "is anyone in?" });
    s.call("sendMessage", &s.ana.token, body).await.data();
    let hold = backend::domain::notification::MESSAGE_PUSH_HOLD;
    let got = push
        .wait_for_within(1, hold + Duration::from_secs(10))
        .await;
    assert!(sent.elapsed() >= hold, "pushed before its hold ended");
    assert_eq!(ben.decrypt(&got[0].body)["body"], "is anyone in?");
}
