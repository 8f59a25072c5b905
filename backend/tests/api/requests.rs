//! Availability, time off and notifications: every call, its permission refusals and the
//! spec's error texts.

use crate::fixtures::stores::{
    add_member, count, create_role, create_store, NOT_ENOUGH_PERMISSION,
};
use crate::fixtures::wait::eventually;
use crate::fixtures::{spawn_app, TestApp, TestUser};
use backend::db::models::shift::Shift;
use backend::domain::ids::{EmployeeId, ShiftId, StoreId};
use backend::domain::shift::Status;
use chrono::{TimeZone, Utc};
use serde_json::{json, Value};

const EDIT_RESOLVED: &str = "Trying to edit a resolved request.";
const DELETE_RESOLVED: &str = "trying to delete a resolved request.";
const USE_DROP: &str = "Use the drop shift method instead.";
const NO_TYPE: &str = "Request type doesn't exist.";
const START_BEFORE_END: &str = "Start date has to be before end date";

struct Team {
    app: TestApp,
    store: String,
    owner: TestUser,
    manager: TestUser,
    ann: TestUser,
    ann_employee: String,
    bob: TestUser,
}

/// A Berlin store with a manager (employee permission), Ann (may edit her availability) and
/// Bob (no permissions).
async fn team() -> Team {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Cafe").await;
    let role = create_role(&app, &owner.token, &store, "Barista").await;
    let (manager, _) = add_member(
        &app,
        &owner,
        &store,
        "manager@example.com",
        &[],
        &["employee"],
    )
    .await;
    let (ann, ann_employee) = add_member(
        &app,
        &owner,
        &store,
        "ann@example.com",
        &[&role],
        &["availabletime"],
    )
    .await;
    let (bob, _) = add_member(&app, &owner, &store, "bob@example.com", &[&role], &[]).await;
    Team {
        app,
        store,
        owner,
        manager,
        ann,
        ann_employee,
        bob,
    }
}

fn berlin_ms(y: i32, m: u32, d: u32, h: u32, min: u32, s: u32) -> i64 {
    chrono_tz::Europe::Berlin
        .with_ymd_and_hms(y, m, d, h, min, s)
        .single()
        .expect("local time")
        .timestamp_millis()
}

impl Team {
    async fn call(&self, name: &str, body: Value, who: &TestUser) -> crate::fixtures::Reply {
        self.app.call(name, body, Some(&who.token)).await
    }

    async fn get(&self, path: &str, who: &TestUser) -> Value {
        self.app
            .get(
                &format!("/api/v1/stores/{}{path}", self.store),
                Some(&who.token),
            )
            .await
            .data()
            .clone()
    }
}

#[actix_web::test]
async fn availability_is_edited_by_its_owner_with_permission_or_by_managers() {
    let t = team().await;
    let window = json!({ "start": "09:00", "end": "17:00", "days": [1, "wed"], "reason": "school", "type": "available" });
    let created = t
        .call(
            "createAvailableTime",
            json!({ "store": t.store, "availability": window }),
            &t.ann,
        )
        .await
        .data()
        .clone();
    assert_eq!(created["days"], json!([1, 3]));
    assert_eq!(created["start"], "09:00");
    assert_eq!(created["end"], "17:00");
    assert_eq!(created["allDay"], false);
    assert_eq!(created["userId"], json!(t.ann.id));
    let id = created["id"].as_str().expect("id").to_string();

    let updated = t
        .call(
            "updateAvailableTime",
            json!({ "store": t.store, "availabilityId": id, "rawAvailability": { "days": [0], "allDay": true } }),
            &t.ann,
        )
        .await
        .data()
        .clone();
    assert_eq!(updated["allDay"], true);
    assert_eq!(updated["start"], "00:00");
    assert_eq!(updated["days"], json!([0]));

    // Bob lacks `availabletime`.
    let refused = t
        .call(
            "createAvailableTime",
            json!({ "store": t.store, "availability": window }),
            &t.bob,
        )
        .await;
    assert_eq!(refused.error(403), NOT_ENOUGH_PERMISSION);
    // Nor may employees use the managers' calls.
    let refused = t
        .call(
            "addEmployeeAvailableTime",
            json!({ "store": t.store, "availability": window, "userId": t.bob.id }),
            &t.ann,
        )
        .await;
    assert_eq!(refused.error(403), NOT_ENOUGH_PERMISSION);

    // The manager edits Bob's availability.
    let bobs = t
        .call(
            "addEmployeeAvailableTime",
            json!({ "store": t.store, "availability": window, "userId": t.bob.id }),
            &t.manager,
        )
        .await
        .data()
        .clone();
    let bobs_id = bobs["id"].as_str().expect("id").to_string();
    let overnight = json!({ "start": "22:00", "end": "06:00", "days": ["fri"] });
    let changed = t
        .call(
            "updateEmployeeAvailableTime",
            json!({ "store": t.store, "availability": overnight, "userId": t.bob.id, "availabilityId": bobs_id }),
            &t.manager,
        )
        .await
        .data()
        .clone();
    assert_eq!(
        (changed["start"].as_str(), changed["end"].as_str()),
        (Some("22:00"), Some("06:00"))
    );

    // Ann cannot reach Bob's window through her own calls.
    let other = t
        .call(
            "deleteAvailableTime",
            json!({ "store": t.store, "availabilityId": bobs_id }),
            &t.ann,
        )
        .await;
    assert_eq!(other.error(404), "Availability not found.");

    // Reads: managers see everyone's, employees their own.
    assert_eq!(
        t.get("/availability", &t.manager)
            .await
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    let own = t.get("/availability", &t.ann).await;
    assert_eq!(own.as_array().map(Vec::len), Some(1));
    assert_eq!(own[0]["id"], json!(id));

    t.call(
        "deleteEmployeeAvailableTime",
        json!({ "store": t.store, "userId": t.bob.id, "availabilityId": bobs_id }),
        &t.manager,
    )
    .await
    .data();
    t.call(
        "deleteAvailableTime",
        json!({ "store": t.store, "availabilityId": id }),
        &t.ann,
    )
    .await
    .data();
    assert_eq!(count(&t.app, "SELECT 1 FROM availability_windows"), 0);
    assert_eq!(
        count(
            &t.app,
            "SELECT 1 FROM store_events WHERE kind LIKE 'availability.%'"
        ),
        6
    );
}

#[actix_web::test]
async fn bad_availability_is_refused_and_changes_nothing() {
    let t = team().await;
    for bad in [
        json!({ "start": "09:00", "end": "17:00", "days": [] }),
        json!({ "start": "09:00", "end": "17:00", "days": [9] }),
        json!({ "start": "9am", "end": "17:00", "days": [1] }),
        json!({ "start": "09:00", "days": [1] }),
        json!({ "start": "09:00", "end": "09:00", "days": [1] }),
    ] {
        let reply = t
            .call(
                "createAvailableTime",
                json!({ "store": t.store, "availability": bad }),
                &t.ann,
            )
            .await;
        assert_eq!(reply.status, 400, "{bad}: {:?}", reply.body);
    }
    let missing = t
        .call(
            "updateAvailableTime",
            json!({ "store": t.store, "availabilityId": uuid::Uuid::new_v4(), "rawAvailability": { "days": [1], "allDay": true } }),
            &t.ann,
        )
        .await;
    assert_eq!(missing.error(404), "Availability not found.");
    assert_eq!(count(&t.app, "SELECT 1 FROM availability_windows"), 0);
}

#[actix_web::test]
async fn time_off_is_requested_edited_and_answered_with_the_spec_texts() {
    let t = team().await;
    // Entire days across the spring change of clocks (Berlin, 2027-03-28).
    let reply = t
        .call(
            "requestTimeOff",
            json!({
                "store": t.store,
                "start": berlin_ms(2027, 3, 27, 15, 12, 40) + 123,
                "end": berlin_ms(2027, 3, 29, 9, 0, 0),
                "entireDay": true,
                "description": "family",
                "coveringDates": ["ignored"]
            }),
            &t.ann,
        )
        .await;
    let request = reply.data().clone();
    assert_eq!(request["status"], "pending");
    assert_eq!(request["type"], "timeoff");
    assert_eq!(request["start"], json!(berlin_ms(2027, 3, 27, 0, 0, 0)));
    assert_eq!(
        request["end"],
        json!(berlin_ms(2027, 3, 29, 23, 59, 59) + 999)
    );
    assert_eq!(
        request["coveringDates"],
        json!(["2027-03-27", "2027-03-28", "2027-03-29"])
    );
    let id = request["id"].as_str().expect("id").to_string();

    // Partial days have seconds and milliseconds zeroed.
    let partial = t
        .call(
            "createRequest",
            json!({
                "store": t.store, "type": "timeoff",
                "start": berlin_ms(2027, 4, 2, 9, 30, 59) + 999,
                "end": berlin_ms(2027, 4, 2, 13, 0, 1),
            }),
            &t.ann,
        )
        .await
        .data()
        .clone();
    assert_eq!(partial["start"], json!(berlin_ms(2027, 4, 2, 9, 30, 0)));
    assert_eq!(partial["end"], json!(berlin_ms(2027, 4, 2, 13, 0, 0)));
    let partial_id = partial["id"].as_str().expect("id").to_string();

    // The generic call refuses drop shifts and unknown types.
    let drop = t
        .call(
            "createRequest",
            json!({ "store": t.store, "type": "dropshift" }),
            &t.ann,
        )
        .await;
    assert_eq!(drop.error(400), USE_DROP);
    let unknown = t
        .call(
            "createRequest",
            json!({ "store": t.store, "type": "vacation" }),
            &t.ann,
        )
        .await;
    assert_eq!(unknown.error(400), NO_TYPE);
    let backwards = t
        .call(
            "requestTimeOff",
            json!({ "store": t.store, "start": berlin_ms(2027, 4, 2, 10, 0, 0), "end": berlin_ms(2027, 4, 1, 10, 0, 0) }),
            &t.ann,
        )
        .await;
    assert_eq!(backwards.error(400), START_BEFORE_END);
    // A span of centuries would make the server list millions of dates: refused.
    let endless = t
        .call(
            "requestTimeOff",
            json!({ "store": t.store, "start": berlin_ms(2027, 4, 1, 10, 0, 0), "end": berlin_ms(2190, 4, 1, 10, 0, 0), "entireDay": true }),
            &t.ann,
        )
        .await;
    assert_eq!(endless.error(400), "Time off can span at most 366 days.");

    // Managers were told, in the list and by mail.
    let notes = t.get("/notifications", &t.manager).await;
    assert_eq!(notes["private"][0]["type"], "timeoff");
    assert_eq!(notes["private"][0]["timeoffRequest"], json!(partial_id));
    wait_for_mail(
        &t.app,
        "manager@example.com",
        "Subject: New time off request",
    )
    .await;

    // Ann edits while pending; someone else's request is unknown to Bob.
    let edited = t
        .call(
            "updateTimeOff",
            json!({ "storeId": t.store, "requestId": partial_id, "start": berlin_ms(2027, 4, 2, 8, 0, 0), "end": berlin_ms(2027, 4, 2, 12, 0, 0), "description": "dentist" }),
            &t.ann,
        )
        .await
        .data()
        .clone();
    assert_eq!(edited["description"], "dentist");
    let not_bobs = t
        .call(
            "deleteTimeOff",
            json!({ "storeId": t.store, "requestId": partial_id }),
            &t.bob,
        )
        .await;
    assert_eq!(not_bobs.error(404), "Request not found.");

    // Employees cannot answer; managers can.
    let refused = t
        .call(
            "rejectTimeOff",
            json!({ "store": t.store, "requestId": partial_id }),
            &t.ann,
        )
        .await;
    assert_eq!(refused.error(403), NOT_ENOUGH_PERMISSION);
    let rejected = t
        .call(
            "rejectTimeOff",
            json!({ "store": t.store, "requestId": partial_id }),
            &t.manager,
        )
        .await
        .data()
        .clone();
    assert_eq!(rejected["status"], "denied");
    assert_eq!(rejected["responseBy"], json!(t.manager.id));

    let edit_again = t
        .call(
            "updateTimeOff",
            json!({ "storeId": t.store, "requestId": partial_id, "start": berlin_ms(2027, 4, 2, 8, 0, 0), "end": berlin_ms(2027, 4, 2, 12, 0, 0) }),
            &t.ann,
        )
        .await;
    assert_eq!(edit_again.error(400), EDIT_RESOLVED);
    let delete_resolved = t
        .call(
            "deleteTimeOff",
            json!({ "storeId": t.store, "requestId": partial_id }),
            &t.ann,
        )
        .await;
    assert_eq!(delete_resolved.error(400), DELETE_RESOLVED);
    let reject_again = t
        .call(
            "rejectTimeOff",
            json!({ "store": t.store, "requestId": partial_id }),
            &t.manager,
        )
        .await;
    assert_eq!(reject_again.error(400), EDIT_RESOLVED);
    wait_for_mail(&t.app, "ann@example.com", "Subject: Time off rejected").await;

    // Reads: managers see every request, employees their own.
    assert_eq!(
        t.get("/timeoff", &t.manager).await.as_array().map(Vec::len),
        Some(2)
    );
    assert_eq!(
        t.get("/timeoff", &t.bob).await.as_array().map(Vec::len),
        Some(0)
    );

    // Cancelling and deleting a pending request.
    let cancelled = t
        .call(
            "cancelTimeOff",
            json!({ "storeId": t.store, "timeoffId": id }),
            &t.ann,
        )
        .await
        .data()
        .clone();
    assert_eq!(cancelled["status"], "cancelled");
    let notes = t.get("/notifications", &t.owner).await;
    assert_eq!(notes["private"][0]["type"], "cancelTimeOff");
    let again = t
        .call(
            "cancelTimeOff",
            json!({ "storeId": t.store, "timeoffId": id }),
            &t.ann,
        )
        .await;
    assert_eq!(again.error(400), EDIT_RESOLVED);

    let fresh = t
        .call(
            "requestTimeOff",
            json!({ "store": t.store, "start": berlin_ms(2027, 5, 2, 9, 0, 0), "end": berlin_ms(2027, 5, 2, 10, 0, 0) }),
            &t.bob,
        )
        .await
        .data()["id"]
        .clone();
    t.call(
        "deleteTimeOff",
        json!({ "storeId": t.store, "requestId": fresh }),
        &t.bob,
    )
    .await
    .data();
    assert_eq!(
        count(
            &t.app,
            &format!(
                "SELECT 1 FROM requests WHERE id = '{}'",
                fresh.as_str().expect("id")
            )
        ),
        0
    );
    assert!(
        count(
            &t.app,
            "SELECT 1 FROM store_events WHERE kind LIKE 'request.%'"
        ) >= 6
    );
}

async fn insert_shift(
    app: &TestApp,
    store: &str,
    employee: &str,
    status: Status,
    start: i64,
    hours: i64,
) -> ShiftId {
    let now = Utc::now();
    let start = chrono::DateTime::from_timestamp_millis(start).expect("start");
    let shift = Shift {
        status,
        assigned: Some(employee.parse::<EmployeeId>().expect("employee")),
        assignee_email: Some("ann@example.com".into()),
        ..Shift::draft(
            store.parse::<StoreId>().expect("store"),
            "Morning".into(),
            start,
            start + chrono::Duration::hours(hours),
            now,
        )
    };
    let id = shift.id;
    app.put_shift(shift).await;
    id
}

#[actix_web::test]
async fn approving_time_off_opens_the_affected_shifts_and_tells_the_employee() {
    let t = team().await;
    let day = |h| berlin_ms(2027, 6, 7, h, 0, 0);
    let inside = insert_shift(
        &t.app,
        &t.store,
        &t.ann_employee,
        Status::Published,
        day(9),
        6,
    )
    .await;
    let confirmed = insert_shift(
        &t.app,
        &t.store,
        &t.ann_employee,
        Status::Confirmed,
        day(20),
        2,
    )
    .await;
    let cancelled = insert_shift(
        &t.app,
        &t.store,
        &t.ann_employee,
        Status::Cancelled,
        day(12),
        2,
    )
    .await;
    let next_day = insert_shift(
        &t.app,
        &t.store,
        &t.ann_employee,
        Status::Published,
        berlin_ms(2027, 6, 8, 9, 0, 0),
        4,
    )
    .await;

    let request = t
        .call(
            "requestTimeOff",
            json!({ "store": t.store, "start": day(10), "end": day(10), "entireDay": true }),
            &t.ann,
        )
        .await
        .data()["id"]
        .clone();

    let check = t
        .call(
            "checkApproveTimeoff",
            json!({ "storeId": t.store, "requestId": request }),
            &t.manager,
        )
        .await
        .data()
        .clone();
    let ids: Vec<&str> = check["shifts"]
        .as_array()
        .expect("shifts")
        .iter()
        .filter_map(|s| s["id"].as_str())
        .collect();
    assert_eq!(ids, vec![inside.to_string(), confirmed.to_string()]);
    assert_eq!(check["shifts"][0]["status"], "published");
    let refused = t
        .call(
            "approveTimeOff",
            json!({ "storeId": t.store, "requestId": request }),
            &t.bob,
        )
        .await;
    assert_eq!(refused.error(403), NOT_ENOUGH_PERMISSION);

    let approved = t
        .call(
            "approveTimeOff",
            json!({ "storeId": t.store, "requestId": request }),
            &t.manager,
        )
        .await
        .data()
        .clone();
    assert_eq!(approved["request"]["status"], "accepted");
    assert_eq!(approved["shifts"].as_array().map(Vec::len), Some(2));
    assert_eq!(approved["shifts"][0]["assigned"], Value::Null);
    // Both were announced: they stay announced, open, in the pool for colleagues.
    let open = count(
        &t.app,
        &format!("SELECT 1 FROM shifts WHERE assigned IS NULL AND status = 'published' AND id IN ('{inside}', '{confirmed}')"),
    );
    assert_eq!(open, 2);
    let untouched = count(
        &t.app,
        &format!("SELECT 1 FROM shifts WHERE assigned IS NOT NULL AND id IN ('{cancelled}', '{next_day}')"),
    );
    assert_eq!(untouched, 2);

    let notes = t.get("/notifications", &t.ann).await;
    let kinds: Vec<&str> = notes["private"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|n| n["type"].as_str())
        .collect();
    assert_eq!(kinds.iter().filter(|k| **k == "shiftUpdate").count(), 2);
    let approval = notes["private"]
        .as_array()
        .expect("list")
        .iter()
        .find(|n| n["type"] == "timeoff")
        .expect("approval notice");
    assert_eq!(approval["title"], "Time off approved");
    assert_eq!(approval["variant"], 1);
    // The app words it from its code and parameters, in the reader's language.
    assert_eq!(approval["code"], "timeOffApproved");
    assert_eq!(approval["params"]["entireDay"], true);
    assert!(approval["params"]["start"].as_i64() < approval["params"]["end"].as_i64());
    let opened = notes["private"]
        .as_array()
        .expect("list")
        .iter()
        .find(|n| n["type"] == "shiftUpdate")
        .expect("opened shift notice");
    assert_eq!(opened["code"], "shiftOpened");
    assert!(opened["params"]["title"].is_string());
    assert!(opened["params"]["start"].is_i64());
    wait_for_mail(&t.app, "ann@example.com", "Subject: Time off approved").await;

    let again = t
        .call(
            "approveTimeOff",
            json!({ "storeId": t.store, "requestId": request }),
            &t.manager,
        )
        .await;
    assert_eq!(again.error(400), EDIT_RESOLVED);
    assert_eq!(
        count(
            &t.app,
            "SELECT 1 FROM store_events WHERE kind = 'shift.updated'"
        ),
        2
    );
}

#[actix_web::test]
async fn notifications_are_listed_marked_seen_and_deleted_by_their_reader_only() {
    let t = team().await;
    for h in [9, 11, 13] {
        t.call(
            "requestTimeOff",
            json!({ "store": t.store, "start": berlin_ms(2027, 7, 1, h, 0, 0), "end": berlin_ms(2027, 7, 1, h + 1, 0, 0) }),
            &t.ann,
        )
        .await
        .data();
    }
    let notes = t.get("/notifications", &t.manager).await;
    let private = notes["private"].as_array().expect("list").clone();
    assert_eq!(private.len(), 3);
    assert!(private
        .iter()
        .all(|n| n["seen"] == false && n["accessFor"] == json!(t.manager.id.to_string())));
    assert_eq!(notes["public"], json!([]));
    let ids: Vec<Value> = private.iter().map(|n| n["id"].clone()).collect();

    // Ann cannot touch the manager's notifications.
    let reply = t
        .call(
            "markNotificationsSeen",
            json!({ "storeId": t.store, "notificationIds": ids }),
            &t.ann,
        )
        .await;
    assert_eq!(reply.data()["updated"], 0);
    let reply = t
        .call(
            "deleteNotifications",
            json!({ "storeId": t.store, "notificationIds": ids }),
            &t.ann,
        )
        .await;
    assert_eq!(reply.data()["deleted"], 0);

    let reply = t
        .call(
            "markNotificationsSeen",
            json!({ "storeId": t.store, "notificationIds": [ids[0]] }),
            &t.manager,
        )
        .await;
    assert_eq!(reply.data()["updated"], 1);
    let notes = t.get("/notifications", &t.manager).await;
    assert_eq!(
        notes["private"]
            .as_array()
            .expect("list")
            .iter()
            .filter(|n| n["seen"] == true)
            .count(),
        1
    );
    let reply = t
        .call(
            "deleteNotifications",
            json!({ "storeId": t.store, "notificationIds": ids }),
            &t.manager,
        )
        .await;
    assert_eq!(reply.data()["deleted"], 3);
    assert_eq!(
        t.get("/notifications", &t.manager).await["private"],
        json!([])
    );
    let bad = t
        .call(
            "deleteNotifications",
            json!({ "storeId": t.store, "notificationIds": ["nope"] }),
            &t.manager,
        )
        .await;
    assert_eq!(bad.status, 400);
}

/// Writes a notification of `store` straight into the database, for `to` or, without one,
/// for everyone in the store. Returns its id.
fn insert_notification(app: &TestApp, store: &str, to: Option<&TestUser>) -> String {
    use backend::db::models::notification::Notification;
    use backend::domain::notification::{
        AccessFor, Draft, NotificationKind, References, Text, Variant,
    };
    let draft = Draft {
        kind: NotificationKind::Message,
        variant: Variant::Info,
        text: Text::written("Note", "A note."),
        access_for: to.map_or(AccessFor::Public, |u| AccessFor::User(u.id)),
        source: None,
        references: References::default(),
        reason: None,
    };
    let store = store.parse::<StoreId>().expect("store id");
    let row = Notification::from_draft(store, draft, Utc::now());
    row.insert(&mut app.conn()).expect("insert notification");
    row.id.to_string()
}

/// Which of `ids` are stored and which of those are seen, in the order given.
fn notification_states(app: &TestApp, ids: &[&String]) -> Vec<&'static str> {
    ids.iter()
        .map(|id| {
            match (
                count(
                    app,
                    &format!("SELECT 1 FROM notifications WHERE id = '{id}'"),
                ),
                count(
                    app,
                    &format!("SELECT 1 FROM notifications WHERE id = '{id}' AND seen"),
                ),
            ) {
                (0, _) => "deleted",
                (_, 0) => "unseen",
                _ => "seen",
            }
        })
        .collect()
}

fn store_version(app: &TestApp, store: &str) -> i64 {
    use backend::db::schema::stores;
    use diesel::{QueryDsl, RunQueryDsl};
    stores::table
        .find(store.parse::<StoreId>().expect("store id"))
        .select(stores::version)
        .first(&mut app.conn())
        .expect("store version")
}

/// Runs a notification call on all of `ids` in `store` and returns its answer's data.
async fn on_notifications(
    t: &Team,
    call: &str,
    who: &TestUser,
    store: &str,
    ids: &[&String],
) -> Value {
    t.call(
        call,
        json!({ "storeId": store, "notificationIds": ids }),
        who,
    )
    .await
    .data()
    .clone()
}

#[actix_web::test]
async fn seen_marks_and_deletions_reach_only_the_callers_notifications_of_the_named_store() {
    let t = team().await;
    let other_store = create_store(&t.app, &t.owner, "Other Cafe").await;
    let owners = insert_notification(&t.app, &t.store, Some(&t.owner));
    let public = insert_notification(&t.app, &t.store, None);
    let anns = insert_notification(&t.app, &t.store, Some(&t.ann));
    let owners_elsewhere = insert_notification(&t.app, &other_store, Some(&t.owner));
    let all = [&owners, &public, &anns, &owners_elsewhere];
    let version = store_version(&t.app, &t.store);
    let events = count(&t.app, "SELECT 1 FROM store_events");
    let mark = |who| on_notifications(&t, "markNotificationsSeen", who, &t.store, &all);
    let delete = |who| on_notifications(&t, "deleteNotifications", who, &t.store, &all);

    // Bob has none of them; Ann only her own (public ones are the managers' to mark).
    assert_eq!(mark(&t.bob).await["updated"], 0);
    assert_eq!(notification_states(&t.app, &all), ["unseen"; 4]);
    assert_eq!(mark(&t.ann).await["updated"], 1);
    assert_eq!(
        notification_states(&t.app, &all),
        ["unseen", "unseen", "seen", "unseen"]
    );
    // The owner: their own and the public one of this store, not theirs of the other store.
    assert_eq!(mark(&t.owner).await["updated"], 2);
    assert_eq!(
        notification_states(&t.app, &all),
        ["seen", "seen", "seen", "unseen"]
    );

    assert_eq!(delete(&t.bob).await["deleted"], 0);
    assert_eq!(delete(&t.owner).await["deleted"], 2);
    assert_eq!(
        notification_states(&t.app, &all),
        ["deleted", "deleted", "seen", "unseen"]
    );
    assert_eq!(delete(&t.ann).await["deleted"], 1);
    assert_eq!(
        notification_states(&t.app, &all),
        ["deleted", "deleted", "deleted", "unseen"]
    );
    // Named with its own store, the owner's other notification is theirs to delete.
    let reply = on_notifications(&t, "deleteNotifications", &t.owner, &other_store, &all).await;
    assert_eq!(reply["deleted"], 1);
    assert_eq!(count(&t.app, "SELECT 1 FROM notifications"), 0);

    // None of it changes the schedule: no new version, no event.
    assert_eq!(store_version(&t.app, &t.store), version);
    assert_eq!(count(&t.app, "SELECT 1 FROM store_events"), events);
}

/// Waits (briefly) for a mail to `to` containing `text`, as delivery runs after the commit.
async fn wait_for_mail(app: &TestApp, to: &str, text: &str) {
    let what = format!("a mail to {to} with {text:?}");
    eventually(&what, async || {
        app.mails_to(to)
            .iter()
            .any(|m| m.contains(&format!("To: {to}")) && m.contains(text))
    })
    .await;
}

#[actix_web::test]
async fn the_openapi_document_describes_requests_and_notifications_without_dangling_references() {
    let app = spawn_app().await;
    let doc = app.get("/api/v1/openapi.json", None).await;
    for call in [
        "markNotificationsSeen",
        "deleteNotifications",
        "requestTimeOff",
        "approveTimeOff",
        "createAvailableTime",
    ] {
        assert!(
            doc.body["paths"][format!("/api/v1/{call}")].is_object(),
            "{call} missing"
        );
    }
    let schemas = &doc.body["components"]["schemas"];
    let request = &schemas["RequestView"]["properties"];
    assert_eq!(request["type"]["$ref"], "#/components/schemas/RequestKind");
    assert_eq!(
        schemas["RequestKind"]["enum"],
        json!(["timeoff", "dropshift"])
    );
    assert_eq!(
        request["status"]["$ref"],
        "#/components/schemas/RequestStatus"
    );
    assert_eq!(
        schemas["RequestStatus"]["enum"],
        json!(["pending", "grabbed", "accepted", "denied", "cancelled"])
    );

    fn references<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
        match v {
            Value::Object(m) => {
                if let Some(Value::String(r)) = m.get("$ref") {
                    out.push(r);
                }
                m.values().for_each(|v| references(v, out));
            }
            Value::Array(a) => a.iter().for_each(|v| references(v, out)),
            _ => {}
        }
    }
    let mut refs = Vec::new();
    references(&doc.body, &mut refs);
    let dangling: Vec<&str> = refs
        .into_iter()
        .filter(|r| {
            r.strip_prefix("#/components/schemas/")
                .is_none_or(|name| schemas.get(name).is_none())
        })
        .collect();
    assert_eq!(dangling, Vec::<&str>::new());
}
