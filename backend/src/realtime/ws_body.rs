//! The response body of a WebSocket: the session's queue written as text frames straight
//! from the connection's own task, through actix-http's frame codec.
//!
//! A frame pushed wakes the connection's task, which takes every frame waiting and writes
//! them in one buffer: no writer task and no channel per socket (actix-ws gave each socket a
//! channel of 32 messages and woke two tasks per frame). Once the body is polled, a frame
//! fanned out to many sockets while nothing is ahead of it goes straight to the socket
//! instead ([`crate::realtime::wire`]). The few frames the socket's task writes itself (the
//! probe's answer, pongs, the close frame) wait in [`Writer`]'s control buffer, which holds
//! nothing while idle.

use crate::realtime::outbound::Outbound;
use crate::realtime::wire::{self, Wire};
use actix_http::ws::{CloseCode, CloseReason, OpCode, Parser};
use actix_web::body::{BodySize, MessageBody};
use actix_web::web::{Bytes, BytesMut};
use std::error::Error;
use std::mem;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tokio::sync::Notify;

/// A control frame's payload is at most 125 bytes (RFC 6455, 5.5).
const MAX_CONTROL_PAYLOAD: usize = 125;

/// The body of a WebSocket's response.
pub struct Frames {
    writer: Arc<Writer>,
    /// The connection's socket, handed to the queue once this body writes it.
    wire: Option<Wire>,
    /// The close frame was written: the body ends.
    ended: bool,
}

/// What the socket's task and the body share.
pub struct Writer {
    out: Arc<Outbound>,
    /// Whether the queue is this WebSocket's to write: not while an upgrade from polling is
    /// under way (the queue is still the polls').
    writing: AtomicBool,
    /// Frames written by the socket's task, encoded, and whether the last is the close frame.
    control: Mutex<Control>,
    /// The body was dropped: the connection is gone.
    gone: Notify,
}

#[derive(Default)]
struct Control {
    bytes: BytesMut,
    closing: bool,
}

impl Writer {
    /// The queue is this WebSocket's from now on (the upgrade is complete).
    pub fn take_over(&self) {
        self.writing.store(true, Ordering::Release);
        self.out.wake();
    }

    pub fn is_writing(&self) -> bool {
        self.writing.load(Ordering::Acquire)
    }

    /// Writes a text frame ahead of the queue (the probe's answer, while upgrading).
    pub fn text(&self, text: &str) {
        self.control(|c| wire::encode(&mut c.bytes, text));
    }

    /// Answers a ping with its payload, cut to what a control frame may carry.
    pub fn pong(&self, payload: &[u8]) {
        let payload = &payload[..payload.len().min(MAX_CONTROL_PAYLOAD)];
        self.control(|c| Parser::write_message(&mut c.bytes, payload, OpCode::Pong, true, false));
    }

    /// Writes the close frame after what is queued; the body ends with it.
    pub fn close(&self) {
        self.control(|c| {
            if !c.closing {
                let reason = CloseReason::from(CloseCode::Normal);
                Parser::write_close(&mut c.bytes, Some(reason), false);
                c.closing = true;
            }
        });
    }

    /// Resolves once the connection is gone (its body dropped), whatever the socket's task
    /// was waiting for.
    pub async fn gone(&self) {
        self.gone.notified().await;
    }

    fn control(&self, write: impl FnOnce(&mut Control)) {
        write(&mut self.control.lock().unwrap_or_else(|p| p.into_inner()));
        self.out.wake();
    }
}

impl Frames {
    /// The body writing `out` (at once, or from [`Writer::take_over`] on when `upgrading`),
    /// and through `wire` when the connection has one.
    pub fn new(out: Arc<Outbound>, upgrading: bool, wire: Option<Wire>) -> (Frames, Arc<Writer>) {
        let writer = Arc::new(Writer {
            out,
            writing: AtomicBool::new(!upgrading),
            control: Mutex::default(),
            gone: Notify::new(),
        });
        let frames = Frames {
            writer: writer.clone(),
            wire,
            ended: false,
        };
        (frames, writer)
    }
}

impl Drop for Frames {
    fn drop(&mut self) {
        self.writer.out.detach();
        // A stored permit: the socket's task sees it even if it was not waiting yet.
        self.writer.gone.notify_one();
    }
}

impl MessageBody for Frames {
    type Error = Box<dyn Error>;

    fn size(&self) -> BodySize {
        BodySize::Stream
    }

    fn poll_next(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Bytes, Self::Error>>> {
        let this = &mut *self;
        if this.ended {
            return Poll::Ready(None);
        }
        let writer = &*this.writer;
        // Registered before looking, so a push or a control frame in between is not missed.
        writer.out.register(cx.waker());
        let mut buf = BytesMut::new();
        let mut ended = false;
        // After the queue's frames, so that the close frame is the last one written.
        let mut control = |buf: &mut BytesMut| {
            let mut control = writer.control.lock().unwrap_or_else(|p| p.into_inner());
            if buf.is_empty() {
                *buf = mem::take(&mut control.bytes);
            } else {
                buf.extend_from_slice(&control.bytes);
                control.bytes = BytesMut::new();
            }
            ended = control.closing;
        };
        if writer.is_writing() {
            // Polled, so the response's head is in the dispatcher's buffer ahead of anything
            // written to the socket directly from now on.
            if let Some(wire) = this.wire.take() {
                writer.out.attach(wire);
            }
            // A closed queue gives nothing: the socket's task sees it too, and writes the
            // close frame.
            writer.out.drain_into(&mut buf, control);
        } else {
            control(&mut buf);
        }
        this.ended = ended;
        if ended {
            writer.out.detach();
        }
        if !buf.is_empty() {
            Poll::Ready(Some(Ok(buf.freeze())))
        } else if this.ended {
            Poll::Ready(None)
        } else {
            Poll::Pending
        }
    }
}
