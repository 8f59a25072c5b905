//! The demo store as a newcomer finds it: a month around the day the server first started,
//! read through the API as its manager and its employees read it.

use crate::fixtures::{spawn_app_with, TestApp};
use chrono::{Duration, Utc};
use diesel::sql_types::BigInt;
use diesel::RunQueryDsl;
use serde_json::{json, Value};

async fn sign_in(app: &TestApp, email: &str) -> String {
    let reply = app
        .call(
            "login",
            json!({ "email": email, "password": "demo1234" }),
            None,
        )
        .await;
    reply.data()["token"].as_str().expect("token").to_string()
}

fn items(reply: &Value) -> &Vec<Value> {
    reply.as_array().expect("a list")
}

#[actix_web::test]
async fn the_demo_store_opens_on_a_living_month() {
    let app = spawn_app_with(|s| s.seed_demo = true).await;
    let manager = sign_in(&app, "manager@example.com").await;
    let barista = sign_in(&app, "barista@example.com").await;
    let cashier = sign_in(&app, "cashier@example.com").await;
    let me = app.get("/api/v1/me", Some(&manager)).await;
    let store = me.data()["stores"][0]["id"]
        .as_str()
        .expect("the demo store")
        .to_string();
    let now = Utc::now();
    // Days as the store counts them (its weeks start on Sunday in Berlin).
    let today = now.with_timezone(&chrono_tz::Europe::Berlin).date_naive();
    let ms = |d: Duration| (now + d).timestamp_millis();

    // The board of this week and next: published, confirmed and open shifts.
    let board = app
        .get(
            &format!(
                "/api/v1/stores/{store}/shifts?start={}&end={}",
                ms(Duration::zero()),
                ms(Duration::days(14))
            ),
            Some(&manager),
        )
        .await;
    let shifts = items(board.data());
    let with = |status: &str| shifts.iter().filter(|s| s["status"] == status).count();
    assert!(with("published") >= 2, "shifts awaiting confirmation");
    assert!(with("confirmed") >= 5, "confirmed shifts");
    assert!(
        shifts
            .iter()
            .any(|s| s["status"] == "published" && s["assigned"].is_null()),
        "open shifts announced to the pool"
    );
    assert!(
        shifts
            .iter()
            .any(|s| s["status"] == "draft" && s["assigned"].is_null()),
        "an open draft on the board"
    );

    // The pool as a colleague of the cashier sees it: a drop waiting to be grabbed, and open
    // shifts to take.
    let pool = app
        .get(&format!("/api/v1/stores/{store}/pool"), Some(&barista))
        .await;
    let pool = items(pool.data());
    assert!(pool
        .iter()
        .any(|e| e["request"]["type"] == "dropshift" && e["request"]["status"] == "pending"));
    assert!(pool.iter().any(|e| e["request"].is_null()));

    // A day off waits for the manager; another was approved.
    let time_off = app
        .get(
            &format!(
                "/api/v1/stores/{store}/timeoff?start={}&end={}",
                ms(Duration::days(-30)),
                ms(Duration::days(60))
            ),
            Some(&manager),
        )
        .await;
    let time_off = items(time_off.data());
    assert!(time_off.iter().any(|r| r["status"] == "pending"));
    assert!(time_off.iter().any(|r| r["status"] == "accepted"));

    // The past two weeks were worked: hours, breaks, late starts and overtime.
    let (mut worked, mut breaks, mut late, mut overtime) = (0, 0, 0, 0);
    for weeks_ago in [1, 2] {
        let day = today - Duration::weeks(weeks_ago);
        let sheet = app
            .get(
                &format!("/api/v1/stores/{store}/timesheets?day={day}"),
                Some(&manager),
            )
            .await;
        assert_eq!(sheet.data()["currency"], "EUR");
        for line in items(&sheet.data()["lines"]) {
            worked += line["workedMinutes"].as_i64().expect("minutes");
            breaks += line["breakMinutes"].as_i64().expect("minutes");
            late += line["late"].as_i64().expect("count");
            overtime += line["overtimeMinutes"].as_i64().expect("minutes");
        }
    }
    assert!(worked > 100 * 60, "worked {worked} minutes");
    assert!(breaks > 0 && late > 0 && overtime > 0);
    // An employee sees their own hours.
    let day = today - Duration::weeks(1);
    let own = app
        .get(
            &format!("/api/v1/stores/{store}/timesheets?day={day}"),
            Some(&cashier),
        )
        .await;
    let own = items(&own.data()["lines"]);
    assert_eq!(own.len(), 1);
    assert!(own[0]["workedMinutes"].as_i64() > Some(0));

    // Everyone has notifications, the newest unseen.
    for token in [&manager, &barista, &cashier] {
        let notes = app
            .get(
                &format!("/api/v1/stores/{store}/notifications"),
                Some(token),
            )
            .await;
        let private = items(&notes.data()["private"]);
        assert!(private.iter().any(|n| n["seen"] == false));
        assert!(private.iter().any(|n| n["seen"] == true));
    }

    // The team talks, with a poll, and employees set their availability.
    let conversations = app
        .get(
            &format!("/api/v1/stores/{store}/conversations"),
            Some(&barista),
        )
        .await;
    let team = &items(conversations.data())[0];
    assert!(team["lastSeq"].as_i64() >= Some(5));
    let surveys = app
        .get(
            &format!(
                "/api/v1/stores/{store}/conversations/{}/surveys",
                team["id"].as_str().expect("id")
            ),
            Some(&barista),
        )
        .await;
    assert_eq!(items(surveys.data()).len(), 1);

    // Every change was a command: the outbox holds the store's versions without a gap.
    #[derive(diesel::QueryableByName)]
    struct Versions {
        #[diesel(sql_type = BigInt)]
        n: i64,
        #[diesel(sql_type = BigInt)]
        top: i64,
        #[diesel(sql_type = BigInt)]
        store: i64,
    }
    let v = diesel::sql_query(
        "SELECT count(*) AS n, coalesce(max(e.version), 0) AS top, max(s.version) AS store \
         FROM store_events e JOIN stores s ON s.id = e.store_id",
    )
    .get_result::<Versions>(&mut app.conn())
    .expect("versions");
    assert!(v.n > 20);
    assert_eq!((v.n, v.top), (v.store, v.store));
}
