//! The realtime server of this process: its sessions, its hub, and the gateway its
//! endpoints work with.

use crate::calls::Calls;
use crate::config::Settings;
use crate::domain::ids::SessionId;
use crate::realtime::hub::Hub;
use crate::realtime::outbound::Frame;
use crate::realtime::session::Session;
use crate::realtime::sio::{Kind, Packet};
use crate::realtime::tasks::TaskQueue;
use crate::store::actor::Publish;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long the socket of an ended session has to read its DISCONNECT before its connection
/// is closed.
pub const END_GRACE: Duration = Duration::from_secs(1);

/// What the realtime endpoints work with: this node's realtime server, and the calls its
/// sockets run (and are guarded by).
pub struct Gateway {
    pub realtime: Arc<Realtime>,
    pub calls: Calls,
}

impl Gateway {
    pub fn new(realtime: Arc<Realtime>, calls: Calls) -> Gateway {
        Gateway { realtime, calls }
    }
}

/// Settings of the realtime server.
#[derive(Debug, Clone)]
pub struct RealtimeConfig {
    /// How often the server pings each client.
    pub ping_interval: Duration,
    /// How long a pong may take before the client is dropped.
    pub ping_timeout: Duration,
    /// Largest accepted frame or long-polling body, in bytes.
    pub max_payload: usize,
    /// Largest backlog of one client, in bytes, before it is disconnected.
    pub queue_bytes: usize,
    /// Most `call`s and `join`s one client may have running at once.
    pub calls_in_flight: usize,
}

impl RealtimeConfig {
    pub fn from_settings(s: &Settings) -> RealtimeConfig {
        RealtimeConfig {
            ping_interval: s.socket_ping_interval,
            ping_timeout: s.socket_ping_timeout,
            max_payload: s.socket_max_payload,
            queue_bytes: s.socket_queue_bytes,
            calls_in_flight: s.socket_calls_in_flight,
        }
    }
}

/// The realtime server of this process.
pub struct Realtime {
    pub config: RealtimeConfig,
    pub hub: Hub,
    sessions: Mutex<HashMap<String, Arc<Session>>>,
    next_key: AtomicU64,
    tasks: Arc<TaskQueue>,
    /// Whether the delivery loop has taken the task queue.
    tasks_taken: AtomicBool,
    /// This process among the others, in presence announcements.
    pub node: uuid::Uuid,
    presence_seq: AtomicU64,
    /// Whether this node should be sent work; the listener keeps its part of it.
    pub readiness: Arc<crate::readiness::Readiness>,
}

impl Realtime {
    pub fn new(config: RealtimeConfig) -> Arc<Realtime> {
        let tasks = Arc::new(TaskQueue::new());
        Arc::new(Realtime {
            config,
            hub: Hub::new(tasks.clone()),
            sessions: Mutex::new(HashMap::new()),
            next_key: AtomicU64::new(1),
            tasks,
            tasks_taken: AtomicBool::new(false),
            node: uuid::Uuid::new_v4(),
            presence_seq: AtomicU64::new(1),
            readiness: Arc::default(),
        })
    }

    /// Numbers this process's presence announcements in order.
    pub fn next_presence_seq(&self) -> u64 {
        self.presence_seq.fetch_add(1, Ordering::Relaxed)
    }

    /// The callback the store actors hand their committed events to.
    pub fn publisher(self: &Arc<Self>) -> Publish {
        let rt = self.clone();
        Arc::new(move |events| rt.hub.publish(events))
    }

    fn lock_sessions(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Session>>> {
        self.sessions.lock().unwrap_or_else(|p| p.into_inner())
    }

    pub(crate) fn next_key(&self) -> u64 {
        self.next_key.fetch_add(1, Ordering::Relaxed)
    }

    pub(crate) fn session(&self, sid: &str) -> Option<Arc<Session>> {
        self.lock_sessions().get(sid).cloned()
    }

    /// Engine.IO sessions open (connected sockets and sessions still handshaking or polling).
    pub fn session_count(&self) -> usize {
        self.lock_sessions().len()
    }

    pub(crate) fn insert_session(&self, session: Arc<Session>) {
        self.lock_sessions().insert(session.sid.clone(), session);
    }

    /// Ends a session: closes its queue and takes its socket out of every room. Idempotent.
    pub(crate) fn terminate(&self, session: &Session) {
        session.out.close();
        if self.lock_sessions().remove(&session.sid).is_some() {
            self.hub.disconnect(session.key);
        }
    }

    /// The `call`s and `join`s of every socket that have not queued their answer yet.
    pub fn requests_running(&self) -> usize {
        self.lock_sessions()
            .values()
            .map(|s| s.requests_running())
            .sum()
    }

    /// Closes every connection of a draining node without a Socket.IO DISCONNECT, so each
    /// client reconnects by itself (through the load balancer, to another node) and rejoins
    /// its store with `since`, missing nothing. Each connection first sends what is queued for
    /// it: among it may be the answer to a call already committed, which a client that never
    /// got it would send again (a message posted twice).
    pub fn hand_over(&self) -> usize {
        let sessions: Vec<Arc<Session>> = self.lock_sessions().values().cloned().collect();
        for session in &sessions {
            session.out.finish();
        }
        sessions.len()
    }

    /// Disconnects the sockets of ended sign-in sessions: each is told (a Socket.IO
    /// DISCONNECT, so the client does not reconnect by itself), leaves every room at once, and
    /// its connection is closed after [`END_GRACE`], by which time the client has normally
    /// closed it. Must run inside the actix system.
    pub fn end_sessions(self: &Arc<Self>, ended: &[SessionId]) {
        let sessions: Vec<Arc<Session>> = self
            .lock_sessions()
            .values()
            .filter(|s| s.connected().is_some_and(|c| ended.contains(&c.session)))
            .cloned()
            .collect();
        for session in sessions {
            tracing::debug!(sid = %session.sid, "closing the socket of an ended session");
            session.clear_connected();
            self.hub.disconnect(session.key);
            session.send(Frame::from(format!(
                "4{}",
                Packet::new(Kind::Disconnect, None, None).encode()
            )));
            let rt = self.clone();
            actix_web::rt::spawn(async move {
                actix_web::rt::time::sleep(END_GRACE).await;
                rt.terminate(&session);
            });
        }
    }

    /// The hub's work queue, for the one delivery loop: `None` once it was taken.
    pub(crate) fn take_tasks(&self) -> Option<Arc<TaskQueue>> {
        (!self.tasks_taken.swap(true, Ordering::SeqCst)).then(|| self.tasks.clone())
    }
}
