//! Engine.IO's heartbeat: the server pings every `pingInterval` and drops a client whose
//! pong does not come within `pingTimeout`; the next ping is due an interval after the pong.
//!
//! The schedule is a value, driven by whichever task owns the session: a WebSocket's own task
//! (which also reads the pongs, so no task or timer is added per socket), or, for a session
//! that began with long-polling, a task of its own.

use crate::realtime::eio::{self, PacketType};
use crate::realtime::server::RealtimeConfig;
use crate::realtime::session::{Flow, Session};
use std::time::Duration;
use tokio::time::Instant;

pub struct Heartbeat {
    interval: Duration,
    timeout: Duration,
    due: Instant,
    /// A ping was sent and its pong not yet seen.
    waiting: bool,
}

impl Heartbeat {
    pub fn new(config: &RealtimeConfig) -> Heartbeat {
        Heartbeat {
            interval: config.ping_interval,
            timeout: config.ping_timeout,
            due: Instant::now() + config.ping_interval,
            waiting: false,
        }
    }

    /// When [`Heartbeat::tick`] is next to run.
    pub fn due(&self) -> Instant {
        self.due
    }

    /// At [`Heartbeat::due`]: sends the ping, or ends the session when its pong is overdue.
    pub fn tick(&mut self, session: &Session) -> Flow {
        if self.waiting {
            if self.answered(session) {
                // Answered since last looked at: `answered` scheduled the next ping.
                return Flow::Continue;
            }
            tracing::debug!(sid = %session.sid, "ping timeout");
            return Flow::Close;
        }
        session.lock().awaiting_pong = true;
        if !session.send(eio::encode(PacketType::Ping, "").into()) {
            return Flow::Close;
        }
        self.waiting = true;
        self.due = Instant::now() + self.timeout;
        Flow::Continue
    }

    /// Whether the ping sent is answered (true too when none is waiting); the first time it
    /// is, the next ping is scheduled an interval from now. Cheap while no ping waits.
    pub fn answered(&mut self, session: &Session) -> bool {
        if self.waiting && !session.lock().awaiting_pong {
            self.waiting = false;
            self.due = Instant::now() + self.interval;
        }
        !self.waiting
    }
}
