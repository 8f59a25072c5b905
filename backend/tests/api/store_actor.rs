//! The store actor: commands are serialised per store, committed in groups, and versions stay
//! gap-free even when two server processes write to the same store.

use crate::fixtures::push::subscribed_browser;
use crate::fixtures::spawn_app;
use crate::fixtures::wait::{eventually_within, waiting_for_a_lock};
use backend::db::models::chat::{Conversation, Message};
use backend::db::models::notification::Notification;
use backend::db::models::notification_delivery::Channels;
use backend::db::models::notification_setting::NotificationSetting;
use backend::db::models::shift::Shift;
use backend::db::schema::{
    conversations, messages, notification_deliveries, notifications, shifts, store_events, stores,
};
use backend::domain::chat::{Kind as ChatKind, MessageKind};
use backend::domain::ids::{ConversationId, MessageId, NotificationId, StoreId, UserId};
use backend::domain::membership::Refusal;
use backend::domain::notification::{NotificationKind, Variant};
use backend::domain::notification_settings::{Quiet, Settings, Ways};
use backend::error::AppResult;
use backend::store::command::{Command, Effects, EventDraft, Reply, Visibility, Write};
use backend::store::commits::{Batch, Commits};
use backend::store::persist::{persist_all, Part, PersistError};
use backend::store::reader_settings::ReaderSettings;
use backend::store::state::StoreState;
use chrono::{DateTime, Duration, Utc};
use diesel::connection::{InstrumentationEvent, SimpleConnection};
use diesel::prelude::*;
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

/// Creates one draft shift; refuses when the title is already used (to exercise planning
/// against state that includes earlier commands of the same batch).
struct CreateTitled {
    store: StoreId,
    title: String,
}

impl CreateTitled {
    fn new(store: StoreId, title: impl Into<String>) -> Self {
        CreateTitled {
            store,
            title: title.into(),
        }
    }
}

impl Command for CreateTitled {
    fn name(&self) -> &'static str {
        "test.createTitled"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if state.shifts.values().any(|s| s.title == self.title) {
            return Err(backend::error::AppError::bad_request(
                "duplicate",
                "duplicate title",
            ));
        }
        Ok(draft_shift(self.store, &self.title, now))
    }
}

/// The effects of creating a draft shift titled `title` in `store`.
fn draft_shift(store: StoreId, title: &str, now: DateTime<Utc>) -> Effects {
    let shift = Shift::draft(
        store,
        title.to_string(),
        now + Duration::days(1),
        now + Duration::days(1) + Duration::hours(8),
        now,
    );
    Effects {
        reply: Reply::new(json!({ "id": shift.id })),
        events: vec![EventDraft {
            kind: "shift.created",
            data: json!({ "id": shift.id, "title": shift.title }),
            visibility: Visibility::Managers,
        }],
        writes: vec![Write::PutShift(Box::new(shift))],
    }
}

fn versions(conn: &mut PgConnection, store: StoreId) -> Vec<i64> {
    store_events::table
        .filter(store_events::store_id.eq(store))
        .select(store_events::version)
        .order(store_events::version)
        .load(conn)
        .expect("versions")
}

/// The store's version, as committed.
fn store_version(conn: &mut PgConnection, store: StoreId) -> i64 {
    stores::table
        .find(store)
        .select(stores::version)
        .first(conn)
        .expect("version")
}

#[actix_web::test]
async fn concurrent_commands_of_one_store_commit_with_gap_free_versions() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = app.insert_store(&owner, "Corner Shop");
    let futures = (0..200).map(|i| {
        let cmd = CreateTitled::new(store, format!("shift {i}"));
        app.state.stores.execute::<serde_json::Value>(store, cmd)
    });
    let results = futures_util::future::join_all(futures).await;
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    let mut conn = app.conn();
    assert_eq!(versions(&mut conn, store), (1..=200).collect::<Vec<_>>());
    let version = store_version(&mut conn, store);
    assert_eq!(version, 200);
}

#[actix_web::test]
async fn a_command_sees_the_effects_of_earlier_commands_in_the_same_batch() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = app.insert_store(&owner, "Corner Shop");
    let futures = (0..20).map(|_| {
        let cmd = CreateTitled::new(store, "same");
        app.state.stores.execute::<serde_json::Value>(store, cmd)
    });
    let results = futures_util::future::join_all(futures).await;
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1);
    assert_eq!(versions(&mut app.conn(), store), vec![1]);
}

#[actix_web::test]
async fn two_nodes_writing_to_one_store_are_serialised_without_gaps() {
    let node_a = spawn_app().await;
    let node_b = node_a.spawn_peer().await;
    let owner = node_a.create_user("owner@example.com");
    let store = node_a.insert_store(&owner, "Corner Shop");
    let futures = (0..60).map(|i| {
        let node = if i % 2 == 0 { &node_a } else { &node_b };
        let cmd = CreateTitled::new(store, format!("shift {i}"));
        node.state.stores.execute::<serde_json::Value>(store, cmd)
    });
    let results = futures_util::future::join_all(futures).await;
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    assert_eq!(
        versions(&mut node_a.conn(), store),
        (1..=60).collect::<Vec<_>>()
    );
    // Titles are unique across nodes too: node B's actor sees node A's commits.
    let dup = CreateTitled::new(store, "shift 0");
    assert!(node_b
        .state
        .stores
        .execute::<serde_json::Value>(store, dup)
        .await
        .is_err());
}

/// A command whose planning panics (a stand-in for a bug in a rule).
struct Panics;

impl Command for Panics {
    fn name(&self) -> &'static str {
        "test.panics"
    }

    fn plan(&self, _: &StoreState, _: DateTime<Utc>) -> AppResult<Effects> {
        panic!("a rule went wrong");
    }
}

#[actix_web::test]
async fn a_command_that_panics_fails_alone_and_the_store_goes_on() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = app.insert_store(&owner, "Corner Shop");
    let stores = &app.state.stores;
    // Queued together, so they are planned in one batch around the panicking command.
    let before = (0..5).map(|i| {
        stores.execute::<serde_json::Value>(store, CreateTitled::new(store, format!("before {i}")))
    });
    let after = (0..5).map(|i| {
        stores.execute::<serde_json::Value>(store, CreateTitled::new(store, format!("after {i}")))
    });
    let (before, panicked, after) = futures_util::join!(
        futures_util::future::join_all(before),
        stores.execute::<serde_json::Value>(store, Panics),
        futures_util::future::join_all(after),
    );
    let e = panicked.expect_err("the panicking command fails");
    assert_eq!(e.kind, backend::error::ErrorKind::Internal);
    assert!(
        before.iter().chain(&after).all(Result::is_ok),
        "{before:?} {after:?}"
    );
    // The store still serves commands.
    let later = CreateTitled::new(store, "later");
    assert!(stores
        .execute::<serde_json::Value>(store, later)
        .await
        .is_ok());
    assert_eq!(
        versions(&mut app.conn(), store),
        (1..=11).collect::<Vec<_>>()
    );
}

/// Creates a draft shift, once the test lets its planning go on: the actor's thread is held
/// meanwhile.
struct Held {
    store: StoreId,
    started: std::sync::mpsc::Sender<()>,
    release: Mutex<std::sync::mpsc::Receiver<()>>,
}

impl Command for Held {
    fn name(&self) -> &'static str {
        "test.held"
    }

    fn plan(&self, _: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let _ = self.started.send(());
        let release = self.release.lock().unwrap_or_else(|p| p.into_inner());
        let _ = release.recv_timeout(std::time::Duration::from_secs(20));
        Ok(draft_shift(self.store, "held", now))
    }
}

#[actix_web::test]
async fn members_are_answered_while_their_stores_actor_is_busy_and_at_committed_versions() {
    let s = crate::fixtures::scene::scene().await;
    let store: StoreId = s.store.parse().expect("store id");
    let stores = s.app.state.stores.clone();
    let before = stores
        .member(store, s.ana.id)
        .await
        .expect("answered")
        .expect("Ana is a member");

    let (started_tx, started) = std::sync::mpsc::channel();
    let (release, release_rx) = std::sync::mpsc::channel();
    let held = Held {
        store,
        started: started_tx,
        release: Mutex::new(release_rx),
    };
    let running = actix_web::rt::spawn({
        let stores = stores.clone();
        async move { stores.execute::<serde_json::Value>(store, held).await }
    });
    crate::fixtures::wait::eventually_ok(
        std::time::Duration::from_secs(10),
        "the held command to be planning",
        async || started.try_recv(),
    )
    .await;

    // The actor's thread is held in planning: the question is answered without it.
    let during = actix_web::rt::time::timeout(
        std::time::Duration::from_secs(10),
        stores.member(store, s.ana.id),
    )
    .await
    .expect("answered while the actor plans")
    .expect("answered")
    .expect("Ana is a member");
    assert_eq!(during.employee.id, before.employee.id);
    assert_eq!(during.store.version, before.store.version);
    let stranger = s.app.create_user("stranger@example.com").id;
    let refused = actix_web::rt::time::timeout(
        std::time::Duration::from_secs(10),
        stores.member(store, stranger),
    )
    .await
    .expect("answered while the actor plans")
    .expect("answered");
    assert_eq!(refused.err(), Some(Refusal::NoRecord));

    release.send(()).expect("the command waits");
    running
        .await
        .expect("the command's task")
        .expect("committed");
    // Answered the moment the commit's own caller could ask again: its version included.
    let after = stores
        .member(store, s.ana.id)
        .await
        .expect("answered")
        .expect("Ana is a member");
    assert_eq!(after.store.version, before.store.version + 1);
}

#[actix_web::test]
async fn questions_about_a_store_that_does_not_exist_are_all_answered() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    // Questions race the failing load of the store's working set: some reach the actor
    // before the load fails, some after; every one must be answered.
    for _ in 0..5 {
        let store = StoreId::new();
        let asks = (0..20).map(|_| app.state.stores.member(store, owner.id));
        let all = futures_util::future::join_all(asks);
        let answers = actix_web::rt::time::timeout(std::time::Duration::from_secs(10), all)
            .await
            .expect("every question is answered");
        assert!(answers
            .iter()
            .all(|a| matches!(a, Err(e) if e.code == "no_active_store")));
    }
}

#[actix_web::test]
async fn commands_of_many_stores_commit_with_gap_free_versions_per_store() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let shops: Vec<StoreId> = (0..30)
        .map(|i| app.insert_store(&owner, &format!("Shop {i}")))
        .collect();
    let futures = (0..150).map(|i| {
        let store = shops[i % shops.len()];
        let cmd = CreateTitled::new(store, format!("shift {i}"));
        app.state.stores.execute::<serde_json::Value>(store, cmd)
    });
    let results = futures_util::future::join_all(futures).await;
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    let mut conn = app.conn();
    for store in shops {
        assert_eq!(versions(&mut conn, store), (1..=5).collect::<Vec<_>>());
        let version = store_version(&mut conn, store);
        assert_eq!(version, 5);
    }
}

#[actix_web::test]
async fn stores_committed_together_leave_out_one_another_process_changed() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let (a, b, c) = (
        app.insert_store(&owner, "A"),
        app.insert_store(&owner, "B"),
        app.insert_store(&owner, "C"),
    );
    let now = Utc::now();
    let effects: Vec<Effects> = (0..3)
        .map(|i| draft_shift(a, &format!("{i}"), now))
        .collect();
    let (for_a, for_b, for_c) = (vec![&effects[0]], vec![&effects[1]], vec![&effects[2]]);
    let mut conn = app.conn();
    // B is no longer at version 0: another process committed to it.
    diesel::update(stores::table.find(b))
        .set(stores::version.eq(3))
        .execute(&mut conn)
        .expect("bump");
    let parts = [
        Part {
            store: c,
            expected: 0,
            batch: &for_c,
        },
        Part {
            store: b,
            expected: 0,
            batch: &for_b,
        },
        Part {
            store: a,
            expected: 0,
            batch: &for_a,
        },
    ];
    let answers = persist_all(&mut conn, &parts, now, &ReaderSettings::default()).expect("commit");
    assert_eq!(answers.len(), 3);
    assert!(answers[1].is_none(), "B is stale");
    for (answer, store) in [(&answers[0], c), (&answers[2], a)] {
        let events = answer.as_ref().expect("committed");
        assert_eq!(events.len(), 1);
        assert_eq!(events[0][0].store_id, store);
        assert_eq!(events[0][0].version, 1);
        assert_eq!(versions(&mut conn, store), vec![1]);
    }
    assert_eq!(versions(&mut conn, b), Vec::<i64>::new());
    let version = store_version(&mut conn, b);
    assert_eq!(version, 3, "a stale store's version is left alone");
}

#[actix_web::test]
async fn a_batch_that_cannot_commit_fails_alone_among_other_stores() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let shops: Vec<StoreId> = (0..8)
        .map(|i| app.insert_store(&owner, &format!("Shop {i}")))
        .collect();
    let commits = Commits::new(app.state.db.clone(), ReaderSettings::default());
    let now = Utc::now();
    // What each batch's `on_commit` was told: the store and version of each event.
    let told = Arc::new(Mutex::new(Vec::new()));
    // Queued together, so the first lane to run takes them all in one transaction; the
    // broken batch writes a shift of a store that does not exist.
    let batches = shops.iter().enumerate().map(|(i, &store)| {
        let owner_of_rows = if i == 3 { StoreId::new() } else { store };
        let told = told.clone();
        commits.commit(Batch {
            store,
            expected: 0,
            effects: vec![draft_shift(owner_of_rows, "x", now)],
            on_commit: Box::new(move |committed, _| {
                let mut told = told.lock().expect("lock");
                told.extend(committed.iter().flatten().map(|e| (e.store_id, e.version)));
            }),
        })
    });
    let answers = futures_util::future::join_all(batches).await;
    let mut told = told.lock().expect("lock").clone();
    told.sort();
    let mut expected: Vec<(StoreId, i64)> = shops
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 3)
        .map(|(_, &store)| (store, 1))
        .collect();
    expected.sort();
    assert_eq!(
        told, expected,
        "each committed batch is told, once; the failed one is not"
    );
    let mut conn = app.conn();
    for (i, (answer, &store)) in answers.into_iter().zip(&shops).enumerate() {
        let (result, effects) = answer.expect("ran");
        assert_eq!(effects.len(), 1, "the effects come back");
        if i == 3 {
            assert!(matches!(result, Err(PersistError::Failed(_))), "{result:?}");
            assert_eq!(versions(&mut conn, store), Vec::<i64>::new());
        } else {
            assert_eq!(result.expect("committed")[0][0].version, 1);
            assert_eq!(versions(&mut conn, store), vec![1]);
        }
    }
}

/// A conversation and its first two messages, the second a reply to the first, written by
/// `product` (no sender).
fn first_messages(store: StoreId, now: DateTime<Utc>) -> (Conversation, Message, Message) {
    let conversation = Conversation {
        id: ConversationId::new(),
        store_id: store,
        kind: ChatKind::Team,
        title: None,
        announcement: false,
        member_ids: Vec::new(),
        created_by: None,
        last_seq: 2,
        created_at: now,
        updated_at: now,
    };
    let message = |seq: i64, reply_to: Option<MessageId>| Message {
        id: MessageId::new(),
        store_id: store,
        conversation_id: conversation.id,
        seq,
        sender: None,
        kind: MessageKind::Text,
        content: format!("message {seq}"),
        reply_to,
        action: None,
        modified: false,
        deleted: false,
        version: 1,
        created_at: now,
        updated_at: now,
        attachments: json!([]),
    };
    let first = message(1, None);
    let second = message(2, Some(first.id));
    (conversation, first, second)
}

#[actix_web::test]
async fn a_batch_of_upserts_commits_in_one_statement_with_each_row_in_its_final_state() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = app.insert_store(&owner, "Chat");
    let now = Utc::now();
    let mut shift_made = draft_shift(store, "Morning", now);
    let Write::PutShift(shift) = &shift_made.writes[0] else {
        unreachable!("a shift")
    };
    let mut renamed = (**shift).clone();
    renamed.title = "Evening".into();
    shift_made
        .writes
        .push(Write::PutShift(Box::new(renamed.clone())));
    // The reply and the conversation come before the messages they refer to, which the
    // statement checks only at its end.
    let (conversation, first, second) = first_messages(store, now);
    let chat = Effects {
        reply: Reply::new(()),
        events: vec![EventDraft {
            kind: "message.created",
            data: json!({ "seq": 2 }),
            visibility: Visibility::Managers,
        }],
        writes: vec![
            Write::PutMessage(Box::new(second.clone())),
            Write::PutConversation(Box::new(conversation.clone())),
            Write::PutMessage(Box::new(first.clone())),
        ],
    };
    let batch = [&shift_made, &chat];
    let mut conn = app.conn();
    let statements = Arc::new(Mutex::new(Vec::new()));
    let seen = statements.clone();
    conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
        if let InstrumentationEvent::StartQuery { query, .. } = event {
            seen.lock().expect("lock").push(query.to_string());
        }
    });
    let parts = [Part {
        store,
        expected: 0,
        batch: &batch,
    }];
    let answers = persist_all(&mut conn, &parts, now, &ReaderSettings::default()).expect("commit");
    let statements = statements.lock().expect("lock").clone();
    assert_eq!(statements.len(), 1, "one statement: {statements:#?}");
    let committed = answers[0].as_ref().expect("committed");
    let numbered: Vec<i64> = committed.iter().flatten().map(|e| e.version).collect();
    assert_eq!(numbered, vec![1, 2]);
    assert_eq!(versions(&mut conn, store), vec![1, 2]);
    assert_eq!(store_version(&mut conn, store), 2);
    let written: Shift = shifts::table
        .find(renamed.id)
        .select(Shift::as_select())
        .first(&mut conn)
        .expect("the shift");
    assert_eq!(written.title, "Evening", "the shift's last state");
    let written: Vec<(MessageId, Option<MessageId>)> = messages::table
        .filter(messages::conversation_id.eq(conversation.id))
        .order(messages::seq)
        .select((messages::id, messages::reply_to))
        .load(&mut conn)
        .expect("the messages");
    assert_eq!(written, vec![(first.id, None), (second.id, Some(first.id))]);
}

#[actix_web::test]
async fn a_batch_of_upserts_on_a_store_another_process_moved_writes_nothing() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = app.insert_store(&owner, "Chat");
    let now = Utc::now();
    let (conversation, first, _) = first_messages(store, now);
    let mut conn = app.conn();
    diesel::update(stores::table.find(store))
        .set(stores::version.eq(4))
        .execute(&mut conn)
        .expect("bump");
    let stale = first_message_is_stale(&mut conn, &conversation, first, now);
    assert!(stale, "the store is stale");
    assert_nothing_written(&mut conn, store, 4, &conversation);
}

#[actix_web::test]
async fn a_batch_of_upserts_waiting_for_another_process_commit_to_its_store_writes_nothing() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = app.insert_store(&owner, "Chat");
    let now = Utc::now();
    let (conversation, first, _) = first_messages(store, now);
    // Another process's commit holds the store's row while it moves it on.
    let mut other = app.conn();
    other.batch_execute("BEGIN").expect("begin");
    diesel::update(stores::table.find(store))
        .set(stores::version.eq(4))
        .execute(&mut other)
        .expect("bump");
    let mut conn = app.conn();
    let written = conversation.clone();
    let waiting =
        std::thread::spawn(move || first_message_is_stale(&mut conn, &written, first, now));
    // The batch's statement waits for the row, planned on version 0.
    let deadline = std::time::Duration::from_secs(5);
    eventually_within(
        deadline,
        "the batch to wait for the other commit's lock",
        async || waiting_for_a_lock(&app) > 0,
    )
    .await;
    other.batch_execute("COMMIT").expect("commit");
    let stale = waiting.join().expect("the batch ends");
    assert!(stale, "the store moved on while the batch waited");
    assert_nothing_written(&mut app.conn(), store, 4, &conversation);
}

/// Commits the conversation's first message on version 0 of its store; whether the store
/// had moved on (nothing committed).
fn first_message_is_stale(
    conn: &mut PgConnection,
    conversation: &Conversation,
    first: Message,
    now: DateTime<Utc>,
) -> bool {
    let chat = Effects {
        reply: Reply::new(()),
        events: vec![EventDraft {
            kind: "message.created",
            data: json!({ "seq": 1 }),
            visibility: Visibility::Managers,
        }],
        writes: vec![
            Write::PutConversation(Box::new(conversation.clone())),
            Write::PutMessage(Box::new(first)),
        ],
    };
    let batch = [&chat];
    let parts = [Part {
        store: conversation.store_id,
        expected: 0,
        batch: &batch,
    }];
    let answers = persist_all(conn, &parts, now, &ReaderSettings::default()).expect("answered");
    answers[0].is_none()
}

/// Checks that a stale batch left the store at `version` (another process's), with no
/// change of its own and no trace of its conversation.
fn assert_nothing_written(
    conn: &mut PgConnection,
    store: StoreId,
    version: i64,
    conversation: &Conversation,
) {
    assert_eq!(store_version(conn, store), version);
    assert_eq!(versions(conn, store), Vec::<i64>::new());
    let conversations: i64 = conversations::table
        .filter(conversations::id.eq(conversation.id))
        .count()
        .get_result(conn)
        .expect("count");
    assert_eq!(conversations, 0, "nothing written");
}

/// The effects of posting `messages` to `conversation` (moved to the last one's number).
fn posted(conversation: &Conversation, messages: &[&Message]) -> Effects {
    let mut moved = conversation.clone();
    moved.last_seq = messages
        .iter()
        .map(|m| m.seq)
        .max()
        .unwrap_or(moved.last_seq);
    let last = moved.last_seq;
    let mut writes = vec![Write::PutConversation(Box::new(moved))];
    writes.extend(
        messages
            .iter()
            .map(|m| Write::PutMessage(Box::new((*m).clone()))),
    );
    Effects {
        reply: Reply::new(()),
        events: vec![EventDraft {
            kind: "message.created",
            data: json!({ "seq": last }),
            visibility: Visibility::Managers,
        }],
        writes,
    }
}

/// The whole commits the connection keeps prepared: how many, how many times they ran on
/// their generic plan, and how many times they were planned afresh.
fn kept_commits(conn: &mut PgConnection) -> (i64, i64, i64) {
    use diesel::sql_types::BigInt;
    #[derive(QueryableByName)]
    struct Kept {
        #[diesel(sql_type = BigInt)]
        statements: i64,
        #[diesel(sql_type = BigInt)]
        generic: i64,
        #[diesel(sql_type = BigInt)]
        custom: i64,
    }
    let kept: Kept = diesel::sql_query(
        "SELECT count(*) AS statements, coalesce(sum(generic_plans), 0)::int8 AS generic,
                coalesce(sum(custom_plans), 0)::int8 AS custom
           FROM pg_prepared_statements WHERE statement LIKE '%= v.expected THEN%'",
    )
    .get_result(conn)
    .expect("prepared statements");
    (kept.statements, kept.generic, kept.custom)
}

#[actix_web::test]
async fn a_chat_messages_commit_stays_prepared_and_a_large_batch_is_not_kept() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = app.insert_store(&owner, "Chat");
    let now = Utc::now();
    let (conversation, first, second) = first_messages(store, now);
    let later: Vec<Message> = (3..=5)
        .map(|seq| Message {
            id: MessageId::new(),
            seq,
            reply_to: None,
            content: format!("message {seq}"),
            ..first.clone()
        })
        .collect();
    let mut conn = app.conn();
    let commit = |conn: &mut PgConnection, expected: i64, effects: &Effects| {
        let batch = [effects];
        let parts = [Part {
            store,
            expected,
            batch: &batch,
        }];
        let answers = persist_all(conn, &parts, now, &ReaderSettings::default()).expect("commit");
        assert!(answers[0].is_some(), "committed at {expected}");
    };
    // One message, then a reply (an empty column of the first is a value of the second: the
    // same text, the same statement).
    commit(&mut conn, 0, &posted(&conversation, &[&first]));
    assert_eq!(
        kept_commits(&mut conn).0,
        1,
        "the first message prepares it"
    );
    commit(&mut conn, 1, &posted(&conversation, &[&second]));
    assert_eq!(kept_commits(&mut conn).0, 1, "the reply reuses it");
    // Three messages at once: one more text per number of rows, so not kept.
    let three: Vec<&Message> = later.iter().collect();
    commit(&mut conn, 2, &posted(&conversation, &three));
    assert_eq!(kept_commits(&mut conn).0, 1, "a large batch is not kept");
    assert_eq!(versions(&mut conn, store), vec![1, 2, 3]);
    let written: Vec<(i64, Option<MessageId>, String)> = messages::table
        .filter(messages::conversation_id.eq(conversation.id))
        .order(messages::seq)
        .select((messages::seq, messages::reply_to, messages::content))
        .load(&mut conn)
        .expect("the messages");
    let expected: Vec<(i64, Option<MessageId>, String)> = [&first, &second]
        .into_iter()
        .chain(&later)
        .map(|m| (m.seq, m.reply_to, m.content.clone()))
        .collect();
    assert_eq!(written, expected);
    let last_seq: i64 = conversations::table
        .find(conversation.id)
        .select(conversations::last_seq)
        .first(&mut conn)
        .expect("the conversation");
    assert_eq!(last_seq, 5, "the conversation moved on with each commit");
}

#[actix_web::test]
async fn a_chat_messages_commit_settles_on_its_generic_plan() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = app.insert_store(&owner, "Chat");
    let reader = app.create_user("reader@example.com").id;
    let now = Utc::now();
    let mut conn = app.conn();
    subscribed_browser(&mut conn, store, reader, "reader").expect("a subscription");
    let (conversation, first, _) = first_messages(store, now);
    let channels = Channels {
        mail: false,
        push: true,
        push_hold: std::time::Duration::ZERO,
    };
    for seq in 1..=8 {
        // A message telling one reader, queued for their browser: W8's commit.
        let message = Message {
            id: MessageId::new(),
            seq,
            content: format!("message {seq}"),
            ..first.clone()
        };
        let mut effects = posted(&conversation, &[&message]);
        let note = Notification {
            message_seq: Some(seq),
            ..told(store, &conversation, reader, now)
        };
        effects
            .writes
            .push(Write::AddNotification(Box::new(note), channels));
        let batch = [&effects];
        let parts = [Part {
            store,
            expected: seq - 1,
            batch: &batch,
        }];
        let answers =
            persist_all(&mut conn, &parts, now, &ReaderSettings::default()).expect("commit");
        assert!(answers[0].is_some(), "committed at {seq}");
    }
    // One text for the eight. Postgres plans a kept statement afresh for its first five
    // runs, then runs it on its generic plan unless that looks costlier than theirs: it must
    // not, or every commit pays for planning (arrays of rows it cannot count made it look a
    // hundred rows each).
    assert_eq!(kept_commits(&mut conn), (1, 3, 5));
    let queued: i64 = notification_deliveries::table
        .count()
        .get_result(&mut conn)
        .expect("count");
    assert_eq!(queued, 8, "each message's push queued");
}

/// A `message` notification for `reader` of `conversation`, new at `now`.
fn told(
    store: StoreId,
    conversation: &Conversation,
    reader: UserId,
    now: DateTime<Utc>,
) -> Notification {
    Notification {
        id: NotificationId::new(),
        store_id: store,
        title: "New message".into(),
        content: "message 1".into(),
        seen: false,
        kind: NotificationKind::Message,
        variant: Variant::Info.code(),
        access_for: Some(reader),
        source: None,
        shift_id: None,
        drop_request_id: None,
        timeoff_request_id: None,
        shift_propose_id: None,
        reason: None,
        created_at: now,
        conversation_id: Some(conversation.id),
        message_seq: Some(1),
        text_code: None,
        text_params: json!({}),
    }
}

#[actix_web::test]
async fn a_messages_notifications_commit_with_it_queued_as_their_readers_set_them() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = app.insert_store(&owner, "Chat");
    let now = Utc::now();
    let mut conn = app.conn();
    // Defaults (pushed, not mailed); mailed and not pushed; pushed after quiet hours around
    // now; one whose notification is already there, so not queued again; and one with the
    // defaults but no browser subscribed in the store, so not pushed.
    let [plain, mailed, quiet, known, unsubscribed] =
        ["plain", "mailed", "quiet", "known", "unsubscribed"]
            .map(|name| app.create_user(&format!("{name}@example.com")).id);
    for (user, name) in [
        (plain, "plain"),
        (mailed, "mailed"),
        (quiet, "quiet"),
        (known, "known"),
    ] {
        subscribed_browser(&mut conn, store, user, name).expect("a subscription");
    }
    // A browser of `unsubscribed` in another store is not one in this store.
    let elsewhere = app.insert_store(&owner, "Elsewhere");
    subscribed_browser(&mut conn, elsewhere, unsubscribed, "unsubscribed").expect("a subscription");
    let set = BTreeMap::from([(
        "message".to_string(),
        Ways {
            mail: true,
            push: false,
        },
    )]);
    let mail_only = Settings::default().with(&set).expect("known kinds");
    NotificationSetting::new(mailed, &mail_only, now)
        .upsert(&mut conn)
        .expect("settings");
    let hours = Settings {
        quiet: Some(Quiet {
            from: (now - Duration::hours(1)).time(),
            until: (now + Duration::hours(1)).time(),
            zone: chrono_tz::UTC,
        }),
        ..Settings::default()
    };
    NotificationSetting::new(quiet, &hours, now)
        .upsert(&mut conn)
        .expect("settings");
    let (conversation, first, _) = first_messages(store, now);
    let notes: Vec<Notification> = [plain, mailed, quiet, known, unsubscribed]
        .map(|reader| told(store, &conversation, reader, now))
        .into();
    let mut effects = posted(&conversation, &[&first]);
    let channels = Channels {
        mail: true,
        push: true,
        push_hold: std::time::Duration::from_secs(30),
    };
    effects.writes.extend(
        notes
            .iter()
            .map(|n| Write::AddNotification(Box::new(n.clone()), channels)),
    );
    // The last one is there before the commit (and, for this test, with nothing queued).
    posted_conversation(&mut conn, &conversation);
    notes[3].insert(&mut conn).expect("the known notification");

    let statements = Arc::new(Mutex::new(Vec::new()));
    let seen = statements.clone();
    conn.set_instrumentation(move |event: InstrumentationEvent<'_>| {
        if let InstrumentationEvent::StartQuery { query, .. } = event {
            seen.lock().expect("lock").push(query.to_string());
        }
    });
    let batch = [&effects];
    let parts = [Part {
        store,
        expected: 0,
        batch: &batch,
    }];
    let answers = persist_all(&mut conn, &parts, now, &ReaderSettings::default()).expect("commit");
    assert!(answers[0].is_some(), "committed");
    let statements = statements.lock().expect("lock").clone();
    assert_eq!(
        statements.len(),
        2,
        "the readers' settings, then one statement: {statements:#?}"
    );
    assert_eq!(versions(&mut conn, store), vec![1]);
    let written: i64 = notifications::table
        .filter(notifications::conversation_id.eq(conversation.id))
        .count()
        .get_result(&mut conn)
        .expect("count");
    assert_eq!(written, 5);
    let queued: Vec<(NotificationId, String, DateTime<Utc>)> = notification_deliveries::table
        .select((
            notification_deliveries::notification_id,
            notification_deliveries::channel,
            notification_deliveries::next_attempt_at,
        ))
        .load(&mut conn)
        .expect("the queue");
    let of = |n: &Notification| -> Vec<(String, DateTime<Utc>)> {
        let mut rows: Vec<_> = queued
            .iter()
            .filter(|(id, ..)| *id == n.id)
            .map(|(_, channel, at)| (channel.clone(), *at))
            .collect();
        rows.sort();
        rows
    };
    let [plain_rows, mailed_rows, quiet_rows, known_rows, unsubscribed_rows] =
        [&notes[0], &notes[1], &notes[2], &notes[3], &notes[4]].map(of);
    assert_eq!(
        plain_rows
            .iter()
            .map(|(c, _)| c.as_str())
            .collect::<Vec<_>>(),
        ["push"],
        "the defaults push a message, and do not mail it"
    );
    let held = plain_rows[0].1 - Utc::now();
    assert!(
        held > Duration::seconds(20) && held <= Duration::seconds(30),
        "the push holds: {held}"
    );
    assert_eq!(
        mailed_rows
            .iter()
            .map(|(c, _)| c.as_str())
            .collect::<Vec<_>>(),
        ["mail"]
    );
    assert!(mailed_rows[0].1 <= Utc::now(), "mail goes at once");
    assert_eq!(
        quiet_rows
            .iter()
            .map(|(c, _)| c.as_str())
            .collect::<Vec<_>>(),
        ["push"]
    );
    let waits = quiet_rows[0].1 - now;
    assert!(
        waits > Duration::minutes(59) && waits <= Duration::minutes(61),
        "the push waits for the quiet hours to end: {waits}"
    );
    assert!(
        known_rows.is_empty(),
        "a notification already there is not queued again"
    );
    assert!(
        unsubscribed_rows.is_empty(),
        "no push for a reader with no browser subscribed in the store: {unsubscribed_rows:?}"
    );
}

/// Writes `conversation` as it was before a message posted to it.
fn posted_conversation(conn: &mut PgConnection, conversation: &Conversation) {
    let before = Conversation {
        last_seq: 0,
        ..conversation.clone()
    };
    before.upsert(conn).expect("the conversation");
}
