//! Shifts over HTTP: creation with its checks and error types, edits and their transitions,
//! optimistic concurrency, publishing, answering, removal, batches, reads by permission, and
//! two nodes editing one shift at once.

use crate::fixtures::scene::{berlin, find_in, private_notifications, scene, Scene, HOUR};
use crate::fixtures::stores::{create_store, snapshot, NOT_ENOUGH_PERMISSION};
use crate::fixtures::{TestApp, TestUser};
use chrono::Utc;
use chrono_tz::Europe::Berlin;
use serde_json::{json, Value};

const NO_PERMISSION_PUBLISH: &str = "You don't have permission to publish shifts.";
const NO_PERMISSION_ALL: &str = "You Don't Have Pemissoin To Get All Shifts";
const START_BEFORE_END: &str = "Start date has to be before end date";

#[derive(diesel::QueryableByName)]
struct Scalar {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// The one bigint `n` a query answers.
fn scalar(app: &TestApp, sql: &str) -> i64 {
    use diesel::RunQueryDsl;
    diesel::sql_query(sql)
        .get_result::<Scalar>(&mut app.conn())
        .expect("scalar")
        .n
}

fn count(app: &TestApp, sql: &str) -> i64 {
    scalar(app, &format!("SELECT count(*) AS n FROM ({sql}) q"))
}

fn ids(list: &Value) -> Vec<String> {
    let mut v: Vec<String> = list
        .as_array()
        .expect("list")
        .iter()
        .map(|s| s["id"].as_str().expect("id").to_string())
        .collect();
    v.sort();
    v
}

#[actix_web::test]
async fn a_shift_goes_from_draft_to_published_to_confirmed() {
    let s = scene().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    assert_eq!(shift["status"], "draft");
    assert_eq!(shift["progress"], "ns");
    assert_eq!(shift["assigned"], json!(s.ana_id));
    assert_eq!(shift["assigneeEmail"], "ana@example.com");
    assert_eq!(shift["version"], 1);

    // Drafts are the managers' own.
    let mine = s.read(&s.ana.token, &s.week_query()).await;
    assert_eq!(mine.data().as_array().expect("list").len(), 0);

    let published = s.publish(&[&shift]).await;
    assert_eq!(published.data()["shifts"][0]["status"], "published");
    let mine = s.read(&s.ana.token, &s.week_query()).await;
    assert_eq!(ids(mine.data()), vec![shift["id"].as_str().expect("id")]);
    // Ben sees none of Ana's shifts.
    let bens = s.read(&s.ben.token, &s.week_query()).await;
    assert_eq!(bens.data().as_array().expect("list").len(), 0);

    let body = json!({ "shiftId": shift["id"] });
    let confirmed = s.call("confirmShift", &s.ana.token, body.clone()).await;
    assert_eq!(confirmed.data()["status"], "confirmed");
    let version = confirmed.data()["version"].clone();
    let again = s.call("confirmShift", &s.ana.token, body.clone()).await;
    assert_eq!(again.data()["status"], "confirmed");
    assert_eq!(
        again.data()["version"],
        version,
        "confirming twice changes nothing"
    );

    // Nobody else may answer Ana's shift.
    let reply = s.call("confirmShift", &s.ben.token, body).await;
    assert_eq!(reply.error(404), "Shift not found.");
}

#[actix_web::test]
async fn creation_checks_times_role_and_conflicts_with_the_spec_texts() {
    let s = scene().await;
    let before = snapshot(&s.app);
    let same = berlin(2, 9, 0);
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "assigned": s.ana_id, "start": same, "end": same }),
        )
        .await;
    assert_eq!(reply.error(400), START_BEFORE_END);
    assert_eq!(reply.body["details"]["type"], 4);

    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "assigned": s.ana_id, "role": s.cook, "start": berlin(2, 9, 0), "end": berlin(2, 12, 0) }),
        )
        .await;
    assert_eq!(
        reply.error(400),
        "Test ana@example.com doesn't have the matching role for this shift."
    );
    assert_eq!(reply.body["details"]["type"], 3);
    assert_eq!(reply.body["code"], "mismatched_roles");

    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "role": uuid::Uuid::now_v7(), "start": berlin(2, 9, 0), "end": berlin(2, 12, 0) }),
        )
        .await;
    assert_eq!(reply.error(400), "Role not found.");
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "assigned": uuid::Uuid::now_v7(), "start": berlin(2, 9, 0), "end": berlin(2, 12, 0) }),
        )
        .await;
    assert_eq!(
        reply.error(400),
        "Employee Document doesn't exist in the store."
    );
    assert_eq!(snapshot(&s.app), before, "refusals change nothing");

    s.shift(Some(&s.ana_id), berlin(2, 9, 0), berlin(2, 13, 0))
        .await;
    s.shift(Some(&s.ana_id), berlin(2, 14, 0), berlin(2, 18, 0))
        .await;
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "assigned": s.ana_id, "start": berlin(2, 12, 0), "end": berlin(2, 15, 0) }),
        )
        .await;
    assert_eq!(
        reply.error(400),
        "Test ana@example.com has 2 other shift(s) from 09:00 to 18:00 that are conflicting with the current shift."
    );
    // The message's parameters, for clients that word it in their reader's language.
    assert_eq!(
        reply.body["details"],
        json!({ "type": 2, "name": "Test ana@example.com", "count": 2, "from": "09:00", "to": "18:00" })
    );
    // Touching is not overlapping; Ben is free.
    s.shift(Some(&s.ana_id), berlin(2, 13, 0), berlin(2, 14, 0))
        .await;
    s.shift(Some(&s.ben_id), berlin(2, 12, 0), berlin(2, 15, 0))
        .await;
}

#[actix_web::test]
async fn overnight_repeat_and_long_shifts() {
    let s = scene().await;
    // 22:00 to 06:00 ends the next day.
    let night = s
        .shift(Some(&s.ana_id), berlin(2, 22, 0), berlin(2, 6, 0))
        .await;
    assert_eq!(night["end"].as_i64(), Some(berlin(3, 6, 0)));

    let starts = [berlin(4, 8, 0), berlin(5, 8, 0), berlin(6, 8, 0)];
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "assigned": s.ben_id, "start": starts[0], "end": starts[0] + 9 * HOUR, "repeat": starts }),
        )
        .await;
    let data = reply.data();
    assert_eq!(data["shifts"].as_array().expect("list").len(), 3);
    assert_eq!(data["warnings"].as_array().expect("list").len(), 3);
    assert_eq!(data["warnings"][0]["code"], "long_shift");
    assert_eq!(data["warnings"][0]["minutes"], 540);

    // Repeats that overlap each other for one assignee are refused, all of them.
    let before = count(&s.app, "SELECT id FROM shifts");
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "assigned": s.ana_id, "start": berlin(8, 8, 0), "end": berlin(8, 12, 0),
                    "repeat": [berlin(8, 8, 0), berlin(8, 10, 0)] }),
        )
        .await;
    assert_eq!(reply.body["details"]["type"], 2);
    assert_eq!(count(&s.app, "SELECT id FROM shifts"), before);

    // An open shift needs no assignee checks; wrong types and far dates are refused.
    let open = s.shift(None, berlin(2, 9, 0), berlin(2, 17, 0)).await;
    assert_eq!(open["assigned"], Value::Null);
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "start": "nine", "end": berlin(2, 9, 0) }),
        )
        .await;
    assert_eq!(reply.status, 400);
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "start": i64::MAX, "end": i64::MAX }),
        )
        .await;
    assert_eq!(reply.status, 400);
    let far = berlin(0, 9, 0) + 3000 * 24 * HOUR;
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "start": far, "end": far + HOUR }),
        )
        .await;
    assert_eq!(reply.status, 400);
}

#[actix_web::test]
async fn edits_follow_the_assignee_time_and_other_change_rules() {
    let s = scene().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let id = shift["id"].clone();
    let update = |changes: Value| {
        let body = json!({ "shiftId": id, "updatedShift": changes });
        let s = &s;
        async move { s.call("updateShift", &s.scheduler.token, body).await }
    };

    // A draft stays draft whatever changes.
    let r = update(json!({ "assigned": s.ben_id })).await;
    assert_eq!(r.data()["status"], "draft");
    assert_eq!(r.data()["assigned"], json!(s.ben_id));
    assert_eq!(r.data()["version"], 2);

    s.publish(&[&shift]).await.data();
    s.call("confirmShift", &s.ben.token, json!({ "shiftId": id }))
        .await
        .data();

    // Other change: status kept.
    let r = update(json!({ "title": "Opening" })).await;
    assert_eq!(r.data()["status"], "confirmed");
    // Time change: published again, to be confirmed again.
    let r = update(json!({ "start": berlin(3, 10, 0), "end": berlin(3, 18, 0) })).await;
    assert_eq!(r.data()["status"], "published");
    // Assignee change: published for the new assignee.
    let r = update(json!({ "assigned": s.ana_id })).await;
    assert_eq!(r.data()["status"], "published");
    assert_eq!(r.data()["assigneeEmail"], "ana@example.com");
    // Removing the assignee makes it a draft open shift.
    let r = update(json!({ "assigned": null })).await;
    assert_eq!(r.data()["status"], "draft");
    assert_eq!(r.data()["assigned"], Value::Null);
    // Nothing changed: nothing written.
    let version = r.data()["version"].clone();
    let r = update(json!({ "title": "Opening" })).await;
    assert_eq!(r.data()["version"], version);

    // On update, conflicts get the update wording.
    s.shift(Some(&s.ana_id), berlin(3, 12, 0), berlin(3, 14, 0))
        .await;
    let r = update(json!({ "assigned": s.ana_id })).await;
    assert_eq!(
        r.error(400),
        "Test ana@example.com has other shift(s) that have conflicts with this shifts"
    );
    assert_eq!(r.body["code"], "shift_conflict");
}

#[actix_web::test]
async fn a_stale_edit_gets_409_with_the_current_shift() {
    let s = scene().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let first = s
        .call(
            "updateShift",
            &s.scheduler.token,
            json!({ "shiftId": shift["id"], "updatedShift": { "title": "A", "version": 1 } }),
        )
        .await;
    assert_eq!(first.data()["version"], 2);
    let second = s
        .call(
            "updateShift",
            &s.owner.token,
            json!({ "shiftId": shift["id"], "updatedShift": { "title": "B", "version": 1 } }),
        )
        .await;
    assert_eq!(second.status, 409);
    assert_eq!(second.body["code"], "stale_shift");
    assert_eq!(second.body["details"]["shift"]["title"], "A");
    assert_eq!(second.body["details"]["shift"]["version"], 2);
}

#[actix_web::test]
async fn publishing_needs_permission_and_never_publishes_open_shifts() {
    let s = scene().await;
    let assigned = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let open = s.shift(None, berlin(3, 9, 0), berlin(3, 17, 0)).await;

    let reply = s
        .call(
            "publishShifts",
            &s.ana.token,
            json!({ "shifts": [assigned["id"]] }),
        )
        .await;
    assert_eq!(reply.error(403), NO_PERMISSION_PUBLISH);

    let reply = s.publish(&[&open]).await;
    assert_eq!(reply.error(400), "An open shift cannot be published.");
    let reply = s.publish(&[&open, &assigned]).await;
    assert_eq!(reply.data()["shifts"][0]["id"], assigned["id"]);
    assert_eq!(reply.data()["skipped"], json!([open["id"]]));
    // Publishing again changes nothing.
    let reply = s.publish(&[&assigned]).await;
    assert_eq!(reply.data()["shifts"], json!([]));
}

#[actix_web::test]
async fn reads_follow_permissions() {
    let s = scene().await;
    let mine = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let draft = s
        .shift(Some(&s.ana_id), berlin(4, 9, 0), berlin(4, 17, 0))
        .await;
    let bens = s
        .shift(Some(&s.ben_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let open = s.shift(None, berlin(3, 9, 0), berlin(3, 17, 0)).await;
    s.publish(&[&mine, &bens, &open]).await.data();

    let all = s.read(&s.scheduler.token, &s.week_query()).await;
    assert_eq!(all.data().as_array().expect("list").len(), 4);
    let owner = s
        .read(&s.owner.token, &format!("{}&scope=all", s.week_query()))
        .await;
    assert_eq!(owner.data().as_array().expect("list").len(), 4);

    let ana = s.read(&s.ana.token, &s.week_query()).await;
    assert_eq!(ids(ana.data()), vec![mine["id"].as_str().expect("id")]);
    let _ = draft;
    let reply = s
        .read(&s.ana.token, &format!("{}&scope=all", s.week_query()))
        .await;
    assert_eq!(reply.error(403), NO_PERMISSION_ALL);
    let pool = s
        .read(&s.ben.token, &format!("{}&scope=open", s.week_query()))
        .await;
    // Open shifts cannot be published, and drafts never reach the pool.
    assert_eq!(ids(pool.data()), Vec::<String>::new());
    let reply = s
        .read(
            &s.ana.token,
            &format!("{}&employee={}", s.week_query(), s.ben_id),
        )
        .await;
    assert_eq!(reply.error(403), NOT_ENOUGH_PERMISSION);
    let only_ben = s
        .read(
            &s.scheduler.token,
            &format!("{}&employee={}", s.week_query(), s.ben_id),
        )
        .await;
    assert_eq!(ids(only_ben.data()), vec![bens["id"].as_str().expect("id")]);

    let reply = s
        .read(
            &s.scheduler.token,
            &format!("start={}&end={}", berlin(5, 0, 0), berlin(1, 0, 0)),
        )
        .await;
    assert_eq!(reply.error(400), START_BEFORE_END);
    let reply = s
        .read(
            &s.scheduler.token,
            &format!("start=0&end={}", berlin(1, 0, 0)),
        )
        .await;
    assert_eq!(reply.status, 400, "ranges are bounded");
    // The default range is the current week.
    assert_eq!(s.read(&s.scheduler.token, "").await.status, 200);
}

#[actix_web::test]
async fn removal_deletes_drafts_and_cancels_announced_shifts_only_24_hours_ahead() {
    let s = scene().await;
    let draft = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let soon_start = Utc::now().timestamp_millis() + 5 * HOUR;
    let soon = s
        .shift(Some(&s.ben_id), soon_start, soon_start + 4 * HOUR)
        .await;
    let later = s
        .shift(Some(&s.ben_id), berlin(5, 9, 0), berlin(5, 17, 0))
        .await;
    s.publish(&[&soon, &later]).await.data();

    let del = |shift: &Value, reason: Option<&str>| {
        let body = json!({ "store": s.store, "shiftId": shift["id"], "cancelReason": reason });
        let s = &s;
        async move {
            s.app
                .call("deleteShift", body, Some(&s.scheduler.token))
                .await
        }
    };
    let r = del(&draft, None).await;
    assert_eq!(r.data()["cancelled"], false);
    assert_eq!(
        count(
            &s.app,
            &format!(
                "SELECT id FROM shifts WHERE id = '{}'",
                draft["id"].as_str().expect("id")
            )
        ),
        0
    );
    let r = del(&soon, None).await;
    assert_eq!(
        r.error(400),
        "A published shift can only be cancelled more than 24 hours before it starts."
    );
    let r = del(&later, Some("incorrect details")).await;
    assert_eq!(r.data()["cancelled"], true);
    let cancelled = s
        .shift_seen_by(&s.ben.token, &later["id"])
        .await
        .expect("still listed for Ben");
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["cancelReason"], "incorrect details");
}

#[actix_web::test]
async fn clearing_removes_drafts_in_the_range_only() {
    let s = scene().await;
    let a = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let b = s.shift(None, berlin(3, 9, 0), berlin(3, 17, 0)).await;
    let published = s
        .shift(Some(&s.ben_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let outside = s
        .shift(Some(&s.ben_id), berlin(6, 9, 0), berlin(6, 17, 0))
        .await;
    s.publish(&[&published]).await.data();
    let reply = s
        .call(
            "clearSchedule",
            &s.scheduler.token,
            json!({ "start": berlin(3, 0, 0), "end": berlin(4, 0, 0) }),
        )
        .await;
    let mut deleted: Vec<String> = reply.data()["deleted"]
        .as_array()
        .expect("list")
        .iter()
        .map(|v| v.as_str().expect("id").to_string())
        .collect();
    deleted.sort();
    let mut expected = vec![
        a["id"].as_str().expect("id").to_string(),
        b["id"].as_str().expect("id").to_string(),
    ];
    expected.sort();
    assert_eq!(deleted, expected);
    let left = s.read(&s.scheduler.token, &s.week_query()).await;
    assert_eq!(ids(left.data()), {
        let mut v = vec![
            published["id"].as_str().expect("id").to_string(),
            outside["id"].as_str().expect("id").to_string(),
        ];
        v.sort();
        v
    });
    let reply = s
        .call(
            "clearSchedule",
            &s.scheduler.token,
            json!({ "start": berlin(4, 0, 0), "end": berlin(3, 0, 0) }),
        )
        .await;
    assert_eq!(reply.error(400), START_BEFORE_END);
}

#[actix_web::test]
async fn declining_completing_rating_and_reminding() {
    let s = scene().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let body = json!({ "shiftId": shift["id"] });
    // A draft does not exist for its assignee.
    assert_eq!(
        s.call("declineShift", &s.ana.token, body.clone())
            .await
            .status,
        404
    );
    s.publish(&[&shift]).await.data();
    let r = s
        .call("remindShift", &s.scheduler.token, body.clone())
        .await;
    assert_eq!(r.data()["reminded"], json!(s.ana.id));
    let r = s.call("remindShift", &s.ana.token, body.clone()).await;
    assert_eq!(r.error(403), NOT_ENOUGH_PERMISSION);
    let r = s.call("declineShift", &s.ana.token, body.clone()).await;
    assert_eq!(r.data()["status"], "declined");
    let r = s.call("confirmShift", &s.ana.token, body.clone()).await;
    assert_eq!(r.error(400), "This cannot be done to a declined shift.");

    // Completing needs a started or missed shift; rating a finished one.
    let r = s
        .call("completeShift", &s.scheduler.token, body.clone())
        .await;
    assert_eq!(
        r.error(400),
        "Only a started or missed shift can be marked completed."
    );
    let r = s
        .call(
            "rateShift",
            &s.scheduler.token,
            json!({ "shiftId": shift["id"], "rate": 4 }),
        )
        .await;
    assert_eq!(
        r.error(400),
        "Only a finished, assigned shift can be rated."
    );

    // A shift that ended three hours ago and never started is missed; a manager completes it.
    let start = Utc::now().timestamp_millis() - 8 * HOUR;
    let past = s.shift(Some(&s.ben_id), start, start + 5 * HOUR).await;
    assert_eq!(past["progress"], "m");
    let body = json!({ "shiftId": past["id"] });
    let r = s.call("completeShift", &s.scheduler.token, body).await;
    assert_eq!(r.data()["progress"], "c");
    let r = s
        .call(
            "rateShift",
            &s.scheduler.token,
            json!({ "shiftId": past["id"], "rate": 5 }),
        )
        .await;
    assert_eq!(r.data()["rate"], 5);
    let r = s
        .call(
            "rateShift",
            &s.scheduler.token,
            json!({ "shiftId": past["id"], "rate": 9 }),
        )
        .await;
    assert_eq!(r.status, 400);
}

#[actix_web::test]
async fn batches_are_all_or_nothing() {
    let s = scene().await;
    let a = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let b = s
        .shift(Some(&s.ben_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let draft = s
        .shift(Some(&s.ben_id), berlin(4, 9, 0), berlin(4, 17, 0))
        .await;
    s.publish(&[&a, &b]).await.data();

    let before = snapshot(&s.app);
    let r = s
        .call(
            "batchDropShifts",
            &s.scheduler.token,
            json!({ "shifts": [a["id"], draft["id"]] }),
        )
        .await;
    assert_eq!(r.error(400), "This cannot be done to a draft shift.");
    assert_eq!(r.body["details"]["shiftId"], draft["id"]);
    assert_eq!(snapshot(&s.app), before);

    s.call(
        "batchDropShifts",
        &s.scheduler.token,
        json!({ "shifts": [a["id"]] }),
    )
    .await
    .data();
    s.call(
        "batchOpenShifts",
        &s.scheduler.token,
        json!({ "shifts": [b["id"]] }),
    )
    .await
    .data();
    s.call(
        "batchDeleteShifts",
        &s.scheduler.token,
        json!({ "shifts": [draft["id"]] }),
    )
    .await
    .data();
    let all = s.read(&s.scheduler.token, &s.week_query()).await;
    let by_id = |id: &Value| find_in(all.data(), id);
    assert_eq!(by_id(&a["id"]).expect("a")["status"], "dropped");
    let opened = by_id(&b["id"]).expect("b");
    assert_eq!(opened["status"], "draft");
    assert_eq!(opened["assigned"], Value::Null);
    assert!(by_id(&draft["id"]).is_none());
}

#[actix_web::test]
async fn shifts_of_another_store_are_out_of_reach() {
    let s = scene().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let other = s.app.create_user("other@example.com");
    let other_store = create_store(&s.app, &other, "Elsewhere").await;
    let before = snapshot(&s.app);
    for (name, body) in [
        (
            "updateShift",
            json!({ "storeId": other_store, "shiftId": shift["id"], "updatedShift": { "title": "x" } }),
        ),
        (
            "deleteShift",
            json!({ "store": other_store, "shiftId": shift["id"] }),
        ),
        (
            "publishShifts",
            json!({ "storeId": other_store, "shifts": [shift["id"]] }),
        ),
        (
            "completeShift",
            json!({ "storeId": other_store, "shiftId": shift["id"] }),
        ),
    ] {
        let r = s.app.call(name, body, Some(&other.token)).await;
        assert_eq!(r.error(404), "Shift not found.", "{name}");
    }
    // Nor can the other owner act in this store, or read it.
    let r = s
        .app
        .call(
            "updateShift",
            json!({ "storeId": s.store, "shiftId": shift["id"], "updatedShift": { "title": "x" } }),
            Some(&other.token),
        )
        .await;
    assert_eq!(r.status, 403);
    assert_eq!(s.read(&other.token, &s.week_query()).await.status, 403);
    assert_eq!(snapshot(&s.app), before);
}

#[actix_web::test]
async fn an_employee_invited_after_the_store_was_loaded_can_be_scheduled_at_once() {
    let s = scene().await;
    // Load the store's actor, then add someone outside it.
    s.shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let (_, cara_id) = s.barista("cara@example.com").await;
    let shift = s
        .shift(Some(&cara_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    assert_eq!(shift["assigned"], json!(cara_id));
}

#[actix_web::test]
async fn every_change_is_one_outbox_version_with_its_audience() {
    let s = scene().await;
    let start_version = scalar(
        &s.app,
        &format!("SELECT version AS n FROM stores WHERE id = '{}'", s.store),
    );
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    s.publish(&[&shift]).await.data();
    let version = scalar(
        &s.app,
        &format!("SELECT version AS n FROM stores WHERE id = '{}'", s.store),
    );
    // Created, published, and Ana's new-shift notification (for her alone).
    assert_eq!(version, start_version + 3);
    let for_ana_alone = count(
        &s.app,
        &format!("SELECT 1 FROM store_events WHERE store_id = '{}' AND kind = 'notification.created' AND NOT managers_only AND user_ids = ARRAY['{}']::uuid[]", s.store, s.ana.id),
    );
    assert_eq!(for_ana_alone, 1);
    let drafts_for_managers = count(
        &s.app,
        &format!("SELECT 1 FROM store_events WHERE store_id = '{}' AND kind = 'shift.created' AND managers_only AND user_ids IS NULL", s.store),
    );
    assert_eq!(drafts_for_managers, 1);
    let published_for_ana = count(
        &s.app,
        &format!("SELECT 1 FROM store_events WHERE store_id = '{}' AND kind = 'shift.updated' AND user_ids = ARRAY['{}']::uuid[]", s.store, s.ana.id),
    );
    assert_eq!(published_for_ana, 1);
}

#[actix_web::test]
async fn fifty_concurrent_edits_through_two_nodes_commit_or_get_409() {
    let s = scene().await;
    let peer = s.app.spawn_peer().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let id = shift["id"].clone();
    let calls = (0..50).map(|i| {
        let node = if i % 2 == 0 { &s.app } else { &peer };
        let body = json!({ "storeId": s.store, "shiftId": id,
                           "updatedShift": { "title": format!("edit {i}"), "version": 1 + i / 10 } });
        let token = s.scheduler.token.clone();
        async move { (i, node.call("updateShift", body, Some(&token)).await) }
    });
    let replies = futures_util::future::join_all(calls).await;
    let mut committed: Vec<(i64, String)> = Vec::new();
    for (i, r) in &replies {
        match r.status {
            200 => committed.push((
                r.body["data"]["version"].as_i64().expect("version"),
                format!("edit {i}"),
            )),
            409 => assert_eq!(r.body["code"], "stale_shift"),
            other => panic!("unexpected {other}: {:?}", r.body),
        }
    }
    assert!(!committed.is_empty());
    committed.sort();
    let versions: Vec<i64> = committed.iter().map(|(v, _)| *v).collect();
    let expected: Vec<i64> = (2..2 + versions.len() as i64).collect();
    assert_eq!(versions, expected, "shift versions are gap-free");
    let last = committed.last().expect("one").1.clone();
    let stored = s.stored(&id).await;
    assert_eq!(stored["title"], json!(last));
    assert_eq!(stored["version"], json!(versions.last()));
    // The store's outbox versions are gap-free too.
    let gaps = scalar(
        &s.app,
        &format!("SELECT (max(version) - min(version) + 1 - count(*)) AS n FROM store_events WHERE store_id = '{}'", s.store),
    );
    assert_eq!(gaps, 0);
}

#[actix_web::test]
async fn shifts_must_fit_availability_and_avoid_accepted_time_off() {
    let s = scene().await;
    // Ana works mornings, every day.
    let window = json!({ "start": "06:00", "end": "13:00",
                         "days": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] });
    s.app
        .call(
            "addEmployeeAvailableTime",
            json!({ "store": s.store, "availability": window, "userId": s.ana.id }),
            Some(&s.owner.token),
        )
        .await
        .data();
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "assigned": s.ana_id, "start": berlin(3, 12, 0), "end": berlin(3, 16, 0) }),
        )
        .await;
    assert_eq!(
        reply.error(400),
        "Test ana@example.com is not available at the time of this shift"
    );
    assert_eq!(reply.body["details"]["type"], 0);
    let morning = s
        .shift(Some(&s.ana_id), berlin(3, 7, 0), berlin(3, 12, 0))
        .await;

    // Ana takes day 4 off; once accepted, no shift goes there, and the update call refuses too.
    let request = s
        .app
        .call(
            "requestTimeOff",
            json!({ "store": s.store, "start": berlin(4, 0, 0), "end": berlin(4, 0, 0), "entireDay": true }),
            Some(&s.ana.token),
        )
        .await
        .data()["id"]
        .clone();
    // Pending time off does not block.
    s.shift(Some(&s.ana_id), berlin(4, 7, 0), berlin(4, 8, 0))
        .await;
    s.app
        .call(
            "approveTimeOff",
            json!({ "storeId": s.store, "requestId": request }),
            Some(&s.owner.token),
        )
        .await
        .data();
    let day = chrono::DateTime::from_timestamp_millis(berlin(4, 0, 0))
        .expect("ms")
        .with_timezone(&Berlin)
        .format("%m/%d")
        .to_string();
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "assigned": s.ana_id, "start": berlin(4, 9, 0), "end": berlin(4, 11, 0) }),
        )
        .await;
    assert_eq!(
        reply.error(400),
        format!("Test ana@example.com has time off in the following dates: {day} to {day}")
    );
    assert_eq!(reply.body["details"]["type"], 1);
    let reply = s
        .call(
            "updateShift",
            &s.scheduler.token,
            json!({ "shiftId": morning["id"], "updatedShift": { "start": berlin(4, 8, 0), "end": berlin(4, 10, 0) } }),
        )
        .await;
    assert_eq!(reply.body["code"], "time_off_conflict");
    assert_eq!(reply.body["details"]["type"], 1);
}

/// The types of a user's private notifications, newest first.
async fn notification_types(s: &Scene, who: &TestUser) -> Vec<String> {
    private_notifications(s, who)
        .await
        .iter()
        .map(|n| n["type"].as_str().expect("type").to_string())
        .collect()
}

#[actix_web::test]
async fn assignees_and_managers_are_notified_of_what_concerns_them() {
    let s = scene().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    assert!(
        notification_types(&s, &s.ana).await.is_empty(),
        "drafts tell nobody"
    );
    s.publish(&[&shift]).await.data();
    assert_eq!(notification_types(&s, &s.ana).await, vec!["newshift"]);

    // Giving it to Ben: Ben is asked to confirm, Ana hears it is no longer hers.
    s.call(
        "updateShift",
        &s.scheduler.token,
        json!({ "shiftId": shift["id"], "updatedShift": { "assigned": s.ben_id }, "cancelReason": "incorrect details" }),
    )
    .await
    .data();
    assert_eq!(notification_types(&s, &s.ana).await[0], "shiftcancel");
    assert_eq!(notification_types(&s, &s.ben).await, vec!["newshift"]);
    // A time change tells Ben; his decline tells the managers.
    s.call(
        "updateShift",
        &s.scheduler.token,
        json!({ "shiftId": shift["id"], "updatedShift": { "start": berlin(3, 10, 0), "end": berlin(3, 18, 0) } }),
    )
    .await
    .data();
    assert_eq!(notification_types(&s, &s.ben).await[0], "shiftUpdate");
    s.call(
        "declineShift",
        &s.ben.token,
        json!({ "shiftId": shift["id"] }),
    )
    .await
    .data();
    assert_eq!(
        notification_types(&s, &s.scheduler).await[0],
        "declineShift"
    );
    assert_eq!(notification_types(&s, &s.owner).await[0], "declineShift");
    // A reminder and a cancellation reach the assignee.
    let other = s
        .shift(Some(&s.ana_id), berlin(5, 9, 0), berlin(5, 17, 0))
        .await;
    s.publish(&[&other]).await.data();
    s.call(
        "remindShift",
        &s.scheduler.token,
        json!({ "shiftId": other["id"] }),
    )
    .await
    .data();
    assert_eq!(notification_types(&s, &s.ana).await[0], "newshift");
    s.app
        .call(
            "deleteShift",
            json!({ "store": s.store, "shiftId": other["id"], "cancelReason": "finished ahead of schedule" }),
            Some(&s.scheduler.token),
        )
        .await
        .data();
    assert_eq!(notification_types(&s, &s.ana).await[0], "shiftcancel");
}

#[actix_web::test]
async fn many_edits_of_one_shift_committed_together_keep_every_version() {
    let s = scene().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    // Thirty edits at once: the actor commits them in groups, writing each shift once per
    // group, and every edit still gets its own version and outbox row.
    let calls = (0..30).map(|i| {
        s.call(
            "updateShift",
            &s.scheduler.token,
            json!({ "shiftId": shift["id"], "updatedShift": { "title": format!("t{i}") } }),
        )
    });
    let replies = futures_util::future::join_all(calls).await;
    let mut versions: Vec<(i64, String)> = replies
        .iter()
        .map(|r| {
            let d = r.data();
            (
                d["version"].as_i64().expect("version"),
                d["title"].as_str().expect("title").to_string(),
            )
        })
        .collect();
    versions.sort();
    assert_eq!(
        versions.iter().map(|(v, _)| *v).collect::<Vec<_>>(),
        (2..32).collect::<Vec<_>>()
    );
    let stored = s.stored(&shift["id"]).await;
    assert_eq!(stored["version"], 31);
    assert_eq!(stored["title"], json!(versions.last().expect("last").1));
    let updates = count(
        &s.app,
        &format!(
            "SELECT 1 FROM store_events WHERE store_id = '{}' AND kind = 'shift.updated'",
            s.store
        ),
    );
    assert_eq!(updates, 30);
}

#[actix_web::test]
async fn instants_out_of_range_and_ends_far_before_the_start_are_refused_at_once() {
    let s = scene().await;
    let start = berlin(1, 9, 0);
    let create = |body: Value| s.create(&s.scheduler.token, body);
    // Far out of any clock's range: refused at the edge.
    let reply = create(json!({ "start": start, "end": -8_200_000_000_000_000_i64 })).await;
    assert_eq!(reply.error(400), "end is out of range.");
    // An end more than a day before the start is no overnight shift.
    for end in [start - 2 * 24 * HOUR, start - 24 * HOUR] {
        let reply = create(json!({ "start": start, "end": end })).await;
        assert_eq!(reply.error(400), START_BEFORE_END, "end {end}");
    }
    // Instants no clock of ours should meet, however they are sent.
    for (start, end) in [(i64::MAX, start), (start, i64::MAX), (i64::MIN, start)] {
        let reply = create(json!({ "start": start, "end": end })).await;
        assert_eq!(reply.status, 400, "{reply:?}");
        assert!(reply.body["message"]
            .as_str()
            .expect("text")
            .contains("out of range"));
    }
    let reply = create(json!({ "start": start, "end": start + HOUR, "repeat": [i64::MAX] })).await;
    assert_eq!(reply.error(400), "repeat is out of range.");
    let many: Vec<i64> = (0..5_000).map(|d| start + d * 24 * HOUR).collect();
    let reply = create(json!({ "start": start, "end": start + HOUR, "repeat": many })).await;
    assert_eq!(reply.status, 400);
    // Nothing was created, and an overnight shift still ends the next morning.
    assert_eq!(count(&s.app, "SELECT 1 FROM shifts"), 0);
    let night = create(json!({ "start": berlin(1, 22, 0), "end": berlin(1, 6, 0) })).await;
    assert_eq!(night.data()["shifts"][0]["end"], berlin(2, 6, 0));
}

#[actix_web::test]
async fn tasks_are_a_list_of_objects() {
    let s = scene().await;
    let start = berlin(1, 9, 0);
    let create = |tasks: Value| {
        s.create(
            &s.scheduler.token,
            json!({ "start": start, "end": start + 4 * HOUR, "tasks": tasks }),
        )
    };
    for bad in [
        json!("sweep"),
        json!(["sweep"]),
        json!([{ "title": "sweep" }, 3]),
    ] {
        let reply = create(bad.clone()).await;
        assert_eq!(reply.status, 400, "{bad}");
    }
    let reply = create(json!(["sweep"])).await;
    assert_eq!(reply.error(400), "tasks must be a list of objects.");
    let huge = json!([{ "title": "x".repeat(20_000) }]);
    assert_eq!(create(huge).await.error(400), "tasks is too large.");
    assert_eq!(count(&s.app, "SELECT 1 FROM shifts"), 0);
    let tasks = json!([{ "title": "Sweep", "done": false }]);
    let reply = create(tasks.clone()).await;
    assert_eq!(reply.data()["shifts"][0]["tasks"], tasks);
}
