//! Delivery of committed changes to this process's rooms.
//!
//! Every commit writes its changes to the `store_events` outbox and announces them with
//! `NOTIFY store_events, '<storeId>:<version>'`. This process listens on a dedicated
//! connection; for a store with sockets here it reads the outbox after the last version it
//! delivered and hands the rows to the hub, which fans them out in order. The local store
//! actor also hands its events over directly (so local delivery does not wait for the round
//! trip); the hub drops versions it has already delivered. When the listen connection drops
//! it reconnects and catches every room up from the outbox. New notifications also reach
//! their readers' sockets outside the store's room ([`crate::realtime::alerts`]).
//!
//! The same connection hears `NOTIFY sessions_ended`: another process ended sign-in sessions,
//! which this one stops accepting at once, and whose sockets it closes; and `NOTIFY
//! notification_settings`: a person changed theirs, which the commits here forget.

use crate::auth::session::{self, Sessions};
use crate::db::models::notification_setting as settings;
use crate::db::models::store_event::StoreEvent;
use crate::db::Db;
use crate::domain::ids::{StoreId, UserId};
use crate::realtime::alerts::{self, Notice};
use crate::realtime::outbox;
use crate::realtime::presence::{self, Announcement, Pace, Pacer};
use crate::realtime::server::Realtime;
use crate::realtime::tasks::{Task, TaskQueue};
use crate::store::notify::NOTIFICATION_EVENT;
use crate::store::registry::StoreRegistry;
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio_postgres::AsyncMessage;

/// The channel every writer announces committed changes on.
pub const CHANNEL: &str = "store_events";
/// Outbox rows read per query.
const PAGE: i64 = 500;
/// How long the announcement of an own commit waits for the commit's own hand-off to the hub.
const OWN_GRACE: Duration = Duration::from_millis(250);
/// Wait before retrying after a database failure.
const RETRY: Duration = Duration::from_secs(1);

/// Starts the delivery loop and the listener. Must run inside the actix system.
pub fn start(
    rt: Arc<Realtime>,
    db: Db,
    stores: StoreRegistry,
    sessions: Sessions,
    database_url: String,
) {
    let Some(tasks) = rt.take_tasks() else {
        return;
    };
    actix_web::rt::spawn(deliver(rt.clone(), db.clone(), stores.clone(), tasks));
    actix_web::rt::spawn(refresh_presence(rt.clone()));
    actix_web::rt::spawn(listen(rt, db, stores, sessions, database_url));
}

/// Runs the hub's tasks: at most one catch-up per store at a time (a request arriving
/// meanwhile runs it again afterwards), membership refreshes, presence announcements paced
/// to one a second per store.
async fn deliver(rt: Arc<Realtime>, db: Db, stores: StoreRegistry, tasks: Arc<TaskQueue>) {
    // Stores being caught up, and whether another catch-up was asked for meanwhile.
    let mut running: HashMap<StoreId, bool> = HashMap::new();
    // Presence announcements and questions, per store and kind, at most one a second.
    let mut pacer: Pacer<(StoreId, bool)> = Pacer::default();
    let mut paced =
        |store: StoreId, ask: bool| match pacer.request((store, ask), std::time::Instant::now()) {
            Pace::Now => {
                actix_web::rt::spawn(announce(rt.clone(), db.clone(), store, ask));
            }
            Pace::After(wait) => {
                let rt = rt.clone();
                actix_web::rt::spawn(async move {
                    actix_web::rt::time::sleep(wait).await;
                    rt.hub.task(if ask {
                        Task::Ask(store)
                    } else {
                        Task::Announce(store)
                    });
                });
            }
            Pace::Merged => {}
        };
    let start = |store: StoreId, running: &mut HashMap<StoreId, bool>| {
        if let Some(again) = running.get_mut(&store) {
            *again = true;
            return;
        }
        running.insert(store, false);
        actix_web::rt::spawn(catch_up(rt.clone(), db.clone(), store));
    };
    loop {
        match tasks.pop().await {
            Task::CatchUp(store) => start(store, &mut running),
            Task::CatchUpAll => {
                for store in rt.hub.stores() {
                    start(store, &mut running);
                }
            }
            Task::Finished(store) => {
                if running.remove(&store) == Some(true) {
                    start(store, &mut running);
                }
            }
            Task::Refresh(store) => {
                actix_web::rt::spawn(refresh(rt.clone(), stores.clone(), store));
            }
            Task::Announce(store) => paced(store, false),
            Task::Ask(store) => paced(store, true),
            Task::SendAlerts => {
                actix_web::rt::spawn(send_alerts(rt.clone(), db.clone()));
            }
            Task::FetchAlerts(store) => {
                actix_web::rt::spawn(fetch_alerts(rt.clone(), db.clone(), store));
            }
        }
    }
}

/// Tells the other processes who is present in the store through this one (or asks them).
async fn announce(rt: Arc<Realtime>, db: Db, store: StoreId, ask: bool) {
    let payload = Announcement {
        node: rt.node,
        store,
        seq: rt.next_presence_seq(),
        ask,
        users: if ask {
            Vec::new()
        } else {
            rt.hub.local_presence(store)
        },
    }
    .encode();
    let sent = db
        .run(move |c| {
            crate::db::notify::notify(c, presence::CHANNEL, &payload)?;
            Ok(())
        })
        .await;
    if let Err(e) = sent {
        // Volatile: the next change or refresh announces again.
        tracing::debug!(%store, error = %e, "presence not announced");
    }
}

/// Tells the other processes about the new notifications committed here.
async fn send_alerts(rt: Arc<Realtime>, db: Db) {
    let alerts = rt.hub.take_outgoing_alerts();
    if alerts.is_empty() {
        return;
    }
    let payloads = Notice::encode_all(rt.node, &alerts);
    let sent = db
        .run(move |c| {
            for payload in payloads {
                crate::db::notify::notify(c, alerts::CHANNEL, &payload)?;
            }
            Ok(())
        })
        .await;
    if let Err(e) = sent {
        // Live extras: the notifications themselves are stored.
        tracing::warn!(error = %e, "notification alerts not announced");
    }
}

/// Reads the notifications of the store another process told of, and pushes them to their
/// readers' sockets here.
async fn fetch_alerts(rt: Arc<Realtime>, db: Db, store: StoreId) {
    let versions = rt.hub.take_heard_alerts(store);
    if versions.is_empty() {
        return;
    }
    let rows = db
        .run(move |c| {
            let mut rows = Vec::with_capacity(versions.len());
            for v in versions {
                rows.extend(StoreEvent::after(c, store, v - 1, Some(v), 1)?);
            }
            Ok(rows)
        })
        .await;
    match rows {
        Ok(rows) => {
            for row in rows.iter().filter(|r| r.kind == NOTIFICATION_EVENT) {
                rt.hub.alert(store, &outbox::change_of(row));
            }
        }
        Err(e) => tracing::warn!(%store, error = %e, "cannot read notifications to alert"),
    }
}

/// Repeats this process's presence and forgets what the others stopped repeating.
async fn refresh_presence(rt: Arc<Realtime>) {
    let mut ticker = tokio::time::interval(presence::REFRESH);
    loop {
        ticker.tick().await;
        for store in rt.hub.stores_with_presence() {
            rt.hub.task(Task::Announce(store));
        }
        rt.hub.expire_remote(std::time::Instant::now());
    }
}

/// Reads the store's outbox after the last delivered version and offers it to the hub.
async fn catch_up(rt: Arc<Realtime>, db: Db, store: StoreId) {
    while let Some(after) = rt.hub.delivered(store) {
        let rows = db
            .run(move |c| Ok(StoreEvent::after(c, store, after, None, PAGE)?))
            .await;
        match rows {
            Ok(rows) => {
                let full = rows.len() as i64 == PAGE;
                let changes: Vec<_> = rows.iter().map(outbox::change_of).collect();
                rt.hub.offer(store, changes);
                if !full {
                    break;
                }
            }
            Err(e) => {
                tracing::warn!(%store, error = %e, "cannot read the store outbox");
                actix_web::rt::time::sleep(RETRY).await;
                rt.hub.task(Task::CatchUp(store));
                break;
            }
        }
    }
    rt.hub.task(Task::Finished(store));
}

/// Asks the store's actor for the standing of the users in the store's room (permissions
/// may have changed), as of the changes the room has delivered.
async fn refresh(rt: Arc<Realtime>, stores: StoreRegistry, store: StoreId) {
    let users = rt.hub.users_in(store);
    if users.is_empty() {
        return;
    }
    let seen = rt.hub.delivered(store).unwrap_or(0);
    match stores.standings(store, users, seen).await {
        Ok(standing) => rt.hub.update_members(store, &standing),
        Err(e) => tracing::warn!(%store, error = %e, "cannot refresh store members"),
    }
}

/// The announcement of a commit of this process's own, which its committing thread hands to
/// the hub itself (`on_commit`), most often just after this arrives: read back from the
/// outbox now, each change would cost a wasted round trip, on the cores busy fanning it out.
/// The hub catches up only if it is still behind a moment later.
fn own_commit_announced(rt: Arc<Realtime>, store: StoreId, version: i64) {
    actix_web::rt::spawn(async move {
        actix_web::rt::time::sleep(OWN_GRACE).await;
        rt.hub.announced(store, version);
    });
}

/// Keeps a `LISTEN store_events` connection open, reconnecting when it drops.
async fn listen(rt: Arc<Realtime>, db: Db, stores: StoreRegistry, sessions: Sessions, url: String) {
    loop {
        let outcome = listen_once(&rt, &db, &stores, &sessions, &url).await;
        rt.readiness.set_listening(false);
        stores.weeks().set_listening(false);
        match outcome {
            Ok(()) => tracing::warn!("the listen connection closed; reconnecting"),
            Err(e) => tracing::warn!(error = %e, "cannot listen for store events; retrying"),
        }
        actix_web::rt::time::sleep(RETRY).await;
    }
}

async fn listen_once(
    rt: &Arc<Realtime>,
    db: &Db,
    stores: &StoreRegistry,
    sessions: &Sessions,
    url: &str,
) -> Result<(), tokio_postgres::Error> {
    let (client, mut connection) =
        tokio_postgres::connect(url, crate::db::tls::connector()).await?;
    let (closed_tx, closed_rx) = tokio::sync::oneshot::channel::<()>();
    let announcements = rt.clone();
    let ours = db.clone();
    let actors = stores.clone();
    let ended = sessions.clone();
    let readers = stores.reader_settings().clone();
    actix_web::rt::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(message) = messages.next().await {
            match message {
                Ok(AsyncMessage::Notification(n)) if n.channel() == CHANNEL => {
                    match parse_announcement(n.payload()) {
                        Some((store, version)) => {
                            // The store's actor here re-reads memberships another node
                            // changed; the hub delivers the change to this node's sockets.
                            actors.heard(store, version);
                            if ours.is_ours(n.process_id()) {
                                own_commit_announced(announcements.clone(), store, version);
                            } else {
                                announcements.hub.announced(store, version);
                            }
                        }
                        None => tracing::warn!(payload = n.payload(), "odd store announcement"),
                    }
                }
                Ok(AsyncMessage::Notification(n)) if n.channel() == alerts::CHANNEL => {
                    match Notice::parse(n.payload()) {
                        Some(notice) if notice.node == announcements.node => {}
                        Some(notice) => announcements.hub.heard_alerts(notice),
                        None => tracing::warn!(payload = n.payload(), "odd notification alert"),
                    }
                }
                Ok(AsyncMessage::Notification(n)) if n.channel() == settings::CHANNEL => {
                    match n.payload().parse::<UserId>() {
                        Ok(user) => readers.forget(user),
                        Err(_) => tracing::warn!(payload = n.payload(), "odd settings change"),
                    }
                }
                Ok(AsyncMessage::Notification(n)) if n.channel() == session::CHANNEL => {
                    ended.ended(&session::parse_ended(n.payload()));
                }
                Ok(AsyncMessage::Notification(n)) if n.channel() == presence::CHANNEL => {
                    match Announcement::parse(n.payload()) {
                        Some(a) if a.node == announcements.node => {}
                        Some(a) => announcements.hub.heard(a, std::time::Instant::now()),
                        None => tracing::warn!(payload = n.payload(), "odd presence"),
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "the listen connection failed");
                    break;
                }
            }
        }
        let _ = closed_tx.send(());
    });
    client
        .batch_execute(&format!(
            "LISTEN {CHANNEL}; LISTEN {}; LISTEN {}; LISTEN {}; LISTEN {}",
            presence::CHANNEL,
            alerts::CHANNEL,
            session::CHANNEL,
            settings::CHANNEL
        ))
        .await?;
    // Sessions ended and settings changed while not listening were not heard of: read them
    // again.
    sessions.forget_all();
    stores.reader_settings().forget_all();
    tracing::info!("listening for store events");
    rt.readiness.set_listening(true);
    stores.weeks().set_listening(true);
    // Anything committed while not listening is in the outbox.
    rt.hub.task(Task::CatchUpAll);
    // Presence announced while not listening is missed: ask again.
    for store in rt.hub.stores() {
        rt.hub.task(Task::Ask(store));
    }
    let _ = closed_rx.await;
    Ok(())
}

/// Parses `'<storeId>:<version>'`.
pub fn parse_announcement(payload: &str) -> Option<(StoreId, i64)> {
    let (store, version) = payload.split_once(':')?;
    Some((store.parse().ok()?, version.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_parse_as_store_and_version() {
        let store = StoreId::new();
        assert_eq!(
            parse_announcement(&format!("{store}:42")),
            Some((store, 42))
        );
        assert_eq!(parse_announcement("nope"), None);
        assert_eq!(parse_announcement(&format!("{store}:x")), None);
        assert_eq!(parse_announcement("x:1"), None);
    }
}
