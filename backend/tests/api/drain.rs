//! A node stopped with SIGTERM in the middle of a load drains: every edit it acknowledged is
//! committed, its sockets are closed without a DISCONNECT (so clients reconnect), and a
//! client that rejoins on the other node with `since` gets every change it had not seen.

use crate::fixtures::chat::team;
use crate::fixtures::scene::scene;
use crate::fixtures::stores::{count, create_store};
use crate::fixtures::wait::{eventually, eventually_ok, wait_ready, waiting_for_a_lock};
use crate::fixtures::{spawn_app, TestApp};
use awc::ws::{Frame, Message};
use diesel::RunQueryDsl;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// A socket joined to a store, recording the versions of the changes it hears, until the
/// server closes it.
struct Joined {
    joined_at: i64,
    versions: Rc<RefCell<Vec<i64>>>,
    task: actix_web::rt::task::JoinHandle<()>,
}

async fn join(address: &str, token: &str, store: &str, since: Option<i64>) -> Joined {
    let url = format!(
        "{}/socket.io/?EIO=4&transport=websocket",
        address.replacen("http", "ws", 1)
    );
    let (_, mut ws) = awc::Client::new().ws(url).connect().await.expect("ws");
    let mut join = json!({ "storeId": store });
    if let Some(since) = since {
        join["since"] = json!(since);
    }
    let versions = Rc::new(RefCell::new(Vec::new()));
    let mut joined_at = 0;
    for (send, answer) in [
        (None, "0".to_string()),
        (
            Some(format!("40{}", json!({ "token": token }))),
            "40".into(),
        ),
        (Some(format!("420{}", json!(["join", join]))), "430".into()),
    ] {
        if let Some(packet) = send {
            ws.send(Message::Text(packet.into())).await.expect("send");
        }
        loop {
            let Frame::Text(t) = ws.next().await.expect("open").expect("frame") else {
                continue;
            };
            let t = String::from_utf8_lossy(&t).into_owned();
            if let Some(body) = t.strip_prefix("42") {
                record(&versions, body);
            }
            if let Some(ack) = t.strip_prefix("430") {
                let ack: Value = serde_json::from_str(ack).expect("ack");
                joined_at = ack[0]["data"]["version"].as_i64().expect("version");
            }
            if t.starts_with(answer.as_str()) {
                break;
            }
        }
    }
    let heard = versions.clone();
    let task = actix_web::rt::spawn(async move {
        while let Some(Ok(frame)) = ws.next().await {
            match frame {
                Frame::Text(t) => {
                    let t = String::from_utf8_lossy(&t).into_owned();
                    assert!(!t.starts_with("41"), "a drain does not DISCONNECT: {t}");
                    if t == "2" {
                        let _ = ws.send(Message::Text("3".into())).await;
                    } else if let Some(body) = t.strip_prefix("42") {
                        record(&heard, body);
                    }
                }
                Frame::Close(_) => break,
                _ => {}
            }
        }
    });
    Joined {
        joined_at,
        versions,
        task,
    }
}

/// Asks a node to stop, as an orchestrator does: it drains, then exits.
fn sigterm(child: &std::process::Child) {
    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(kill.success());
}

fn record(versions: &Rc<RefCell<Vec<i64>>>, body: &str) {
    if let Ok(Value::Array(parts)) = serde_json::from_str::<Value>(body) {
        if parts[0] == "change" {
            if let Some(v) = parts[1]["version"].as_i64() {
                versions.borrow_mut().push(v);
            }
        }
    }
}

/// Starts the server binary as a second node on `b`'s database, with `env` besides: the
/// process, its port, its further log lines and the lines so far.
fn start_node(
    b: &TestApp,
    env: &[(&str, &str)],
) -> (
    std::process::Child,
    u16,
    std::sync::mpsc::Receiver<String>,
    Vec<String>,
    tempfile::TempDir,
) {
    let dir = tempfile::tempdir().expect("dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_backend"))
        .env("DATABASE_URL", &b.db_url)
        .env("JWT_SECRET", &b.state.settings.jwt_secret)
        .env("DATA_DIR", dir.path())
        .env("BIND", "127.0.0.1:0")
        .env("NO_COLOR", "1")
        .env("RUST_LOG", "info")
        .env("SCHEDULE_TICK_SECONDS", "0")
        .env("DRAIN_GRACE_MS", "5000")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start node A");
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let stdout = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut log = Vec::new();
    let port: u16 = loop {
        let line = rx.recv_timeout(Duration::from_secs(30)).expect("node A");
        let port = line
            .split_once("port=")
            .and_then(|(_, p)| p.trim().parse().ok());
        log.push(line);
        if let Some(port) = port {
            break port;
        }
    };
    (child, port, rx, log, dir)
}

#[actix_web::test]
async fn sigterm_mid_load_loses_no_acknowledged_edit_and_clients_resume_on_the_other_node() {
    // Node B runs in this process; node A is the server binary on the same database.
    let b = spawn_app().await;
    let owner = b.create_user("owner.drain@example.com");
    let store = create_store(&b, &owner, "Drain").await;
    let (mut child, port, rx, mut log, _dir) = start_node(&b, &[]);
    let a = format!("http://127.0.0.1:{port}");
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(10))
        .finish();
    let ready: Value = client
        .get(format!("{a}/ready"))
        .send()
        .await
        .expect("ready")
        .json()
        .await
        .expect("json");
    assert!(
        ready["data"]["status"] == "ready" || ready["data"]["status"] == "not listening",
        "{ready}"
    );

    let watcher = join(&a, &owner.token, &store, None).await;

    // Four writers edit through node A until it stops answering.
    let acknowledged: Rc<RefCell<Vec<String>>> = Rc::default();
    let refused: Rc<RefCell<Vec<u16>>> = Rc::default();
    let writers: Vec<_> = (0..4)
        .map(|w| {
            let (client, a, token, store) = (
                client.clone(),
                a.clone(),
                owner.token.clone(),
                store.clone(),
            );
            let (acknowledged, refused) = (acknowledged.clone(), refused.clone());
            actix_web::rt::spawn(async move {
                for n in 0.. {
                    let body = json!({ "store": store,
                        "roleData": { "title": format!("Role {w}-{n}"), "color": "#123456" } });
                    let sent = client
                        .post(format!("{a}/api/v1/createRole"))
                        .bearer_auth(&token)
                        .send_json(&body)
                        .await;
                    match sent {
                        Ok(mut res) if res.status() == 200 => {
                            let reply: Value = res.json().await.expect("json");
                            let id = reply["data"]["id"].as_str().expect("id").to_string();
                            acknowledged.borrow_mut().push(id);
                        }
                        Ok(res) => refused.borrow_mut().push(res.status().as_u16()),
                        // Node A has stopped.
                        Err(_) => break,
                    }
                }
            })
        })
        .collect();
    eventually("the load to run", async || {
        acknowledged.borrow().len() >= 20
    })
    .await;
    let signalled = Instant::now();
    sigterm(&child);
    let status = actix_web::web::block(move || child.wait())
        .await
        .expect("block")
        .expect("wait");
    assert!(status.success(), "node A exits cleanly: {status}");
    assert!(
        signalled.elapsed() < Duration::from_secs(5),
        "within the grace"
    );
    for w in writers {
        w.await.expect("writer");
    }
    log.extend(rx.try_iter());
    assert!(log.iter().any(|l| l.contains("draining")), "{log:#?}");
    // Refused calls, if any, were refused as a drain refuses them.
    assert!(
        refused.borrow().iter().all(|s| *s == 503),
        "{:?}",
        refused.borrow()
    );

    // Every acknowledged edit is committed.
    let acked = acknowledged.borrow().clone();
    #[derive(diesel::QueryableByName)]
    struct Id {
        #[diesel(sql_type = diesel::sql_types::Text)]
        id: String,
    }
    let stored: std::collections::HashSet<String> = diesel::sql_query(format!(
        "SELECT id::text AS id FROM roles WHERE store_id = '{store}'"
    ))
    .load::<Id>(&mut b.conn())
    .expect("roles")
    .into_iter()
    .map(|r| r.id)
    .collect();
    let lost: Vec<&String> = acked.iter().filter(|id| !stored.contains(*id)).collect();
    assert!(lost.is_empty(), "{} acknowledged edits lost", lost.len());

    // The watcher's socket was closed; it resumes on node B with what it saw.
    tokio::time::timeout(Duration::from_secs(5), watcher.task)
        .await
        .expect("node A closed the socket")
        .expect("reader");
    let seen = watcher.versions.borrow().clone();
    let since = seen.last().copied().unwrap_or(watcher.joined_at);
    let resumed = join(&b.address, &owner.token, &store, Some(since)).await;
    #[derive(diesel::QueryableByName)]
    struct Version {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        version: i64,
    }
    let all: Vec<i64> = diesel::sql_query(format!(
        "SELECT version FROM store_events WHERE store_id = '{store}' AND version > {} \
         ORDER BY version",
        watcher.joined_at
    ))
    .load::<Version>(&mut b.conn())
    .expect("versions")
    .into_iter()
    .map(|v| v.version)
    .collect();
    let what = format!("the resumed socket to hear every change, {all:?}");
    eventually_ok(Duration::from_secs(5), &what, async || {
        let mut heard = seen.clone();
        heard.extend(resumed.versions.borrow().iter());
        if heard == all {
            Ok(())
        } else {
            Err(heard)
        }
    })
    .await;
    assert!(all.len() >= acked.len());
    resumed.task.abort();
}

#[actix_web::test]
async fn a_draining_node_is_not_ready_refuses_new_calls_and_finishes_the_one_under_way() {
    let b = spawn_app().await;
    let owner = b.create_user("owner.drain2@example.com");
    let store = create_store(&b, &owner, "Drain").await;
    let (mut child, port, _rx, _log, _dir) = start_node(&b, &[]);
    let a = format!("http://127.0.0.1:{port}");
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(20))
        .finish();
    wait_ready(&client, &a, 200, "ready").await;

    // Hold the roles table, so a call creating a role stays under way.
    let url = b.db_url.clone();
    let (locked_tx, locked_rx) = std::sync::mpsc::channel::<()>();
    let (release_tx, release_rx) = std::sync::mpsc::channel::<()>();
    let holder = std::thread::spawn(move || {
        use diesel::Connection;
        let mut conn = diesel::PgConnection::establish(&url).expect("connect");
        conn.transaction::<_, diesel::result::Error, _>(|conn| {
            diesel::sql_query("LOCK TABLE roles IN ACCESS EXCLUSIVE MODE").execute(conn)?;
            locked_tx.send(()).expect("tell");
            let _ = release_rx.recv();
            Ok(())
        })
        .expect("lock");
    });
    locked_rx.recv().expect("locked");
    let body = json!({ "store": store, "roleData": { "title": "Under way", "color": "#123456" } });
    let under_way = client
        .post(format!("{a}/api/v1/createRole"))
        .bearer_auth(&owner.token)
        .send_json(&body);
    let under_way = actix_web::rt::spawn(async move {
        let mut res = under_way.await.expect("answer");
        let reply: Value = res.json().await.expect("json");
        (res.status().as_u16(), reply)
    });
    // Under way: its commit waits for the table.
    eventually("the call to wait for the roles table", async || {
        waiting_for_a_lock(&b) > 0
    })
    .await;

    sigterm(&child);
    wait_ready(&client, &a, 503, "draining").await;
    let health = client
        .get(format!("{a}/health"))
        .send()
        .await
        .expect("health");
    assert_eq!(health.status(), 200, "alive while draining");
    let refused = client
        .post(format!("{a}/api/v1/createRole"))
        .bearer_auth(&owner.token)
        .send_json(&body)
        .await
        .expect("answer");
    assert_eq!(refused.status(), 503);
    let socket = client
        .get(format!("{a}/socket.io/?EIO=4&transport=polling"))
        .send()
        .await
        .expect("answer");
    assert_eq!(socket.status(), 503, "no new socket");

    release_tx.send(()).expect("release");
    holder.join().expect("holder");
    let (status, reply) = under_way.await.expect("call");
    assert_eq!(status, 200, "{reply}");
    let status = actix_web::web::block(move || child.wait())
        .await
        .expect("block")
        .expect("wait");
    assert!(status.success(), "{status}");
    let id = reply["data"]["id"].as_str().expect("id").to_string();
    #[derive(diesel::QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let n = diesel::sql_query(format!("SELECT count(*) AS n FROM roles WHERE id = '{id}'"))
        .get_result::<N>(&mut b.conn())
        .expect("count")
        .n;
    assert_eq!(n, 1, "the call under way was committed");
}

#[actix_web::test]
async fn a_drain_sends_each_socket_the_answers_queued_for_it_before_closing_it() {
    // Node A is the server binary; its socket's client sends many messages without reading,
    // so their answers wait in the socket's queue on node A when it drains. The queue may
    // hold them all, and the calls may all run at once.
    let s = scene().await;
    let conversation = team(&s, &s.ana.token).await;
    let (mut child, port, _rx, _log, _dir) = start_node(
        &s.app,
        &[
            ("SOCKET_QUEUE_BYTES", "67108864"),
            ("SOCKET_CALLS_IN_FLIGHT", "4096"),
        ],
    );
    let a = format!("http://127.0.0.1:{port}");
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(20))
        .finish();
    wait_ready(&client, &a, 200, "ready").await;
    let url = format!(
        "{}/socket.io/?EIO=4&transport=websocket",
        a.replacen("http", "ws", 1)
    );
    let (_, mut ws) = awc::Client::new().ws(url).connect().await.expect("ws");
    let mut connect = Some(format!("40{}", json!({ "token": s.ana.token })));
    loop {
        let Frame::Text(t) = ws.next().await.expect("open").expect("frame") else {
            continue;
        };
        if t.starts_with(b"40") {
            break;
        }
        if let Some(packet) = connect.take() {
            ws.send(Message::Text(packet.into()))
                .await
                .expect("connect");
        }
    }

    // About 8 MB of answers: more than the kernel's buffers of the connection hold.
    const SENT: usize = 2000;
    let text = "x".repeat(3990);
    for n in 0..SENT {
        let body = json!({ "store": s.store, "conversationId": conversation["id"],
            "content": format!("{text} {n}") });
        let call = format!("42{n}{}", json!(["call", "sendMessage", body]));
        ws.send(Message::Text(call.into())).await.expect("call");
    }
    let stored = format!(
        "SELECT id FROM messages WHERE conversation_id = '{}' AND content LIKE 'xxx%'",
        conversation["id"].as_str().expect("id")
    );
    eventually_ok(
        Duration::from_secs(60),
        "every message to be stored",
        async || match count(&s.app, &stored) {
            n if n == SENT as i64 => Ok(()),
            n => Err(n),
        },
    )
    .await;

    sigterm(&child);
    let mut answered = 0;
    let reading = async {
        while let Some(Ok(frame)) = ws.next().await {
            match frame {
                Frame::Text(t) => {
                    let t = String::from_utf8_lossy(&t).into_owned();
                    assert!(!t.starts_with("41"), "a drain does not DISCONNECT: {t}");
                    if t.starts_with("43") && t.contains(r#""data""#) {
                        answered += 1;
                    }
                }
                Frame::Close(_) => break,
                _ => {}
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(10), reading)
        .await
        .expect("node A closed the socket");
    assert_eq!(
        answered, SENT,
        "every stored message's answer reached its sender"
    );
    let status = actix_web::web::block(move || child.wait())
        .await
        .expect("block")
        .expect("wait");
    assert!(status.success(), "{status}");
}
