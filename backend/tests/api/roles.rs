//! Roles: create, update, delete, list; who may; what is refused.

use crate::fixtures::spawn_app;
use crate::fixtures::stores::{
    add_member, count, create_role, create_store, error_logs, snapshot, NOT_AUTHENTICATED,
    NOT_ENOUGH_PERMISSION, NO_ACTIVE_STORE,
};
use serde_json::json;

const ROLE_NOT_FOUND: &str = "Role not found.";

#[actix_web::test]
async fn a_manager_creates_updates_lists_and_deletes_roles() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let (manager, _) = add_member(
        &app,
        &owner,
        &store,
        "manager@example.com",
        &[],
        &["employee"],
    )
    .await;

    let reply = app
        .call(
            "createRole",
            json!({ "store": store, "roleData": { "title": " Barista ", "color": "#aa5500" } }),
            Some(&manager.token),
        )
        .await;
    let role = reply.data().clone();
    assert_eq!(role["title"], "Barista");
    assert_eq!(role["color"], "#aa5500");
    assert_eq!(role["requireUserAction"], false);
    assert_eq!(role["swappeable"], false);
    assert!(role["timestamp"].as_i64().expect("ms") > 1_600_000_000_000);
    let id = role["id"].as_str().expect("id");

    let reply = app
        .call(
            "updateRole",
            json!({
                "store": store,
                "roleId": id,
                "roleData": { "title": "Head Barista", "color": "red", "requireUserAction": true, "swappeable": true }
            }),
            Some(&manager.token),
        )
        .await;
    assert_eq!(reply.data()["title"], "Head Barista");
    assert_eq!(reply.data()["swappeable"], true);
    // Switches left out keep their value.
    let reply = app
        .call(
            "updateRole",
            json!({ "store": store, "roleId": id, "roleData": { "title": "Head Barista", "color": "blue" } }),
            Some(&manager.token),
        )
        .await;
    assert_eq!(reply.data()["requireUserAction"], true);
    assert_eq!(reply.data()["color"], "blue");

    let list = app
        .get(
            &format!("/api/v1/stores/{store}/roles"),
            Some(&manager.token),
        )
        .await;
    assert_eq!(list.data().as_array().expect("list").len(), 1);
    assert_eq!(list.data()[0]["title"], "Head Barista");

    let reply = app
        .call(
            "deleteRole",
            json!({ "store": store, "roleId": id }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reply.data()["id"], id);
    let list = app
        .get(&format!("/api/v1/stores/{store}/roles"), Some(&owner.token))
        .await;
    assert_eq!(list.data(), &json!([]));
    assert_eq!(
        count(&app, "SELECT 1 FROM store_events WHERE kind LIKE 'role.%'"),
        4
    );
}

#[actix_web::test]
async fn deleting_a_role_takes_it_and_its_wage_off_employees() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let barista = create_role(&app, &owner.token, &store, "Barista").await;
    let cook = create_role(&app, &owner.token, &store, "Cook").await;
    let reply = app
        .call(
            "inviteEmployee",
            json!({
                "store": store,
                "employee": {
                    "email": "ann@example.com",
                    "role": [barista, cook],
                    "wageType": "Hourly",
                    "wage": { barista.clone(): 12.5, cook.clone(): 15 },
                    "permissions": []
                }
            }),
            Some(&owner.token),
        )
        .await;
    reply.data();
    app.call(
        "deleteRole",
        json!({ "store": store, "roleId": barista }),
        Some(&owner.token),
    )
    .await
    .data();
    let list = app
        .get(
            &format!("/api/v1/stores/{store}/employees"),
            Some(&owner.token),
        )
        .await;
    let ann = list
        .data()
        .as_array()
        .expect("list")
        .iter()
        .find(|e| e["email"] == "ann@example.com")
        .expect("ann")
        .clone();
    assert_eq!(ann["role"], json!([cook]));
    assert_eq!(ann["wage"], json!({ cook.clone(): 15.0 }));
}

#[actix_web::test]
async fn role_calls_need_the_employee_permission() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let role = create_role(&app, &owner.token, &store, "Barista").await;
    let (employee, _) = add_member(
        &app,
        &owner,
        &store,
        "ann@example.com",
        &[&role],
        &["availabletime"],
    )
    .await;
    let (scheduler, _) =
        add_member(&app, &owner, &store, "sam@example.com", &[], &["schedule"]).await;
    let before = snapshot(&app);
    let calls = [
        (
            "createRole",
            json!({ "store": store, "roleData": { "title": "Cook", "color": "red" } }),
        ),
        (
            "updateRole",
            json!({ "store": store, "roleId": role, "roleData": { "title": "Cook", "color": "red" } }),
        ),
        ("deleteRole", json!({ "store": store, "roleId": role })),
    ];
    for (name, body) in &calls {
        for user in [&employee, &scheduler] {
            let reply = app.call(name, body.clone(), Some(&user.token)).await;
            assert_eq!(reply.error(403), NOT_ENOUGH_PERMISSION, "{name}");
        }
        let reply = app.call(name, body.clone(), None).await;
        assert_eq!(reply.error(401), NOT_AUTHENTICATED, "{name}");
        let mut no_store = body.clone();
        no_store.as_object_mut().expect("object").remove("store");
        let reply = app.call(name, no_store, Some(&owner.token)).await;
        assert_eq!(reply.error(400), NO_ACTIVE_STORE, "{name}");
    }
    assert_eq!(snapshot(&app), before);
    assert_eq!(error_logs(&app, "deleteRole", NOT_ENOUGH_PERMISSION), 2);
}

#[actix_web::test]
async fn a_deactivated_manager_cannot_manage_roles() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let (manager, manager_id) = add_member(
        &app,
        &owner,
        &store,
        "manager@example.com",
        &[],
        &["employee"],
    )
    .await;
    app.call(
        "deactivateEmployee",
        json!({ "store": store, "employeeId": manager_id }),
        Some(&owner.token),
    )
    .await
    .data();
    let reply = app
        .call(
            "createRole",
            json!({ "store": store, "roleData": { "title": "Cook", "color": "red" } }),
            Some(&manager.token),
        )
        .await;
    assert_eq!(reply.error(403), NOT_ENOUGH_PERMISSION);
    assert_eq!(count(&app, "SELECT 1 FROM roles"), 0);
}

#[actix_web::test]
async fn role_input_is_validated_and_bad_input_changes_nothing() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let role = create_role(&app, &owner.token, &store, "Barista").await;
    let before = snapshot(&app);
    assert!(before.contains(&role) && before.contains(&store));
    let bad = [
        ("createRole", json!({ "store": store })),
        (
            "createRole",
            json!({ "store": store, "roleData": { "color": "red" } }),
        ),
        (
            "createRole",
            json!({ "store": store, "roleData": { "title": "Cook" } }),
        ),
        (
            "createRole",
            json!({ "store": store, "roleData": { "title": "  ", "color": "red" } }),
        ),
        (
            "createRole",
            json!({ "store": store, "roleData": { "title": "Cook", "color": "" } }),
        ),
        (
            "createRole",
            json!({ "store": store, "roleData": { "title": 7, "color": "red" } }),
        ),
        (
            "createRole",
            json!({ "store": store, "roleData": { "title": "Cook", "color": "red", "swappeable": "yes" } }),
        ),
        (
            "createRole",
            json!({ "store": "1 OR 1=1", "roleData": { "title": "Cook", "color": "red" } }),
        ),
        (
            "updateRole",
            json!({ "store": store, "roleData": { "title": "Cook", "color": "red" } }),
        ),
        (
            "updateRole",
            json!({ "store": store, "roleId": "'; DROP TABLE roles; --", "roleData": { "title": "Cook", "color": "red" } }),
        ),
        (
            "updateRole",
            json!({ "store": store, "roleId": role, "roleData": { "title": "", "color": "red" } }),
        ),
        ("deleteRole", json!({ "store": store })),
        ("deleteRole", json!({ "store": store, "roleId": 42 })),
    ];
    for (name, body) in bad {
        let reply = app.call(name, body.clone(), Some(&owner.token)).await;
        assert_eq!(reply.status, 400, "{name} {body} -> {:?}", reply.body);
    }
    let unknown = uuid::Uuid::now_v7().to_string();
    let reply = app
        .call(
            "updateRole",
            json!({ "store": store, "roleId": unknown, "roleData": { "title": "Cook", "color": "red" } }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reply.error(404), ROLE_NOT_FOUND);
    let reply = app
        .call(
            "deleteRole",
            json!({ "store": store, "roleId": unknown }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reply.error(404), ROLE_NOT_FOUND);
    assert_eq!(snapshot(&app), before);

    // Text that looks like SQL is only text.
    let sneaky = "Cook'); DROP TABLE roles; --";
    let id = create_role(&app, &owner.token, &store, sneaky).await;
    let list = app
        .get(&format!("/api/v1/stores/{store}/roles"), Some(&owner.token))
        .await;
    let titles: Vec<_> = list
        .data()
        .as_array()
        .expect("list")
        .iter()
        .map(|r| (r["id"].clone(), r["title"].clone()))
        .collect();
    assert!(titles.contains(&(json!(id), json!(sneaky))));
    assert_eq!(count(&app, "SELECT 1 FROM roles"), 2);
}
