//! The shift pool: dropping, grabbing, approving and rejecting, with every refusal text, the
//! pool read, and twenty colleagues grabbing one shift at once through two nodes.

use crate::shifts::{berlin, scene, Scene, HOUR};
use crate::stores::{add_member, NOT_ENOUGH_PERMISSION};
use chrono::Utc;
use serde_json::{json, Value};

const NO_DROP_REQUEST: &str = "no drop shift request found";

/// A published shift of Ana's, three days ahead.
async fn anas_published_shift(s: &Scene) -> Value {
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    s.publish(&[&shift]).await.data();
    shift
}

async fn drop(s: &Scene, token: &str, shift: &Value) -> crate::helpers::Reply {
    s.app
        .call(
            "dropShift",
            json!({ "store": s.store, "shift": shift["id"] }),
            Some(token),
        )
        .await
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
    let (cook, _) = add_member(
        &s.app,
        &s.owner,
        &s.store,
        "cook@example.com",
        &[&s.cook],
        &[],
    )
    .await;
    assert!(pool(&s, &cook.token).await.is_empty());

    let grab = |token: String, body: Value| {
        let s = &s;
        async move { s.app.call("grabShift", body, Some(&token)).await }
    };
    let r = grab(
        cook.token.clone(),
        json!({ "storeId": s.store, "dropReuestId": request["id"] }),
    )
    .await;
    assert_eq!(r.error(404), NO_DROP_REQUEST);
    let r = grab(
        s.ana.token.clone(),
        json!({ "storeId": s.store, "dropReuestId": request["id"] }),
    )
    .await;
    assert_eq!(r.error(400), "You cannot grab your own shift.");
    let r = grab(
        s.ben.token.clone(),
        json!({ "storeId": s.store, "dropReuestId": uuid::Uuid::now_v7() }),
    )
    .await;
    assert_eq!(r.error(404), NO_DROP_REQUEST);
    // Both spellings of the field are accepted.
    let grabbed = grab(
        s.ben.token.clone(),
        json!({ "storeId": s.store, "dropRequestId": request["id"] }),
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
    grab(
        s.ben.token.clone(),
        json!({ "storeId": s.store, "dropReuestId": request["id"] }),
    )
    .await
    .data();
    let r = answer("approveGrabShift", s.scheduler.token.clone()).await;
    assert_eq!(r.data()["request"]["status"], "accepted");
    assert_eq!(r.data()["shift"]["assigned"], json!(s.ben_id));
    assert_eq!(r.data()["shift"]["status"], "confirmed");
    assert!(pool(&s, &s.ben.token).await.is_empty());

    // Ben sees the shift as his; Ana no longer does; both were told.
    let bens = s.read(&s.ben.token, &s.week_query()).await;
    assert!(bens
        .data()
        .as_array()
        .expect("list")
        .iter()
        .any(|x| x["id"] == shift["id"]));
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
    let r = s
        .app
        .call(
            "grabShift",
            json!({ "storeId": s.store, "dropReuestId": request["id"] }),
            Some(&s.ben.token),
        )
        .await;
    assert_eq!(r.error(404), NO_DROP_REQUEST);
}

#[actix_web::test]
async fn twenty_simultaneous_grabs_through_two_nodes_have_exactly_one_winner() {
    let s = scene().await;
    let peer = s.app.spawn_peer().await;
    let mut grabbers = Vec::new();
    for i in 0..20 {
        let (user, _) = add_member(
            &s.app,
            &s.owner,
            &s.store,
            &format!("grabber{i}@example.com"),
            &[&s.barista],
            &[],
        )
        .await;
        grabbers.push(user);
    }
    let shift = anas_published_shift(&s).await;
    let request = drop(&s, &s.ana.token, &shift).await.data()["request"].clone();

    let calls = grabbers.iter().enumerate().map(|(i, g)| {
        let node = if i % 2 == 0 { &s.app } else { &peer };
        let body = json!({ "storeId": s.store, "dropReuestId": request["id"] });
        let token = g.token.clone();
        async move { node.call("grabShift", body, Some(&token)).await }
    });
    let replies = futures_util::future::join_all(calls).await;
    let winners: Vec<_> = replies.iter().filter(|r| r.status == 200).collect();
    assert_eq!(winners.len(), 1, "exactly one grab wins");
    for r in replies.iter().filter(|r| r.status != 200) {
        assert_eq!(r.error(409), "Someone else grabbed this shift first.");
    }
    let approved = s
        .call(
            "approveGrabShift",
            &s.scheduler.token,
            json!({ "requestId": request["id"] }),
        )
        .await;
    assert_eq!(
        approved.data()["shift"]["assigned"],
        winners[0].body["data"]["request"]["grabbedBy"]
    );
}
