//! The client's side of a WebSocket: frames decoded from the request's payload with
//! actix-http's codec, fragmented text put back together.

use actix_codec::Decoder;
use actix_http::ws::{Codec, Frame, Item};
use actix_web::web::{self, Bytes, BytesMut};
use futures_util::StreamExt;

/// What the client sent.
pub enum Received {
    /// A whole text message (not yet checked to be UTF-8).
    Text(Bytes),
    Ping(Bytes),
}

/// The frames of one WebSocket's request.
pub struct Incoming {
    payload: web::Payload,
    /// Bytes read but not yet decoded; empty (and unallocated) between messages.
    buf: BytesMut,
    codec: Codec,
    /// A text message arriving in fragments.
    partial: Option<BytesMut>,
    /// The largest message, whole or in fragments.
    max: usize,
}

impl Incoming {
    pub fn new(payload: web::Payload, max: usize) -> Incoming {
        Incoming {
            payload,
            buf: BytesMut::new(),
            codec: Codec::new().max_size(max),
            partial: None,
            max,
        }
    }

    /// The next message. `None` when the connection ended, the client closed the WebSocket,
    /// or it broke the protocol (a binary frame, a message over the size limit, a bad
    /// fragment): each of which ends the socket. Cancel-safe: what was read stays here.
    pub async fn recv(&mut self) -> Option<Received> {
        loop {
            match self.codec.decode(&mut self.buf) {
                Ok(Some(frame)) => {
                    if self.buf.is_empty() {
                        // Let go of the read buffer between messages.
                        self.buf = BytesMut::new();
                    }
                    if let Some(received) = self.take(frame)? {
                        return Some(received);
                    }
                }
                Ok(None) => match self.payload.next().await {
                    Some(Ok(bytes)) if self.buf.is_empty() => self.buf = BytesMut::from(bytes),
                    Some(Ok(bytes)) => self.buf.extend_from_slice(&bytes),
                    Some(Err(_)) | None => return None,
                },
                Err(_) => return None,
            }
        }
    }

    /// What a decoded frame adds: a message, nothing yet (a pong, a fragment), or the end.
    fn take(&mut self, frame: Frame) -> Option<Option<Received>> {
        match frame {
            Frame::Text(text) => Some(Some(Received::Text(text))),
            Frame::Ping(payload) => Some(Some(Received::Ping(payload))),
            Frame::Pong(_) => Some(None),
            Frame::Continuation(Item::FirstText(first)) => {
                self.partial = Some(BytesMut::from(first));
                Some(None)
            }
            Frame::Continuation(Item::Continue(more)) => {
                self.append(&more)?;
                Some(None)
            }
            Frame::Continuation(Item::Last(last)) => {
                self.append(&last)?;
                let whole = self.partial.take()?;
                Some(Some(Received::Text(whole.freeze())))
            }
            Frame::Binary(_) | Frame::Continuation(Item::FirstBinary(_)) | Frame::Close(_) => None,
        }
    }

    fn append(&mut self, more: &[u8]) -> Option<()> {
        let partial = self.partial.as_mut()?;
        if partial.len() + more.len() > self.max {
            return None;
        }
        partial.extend_from_slice(more);
        Some(())
    }
}
