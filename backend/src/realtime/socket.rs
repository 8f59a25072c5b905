//! The Socket.IO layer: connecting with a token, and the events of the realtime contract
//! (`join`, `leave`, `call`, `presence`).

use crate::auth::Bearer;
use crate::calls::guard;
use crate::db::models::store::Store;
use crate::db::models::store_event::StoreEvent;
use crate::domain::ids::StoreId;
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult, ErrorKind};
use crate::messages;
use crate::realtime::hub::JoinOutcome;
use crate::realtime::outbound::Frame;
use crate::realtime::outbox;
use crate::realtime::server::Gateway;
use crate::realtime::session::{Connected, Flow, Session};
use crate::realtime::sio::{Kind, Packet, MAIN_NAMESPACE};
use actix_web::web;
use rand::distributions::{Alphanumeric, DistString};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;

/// How far behind a `join` may start and still be replayed; further back, the client
/// reloads (`resync`).
pub const MAX_REPLAY: i64 = 1_000;

/// A random id of 20 URL-safe characters, as Engine.IO and Socket.IO ids are.
pub fn random_id() -> String {
    Alphanumeric.sample_string(&mut rand::thread_rng(), 20)
}

/// Encodes a Socket.IO packet as an Engine.IO message.
fn frame(packet: &Packet) -> Frame {
    let mut s = String::from("4");
    s.push_str(&packet.encode());
    Frame::from(s)
}

fn ack_frame(id: u64, reply: Value) -> Frame {
    frame(&Packet::new(
        Kind::Ack,
        Some(id),
        Some(Value::Array(vec![reply])),
    ))
}

/// The answer to a `call` or `join` past the client's limit of running ones (429).
fn too_many_calls() -> AppError {
    AppError::new(
        ErrorKind::RateLimited,
        "too_many_calls",
        "Too many calls are running on this connection; wait for their answers.",
    )
}

/// The error envelope of an acknowledgement, as HTTP answers it.
fn error_reply(e: &AppError) -> Value {
    match e.kind {
        ErrorKind::Internal => tracing::error!(error = %e, "socket event failed"),
        ErrorKind::Unavailable => tracing::warn!(error = %e, "socket event failed"),
        _ => tracing::debug!(error = %e, "socket event refused"),
    }
    serde_json::to_value(e.body()).unwrap_or_else(|_| json!({ "message": e.message }))
}

/// Handles the data of an Engine.IO message packet.
pub fn on_message(state: &web::Data<Gateway>, session: &Arc<Session>, data: &str) -> Flow {
    let Ok(packet) = Packet::parse(data) else {
        // The reference server closes connections that send undecodable packets.
        return Flow::Close;
    };
    if packet.namespace != MAIN_NAMESPACE {
        if packet.kind == Kind::Connect {
            session.send(frame(&Packet {
                kind: Kind::ConnectError,
                namespace: packet.namespace,
                ack_id: None,
                data: Some(json!({ "message": "Invalid namespace" })),
            }));
        }
        return Flow::Continue;
    }
    match packet.kind {
        Kind::Connect => {
            // Checking the session may read the database: not on this transport's task.
            let (state, session, auth) = (state.clone(), session.clone(), packet.data);
            actix_web::rt::spawn(async move { connect(&state, &session, auth.as_ref()).await });
            Flow::Continue
        }
        Kind::Disconnect => {
            state.realtime.hub.disconnect(session.key);
            session.clear_connected();
            Flow::Continue
        }
        Kind::Event => match session.connected() {
            Some(conn) => event(state, session, conn, &packet),
            // Events before CONNECT break the protocol.
            None => Flow::Close,
        },
        // The server never asks the client for acknowledgements.
        Kind::Ack => Flow::Continue,
        Kind::ConnectError | Kind::BinaryEvent | Kind::BinaryAck => Flow::Close,
    }
}

/// `CONNECT {token}`: a token of an open session connects the socket; any other is refused
/// with `not_authenticated`, as HTTP refuses it.
async fn connect(state: &web::Data<Gateway>, session: &Arc<Session>, auth: Option<&Value>) {
    let token = auth
        .and_then(|a| a.get("token"))
        .and_then(Value::as_str)
        .map(str::trim)
        .unwrap_or("");
    let sessions = &state.calls.state().sessions;
    let (user, signed_in) = match sessions.verify(token).await {
        Ok(Bearer::User(user, signed_in)) => (user, signed_in),
        refused => {
            let (message, code) = match refused {
                Err(e) => (e.message.to_string(), e.code.to_string()),
                Ok(_) => (
                    messages::NOT_AUTHENTICATED.to_string(),
                    "not_authenticated".to_string(),
                ),
            };
            session.send(frame(&Packet::new(
                Kind::ConnectError,
                None,
                Some(json!({ "message": message, "data": { "code": code } })),
            )));
            return;
        }
    };
    let conn = Connected {
        sid: random_id(),
        user,
        session: signed_in,
        token: Arc::from(token),
    };
    let sid = if session.set_connected(conn.clone()) {
        let realtime = &state.realtime;
        realtime.hub.connect(session.key, user, session.out.clone());
        if session.out.is_closed() {
            // The connection ended while the token was checked: its clean-up may have run
            // before the socket was in the hub.
            realtime.hub.disconnect(session.key);
            return;
        }
        if sessions.known_ended(signed_in) {
            // The session ended while the token was checked.
            realtime.end_sessions(&[signed_in]);
            return;
        }
        conn.sid
    } else {
        // A repeated CONNECT keeps the socket it already has.
        session.connected().map_or(conn.sid, |c| c.sid)
    };
    session.send(frame(&Packet::new(
        Kind::Connect,
        None,
        Some(json!({ "sid": sid })),
    )));
}

fn event(
    state: &web::Data<Gateway>,
    session: &Arc<Session>,
    conn: Connected,
    packet: &Packet,
) -> Flow {
    let Ok((name, args)) = packet.event() else {
        return Flow::Close;
    };
    let ack = packet.ack_id;
    let first = args.first().cloned().unwrap_or(Value::Null);
    // A `join` or a `call` runs in the background: a client may have only so many running.
    let slot = match name {
        "join" | "call" => match session.begin_request(state.realtime.config.calls_in_flight) {
            Some(slot) => Some(slot),
            None => {
                if let Some(id) = ack {
                    session.send(ack_frame(id, error_reply(&too_many_calls())));
                }
                return Flow::Continue;
            }
        },
        _ => None,
    };
    match name {
        "join" => {
            let (state, session) = (state.clone(), session.clone());
            actix_web::rt::spawn(async move {
                let _slot = slot;
                if let Err(e) = join(&state, &session, &conn, first, ack).await {
                    if let Some(id) = ack {
                        session.send(ack_frame(id, error_reply(&e)));
                    }
                }
            });
        }
        "leave" => {
            let reply = match store_of(&first) {
                Ok(store) => {
                    state.realtime.hub.leave(store, session.key);
                    json!({ "data": { "storeId": store } })
                }
                Err(e) => error_reply(&e),
            };
            if let Some(id) = ack {
                session.send(ack_frame(id, reply));
            }
        }
        "presence" => presence(state, session, &first),
        "call" => {
            let name = first.as_str().map(str::to_owned);
            let payload = args.get(1).cloned().unwrap_or(Value::Null);
            let (state, session) = (state.clone(), session.clone());
            actix_web::rt::spawn(async move {
                let _slot = slot;
                let reply = match name {
                    Some(name) => call(&state, &session, &conn, &name, payload).await,
                    None => error_reply(&AppError::invalid(
                        "The first argument of call is the call name.",
                    )),
                };
                if let Some(id) = ack {
                    session.send(ack_frame(id, reply));
                }
            });
        }
        _ => {
            if let Some(id) = ack {
                let e =
                    AppError::not_found("unknown_event", format!("There is no event {name:?}."));
                session.send(ack_frame(id, error_reply(&e)));
            }
        }
    }
    Flow::Continue
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct JoinPayload {
    store_id: StoreId,
    #[serde(default)]
    since: Option<i64>,
}

fn store_of(payload: &Value) -> AppResult<StoreId> {
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct StoreOnly {
        store_id: StoreId,
    }
    serde_json::from_value::<StoreOnly>(payload.clone())
        .map(|s| s.store_id)
        .map_err(|e| AppError::invalid(format!("Invalid event payload: {e}")))
}

/// `join {storeId, since?}`: checks membership as the HTTP guard does, replays what the
/// socket missed since `since` (or tells it to resync), and puts it in the store's room.
#[tracing::instrument(name = "join", skip_all, fields(user = %conn.user))]
async fn join(
    state: &web::Data<Gateway>,
    session: &Arc<Session>,
    conn: &Connected,
    payload: Value,
    ack: Option<u64>,
) -> AppResult<()> {
    let JoinPayload { store_id, since } = serde_json::from_value(payload)
        .map_err(|e| AppError::invalid(format!("Invalid event payload: {e}")))?;
    let member = guard::member_of(
        state.calls.state(),
        conn.user,
        Some(store_id),
        Perms::NONE,
        messages::NOT_ENOUGH_PERMISSION,
        "join",
    )
    .await?;
    let manager = member.is_manager() || member.is_owner();
    let hub = &state.realtime.hub;
    if !hub.begin_join(
        store_id,
        session.key,
        member.employee.shown_name().to_string(),
        manager,
    ) {
        return Ok(());
    }
    let read = state
        .calls
        .state()
        .db
        .run(move |c| {
            let version = Store::version_of(c, store_id)?
                .ok_or_else(|| AppError::not_found("no_active_store", messages::NO_ACTIVE_STORE))?;
            let rows = match since {
                Some(s) if (0..=version).contains(&s) && version - s <= MAX_REPLAY => Some(
                    StoreEvent::after(c, store_id, s, Some(version), MAX_REPLAY)?,
                ),
                _ => None,
            };
            Ok((version, rows))
        })
        .await;
    let (version, rows) = match read {
        Ok(read) => read,
        Err(e) => {
            hub.leave(store_id, session.key);
            return Err(e);
        }
    };
    // A replay must be complete: a missing row (a pruned outbox) means resync too.
    let replay = match (since, rows) {
        (Some(s), Some(rows)) if rows.len() as i64 == version - s => Some(rows),
        (None, _) => Some(Vec::new()),
        _ => None,
    };
    let reply = match replay {
        Some(rows) => {
            for row in rows
                .iter()
                .filter(|r| r.audience().admits(conn.user, manager))
            {
                session.send(outbox::change_of(row).frame);
            }
            json!({ "data": { "version": version } })
        }
        None => json!({ "data": { "resync": true, "version": version } }),
    };
    let ack = ack.map(|id| ack_frame(id, reply));
    if hub.finish_join(store_id, session.key, version, ack) == JoinOutcome::Gone {
        tracing::debug!("socket left while joining");
    }
    Ok(())
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct PresencePayload {
    store_id: StoreId,
    #[serde(default)]
    viewing: bool,
    #[serde(default)]
    editing: Option<String>,
}

/// `presence {storeId, viewing, editing}`: volatile, so a bad one is dropped silently.
fn presence(state: &web::Data<Gateway>, session: &Arc<Session>, payload: &Value) {
    let Ok(p) = serde_json::from_value::<PresencePayload>(payload.clone()) else {
        return;
    };
    let editing = p.editing.filter(|e| !e.is_empty() && e.len() <= 64);
    state
        .realtime
        .hub
        .presence(p.store_id, session.key, p.viewing, editing);
}

/// `call (name, payload)`: runs the call as `POST /api/v1/<name>` would, with the socket's
/// token as the bearer (verified again, so an expired token or ended session stops working).
/// Each call over the socket gets its own request id, as an HTTP request does.
#[tracing::instrument(
    name = "socket_call",
    skip_all,
    fields(request_id = %uuid::Uuid::new_v4())
)]
async fn call(
    state: &web::Data<Gateway>,
    session: &Arc<Session>,
    conn: &Connected,
    name: &str,
    payload: Value,
) -> Value {
    let bearer = match state.calls.state().sessions.verify(&conn.token).await {
        Ok(bearer) => bearer,
        Err(e) => return error_reply(&e),
    };
    let calls = state.calls.clone();
    match calls
        .invoke(
            crate::calls::Transport::Socket,
            name,
            bearer,
            crate::calls::Origin {
                client: session.peer,
                language: None,
            },
            payload,
        )
        .await
    {
        // A file goes as JSON too: the socket's frames are JSON.
        Ok(reply) => reply.into_json().unwrap_or_else(|e| error_reply(&e)),
        Err(e) => error_reply(&e),
    }
}
