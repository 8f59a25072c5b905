//! Auto-assign over HTTP: the proposal and its rules (role, time off, conflicts, rest, the
//! weekly limit), acceptance in one commit and its refusal when a shift changed, who may ask,
//! and the public `getAssignableEmployees`.

use crate::fixtures::scene::{berlin, scene, Scene};
use crate::fixtures::stores::{count, create_role, create_store, NOT_ENOUGH_PERMISSION};
use serde_json::{json, Value};

const START_BEFORE_END: &str = "Start date has to be before end date";
const STALE_SHIFT: &str =
    "This shift was changed by someone else in the meantime; review the current version.";

impl Scene {
    async fn propose(&self, from_day: i64, to_day: i64) -> crate::fixtures::Reply {
        self.call(
            "autoAssignment",
            &self.scheduler.token,
            json!({ "start": berlin(from_day, 0, 0), "end": berlin(to_day, 0, 0) }),
        )
        .await
    }

    async fn accept(&self, rows: &[Value]) -> crate::fixtures::Reply {
        let rows: Vec<Value> = rows
            .iter()
            .map(|a| json!({ "shift": a["shift"], "employee": a["employee"], "version": a["version"] }))
            .collect();
        self.call(
            "acceptAutoAssignment",
            &self.scheduler.token,
            json!({ "assignments": rows }),
        )
        .await
    }

    async fn open_cook_shift(&self, start: i64, end: i64) -> Value {
        self.create(
            &self.scheduler.token,
            json!({ "start": start, "end": end, "role": self.cook, "title": "Kitchen" }),
        )
        .await
        .data()["shifts"][0]
            .clone()
    }
}

/// How many changes the store has committed.
fn store_version(s: &Scene) -> i64 {
    count(
        &s.app,
        &format!("SELECT 1 FROM store_events WHERE store_id = '{}'", s.store),
    )
}

/// The employee record id of a member, by e-mail.
async fn employee_id(s: &Scene, email: &str) -> String {
    let all = s
        .app
        .get(
            &format!("/api/v1/stores/{}/employees", s.store),
            Some(&s.owner.token),
        )
        .await;
    all.data()
        .as_array()
        .expect("list")
        .iter()
        .find(|e| e["email"] == email)
        .and_then(|e| e["id"].as_str())
        .expect("member")
        .to_string()
}

fn employees_of(proposal: &Value) -> Vec<String> {
    proposal["assignments"]
        .as_array()
        .expect("assignments")
        .iter()
        .map(|a| a["employee"].as_str().expect("id").to_string())
        .collect()
}

#[actix_web::test]
async fn auto_assignment_proposes_people_holding_the_role_and_changes_nothing() {
    let s = scene().await;
    let a = s.shift(None, berlin(3, 9, 0), berlin(3, 17, 0)).await;
    let b = s.shift(None, berlin(3, 9, 0), berlin(3, 17, 0)).await;
    let kitchen = s.open_cook_shift(berlin(3, 9, 0), berlin(3, 17, 0)).await;
    // Outside the range: not proposed.
    s.shift(None, berlin(6, 9, 0), berlin(6, 17, 0)).await;

    let reply = s.propose(2, 5).await;
    let p = reply.data();
    let people = employees_of(p);
    assert_eq!(people.len(), 2, "{p}");
    assert_ne!(people[0], people[1], "two shifts at once go to two people");
    let proposed: Vec<&Value> = p["assignments"]
        .as_array()
        .expect("list")
        .iter()
        .map(|x| &x["shift"])
        .collect();
    assert!(proposed.contains(&&a["id"]) && proposed.contains(&&b["id"]));
    assert_eq!(
        p["unfilled"],
        json!([{
            "shift": kitchen["id"], "reason": "no_role", "start": kitchen["start"],
            "end": kitchen["end"], "role": s.cook, "title": "Kitchen"
        }])
    );
    assert_eq!(p["weeklyMinutes"], 2400);
    assert_eq!(p["minRestMinutes"], 660);
    // A proposal is only a proposal.
    assert_eq!(s.stored(&a["id"]).await["assigned"], Value::Null);
}

#[actix_web::test]
async fn accepting_assigns_the_drafts_in_one_commit_and_a_second_accept_is_stale() {
    let s = scene().await;
    let a = s.shift(None, berlin(3, 9, 0), berlin(3, 17, 0)).await;
    let b = s.shift(None, berlin(4, 9, 0), berlin(4, 17, 0)).await;
    let p = s.propose(2, 5).await.data().clone();
    let rows = p["assignments"].as_array().expect("list").clone();
    assert_eq!(rows.len(), 2);
    let before = store_version(&s);
    let done = s.accept(&rows).await;
    let shifts = done.data().as_array().expect("shifts").clone();
    assert_eq!(shifts.len(), 2);
    for (row, shift) in rows.iter().zip(&shifts) {
        assert_eq!(shift["id"], row["shift"]);
        assert_eq!(shift["assigned"], row["employee"]);
        assert_eq!(shift["status"], "draft", "accepted as drafts");
    }
    // One commit: two changes, and nothing else moved.
    assert_eq!(store_version(&s), before + 2);
    for id in [&a["id"], &b["id"]] {
        assert_ne!(s.stored(id).await["assigned"], Value::Null);
    }
    let again = s.accept(&rows).await;
    assert_eq!(again.error(409), STALE_SHIFT);
    assert_eq!(again.body["code"], "stale_shift");
}

#[actix_web::test]
async fn a_shift_changed_since_the_proposal_refuses_every_row() {
    let s = scene().await;
    let a = s.shift(None, berlin(3, 9, 0), berlin(3, 17, 0)).await;
    let b = s.shift(None, berlin(4, 9, 0), berlin(4, 17, 0)).await;
    let p = s.propose(2, 5).await.data().clone();
    // Another manager renames one shift meanwhile.
    s.call(
        "updateShift",
        &s.owner.token,
        json!({ "shiftId": b["id"], "updatedShift": { "title": "Late" } }),
    )
    .await
    .data();
    let rows = p["assignments"].as_array().expect("list").clone();
    let refused = s.accept(&rows).await;
    assert_eq!(refused.error(409), STALE_SHIFT);
    assert_eq!(refused.body["details"]["shift"]["id"], b["id"]);
    assert_eq!(
        s.stored(&a["id"]).await["assigned"],
        Value::Null,
        "none taken"
    );
    // Chosen rows: the unchanged one alone is accepted.
    let only_a: Vec<Value> = rows.into_iter().filter(|r| r["shift"] == a["id"]).collect();
    assert_eq!(
        s.accept(&only_a).await.data().as_array().map(Vec::len),
        Some(1)
    );
}

#[actix_web::test]
async fn an_employee_who_became_busy_since_the_proposal_refuses_the_acceptance() {
    let s = scene().await;
    let (_carl, carl) = s.cook("carl@example.com").await;
    let open = s.open_cook_shift(berlin(3, 9, 0), berlin(3, 17, 0)).await;
    let p = s.propose(2, 5).await.data().clone();
    assert_eq!(employees_of(&p), vec![carl.clone()]);
    // Carl is given another shift at that time by hand.
    s.create(
        &s.scheduler.token,
        json!({ "start": berlin(3, 8, 0), "end": berlin(3, 12, 0), "role": s.cook, "assigned": carl }),
    )
    .await
    .data();
    let refused = s
        .accept(&p["assignments"].as_array().expect("list").clone())
        .await;
    assert_eq!(refused.status, 409);
    assert_eq!(refused.body["code"], "assignment_refused");
    assert_eq!(refused.body["details"]["reason"], "conflict");
    assert_eq!(s.stored(&open["id"]).await["assigned"], Value::Null);
}

#[actix_web::test]
async fn rest_and_the_weekly_limit_leave_shifts_open_with_their_reason() {
    let s = scene().await;
    let (_carl, carl) = s.cook("carl@example.com").await;
    let settings = |weekly: i64, rest: i64| json!({ "settings": { "overtimeWeeklyMinutes": weekly, "minRestMinutes": rest } });
    s.call("updateClockSettings", &s.owner.token, settings(600, 660))
        .await
        .data();
    // Carl works 06:00-10:00.
    s.create(
        &s.scheduler.token,
        json!({ "start": berlin(3, 6, 0), "end": berlin(3, 10, 0), "role": s.cook, "assigned": carl }),
    )
    .await
    .data();
    // 12:00 leaves him two hours of rest; 21:00-05:00 rests 11 hours but makes 12 hours.
    let early = s.open_cook_shift(berlin(3, 12, 0), berlin(3, 14, 0)).await;
    let late = s.open_cook_shift(berlin(3, 21, 0), berlin(4, 5, 0)).await;
    let p = s.propose(2, 5).await.data().clone();
    assert_eq!(p["assignments"], json!([]));
    let reasons: Vec<(Value, Value)> = p["unfilled"]
        .as_array()
        .expect("list")
        .iter()
        .map(|u| (u["shift"].clone(), u["reason"].clone()))
        .collect();
    assert_eq!(
        reasons,
        vec![
            (early["id"].clone(), json!("rest")),
            (late["id"].clone(), json!("overtime"))
        ]
    );
    // Looser rules let both through.
    s.call("updateClockSettings", &s.owner.token, settings(2400, 60))
        .await
        .data();
    let p = s.propose(2, 5).await.data().clone();
    assert_eq!(employees_of(&p), vec![carl.clone(), carl]);
}

#[actix_web::test]
async fn accepted_time_off_and_other_shifts_keep_people_out() {
    let s = scene().await;
    // Ben is off on day 3; Sam (the scheduler, also a barista) already works then.
    let request = s
        .call(
            "requestTimeOff",
            &s.ben.token,
            json!({ "start": berlin(3, 0, 0), "end": berlin(3, 0, 0), "entireDay": true }),
        )
        .await
        .data()["id"]
        .clone();
    s.call(
        "approveTimeOff",
        &s.owner.token,
        json!({ "requestId": request }),
    )
    .await
    .data();
    let sam = employee_id(&s, "sam@example.com").await;
    s.shift(Some(&sam), berlin(3, 8, 0), berlin(3, 18, 0)).await;
    s.shift(None, berlin(3, 9, 0), berlin(3, 17, 0)).await;
    s.shift(None, berlin(3, 9, 0), berlin(3, 17, 0)).await;
    let p = s.propose(2, 5).await.data().clone();
    assert_eq!(employees_of(&p), vec![s.ana_id.clone()]);
    let unfilled = p["unfilled"].as_array().expect("list");
    assert_eq!(unfilled.len(), 1);
    // Ana is busy with the first, Ben off, Sam busy: most were refused for a conflict.
    assert_eq!(unfilled[0]["reason"], "conflict");
}

#[actix_web::test]
async fn bad_ranges_rows_and_callers_are_refused_and_change_nothing() {
    let s = scene().await;
    let open = s.shift(None, berlin(3, 9, 0), berlin(3, 17, 0)).await;
    let backwards = s
        .call(
            "autoAssignment",
            &s.scheduler.token,
            json!({ "start": berlin(5, 0, 0), "end": berlin(2, 0, 0) }),
        )
        .await;
    assert_eq!(backwards.error(400), START_BEFORE_END);
    let wide = s
        .call(
            "autoAssignment",
            &s.scheduler.token,
            json!({ "start": berlin(1, 0, 0), "end": berlin(90, 0, 0) }),
        )
        .await;
    assert_eq!(wide.status, 400);
    let by_employee = s
        .call(
            "autoAssignment",
            &s.ana.token,
            json!({ "start": berlin(2, 0, 0), "end": berlin(5, 0, 0) }),
        )
        .await;
    assert_eq!(by_employee.error(403), NOT_ENOUGH_PERMISSION);
    let by_employee = s
        .call(
            "acceptAutoAssignment",
            &s.ana.token,
            json!({ "assignments": [{ "shift": open["id"], "employee": s.ana_id, "version": 1 }] }),
        )
        .await;
    assert_eq!(by_employee.error(403), NOT_ENOUGH_PERMISSION);
    let empty = s.accept(&[]).await;
    assert_eq!(empty.status, 400);
    let wrong_type = s
        .call(
            "acceptAutoAssignment",
            &s.scheduler.token,
            json!({ "assignments": [{ "shift": open["id"], "employee": s.ana_id, "version": "one" }] }),
        )
        .await;
    assert_eq!(wrong_type.status, 400);
    // Another store's shift is not found here.
    let other_owner = s.app.create_user("other@example.com");
    let other = create_store(&s.app, &other_owner, "Elsewhere").await;
    let role = create_role(&s.app, &other_owner.token, &other, "Chef").await;
    let theirs = s
        .app
        .call(
            "createShift",
            json!({ "storeId": other, "title": "X", "role": role,
                    "start": berlin(3, 9, 0), "end": berlin(3, 17, 0) }),
            Some(&other_owner.token),
        )
        .await
        .data()["shifts"][0]
        .clone();
    let foreign = s
        .accept(&[json!({ "shift": theirs["id"], "employee": s.ana_id, "version": 1 })])
        .await;
    assert_eq!(foreign.status, 404);
    // An employee of another store cannot be given our shift.
    let stranger = s
        .accept(&[json!({ "shift": open["id"], "employee": other_owner.id, "version": 1 })])
        .await;
    assert_eq!(stranger.status, 400);
    assert_eq!(s.stored(&open["id"]).await["assigned"], Value::Null);
}

#[actix_web::test]
async fn get_assignable_employees_is_public_and_tells_only_names() {
    let s = scene().await;
    s.shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let ask = |busy: bool, role: &str| {
        json!({
            "storeId": s.store, "roleId": role, "eventId": null,
            "time": { "start": berlin(3, 10, 0), "end": berlin(3, 11, 0) },
            "checkWorkingOnSameSession": busy,
        })
    };
    let all = s
        .app
        .call("getAssignableEmployees", ask(false, &s.barista), None)
        .await;
    let list = all.data()["employees"].as_array().expect("list").clone();
    let uids: Vec<&Value> = list.iter().map(|e| &e["uid"]).collect();
    assert!(uids.contains(&&json!(s.ana.id)) && uids.contains(&&json!(s.ben.id)));
    for e in &list {
        let keys: Vec<&String> = e.as_object().expect("object").keys().collect();
        assert_eq!(
            keys,
            ["displayImg", "displayName", "uid"],
            "no e-mail, no pay"
        );
    }
    let free = s
        .app
        .call("getAssignableEmployees", ask(true, &s.barista), None)
        .await;
    let uids: Vec<Value> = free.data()["employees"]
        .as_array()
        .expect("list")
        .iter()
        .map(|e| e["uid"].clone())
        .collect();
    assert!(!uids.contains(&json!(s.ana.id)), "Ana works then");
    assert!(uids.contains(&json!(s.ben.id)));
    // Nobody holds the cook role yet.
    let cooks = s
        .app
        .call("getAssignableEmployees", ask(false, &s.cook), None)
        .await;
    assert_eq!(cooks.data()["employees"], json!([]));
    // Another store's role, or no store at all.
    let other_owner = s.app.create_user("other@example.com");
    let other = create_store(&s.app, &other_owner, "Elsewhere").await;
    let chef = create_role(&s.app, &other_owner.token, &other, "Chef").await;
    let foreign = s
        .app
        .call("getAssignableEmployees", ask(false, &chef), None)
        .await;
    assert_eq!(foreign.status, 404);
    let mut none = ask(false, &s.barista);
    none.as_object_mut().expect("object").remove("storeId");
    assert_eq!(
        s.app
            .call("getAssignableEmployees", none, None)
            .await
            .status,
        400
    );
    let mut backwards = ask(false, &s.barista);
    backwards["time"] = json!({ "start": berlin(3, 11, 0), "end": berlin(3, 10, 0) });
    let refused = s.app.call("getAssignableEmployees", backwards, None).await;
    assert_eq!(refused.error(400), START_BEFORE_END);
}
