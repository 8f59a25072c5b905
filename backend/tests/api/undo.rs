//! `undoShiftChanges`: a manager takes back a step of their board changes, all or nothing,
//! refused when someone else changed a shift since.

use crate::fixtures::scene::{berlin, find_in, scene, Scene};
use crate::fixtures::stores::NOT_ENOUGH_PERMISSION;
use serde_json::{json, Value};

async fn undo(s: &Scene, token: &str, changes: Value) -> crate::fixtures::Reply {
    s.call("undoShiftChanges", token, json!({ "changes": changes }))
        .await
}

fn before(shift: &Value) -> Value {
    json!({
        "title": shift["title"], "start": shift["start"], "end": shift["end"],
        "role": shift["role"], "assigned": shift["assigned"], "oe": shift["oe"],
        "tasks": shift["tasks"],
    })
}

async fn listed(s: &Scene, id: &Value) -> Option<Value> {
    let week = s.read(&s.scheduler.token, &s.week_query()).await;
    find_in(week.data(), id)
}

#[actix_web::test]
async fn a_move_and_a_delete_are_undone_and_a_creation_is_taken_back() {
    let s = scene().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    // The manager moves it a day later.
    let moved = s
        .call(
            "updateShift",
            &s.scheduler.token,
            json!({ "shiftId": shift["id"], "updatedShift": { "start": berlin(4, 9, 0), "end": berlin(4, 17, 0) } }),
        )
        .await
        .data()
        .clone();
    let r = undo(
        &s,
        &s.scheduler.token,
        json!([{ "kind": "edited", "shiftId": shift["id"], "version": moved["version"], "before": before(&shift) }]),
    )
    .await;
    let back = r.data()["shifts"][0]["shift"].clone();
    assert_eq!(back["start"], shift["start"]);
    assert_eq!(back["end"], shift["end"]);
    assert_eq!(
        listed(&s, &shift["id"]).await.expect("listed")["start"],
        shift["start"]
    );

    // Deleted, then undone: the draft comes back with its fields under a new id.
    s.call(
        "deleteShift",
        &s.scheduler.token,
        json!({ "shiftId": shift["id"] }),
    )
    .await
    .data();
    let r = undo(
        &s,
        &s.scheduler.token,
        json!([{ "kind": "deleted", "shiftId": shift["id"], "before": before(&back) }]),
    )
    .await;
    let entry = r.data()["shifts"][0].clone();
    assert_eq!(entry["id"], shift["id"]);
    let again = entry["shift"].clone();
    assert_ne!(again["id"], shift["id"]);
    assert_eq!(again["status"], "draft");
    assert_eq!(again["assigned"], json!(s.ana_id));
    assert_eq!(
        listed(&s, &again["id"]).await.expect("listed")["start"],
        shift["start"]
    );

    // A creation is taken back.
    let r = undo(
        &s,
        &s.scheduler.token,
        json!([{ "kind": "created", "shiftId": again["id"], "version": again["version"] }]),
    )
    .await;
    assert_eq!(r.data()["shifts"][0]["shift"], Value::Null);
    assert!(listed(&s, &again["id"]).await.is_none());
}

#[actix_web::test]
async fn a_step_is_refused_whole_when_another_manager_changed_a_shift_since() {
    let s = scene().await;
    let a = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let b = s
        .shift(Some(&s.ben_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let ids = json!({ "shifts": [a["id"], b["id"]] });
    s.call("batchOpenShifts", &s.scheduler.token, ids)
        .await
        .data();
    let opened_a = listed(&s, &a["id"]).await.expect("a");
    let opened_b = listed(&s, &b["id"]).await.expect("b");
    assert_eq!(opened_a["assigned"], Value::Null);
    // The owner (another manager) renames b.
    s.call(
        "updateShift",
        &s.owner.token,
        json!({ "shiftId": b["id"], "updatedShift": { "title": "Closing" } }),
    )
    .await
    .data();
    let step = json!([
        { "kind": "edited", "shiftId": a["id"], "version": opened_a["version"], "before": before(&a) },
        { "kind": "edited", "shiftId": b["id"], "version": opened_b["version"], "before": before(&b) },
    ]);
    let r = undo(&s, &s.scheduler.token, step.clone()).await;
    assert_eq!(
        r.error(409),
        "Closing was changed by someone else since your change, so nothing was undone."
    );
    assert_eq!(r.body["code"], "undo_changed_since");
    assert_eq!(r.body["details"]["title"], "Closing");
    assert_eq!(r.body["details"]["shiftId"], b["id"]);
    // Nothing was undone, a included.
    assert_eq!(
        listed(&s, &a["id"]).await.expect("a")["assigned"],
        Value::Null
    );

    // Without b the step goes through: a gets its assignee back.
    let r = undo(&s, &s.scheduler.token, json!([step[0]])).await;
    assert_eq!(r.data()["shifts"][0]["shift"]["assigned"], json!(s.ana_id));

    // A shift deleted since is refused too; employees cannot undo; bad input changes nothing.
    s.call("deleteShift", &s.owner.token, json!({ "shiftId": b["id"] }))
        .await
        .data();
    let r = undo(
        &s,
        &s.scheduler.token,
        json!([{ "kind": "created", "shiftId": b["id"], "version": 3 }]),
    )
    .await;
    assert_eq!(r.body["code"], "undo_shift_gone");
    assert_eq!(r.status, 409);
    let r = undo(&s, &s.ana.token, json!([step[0]])).await;
    assert_eq!(r.error(403), NOT_ENOUGH_PERMISSION);
    for bad in [
        json!([]),
        json!([{ "kind": "published", "shiftId": a["id"], "version": 1 }]),
        json!([step[0], step[0]]),
    ] {
        let r = undo(&s, &s.scheduler.token, bad).await;
        assert_eq!(r.status, 400, "{:?}", r.body);
    }
}

#[actix_web::test]
async fn a_cancelled_shift_is_announced_again_and_its_assignee_told() {
    let s = scene().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    s.publish(&[&shift]).await.data();
    let r = s
        .call(
            "deleteShift",
            &s.scheduler.token,
            json!({ "shiftId": shift["id"] }),
        )
        .await;
    assert_eq!(r.data()["cancelled"], true);
    let cancelled = listed(&s, &shift["id"]).await.expect("still listed");
    assert_eq!(cancelled["status"], "cancelled");
    let r = undo(
        &s,
        &s.scheduler.token,
        json!([{ "kind": "cancelled", "shiftId": shift["id"], "version": cancelled["version"] }]),
    )
    .await;
    assert_eq!(r.data()["shifts"][0]["shift"]["status"], "published");
    assert!(s.shift_seen_by(&s.ana.token, &shift["id"]).await.is_some());
    let notes = s
        .app
        .get(
            &format!("/api/v1/stores/{}/notifications", s.store),
            Some(&s.ana.token),
        )
        .await;
    let titles: Vec<&str> = notes.data()["private"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|n| n["title"].as_str())
        .collect();
    assert!(titles.contains(&"Shift cancelled"), "{titles:?}");
    assert!(titles.contains(&"New shift"), "{titles:?}");
}

#[actix_web::test]
async fn a_shift_the_store_does_not_hold_cannot_be_undone() {
    let s = scene().await;
    // Another store's shift, or none: the store's actor holds only its own.
    let elsewhere = uuid::Uuid::now_v7();
    let r = undo(
        &s,
        &s.scheduler.token,
        json!([{ "kind": "created", "shiftId": elsewhere, "version": 1 }]),
    )
    .await;
    assert_eq!(
        r.error(409),
        "A shift of this change was deleted by someone else since, so nothing was undone."
    );
}

#[actix_web::test]
async fn a_cancellation_is_not_undone_over_a_shift_given_to_the_assignee_since() {
    let s = scene().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    s.publish(&[&shift]).await.data();
    s.call(
        "deleteShift",
        &s.scheduler.token,
        json!({ "shiftId": shift["id"] }),
    )
    .await
    .data();
    let cancelled = listed(&s, &shift["id"]).await.expect("still listed");
    // Ana gets another shift at the same time once the first is cancelled.
    s.shift(Some(&s.ana_id), berlin(3, 10, 0), berlin(3, 14, 0))
        .await;
    let r = undo(
        &s,
        &s.scheduler.token,
        json!([{ "kind": "cancelled", "shiftId": shift["id"], "version": cancelled["version"] }]),
    )
    .await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    assert_eq!(r.body["code"], "shift_conflict");
    assert_eq!(
        listed(&s, &shift["id"]).await.expect("listed")["status"],
        "cancelled"
    );
}
