//! Stores: creating a business, the owner's edits, booking, the identity code, the store read,
//! and the demo seed. Also the helpers the role, employee and isolation tests share.

use crate::fixtures::stores::{
    add_member, count, create_role, create_store, error_logs, snapshot, NOT_AUTHENTICATED,
    NOT_OWNER, NO_ACTIVE_STORE, NO_EMPLOYEE_DOCUMENT,
};
use crate::fixtures::{spawn_app, spawn_app_with, TestApp};
use diesel::sql_types::Text;
use diesel::RunQueryDsl;
use serde_json::{json, Value};

const INVALID_BUSINESS_DATA: &str = "Invalid business data";

async fn store_of(app: &TestApp, token: &str, store: &str) -> Value {
    app.get(&format!("/api/v1/stores/{store}"), Some(token))
        .await
        .data()
        .clone()
}

#[actix_web::test]
async fn creating_a_business_makes_the_caller_its_owner_with_every_permission() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let reply = app
        .call(
            "createBusiness",
            json!({
                "name": "  Corner Bakery ",
                "type": "Retail_And_Consumer",
                "timezoneReference": "Europe/Berlin",
                "logo": "https://img.example.com/l.png",
                "address": "Main St 1",
                "open": "7:30",
                "close": "18:00",
                "daysoff": [0, "Sat"]
            }),
            Some(&owner.token),
        )
        .await;
    let data = reply.data();
    let store = data["storeId"].as_str().expect("id");
    assert_eq!(data["store"]["id"], store);
    assert_eq!(data["employee"]["userId"], json!(owner.id));

    let detail = store_of(&app, &owner.token, store).await;
    let s = &detail["store"];
    assert_eq!(s["name"], "Corner Bakery");
    assert_eq!(s["type"], "retail and consumer");
    assert_eq!(s["timezoneReference"], "Europe/Berlin");
    assert!(
        ["GMT+01:00", "GMT+02:00"].contains(&s["timezone"].as_str().expect("label")),
        "{s}"
    );
    assert_eq!(
        s["times"],
        json!({ "open": "07:30", "close": "18:00", "daysOff": [0, 6] })
    );
    assert_eq!(s["owner"], json!(owner.id));
    assert_eq!(s["bookingEnabled"], false);
    assert_eq!(s["weekStart"], 0);
    assert_eq!(s["logo"], "https://img.example.com/l.png");
    assert_eq!(detail["isOwner"], true);
    assert_eq!(detail["isManager"], true);
    let perms = detail["employee"]["permissions"].clone();
    for p in ["employee", "schedule", "availabletime", "owner"] {
        assert!(
            perms.as_array().expect("list").contains(&json!(p)),
            "{perms}"
        );
    }
    assert_eq!(detail["employee"]["email"], "owner@example.com");
    assert_eq!(detail["roles"], json!([]));
}

#[actix_web::test]
async fn create_business_refuses_bad_input_and_stores_nothing() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let good = json!({ "name": "Shop", "type": "others", "timezoneReference": "Europe/Berlin" });
    let reply = app.call("createBusiness", good.clone(), None).await;
    assert_eq!(reply.error(401), NOT_AUTHENTICATED);
    let mut bad_cases = vec![
        json!({ "type": "others", "timezoneReference": "Europe/Berlin" }),
        json!({ "name": "  ", "type": "others", "timezoneReference": "Europe/Berlin" }),
        json!({ "name": 5, "type": "others", "timezoneReference": "Europe/Berlin" }),
        json!({ "name": "Shop", "type": "bakery", "timezoneReference": "Europe/Berlin" }),
        json!({ "name": "Shop", "timezoneReference": "Europe/Berlin" }),
        json!({ "name": "Shop", "type": "others" }),
        json!({ "name": "Shop", "type": "others", "timezoneReference": "Mars/Olympus" }),
        json!({ "name": "Shop", "type": "others", "timezoneReference": "GMT+01:00" }),
        json!({ "name": "Shop", "type": "others", "timezoneReference": "'; DROP TABLE stores; --" }),
        json!([1, 2, 3]),
        json!("Shop"),
    ];
    for (field, value) in [
        ("open", json!("25:00")),
        ("close", json!("9am")),
        ("daysoff", json!([0, 1, 2, 3, 4, 5, 6])),
        ("daysoff", json!([9])),
        ("logo", json!({ "url": "x" })),
        ("name", json!("x".repeat(500))),
    ] {
        let mut body = good.clone();
        body[field] = value;
        bad_cases.push(body);
    }
    for body in bad_cases {
        let reply = app
            .call("createBusiness", body.clone(), Some(&owner.token))
            .await;
        assert_eq!(reply.status, 400, "{body} -> {:?}", reply.body);
        assert_eq!(reply.body["code"], "invalid_input", "{body}");
    }
    assert_eq!(count(&app, "SELECT 1 FROM stores"), 0);
    assert_eq!(count(&app, "SELECT 1 FROM employees"), 0);
}

#[actix_web::test]
async fn the_owner_updates_identity_timing_and_location() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let before = store_of(&app, &owner.token, &store).await["store"]["version"]
        .as_i64()
        .expect("version");

    let reply = app
        .call(
            "updateBusinessIdentity",
            json!({ "store": store, "name": "New Name", "img": "https://img.example.com/n.png", "type": "personal care" }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reply.data()["name"], "New Name");
    let reply = app
        .call(
            "updateBusinessTiming",
            json!({ "store": store, "open": "22:00", "close": "06:00", "daysoff": ["monday", 2] }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(
        reply.data()["times"],
        json!({ "open": "22:00", "close": "06:00", "daysOff": [1, 2] })
    );
    let reply = app
        .call(
            "updateBusinessLocation",
            json!({ "store": store, "address": "Harbour Rd 2", "timezone": "America/New_York" }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reply.data()["timezoneReference"], "America/New_York");

    let s = store_of(&app, &owner.token, &store).await["store"].clone();
    assert_eq!(s["name"], "New Name");
    assert_eq!(s["type"], "personal care");
    assert_eq!(s["logo"], "https://img.example.com/n.png");
    assert_eq!(s["address"], "Harbour Rd 2");
    assert!(
        ["GMT-05:00", "GMT-04:00"].contains(&s["timezone"].as_str().expect("label")),
        "{s}"
    );
    assert_eq!(s["version"].as_i64(), Some(before + 3));
    assert_eq!(
        count(
            &app,
            "SELECT 1 FROM store_events WHERE kind = 'store.updated'"
        ),
        3
    );
}

#[actix_web::test]
async fn business_edits_without_or_with_an_unknown_store_id_are_invalid_business_data() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    create_store(&app, &owner, "Shop").await;
    let unknown = uuid::Uuid::now_v7().to_string();
    let calls = [
        (
            "updateBusinessIdentity",
            json!({ "name": "X", "type": "others" }),
        ),
        (
            "updateBusinessTiming",
            json!({ "open": "08:00", "close": "17:00", "daysoff": [] }),
        ),
        (
            "updateBusinessLocation",
            json!({ "address": "A", "timezone": "UTC" }),
        ),
    ];
    for (name, body) in calls {
        let reply = app.call(name, body.clone(), Some(&owner.token)).await;
        assert_eq!(reply.error(400), INVALID_BUSINESS_DATA, "{name}");
        let mut with_empty = body.clone();
        with_empty["store"] = json!("");
        let reply = app.call(name, with_empty, Some(&owner.token)).await;
        assert_eq!(reply.error(400), INVALID_BUSINESS_DATA, "{name}");
        let mut with_unknown = body.clone();
        with_unknown["store"] = json!(unknown);
        let reply = app.call(name, with_unknown, Some(&owner.token)).await;
        assert_eq!(reply.error(404), INVALID_BUSINESS_DATA, "{name}");
        let reply = app.call(name, body, None).await;
        assert_eq!(reply.error(401), NOT_AUTHENTICATED, "{name}");
    }
}

#[actix_web::test]
async fn business_edits_by_anyone_but_the_owner_are_refused_and_logged() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let (manager, _) = add_member(
        &app,
        &owner,
        &store,
        "manager@example.com",
        &[],
        &["employee", "schedule", "availabletime"],
    )
    .await;
    let outsider = app.create_user("outsider@example.com");
    let before = snapshot(&app);
    let calls = [
        (
            "updateBusinessIdentity",
            json!({ "store": store, "name": "X", "type": "others" }),
        ),
        (
            "updateBusinessTiming",
            json!({ "store": store, "open": "08:00", "close": "17:00", "daysoff": [] }),
        ),
        (
            "updateBusinessLocation",
            json!({ "store": store, "address": "A", "timezone": "UTC" }),
        ),
    ];
    for (name, body) in calls {
        for user in [&manager, &outsider] {
            let reply = app.call(name, body.clone(), Some(&user.token)).await;
            assert_eq!(reply.error(403), NOT_OWNER, "{name}");
        }
    }
    assert_eq!(snapshot(&app), before);
    assert_eq!(error_logs(&app, "updateBusinessTiming", NOT_OWNER), 1);
}

#[actix_web::test]
async fn business_timing_and_location_refuse_bad_values_and_change_nothing() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let before = snapshot(&app);
    let cases = [
        (
            "updateBusinessTiming",
            json!({ "store": store, "open": "9am", "close": "17:00", "daysoff": [] }),
        ),
        (
            "updateBusinessTiming",
            json!({ "store": store, "open": "09:00", "close": "24:00", "daysoff": [] }),
        ),
        (
            "updateBusinessTiming",
            json!({ "store": store, "open": "09:00", "close": "17:00" }),
        ),
        (
            "updateBusinessTiming",
            json!({ "store": store, "open": "09:00", "close": "17:00", "daysoff": [0, 1, 2, 3, 4, 5, 6] }),
        ),
        (
            "updateBusinessTiming",
            json!({ "store": store, "open": "09:00", "close": "17:00", "daysoff": [-1] }),
        ),
        (
            "updateBusinessTiming",
            json!({ "store": store, "open": 900, "close": "17:00", "daysoff": [] }),
        ),
        (
            "updateBusinessLocation",
            json!({ "store": store, "address": "A", "timezone": "Europe/Nowhere" }),
        ),
        (
            "updateBusinessLocation",
            json!({ "store": store, "address": "A", "timezone": "1; DROP TABLE stores" }),
        ),
        (
            "updateBusinessLocation",
            json!({ "store": store, "address": " ", "timezone": "UTC" }),
        ),
        (
            "updateBusinessLocation",
            json!({ "store": store, "timezone": "UTC" }),
        ),
        (
            "updateBusinessIdentity",
            json!({ "store": store, "name": "", "type": "others" }),
        ),
        (
            "updateBusinessIdentity",
            json!({ "store": store, "name": "X", "type": "spaceport" }),
        ),
        (
            "updateBusinessIdentity",
            json!({ "store": "1 OR 1=1", "name": "X", "type": "others" }),
        ),
    ];
    for (name, body) in cases {
        let reply = app.call(name, body.clone(), Some(&owner.token)).await;
        assert_eq!(reply.status, 400, "{name} {body} -> {:?}", reply.body);
    }
    assert_eq!(snapshot(&app), before);
}

#[actix_web::test]
async fn only_the_owner_gets_the_business_identity_code_which_is_stable_and_unique() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let other_owner = app.create_user("other@example.com");
    let other_store = create_store(&app, &other_owner, "Other").await;
    let (manager, _) = add_member(
        &app,
        &owner,
        &store,
        "manager@example.com",
        &[],
        &["employee", "schedule"],
    )
    .await;

    let ask = |token: String, store: String, regenerate: bool| {
        let app = &app;
        async move {
            app.call(
                "requestBusinessIdentityCode",
                json!({ "store": store, "regenerate": regenerate }),
                Some(&token),
            )
            .await
        }
    };
    let first = ask(owner.token.clone(), store.clone(), false).await.data()["code"].clone();
    let code = first.as_str().expect("code");
    assert_eq!(code.len(), 10);
    assert!(code
        .chars()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()));
    let again = ask(owner.token.clone(), store.clone(), false).await.data()["code"].clone();
    assert_eq!(again, first);
    let renewed = ask(owner.token.clone(), store.clone(), true).await.data()["code"].clone();
    assert_ne!(renewed, first);
    let other = ask(other_owner.token.clone(), other_store, false)
        .await
        .data()["code"]
        .clone();
    assert_ne!(other, renewed);

    let reply = ask(manager.token.clone(), store.clone(), false).await;
    assert_eq!(reply.error(403), NOT_OWNER);
    assert_eq!(
        error_logs(&app, "requestBusinessIdentityCode", NOT_OWNER),
        1
    );
    let reply = app
        .call("requestBusinessIdentityCode", json!({}), Some(&owner.token))
        .await;
    assert_eq!(reply.error(400), NO_ACTIVE_STORE);
}

#[actix_web::test]
async fn booking_is_toggled_by_the_owner_only_and_only_on_a_new_value() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let (manager, _) = add_member(
        &app,
        &owner,
        &store,
        "manager@example.com",
        &[],
        &["employee", "schedule"],
    )
    .await;
    let version = |d: Value| d["store"]["version"].as_i64().expect("version");
    let v0 = version(store_of(&app, &owner.token, &store).await);

    let on = json!({ "store": store, "bookingEnabled": true });
    let reply = app
        .call("toggleBookingFeature", on.clone(), Some(&owner.token))
        .await;
    assert_eq!(
        reply.data(),
        &json!({ "bookingEnabled": true, "changed": true })
    );
    let detail = store_of(&app, &owner.token, &store).await;
    assert_eq!(detail["store"]["bookingEnabled"], true);
    assert_eq!(version(detail), v0 + 1);

    let reply = app
        .call("toggleBookingFeature", on.clone(), Some(&owner.token))
        .await;
    assert_eq!(
        reply.data(),
        &json!({ "bookingEnabled": true, "changed": false })
    );
    assert_eq!(version(store_of(&app, &owner.token, &store).await), v0 + 1);

    let off = json!({ "store": store, "bookingEnabled": false });
    let reply = app
        .call("toggleBookingFeature", off.clone(), Some(&manager.token))
        .await;
    assert_eq!(reply.error(403), NOT_OWNER);
    let reply = app
        .call(
            "toggleBookingFeature",
            json!({ "store": store, "bookingEnabled": "no" }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reply.status, 400);
    let reply = app
        .call(
            "toggleBookingFeature",
            json!({ "bookingEnabled": false }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reply.error(400), NO_ACTIVE_STORE);
    let reply = app.call("toggleBookingFeature", off, None).await;
    assert_eq!(reply.error(401), NOT_AUTHENTICATED);
    assert_eq!(
        store_of(&app, &owner.token, &store).await["store"]["bookingEnabled"],
        true
    );
}

#[actix_web::test]
async fn the_store_read_answers_members_only() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let role = create_role(&app, &owner.token, &store, "Barista").await;
    let (employee, employee_id) = add_member(
        &app,
        &owner,
        &store,
        "ann@example.com",
        &[&role],
        &["availabletime"],
    )
    .await;
    let outsider = app.create_user("outsider@example.com");

    let path = format!("/api/v1/stores/{store}");
    assert_eq!(app.get(&path, None).await.error(401), NOT_AUTHENTICATED);
    assert_eq!(
        app.get(&path, Some(&outsider.token)).await.error(403),
        NO_EMPLOYEE_DOCUMENT
    );
    let unknown = format!("/api/v1/stores/{}", uuid::Uuid::now_v7());
    assert_eq!(
        app.get(&unknown, Some(&owner.token)).await.error(404),
        NO_ACTIVE_STORE
    );
    let malformed = app
        .get("/api/v1/stores/1%20OR%201=1", Some(&owner.token))
        .await;
    assert_eq!(malformed.error(404), NO_ACTIVE_STORE);

    let detail = app.get(&path, Some(&employee.token)).await.data().clone();
    assert_eq!(detail["employee"]["id"], employee_id);
    assert_eq!(detail["permissions"], json!(["availabletime"]));
    assert_eq!(detail["isOwner"], false);
    assert_eq!(detail["isManager"], false);
    assert_eq!(detail["roles"][0]["title"], "Barista");
    assert_eq!(detail["roles"][0]["requireUserAction"], false);
    assert_eq!(detail["store"]["name"], "Shop");

    // The version it was read at: a socket joining with it as `since` misses nothing after.
    let version = |app: &TestApp| {
        backend::db::models::store::Store::current_version(
            &mut app.conn(),
            store.parse().expect("id"),
        )
        .expect("version")
    };
    assert_eq!(detail["version"], json!(version(&app)));
    create_role(&app, &owner.token, &store, "Cook").await;
    let again = app.get(&path, Some(&employee.token)).await.data().clone();
    assert_eq!(again["version"], json!(version(&app)));
    assert!(again["version"].as_i64() > detail["version"].as_i64());
}

#[actix_web::test]
async fn every_member_read_refuses_alike_and_logs_a_refusal_under_its_name() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let outsider = app.create_user("outsider@example.com");
    let unknown = uuid::Uuid::now_v7().to_string();
    let conversation = uuid::Uuid::now_v7();
    let reads = [
        ("", "getStore"),
        ("/roles", "getRoles"),
        ("/employees", "getEmployees"),
        ("/shifts", "getShifts"),
        ("/pool", "getPool"),
        ("/availability", "getAvailability"),
        ("/timeoff", "getTimeOff"),
        ("/notifications", "getNotifications"),
        ("/earnings?start=0&end=86400000", "getEarnings"),
        ("/conversations", "getConversations"),
        (
            &format!("/conversations/{conversation}/messages") as &str,
            "getMessages",
        ),
        (&format!("/conversations/{conversation}/reads"), "getReads"),
        (
            &format!("/conversations/{conversation}/surveys"),
            "getSurveys",
        ),
        ("/messages/search?q=hello", "searchMessages"),
        ("/exports/roles", "export"),
        ("/forms/roles", "exportForm"),
    ];
    for (rest, name) in reads {
        let path = format!("/api/v1/stores/{store}{rest}");
        assert_eq!(
            app.get(&path, None).await.error(401),
            NOT_AUTHENTICATED,
            "{name}"
        );
        assert_eq!(
            app.get(&path, Some(&outsider.token)).await.error(403),
            NO_EMPLOYEE_DOCUMENT,
            "{name}"
        );
        let elsewhere = format!("/api/v1/stores/{unknown}{rest}");
        assert_eq!(
            app.get(&elsewhere, Some(&owner.token)).await.error(404),
            NO_ACTIVE_STORE,
            "{name}"
        );
        assert_eq!(error_logs(&app, name, NO_EMPLOYEE_DOCUMENT), 1, "{name}");
    }
}

#[actix_web::test]
async fn the_openapi_document_describes_the_store_calls_and_reads() {
    let app = spawn_app().await;
    let doc = app.get("/api/v1/openapi.json", None).await;
    let paths = &doc.body["paths"];
    for p in [
        "/api/v1/stores/{storeId}",
        "/api/v1/stores/{storeId}/roles",
        "/api/v1/stores/{storeId}/employees",
        "/api/v1/createBusiness",
        "/api/v1/inviteEmployee",
        "/api/v1/joinBusinessWithInvitation",
        "/api/v1/toggleBookingFeature",
    ] {
        assert!(paths.get(p).is_some(), "{p} missing");
    }
    assert!(doc.body["components"]["schemas"].get("StoreView").is_some());
}

#[actix_web::test]
async fn the_demo_seed_creates_demo_cafe_once() {
    let app = spawn_app_with(|s| s.seed_demo = true).await;
    assert_eq!(
        count(&app, "SELECT 1 FROM users WHERE status = 'confirmed'"),
        5
    );
    assert_eq!(
        count(
            &app,
            "SELECT 1 FROM stores WHERE name = 'Demo Café' AND timezone_reference = 'Europe/Berlin'"
        ),
        1
    );
    assert_eq!(count(&app, "SELECT 1 FROM roles"), 3);
    assert_eq!(
        count(&app, "SELECT 1 FROM employees WHERE user_id IS NOT NULL"),
        5
    );
    assert_eq!(
        count(
            &app,
            "SELECT 1 FROM employees WHERE 'schedule' = ANY(permissions) AND 'employee' = ANY(permissions) AND NOT 'owner' = ANY(permissions)"
        ),
        1
    );
    assert_eq!(
        count(&app, "SELECT 1 FROM employees WHERE cardinality(role_ids) > 0 AND permissions = '{availabletime}'"),
        3
    );
    #[derive(diesel::QueryableByName)]
    struct Hash {
        #[diesel(sql_type = Text)]
        password_hash: String,
    }
    let hash =
        diesel::sql_query("SELECT password_hash FROM users WHERE email = 'owner@example.com'")
            .get_result::<Hash>(&mut app.conn())
            .expect("owner");
    assert!(backend::auth::password::verify(
        "demo1234",
        &hash.password_hash
    ));
    let again = backend::seed::run(&app.state.db, &app.state.stores)
        .await
        .expect("seed");
    assert!(!again, "a second run must not seed again");
    assert_eq!(count(&app, "SELECT 1 FROM stores"), 1);
}

#[actix_web::test]
async fn the_owner_sets_the_first_day_of_the_week_and_the_week_read_follows_it() {
    use chrono::{Datelike, Duration, Utc};
    let s = crate::fixtures::scene::scene().await;
    let today = Utc::now().with_timezone(&chrono_tz::Europe::Berlin);
    let today_number = today.weekday().num_days_from_sunday();
    let tomorrow_name = (today + Duration::days(1)).weekday().to_string();
    let tomorrow = s
        .shift(
            Some(&s.ana_id),
            crate::fixtures::scene::berlin(1, 12, 0),
            crate::fixtures::scene::berlin(1, 14, 0),
        )
        .await;
    let timing = |week_start: Value| json!({ "open": "08:00", "close": "17:00", "daysoff": [], "weekStart": week_start });
    async fn default_week(s: &crate::fixtures::scene::Scene) -> Value {
        s.read(&s.scheduler.token, "").await.data().clone()
    }

    // A week starting today holds tomorrow.
    let r = s
        .call(
            "updateBusinessTiming",
            &s.owner.token,
            timing(json!(today_number)),
        )
        .await;
    assert_eq!(r.data()["weekStart"], json!(today_number));
    assert!(crate::fixtures::scene::find_in(&default_week(&s).await, &tomorrow["id"]).is_some());

    // A week starting tomorrow (by name) ended before it.
    let r = s
        .call(
            "updateBusinessTiming",
            &s.owner.token,
            timing(json!(tomorrow_name)),
        )
        .await;
    let tomorrow_number = (today_number + 1) % 7;
    assert_eq!(r.data()["weekStart"], json!(tomorrow_number));
    assert_eq!(
        store_of(&s.app, &s.ana.token, &s.store).await["store"]["weekStart"],
        json!(tomorrow_number)
    );
    assert!(crate::fixtures::scene::find_in(&default_week(&s).await, &tomorrow["id"]).is_none());

    // Out of range is refused and changes nothing; leaving it out keeps it; managers who are
    // not the owner cannot set it.
    for bad in [json!(7), json!(-1), json!("someday")] {
        let r = s
            .call("updateBusinessTiming", &s.owner.token, timing(bad))
            .await;
        assert_eq!(
            r.error(400),
            "weekStart is a weekday number (0 = Sunday to 6) or a weekday name."
        );
    }
    let r = s
        .call(
            "updateBusinessTiming",
            &s.owner.token,
            json!({ "open": "08:00", "close": "17:00", "daysoff": [] }),
        )
        .await;
    assert_eq!(r.data()["weekStart"], json!(tomorrow_number));
    let r = s
        .call("updateBusinessTiming", &s.scheduler.token, timing(json!(0)))
        .await;
    assert_eq!(r.error(403), NOT_OWNER);
    assert_eq!(
        store_of(&s.app, &s.owner.token, &s.store).await["store"]["weekStart"],
        json!(tomorrow_number)
    );
}
