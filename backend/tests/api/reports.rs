//! `reportSchedule`: figures per employee, role and day; unstarted shifts left out; ranges
//! checked; only the caller's store, for schedule managers.

use crate::fixtures::reports::{paid_member, week, worked_shift};
use crate::fixtures::spawn_app;
use crate::fixtures::stores::{create_role, create_store, NOT_ENOUGH_PERMISSION};
use backend::domain::shift::Progress;
use chrono::{DateTime, Duration, Utc};
use serde_json::{json, Value};

const START_BEFORE_END: &str = "Start date has to be before end date";

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

#[actix_web::test]
async fn the_report_counts_started_shifts_per_employee_role_and_day() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Cafe").await;
    let barista = create_role(&app, &owner.token, &store, "Barista").await;
    let cook = create_role(&app, &owner.token, &store, "Cook").await;
    let (_, ana) = paid_member(
        &app,
        &owner,
        &store,
        "ana@example.com",
        &[&barista, &cook],
        12.5,
        &[],
    )
    .await;
    let (_, bo) = paid_member(&app, &owner, &store, "bo@example.com", &[&cook], 20.0, &[]).await;
    let (from, to) = week();
    let day = |d: i64, h: i64| from + Duration::days(d) + Duration::hours(h);
    // Completed by a manager (no clocking): their planned hours count as worked.
    worked_shift(
        &app,
        &store,
        &ana,
        &barista,
        day(0, 8),
        8,
        Progress::Completed,
    )
    .await;
    worked_shift(&app, &store, &ana, &cook, day(1, 8), 4, Progress::Completed).await;
    worked_shift(&app, &store, &bo, &cook, day(1, 10), 6, Progress::Completed).await;
    // Missed and never started: left out.
    worked_shift(&app, &store, &bo, &cook, day(2, 10), 6, Progress::Missed).await;
    worked_shift(
        &app,
        &store,
        &ana,
        &barista,
        day(3, 10),
        6,
        Progress::NotStarted,
    )
    .await;

    let reply = app
        .call(
            "reportSchedule",
            json!({ "storeId": store, "start": ms(from), "end": ms(to) }),
            Some(&owner.token),
        )
        .await;
    let data = reply.data();
    assert_eq!(data["unstartedShifts"], 2);
    assert_eq!(data["timezone"], "Europe/Berlin");
    assert_eq!(data["currency"], "USD");
    let line = |email: &str| -> Value {
        data["employees"]
            .as_array()
            .expect("lines")
            .iter()
            .find(|l| l["email"] == email)
            .cloned()
            .expect("a line")
    };
    let a = line("ana@example.com");
    assert_eq!(a["scheduledMinutes"], 12 * 60);
    assert_eq!(a["workedMinutes"], 12 * 60);
    assert_eq!(a["shifts"], 2);
    assert_eq!(a["cost"], 150.0);
    let b = line("bo@example.com");
    assert_eq!(b["workedMinutes"], 6 * 60);
    assert_eq!(b["cost"], 120.0);
    // The owner has no work: a line of zeros.
    assert_eq!(line("owner@example.com")["cost"], 0.0);
    assert_eq!(data["total"]["cost"], 270.0);
    assert_eq!(data["total"]["workedMinutes"], 18 * 60);

    let role = |title: &str| -> Value {
        data["roles"]
            .as_array()
            .expect("roles")
            .iter()
            .find(|r| r["title"] == title)
            .cloned()
            .expect("a role line")
    };
    assert_eq!(role("Barista")["cost"], 100.0);
    assert_eq!(role("Cook")["cost"], 170.0);
    assert_eq!(role("Cook")["shifts"], 2);

    let days = data["days"].as_array().expect("days");
    assert_eq!(days.len(), 7);
    assert_eq!(days[0]["date"], "2026-11-09");
    assert_eq!(days[0]["workedMinutes"], 480);
    assert_eq!(days[1]["workedMinutes"], 600);
    assert_eq!(days[2]["scheduledMinutes"], 0);

    let payroll = data["payroll"].as_array().expect("payroll");
    assert_eq!(payroll.len(), 3);
    assert!(payroll
        .iter()
        .any(|p| p["email"] == "ana@example.com" && p["roleTitle"] == "Cook" && p["cost"] == 50.0));
}

#[actix_web::test]
async fn bad_ranges_and_callers_are_refused() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Cafe").await;
    let (employee, _) = paid_member(&app, &owner, &store, "e@example.com", &[], 10.0, &[]).await;
    let (from, to) = week();
    let ask = |body: Value, token: String| {
        let app = &app;
        async move { app.call("reportSchedule", body, Some(&token)).await }
    };
    let reversed = ask(
        json!({ "storeId": store, "start": ms(to), "end": ms(from) }),
        owner.token.clone(),
    )
    .await;
    assert_eq!(reversed.error(400), START_BEFORE_END);
    let equal = ask(
        json!({ "storeId": store, "start": ms(from), "end": ms(from) }),
        owner.token.clone(),
    )
    .await;
    assert_eq!(equal.error(400), START_BEFORE_END);
    let long = ask(
        json!({ "storeId": store, "start": ms(from), "end": ms(from + Duration::days(400)) }),
        owner.token.clone(),
    )
    .await;
    assert!(long.error(400).contains("366 days"));
    let wrong = ask(
        json!({ "storeId": store, "start": "monday", "end": ms(to) }),
        owner.token.clone(),
    )
    .await;
    assert_eq!(wrong.status, 400);
    // An employee without the schedule permission.
    let denied = ask(
        json!({ "storeId": store, "start": ms(from), "end": ms(to) }),
        employee.token.clone(),
    )
    .await;
    assert_eq!(denied.error(403), NOT_ENOUGH_PERMISSION);
    // Another store's owner cannot read this one.
    let stranger = app.create_user("stranger@example.com");
    create_store(&app, &stranger, "Elsewhere").await;
    let other = ask(
        json!({ "storeId": store, "start": ms(from), "end": ms(to) }),
        stranger.token.clone(),
    )
    .await;
    assert_eq!(other.status, 403);
}
