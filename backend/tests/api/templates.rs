//! Templates over HTTP: shift templates, weekly and daily templates saved from the board, the
//! load checks' buckets and the loads, every refusal with its text, another store's ids, and
//! local wall-clock times kept across Berlin's clock changes (templates and `createShift`'s
//! repeats).

use crate::fixtures::scene::{scene, Scene};
use crate::fixtures::stores::{create_role, create_store, NOT_ENOUGH_PERMISSION};
use chrono::{Datelike, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::Europe::Berlin;
use serde_json::{json, Value};

const NOT_FOUND: &str = "Trying to edit a template that doesn't exist.";
const WRONG_KIND: &str = "this action is not defined for template";
const ROLE_MISMATCH: &str = "The employee doesn't have the matching role with the template";
const EMPTY: &str = "An empty template cannot be created or updated.";
const IN_THE_PAST: &str = "A template cannot be loaded in the past.";

/// Epoch ms of a Berlin wall-clock time on a date.
fn at(date: NaiveDate, h: u32, m: u32) -> i64 {
    Berlin
        .from_local_datetime(&date.and_hms_opt(h, m, 0).expect("time"))
        .earliest()
        .expect("exists")
        .timestamp_millis()
}

/// The Sunday starting the Berlin week `weeks` weeks after the current one.
fn sunday(weeks: i64) -> NaiveDate {
    let today = Utc::now().with_timezone(&Berlin).date_naive();
    let back = i64::from(today.weekday().num_days_from_sunday());
    today - Duration::days(back) + Duration::weeks(weeks)
}

fn hh_mm(ms: &Value) -> String {
    chrono::DateTime::from_timestamp_millis(ms.as_i64().expect("ms"))
        .expect("ms")
        .with_timezone(&Berlin)
        .format("%H:%M")
        .to_string()
}

fn local_date(ms: &Value) -> NaiveDate {
    chrono::DateTime::from_timestamp_millis(ms.as_i64().expect("ms"))
        .expect("ms")
        .with_timezone(&Berlin)
        .date_naive()
}

async fn templates(s: &Scene, kind: &str) -> Vec<Value> {
    s.app
        .get(
            &format!("/api/v1/stores/{}/templates?type={kind}", s.store),
            Some(&s.scheduler.token),
        )
        .await
        .data()
        .as_array()
        .expect("list")
        .clone()
}

fn count_shifts(s: &Scene) -> i64 {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    diesel::sql_query("SELECT count(*) AS n FROM shifts")
        .get_result::<N>(&mut s.app.conn())
        .expect("count")
        .n
}

#[actix_web::test]
async fn shift_templates_are_listed_changed_and_deleted() {
    let s = scene().await;
    let made = s
        .call(
            "createShiftTemplate",
            &s.scheduler.token,
            json!({ "title": " Opening ", "start": "06:30", "end": "14:00", "role": s.barista,
                    "tasks": [{ "text": "Unlock" }] }),
        )
        .await;
    let t = made.data().clone();
    assert_eq!(t["type"], "shift");
    assert_eq!(t["title"], "Opening");
    assert_eq!(t["shifts"][0]["start"], "06:30");
    assert_eq!(t["shifts"][0]["end"], "14:00");
    assert_eq!(t["shifts"][0]["tasks"][0]["text"], "Unlock");
    assert_eq!(templates(&s, "shift").await.len(), 1);
    assert!(templates(&s, "weekly").await.is_empty());

    let changed = s
        .call(
            "updateShiftTemplate",
            &s.scheduler.token,
            json!({ "id": t["id"], "title": "Closing", "start": "16:00", "end": "00:30",
                    "role": s.cook }),
        )
        .await;
    assert_eq!(changed.data()["shifts"][0]["end"], "00:30");
    assert_eq!(templates(&s, "shift").await[0]["title"], "Closing");

    // Refusals: bad times, blank titles, unknown roles and ids, the wrong kind of call.
    let bad = [
        (
            json!({ "title": "x", "start": "25:00", "end": "10:00" }),
            400,
        ),
        (
            json!({ "title": " ", "start": "08:00", "end": "10:00" }),
            400,
        ),
        (
            json!({ "title": "x", "start": "08:00", "end": "08:00" }),
            400,
        ),
        (
            json!({ "title": "x", "start": "08:00", "end": "10:00", "role": uuid::Uuid::now_v7() }),
            400,
        ),
        (
            json!({ "title": "x", "start": "08:00", "end": "10:00", "tasks": "clean" }),
            400,
        ),
    ];
    for (body, status) in bad {
        let reply = s
            .call("createShiftTemplate", &s.scheduler.token, body.clone())
            .await;
        assert_eq!(reply.status, status, "{body} answered {:?}", reply.body);
    }
    let reply = s
        .call(
            "createShiftTemplate",
            &s.scheduler.token,
            json!({ "title": "x", "start": "08:00", "end": "08:00" }),
        )
        .await;
    assert_eq!(reply.error(400), "Start date has to be before end date");
    let reply = s
        .call(
            "updateShiftTemplate",
            &s.scheduler.token,
            json!({ "id": uuid::Uuid::now_v7(), "title": "x", "start": "08:00", "end": "10:00" }),
        )
        .await;
    assert_eq!(reply.error(404), NOT_FOUND);
    let reply = s
        .call(
            "updateRangeTemplate",
            &s.scheduler.token,
            json!({ "id": t["id"], "title": "Renamed" }),
        )
        .await;
    assert_eq!(reply.error(400), WRONG_KIND);
    let reply = s
        .call(
            "deleteRangeTemplate",
            &s.scheduler.token,
            json!({ "id": t["id"] }),
        )
        .await;
    assert_eq!(reply.error(400), WRONG_KIND);

    // Employees without the schedule permission can neither read nor write templates.
    let reply = s
        .call(
            "createShiftTemplate",
            &s.ana.token,
            json!({ "title": "x", "start": "08:00", "end": "10:00" }),
        )
        .await;
    assert_eq!(reply.error(403), NOT_ENOUGH_PERMISSION);
    let reply = s
        .app
        .get(
            &format!("/api/v1/stores/{}/templates", s.store),
            Some(&s.ana.token),
        )
        .await;
    assert_eq!(reply.status, 403);

    let reply = s
        .call(
            "deleteShiftTemplate",
            &s.scheduler.token,
            json!({ "id": t["id"] }),
        )
        .await;
    assert_eq!(reply.data()["id"], t["id"]);
    assert!(templates(&s, "shift").await.is_empty());
    let reply = s
        .call(
            "deleteShiftTemplate",
            &s.scheduler.token,
            json!({ "id": t["id"] }),
        )
        .await;
    assert_eq!(reply.error(404), NOT_FOUND);
}

#[actix_web::test]
async fn another_stores_templates_and_shifts_are_out_of_reach() {
    let s = scene().await;
    let t = s
        .call(
            "createShiftTemplate",
            &s.scheduler.token,
            json!({ "title": "Opening", "start": "06:30", "end": "14:00" }),
        )
        .await
        .data()
        .clone();
    let other = s.app.create_user("other@example.com");
    let elsewhere = create_store(&s.app, &other, "Elsewhere").await;
    let their_role = create_role(&s.app, &other.token, &elsewhere, "Baker").await;
    for (call, body) in [
        ("deleteShiftTemplate", json!({ "id": t["id"] })),
        (
            "updateShiftTemplate",
            json!({ "id": t["id"], "title": "Mine", "start": "08:00", "end": "10:00" }),
        ),
    ] {
        let mut body = body;
        body["storeId"] = json!(elsewhere);
        let reply = s.app.call(call, body, Some(&other.token)).await;
        assert_eq!(reply.error(404), NOT_FOUND);
    }
    let reply = s
        .call(
            "createShiftTemplate",
            &s.scheduler.token,
            json!({ "title": "x", "start": "08:00", "end": "10:00", "role": their_role }),
        )
        .await;
    assert_eq!(reply.error(400), "Role not found.");
    let theirs = s
        .app
        .get(
            &format!("/api/v1/stores/{elsewhere}/templates"),
            Some(&other.token),
        )
        .await;
    assert_eq!(theirs.data().as_array().map(Vec::len), Some(0));
    assert_eq!(templates(&s, "shift").await.len(), 1);
}

/// Saves next-but-one week's shifts: Ana 09:00-17:00 Monday, an open 22:00-06:00 Friday night,
/// Ben 10:00-14:00 Wednesday.
async fn saved_week(s: &Scene) -> (Value, NaiveDate) {
    let week = sunday(2);
    let ids = [
        s.shift(
            Some(&s.ana_id),
            at(week + Duration::days(1), 9, 0),
            at(week + Duration::days(1), 17, 0),
        )
        .await["id"]
            .clone(),
        s.shift(
            None,
            at(week + Duration::days(5), 22, 0),
            at(week + Duration::days(5), 6, 0),
        )
        .await["id"]
            .clone(),
        s.shift(
            Some(&s.ben_id),
            at(week + Duration::days(3), 10, 0),
            at(week + Duration::days(3), 14, 0),
        )
        .await["id"]
            .clone(),
    ];
    let t = s
        .call(
            "createRangeTemplate",
            &s.scheduler.token,
            json!({ "title": "Usual week", "type": "weekly", "startOfWeek": at(week, 0, 0),
                    "timezoneOffset": -60, "shifts": ids }),
        )
        .await
        .data()
        .clone();
    (t, week)
}

#[actix_web::test]
async fn a_week_saved_as_a_template_keeps_each_shifts_local_day_and_times() {
    let s = scene().await;
    let (t, week) = saved_week(&s).await;
    assert_eq!(t["type"], "weekly");
    let shifts = t["shifts"].as_array().expect("list");
    let days: Vec<(i64, &str, &str)> = shifts
        .iter()
        .map(|x| {
            (
                x["day"].as_i64().expect("day"),
                x["start"].as_str().expect("start"),
                x["end"].as_str().expect("end"),
            )
        })
        .collect();
    assert_eq!(
        days,
        vec![
            (1, "09:00", "17:00"),
            (3, "10:00", "14:00"),
            (5, "22:00", "06:00")
        ]
    );
    assert_eq!(shifts[0]["assigned"], json!(s.ana_id));
    assert_eq!(shifts[2]["assigned"], Value::Null);
    assert_eq!(templates(&s, "weekly").await.len(), 1);

    // From records, as a daily template.
    let day = week + Duration::days(2);
    let daily = s
        .call(
            "createRangeTemplate",
            &s.scheduler.token,
            json!({ "title": "Tuesday", "type": "daily", "startOfWeek": at(day, 0, 0),
                    "shiftRecords": [{ "id": "local-1", "title": "Prep", "start": at(day, 7, 0),
                                       "end": at(day, 11, 0), "role": s.cook, "status": "draft",
                                       "timestamp": 0 }] }),
        )
        .await;
    assert_eq!(daily.data()["shifts"][0]["start"], "07:00");

    // Refusals: empty, a shift outside the week, an unknown or another store's shift, no id.
    let reply = s
        .call(
            "createRangeTemplate",
            &s.scheduler.token,
            json!({ "title": "Nothing", "type": "weekly", "startOfWeek": at(week, 0, 0), "shifts": [] }),
        )
        .await;
    assert_eq!(reply.error(400), EMPTY);
    let reply = s
        .call(
            "createRangeTemplate",
            &s.scheduler.token,
            json!({ "title": "Late", "type": "daily", "startOfWeek": at(day, 0, 0),
                    "shiftRecords": [{ "title": "Prep", "start": at(day + Duration::days(1), 7, 0),
                                       "end": at(day + Duration::days(1), 11, 0) }] }),
        )
        .await;
    assert_eq!(
        reply.error(400),
        "A shift of the template starts outside its day."
    );
    let reply = s
        .call(
            "createRangeTemplate",
            &s.scheduler.token,
            json!({ "title": "Ghost", "type": "weekly", "startOfWeek": at(week, 0, 0),
                    "shifts": [uuid::Uuid::now_v7()] }),
        )
        .await;
    assert_eq!(reply.error(404), "Shift not found.");
    let reply = s
        .call(
            "createRangeTemplate",
            &s.scheduler.token,
            json!({ "title": "Monthly", "type": "monthly", "startOfWeek": at(week, 0, 0),
                    "shifts": [] }),
        )
        .await;
    assert_eq!(reply.status, 400);
    let reply = s
        .call(
            "updateRangeTemplate",
            &s.scheduler.token,
            json!({ "title": "x" }),
        )
        .await;
    assert_eq!(reply.error(404), NOT_FOUND);

    // Renaming and editing its shifts; an assignee without the shift's role is refused.
    let renamed = s
        .call(
            "updateRangeTemplate",
            &s.scheduler.token,
            json!({ "id": t["id"], "title": "Summer week" }),
        )
        .await;
    assert_eq!(renamed.data()["title"], "Summer week");
    assert_eq!(renamed.data()["shifts"].as_array().map(Vec::len), Some(3));
    let reply = s
        .call(
            "updateRangeTemplate",
            &s.scheduler.token,
            json!({ "id": t["id"], "shifts": [{ "title": "Grill", "day": 2, "start": "10:00",
                    "end": "18:00", "role": s.cook, "assigned": s.ana_id }] }),
        )
        .await;
    assert_eq!(reply.error(400), ROLE_MISMATCH);
    let reply = s
        .call(
            "updateRangeTemplate",
            &s.scheduler.token,
            json!({ "id": t["id"], "shifts": [{ "title": "Grill", "day": 7, "start": "10:00", "end": "18:00" }] }),
        )
        .await;
    assert_eq!(reply.status, 400);
    let reply = s
        .call(
            "updateRangeTemplate",
            &s.scheduler.token,
            json!({ "id": t["id"], "shifts": [] }),
        )
        .await;
    assert_eq!(reply.error(400), EMPTY);
    let reply = s
        .call(
            "updateRangeTemplate",
            &s.scheduler.token,
            json!({ "id": t["id"], "shifts": [{ "title": "Grill", "day": 6, "start": "10:00",
                    "end": "18:00", "role": s.cook }] }),
        )
        .await;
    assert_eq!(reply.data()["shifts"][0]["day"], 6);

    let reply = s
        .call(
            "deleteRangeTemplate",
            &s.scheduler.token,
            json!({ "id": t["id"] }),
        )
        .await;
    assert_eq!(reply.data()["id"], t["id"]);
    assert_eq!(templates(&s, "weekly").await.len(), 0);
}

#[actix_web::test]
async fn loading_a_week_reports_the_buckets_and_makes_the_rest_in_one_commit() {
    let s = scene().await;
    let (t, week) = saved_week(&s).await;
    let next = week + Duration::days(7);
    // Ana already works Monday of the next week, so her template shift conflicts.
    s.shift(
        Some(&s.ana_id),
        at(next + Duration::days(1), 12, 0),
        at(next + Duration::days(1), 20, 0),
    )
    .await;
    let before = count_shifts(&s);

    let check = s
        .call(
            "checkLoadingWeeklyTemplate",
            &s.scheduler.token,
            json!({ "templateId": t["id"], "startTime": at(next, 0, 0),
                    "endTime": at(next + Duration::days(7), 0, 0), "timezoneOffset": -60 }),
        )
        .await;
    let buckets = check.data().as_array().expect("list").clone();
    assert_eq!(buckets.len(), 1, "{buckets:?}");
    assert_eq!(buckets[0]["employee"], json!(s.ana_id));
    assert_eq!(buckets[0]["type"], "shift");
    assert_eq!(
        buckets[0]["shifts"][0]["message"],
        "Test ana@example.com has 1 other shift(s) from 12:00 to 20:00 that is conflicting with the current shift."
    );
    assert_eq!(count_shifts(&s), before, "a check changes nothing");

    let events_before = {
        use diesel::RunQueryDsl;
        #[derive(diesel::QueryableByName)]
        struct V {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            version: i64,
        }
        diesel::sql_query(format!(
            "SELECT version FROM stores WHERE id = '{}'",
            s.store
        ))
        .get_result::<V>(&mut s.app.conn())
        .expect("version")
        .version
    };
    let loaded = s
        .call(
            "loadWeeklyTemplate",
            &s.scheduler.token,
            json!({ "templateId": t["id"], "startOfRange": at(next, 0, 0),
                    "endOfRange": at(next + Duration::days(7), 0, 0), "timezoneOffset": -60 }),
        )
        .await;
    let data = loaded.data();
    let made = data["shifts"].as_array().expect("list");
    assert_eq!(made.len(), 2);
    assert!(made.iter().all(|x| x["status"] == "draft"));
    assert_eq!(made[0]["assigned"], json!(s.ben_id));
    assert_eq!(local_date(&made[0]["start"]), next + Duration::days(3));
    assert_eq!(made[1]["assigned"], Value::Null);
    assert_eq!(
        (hh_mm(&made[1]["start"]), hh_mm(&made[1]["end"])),
        ("22:00".into(), "06:00".into())
    );
    assert_eq!(data["failed"][0]["type"], "shift");
    assert_eq!(count_shifts(&s), before + 2);
    // One `shift.created` per draft, committed together.
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let created = diesel::sql_query(format!(
        "SELECT count(*) AS n FROM store_events WHERE store_id = '{}' AND kind = 'shift.created' AND version > {events_before}",
        s.store
    ))
    .get_result::<N>(&mut s.app.conn())
    .expect("events")
    .n;
    assert_eq!(created, 2);

    // The past is refused, and so are a daily template id for a week and an unknown id.
    let reply = s
        .call(
            "loadWeeklyTemplate",
            &s.scheduler.token,
            json!({ "templateId": t["id"], "startOfRange": at(sunday(-1), 0, 0),
                    "endOfRange": at(sunday(0), 0, 0) }),
        )
        .await;
    assert_eq!(reply.error(400), IN_THE_PAST);
    let reply = s
        .call(
            "loadWeeklyTemplate",
            &s.scheduler.token,
            json!({ "templateId": t["id"], "startOfRange": at(next, 0, 0), "endOfRange": at(next, 0, 0) }),
        )
        .await;
    assert_eq!(reply.error(400), "Start date has to be before end date");
    let reply = s
        .call(
            "loadDailyTemplate",
            &s.scheduler.token,
            json!({ "templateId": t["id"], "startOfDay": at(next, 0, 0) }),
        )
        .await;
    assert_eq!(reply.error(400), WRONG_KIND);
    let reply = s
        .call(
            "checkLoadDailyTemplate",
            &s.scheduler.token,
            json!({ "templateId": uuid::Uuid::now_v7(), "startOfDay": at(next, 0, 0) }),
        )
        .await;
    assert_eq!(reply.error(404), NOT_FOUND);
    let reply = s
        .call(
            "loadWeeklyTemplate",
            &s.ana.token,
            json!({ "templateId": t["id"], "startOfRange": at(next, 0, 0) }),
        )
        .await;
    assert_eq!(reply.error(403), NOT_ENOUGH_PERMISSION);
}

#[actix_web::test]
async fn a_daily_load_sorts_time_off_availability_and_roles_into_buckets() {
    let s = scene().await;
    let day = sunday(2) + Duration::days(2);
    let (_cara, cara_id) = s.barista("cara@example.com").await;
    let daily = s
        .call(
            "createRangeTemplate",
            &s.scheduler.token,
            json!({ "title": "Tuesday", "type": "daily", "startOfWeek": at(day, 0, 0),
                    "shiftRecords": [
                        { "title": "Early", "start": at(day, 7, 0), "end": at(day, 11, 0),
                          "role": s.barista, "assigned": s.ana_id },
                        { "title": "Late", "start": at(day, 15, 0), "end": at(day, 22, 0),
                          "role": s.barista, "assigned": s.ben_id },
                        { "title": "Cover", "start": at(day, 12, 0), "end": at(day, 14, 0),
                          "role": s.barista, "assigned": cara_id }
                    ] }),
        )
        .await
        .data()
        .clone();
    let target = day + Duration::days(7);
    // Ana takes the target day off; Ben works mornings only; Cara loses the barista role.
    let request = s
        .app
        .call(
            "requestTimeOff",
            json!({ "store": s.store, "start": at(target, 0, 0), "end": at(target, 0, 0), "entireDay": true }),
            Some(&s.ana.token),
        )
        .await
        .data()["id"]
        .clone();
    s.app
        .call(
            "approveTimeOff",
            json!({ "storeId": s.store, "requestId": request }),
            Some(&s.owner.token),
        )
        .await
        .data();
    s.app
        .call(
            "addEmployeeAvailableTime",
            json!({ "store": s.store, "userId": s.ben.id,
                    "availability": { "start": "06:00", "end": "13:00",
                                      "days": ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] } }),
            Some(&s.owner.token),
        )
        .await
        .data();
    s.app
        .call(
            "updateEmployee",
            json!({ "store": s.store, "employeeId": cara_id, "employee": { "roles": [s.cook] } }),
            Some(&s.owner.token),
        )
        .await
        .data();

    let check = s
        .call(
            "checkLoadDailyTemplate",
            &s.scheduler.token,
            json!({ "templateId": daily["id"], "startOfDay": at(target, 0, 0) }),
        )
        .await;
    let mut kinds: Vec<(String, String)> = check
        .data()
        .as_array()
        .expect("list")
        .iter()
        .map(|b| {
            (
                b["type"].as_str().expect("type").to_string(),
                b["shifts"][0]["title"].as_str().expect("title").to_string(),
            )
        })
        .collect();
    kinds.sort();
    assert_eq!(
        kinds,
        vec![
            ("availability".into(), "Late".into()),
            ("role".into(), "Cover".into()),
            ("timeoff".into(), "Early".into()),
        ]
    );
    let role = check
        .data()
        .as_array()
        .expect("list")
        .iter()
        .find(|b| b["type"] == "role")
        .cloned()
        .expect("role bucket");
    assert_eq!(role["shifts"][0]["message"], ROLE_MISMATCH);

    let before = count_shifts(&s);
    let loaded = s
        .call(
            "loadDailyTemplate",
            &s.scheduler.token,
            json!({ "templateId": daily["id"], "startOfDay": at(target, 0, 0) }),
        )
        .await;
    assert_eq!(loaded.data()["shifts"].as_array().map(Vec::len), Some(0));
    assert_eq!(loaded.data()["failed"].as_array().map(Vec::len), Some(3));
    assert_eq!(count_shifts(&s), before);
}

#[actix_web::test]
async fn templates_and_repeats_keep_local_times_across_berlin_clock_changes() {
    let s = scene().await;
    // Berlin springs forward on 2027-03-28 and falls back on 2027-10-31 (both Sundays).
    let d = |m, day| NaiveDate::from_ymd_opt(2027, m, day).expect("date");
    // A weekly 22:00-06:00 Saturday night repeated onto the spring-forward night.
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "start": at(d(3, 20), 22, 0), "end": at(d(3, 21), 6, 0),
                    "repeat": [at(d(3, 20), 22, 0), at(d(3, 27), 22, 0)] }),
        )
        .await;
    let made = reply.data()["shifts"].as_array().expect("list").clone();
    assert_eq!(made.len(), 2);
    for x in &made {
        assert_eq!(
            (hh_mm(&x["start"]), hh_mm(&x["end"])),
            ("22:00".into(), "06:00".into())
        );
    }
    let hours = |x: &Value| {
        (x["end"].as_i64().expect("end") - x["start"].as_i64().expect("start")) / 3_600_000
    };
    assert_eq!((hours(&made[0]), hours(&made[1])), (8, 7));

    // A Sunday 01:00-05:00 repeated by local dates onto the fall-back Sunday.
    let reply = s
        .create(
            &s.scheduler.token,
            json!({ "start": at(d(10, 24), 1, 0), "end": at(d(10, 24), 5, 0),
                    "repeatDates": ["2027-10-24", "2027-10-31"] }),
        )
        .await;
    let made = reply.data()["shifts"].as_array().expect("list").clone();
    assert_eq!(made.len(), 2);
    for x in &made {
        assert_eq!(
            (hh_mm(&x["start"]), hh_mm(&x["end"])),
            ("01:00".into(), "05:00".into())
        );
    }
    assert_eq!((hours(&made[0]), hours(&made[1])), (4, 5));

    // A template saved in a normal week, loaded into the week of the spring-forward night.
    let week = d(3, 14);
    let t = s
        .call(
            "createRangeTemplate",
            &s.scheduler.token,
            json!({ "title": "Nights", "type": "weekly", "startOfWeek": at(week, 0, 0),
                    "shiftRecords": [{ "title": "Night", "start": at(d(3, 20), 22, 0),
                                       "end": at(d(3, 21), 6, 0) }] }),
        )
        .await
        .data()
        .clone();
    assert_eq!(t["shifts"][0]["day"], 6);
    let loaded = s
        .call(
            "loadWeeklyTemplate",
            &s.scheduler.token,
            json!({ "templateId": t["id"], "startOfRange": at(d(3, 21), 0, 0),
                    "endOfRange": at(d(3, 28), 0, 0) }),
        )
        .await;
    let night = loaded.data()["shifts"][0].clone();
    assert_eq!(local_date(&night["start"]), d(3, 27));
    assert_eq!(
        (hh_mm(&night["start"]), hh_mm(&night["end"])),
        ("22:00".into(), "06:00".into())
    );
    assert_eq!(hours(&night), 7);
}
