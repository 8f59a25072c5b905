//! The response body of a WebSocket: the session's queue written as text frames straight
//! from the connection's own task.
//!
//! actix-ws hands every frame through a channel to its body, so a broadcast woke two tasks
//! per socket (the session's writer, then the connection) and crossed a channel. Here the
//! connection polls the queue itself: a pushed frame wakes that one task, which takes every
//! frame waiting and writes them in one go. actix-ws's own body stays inside, for the few
//! frames the session's task sends beside the queue (the probe's answer, pongs, the close
//! frame); it is polled only when told of one (polling its channel for every broadcast cost
//! a twentieth of the server's time), and its end is this body's end.

use crate::realtime::outbound::{Drained, Outbound};
use actix_http::ws::{OpCode, Parser};
use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::web::{Bytes, BytesMut};
use std::error::Error;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

/// The body of a WebSocket's response.
pub struct Frames {
    /// actix-ws's body: frames sent through its session.
    control: BoxBody,
    writer: Arc<Writer>,
}

/// What the session's task tells the body.
pub struct Writer {
    out: Arc<Outbound>,
    /// Whether the queue is this WebSocket's to write: not while an upgrade from polling is
    /// under way (the queue is still the polls').
    writing: AtomicBool,
    /// A frame was sent through actix-ws's session (or it closed) since the body last looked.
    sent: AtomicBool,
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

    /// Call after each frame sent through actix-ws's session, and after closing it.
    pub fn sent(&self) {
        self.sent.store(true, Ordering::Release);
        self.out.wake();
    }
}

impl Frames {
    /// The body writing `out` (at once, or from [`Writer::take_over`] on when `upgrading`)
    /// beside actix-ws's body `control`.
    pub fn new(control: BoxBody, out: Arc<Outbound>, upgrading: bool) -> (Frames, Arc<Writer>) {
        let writer = Arc::new(Writer {
            out,
            writing: AtomicBool::new(!upgrading),
            sent: AtomicBool::new(true),
        });
        (
            Frames {
                control,
                writer: writer.clone(),
            },
            writer,
        )
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
        let writer = &*this.writer;
        // Cleared before looking: a frame sent meanwhile sets it again and wakes this body.
        if writer.sent.swap(false, Ordering::AcqRel) {
            match Pin::new(&mut this.control).poll_next(cx) {
                Poll::Ready(Some(bytes)) => {
                    // There may be more (the close frame is followed by the end).
                    writer.sent.store(true, Ordering::Release);
                    return Poll::Ready(Some(bytes));
                }
                // The session closed the WebSocket (after its close frame): nothing follows.
                Poll::Ready(None) => return Poll::Ready(None),
                Poll::Pending => {}
            }
        }
        // Registered before looking, so a push or the upgrade's end in between is not missed.
        writer.out.register(cx.waker());
        if !writer.is_writing() {
            return Poll::Pending;
        }
        match writer.out.drain() {
            Some(Drained::Frames(frames)) => {
                let mut buf = BytesMut::with_capacity(frames.iter().map(|f| f.len() + 10).sum());
                for frame in frames {
                    Parser::write_message(&mut buf, frame.as_bytes(), OpCode::Text, true, false);
                }
                Poll::Ready(Some(Ok(buf.freeze())))
            }
            // The session's task sees the close too, and closes the WebSocket through
            // actix-ws's session, which ends `control`.
            Some(Drained::Closed) | None => Poll::Pending,
        }
    }
}
