//! The shift pool: dropping, grabbing, approving and rejecting, with every refusal text, the
//! pool read, and twenty colleagues grabbing one shift at once through two nodes.

use crate::fixtures::pool::{anas_published_shift, drop, on_shift, open_shift_after_anas_day_off};
use crate::fixtures::scene::{berlin, find_in, scene, Scene, HOUR};
use crate::fixtures::stores::NOT_ENOUGH_PERMISSION;
use crate::fixtures::Reply;
use chrono::Utc;
use serde_json::{json, Value};

const NO_DROP_REQUEST: &str = "no drop shift request found";

/// Grabs the drop request `request_id`, with the spec's field name (`dropReuestId`).
async fn grab(s: &Scene, token: &str, request_id: &Value) -> Reply {
    s.call("grabShift", token, json!({ "dropReuestId": request_id }))
        .await
}

/// Sends `call` with `body` as twenty fresh baristas at once, alternating between the scene's
/// node and a second one. Returns the one winning reply after checking that every other
/// reply is a 409 with `refusal`.
async fn race(s: &Scene, call: &str, body: Value, refusal: &str) -> Reply {
    let peer = s.app.spawn_peer().await;
    let mut racers = Vec::new();
    for i in 0..20 {
        racers.push(s.barista(&format!("racer{i}@example.com")).await.0);
    }
    let calls = racers.iter().enumerate().map(|(i, racer)| {
        let node = if i % 2 == 0 { &s.app } else { &peer };
        let body = body.clone();
        async move { node.call(call, body, Some(&racer.token)).await }
    });
    let replies = futures_util::future::join_all(calls).await;
    let (mut winners, losers): (Vec<Reply>, Vec<Reply>) =
        replies.into_iter().partition(|r| r.status == 200);
    assert_eq!(winners.len(), 1, "exactly one {call} wins");
    for r in losers {
        assert_eq!(r.error(409), refusal);
    }
    winners.remove(0)
}

async fn pool(s: &Scene, token: &str) -> Vec<Value> {
    s.app
        .get(&format!("/api/v1/stores/{}/pool", s.store), Some(token))
        .await
        .data()
        .as_array()
        .expect("list")
        .clone()
}

#[actix_web::test]
async fn a_dropped_shift_stays_with_its_assignee_until_a_grab_is_approved() {
    let s = scene().await;
    let shift = anas_published_shift(&s).await;

    // Only the assignee drops, and only once.
    let r = drop(&s, &s.ben.token, &shift).await;
    assert_eq!(r.error(404), "Shift not found.");
    let dropped = drop(&s, &s.ana.token, &shift).await;
    let request = dropped.data()["request"].clone();
    assert_eq!(request["type"], "dropshift");
    assert_eq!(request["status"], "pending");
    assert_eq!(dropped.data()["shift"]["status"], "dropped");
    assert_eq!(dropped.data()["shift"]["assigned"], json!(s.ana_id));
    let r = drop(&s, &s.ana.token, &shift).await;
    assert_eq!(r.error(409), "This shift was already dropped.");

    // Ben (same role) sees it in the pool; a cook would not.
    let bens = pool(&s, &s.ben.token).await;
    assert_eq!(bens.len(), 1);
    assert_eq!(bens[0]["shift"]["id"], shift["id"]);
    let (cook, _) = s.cook("cook@example.com").await;
    assert!(pool(&s, &cook.token).await.is_empty());

    let r = grab(&s, &cook.token, &request["id"]).await;
    assert_eq!(r.error(404), NO_DROP_REQUEST);
    let r = grab(&s, &s.ana.token, &request["id"]).await;
    assert_eq!(r.error(400), "You cannot grab your own shift.");
    let r = grab(&s, &s.ben.token, &json!(uuid::Uuid::now_v7())).await;
    assert_eq!(r.error(404), NO_DROP_REQUEST);
    // Both spellings of the field are accepted.
    let grabbed = s
        .call(
            "grabShift",
            &s.ben.token,
            json!({ "dropRequestId": request["id"] }),
        )
        .await;
    assert_eq!(grabbed.data()["request"]["status"], "grabbed");
    assert_eq!(grabbed.data()["request"]["grabbedBy"], json!(s.ben_id));
    assert!(pool(&s, &cook.token).await.is_empty());

    // The employees cannot answer; a manager rejects, then Ben grabs again and is approved.
    let answer = |name: &'static str, token: String| {
        let body = json!({ "storeId": s.store, "requestId": request["id"] });
        let s = &s;
        async move { s.app.call(name, body, Some(&token)).await }
    };
    let r = answer("approveGrabShift", s.ben.token.clone()).await;
    assert_eq!(r.error(403), NOT_ENOUGH_PERMISSION);
    let r = answer("rejectGrabShift", s.scheduler.token.clone()).await;
    assert_eq!(r.data()["request"]["status"], "pending");
    let r = answer("approveGrabShift", s.scheduler.token.clone()).await;
    assert_eq!(r.error(400), "Nobody has grabbed this shift yet.");
    grab(&s, &s.ben.token, &request["id"]).await.data();
    let r = answer("approveGrabShift", s.scheduler.token.clone()).await;
    assert_eq!(r.data()["request"]["status"], "accepted");
    assert_eq!(r.data()["shift"]["assigned"], json!(s.ben_id));
    assert_eq!(r.data()["shift"]["status"], "confirmed");
    assert!(pool(&s, &s.ben.token).await.is_empty());

    // Ben sees the shift as his; Ana no longer does; both were told.
    assert!(s.shift_seen_by(&s.ben.token, &shift["id"]).await.is_some());
    let anas = s.read(&s.ana.token, &s.week_query()).await;
    assert!(anas.data().as_array().expect("list").is_empty());
    for who in [&s.ana, &s.ben] {
        let notes = s
            .app
            .get(
                &format!("/api/v1/stores/{}/notifications", s.store),
                Some(&who.token),
            )
            .await;
        assert!(
            notes.data()["private"]
                .as_array()
                .expect("list")
                .iter()
                .any(|n| n["type"] == "dropshift"),
            "{} was told",
            who.email
        );
    }
}

#[actix_web::test]
async fn only_shifts_of_roles_that_allow_swaps_are_dropped() {
    let s = scene().await;
    let (cook, cook_id) = s.cook("cook@example.com").await;
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "assigned": cook_id, "role": s.cook, "start": berlin(3, 9, 0), "end": berlin(3, 17, 0) }),
        )
        .await;
    let shift = reply.data()["shifts"][0].clone();
    s.publish(&[&shift]).await.data();

    // Cooks keep the default switch: no swaps.
    let r = drop(&s, &cook.token, &shift).await;
    assert_eq!(
        r.error(400),
        "Shifts of the role Cook can't be dropped or swapped."
    );
    assert!(pool(&s, &s.scheduler.token).await.is_empty());
    assert_eq!(s.stored(&shift["id"]).await["status"], "published");

    // Once the owner allows swaps for the role, the same shift drops.
    let r = s
        .call(
            "updateRole",
            &s.owner.token,
            json!({ "roleId": s.cook, "roleData": { "title": "Cook", "color": "#123456", "swappeable": true } }),
        )
        .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let r = drop(&s, &cook.token, &shift).await;
    assert_eq!(r.data()["shift"]["status"], "dropped");
}

#[actix_web::test]
async fn drops_close_an_hour_before_the_start_and_reassignment_lapses_them() {
    let s = scene().await;
    let soon_start = Utc::now().timestamp_millis() + HOUR / 2;
    let soon = s
        .shift(Some(&s.ana_id), soon_start, soon_start + 4 * HOUR)
        .await;
    s.publish(&[&soon]).await.data();
    let r = drop(&s, &s.ana.token, &soon).await;
    assert_eq!(
        r.error(400),
        "A shift can only be dropped up to 1 hour before it starts."
    );
    let draft = s
        .shift(Some(&s.ana_id), berlin(4, 9, 0), berlin(4, 12, 0))
        .await;
    assert_eq!(drop(&s, &s.ana.token, &draft).await.status, 404);

    let shift = anas_published_shift(&s).await;
    let request = drop(&s, &s.ana.token, &shift).await.data()["request"].clone();
    // A manager gives the shift to Ben directly: the drop request lapses.
    let r = s
        .call(
            "updateShift",
            &s.scheduler.token,
            json!({ "shiftId": shift["id"], "updatedShift": { "assigned": s.ben_id } }),
        )
        .await;
    assert_eq!(r.data()["status"], "published");
    assert!(pool(&s, &s.scheduler.token).await.is_empty());
    let r = grab(&s, &s.ben.token, &request["id"]).await;
    assert_eq!(r.error(404), NO_DROP_REQUEST);
}

#[actix_web::test]
async fn twenty_simultaneous_grabs_through_two_nodes_have_exactly_one_winner() {
    let s = scene().await;
    let shift = anas_published_shift(&s).await;
    let request = drop(&s, &s.ana.token, &shift).await.data()["request"].clone();
    let winner = race(
        &s,
        "grabShift",
        json!({ "storeId": s.store, "dropReuestId": request["id"] }),
        "Someone else grabbed this shift first.",
    )
    .await;
    let approved = s
        .call(
            "approveGrabShift",
            &s.scheduler.token,
            json!({ "requestId": request["id"] }),
        )
        .await;
    assert_eq!(
        approved.data()["shift"]["assigned"],
        winner.data()["request"]["grabbedBy"]
    );
}

async fn take(s: &Scene, token: &str, shift: &Value) -> Reply {
    on_shift(s, "takeOpenShift", token, shift).await
}

#[actix_web::test]
async fn an_open_shift_goes_to_the_first_colleague_of_its_role_who_takes_it() {
    let s = scene().await;
    let shift = open_shift_after_anas_day_off(&s).await;
    let (cook, _) = s.cook("cook@example.com").await;
    let (cleo, _) = s.barista("cleo@example.com").await;

    // Ben could work it and was told; Ana, whose day off opened it, was not.
    assert!(note_titles(&s, &s.ben.token)
        .await
        .contains(&"Open shift available".to_string()));
    assert!(!note_titles(&s, &s.ana.token)
        .await
        .contains(&"Open shift available".to_string()));

    // Baristas see it in the pool, without a drop request; the cook does not.
    let bens = pool(&s, &s.ben.token).await;
    assert_eq!(bens.len(), 1);
    assert_eq!(bens[0]["request"], Value::Null);
    assert_eq!(bens[0]["shift"]["id"], shift["id"]);
    assert!(pool(&s, &cook.token).await.is_empty());
    assert_eq!(pool(&s, &s.scheduler.token).await.len(), 1);
    let open = s
        .read(&s.ben.token, &format!("{}&scope=open", s.week_query()))
        .await;
    assert!(find_in(open.data(), &shift["id"]).is_some());

    assert_eq!(
        take(&s, &cook.token, &shift).await.error(404),
        "no open shift found"
    );
    let taken = take(&s, &s.ben.token, &shift).await;
    assert_eq!(taken.data()["assigned"], json!(s.ben_id));
    assert_eq!(taken.data()["status"], "confirmed");
    // Taking it again changes nothing; a colleague a moment later is told it is gone.
    let again = take(&s, &s.ben.token, &shift).await;
    assert_eq!(again.data()["version"], taken.data()["version"]);
    assert_eq!(
        take(&s, &cleo.token, &shift).await.error(409),
        "Someone else took this shift first."
    );
    assert!(pool(&s, &cleo.token).await.is_empty());
    let r = s
        .app
        .call(
            "takeOpenShift",
            json!({ "storeId": s.store, "shiftId": uuid::Uuid::now_v7() }),
            Some(&s.ben.token),
        )
        .await;
    assert_eq!(r.error(404), "no open shift found");

    // The managers hear who took it.
    assert!(note_titles(&s, &s.scheduler.token)
        .await
        .contains(&"Open shift taken".to_string()));
}

/// The titles of a member's private notifications.
async fn note_titles(s: &Scene, token: &str) -> Vec<String> {
    let notes = s
        .app
        .get(
            &format!("/api/v1/stores/{}/notifications", s.store),
            Some(token),
        )
        .await;
    notes.data()["private"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|n| n["title"].as_str().map(str::to_string))
        .collect()
}

#[actix_web::test]
async fn drafts_are_not_offered_and_takers_and_grabbers_pass_the_schedule_checks() {
    let s = scene().await;
    // A draft without an assignee is not in the pool.
    let draft = s.shift(None, berlin(3, 9, 0), berlin(3, 17, 0)).await;
    assert_eq!(
        take(&s, &s.ben.token, &draft).await.error(404),
        "no open shift found"
    );

    let shift = open_shift_after_anas_day_off(&s).await;
    // Ben already works that afternoon.
    let bens = s
        .shift(Some(&s.ben_id), berlin(3, 15, 0), berlin(3, 20, 0))
        .await;
    s.publish(&[&bens]).await.data();
    let r = take(&s, &s.ben.token, &shift).await;
    assert_eq!(r.status, 400);
    assert_eq!(r.body["details"]["type"], 2, "{:?}", r.body);

    // The same check guards grabs of dropped shifts.
    let (cleo, cleo_id) = s.barista("cleo@example.com").await;
    let cleos = s
        .shift(Some(&cleo_id), berlin(4, 9, 0), berlin(4, 17, 0))
        .await;
    s.publish(&[&cleos]).await.data();
    let request = drop(&s, &cleo.token, &cleos).await.data()["request"].clone();
    let bens_same_day = s
        .shift(Some(&s.ben_id), berlin(4, 8, 0), berlin(4, 12, 0))
        .await;
    s.publish(&[&bens_same_day]).await.data();
    let r = grab(&s, &s.ben.token, &request["id"]).await;
    assert_eq!(r.status, 400);
    assert_eq!(r.body["details"]["type"], 2, "{:?}", r.body);
}

#[actix_web::test]
async fn deactivating_an_employee_opens_their_upcoming_shifts() {
    let s = scene().await;
    let announced = anas_published_shift(&s).await;
    let draft = s
        .shift(Some(&s.ana_id), berlin(5, 9, 0), berlin(5, 12, 0))
        .await;
    let r = s
        .call(
            "deactivateEmployee",
            &s.owner.token,
            json!({ "employeeId": s.ana_id }),
        )
        .await;
    assert_eq!(r.status, 200, "{:?}", r.body);

    let announced = s.stored(&announced["id"]).await;
    assert_eq!(announced["assigned"], Value::Null);
    assert_eq!(announced["status"], "published");
    let draft = s.stored(&draft["id"]).await;
    assert_eq!(draft["assigned"], Value::Null);
    assert_eq!(draft["status"], "draft");
    assert_eq!(pool(&s, &s.ben.token).await.len(), 1);
}

#[actix_web::test]
async fn grabs_close_an_hour_before_the_start() {
    let s = scene().await;
    // Dropped a minute before the hour; two minutes on, when Ben grabs it, it starts within
    // the hour.
    let start = s.app.clock.now().timestamp_millis() + HOUR + 60_000;
    let shift = s.shift(Some(&s.ana_id), start, start + 4 * HOUR).await;
    s.publish(&[&shift]).await.data();
    let request = drop(&s, &s.ana.token, &shift).await.data()["request"].clone();
    s.app.clock.advance(std::time::Duration::from_secs(120));
    let r = grab(&s, &s.ben.token, &request["id"]).await;
    assert_eq!(
        r.error(400),
        "A shift can only be swapped up to 1 hour before it starts."
    );
}

#[actix_web::test]
async fn twenty_simultaneous_takes_of_an_open_shift_through_two_nodes_have_one_winner() {
    let s = scene().await;
    let shift = open_shift_after_anas_day_off(&s).await;
    let winner = race(
        &s,
        "takeOpenShift",
        json!({ "storeId": s.store, "shiftId": shift["id"] }),
        "Someone else took this shift first.",
    )
    .await;
    assert_eq!(
        s.stored(&shift["id"]).await["assigned"],
        winner.data()["assigned"]
    );
}

#[actix_web::test]
async fn a_batch_drop_puts_each_shift_in_the_pool_as_its_assignee_would() {
    let s = scene().await;
    let anas = anas_published_shift(&s).await;
    let bens = s
        .shift(Some(&s.ben_id), berlin(4, 9, 0), berlin(4, 17, 0))
        .await;
    s.publish(&[&bens]).await.data();

    // All or none: a shift of a role without swaps refuses the whole batch.
    let (_, cook_id) = s.cook("cook@example.com").await;
    let cooks = s
        .create(
            &s.scheduler.token,
            json!({ "assigned": cook_id, "role": s.cook, "start": berlin(5, 9, 0), "end": berlin(5, 17, 0) }),
        )
        .await
        .data()["shifts"][0]
        .clone();
    s.publish(&[&cooks]).await.data();
    let body = |ids: &[&Value]| json!({ "shifts": ids.iter().map(|s| s["id"].clone()).collect::<Vec<_>>() });
    let r = s
        .call(
            "batchDropShifts",
            &s.scheduler.token,
            body(&[&anas, &cooks]),
        )
        .await;
    assert_eq!(
        r.error(400),
        "Shifts of the role Cook can't be dropped or swapped."
    );
    assert_eq!(r.body["details"]["shiftId"], cooks["id"]);
    assert!(pool(&s, &s.scheduler.token).await.is_empty());
    assert_eq!(s.stored(&anas["id"]).await["status"], "published");
    // The batch is a manager's call.
    let r = s
        .call("batchDropShifts", &s.ana.token, body(&[&anas]))
        .await;
    assert_eq!(r.error(403), NOT_ENOUGH_PERMISSION);

    let r = s
        .call(
            "batchDropShifts",
            &s.scheduler.token,
            body(&[&anas, &bens, &anas]),
        )
        .await;
    assert_eq!(r.data()["shifts"], json!([anas["id"], bens["id"]]));
    // Both reach the pool with a drop request in their assignee's name, still theirs.
    let listed = pool(&s, &s.scheduler.token).await;
    assert_eq!(listed.len(), 2);
    let anas_request = listed
        .iter()
        .find(|r| r["shift"]["id"] == anas["id"])
        .expect("Ana's shift is in the pool")["request"]
        .clone();
    assert_eq!(anas_request["status"], "pending");
    assert_eq!(s.stored(&anas["id"]).await["status"], "dropped");
    assert_eq!(s.stored(&anas["id"]).await["assigned"], json!(s.ana_id));
    // The assignee was told; dropping again is refused as for `dropShift`, a repeated batch
    // changes nothing.
    assert!(note_titles(&s, &s.ana.token)
        .await
        .contains(&"Shift in the pool".to_string()));
    let r = drop(&s, &s.ana.token, &anas).await;
    assert_eq!(r.error(409), "This shift was already dropped.");
    let again = s
        .call("batchDropShifts", &s.scheduler.token, body(&[&anas]))
        .await;
    assert_eq!(again.data()["shifts"], json!([anas["id"]]));
    assert_eq!(pool(&s, &s.scheduler.token).await.len(), 2);

    // Ben grabs Ana's shift and a manager approves: it is his.
    grab(&s, &s.ben.token, &anas_request["id"]).await.data();
    let r = s
        .call(
            "approveGrabShift",
            &s.scheduler.token,
            json!({ "requestId": anas_request["id"] }),
        )
        .await;
    assert_eq!(r.data()["shift"]["assigned"], json!(s.ben_id));
    assert_eq!(r.data()["shift"]["status"], "confirmed");
    assert!(note_titles(&s, &s.ana.token)
        .await
        .contains(&"Shift taken".to_string()));
}
