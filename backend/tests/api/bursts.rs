//! A burst of changes to one shift notifies each reader once: notifications of the same kind,
//! about the same shift and for the same reader, within the merge window, are one notification
//! (the latest texts and time) in the list, on the live socket, by push and by mail.

use crate::fixtures::push::{subscribe, until_nothing_pending, Browser, PushService};
use crate::fixtures::scene::{berlin, private_notifications, scene, scene_with, Scene};
use crate::fixtures::stores::create_role;
use crate::fixtures::wait::eventually;
use crate::fixtures::{TestApp, TestUser};
use backend::db::models::notification_delivery::{Channel, Delivery};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

/// The unseen ones among them: what the badge counts.
async fn unseen(s: &Scene, who: &TestUser) -> Vec<Value> {
    let mut list = private_notifications(s, who).await;
    list.retain(|n| n["seen"] == false);
    list
}

async fn mark_all_seen(s: &Scene, who: &TestUser) {
    let ids: Vec<Value> = private_notifications(s, who)
        .await
        .iter()
        .map(|n| n["id"].clone())
        .collect();
    s.call(
        "markNotificationsSeen",
        &who.token,
        json!({ "notificationIds": ids }),
    )
    .await
    .data();
}

async fn retitle(s: &Scene, shift: &Value, title: &str) {
    s.call(
        "updateShift",
        &s.scheduler.token,
        json!({ "shiftId": shift["id"], "updatedShift": { "title": title } }),
    )
    .await
    .data();
}

/// A published shift of Ana's, `days` from now.
async fn published_for_ana(s: &Scene, days: i64) -> Value {
    let shift = s
        .shift(Some(&s.ana_id), berlin(days, 9, 0), berlin(days, 17, 0))
        .await;
    s.publish(&[&shift]).await.data();
    shift
}

/// Waits until every queued mail went out: no row waits, claimed or not (a claimed one is
/// settled only once its mail is written).
async fn until_mail_sent(app: &TestApp) {
    eventually("the mail queue to empty", async || {
        Delivery::waiting(&mut app.conn(), Channel::Mail).expect("count") == 0
    })
    .await;
}

#[actix_web::test]
async fn twenty_quick_title_edits_notify_the_assignee_once_with_the_latest_text_and_one_push() {
    let s = scene().await;
    let push = PushService::start();
    let ana = Browser::new();
    subscribe(&s, &s.ana.token, &ana, &push.endpoint("ana")).await;
    let shift = published_for_ana(&s, 3).await;
    push.wait_for(1).await;
    until_mail_sent(&s.app).await;
    let mails = s.app.mails_to("ana@example.com").len();
    mark_all_seen(&s, &s.ana).await;

    for n in 1..=20 {
        retitle(&s, &shift, &format!("Title {n}")).await;
    }

    let badge = unseen(&s, &s.ana).await;
    assert_eq!(badge.len(), 1, "{badge:?}");
    let note = &badge[0];
    assert_eq!(note["type"], "shiftUpdate");
    let content = note["content"].as_str().expect("content");
    assert!(
        content.starts_with("Your shift Title 20 on "),
        "the latest text: {content}"
    );
    // It is the newest of the list, at the time of the last edit.
    assert_eq!(private_notifications(&s, &s.ana).await[0]["id"], note["id"]);

    // One push for the burst (besides the new shift's), and no second one later: every push
    // was queued by a commit that has answered, and none waits, claimed or not (a claimed one
    // is settled only once the push service answered its send), so the count is final.
    until_nothing_pending(&s.app).await;
    let got = push.received();
    let of_burst = got
        .iter()
        .filter(|r| ana.decrypt(&r.body)["tag"] == note["id"])
        .count();
    assert_eq!(of_burst, 1, "one push for the burst");
    assert_eq!(got.len(), 2, "the new shift's push and the burst's");
    // A changed shift is not mailed; the burst adds no mail either.
    until_mail_sent(&s.app).await;
    assert_eq!(s.app.mails_to("ana@example.com").len(), mails);
}

#[actix_web::test]
async fn quick_reminders_of_a_new_shift_send_one_notification_and_one_mail() {
    let s = scene().await;
    let before = s.app.mails_to("ana@example.com").len();
    let shift = published_for_ana(&s, 3).await;
    for _ in 0..5 {
        s.call(
            "remindShift",
            &s.scheduler.token,
            json!({ "shiftId": shift["id"] }),
        )
        .await
        .data();
    }

    let badge = unseen(&s, &s.ana).await;
    assert_eq!(badge.len(), 1, "{badge:?}");
    assert_eq!(badge[0]["type"], "newshift");
    assert_eq!(badge[0]["title"], "Please confirm your shift");
    // Every mail was queued by a commit that has answered: once none waits, the count is final.
    until_mail_sent(&s.app).await;
    assert_eq!(
        s.app.mails_to("ana@example.com").len(),
        before + 1,
        "one mail for the new shift and its reminders"
    );
}

#[actix_web::test]
async fn another_shift_another_kind_or_a_change_after_the_window_is_a_new_notification() {
    let window = Duration::from_secs(60);
    let s = scene_with(|settings| settings.notification_merge_window = window).await;
    let a = published_for_ana(&s, 3).await;
    let b = published_for_ana(&s, 4).await;
    mark_all_seen(&s, &s.ana).await;

    retitle(&s, &a, "A1").await;
    retitle(&s, &b, "B1").await;
    retitle(&s, &a, "A2").await;
    // A reminder is another kind (a new shift to confirm) about the same shift.
    s.call(
        "remindShift",
        &s.scheduler.token,
        json!({ "shiftId": a["id"] }),
    )
    .await
    .data();
    let kinds = |list: &[Value]| -> Vec<(String, String)> {
        list.iter()
            .map(|n| {
                let content = n["content"].as_str().expect("content");
                let title = content.split(" on ").next().unwrap_or_default();
                (n["type"].as_str().expect("type").to_string(), title.into())
            })
            .collect()
    };
    let first = unseen(&s, &s.ana).await;
    assert_eq!(
        kinds(&first),
        vec![
            ("newshift".into(), "Your shift A2".into()),
            ("shiftUpdate".into(), "Your shift A2".into()),
            ("shiftUpdate".into(), "Your shift B1".into()),
        ]
    );

    // After the window, a change of the same shift and kind is a new notification.
    s.app.clock.advance(window + Duration::from_secs(1));
    retitle(&s, &a, "A3").await;
    let later = unseen(&s, &s.ana).await;
    assert_eq!(later.len(), 4, "{later:?}");
    assert_eq!(
        kinds(&later[..1]),
        vec![("shiftUpdate".into(), "Your shift A3".into())]
    );
    assert_ne!(later[0]["id"], first[1]["id"]);
}

#[actix_web::test]
async fn managers_are_notified_once_each_of_a_shift_declined_twice() {
    let s = scene().await;
    let shift = published_for_ana(&s, 3).await;
    let decline = || async {
        s.call(
            "declineShift",
            &s.ana.token,
            json!({ "shiftId": shift["id"] }),
        )
        .await
        .data()
        .clone()
    };
    decline().await;
    // A new time publishes it again, and Ana declines again.
    s.call(
        "updateShift",
        &s.scheduler.token,
        json!({ "shiftId": shift["id"], "updatedShift": { "start": berlin(3, 10, 0), "end": berlin(3, 17, 0) } }),
    )
    .await
    .data();
    assert_eq!(decline().await["status"], "declined");

    let mut ids = Vec::new();
    for manager in [&s.owner, &s.scheduler] {
        let declined: Vec<Value> = unseen(&s, manager)
            .await
            .into_iter()
            .filter(|n| n["type"] == "declineShift")
            .collect();
        assert_eq!(declined.len(), 1, "{} {declined:?}", manager.email);
        assert_eq!(declined[0]["accessFor"], json!(manager.id.to_string()));
        ids.push(declined[0]["id"].clone());
    }
    assert_ne!(ids[0], ids[1], "one notification per reader");
}

#[actix_web::test]
async fn a_notification_seen_through_another_server_takes_in_no_more() {
    let s = scene().await;
    let peer = s.app.spawn_peer().await;
    let shift = published_for_ana(&s, 3).await;
    mark_all_seen(&s, &s.ana).await;
    retitle(&s, &shift, "First").await;
    let first = unseen(&s, &s.ana).await;
    assert_eq!(first.len(), 1);

    // Ana reads it through the other server, whose commits this one's actor does not hear of.
    let seen = peer
        .call(
            "markNotificationsSeen",
            json!({ "storeId": s.store, "notificationIds": [first[0]["id"]] }),
            Some(&s.ana.token),
        )
        .await;
    assert_eq!(seen.data()["updated"], 1);
    retitle(&s, &shift, "Second").await;

    let list = private_notifications(&s, &s.ana).await;
    let updates: Vec<&Value> = list.iter().filter(|n| n["type"] == "shiftUpdate").collect();
    assert_eq!(updates.len(), 2, "{list:?}");
    assert_eq!(updates[0]["seen"], false);
    assert!(updates[0]["content"]
        .as_str()
        .expect("content")
        .starts_with("Your shift Second"));
    assert_eq!(updates[1]["id"], first[0]["id"]);
    assert_eq!(updates[1]["seen"], true);
    assert!(updates[1]["content"]
        .as_str()
        .expect("content")
        .starts_with("Your shift First"));
}

/// A Socket.IO client on the WebSocket transport, enough to join a store and record the
/// `change` and `notification` events that arrive, as the web app's socket gets them.
struct LiveSocket {
    events: Rc<RefCell<Vec<(String, Value)>>>,
    task: actix_web::rt::task::JoinHandle<()>,
}

impl LiveSocket {
    async fn join(app: &TestApp, token: &str, store: &str) -> LiveSocket {
        use awc::ws::{Frame, Message};
        let url = format!(
            "{}/socket.io/?EIO=4&transport=websocket",
            app.address.replacen("http", "ws", 1)
        );
        let (_, mut ws) = awc::Client::new()
            .ws(url)
            .connect()
            .await
            .expect("websocket");
        // Engine.IO OPEN, then Socket.IO CONNECT with the token, then `join` with an ack.
        let mut texts = Vec::new();
        for (send, answer) in [
            (None, "0"),
            (Some(format!("40{}", json!({ "token": token }))), "40"),
            (
                Some(format!("420{}", json!(["join", { "storeId": store }]))),
                "430",
            ),
        ] {
            if let Some(packet) = send {
                ws.send(Message::Text(packet.into())).await.expect("send");
            }
            loop {
                let frame = ws.next().await.expect("open").expect("frame");
                if let Frame::Text(t) = frame {
                    let t = String::from_utf8(t.to_vec()).expect("utf-8");
                    if t.starts_with(answer) {
                        texts.push(t);
                        break;
                    }
                }
            }
        }
        assert!(!texts[2].contains("\"code\""), "joined: {}", texts[2]);
        let events = Rc::new(RefCell::new(Vec::new()));
        let heard = events.clone();
        let task = actix_web::rt::spawn(async move {
            while let Some(Ok(frame)) = ws.next().await {
                let Frame::Text(t) = frame else { continue };
                let t = String::from_utf8_lossy(&t).into_owned();
                if t == "2" {
                    let _ = ws.send(Message::Text("3".into())).await;
                } else if let Some(body) = t.strip_prefix("42") {
                    if let Ok(Value::Array(parts)) = serde_json::from_str::<Value>(body) {
                        let name = parts[0].as_str().unwrap_or_default().to_string();
                        heard.borrow_mut().push((name, parts[1].clone()));
                    }
                }
            }
        });
        LiveSocket { events, task }
    }

    /// The `change` events whose type starts with `prefix`.
    fn changes(&self, prefix: &str) -> Vec<Value> {
        self.events
            .borrow()
            .iter()
            .filter(|(name, c)| {
                name == "change" && c["type"].as_str().is_some_and(|t| t.starts_with(prefix))
            })
            .map(|(_, c)| c.clone())
            .collect()
    }

    /// The `notification` events.
    fn alerts(&self) -> Vec<Value> {
        self.events
            .borrow()
            .iter()
            .filter(|(name, _)| name == "notification")
            .map(|(_, n)| n.clone())
            .collect()
    }
}

impl Drop for LiveSocket {
    fn drop(&mut self) {
        self.task.abort();
    }
}

#[actix_web::test]
async fn the_live_badge_hears_one_new_notification_for_a_burst_and_updates_of_it() {
    let s = scene().await;
    let shift = published_for_ana(&s, 3).await;
    mark_all_seen(&s, &s.ana).await;
    let ana = LiveSocket::join(&s.app, &s.ana.token, &s.store).await;
    let manager = LiveSocket::join(&s.app, &s.scheduler.token, &s.store).await;

    for n in 1..=20 {
        retitle(&s, &shift, &format!("Title {n}")).await;
    }
    eventually("Ana's socket to hear the 20 edits", async || {
        ana.changes("notification.").len() >= 20
    })
    .await;
    eventually("the manager's socket to hear the 20 edits", async || {
        manager.changes("shift.updated").len() >= 20
    })
    .await;
    // A change both hear, committed after the burst: a store's changes reach a socket in
    // order, so once it arrived, whatever the burst sent them has too.
    create_role(&s.app, &s.owner.token, &s.store, "Later").await;
    eventually("both sockets to hear the later change", async || {
        !ana.changes("role.").is_empty() && !manager.changes("role.").is_empty()
    })
    .await;

    let changes = ana.changes("notification.");
    let kinds: Vec<&str> = changes
        .iter()
        .map(|c| c["type"].as_str().expect("type"))
        .collect();
    assert_eq!(kinds.len(), 20);
    assert_eq!(kinds[0], "notification.created");
    assert!(
        kinds[1..].iter().all(|k| *k == "notification.updated"),
        "{kinds:?}"
    );
    // One notification: every change names the same one, the last with the latest text.
    let id = &changes[0]["data"]["id"];
    assert!(changes.iter().all(|c| &c["data"]["id"] == id));
    assert!(changes
        .iter()
        .all(|c| c["data"]["accessFor"] == json!(s.ana.id.to_string())));
    let last = &changes[19]["data"];
    assert!(last["content"]
        .as_str()
        .expect("content")
        .starts_with("Your shift Title 20 on "));
    assert_eq!(last["seen"], false);
    // The `notification` event (a new one to show) comes once.
    let alerts = ana.alerts();
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    assert_eq!(&alerts[0]["id"], id);
    // The list the badge reloads on each of them counts one.
    assert_eq!(unseen(&s, &s.ana).await.len(), 1);
    // Nobody else hears of Ana's notification.
    assert!(manager.changes("notification.").is_empty());
    assert!(manager.alerts().is_empty());
}
