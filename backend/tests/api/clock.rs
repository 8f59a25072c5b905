//! The time clock: clocking in and out with breaks, every refusal, the store's clock codes
//! and location proof, offline punches applied once, twenty simultaneous starts across two
//! nodes, proposed shifts, managers' edits and approvals, timesheets, and the missed mark.

use crate::fixtures::scene::{scene, Scene, HOUR};
use crate::fixtures::stores::create_store;
use crate::fixtures::{spawn_app, Reply, TestApp};
use backend::domain::clock as rules;
use backend::jobs::schedule::tick;
use chrono::{Duration, Utc};
use serde_json::{json, Value};
use std::net::IpAddr;

const MIN: i64 = 60_000;

fn now_ms() -> i64 {
    Utc::now().timestamp_millis()
}

/// A published shift of `assignee` from `start` to `end` (ms from now).
async fn shift_of(s: &Scene, assignee: &str, start: i64, end: i64) -> Value {
    let now = now_ms();
    let shift = s.shift(Some(assignee), now + start, now + end).await;
    assert!(shift["id"].is_string(), "shift created: {shift}");
    s.publish(&[&shift]).await.data();
    shift
}

async fn clock(s: &Scene, call: &str, token: &str, body: Value) -> Reply {
    let mut body = body;
    body["store"] = json!(s.store);
    s.app.call(call, body, Some(token)).await
}

async fn on(s: &Scene, call: &str, token: &str, shift: &Value) -> Reply {
    clock(s, call, token, json!({ "shift": shift["id"] })).await
}

async fn board(s: &Scene, token: &str) -> Value {
    s.app
        .get(&format!("/api/v1/stores/{}/clock", s.store), Some(token))
        .await
        .data()
        .clone()
}

async fn settings(s: &Scene, settings: Value) -> Reply {
    clock(
        s,
        "updateClockSettings",
        &s.owner.token,
        json!({ "settings": settings }),
    )
    .await
}

/// Authorises a clock device and answers the code it shows.
async fn device_code(s: &Scene) -> (String, String) {
    let code = clock(s, "requestBusinessIdentityCode", &s.owner.token, json!({})).await;
    let identity = code.data()["code"]
        .as_str()
        .expect("identity code")
        .to_string();
    let device = s
        .app
        .call(
            "authorizeBusinessClockInHashAccess",
            json!({ "code": identity }),
            None,
        )
        .await;
    assert_eq!(device.data()["store"]["id"], json!(s.store));
    let pass = device.data()["pass"].as_str().expect("pass").to_string();
    let shown = s
        .app
        .call("getClockCode", json!({ "pass": pass }), None)
        .await;
    (
        shown.data()["code"].as_str().expect("code").to_string(),
        pass,
    )
}

#[actix_web::test]
async fn an_employee_clocks_in_takes_breaks_and_clocks_out() {
    let s = scene().await;
    let shift = shift_of(&s, &s.ana_id, -10 * MIN, 4 * HOUR).await;

    // Only the assignee starts it.
    assert_eq!(
        on(&s, "startShift", &s.ben.token, &shift).await.error(404),
        "Shift not found."
    );
    let started = on(&s, "startShift", &s.ana.token, &shift).await;
    let data = started.data();
    assert_eq!(data["session"]["status"], "ip");
    assert_eq!(data["shift"]["progress"], "ip");
    assert_eq!(data["shift"]["status"], "confirmed");
    assert_eq!(data["session"]["source"], "phone");
    // Ten minutes late is recorded, not refused.
    let late = data["session"]["lateSeconds"].as_i64().expect("as set up");
    assert!((590..=700).contains(&late), "{late}");
    assert_eq!(
        on(&s, "startShift", &s.ana.token, &shift).await.error(409),
        "This shift was already started."
    );
    // The managers' board shows her working.
    let b = board(&s, &s.scheduler.token).await;
    assert_eq!(b["open"].as_array().expect("as set up").len(), 1);
    assert_eq!(b["shifts"][0]["attendance"], "working");
    // Ben's board shows nothing of Ana's.
    assert!(board(&s, &s.ben.token).await["open"]
        .as_array()
        .expect("as set up")
        .is_empty());

    assert_eq!(
        on(&s, "endBreak", &s.ana.token, &shift).await.error(409),
        "You aren't on a break."
    );
    let paused = on(&s, "startBreak", &s.ana.token, &shift).await;
    assert_eq!(paused.data()["session"]["status"], "p");
    assert_eq!(paused.data()["shift"]["progress"], "p");
    assert_eq!(
        on(&s, "startBreak", &s.ana.token, &shift).await.error(409),
        "You are already on a break."
    );
    let back = on(&s, "endBreak", &s.ana.token, &shift).await;
    assert_eq!(back.data()["session"]["status"], "ip");
    on(&s, "startBreak", &s.ana.token, &shift).await.data();

    // Completing during a break ends the break; leaving early is recorded.
    let done = on(&s, "completeShift", &s.ana.token, &shift).await;
    let data = done.data();
    assert_eq!(data["progress"], "c");
    assert_eq!(data["clockSession"]["status"], "c");
    let breaks = data["clockSession"]["breaks"]
        .as_array()
        .expect("as set up");
    assert_eq!(breaks.len(), 2);
    assert!(breaks.iter().all(|b| b["end"].is_i64()));
    assert!(
        data["clockSession"]["earlySeconds"]
            .as_i64()
            .expect("as set up")
            > 3 * 3600
    );
    assert_eq!(
        on(&s, "completeShift", &s.ana.token, &shift)
            .await
            .error(400),
        "You aren't on the clock for this shift."
    );
    assert_eq!(
        board(&s, &s.scheduler.token).await["shifts"][0]["attendance"],
        "done"
    );
}

#[actix_web::test]
async fn starting_follows_the_window_the_status_the_role_and_one_session_at_a_time() {
    let s = scene().await;
    // A draft is not hers to see, let alone start.
    let now = now_ms();
    let draft = s
        .shift(Some(&s.ana_id), now - 4 * HOUR, now - 3 * HOUR)
        .await;
    assert_eq!(
        on(&s, "startShift", &s.ana.token, &draft).await.error(404),
        "Shift not found."
    );
    // Too early: more than 30 minutes ahead (the default window).
    let later = shift_of(&s, &s.ana_id, 2 * HOUR, 3 * HOUR).await;
    let r = on(&s, "startShift", &s.ana.token, &later).await;
    assert_eq!(r.status, 400);
    assert_eq!(r.body["code"], "clock_too_early");
    assert!(r.body["message"]
        .as_str()
        .expect("as set up")
        .starts_with("This shift can be started from "));
    assert!(r.body["details"]["from"].is_i64());
    // Over.
    let over = shift_of(&s, &s.ana_id, -6 * HOUR, -5 * HOUR).await;
    assert_eq!(
        on(&s, "startShift", &s.ana.token, &over).await.error(400),
        "This shift is over; ask a manager to record your time."
    );
    // One session at a time.
    let now_shift = shift_of(&s, &s.ana_id, -50 * MIN, 10 * MIN).await;
    let soon = shift_of(&s, &s.ana_id, 15 * MIN, 90 * MIN).await;
    on(&s, "startShift", &s.ana.token, &now_shift).await.data();
    let r = on(&s, "startShift", &s.ana.token, &soon).await;
    assert_eq!(
        r.error(409),
        "You are already on the clock for Morning; complete it first."
    );
    assert_eq!(r.body["details"]["title"], "Morning");
    // The role's switch.
    let switched = clock(
        &s,
        "updateRole",
        &s.owner.token,
        json!({
            "roleId": s.barista,
            "roleData": { "title": "Barista", "color": "#123456", "canStart": false },
        }),
    )
    .await;
    assert_eq!(switched.data()["canStart"], false);
    assert_eq!(switched.data()["canClockIn"], true);
    let driving = shift_of(&s, &s.ben_id, -5 * MIN, HOUR).await;
    assert_eq!(
        on(&s, "startShift", &s.ben.token, &driving)
            .await
            .error(400),
        "Shifts of the role Barista can't be started from a phone."
    );
}

#[actix_web::test]
async fn the_store_clock_code_and_the_location_prove_presence() {
    let s = scene().await;
    let shift = shift_of(&s, &s.ana_id, -5 * MIN, 4 * HOUR).await;
    let place = json!({ "latitude": 52.52, "longitude": 13.405, "radius": 100 });
    // Only the owner sets the clock; settings are checked.
    let r = clock(
        &s,
        "updateClockSettings",
        &s.scheduler.token,
        json!({ "settings": {} }),
    )
    .await;
    assert_eq!(r.status, 403);
    assert_eq!(
        settings(&s, json!({ "proof": "location" }))
            .await
            .error(400),
        "Set the store's place before asking for a location."
    );
    let set = settings(&s, json!({ "proof": "both", "place": place })).await;
    assert_eq!(set.data()["proof"], "both");
    assert_eq!(set.data()["earlyMinutes"], 30);

    assert_eq!(
        on(&s, "startShift", &s.ana.token, &shift).await.error(400),
        "Clocking at this store needs the code shown on the store's clock."
    );
    let (code, pass) = device_code(&s).await;
    assert_eq!(code.len(), rules::CODE_LEN);
    let start = |body: Value| clock(&s, "startShift", &s.ana.token, body);
    assert_eq!(
        start(json!({ "shift": shift["id"], "token": "WRONG123" }))
            .await
            .error(400),
        "This code is wrong or has expired."
    );
    assert_eq!(
        start(json!({ "shift": shift["id"], "token": code }))
            .await
            .error(400),
        "Clocking at this store needs your location."
    );
    let far = json!({ "latitude": 52.53, "longitude": 13.405, "accuracy": 10 });
    let r = start(json!({ "shift": shift["id"], "token": code, "location": far })).await;
    assert_eq!(
        r.error(400),
        "You are 1112 m from the store; clocking needs you within 100 m."
    );
    assert_eq!(
        r.body["details"],
        json!({ "distance": 1112, "radius": 100 })
    );
    let bad = json!({ "latitude": 123, "longitude": 13.405 });
    assert_eq!(
        start(json!({ "shift": shift["id"], "token": code, "location": bad }))
            .await
            .status,
        400
    );
    let here = json!({ "latitude": 52.5201, "longitude": 13.405, "accuracy": 8 });
    let started = start(json!({ "shift": shift["id"], "token": code, "location": here })).await;
    let session = &started.data()["session"];
    assert_eq!(session["locs"][0]["inside"], true);
    assert_eq!(session["locs"][0]["op"], "start");
    assert_eq!(session["outside"], false);

    // A code from two windows ago is refused: it is signed with the store's secret and the
    // window, and accepted only in its window and the next.
    use diesel::prelude::*;
    let secret: Vec<u8> = backend::db::schema::clock_secrets::table
        .select(backend::db::schema::clock_secrets::secret)
        .first(&mut s.app.conn())
        .expect("secret");
    let store: uuid::Uuid = s.store.parse().expect("as set up");
    let old = rules::code_for(&secret, store, rules::window_of(Utc::now()) - 2);
    let r = clock(
        &s,
        "completeShift",
        &s.ana.token,
        json!({ "shift": shift["id"], "token": old, "location": here }),
    )
    .await;
    assert_eq!(r.error(400), "This code is wrong or has expired.");

    // A new identity code retires the device's pass.
    clock(
        &s,
        "requestBusinessIdentityCode",
        &s.owner.token,
        json!({ "regenerate": true }),
    )
    .await
    .data();
    let r = s
        .app
        .call("getClockCode", json!({ "pass": pass }), None)
        .await;
    assert_eq!(r.status, 401);
    let r = s
        .app
        .call(
            "authorizeBusinessClockInHashAccess",
            json!({ "code": "nope" }),
            None,
        )
        .await;
    assert_eq!(r.error(400), "This code is wrong.");
}

/// A call sent from `from`, one of the loopback addresses, so the server sees a client of that
/// address.
async fn call_from(app: &TestApp, from: [u8; 4], name: &str, body: Value) -> Reply {
    let client = awc::Client::builder()
        .local_address(IpAddr::from(from))
        .finish();
    let mut res = client
        .post(format!("{}/api/v1/{name}", app.address))
        .send_json(&body)
        .await
        .expect("send");
    let body: Value = res.json().await.expect("json");
    Reply {
        status: res.status().as_u16(),
        body,
    }
}

async fn authorize_from(app: &TestApp, from: [u8; 4], body: Value) -> Reply {
    call_from(app, from, "authorizeBusinessClockInHashAccess", body).await
}

/// Two stores of one owner, and their business identity codes.
async fn two_doors(app: &TestApp) -> [(String, String); 2] {
    let owner = app.create_user("owner.doors@example.com");
    let mut doors = Vec::new();
    for name in ["Door A", "Door B"] {
        let store = create_store(app, &owner, name).await;
        let code = app
            .call(
                "requestBusinessIdentityCode",
                json!({ "store": store }),
                Some(&owner.token),
            )
            .await
            .data()["code"]
            .as_str()
            .expect("identity code")
            .to_string();
        doors.push((store, code));
    }
    doors.try_into().expect("two stores")
}

const X: [u8; 4] = [127, 0, 0, 1];
const Y: [u8; 4] = [127, 0, 0, 2];

fn assert_locked(r: &Reply) {
    assert_eq!(r.status, 429, "{:?}", r.body);
    assert_eq!(r.body["code"], "too_many_attempts");
    let message = r.body["message"].as_str().expect("message");
    assert!(message.starts_with("Too many wrong codes."), "{message}");
}

#[actix_web::test]
async fn wrong_identity_codes_for_a_store_lock_out_that_store_from_that_address_only() {
    let app = spawn_app().await;
    let [(a, code_a), (b, code_b)] = two_doors(&app).await;
    for _ in 0..5 {
        let r = authorize_from(&app, X, json!({ "code": "WRONGCODE2", "store": a })).await;
        assert_eq!(r.error(400), "This code is wrong.");
    }
    // Store A from address X is locked, its right code too.
    assert_locked(&authorize_from(&app, X, json!({ "code": code_a, "store": a })).await);
    // Store B from X still works.
    let r = authorize_from(&app, X, json!({ "code": code_b, "store": b })).await;
    assert_eq!(r.data()["store"]["id"], json!(b));
    // Store A from another address still works.
    let r = authorize_from(&app, Y, json!({ "code": code_a, "store": a })).await;
    assert_eq!(r.data()["store"]["id"], json!(a));
    // A device at X naming no store has its own count.
    let r = authorize_from(&app, X, json!({ "code": code_a })).await;
    assert_eq!(r.data()["store"]["id"], json!(a));
    // A named store is checked against its own code only.
    let r = authorize_from(&app, Y, json!({ "code": code_b, "store": a })).await;
    assert_eq!(r.error(400), "This code is wrong.");
    // The lock is shared by every server process: a second node refuses A from X too.
    let peer = app.spawn_peer().await;
    assert_locked(&authorize_from(&peer, X, json!({ "code": code_a, "store": a })).await);
}

#[actix_web::test]
async fn wrong_identity_codes_naming_no_store_lock_out_only_their_address() {
    let app = spawn_app().await;
    let [(a, code_a), (b, code_b)] = two_doors(&app).await;
    for _ in 0..5 {
        let r = authorize_from(&app, X, json!({ "code": "WRONGCODE2" })).await;
        assert_eq!(r.error(400), "This code is wrong.");
    }
    assert_locked(&authorize_from(&app, X, json!({ "code": code_a })).await);
    // Another address, and a store named from X, still work.
    let r = authorize_from(&app, Y, json!({ "code": code_a })).await;
    assert_eq!(r.data()["store"]["id"], json!(a));
    let r = authorize_from(&app, X, json!({ "code": code_b, "store": b })).await;
    assert_eq!(r.data()["store"]["id"], json!(b));
}

#[actix_web::test]
async fn wrong_identity_codes_do_not_count_against_signing_in_from_their_address() {
    let app = spawn_app().await;
    // Twenty wrong codes from X (sign-in's allowance per address), five for each of four
    // stores.
    for _ in 0..4 {
        let store = uuid::Uuid::now_v7();
        for _ in 0..5 {
            let r = authorize_from(&app, X, json!({ "code": "WRONGCODE2", "store": store })).await;
            assert_eq!(r.error(400), "This code is wrong.");
        }
    }
    let owner = app.create_user("owner.signs.in@example.com");
    let r = call_from(
        &app,
        X,
        "login",
        json!({ "email": owner.email, "password": "password123" }),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
}

#[actix_web::test]
async fn the_clock_operation_starts_and_completes_and_a_code_serves_once_per_operation() {
    let s = scene().await;
    let shift = shift_of(&s, &s.ana_id, -HOUR, 5 * MIN).await;
    let next = shift_of(&s, &s.ana_id, 10 * MIN, 2 * HOUR).await;
    let (code, _) = device_code(&s).await;
    let op = |token: &str, code: &str| {
        let (s, token, code) = (&s, token.to_string(), code.to_string());
        async move { clock(s, "clockOperation", &token, json!({ "token": code })).await }
    };
    let r = clock(&s, "clockOperation", &s.ana.token, json!({})).await;
    assert_eq!(r.status, 400);
    let first = op(&s.ana.token, &code).await;
    assert_eq!(first.data()["shift"]["id"], shift["id"]);
    assert_eq!(first.data()["session"]["source"], "device");
    // The same code completes (another operation)...
    let second = op(&s.ana.token, &code).await;
    assert_eq!(second.data()["session"]["status"], "c");
    // ...but does not start her next shift: one use per employee per operation.
    assert_eq!(
        op(&s.ana.token, &code).await.error(409),
        "This code was already used; wait for the next one."
    );
    // Ben has nothing to clock.
    assert_eq!(
        op(&s.ben.token, &code).await.error(400),
        "You have no shift to start or complete now."
    );
    let _ = next;
}

#[actix_web::test]
async fn an_offline_queue_sent_three_times_applies_once() {
    let s = scene().await;
    let shift = shift_of(&s, &s.ana_id, -HOUR, 4 * HOUR).await;
    // The phone's clock runs 5 minutes fast; it punched 40 and 10 minutes ago, offline.
    let skew = 5 * MIN;
    let now = now_ms();
    let queue = [
        ("startShift", uuid::Uuid::new_v4(), now - 40 * MIN),
        ("startBreak", uuid::Uuid::new_v4(), now - 10 * MIN),
    ];
    for round in 0..3 {
        for (call, id, at) in &queue {
            let r = clock(
                &s,
                call,
                &s.ana.token,
                json!({
                    "shift": shift["id"],
                    "punchId": id,
                    "punchedAt": at + skew,
                    "sentAt": now_ms() + skew,
                }),
            )
            .await;
            assert_eq!(r.data()["replayed"], round > 0, "{call} round {round}");
        }
    }
    use diesel::prelude::*;
    let sessions: i64 = backend::db::schema::clock_sessions::table
        .count()
        .get_result(&mut s.app.conn())
        .expect("as set up");
    assert_eq!(sessions, 1);
    let b = board(&s, &s.scheduler.token).await;
    let session = &b["open"][0];
    assert_eq!(session["status"], "p");
    // The punch times are the phone's, corrected by its offset.
    let start = session["start"].as_i64().expect("as set up");
    assert!(
        (start - (now - 40 * MIN)).abs() < 5_000,
        "{start} vs {}",
        now - 40 * MIN
    );
    let drift = session["driftMs"].as_i64().expect("as set up");
    assert!((drift + skew).abs() < 5_000, "{drift}");
    assert!(session["serverStart"].as_i64().expect("as set up") >= now);

    // A punch older than the store's bound, or stamped after it was sent, is refused.
    let r = clock(
        &s,
        "endBreak",
        &s.ana.token,
        json!({ "shift": shift["id"], "punchedAt": now - 73 * HOUR, "sentAt": now }),
    )
    .await;
    assert_eq!(
        r.error(400),
        "This punch is more than 72 hours old and can't be applied; ask a manager."
    );
    let r = clock(
        &s,
        "endBreak",
        &s.ana.token,
        json!({ "shift": shift["id"], "punchedAt": now + HOUR, "sentAt": now }),
    )
    .await;
    assert_eq!(r.error(400), "This punch is dated after it was sent.");
    let r = clock(
        &s,
        "endBreak",
        &s.ana.token,
        json!({ "shift": shift["id"], "punchedAt": now - 30 * MIN, "sentAt": now }),
    )
    .await;
    assert_eq!(
        r.error(400),
        "This punch is earlier than your previous one."
    );
    let r = clock(
        &s,
        "endBreak",
        &s.ana.token,
        json!({ "shift": shift["id"], "sentAt": now }),
    )
    .await;
    assert_eq!(r.error(400), "punchedAt and sentAt go together.");
}

#[actix_web::test]
async fn twenty_simultaneous_starts_across_two_nodes_make_one_session() {
    let s = scene().await;
    let shift = shift_of(&s, &s.ana_id, -MIN, 4 * HOUR).await;
    let peer = s.app.spawn_peer().await;
    let calls = (0..20).map(|i| {
        let node = if i % 2 == 0 { &s.app } else { &peer };
        let body =
            json!({ "store": s.store, "shift": shift["id"], "punchId": uuid::Uuid::new_v4() });
        let token = s.ana.token.clone();
        async move { node.call("startShift", body, Some(&token)).await }
    });
    let replies = futures_util::future::join_all(calls).await;
    let (won, lost): (Vec<Reply>, Vec<Reply>) = replies.into_iter().partition(|r| r.status == 200);
    assert_eq!(won.len(), 1);
    for r in lost {
        assert_eq!(r.error(409), "This shift was already started.");
    }
    use diesel::prelude::*;
    let sessions: i64 = backend::db::schema::clock_sessions::table
        .count()
        .get_result(&mut s.app.conn())
        .expect("as set up");
    assert_eq!(sessions, 1);
}

#[actix_web::test]
async fn a_started_shift_is_never_marked_missed() {
    let s = scene().await;
    let worked = shift_of(&s, &s.ana_id, -10 * MIN, HOUR).await;
    let skipped = shift_of(&s, &s.ben_id, -10 * MIN, HOUR).await;
    on(&s, "startShift", &s.ana.token, &worked).await.data();
    let later = Utc::now() + Duration::hours(4);
    tick(&s.app.state.db, &s.app.state.stores, later)
        .await
        .expect("tick");
    let shifts = s
        .read(&s.scheduler.token, "")
        .await
        .data()
        .as_array()
        .cloned()
        .unwrap_or_default();
    let progress = |id: &Value| {
        shifts
            .iter()
            .find(|x| x["id"] == *id)
            .map(|x| x["progress"].clone())
    };
    assert_eq!(progress(&worked["id"]), Some(json!("ip")));
    assert_eq!(progress(&skipped["id"]), Some(json!("m")));
}

#[actix_web::test]
async fn unscheduled_work_is_proposed_and_answered_by_a_manager() {
    let s = scene().await;
    let start = |token: &str, title: &str| {
        let (s, token, title) = (&s, token.to_string(), title.to_string());
        async move {
            clock(
                s,
                "startProposedShift",
                &token,
                json!({ "title": title, "role": s.barista }),
            )
            .await
        }
    };
    let r = clock(
        &s,
        "startProposedShift",
        &s.ana.token,
        json!({ "title": "  " }),
    )
    .await;
    assert_eq!(r.status, 400);
    let started = start(&s.ana.token, "Inventory").await;
    let proposal = started.data()["proposedShift"].clone();
    assert_eq!(proposal["status"], "p");
    assert_eq!(proposal["progress"], "ip");
    let on_p =
        |call: &'static str| clock(&s, call, &s.ana.token, json!({ "shift": proposal["id"] }));
    assert_eq!(
        on_p("startProposedShiftBreak").await.data()["proposedShift"]["progress"],
        "p"
    );
    assert_eq!(
        on_p("endProposedShiftBreak").await.data()["proposedShift"]["progress"],
        "ip"
    );
    // The managers see it waiting, and were told.
    let b = board(&s, &s.scheduler.token).await;
    assert_eq!(b["proposals"][0]["id"], proposal["id"]);
    // Still running: not answerable yet.
    let answer = |call: &'static str, token: String, body: Value| {
        let s = &s;
        async move { clock(s, call, &token, json!({ "shiftPropose": body })).await }
    };
    assert_eq!(
        answer(
            "approveProposedShift",
            s.scheduler.token.clone(),
            proposal["id"].clone()
        )
        .await
        .error(400),
        "This work is still on the clock; answer it once it is completed."
    );
    let done = clock(&s, "completeProposedShift", &s.ana.token, json!({})).await;
    assert_eq!(done.data()["proposedShift"]["progress"], "c");
    assert_eq!(
        answer(
            "approveProposedShift",
            s.ana.token.clone(),
            proposal["id"].clone()
        )
        .await
        .status,
        403
    );
    let now = now_ms();
    let approved = answer(
        "approveProposedShift",
        s.scheduler.token.clone(),
        json!({ "id": proposal["id"], "start": now - 2 * HOUR, "end": now - HOUR }),
    )
    .await;
    let data = approved.data();
    assert_eq!(data["proposedShift"]["status"], "a");
    assert_eq!(data["shift"]["progress"], "c");
    assert_eq!(data["shift"]["status"], "confirmed");
    assert_eq!(data["shift"]["assigned"], json!(s.ana_id));
    assert_eq!(data["shift"]["start"], now - 2 * HOUR);
    assert_eq!(
        answer(
            "rejectProposedShift",
            s.scheduler.token.clone(),
            proposal["id"].clone()
        )
        .await
        .error(409),
        "This proposed shift was already answered."
    );
    // Ana was told; so were the managers when she started and completed.
    let ana_notes = s
        .app
        .get(
            &format!("/api/v1/stores/{}/notifications", s.store),
            Some(&s.ana.token),
        )
        .await;
    let text = ana_notes.body.to_string();
    assert!(
        text.contains("Your unscheduled shift Inventory was approved."),
        "{text}"
    );
    let sam_notes = s
        .app
        .get(
            &format!("/api/v1/stores/{}/notifications", s.store),
            Some(&s.scheduler.token),
        )
        .await
        .body
        .to_string();
    assert!(
        sam_notes.contains("started an unscheduled shift: Inventory."),
        "{sam_notes}"
    );
    assert!(sam_notes.contains("shiftpropose"), "{sam_notes}");

    // A rejection.
    start(&s.ben.token, "Cleaning").await.data();
    let done = clock(&s, "completeProposedShift", &s.ben.token, json!({})).await;
    let id = done.data()["proposedShift"]["id"].clone();
    let rejected = answer("rejectProposedShift", s.scheduler.token.clone(), id).await;
    assert_eq!(rejected.data()["proposedShift"]["status"], "r");
    assert!(rejected.data()["shift"].is_null());
}

#[actix_web::test]
async fn managers_edit_sessions_with_a_reason_and_approve_periods() {
    let s = scene().await;
    let shift = shift_of(&s, &s.ana_id, -2 * HOUR, HOUR).await;
    let started = clock(
        &s,
        "startShift",
        &s.ana.token,
        json!({ "shift": shift["id"], "punchedAt": now_ms() - 2 * HOUR, "sentAt": now_ms() }),
    )
    .await;
    let session = started.data()["session"].clone();
    let edit = |token: String, body: Value| {
        let mut body = body;
        body["sessionId"] = session["id"].clone();
        let s = &s;
        async move { clock(s, "editClockSession", &token, body).await }
    };
    let now = now_ms();
    assert_eq!(
        edit(
            s.ana.token.clone(),
            json!({ "start": now - HOUR, "reason": "x" })
        )
        .await
        .status,
        403
    );
    assert_eq!(
        edit(
            s.scheduler.token.clone(),
            json!({ "start": now - HOUR, "end": now - 2 * HOUR, "reason": "typo" })
        )
        .await
        .error(400),
        "The session must end after its start and its breaks."
    );
    assert_eq!(
        edit(
            s.scheduler.token.clone(),
            json!({ "start": now - HOUR, "reason": " " })
        )
        .await
        .status,
        400
    );
    let edited = edit(
        s.scheduler.token.clone(),
        json!({
            "start": now - 2 * HOUR,
            "end": now - 10 * MIN,
            "breaks": [{ "start": now - HOUR, "end": now - HOUR + 30 * MIN }],
            "reason": "Forgot to clock out",
        }),
    )
    .await;
    assert_eq!(edited.data()["status"], "c");
    let trail = s
        .app
        .get(
            &format!(
                "/api/v1/stores/{}/clock/sessions/{}/edits",
                s.store,
                session["id"].as_str().expect("as set up")
            ),
            Some(&s.scheduler.token),
        )
        .await;
    let trail = trail.data().as_array().expect("as set up").clone();
    assert_eq!(trail.len(), 1);
    assert_eq!(trail[0]["reason"], "Forgot to clock out");
    assert_eq!(trail[0]["before"]["status"], "ip");
    assert_eq!(trail[0]["after"]["status"], "c");
    assert_eq!(trail[0]["by"], json!(s.scheduler.id));

    // The timesheet counts it: 1 h 50 min less a 30-minute break.
    let sheet = s
        .app
        .get(
            &format!("/api/v1/stores/{}/timesheets", s.store),
            Some(&s.scheduler.token),
        )
        .await;
    let sheet = sheet.data().clone();
    let line = sheet["lines"]
        .as_array()
        .expect("as set up")
        .iter()
        .find(|l| l["employee"] == json!(s.ana_id))
        .expect("as set up")
        .clone();
    // The session may straddle the start of the week; it counts only inside it.
    if Utc::now().timestamp_millis() - 2 * HOUR >= sheet["start"].as_i64().expect("as set up") {
        assert_eq!(line["workedMinutes"], 80);
        assert_eq!(line["breakMinutes"], 30);
    }
    assert_eq!(sheet["currency"], "USD");
    // Employees see only their own line.
    let mine = s
        .app
        .get(
            &format!("/api/v1/stores/{}/timesheets", s.store),
            Some(&s.ben.token),
        )
        .await;
    assert_eq!(mine.data()["lines"].as_array().expect("as set up").len(), 1);

    // An approved period locks its sessions until reopened: the period of the session's
    // start, a local day of the store (at 00:30 on the week's first day, that is last week).
    let today = (Utc::now() - chrono::Duration::hours(2))
        .with_timezone(&chrono_tz::Europe::Berlin)
        .format("%Y-%m-%d")
        .to_string();
    let period = |approved: bool| {
        clock(
            &s,
            "approveTimesheet",
            &s.scheduler.token,
            json!({ "day": today, "approved": approved }),
        )
    };
    assert_eq!(period(true).await.data()["approved"], true);
    let again = json!({ "start": now - 2 * HOUR, "end": now - 5 * MIN, "reason": "later" });
    assert_eq!(
        edit(s.scheduler.token.clone(), again.clone())
            .await
            .error(409),
        "This pay period is approved; reopen it to change its sessions."
    );
    period(false).await.data();
    assert_eq!(
        edit(s.scheduler.token.clone(), again).await.data()["status"],
        "c"
    );
}

#[actix_web::test]
async fn a_manager_completing_a_running_shift_closes_its_session() {
    let s = scene().await;
    let shift = shift_of(&s, &s.ana_id, -10 * MIN, HOUR).await;
    on(&s, "startShift", &s.ana.token, &shift).await.data();
    let done = clock(
        &s,
        "completeShift",
        &s.scheduler.token,
        json!({ "shiftId": shift["id"] }),
    )
    .await;
    assert_eq!(done.data()["progress"], "c");
    assert_eq!(done.data()["clockSession"]["status"], "c");
    // Ben is no manager: he cannot complete Ana's shift.
    assert_eq!(
        on(&s, "completeShift", &s.ben.token, &shift)
            .await
            .error(404),
        "Shift not found."
    );
}

#[actix_web::test]
async fn another_stores_members_cannot_clock_this_stores_shifts() {
    let s = scene().await;
    let shift = shift_of(&s, &s.ana_id, -10 * MIN, HOUR).await;
    let stranger = s.app.create_user("stranger@example.com");
    let theirs = create_store(&s.app, &stranger, "Elsewhere").await;
    // Naming this store: not a member.
    let r = s
        .app
        .call(
            "startShift",
            json!({ "store": s.store, "shift": shift["id"] }),
            Some(&stranger.token),
        )
        .await;
    assert_eq!(r.status, 403);
    // This store's shift named on their own store: not found there.
    let r = s
        .app
        .call(
            "startShift",
            json!({ "store": theirs, "shift": shift["id"] }),
            Some(&stranger.token),
        )
        .await;
    assert_eq!(r.error(404), "Shift not found.");
    let r = s
        .app
        .get(
            &format!("/api/v1/stores/{}/clock", s.store),
            Some(&stranger.token),
        )
        .await;
    assert_eq!(r.status, 403);
}
