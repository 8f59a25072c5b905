//! The outgoing queue of one connection: encoded Engine.IO packets waiting for the transport,
//! bounded in bytes. A client that does not keep up is cut off (the queue closes) rather than
//! letting its backlog grow or slowing whoever broadcasts. What the hub fans out to a
//! WebSocket is written straight to its socket by the fanning thread when nothing is ahead
//! ([`crate::realtime::wire`]).

use crate::realtime::wire::{self, Wire};
use actix_web::web::BytesMut;
use bytestring::ByteString;
use futures_util::task::AtomicWaker;
use std::collections::VecDeque;
use std::pin::pin;
use std::sync::Mutex;
use std::task::Waker;
use tokio::sync::Notify;

/// One encoded Engine.IO packet (e.g. `42["change",{...}]`). Cloning shares the bytes, so a
/// broadcast is encoded once for every receiver.
pub type Frame = ByteString;

/// The bounded queue of a connection.
#[derive(Debug)]
pub struct Outbound {
    inner: Mutex<Queue>,
    /// Wakes the transport waiting for frames (or for the close).
    ready: Notify,
    /// Wakes tasks that wait only for the close.
    closed: Notify,
    /// Wakes the WebSocket's response body (`realtime::ws_body`), which the connection's
    /// own task polls: a frame pushed wakes that task alone.
    writer: AtomicWaker,
    limit: usize,
}

#[derive(Debug, Default)]
struct Queue {
    frames: VecDeque<Frame>,
    bytes: usize,
    closed: bool,
    /// Takes no more frames, and closes once the transport has taken those it holds.
    finishing: bool,
    /// The WebSocket's socket, once its body writes this queue.
    wire: Option<Wire>,
}

/// What a transport finds in the queue.
#[derive(Debug, PartialEq, Eq)]
pub enum Drained {
    Frames(Vec<Frame>),
    Closed,
}

impl Outbound {
    /// A queue holding at most `limit` bytes of frames.
    pub fn new(limit: usize) -> Outbound {
        Outbound {
            inner: Mutex::new(Queue::default()),
            ready: Notify::new(),
            closed: Notify::new(),
            writer: AtomicWaker::new(),
            limit,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        // A panic while holding this lock leaves the queue consistent: recover it.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Queues a frame and wakes the transport. Returns false when the queue is closed, or
    /// closes it (and returns false) when the frame would exceed the bound.
    ///
    /// A frame for one socket (an answer, a join's replay) is written by the connection's
    /// task: written directly, such frames left about 4 KiB per socket resident in W4
    /// (`bench/RESULTS.md`), for a gain only a fan-out to many sockets shows.
    pub fn push(&self, frame: Frame) -> bool {
        let queued = self.enqueue(frame);
        if queued {
            self.wake();
        }
        queued
    }

    /// Queues a frame without sending it, for a fan-out that sends ([`Outbound::send`]) once
    /// it has let go of its own locks. Returns false as [`Outbound::push`] does.
    pub fn enqueue(&self, frame: Frame) -> bool {
        let mut q = self.lock();
        if q.closed || q.finishing {
            return false;
        }
        if q.bytes + frame.len() > self.limit {
            drop(q);
            self.close();
            return false;
        }
        q.bytes += frame.len();
        q.frames.push_back(frame);
        true
    }

    /// Sends the queued frames: straight to a WebSocket's socket when nothing is ahead of
    /// them and it takes them all, otherwise by waking the transport.
    pub fn send(&self) {
        {
            let mut guard = self.lock();
            let q = &mut *guard;
            if q.frames.is_empty() {
                // Sent already, by another sender or the transport.
                return;
            }
            // A finishing queue is left to the transport, which closes it once empty.
            if !q.finishing {
                if let Some(wire) = q.wire.as_mut().filter(|w| w.is_clear()) {
                    q.bytes = wire.write(q.frames.iter().map(|f| &**f));
                    q.frames.clear();
                    if q.bytes == 0 {
                        return;
                    }
                }
            }
        }
        self.ready.notify_waiters();
        self.writer.wake();
    }

    /// Takes every queued frame; `Closed` once the queue is closed (even with frames left),
    /// or finishing with nothing left.
    pub fn drain(&self) -> Option<Drained> {
        let mut q = self.lock();
        if q.closed {
            return Some(Drained::Closed);
        }
        if q.frames.is_empty() {
            if q.finishing {
                drop(q);
                self.close();
                return Some(Drained::Closed);
            }
            return None;
        }
        q.bytes = 0;
        Some(Drained::Frames(q.frames.drain(..).collect()))
    }

    /// The WebSocket's body writes this queue from now on, through `wire` too.
    pub fn attach(&self, mut wire: Wire) {
        wire.produced();
        self.lock().wire = Some(wire);
    }

    /// The connection is gone or closing: nothing more is written to its socket directly.
    pub fn detach(&self) {
        let wire = self.lock().wire.take();
        // Its descriptor is closed here, outside the lock.
        drop(wire);
    }

    /// For the WebSocket's body: appends to `buf` what is to be written next, in order (what
    /// a direct write left over, the queued frames encoded, then what `then` adds), and holds
    /// direct writes back until the connection has written it. Takes nothing from a closed
    /// queue; a finishing one closes once empty, as [`Outbound::drain`] does.
    pub fn drain_into(&self, buf: &mut BytesMut, then: impl FnOnce(&mut BytesMut)) {
        let mut guard = self.lock();
        let q = &mut *guard;
        if !q.closed {
            if let Some(wire) = q.wire.as_mut() {
                buf.extend_from_slice(&wire.take_rest());
            }
            buf.reserve(q.frames.iter().map(|f| f.len() + 10).sum());
            for frame in q.frames.drain(..) {
                wire::encode(buf, &frame);
            }
            q.bytes = 0;
        }
        then(buf);
        if !buf.is_empty() {
            if let Some(wire) = q.wire.as_mut() {
                wire.produced();
            }
        }
        let finished = q.finishing && !q.closed;
        drop(guard);
        if finished {
            self.close();
        }
    }

    /// Waits until there are frames to take, the queue is closed, or [`Outbound::wake`] is
    /// called. May return early: callers look at what they wait for and wait again.
    pub async fn wait(&self) {
        let mut notified = pin!(self.ready.notified());
        // Registered before looking, so a push in between is not missed.
        notified.as_mut().enable();
        {
            let q = self.lock();
            if q.closed || !q.frames.is_empty() {
                return;
            }
        }
        notified.await;
    }

    /// Wakes whoever waits for frames without queuing any (to re-check other state).
    pub fn wake(&self) {
        self.ready.notify_waiters();
        self.writer.wake();
    }

    /// Has `waker` woken by the next push, wake or close (one writer at a time). Register
    /// before draining, so a push in between is not missed.
    pub fn register(&self, waker: &Waker) {
        self.writer.register(waker);
    }

    /// Closes the queue; later pushes are dropped.
    pub fn close(&self) {
        {
            let mut q = self.lock();
            if q.closed {
                return;
            }
            q.closed = true;
            q.frames.clear();
            q.bytes = 0;
        }
        self.ready.notify_waiters();
        self.closed.notify_waiters();
        self.writer.wake();
    }

    /// Closes the queue once the transport has taken the frames it holds (at once if none):
    /// what was queued, such as the answers to calls already committed, still goes out. Later
    /// pushes are dropped.
    pub fn finish(&self) {
        let empty = {
            let mut q = self.lock();
            q.finishing = true;
            q.frames.is_empty()
        };
        if empty {
            self.close();
        } else {
            self.wake();
        }
    }

    pub fn is_closed(&self) -> bool {
        self.lock().closed
    }

    /// Waits until the queue is closed.
    pub async fn closed(&self) {
        loop {
            let mut notified = pin!(self.closed.notified());
            notified.as_mut().enable();
            if self.is_closed() {
                return;
            }
            notified.await;
        }
    }

    /// Whether a WebSocket's body writes this queue through its socket.
    pub fn has_wire(&self) -> bool {
        self.lock().wire.is_some()
    }

    /// Bytes waiting to be sent.
    pub fn queued_bytes(&self) -> usize {
        self.lock().bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_come_out_in_order_and_free_their_bytes() {
        let out = Outbound::new(100);
        assert!(out.push("41".into()));
        assert!(out.push("42[\"a\"]".into()));
        assert_eq!(out.queued_bytes(), 9);
        assert_eq!(
            out.drain(),
            Some(Drained::Frames(vec!["41".into(), "42[\"a\"]".into()]))
        );
        assert_eq!(out.queued_bytes(), 0);
        assert_eq!(out.drain(), None);
    }

    #[test]
    fn a_full_queue_closes_instead_of_growing() {
        let out = Outbound::new(10);
        assert!(out.push("123456".into()));
        assert!(!out.push("123456".into()));
        assert!(out.is_closed());
        assert!(!out.push("1".into()));
        assert_eq!(out.drain(), Some(Drained::Closed));
    }

    #[test]
    fn a_finishing_queue_hands_out_what_it_holds_then_closes() {
        let out = Outbound::new(100);
        assert!(out.push("43[1]".into()));
        out.finish();
        assert!(!out.is_closed());
        assert!(
            !out.push("42[\"late\"]".into()),
            "nothing is taken after finish"
        );
        assert_eq!(out.drain(), Some(Drained::Frames(vec!["43[1]".into()])));
        assert_eq!(out.drain(), Some(Drained::Closed));
        assert!(out.is_closed());

        let empty = Outbound::new(100);
        empty.finish();
        assert!(empty.is_closed(), "an empty queue closes at once");
    }

    #[actix_web::test]
    async fn a_waiting_transport_wakes_on_push_and_on_close() {
        let out = std::sync::Arc::new(Outbound::new(100));
        let waiter = out.clone();
        let task = actix_web::rt::spawn(async move {
            waiter.wait().await;
            waiter.drain()
        });
        actix_web::rt::task::yield_now().await;
        out.push("2".into());
        let got = task.await.expect("task");
        assert_eq!(got, Some(Drained::Frames(vec!["2".into()])));

        let waiter = out.clone();
        let task = actix_web::rt::spawn(async move { waiter.closed().await });
        actix_web::rt::task::yield_now().await;
        out.close();
        task.await.expect("task");
    }
}
