//! The hub's unit tests: fan-out, joins, presence and alerts, through its public calls.

use super::*;
use crate::domain::audience::Audience;
use crate::realtime::alerts::{Alert, Notice};
use crate::realtime::outbound::Drained;
use crate::realtime::presence::{self, Announcement, PresentUser};
use crate::realtime::tasks::TaskQueue;
use crate::store::notify::NOTIFICATION_EVENT;
use serde_json::{json, Value};

fn hub() -> (Hub, Arc<TaskQueue>) {
    let tasks = Arc::new(TaskQueue::new());
    (Hub::new(tasks.clone()), tasks)
}

fn change(store: StoreId, version: i64, audience: Audience) -> Change {
    Change::new(
        store,
        version,
        "shift.updated",
        &json!({"v": version}),
        0,
        audience,
    )
}

/// The versions of the `change` events in a queue, and the other events by name.
fn received(out: &Outbound) -> (Vec<i64>, Vec<String>) {
    let mut versions = Vec::new();
    let mut others = Vec::new();
    if let Some(Drained::Frames(frames)) = out.drain() {
        for f in frames {
            let v: Value = serde_json::from_str(&f[2..]).expect("json event");
            let name = v[0].as_str().expect("name").to_string();
            if name == "change" {
                versions.push(v[1]["version"].as_i64().expect("version"));
            } else {
                others.push(name);
            }
        }
    }
    (versions, others)
}

fn joined(
    hub: &Hub,
    store: StoreId,
    key: SocketKey,
    user: UserId,
    manager: bool,
    at: i64,
) -> Arc<Outbound> {
    let out = Arc::new(Outbound::new(1 << 20));
    hub.connect(key, user, out.clone());
    assert!(hub.begin_join(store, key, format!("user {key}"), manager));
    assert_eq!(
        hub.finish_join(store, key, at, Some("43[]".into())),
        JoinOutcome::Joined
    );
    let _ = out.drain();
    out
}

#[test]
fn changes_reach_only_the_sockets_that_may_see_them() {
    let (hub, _rx) = hub();
    let store = StoreId::new();
    let (boss, ana, ben) = (UserId::new(), UserId::new(), UserId::new());
    let boss_out = joined(&hub, store, 1, boss, true, 0);
    let ana_out = joined(&hub, store, 2, ana, false, 0);
    let ben_out = joined(&hub, store, 3, ben, false, 0);
    hub.offer(
        store,
        [
            change(store, 1, Audience::Everyone),
            change(store, 2, Audience::Managers),
            change(store, 3, Audience::ManagersAnd(vec![ana])),
        ],
    );
    assert_eq!(received(&boss_out).0, vec![1, 2, 3]);
    assert_eq!(received(&ana_out).0, vec![1, 3]);
    assert_eq!(received(&ben_out).0, vec![1]);
}

#[test]
fn a_change_for_a_few_users_reaches_each_of_their_sockets_in_the_room_once() {
    let (hub, _rx) = hub();
    let (store, elsewhere) = (StoreId::new(), StoreId::new());
    let (ana, ben, gone) = (UserId::new(), UserId::new(), UserId::new());
    let boss_out = joined(&hub, store, 1, UserId::new(), true, 0);
    let phone = joined(&hub, store, 2, ana, false, 0);
    let laptop = joined(&hub, store, 3, ana, false, 0);
    // Ana's third socket looks at another store: this room's changes are not for it.
    let other = joined(&hub, elsewhere, 4, ana, false, 0);
    let ben_out = joined(&hub, store, 5, ben, false, 0);
    // Ben's second socket is still replaying: the change waits for its join to finish.
    let joining = Arc::new(Outbound::new(1 << 20));
    hub.connect(6, ben, joining.clone());
    assert!(hub.begin_join(store, 6, "ben".into(), false));
    hub.offer(
        store,
        [
            change(store, 1, Audience::Users(vec![ana, gone, ana])),
            change(store, 2, Audience::Users(vec![ben])),
            change(store, 3, Audience::Everyone),
        ],
    );
    assert_eq!(received(&boss_out).0, vec![3]);
    assert_eq!(received(&phone).0, vec![1, 3]);
    assert_eq!(received(&laptop).0, vec![1, 3]);
    assert_eq!(received(&other).0, Vec::<i64>::new());
    assert_eq!(received(&ben_out).0, vec![2, 3]);
    assert_eq!(received(&joining).0, Vec::<i64>::new());
    assert_eq!(hub.finish_join(store, 6, 1, None), JoinOutcome::Joined);
    assert_eq!(received(&joining).0, vec![2, 3]);
}

#[test]
fn versions_go_out_in_order_once_and_a_gap_asks_for_a_catch_up() {
    let (hub, rx) = hub();
    let store = StoreId::new();
    let out = joined(&hub, store, 1, UserId::new(), true, 5);
    assert_eq!(rx.try_pop(), Some(Task::Ask(store)));
    hub.offer(store, [change(store, 7, Audience::Everyone)]);
    assert_eq!(received(&out).0, Vec::<i64>::new());
    assert_eq!(rx.try_pop(), Some(Task::CatchUp(store)));
    hub.offer(
        store,
        [
            change(store, 6, Audience::Everyone),
            change(store, 5, Audience::Everyone),
            change(store, 7, Audience::Everyone),
        ],
    );
    assert_eq!(received(&out).0, vec![6, 7]);
    assert_eq!(hub.delivered(store), Some(7));
    hub.offer(store, [change(store, 7, Audience::Everyone)]);
    assert_eq!(received(&out).0, Vec::<i64>::new());
    hub.announced(store, 7);
    assert!(rx.try_pop().is_none());
    hub.announced(store, 8);
    assert_eq!(rx.try_pop(), Some(Task::CatchUp(store)));
}

#[test]
fn a_joining_socket_gets_what_arrived_during_its_replay_after_its_ack() {
    let (hub, _rx) = hub();
    let store = StoreId::new();
    let early = joined(&hub, store, 1, UserId::new(), true, 3);
    let out = Arc::new(Outbound::new(1 << 20));
    hub.connect(2, UserId::new(), out.clone());
    assert!(hub.begin_join(store, 2, "late".into(), true));
    hub.offer(
        store,
        [
            change(store, 4, Audience::Everyone),
            change(store, 5, Audience::Everyone),
        ],
    );
    assert_eq!(received(&early).0, vec![4, 5]);
    assert_eq!(received(&out).0, Vec::<i64>::new());
    // The replay read the store at version 4: only 5 is still owed.
    hub.finish_join(store, 2, 4, Some("43[]".into()));
    let Some(Drained::Frames(frames)) = out.drain() else {
        panic!("expected frames");
    };
    assert_eq!(&*frames[0], "43[]");
    assert!(frames[1].contains(r#""version":5"#));
    assert_eq!(frames.len(), 2);
    hub.offer(store, [change(store, 6, Audience::Everyone)]);
    assert_eq!(received(&out).0, vec![6]);
}

#[test]
fn sockets_leave_every_room_when_they_disconnect() {
    let (hub, _rx) = hub();
    let (a, b) = (StoreId::new(), StoreId::new());
    let user = UserId::new();
    let out = joined(&hub, a, 1, user, false, 0);
    assert!(hub.begin_join(b, 1, "x".into(), false));
    hub.finish_join(b, 1, 0, Some("43[]".into()));
    let other = joined(&hub, a, 2, UserId::new(), false, 0);
    assert_eq!(hub.counts(), (2, 2));
    hub.disconnect(1);
    hub.disconnect(1);
    assert_eq!(hub.counts(), (1, 1));
    assert!(!hub.has_room(b));
    assert_eq!(hub.users_in(a).len(), 1);
    hub.disconnect(2);
    assert_eq!(hub.counts(), (0, 0));
    drop((out, other));
}

#[test]
fn presence_is_broadcast_on_change_and_when_someone_leaves() {
    let (hub, _rx) = hub();
    let store = StoreId::new();
    let (ana, ben) = (UserId::new(), UserId::new());
    let ana_out = joined(&hub, store, 1, ana, true, 0);
    let ben_out = joined(&hub, store, 2, ben, false, 0);
    assert!(hub.presence(store, 1, true, Some("shift-1".into())));
    assert_eq!(received(&ben_out).1, vec!["presence"]);
    assert_eq!(received(&ana_out).1, vec!["presence"]);
    // Unchanged presence is not broadcast again.
    assert!(hub.presence(store, 1, true, Some("shift-1".into())));
    assert_eq!(received(&ben_out).1, Vec::<String>::new());
    let present = hub.present(store);
    assert_eq!(present.len(), 1);
    assert_eq!(present[0].user_id, ana);
    assert_eq!(present[0].editing.as_deref(), Some("shift-1"));
    hub.disconnect(1);
    assert_eq!(received(&ben_out).1, vec!["presence"]);
    assert!(hub.present(store).is_empty());
    assert!(!hub.presence(store, 1, true, None));
}

#[test]
fn presence_through_other_processes_is_shown_until_it_goes_quiet() {
    let (hub, rx) = hub();
    let store = StoreId::new();
    let ana = UserId::new();
    let ana_out = joined(&hub, store, 1, ana, true, 0);
    assert_eq!(rx.try_pop(), Some(Task::Ask(store)));
    let node = uuid::Uuid::new_v4();
    let t0 = std::time::Instant::now();
    let zoe = PresentUser {
        user_id: UserId::new(),
        name: "Zoe".into(),
        editing: Some("shift-9".into()),
    };
    let said = |seq, ask, users| Announcement {
        node,
        store,
        seq,
        ask,
        users,
    };
    hub.heard(said(1, false, vec![zoe.clone()]), t0);
    assert_eq!(received(&ana_out).1, vec!["presence"]);
    assert_eq!(hub.present(store), vec![zoe.clone()]);
    // The others' presence is not announced back as this process's own.
    assert!(hub.local_presence(store).is_empty());
    // A question is answered only by a process where someone is present.
    hub.heard(said(2, true, vec![]), t0);
    assert!(rx.try_pop().is_none());
    assert!(hub.presence(store, 1, true, None));
    assert_eq!(rx.try_pop(), Some(Task::Announce(store)));
    hub.heard(said(3, true, vec![]), t0);
    assert_eq!(rx.try_pop(), Some(Task::Announce(store)));
    assert_eq!(hub.stores_with_presence(), vec![store]);
    let _ = received(&ana_out);
    hub.expire_remote(t0 + presence::EXPIRY + std::time::Duration::from_secs(1));
    assert_eq!(received(&ana_out).1, vec!["presence"]);
    assert_eq!(hub.present(store).len(), 1, "only Ana, here");
}

#[test]
fn a_burst_of_presence_changes_leaves_one_announcement_waiting() {
    let (hub, rx) = hub();
    let store = StoreId::new();
    let out = joined(&hub, store, 1, UserId::new(), true, 0);
    for i in 0..1_000 {
        assert!(hub.presence(store, 1, true, Some(format!("shift-{}", i % 2))));
    }
    assert_eq!(rx.len(), 2, "the room's question, and one announcement");
    assert_eq!(rx.try_pop(), Some(Task::Ask(store)));
    assert_eq!(rx.try_pop(), Some(Task::Announce(store)));
    drop(out);
}

#[test]
fn a_member_who_loses_the_store_leaves_its_room_and_a_demoted_one_stops_seeing_drafts() {
    let (hub, rx) = hub();
    let store = StoreId::new();
    let (ana, ben) = (UserId::new(), UserId::new());
    let ana_out = joined(&hub, store, 1, ana, true, 0);
    let ben_out = joined(&hub, store, 2, ben, false, 0);
    assert_eq!(
        rx.try_pop(),
        Some(Task::Ask(store)),
        "a new room asks who is here"
    );
    hub.offer(
        store,
        [Change::new(
            store,
            1,
            "employee.updated",
            &json!({}),
            0,
            Audience::Everyone,
        )],
    );
    assert_eq!(rx.try_pop(), Some(Task::Refresh(store)));
    hub.update_members(store, &HashMap::from([(ana, Some(false)), (ben, None)]));
    hub.offer(
        store,
        [
            change(store, 2, Audience::Managers),
            change(store, 3, Audience::Everyone),
        ],
    );
    assert_eq!(received(&ana_out).0, vec![1, 3]);
    assert_eq!(received(&ben_out).0, vec![1]);
    assert_eq!(hub.users_in(store), vec![ana]);
}

#[test]
fn a_new_notification_also_alerts_its_reader_and_nobody_else() {
    let (hub, _rx) = hub();
    let store = StoreId::new();
    let (boss, ana) = (UserId::new(), UserId::new());
    let boss_out = joined(&hub, store, 1, boss, true, 0);
    let ana_out = joined(&hub, store, 2, ana, false, 0);
    let ana_phone = joined(&hub, store, 3, ana, false, 0);
    hub.offer(
        store,
        [Change::new(
            store,
            1,
            NOTIFICATION_EVENT,
            &json!({"title": "hi"}),
            0,
            Audience::Users(vec![ana]),
        )],
    );
    for out in [&ana_out, &ana_phone] {
        assert_eq!(received(out), (vec![1], vec!["notification".to_string()]));
    }
    assert_eq!(received(&boss_out), (vec![], vec![]));
}

fn notification(store: StoreId, version: i64, reader: UserId) -> CommittedEvent {
    CommittedEvent {
        store_id: store,
        version,
        kind: NOTIFICATION_EVENT.to_string(),
        data: json!({"title": "hi"}),
        at: 0,
        visibility: Audience::Users(vec![reader]),
    }
}

#[test]
fn a_notification_reaches_every_socket_of_its_reader_whatever_store_it_joined() {
    let (hub, rx) = hub();
    let (a, b) = (StoreId::new(), StoreId::new());
    let (ana, ben) = (UserId::new(), UserId::new());
    let in_a = joined(&hub, a, 1, ana, false, 0);
    let in_b = joined(&hub, b, 2, ana, false, 0);
    let nowhere = Arc::new(Outbound::new(1 << 20));
    hub.connect(3, ana, nowhere.clone());
    let ben_in_b = joined(&hub, b, 4, ben, false, 0);
    while rx.try_pop().is_some() {}

    hub.publish(&[notification(a, 1, ana)]);
    let alert = vec!["notification".to_string()];
    assert_eq!(
        received(&in_a),
        (vec![1], alert.clone()),
        "once, with the change"
    );
    assert_eq!(received(&in_b), (vec![], alert.clone()));
    assert_eq!(received(&nowhere), (vec![], alert));
    assert_eq!(received(&ben_in_b), (vec![], vec![]));
    // The other processes are told, for Ana's sockets there.
    assert_eq!(rx.try_pop(), Some(Task::SendAlerts));
    assert_eq!(
        hub.take_outgoing_alerts(),
        vec![Alert {
            store: a,
            version: 1,
            user: ana
        }]
    );
    // A disconnected socket leaves its user's room.
    hub.disconnect(3);
    hub.publish(&[notification(a, 2, ana)]);
    assert_eq!(received(&nowhere), (vec![], vec![]));
    assert_eq!(received(&in_b).1, vec!["notification".to_string()]);
}

#[test]
fn notifications_told_by_another_process_are_read_only_for_readers_outside_the_room() {
    let (hub, rx) = hub();
    let (a, b) = (StoreId::new(), StoreId::new());
    let (ana, ben, cleo) = (UserId::new(), UserId::new(), UserId::new());
    let ana_in_b = joined(&hub, b, 1, ana, false, 0);
    let ben_in_a = joined(&hub, a, 2, ben, false, 0);
    while rx.try_pop().is_some() {}
    let node = uuid::Uuid::new_v4();
    hub.heard_alerts(Notice {
        node,
        store: a,
        // Ben is in a's room, which delivers his; Cleo has no socket here.
        alerts: vec![(5, ana), (6, ben), (7, cleo)],
    });
    assert_eq!(rx.try_pop(), Some(Task::FetchAlerts(a)));
    assert_eq!(hub.take_heard_alerts(a), vec![5]);
    assert!(hub.take_heard_alerts(a).is_empty());

    let read = Change::new(
        a,
        5,
        NOTIFICATION_EVENT,
        &json!({"title": "hi"}),
        0,
        Audience::Users(vec![ana]),
    );
    hub.alert(a, &read);
    assert_eq!(
        received(&ana_in_b),
        (vec![], vec!["notification".to_string()])
    );
    assert_eq!(received(&ben_in_a), (vec![], vec![]));
    hub.heard_alerts(Notice {
        node,
        store: a,
        alerts: vec![(8, ben), (9, cleo)],
    });
    assert_eq!(rx.try_pop(), None, "nothing to read for this process");
}

#[test]
fn a_change_is_encoded_as_the_contract_says() {
    let store = StoreId::new();
    let c = Change::new(
        store,
        3,
        "store.updated",
        &json!({"name": "x"}),
        42,
        Audience::Everyone,
    );
    let v: Value = serde_json::from_str(&c.frame[2..]).expect("json");
    assert!(c.frame.starts_with("42"));
    assert_eq!(
        v,
        json!(["change", {"storeId": store, "version": 3, "type": "store.updated", "data": {"name": "x"}, "at": 42}])
    );
}
