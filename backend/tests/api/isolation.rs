//! Stores are walled off from each other: nobody of store A reads or changes anything of
//! store B, whichever call or id they try.

use crate::fixtures::pool::{drop, open_shift_after_anas_day_off};
use crate::fixtures::scene::{berlin, scene};
use crate::fixtures::spawn_app;
use crate::fixtures::stores::{
    add_member, code_from_mail, count, create_role, create_store, invite, snapshot, NOT_OWNER,
    NO_EMPLOYEE_DOCUMENT,
};
use serde_json::json;

#[actix_web::test]
async fn members_of_one_store_can_neither_read_nor_change_another_store() {
    let app = spawn_app().await;
    let alice = app.create_user("alice@example.com");
    let store_a = create_store(&app, &alice, "Store A").await;
    let (mallory, _) = add_member(
        &app,
        &alice,
        &store_a,
        "mallory@example.com",
        &[],
        &["employee", "schedule", "availabletime"],
    )
    .await;

    let bob = app.create_user("bob@example.com");
    let store_b = create_store(&app, &bob, "Store B").await;
    let role_b = create_role(&app, &bob.token, &store_b, "Cook").await;
    let (_carl, carl_b) =
        add_member(&app, &bob, &store_b, "carl@example.com", &[&role_b], &[]).await;
    invite(
        &app,
        &bob.token,
        &store_b,
        "dana@example.com",
        &[&role_b],
        &[],
    )
    .await
    .data();
    let dana_code = code_from_mail(&app, "dana@example.com");
    app.call(
        "requestBusinessIdentityCode",
        json!({ "store": store_b }),
        Some(&bob.token),
    )
    .await
    .data();

    let before = snapshot(&app);
    assert!(before.contains(&store_b) && before.contains(&role_b) && before.contains(&carl_b));

    for user in [&alice, &mallory] {
        let token = Some(user.token.as_str());
        for path in ["", "/roles", "/employees"] {
            let reply = app
                .get(&format!("/api/v1/stores/{store_b}{path}"), token)
                .await;
            assert_eq!(reply.error(403), NO_EMPLOYEE_DOCUMENT, "GET {path}");
        }

        let role = json!({ "title": "Spy", "color": "black" });
        let employee = json!({ "email": "eve@example.com", "role": [role_b], "wage": {} });
        // The other store named directly: the guard refuses.
        let direct = [
            ("createRole", json!({ "store": store_b, "roleData": role })),
            (
                "updateRole",
                json!({ "store": store_b, "roleId": role_b, "roleData": role }),
            ),
            ("deleteRole", json!({ "store": store_b, "roleId": role_b })),
            (
                "inviteEmployee",
                json!({ "store": store_b, "employee": employee }),
            ),
            (
                "deactivateEmployee",
                json!({ "store": store_b, "employeeId": carl_b }),
            ),
            (
                "activateEmployee",
                json!({ "store": store_b, "employeeId": carl_b }),
            ),
            (
                "terminateEmployee",
                json!({ "storeId": store_b, "employeeId": carl_b }),
            ),
            (
                "updateEmployee",
                json!({ "store": store_b, "employeeId": carl_b, "employee": { "displayName": "x" } }),
            ),
            (
                "toggleBookingFeature",
                json!({ "store": store_b, "bookingEnabled": true }),
            ),
            (
                "requestBusinessIdentityCode",
                json!({ "store": store_b, "regenerate": true }),
            ),
        ];
        for (name, body) in direct {
            let reply = app.call(name, body, token).await;
            assert_eq!(reply.status, 403, "{name}: {:?}", reply.body);
        }
        for (name, body) in [
            (
                "updateBusinessIdentity",
                json!({ "store": store_b, "name": "Mine", "type": "others" }),
            ),
            (
                "updateBusinessTiming",
                json!({ "store": store_b, "open": "01:00", "close": "02:00", "daysoff": [] }),
            ),
            (
                "updateBusinessLocation",
                json!({ "store": store_b, "address": "X", "timezone": "UTC" }),
            ),
        ] {
            let reply = app.call(name, body, token).await;
            assert_eq!(reply.error(403), NOT_OWNER, "{name}");
        }

        // The other store's ids smuggled into a call on one's own store: not found there.
        let smuggled = [
            (
                "updateRole",
                json!({ "store": store_a, "roleId": role_b, "roleData": role }),
                404,
            ),
            (
                "deleteRole",
                json!({ "store": store_a, "roleId": role_b }),
                404,
            ),
            (
                "inviteEmployee",
                json!({ "store": store_a, "employee": employee }),
                400,
            ),
            (
                "deactivateEmployee",
                json!({ "store": store_a, "employeeId": carl_b }),
                404,
            ),
            (
                "activateEmployee",
                json!({ "store": store_a, "employeeId": carl_b }),
                404,
            ),
            (
                "terminateEmployee",
                json!({ "storeId": store_a, "employeeId": carl_b }),
                404,
            ),
            (
                "updateEmployee",
                json!({ "store": store_a, "employeeId": carl_b, "employee": { "displayName": "x" } }),
                404,
            ),
        ];
        for (name, body, status) in smuggled {
            let reply = app.call(name, body, token).await;
            assert_eq!(reply.status, status, "{name}: {:?}", reply.body);
        }

        // Another person's invitation code cannot be used or probed.
        let reply = app
            .call(
                "joinBusinessWithInvitation",
                json!({ "email": "dana@example.com", "code": dana_code }),
                token,
            )
            .await;
        assert_eq!(reply.status, 403);
        let reply = app
            .call(
                "joinBusinessWithInvitation",
                json!({ "email": user.email, "code": dana_code }),
                token,
            )
            .await;
        assert_eq!(reply.status, 400);
        let reply = app
            .call(
                "checkInvitationCodeExists",
                json!({ "email": user.email, "code": dana_code }),
                None,
            )
            .await;
        assert_eq!(reply.data()["exists"], false);
    }

    assert_eq!(snapshot(&app), before);
}

/// Every table a call of the pool, time off, availability or notifications could change.
fn schedule_snapshot(app: &crate::fixtures::TestApp) -> Vec<i64> {
    [
        "shifts",
        "requests",
        "availability_windows",
        "notifications",
        "notifications WHERE seen",
        "push_subscriptions",
        "store_events",
    ]
    .iter()
    .map(|t| count(app, &format!("SELECT 1 FROM {t}")))
    .collect()
}

#[actix_web::test]
async fn the_pool_time_off_availability_and_notifications_of_another_store_are_out_of_reach() {
    let s = scene().await;
    let open = open_shift_after_anas_day_off(&s).await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(4, 9, 0), berlin(4, 17, 0))
        .await;
    s.publish(&[&shift]).await.data();
    let drop_request = drop(&s, &s.ana.token, &shift).await.data()["request"]["id"].clone();
    let time_off = s
        .call(
            "requestTimeOff",
            &s.ana.token,
            json!({ "start": berlin(5, 9, 0), "end": berlin(5, 12, 0) }),
        )
        .await
        .data()["id"]
        .clone();
    let window = json!({ "start": "09:00", "end": "17:00", "days": [1], "type": "available" });
    let availability = s
        .call(
            "addEmployeeAvailableTime",
            &s.owner.token,
            json!({ "availability": window, "userId": s.ana.id }),
        )
        .await
        .data()["id"]
        .clone();
    let bens = s
        .app
        .get(
            &format!("/api/v1/stores/{}/notifications", s.store),
            Some(&s.ben.token),
        )
        .await;
    let note = bens.data()["private"][0]["id"].clone();
    assert!(note.is_string(), "Ben was told of the open shift");

    // The owner of another store, and an employee there with every permission.
    let eve = s.app.create_user("eve@example.com");
    let store_b = create_store(&s.app, &eve, "Elsewhere").await;
    let (mallory, _) = add_member(
        &s.app,
        &eve,
        &store_b,
        "mallory@example.com",
        &[],
        &["employee", "schedule", "availabletime"],
    )
    .await;
    let before = schedule_snapshot(&s.app);

    let ids = [
        ("grabShift", json!({ "dropReuestId": drop_request })),
        ("approveGrabShift", json!({ "requestId": drop_request })),
        ("rejectGrabShift", json!({ "requestId": drop_request })),
        ("takeOpenShift", json!({ "shiftId": open["id"] })),
        ("dropShift", json!({ "shift": shift["id"] })),
        ("confirmShift", json!({ "shiftId": shift["id"] })),
        ("declineShift", json!({ "shiftId": shift["id"] })),
        ("checkApproveTimeoff", json!({ "requestId": time_off })),
        ("approveTimeOff", json!({ "requestId": time_off })),
        ("rejectTimeOff", json!({ "requestId": time_off })),
        ("deleteTimeOff", json!({ "requestId": time_off })),
        ("cancelTimeOff", json!({ "timeoffId": time_off })),
        (
            "updateTimeOff",
            json!({ "requestId": time_off, "start": berlin(6, 9, 0), "end": berlin(6, 10, 0) }),
        ),
        (
            "updateEmployeeAvailableTime",
            json!({ "availabilityId": availability, "userId": s.ana.id, "availability": window }),
        ),
        (
            "deleteEmployeeAvailableTime",
            json!({ "availabilityId": availability, "userId": s.ana.id }),
        ),
        (
            "updateAvailableTime",
            json!({ "availabilityId": availability, "rawAvailability": window }),
        ),
        (
            "deleteAvailableTime",
            json!({ "availabilityId": availability }),
        ),
        (
            "markNotificationsSeen",
            json!({ "notificationIds": [note] }),
        ),
        ("deleteNotifications", json!({ "notificationIds": [note] })),
    ];
    for user in [&eve, &mallory] {
        for (name, body) in &ids {
            // Named directly, this store refuses the stranger.
            let mut direct = body.clone();
            direct["storeId"] = json!(s.store);
            let r = s.app.call(name, direct, Some(&user.token)).await;
            assert_eq!(r.error(403), NO_EMPLOYEE_DOCUMENT, "{name}");
            // Smuggled into a call on their own store, the ids are unknown there (the
            // notification calls answer how many of the ids were theirs: none).
            let mut smuggled = body.clone();
            smuggled["storeId"] = json!(store_b);
            let r = s.app.call(name, smuggled, Some(&user.token)).await;
            assert!(
                r.status == 404
                    || (r.status == 200
                        && [&r.data()["updated"], &r.data()["deleted"]].contains(&&json!(0))),
                "{name} on their own store: {} {:?}",
                r.status,
                r.body
            );
        }
        for path in ["/pool", "/timeoff", "/availability", "/notifications"] {
            let r = s
                .app
                .get(
                    &format!("/api/v1/stores/{}{path}", s.store),
                    Some(&user.token),
                )
                .await;
            assert_eq!(r.error(403), NO_EMPLOYEE_DOCUMENT, "GET {path}");
        }
    }
    assert_eq!(schedule_snapshot(&s.app), before);
}
