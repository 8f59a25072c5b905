//! Announcements: a manager tells the team or chosen colleagues something; each reader gets
//! their own notification, with its push; employees may not announce; bad input changes nothing.

use crate::fixtures::push::{subscribe, Browser, PushService};
use crate::fixtures::scene::{scene, Scene};
use crate::fixtures::Reply;
use serde_json::{json, Value};

async fn announce(s: &Scene, token: &str, body: Value) -> Reply {
    let mut body = body;
    body["store"] = json!(s.store);
    s.app.call("sendAnnouncement", body, Some(token)).await
}

/// The titles of `token`'s holder's private notifications, newest first.
async fn titles(s: &Scene, token: &str) -> Vec<String> {
    let r = s
        .app
        .get(
            &format!("/api/v1/stores/{}/notifications", s.store),
            Some(token),
        )
        .await;
    r.data()["private"]
        .as_array()
        .expect("private")
        .iter()
        .map(|n| n["title"].as_str().expect("title").to_string())
        .collect()
}

fn pushes_waiting(s: &Scene) -> i64 {
    use backend::db::models::notification_delivery::{Channel, Delivery};
    Delivery::waiting(&mut s.app.conn(), Channel::Push).expect("count")
}

#[actix_web::test]
async fn a_manager_tells_the_whole_team_or_chosen_colleagues() {
    let s = scene().await;
    let sent = announce(
        &s,
        &s.scheduler.token,
        json!({ "title": " Inventory ", "content": "Sunday at 8, everyone.", "variant": 2 }),
    )
    .await;
    // The owner, Ana and Ben; not the sender.
    assert_eq!(sent.data()["sent"], 3);
    for token in [&s.owner.token, &s.ana.token, &s.ben.token] {
        assert_eq!(titles(&s, token).await, vec!["Inventory".to_string()]);
    }
    assert!(titles(&s, &s.scheduler.token).await.is_empty());

    // To Ana only.
    let to_ana = announce(
        &s,
        &s.owner.token,
        json!({ "title": "Keys", "content": "Please pick up the keys.", "employees": [s.ana_id] }),
    )
    .await;
    assert_eq!(to_ana.data()["sent"], 1);
    assert_eq!(titles(&s, &s.ana.token).await[0], "Keys");
    assert_eq!(
        titles(&s, &s.ben.token).await,
        vec!["Inventory".to_string()]
    );
    let n = s
        .app
        .get(
            &format!("/api/v1/stores/{}/notifications", s.store),
            Some(&s.ana.token),
        )
        .await;
    let keys = &n.data()["private"][0];
    assert_eq!(keys["type"], "message");
    assert_eq!(keys["variant"], 4);
    assert_eq!(keys["content"], "Please pick up the keys.");
}

#[actix_web::test]
async fn employees_may_not_announce_and_bad_announcements_change_nothing() {
    let s = scene().await;
    // Ana and Ben have browsers to push to, so an announcement would queue pushes.
    let push = PushService::start();
    for (token, name) in [(&s.ana.token, "ana"), (&s.ben.token, "ben")] {
        subscribe(&s, token, &Browser::new(), &push.endpoint(name)).await;
    }
    let before = pushes_waiting(&s);
    let refused = announce(&s, &s.ana.token, json!({ "title": "Hi", "content": "all" })).await;
    assert_eq!(refused.status, 403);
    assert_eq!(
        refused.error(403),
        "You don't have enough permission for this operation."
    );
    for (body, status, message) in [
        (
            json!({ "title": "  ", "content": "x" }),
            400,
            "An announcement needs a title.",
        ),
        (
            json!({ "title": "x", "content": "" }),
            400,
            "An announcement needs a text.",
        ),
        (
            json!({ "title": "x".repeat(101), "content": "y" }),
            400,
            "A title has at most 100 characters.",
        ),
        (
            json!({ "title": "x", "content": "y", "variant": 7 }),
            400,
            "variant must be 1 (success), 2 (warning), 3 (error) or 4 (info).",
        ),
        (
            json!({ "title": "x", "content": "y", "employees": [uuid::Uuid::new_v4()] }),
            404,
            "Employee Document doesn't exist in the store.",
        ),
    ] {
        let r = announce(&s, &s.owner.token, body).await;
        assert_eq!(r.error(status), message);
    }
    assert_eq!(
        announce(&s, &s.owner.token, json!({ "title": 1, "content": "y" }))
            .await
            .status,
        400
    );
    for token in [&s.ana.token, &s.ben.token] {
        assert!(titles(&s, token).await.is_empty());
    }
    assert_eq!(pushes_waiting(&s), before);
}
