//! Engine.IO v4 sessions over HTTP long-polling and WebSocket, with the upgrade from one to
//! the other and server-driven heartbeats. What the packets carry is the Socket.IO layer's
//! business ([`crate::realtime::socket`]).

use crate::realtime::eio::{self, PacketType};
use crate::realtime::outbound::{Drained, Frame, Outbound};
use crate::realtime::server::{Gateway, Realtime, RealtimeConfig};
use crate::realtime::session::{Flow, Session, Transport};
use crate::realtime::socket;
use crate::realtime::ws_body::{Frames, Writer};
use actix_web::http::header::{self, ContentType};
use actix_web::http::Method;
use actix_web::{web, HttpRequest, HttpResponse};
use actix_ws::AggregatedMessage;
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::json;
use std::net::IpAddr;
use std::pin::pin;
use std::sync::Arc;

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
    actix_web::rt::spawn(heartbeat(state.clone(), session.clone()));
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
        Some(sid) => {
            let Some(session) = rt.session(&sid) else {
                return refuse(1, "Session ID unknown");
            };
            let taken = {
                let st = session.lock();
                st.transport != Transport::Polling || st.upgrading
            };
            if taken {
                // The session already has its WebSocket (or one is upgrading): as the
                // reference server does, this one is accepted, then closed at once.
                return match actix_ws::handle(&req, body) {
                    Ok((response, ws, _stream)) => {
                        actix_web::rt::spawn(async move {
                            let _ = ws.close(None).await;
                        });
                        response
                    }
                    Err(e) => e.error_response(),
                };
            }
            Some(session)
        }
        None => None,
    };
    let (response, ws, stream) = match actix_ws::handle(&req, body) {
        Ok(parts) => parts,
        Err(e) => return e.error_response(),
    };
    let max = rt.config.max_payload;
    let stream = stream
        .max_frame_size(max)
        .aggregate_continuations()
        .max_continuation_size(max);
    let (session, upgrading) = match existing {
        Some(session) => (session, true),
        None => {
            let session = new_session(&rt, &state, Transport::WebSocket, peer(&req));
            session.send(open_packet(&session.sid, &rt.config, &[]));
            (session, false)
        }
    };
    // The session's queue is written by the response body itself (`ws_body`).
    let (head, control) = response.into_parts();
    let (frames, writer) = Frames::new(control, session.out.clone(), upgrading);
    let response = head.set_body(frames).map_into_boxed_body();
    actix_web::rt::spawn(run_websocket(rt, state, session, ws, stream, writer));
    response
}

/// Drives one WebSocket: reads packets, until the session's queue closes. The queue is written
/// by the response's body ([`Frames`]) once the `writer` has it: while upgrading, the queue
/// still belongs to polling; the WebSocket answers the probe and takes over on the client's
/// `upgrade` packet.
async fn run_websocket(
    rt: Arc<Realtime>,
    state: web::Data<Gateway>,
    session: Arc<Session>,
    mut ws: actix_ws::Session,
    mut stream: actix_ws::AggregatedMessageStream,
    writer: Arc<Writer>,
) {
    loop {
        tokio::select! {
            message = stream.recv() => {
                let text = match message {
                    Some(Ok(AggregatedMessage::Text(text))) => text,
                    Some(Ok(AggregatedMessage::Ping(bytes))) => {
                        let ponged = ws.pong(&bytes).await;
                        writer.sent();
                        if ponged.is_err() {
                            break;
                        }
                        continue;
                    }
                    Some(Ok(AggregatedMessage::Pong(_))) => continue,
                    // Binary frames and protocol errors (such as an oversized frame) end it.
                    Some(Ok(AggregatedMessage::Binary(_) | AggregatedMessage::Close(_)))
                    | Some(Err(_))
                    | None => break,
                };
                if writer.is_writing() {
                    if handle_packet(&state, &session, &text) == Flow::Close {
                        break;
                    }
                } else if &*text == "2probe" {
                    let answered = ws.text("3probe").await;
                    writer.sent();
                    if answered.is_err() {
                        break;
                    }
                    session.lock().upgrading = true;
                    session.out.wake();
                } else if &*text == "5" {
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
            _ = session.out.closed(), if writer.is_writing() => break,
        }
    }
    if writer.is_writing() {
        rt.terminate(&session);
    } else {
        // A failed upgrade: the session goes on polling.
        session.lock().upgrading = false;
        session.out.wake();
    }
    let _ = ws.close(None).await;
    writer.sent();
}

/// Pings the client every `ping_interval` and ends the session when a pong does not come
/// back within `ping_timeout`. Also the one place a closed session is always cleaned up.
async fn heartbeat(state: web::Data<Gateway>, session: Arc<Session>) {
    let rt = state.realtime.clone();
    let (interval, timeout) = (rt.config.ping_interval, rt.config.ping_timeout);
    loop {
        tokio::select! {
            _ = actix_web::rt::time::sleep(interval) => {}
            _ = session.out.closed() => break,
        }
        let mut pong = pin!(session.pong.notified());
        pong.as_mut().enable();
        session.lock().awaiting_pong = true;
        if !session.send(eio::encode(PacketType::Ping, "").into()) {
            break;
        }
        tokio::select! {
            _ = &mut pong => {}
            _ = actix_web::rt::time::sleep(timeout) => {}
            _ = session.out.closed() => break,
        }
        if session.lock().awaiting_pong {
            tracing::debug!(sid = %session.sid, "ping timeout");
            break;
        }
    }
    rt.terminate(&session);
}
