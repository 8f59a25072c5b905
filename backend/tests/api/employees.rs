//! Employees and invitations: inviting, resending, the public checks, joining, activation,
//! termination, updates and who sees what.

use crate::fixtures::spawn_app;
use crate::fixtures::stores::{
    add_member, code_from_mail, count, create_role, create_store, error_logs, invite, snapshot,
    NOT_AUTHENTICATED, NOT_ENOUGH_PERMISSION, NO_EMPLOYEE_DOCUMENT,
};
use serde_json::{json, Value};

const NO_PERMISSION_ADD: &str = "you don't have permission to add employees";
const NO_PERMISSION_UPDATE: &str = "You don't have permission to update employees";
const ALREADY_RESOLVED: &str = "employee invite is already resolved.";
const INVALID_CODE: &str =
    "Invalid Invite Code! This Invite Code doesn't exist or doesn't belong to you!";
const JOINED: &str = "Hi! Everybody's waiting for you! Let's get you started!";
const TERMINATED: &str = "Employee terminated successfully";
const OWNER_FIXED: &str = "The store owner cannot be deactivated, terminated or lose ownership.";

fn not_yours(email: &str) -> String {
    format!("This invite does not belong to {email}. Authenticate with the email that received the invite and try again.")
}

async fn employees(app: &crate::fixtures::TestApp, token: &str, store: &str) -> Vec<Value> {
    app.get(&format!("/api/v1/stores/{store}/employees"), Some(token))
        .await
        .data()
        .as_array()
        .expect("list")
        .clone()
}

#[actix_web::test]
async fn an_invited_person_joins_with_the_mailed_code() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let role = create_role(&app, &owner.token, &store, "Barista").await;

    let reply = app
        .call(
            "inviteEmployee",
            json!({
                "store": store,
                "employee": {
                    "email": "  Ann@Example.com ",
                    "role": [role],
                    "wageType": "Weekly",
                    "wage": { role.clone(): 410.5 },
                    "permissions": ["availabletime"]
                }
            }),
            Some(&owner.token),
        )
        .await;
    let data = reply.data().clone();
    assert_eq!(data["resent"], false);
    assert_eq!(data["employee"]["email"], "Ann@Example.com");
    assert_eq!(data["employee"]["userId"], Value::Null);
    assert_eq!(data["employee"]["wageType"], "Weekly");
    assert_eq!(data["employee"]["wage"], json!({ role.clone(): 410.5 }));
    assert!(data.get("code").is_none(), "the code goes by mail only");
    let expire = data["expire"].as_i64().expect("ms");
    let week = 7 * 24 * 3600 * 1000;
    let now = chrono::Utc::now().timestamp_millis();
    assert!((expire - now - week).abs() < 60_000, "expires in 7 days");

    let code = code_from_mail(&app, "ann@example.com");
    assert_eq!(code.len(), 8);
    assert!(code
        .chars()
        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit()));

    let check = |email: &str, code: &str| {
        let body = json!({ "email": email, "code": code });
        let app = &app;
        async move { app.call("checkInvitationCodeExists", body, None).await }
    };
    let reply = check("ann@example.com", &code).await;
    assert_eq!(reply.data()["exists"], true);
    assert_eq!(reply.data()["storeName"], "Shop");
    assert_eq!(
        check("ANN@example.com", &code.to_lowercase()).await.data()["exists"],
        true
    );
    assert_eq!(
        check("ann@example.com", "ZZZZZZZZ").await.data()["exists"],
        false
    );
    assert_eq!(
        check("bob@example.com", &code).await.data()["exists"],
        false
    );
    assert_eq!(
        check("ann@example.com", "' OR 1=1 --").await.data()["exists"],
        false
    );
    assert_eq!(check("not an email", &code).await.status, 400);

    let added = |email: &str| {
        let body = json!({ "email": email });
        let app = &app;
        async move { app.call("checkEmailAddedToBusiness", body, None).await }
    };
    assert_eq!(added(" ann@EXAMPLE.com").await.data()["added"], true);
    assert_eq!(added("bob@example.com").await.data()["added"], false);
    assert_eq!(
        app.call("checkEmailAddedToBusiness", json!({}), None)
            .await
            .status,
        400
    );

    let ann = app.create_user("ann@example.com");
    let unsigned = app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "ann@example.com", "code": code }),
            None,
        )
        .await;
    assert_eq!(unsigned.error(401), NOT_AUTHENTICATED);
    let reply = app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "ANN@example.com ", "code": code.to_lowercase() }),
            Some(&ann.token),
        )
        .await;
    assert_eq!(
        reply.data(),
        &json!({ "message": JOINED, "storeId": store })
    );

    let detail = app
        .get(&format!("/api/v1/stores/{store}"), Some(&ann.token))
        .await;
    assert_eq!(detail.data()["employee"]["userId"], json!(ann.id));
    assert_eq!(
        detail.data()["employee"]["fullname"],
        "Test ann@example.com"
    );
    assert_eq!(detail.data()["permissions"], json!(["availabletime"]));
    assert_eq!(
        count(
            &app,
            "SELECT 1 FROM invites WHERE resolved AND user_id IS NOT NULL"
        ),
        1
    );
    assert_eq!(added("ann@example.com").await.data()["added"], false);
    assert_eq!(
        check("ann@example.com", &code).await.data()["exists"],
        false
    );

    let again = invite(&app, &owner.token, &store, "ann@example.com", &[], &[]).await;
    assert_eq!(again.error(400), ALREADY_RESOLVED);
    assert_eq!(error_logs(&app, "inviteEmployee", ALREADY_RESOLVED), 1);
    let rejoin = app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "ann@example.com", "code": code }),
            Some(&ann.token),
        )
        .await;
    assert_eq!(rejoin.error(400), INVALID_CODE);
}

#[actix_web::test]
async fn an_invitation_belongs_to_its_email_and_its_code_until_it_expires() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    invite(&app, &owner.token, &store, "ann@example.com", &[], &[])
        .await
        .data();
    let code = code_from_mail(&app, "ann@example.com");
    let bob = app.create_user("bob@example.com");
    let ann = app.create_user("ann@example.com");
    let before = snapshot(&app);

    let reply = app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "ann@example.com", "code": code }),
            Some(&bob.token),
        )
        .await;
    // The refusal names the address the caller is signed in with.
    assert_eq!(reply.error(403), not_yours("bob@example.com"));
    let reply = app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "bob@example.com", "code": code }),
            Some(&bob.token),
        )
        .await;
    assert_eq!(reply.error(400), INVALID_CODE);
    let reply = app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "ann@example.com", "code": "WRONG234" }),
            Some(&ann.token),
        )
        .await;
    assert_eq!(reply.error(400), INVALID_CODE);
    let reply = app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "ann@example.com" }),
            Some(&ann.token),
        )
        .await;
    assert_eq!(reply.status, 400);
    assert_eq!(snapshot(&app), before);
    assert!(
        count(
            &app,
            "SELECT 1 FROM logs WHERE method = 'joinBusinessWithInvitation'"
        ) >= 3
    );

    diesel::RunQueryDsl::execute(
        diesel::sql_query("UPDATE invites SET expires_at = now() - interval '1 second'"),
        &mut app.conn(),
    )
    .expect("expire");
    let reply = app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "ann@example.com", "code": code }),
            Some(&ann.token),
        )
        .await;
    assert_eq!(reply.error(400), INVALID_CODE);
    let reply = app
        .call(
            "checkEmailAddedToBusiness",
            json!({ "email": "ann@example.com" }),
            None,
        )
        .await;
    assert_eq!(reply.data()["added"], false);
    // The owner's team list shows when the invitation lapsed.
    let invite_expire = || async {
        let team = app
            .get(
                &format!("/api/v1/stores/{store}/employees"),
                Some(&owner.token),
            )
            .await;
        let ann = team
            .data()
            .as_array()
            .expect("list")
            .iter()
            .find(|e| e["email"] == "ann@example.com")
            .expect("listed")
            .clone();
        ann["inviteExpire"].as_i64().expect("an expiry")
    };
    let now = chrono::Utc::now().timestamp_millis();
    assert!(invite_expire().await <= now, "lapsed");

    // Resending reopens it for another seven days, with the same code.
    let resent = invite(&app, &owner.token, &store, "ann@example.com", &[], &[]).await;
    assert!(
        invite_expire().await > now + 6 * 24 * 3_600_000,
        "open again"
    );
    assert_eq!(resent.data()["resent"], true);
    assert_eq!(app.mails_to("ann@example.com").len(), 2);
    assert_eq!(code_from_mail(&app, "ann@example.com"), code);
    let reply = app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "ann@example.com", "code": code }),
            Some(&ann.token),
        )
        .await;
    assert_eq!(reply.data()["message"], JOINED);
    let team = app
        .get(
            &format!("/api/v1/stores/{store}/employees"),
            Some(&owner.token),
        )
        .await;
    assert!(
        team.data()
            .as_array()
            .expect("list")
            .iter()
            .all(|e| e.get("inviteExpire").is_none()),
        "a joined employee has no invitation waiting"
    );
}

#[actix_web::test]
async fn inviting_again_before_joining_updates_the_record() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let barista = create_role(&app, &owner.token, &store, "Barista").await;
    let cook = create_role(&app, &owner.token, &store, "Cook").await;
    invite(
        &app,
        &owner.token,
        &store,
        "ann@example.com",
        &[&barista],
        &[],
    )
    .await
    .data();
    let reply = app
        .call(
            "inviteEmployee",
            json!({
                "store": store,
                "employee": {
                    "email": "ANN@example.com",
                    "role": [cook],
                    "wageType": "Weekly",
                    "wage": { cook.clone(): 500 },
                    "permissions": ["schedule"]
                }
            }),
            Some(&owner.token),
        )
        .await;
    let e = reply.data()["employee"].clone();
    assert_eq!(reply.data()["resent"], true);
    assert_eq!(e["role"], json!([cook]));
    assert_eq!(e["wageType"], "Weekly");
    assert_eq!(e["permissions"], json!(["schedule"]));
    assert_eq!(count(&app, "SELECT 1 FROM employees"), 2);
    assert_eq!(count(&app, "SELECT 1 FROM invites"), 1);
}

#[actix_web::test]
async fn inviting_needs_the_employee_permission() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let (employee, _) = add_member(
        &app,
        &owner,
        &store,
        "ann@example.com",
        &[],
        &["availabletime"],
    )
    .await;
    let (scheduler, _) =
        add_member(&app, &owner, &store, "sam@example.com", &[], &["schedule"]).await;
    let (manager, _) =
        add_member(&app, &owner, &store, "max@example.com", &[], &["employee"]).await;
    let before = snapshot(&app);
    for user in [&employee, &scheduler] {
        let reply = invite(&app, &user.token, &store, "new@example.com", &[], &[]).await;
        assert_eq!(reply.error(403), NO_PERMISSION_ADD);
    }
    // A manager hands out only permissions they hold.
    let reply = invite(
        &app,
        &manager.token,
        &store,
        "new@example.com",
        &[],
        &["schedule"],
    )
    .await;
    assert_eq!(reply.error(403), NO_PERMISSION_ADD);
    let reply = invite(
        &app,
        &manager.token,
        &store,
        "new@example.com",
        &[],
        &["owner"],
    )
    .await;
    assert_eq!(reply.status, 400);
    assert_eq!(snapshot(&app), before);
    assert_eq!(error_logs(&app, "inviteEmployee", NO_PERMISSION_ADD), 3);
    let reply = invite(&app, "not-a-token", &store, "new@example.com", &[], &[]).await;
    assert_eq!(reply.error(401), NOT_AUTHENTICATED);

    let reply = invite(
        &app,
        &manager.token,
        &store,
        "new@example.com",
        &[],
        &["employee"],
    )
    .await;
    assert_eq!(reply.data()["employee"]["permissions"], json!(["employee"]));
}

#[actix_web::test]
async fn invitation_input_is_validated_and_bad_input_changes_nothing() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let role = create_role(&app, &owner.token, &store, "Barista").await;
    let other_owner = app.create_user("other@example.com");
    let other_store = create_store(&app, &other_owner, "Other").await;
    let foreign_role = create_role(&app, &other_owner.token, &other_store, "Spy").await;
    let before = snapshot(&app);
    let employee = |patch: Value| {
        let mut e = json!({
            "email": "ann@example.com",
            "role": [role],
            "wageType": "Hourly",
            "wage": {},
            "permissions": []
        });
        for (k, v) in patch.as_object().expect("object") {
            e[k] = v.clone();
        }
        json!({ "store": store, "employee": e })
    };
    let cases = [
        json!({ "store": store }),
        employee(json!({ "email": "" })),
        employee(json!({ "email": "not-an-email" })),
        employee(json!({ "email": "ann@example.com' OR '1'='1" })),
        employee(json!({ "email": 12 })),
        employee(json!({ "role": [foreign_role] })),
        employee(json!({ "role": ["'; DROP TABLE roles; --"] })),
        employee(json!({ "role": [uuid::Uuid::now_v7()] })),
        employee(json!({ "wage": { foreign_role.clone(): 10 } })),
        employee(json!({ "wage": { role.clone(): -1 } })),
        employee(json!({ "wage": { role.clone(): "ten" } })),
        employee(json!({ "wage": { "junk": 1 } })),
        employee(json!({ "wage": 12 })),
        employee(json!({ "wageType": "Daily" })),
        employee(json!({ "permissions": ["owner"] })),
        employee(json!({ "permissions": ["root"] })),
        json!({ "store": "' OR 1=1 --", "employee": { "email": "ann@example.com" } }),
    ];
    for body in cases {
        let reply = app
            .call("inviteEmployee", body.clone(), Some(&owner.token))
            .await;
        assert_eq!(reply.status, 400, "{body} -> {:?}", reply.body);
    }
    assert_eq!(snapshot(&app), before);
    assert!(app.mails_to("ann@example.com").is_empty());
    assert!(error_logs(&app, "inviteEmployee", "Role not found.") >= 2);
}

#[actix_web::test]
async fn deactivated_employees_cannot_act_until_activated_again() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let (ann, ann_id) = add_member(
        &app,
        &owner,
        &store,
        "ann@example.com",
        &[],
        &["availabletime"],
    )
    .await;
    let path = format!("/api/v1/stores/{store}");
    let target = json!({ "store": store, "employeeId": ann_id });

    let reply = app
        .call("deactivateEmployee", target.clone(), Some(&ann.token))
        .await;
    assert_eq!(reply.error(403), NOT_ENOUGH_PERMISSION);
    let reply = app
        .call("deactivateEmployee", target.clone(), Some(&owner.token))
        .await;
    assert_eq!(reply.data()["deactive"], true);
    assert_eq!(
        app.get(&path, Some(&ann.token)).await.error(403),
        NOT_ENOUGH_PERMISSION
    );
    let reply = app
        .call("activateEmployee", target.clone(), Some(&ann.token))
        .await;
    assert_eq!(reply.error(403), NOT_ENOUGH_PERMISSION);
    let reply = app
        .call("activateEmployee", target.clone(), Some(&owner.token))
        .await;
    assert_eq!(reply.data()["deactive"], false);
    app.get(&path, Some(&ann.token)).await.data();

    let owner_id = app.get(&path, Some(&owner.token)).await.data()["employee"]["id"].clone();
    let reply = app
        .call(
            "deactivateEmployee",
            json!({ "store": store, "employeeId": owner_id }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reply.error(400), OWNER_FIXED);
    let unknown = json!({ "store": store, "employeeId": uuid::Uuid::now_v7() });
    let reply = app
        .call("deactivateEmployee", unknown, Some(&owner.token))
        .await;
    assert_eq!(reply.error(404), NO_EMPLOYEE_DOCUMENT);
    let reply = app
        .call(
            "activateEmployee",
            json!({ "store": store, "employeeId": "x' OR 1=1" }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reply.status, 400);
}

#[actix_web::test]
async fn terminating_ends_membership_and_the_owner_cannot_be_terminated() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let (ann, ann_id) = add_member(&app, &owner, &store, "ann@example.com", &[], &[]).await;
    let path = format!("/api/v1/stores/{store}");

    let reply = app
        .call(
            "terminateEmployee",
            json!({ "storeId": store, "employeeId": ann_id }),
            Some(&ann.token),
        )
        .await;
    assert_eq!(reply.error(403), NOT_ENOUGH_PERMISSION);
    let reply = app
        .call(
            "terminateEmployee",
            json!({ "storeId": store, "employeeId": ann_id }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(
        reply.data(),
        &json!({ "message": TERMINATED, "employeeId": ann_id })
    );
    assert_eq!(
        app.get(&path, Some(&ann.token)).await.error(403),
        NO_EMPLOYEE_DOCUMENT
    );
    let list = employees(&app, &owner.token, &store).await;
    assert!(list.iter().all(|e| e["id"] != json!(ann_id)));
    let reply = app
        .call(
            "terminateEmployee",
            json!({ "storeId": store, "employeeId": ann_id }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reply.error(404), NO_EMPLOYEE_DOCUMENT);

    let owner_id = app.get(&path, Some(&owner.token)).await.data()["employee"]["id"].clone();
    let reply = app
        .call(
            "terminateEmployee",
            json!({ "storeId": store, "employeeId": owner_id }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reply.error(400), OWNER_FIXED);
    assert_eq!(error_logs(&app, "terminateEmployee", OWNER_FIXED), 1);

    // A pending invitation stops working when its record is terminated.
    let invited = invite(&app, &owner.token, &store, "bob@example.com", &[], &[]).await;
    let bob_id = invited.data()["employee"]["id"].clone();
    let code = code_from_mail(&app, "bob@example.com");
    app.call(
        "terminateEmployee",
        json!({ "storeId": store, "employeeId": bob_id }),
        Some(&owner.token),
    )
    .await
    .data();
    let bob = app.create_user("bob@example.com");
    let reply = app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "bob@example.com", "code": code }),
            Some(&bob.token),
        )
        .await;
    assert_eq!(reply.error(400), INVALID_CODE);

    // A former employee can be invited again and rejoin.
    let reply = invite(&app, &owner.token, &store, "ann@example.com", &[], &[]).await;
    assert_eq!(reply.data()["employee"]["id"], json!(ann_id));
    let code = code_from_mail(&app, "ann@example.com");
    app.call(
        "joinBusinessWithInvitation",
        json!({ "email": "ann@example.com", "code": code }),
        Some(&ann.token),
    )
    .await
    .data();
    app.get(&path, Some(&ann.token)).await.data();
}

#[actix_web::test]
async fn managers_update_employees_and_employees_only_their_own_profile() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let barista = create_role(&app, &owner.token, &store, "Barista").await;
    let cook = create_role(&app, &owner.token, &store, "Cook").await;
    let (manager, manager_id) =
        add_member(&app, &owner, &store, "max@example.com", &[], &["employee"]).await;
    let (ann, ann_id) = add_member(&app, &owner, &store, "ann@example.com", &[&barista], &[]).await;
    let (bob, bob_id) = add_member(&app, &owner, &store, "bob@example.com", &[], &[]).await;
    let update = |token: String, id: String, employee: Value| {
        let app = &app;
        let store = store.clone();
        async move {
            app.call(
                "updateEmployee",
                json!({ "store": store, "employeeId": id, "employee": employee }),
                Some(&token),
            )
            .await
        }
    };

    let reply = update(
        manager.token.clone(),
        ann_id.clone(),
        json!({
            "roles": [barista, cook],
            "wage": { barista.clone(): 12, cook.clone(): 14.25 },
            "wageType": "Hourly",
            "permissions": ["employee", "availabletime"],
            "displayName": "Annie"
        }),
    )
    .await;
    let e = reply.data().clone();
    assert_eq!(e["role"], json!([barista, cook]));
    assert_eq!(e["wage"][&cook], 14.25);
    assert_eq!(e["displayName"], "Annie");
    assert_eq!(e["permissions"], json!(["employee", "availabletime"]));

    // Dropping a role drops its wage.
    let reply = update(
        owner.token.clone(),
        ann_id.clone(),
        json!({ "role": [cook] }),
    )
    .await;
    assert_eq!(reply.data()["wage"], json!({ cook.clone(): 14.25 }));

    let birthday = 631_152_000_000_i64;
    let reply = update(
        bob.token.clone(),
        bob_id.clone(),
        json!({ "displayName": "Bobby", "phonenumber": "+49 30 1234567", "birthday": birthday, "img": "https://img.example.com/b.png" }),
    )
    .await;
    assert_eq!(reply.data()["displayName"], "Bobby");
    assert_eq!(reply.data()["birthday"], birthday);
    assert_eq!(reply.data()["phonenumber"], "+49 30 1234567");

    let before = snapshot(&app);
    for (token, id, body) in [
        (bob.token.clone(), bob_id.clone(), json!({ "wage": {} })),
        (
            bob.token.clone(),
            bob_id.clone(),
            json!({ "permissions": ["schedule"] }),
        ),
        (
            bob.token.clone(),
            ann_id.clone(),
            json!({ "displayName": "Hacked" }),
        ),
        (
            manager.token.clone(),
            ann_id.clone(),
            json!({ "permissions": ["schedule"] }),
        ),
    ] {
        let reply = update(token, id, body.clone()).await;
        assert_eq!(reply.error(403), NO_PERMISSION_UPDATE, "{body}");
    }
    let owner_id = app
        .get(&format!("/api/v1/stores/{store}"), Some(&owner.token))
        .await
        .data()["employee"]["id"]
        .as_str()
        .expect("id")
        .to_string();
    let reply = update(
        manager.token.clone(),
        owner_id.clone(),
        json!({ "displayName": "Boss" }),
    )
    .await;
    assert_eq!(reply.error(403), NO_PERMISSION_UPDATE);
    let reply = update(
        owner.token.clone(),
        owner_id.clone(),
        json!({ "permissions": ["employee"] }),
    )
    .await;
    assert_eq!(reply.error(400), OWNER_FIXED);
    for body in [
        json!({ "permissions": ["owner"] }),
        json!({ "roles": [uuid::Uuid::now_v7()] }),
        json!({ "wage": { barista.clone(): 5 } }),
        json!({ "wageType": "Monthly" }),
        json!({ "birthday": "yesterday" }),
        json!({ "birthday": 99_999_999_999_999_999_i64 }),
        json!({ "fullname": "" }),
    ] {
        let reply = update(owner.token.clone(), manager_id.clone(), body.clone()).await;
        assert_eq!(reply.status, 400, "{body} -> {:?}", reply.body);
    }
    let reply = update(
        owner.token.clone(),
        uuid::Uuid::now_v7().to_string(),
        json!({}),
    )
    .await;
    assert_eq!(reply.error(404), NO_EMPLOYEE_DOCUMENT);
    assert_eq!(snapshot(&app), before);
    assert!(error_logs(&app, "updateEmployee", NO_PERMISSION_UPDATE) >= 4);

    // The owner may list every permission on their own record.
    let reply = update(
        owner.token.clone(),
        owner_id,
        json!({ "permissions": ["owner", "employee", "schedule", "availabletime"], "displayName": "Boss" }),
    )
    .await;
    assert_eq!(reply.data()["displayName"], "Boss");
    let _ = ann;
}

#[actix_web::test]
async fn managers_see_pay_and_permissions_and_employees_see_colleagues_without_them() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Shop").await;
    let role = create_role(&app, &owner.token, &store, "Barista").await;
    let (manager, _) =
        add_member(&app, &owner, &store, "max@example.com", &[], &["schedule"]).await;
    let reply = app
        .call(
            "inviteEmployee",
            json!({ "store": store, "employee": { "email": "ann@example.com", "role": [role], "wage": { role.clone(): 13 } } }),
            Some(&owner.token),
        )
        .await;
    reply.data();
    let ann = app.create_user("ann@example.com");
    let code = code_from_mail(&app, "ann@example.com");
    app.call(
        "joinBusinessWithInvitation",
        json!({ "email": "ann@example.com", "code": code }),
        Some(&ann.token),
    )
    .await
    .data();
    let (gone, gone_id) = add_member(&app, &owner, &store, "gone@example.com", &[], &[]).await;
    app.call(
        "deactivateEmployee",
        json!({ "store": store, "employeeId": gone_id }),
        Some(&owner.token),
    )
    .await
    .data();
    invite(&app, &owner.token, &store, "pending@example.com", &[], &[])
        .await
        .data();

    let all = employees(&app, &manager.token, &store).await;
    assert_eq!(all.len(), 5);
    assert!(all
        .iter()
        .all(|e| e.get("wage").is_some() && e.get("permissions").is_some()));

    let seen = employees(&app, &ann.token, &store).await;
    let emails: Vec<_> = seen
        .iter()
        .map(|e| e["email"].as_str().expect("email"))
        .collect();
    assert_eq!(emails.len(), 3, "{emails:?}");
    assert!(!emails.contains(&"gone@example.com") && !emails.contains(&"pending@example.com"));
    for e in &seen {
        if e["email"] == "ann@example.com" {
            assert_eq!(e["wage"][&role], 13.0);
        } else {
            assert!(
                e.get("wage").is_none()
                    && e.get("permissions").is_none()
                    && e.get("wageType").is_none()
            );
        }
    }
    let reply = app
        .get(
            &format!("/api/v1/stores/{store}/employees"),
            Some(&gone.token),
        )
        .await;
    assert_eq!(reply.error(403), NOT_ENOUGH_PERMISSION);
    let reply = app
        .get(&format!("/api/v1/stores/{store}/employees"), None)
        .await;
    assert_eq!(reply.error(401), NOT_AUTHENTICATED);
}
