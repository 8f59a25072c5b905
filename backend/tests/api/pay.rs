//! Pay computed once: the report, the timesheet, the payroll export and the estimated
//! earnings count the same work (an approved proposal once, with the manager's times; a
//! rejected one not at all; a missed shift a manager completes with its times), and a shift
//! made from a proposal names its session.

use crate::fixtures::reports::{paid_member, worked_shift};
use crate::fixtures::sheets::download;
use crate::fixtures::stores::{create_role, create_store};
use crate::fixtures::{spawn_app, TestApp, TestUser};
use backend::domain::shift::Progress;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde_json::{json, Value};

const MIN: i64 = 60_000;

struct Store {
    app: TestApp,
    store: String,
    role: String,
    manager: TestUser,
    ana: TestUser,
    ana_id: String,
}

/// A store whose Ana earns 20 an hour as a barista, and a schedule manager.
async fn store() -> Store {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Cafe").await;
    let role = create_role(&app, &owner.token, &store, "Barista").await;
    let (manager, _) = paid_member(
        &app,
        &owner,
        &store,
        "sam@example.com",
        &[&role],
        0.0,
        &["schedule"],
    )
    .await;
    let (ana, ana_id) =
        paid_member(&app, &owner, &store, "ana@example.com", &[&role], 20.0, &[]).await;
    Store {
        app,
        store,
        role,
        manager,
        ana,
        ana_id,
    }
}

impl Store {
    async fn call(&self, name: &str, token: &str, mut body: Value) -> crate::fixtures::Reply {
        body["store"] = json!(self.store);
        body["storeId"] = json!(self.store);
        self.app.call(name, body, Some(token)).await
    }

    /// Ana's figures in the report of `[from, to)`: worked minutes and cost.
    async fn reported(&self, from: i64, to: i64) -> (i64, f64) {
        let r = self
            .call(
                "reportSchedule",
                &self.manager.token,
                json!({ "start": from, "end": to }),
            )
            .await;
        let line = r.data()["employees"]
            .as_array()
            .expect("lines")
            .iter()
            .find(|l| l["email"] == "ana@example.com")
            .cloned()
            .expect("Ana's line");
        (
            line["workedMinutes"].as_i64().expect("minutes"),
            line["cost"].as_f64().expect("cost"),
        )
    }

    /// The timesheet of the pay period of `day`.
    async fn timesheet(&self, token: &str, day: NaiveDate) -> Value {
        self.app
            .get(
                &format!("/api/v1/stores/{}/timesheets?day={day}", self.store),
                Some(token),
            )
            .await
            .data()
            .clone()
    }

    /// Ana's worked minutes and pay over the pay periods of the instants given, each
    /// period counted once, with the bounds of those periods.
    async fn on_timesheets(&self, instants: &[i64]) -> ((i64, f64, f64), (i64, i64)) {
        let mut seen = Vec::new();
        let (mut minutes, mut pay, mut expected) = (0, 0.0, 0.0);
        let (mut from, mut to) = (i64::MAX, i64::MIN);
        for at in instants {
            let day = berlin_day(*at);
            let sheet = self.timesheet(&self.manager.token, day).await;
            let start = sheet["start"].as_i64().expect("start");
            if seen.contains(&start) {
                continue;
            }
            seen.push(start);
            from = from.min(start);
            to = to.max(sheet["end"].as_i64().expect("end"));
            let line = sheet["lines"]
                .as_array()
                .expect("lines")
                .iter()
                .find(|l| l["employee"] == json!(self.ana_id))
                .cloned()
                .expect("Ana's line");
            minutes += line["workedMinutes"].as_i64().expect("minutes");
            pay += line["pay"].as_f64().expect("pay");
            expected += line["expectedPay"].as_f64().expect("expected");
        }
        ((minutes, pay, expected), (from, to))
    }
}

fn berlin_day(ms: i64) -> NaiveDate {
    DateTime::<Utc>::from_timestamp_millis(ms)
        .expect("an instant")
        .with_timezone(&chrono_tz::Europe::Berlin)
        .date_naive()
}

fn now_ms() -> i64 {
    Utc::now().timestamp_millis()
}

/// Ana works `minutes` unscheduled, up to now, and completes it; answers the proposal.
async fn proposed(s: &Store, minutes: i64) -> Value {
    let now = now_ms();
    let started = s
        .call(
            "startProposedShift",
            &s.ana.token,
            json!({ "title": "Inventory", "role": s.role, "punchedAt": now - minutes * MIN, "sentAt": now }),
        )
        .await;
    let proposal = started.data()["proposedShift"].clone();
    s.call("completeProposedShift", &s.ana.token, json!({}))
        .await
        .data();
    proposal
}

#[actix_web::test]
async fn an_approved_proposal_is_paid_once_with_the_managers_times() {
    let s = store().await;
    let proposal = proposed(&s, 90).await;
    let now = now_ms();
    let approved = s
        .call(
            "approveProposedShift",
            &s.manager.token,
            json!({ "shiftPropose": { "id": proposal["id"], "start": now - 120 * MIN, "end": now } }),
        )
        .await;
    let shift = approved.data()["shift"].clone();
    // The shift names the session it was made from.
    let sessions = s
        .app
        .get(
            &format!(
                "/api/v1/stores/{}/clock/sessions?start={}&end={}",
                s.store,
                now - 3 * 60 * MIN,
                now + MIN
            ),
            Some(&s.manager.token),
        )
        .await;
    let session = sessions.data()[0]["id"].clone();
    assert!(session.is_string(), "{}", sessions.body);
    assert_eq!(shift["adjacentSessionId"], session);

    let (from, to) = (now - 24 * 60 * MIN, now + 24 * 60 * MIN);
    assert_eq!(s.reported(from, to).await, (120, 40.0));
    let ((minutes, pay, expected), _) = s.on_timesheets(&[now - 120 * MIN, now]).await;
    assert_eq!((minutes, pay), (120, 40.0));
    // Nothing more is planned: the estimate is what was earned.
    assert_eq!(expected, 40.0);

    // The exports count it once too: one piece of work at the approved times, and its pay.
    let csv = |kind: &str| {
        let path = format!(
            "/api/v1/stores/{}/exports/{kind}?format=csv&start={from}&end={to}",
            s.store
        );
        let (app, token) = (&s.app, s.manager.token.clone());
        async move {
            let (status, _, _, bytes) = download(app, &path, &token).await;
            assert_eq!(status, 200);
            String::from_utf8(bytes).expect("utf-8")
        }
    };
    let tracked = csv("timeTracking").await;
    let rows: Vec<&str> = tracked.lines().skip(1).collect();
    assert_eq!(rows.len(), 1, "{tracked}");
    assert!(rows[0].contains(",0,120,0,manager,c"), "{tracked}");
    let payroll = csv("payroll").await;
    assert!(
        payroll.contains("ana,ana@example.com,Barista,Hourly,20,2,2,0,40,USD"),
        "{payroll}"
    );

    // Managers read answered proposals too, with who answered and when.
    let answered = s
        .app
        .get(
            &format!(
                "/api/v1/stores/{}/clock/proposals?start={from}&end={to}",
                s.store
            ),
            Some(&s.manager.token),
        )
        .await;
    let list = answered.data().as_array().expect("proposals").clone();
    assert_eq!(list.len(), 1, "{}", answered.body);
    assert_eq!(list[0]["status"], "a");
    assert!(list[0]["decidedBy"].is_string());
    assert!(list[0]["decidedAt"].as_i64().expect("decided at") >= now - MIN);
    assert_eq!(list[0]["shift"], shift["id"]);
}

#[actix_web::test]
async fn rejected_work_is_not_paid_but_stays_in_the_clocks_history() {
    let s = store().await;
    let proposal = proposed(&s, 60).await;
    let rejected = s
        .call(
            "rejectProposedShift",
            &s.manager.token,
            json!({ "shiftPropose": proposal["id"] }),
        )
        .await;
    assert_eq!(rejected.data()["proposedShift"]["status"], "r");
    let now = now_ms();
    let (from, to) = (now - 24 * 60 * MIN, now + 24 * 60 * MIN);
    assert_eq!(s.reported(from, to).await, (0, 0.0));
    let ((minutes, pay, _), _) = s.on_timesheets(&[now - 60 * MIN, now]).await;
    assert_eq!((minutes, pay), (0, 0.0));
    let listed = |what: &str, token: &str| {
        let path = format!(
            "/api/v1/stores/{}/clock/{what}start={from}&end={to}",
            s.store
        );
        let (app, token) = (&s.app, token.to_string());
        async move {
            let reply = app.get(&path, Some(&token)).await;
            reply.data().as_array().expect("a list").len()
        }
    };
    assert_eq!(listed("sessions?", &s.manager.token).await, 1);
    // The time-tracking export lists only paid work.
    let path = format!(
        "/api/v1/stores/{}/exports/timeTracking?format=csv&start={from}&end={to}",
        s.store
    );
    let (_, _, _, bytes) = download(&s.app, &path, &s.manager.token).await;
    let text = String::from_utf8(bytes).expect("utf-8");
    assert_eq!(text.lines().count(), 1, "only the header: {text}");
    // Only answered ones are listed with `status=r`; the employee sees her own.
    assert_eq!(listed("proposals?status=r&", &s.ana.token).await, 1);
    assert_eq!(listed("proposals?status=a&", &s.manager.token).await, 0);
}

#[actix_web::test]
async fn a_missed_shift_a_manager_completes_is_paid_alike_everywhere() {
    let s = store().await;
    let now = Utc::now();
    // Three hours that ended three hours ago, never clocked.
    let start = now - Duration::hours(6);
    let missed = worked_shift(
        &s.app,
        &s.store,
        &s.ana_id,
        &s.role,
        start,
        3,
        Progress::NotStarted,
    )
    .await;
    // Two more hours, completed with the times the manager gives.
    let start2 = now - Duration::hours(12);
    let corrected = worked_shift(
        &s.app,
        &s.store,
        &s.ana_id,
        &s.role,
        start2,
        2,
        Progress::NotStarted,
    )
    .await;
    let from = now - Duration::days(1);
    let (from_ms, to_ms) = (from.timestamp_millis(), now.timestamp_millis() + MIN);
    assert_eq!(s.reported(from_ms, to_ms).await, (0, 0.0));

    let done = s
        .call(
            "completeShift",
            &s.manager.token,
            json!({ "shiftId": missed.to_string() }),
        )
        .await;
    assert_eq!(done.data()["progress"], "c", "{}", done.body);
    // An employee cannot complete it, and times must be whole and in the past.
    let (a, b) = (
        start2.timestamp_millis(),
        start2.timestamp_millis() + 90 * MIN,
    );
    let refused = s
        .call(
            "completeShift",
            &s.manager.token,
            json!({ "shiftId": corrected.to_string(), "start": b, "end": a }),
        )
        .await;
    assert_eq!(refused.status, 400);
    assert_eq!(refused.body["code"], "invalid_worked_times");
    let alone = s
        .call(
            "completeShift",
            &s.manager.token,
            json!({ "shiftId": corrected.to_string(), "start": a }),
        )
        .await;
    assert_eq!(alone.status, 400);
    let done = s
        .call(
            "completeShift",
            &s.manager.token,
            json!({ "shiftId": corrected.to_string(), "start": a, "end": b }),
        )
        .await;
    assert_eq!(done.data()["end"], b, "{}", done.body);

    // 180 + 90 minutes at 20 an hour, in the report and on the timesheets alike.
    assert_eq!(s.reported(from_ms, to_ms).await, (270, 90.0));
    let instants = [a, b, start.timestamp_millis(), now.timestamp_millis()];
    let ((minutes, pay, _), (p_from, p_to)) = s.on_timesheets(&instants).await;
    assert_eq!((minutes, pay), (270, 90.0));
    // The report of the same periods says the same.
    assert_eq!(s.reported(p_from, p_to).await, (270, 90.0));
}

#[actix_web::test]
async fn the_estimate_adds_the_announced_shifts_to_come() {
    let s = store().await;
    let now = now_ms();
    // A published shift of four hours in the next pay period, and one not yet published.
    let this = s.timesheet(&s.ana.token, berlin_day(now)).await;
    let start = this["end"].as_i64().expect("end") + 10 * 60 * MIN;
    let mut ids = Vec::new();
    for offset in [0, 24 * 60 * MIN] {
        let shift = s
            .call(
                "createShift",
                &s.manager.token,
                json!({ "title": "Bar", "start": start + offset, "end": start + offset + 240 * MIN,
                        "role": s.role, "assigned": s.ana_id }),
            )
            .await;
        ids.push(shift.data()["shifts"][0]["id"].clone());
    }
    s.call(
        "publishShifts",
        &s.manager.token,
        json!({ "shifts": [ids[0]] }),
    )
    .await
    .data();
    let sheet = s.timesheet(&s.ana.token, berlin_day(start)).await;
    let lines = sheet["lines"].as_array().expect("lines");
    // An employee reads her own line only.
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["workedMinutes"], 0);
    assert_eq!(lines[0]["pay"], 0.0);
    // The draft is not expected of her; the published shift is.
    assert_eq!(lines[0]["expectedMinutes"], 240);
    assert_eq!(lines[0]["expectedPay"], 80.0);
    // The manager's timesheet shows the same line.
    let all = s.timesheet(&s.manager.token, berlin_day(start)).await;
    let ana = all["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .find(|l| l["employee"] == json!(s.ana_id))
        .cloned()
        .expect("Ana's line");
    assert_eq!(ana["expectedPay"], 80.0);

    // The home's estimate of the days ahead: the published shift, as the timesheet counts it.
    let earnings = |token: String, from: i64, to: i64| {
        let (s, path) = (
            &s,
            format!("/api/v1/stores/{}/earnings?start={from}&end={to}", s.store),
        );
        async move { s.app.get(&path, Some(&token)).await }
    };
    let ahead = earnings(s.ana.token.clone(), now, start + 3 * 24 * 60 * MIN).await;
    let data = ahead.data();
    assert_eq!(data["workedMinutes"], 0);
    assert_eq!(data["expectedMinutes"], 240);
    assert_eq!(data["expectedPay"], 80.0);
    assert_eq!(data["shifts"], 1);
    assert_eq!(data["currency"], "USD");
    // Ranges are checked; another store's people read nothing of this one.
    assert_eq!(earnings(s.ana.token.clone(), now, now).await.status, 400);
    let stranger = s.app.create_user("stranger@example.com");
    let other = earnings(stranger.token.clone(), now, now + MIN).await;
    assert!(matches!(other.status, 403 | 404), "{}", other.status);
}
