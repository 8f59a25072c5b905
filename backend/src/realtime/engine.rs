//! Engine.IO v4 sessions over HTTP long-polling and WebSocket, with the upgrade from one to
//! the other and server-driven heartbeats. What the packets carry is the Socket.IO layer's
//! business ([`crate::realtime::socket`]).

use crate::realtime::eio::{self, PacketType};
use crate::realtime::heartbeat::Heartbeat;
use crate::realtime::outbound::{Drained, Frame, Outbound};
use crate::realtime::server::{Gateway, Realtime, RealtimeConfig};
use crate::realtime::session::{Flow, Session, Transport};
use crate::realtime::socket;
use crate::realtime::wire::Wire;
use crate::realtime::ws_body::{Frames, Writer};
use crate::realtime::ws_read::{Incoming, Received};
use actix_http::ws;
use actix_web::body::BoxBody;
use actix_web::http::header::{self, ContentType};
use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::json;
use std::net::IpAddr;
use std::pin::pin;
use std::sync::Arc;
use tokio::time::{sleep_until, Instant};

/// The query of every Engine.IO request.
#[derive(Debug, Deserialize)]
pub struct EngineQuery {
    #[serde(rename = "EIO")]
    eio: Option<String>,
    transport: Option<String>,
    sid: Option<String>,
}

/// An Engine.IO error answer: `400 {"code", "message"}` as the reference server sends.
fn refuse(code: u8, message: &str) -> HttpResponse {
    HttpResponse::BadRequest().json(json!({ "code": code, "message": message }))
}

fn text(body: impl Into<String>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(ContentType::plaintext())
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body.into())
}

/// `GET|POST|PUT /socket.io/`: handshakes, long-polling and WebSocket connections. Only a
/// GET opens a session; a POST or PUT without a session is refused, as is a PUT with one.
pub async fn endpoint(
    req: HttpRequest,
    body: web::Payload,
    query: web::Query<EngineQuery>,
    state: web::Data<Gateway>,
) -> HttpResponse {
    let q = query.into_inner();
    if q.eio.as_deref() != Some("4") {
        return refuse(5, "Unsupported protocol version");
    }
    let rt = state.realtime.clone();
    if q.sid.is_none() && rt.readiness.is_draining() {
        // A new connection goes to another node; this one is leaving.
        return HttpResponse::ServiceUnavailable()
            .insert_header(("Retry-After", "1"))
            .finish();
    }
    let method = req.method().clone();
    let (is_get, is_post) = (method == Method::GET, method == Method::POST);
    match (q.transport.as_deref(), q.sid) {
        (Some("polling"), None) if is_get => handshake_polling(&rt, &state, &req),
        (Some("polling"), None) => refuse(2, "Bad handshake method"),
        (Some("polling"), Some(sid)) => {
            let Some(session) = rt.session(&sid) else {
                return refuse(1, "Session ID unknown");
            };
            if is_get {
                poll(&rt, &session).await
            } else if is_post {
                post(&rt, &state, &session, body).await
            } else {
                refuse(3, "Bad request")
            }
        }
        (Some("websocket"), sid) if is_get => websocket(rt, state, req, body, sid),
        _ => refuse(0, "Transport unknown"),
    }
}

fn open_packet(sid: &str, config: &RealtimeConfig, upgrades: &[&str]) -> Frame {
    let handshake = json!({
        "sid": sid,
        "upgrades": upgrades,
        "pingInterval": config.ping_interval.as_millis() as u64,
        "pingTimeout": config.ping_timeout.as_millis() as u64,
        "maxPayload": config.max_payload,
    });
    Frame::from(eio::encode(PacketType::Open, &handshake.to_string()))
}

fn new_session(
    rt: &Arc<Realtime>,
    state: &web::Data<Gateway>,
    transport: Transport,
    peer: Option<IpAddr>,
) -> Arc<Session> {
    let session = Arc::new(Session::new(
        socket::random_id(),
        rt.next_key(),
        Arc::new(Outbound::new(rt.config.queue_bytes)),
        peer,
        transport,
    ));
    rt.insert_session(session.clone());
    if transport == Transport::Polling {
        // A WebSocket's own task keeps its heartbeat (`run_websocket`).
        actix_web::rt::spawn(heartbeat(state.clone(), session.clone()));
    }
    session
}

fn handshake_polling(
    rt: &Arc<Realtime>,
    state: &web::Data<Gateway>,
    req: &HttpRequest,
) -> HttpResponse {
    let session = new_session(rt, state, Transport::Polling, peer(req));
    text(open_packet(&session.sid, &rt.config, &["websocket"]).to_string())
}

fn peer(req: &HttpRequest) -> Option<IpAddr> {
    req.peer_addr().map(|a| a.ip())
}

/// Clears the session's "a GET is waiting" mark however the request ends (including the
/// client going away mid-poll).
struct PollGuard<'a>(&'a Session);

impl Drop for PollGuard<'_> {
    fn drop(&mut self) {
        self.0.lock().polling = false;
    }
}

/// A long-polling GET: answers with every queued packet, waiting until there is one.
async fn poll(rt: &Arc<Realtime>, session: &Arc<Session>) -> HttpResponse {
    {
        let mut st = session.lock();
        if st.transport != Transport::Polling {
            return refuse(3, "Bad request");
        }
        if st.polling {
            // Two concurrent GETs break the protocol: the session ends.
            drop(st);
            rt.terminate(session);
            return refuse(3, "Bad request");
        }
        st.polling = true;
    }
    let _guard = PollGuard(session);
    loop {
        match session.out.drain() {
            Some(Drained::Frames(frames)) => return text(eio::join_payload(&frames)),
            Some(Drained::Closed) => {
                rt.terminate(session);
                // The client closed the session itself (a `close` packet posted while this
                // poll waited): the poll just ends, as the reference server ends it.
                let last = if session.lock().closed_by_client {
                    PacketType::Noop
                } else {
                    PacketType::Close
                };
                return text(eio::encode(last, ""));
            }
            None => {}
        }
        if session.lock().upgrading {
            // Releases the client's last poll so that it can complete the upgrade.
            return text(eio::encode(PacketType::Noop, ""));
        }
        session.out.wait().await;
    }
}

/// A long-polling POST: one or more packets from the client.
async fn post(
    rt: &Arc<Realtime>,
    state: &web::Data<Gateway>,
    session: &Arc<Session>,
    mut body: web::Payload,
) -> HttpResponse {
    if session.lock().transport != Transport::Polling {
        return refuse(3, "Bad request");
    }
    let limit = rt.config.max_payload;
    let mut bytes = web::BytesMut::new();
    while let Some(chunk) = body.next().await {
        let Ok(chunk) = chunk else {
            return refuse(3, "Bad request");
        };
        if bytes.len() + chunk.len() > limit {
            rt.terminate(session);
            return HttpResponse::PayloadTooLarge().finish();
        }
        bytes.extend_from_slice(&chunk);
    }
    let Ok(body) = std::str::from_utf8(&bytes) else {
        rt.terminate(session);
        return refuse(3, "Bad request");
    };
    for packet in eio::split_payload(body) {
        if handle_packet(state, session, packet) == Flow::Close {
            rt.terminate(session);
            break;
        }
    }
    text("ok")
}

/// Handles one Engine.IO packet from the client.
fn handle_packet(state: &web::Data<Gateway>, session: &Arc<Session>, frame: &str) -> Flow {
    let Ok(packet) = eio::decode(frame) else {
        return Flow::Close;
    };
    match packet.kind {
        PacketType::Pong => {
            session.pong_received();
            Flow::Continue
        }
        PacketType::Ping => {
            session.send(eio::encode(PacketType::Pong, packet.data).into());
            Flow::Continue
        }
        PacketType::Message => socket::on_message(state, session, packet.data),
        PacketType::Close => {
            session.lock().closed_by_client = true;
            Flow::Close
        }
        PacketType::Open | PacketType::Upgrade | PacketType::Noop => Flow::Continue,
    }
}

/// A WebSocket: a new session, or the upgrade of a polling one (`sid` given).
fn websocket(
    rt: Arc<Realtime>,
    state: web::Data<Gateway>,
    req: HttpRequest,
    body: web::Payload,
    sid: Option<String>,
) -> HttpResponse {
    let existing = match sid {
        Some(sid) => match rt.session(&sid) {
            Some(session) => Some(session),
            None => return refuse(1, "Session ID unknown"),
        },
        None => None,
    };
    let mut response = match ws::handshake(req.head()) {
        Ok(response) => response,
        // Not a WebSocket handshake (no upgrade headers, a bad key or version).
        Err(e) => return HttpResponse::BadRequest().body(e.to_string()),
    };
    let (session, upgrading) = match existing {
        Some(session) => {
            let taken = {
                let st = session.lock();
                st.transport != Transport::Polling || st.upgrading
            };
            if taken {
                // The session already has its WebSocket (or one is upgrading): as the
                // reference server does, this one is accepted, then closed at once.
                let (frames, writer) = Frames::new(Arc::new(Outbound::new(0)), true, None);
                writer.close();
                return with_body(&mut response, frames);
            }
            (session, true)
        }
        None => {
            let session = new_session(&rt, &state, Transport::WebSocket, peer(&req));
            session.send(open_packet(&session.sid, &rt.config, &[]));
            (session, false)
        }
    };
    // The session's queue is written by the response body itself (`ws_body`).
    let (frames, writer) = Frames::new(session.out.clone(), upgrading, Wire::of(&req));
    let incoming = Incoming::new(body, rt.config.max_payload);
    actix_web::rt::spawn(run_websocket(rt, state, session, incoming, writer));
    with_body(&mut response, frames)
}

/// The handshake's answer (101), its body writing the WebSocket's frames.
fn with_body(response: &mut actix_http::ResponseBuilder, frames: Frames) -> HttpResponse {
    match response.message_body(BoxBody::new(frames)) {
        Ok(response) => HttpResponse::from(response),
        Err(e) => actix_web::Error::from(e).error_response(),
    }
}

/// Drives one WebSocket: reads packets, until the session's queue closes. The queue is written
/// by the response's body ([`Frames`]) once the `writer` has it: while upgrading, the queue
/// still belongs to polling (whose heartbeat goes on); the WebSocket answers the probe and
/// takes over on the client's `upgrade` packet. A session that began on this WebSocket has
/// its heartbeat here.
async fn run_websocket(
    rt: Arc<Realtime>,
    state: web::Data<Gateway>,
    session: Arc<Session>,
    mut incoming: Incoming,
    writer: Arc<Writer>,
) {
    let upgrading = !writer.is_writing();
    let mut beat = (!upgrading).then(|| Heartbeat::new(&rt.config));
    // Without a heartbeat the timer's branch is disabled, so its deadline is never used.
    let sleep = sleep_until(beat.as_ref().map_or_else(Instant::now, Heartbeat::due));
    let mut sleep = pin!(sleep);
    loop {
        tokio::select! {
            received = incoming.recv() => {
                let text = match received {
                    Some(Received::Text(text)) => text,
                    Some(Received::Ping(payload)) => {
                        writer.pong(&payload);
                        continue;
                    }
                    None => break,
                };
                let Ok(text) = std::str::from_utf8(&text) else {
                    break;
                };
                if writer.is_writing() {
                    if handle_packet(&state, &session, text) == Flow::Close {
                        break;
                    }
                    if let Some(beat) = beat.as_mut() {
                        if beat.answered(&session) {
                            sleep.as_mut().reset(beat.due());
                        }
                    }
                } else if text == "2probe" {
                    writer.text("3probe");
                    session.lock().upgrading = true;
                    session.out.wake();
                } else if text == "5" {
                    {
                        let mut st = session.lock();
                        st.transport = Transport::WebSocket;
                        st.upgrading = false;
                    }
                    writer.take_over();
                } else {
                    break;
                }
            }
            () = &mut sleep, if beat.is_some() => {
                let Some(beat) = beat.as_mut() else { break };
                if beat.tick(&session) == Flow::Close {
                    break;
                }
                sleep.as_mut().reset(beat.due());
            }
            _ = session.out.closed(), if writer.is_writing() => break,
            () = writer.gone() => break,
        }
    }
    if writer.is_writing() {
        rt.terminate(&session);
    } else {
        // A failed upgrade: the session goes on polling.
        session.lock().upgrading = false;
        session.out.wake();
    }
    writer.close();
}

/// The heartbeat of a session that began with long-polling (its pongs come in other
/// requests); also the one place such a session is always cleaned up.
async fn heartbeat(state: web::Data<Gateway>, session: Arc<Session>) {
    let rt = state.realtime.clone();
    let mut beat = Heartbeat::new(&rt.config);
    loop {
        let mut pong = pin!(session.pong.notified());
        pong.as_mut().enable();
        // Enabled before looking, so a pong in between is not missed.
        beat.answered(&session);
        tokio::select! {
            () = sleep_until(beat.due()) => {
                if beat.tick(&session) == Flow::Close {
                    break;
                }
            }
            () = &mut pong => {}
            _ = session.out.closed() => break,
        }
    }
    rt.terminate(&session);
}
