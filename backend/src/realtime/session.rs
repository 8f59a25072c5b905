//! One Engine.IO session and the Socket.IO connection on it: what the transports
//! ([`crate::realtime::engine`]) and the events ([`crate::realtime::socket`]) share.

use crate::domain::ids::{SessionId, UserId};
use crate::realtime::outbound::{Frame, Outbound};
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::Notify;

/// A socket connected to the main namespace.
#[derive(Debug, Clone)]
pub struct Connected {
    /// The Socket.IO socket id.
    pub sid: String,
    pub user: UserId,
    /// The sign-in session of the token: when it ends, the socket is disconnected.
    pub session: SessionId,
    /// The session token, sent as the bearer of every `call`.
    pub token: Arc<str>,
}

/// The transport a session currently sends over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    Polling,
    WebSocket,
}

/// One Engine.IO session (one client connection, whatever its transport).
pub struct Session {
    /// The Engine.IO session id.
    pub sid: String,
    /// Key of the session's socket in the hub.
    pub key: u64,
    /// Packets waiting for the transport.
    pub out: Arc<Outbound>,
    /// The client's network address.
    pub peer: Option<IpAddr>,
    pub(crate) pong: Notify,
    /// `call`s and `join`s running for the client.
    in_flight: AtomicUsize,
    state: Mutex<SessionState>,
}

/// One running `call` or `join` of a session, counted until it is dropped (however the
/// request ends).
pub struct InFlight(Arc<Session>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::AcqRel);
    }
}

/// What changes during a session's life, behind its lock.
#[derive(Debug)]
pub(crate) struct SessionState {
    pub(crate) transport: Transport,
    /// A WebSocket has answered the probe; polling must let go.
    pub(crate) upgrading: bool,
    /// A long-polling GET is waiting.
    pub(crate) polling: bool,
    pub(crate) awaiting_pong: bool,
    /// The client sent a `close` packet: a waiting poll ends with a `noop`, not a `close`.
    pub(crate) closed_by_client: bool,
    /// The Socket.IO connection on the main namespace, once connected.
    socket: Option<Connected>,
}

impl Session {
    pub fn new(
        sid: String,
        key: u64,
        out: Arc<Outbound>,
        peer: Option<IpAddr>,
        transport: Transport,
    ) -> Session {
        Session {
            sid,
            key,
            out,
            peer,
            pong: Notify::new(),
            in_flight: AtomicUsize::new(0),
            state: Mutex::new(SessionState {
                transport,
                upgrading: false,
                polling: false,
                awaiting_pong: false,
                closed_by_client: false,
                socket: None,
            }),
        }
    }

    pub(crate) fn lock(&self) -> MutexGuard<'_, SessionState> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The Socket.IO connection, if the client has connected.
    pub fn connected(&self) -> Option<Connected> {
        self.lock().socket.clone()
    }

    /// Records the Socket.IO connection; false if there already is one.
    pub fn set_connected(&self, conn: Connected) -> bool {
        let mut st = self.lock();
        if st.socket.is_some() {
            return false;
        }
        st.socket = Some(conn);
        true
    }

    /// Forgets the Socket.IO connection (the client disconnected from the namespace).
    pub fn clear_connected(&self) {
        self.lock().socket = None;
    }

    /// Queues an Engine.IO packet.
    pub fn send(&self, frame: Frame) -> bool {
        self.out.push(frame)
    }

    /// Counts a new request of the client, unless `limit` are already running.
    pub fn begin_request(self: &Arc<Self>, limit: usize) -> Option<InFlight> {
        self.in_flight
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < limit).then_some(n + 1)
            })
            .ok()
            .map(|_| InFlight(self.clone()))
    }

    /// The client's `call`s and `join`s running now (until their answer is queued).
    pub fn requests_running(&self) -> usize {
        self.in_flight.load(Ordering::Acquire)
    }

    pub(crate) fn pong_received(&self) {
        self.lock().awaiting_pong = false;
        self.pong.notify_waiters();
    }
}

/// What the caller of a packet handler does next.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Close,
}
