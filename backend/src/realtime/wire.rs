//! A WebSocket's frames written straight to its TCP socket by the thread that produced them.
//!
//! Without this, a broadcast to 500 sockets queues the frame 500 times and wakes 500
//! connection tasks, which the HTTP workers then poll one by one to write it. With it, the
//! thread that fans the frame out writes it to every socket whose connection holds nothing
//! ahead of it, as a single-threaded server would, and wakes a connection's task only for
//! what its socket did not take (a client that reads slowly, a connection still writing).
//! Frames for one socket (answers, a join's replay) are still written by its task: the gain
//! is in the fan-out, and written directly they left memory resident (`Outbound::push`).
//!
//! Order is kept by writing directly only when nothing can be ahead of the frame: no bytes
//! left over from an earlier direct write, and nothing the response body produced still in
//! the HTTP dispatcher's buffer. The dispatcher counts each time it has written its buffer in
//! full ([`Flushes`]); bytes the body produced at count `n` are on the socket once the count
//! is past `n`. Every direct write and every production by the body happens under the
//! connection's queue lock ([`crate::realtime::outbound::Outbound`]), so they never interleave.
//!
//! The second descriptor of a socket is the price, and it is budgeted ([`Seconds`]): a
//! quarter of the open-files limit, past which a connection is written by its task alone.

use actix_http::h1::Flushes;
use actix_http::ws::{OpCode, Parser};
use actix_web::dev::Extensions;
use actix_web::web::{Bytes, BytesMut};
use std::any::Any;
use std::io::{ErrorKind, Write};
use std::net::TcpStream;
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// How many second descriptors the connections may hold: a quarter of the open-files limit,
/// so that keeping them never costs a connection (past it, a connection is written by its
/// task alone, as before).
#[derive(Debug)]
pub struct Seconds {
    kept: AtomicUsize,
    most: usize,
}

impl Seconds {
    /// The budget for a process allowed `open_files` descriptors.
    pub fn new(open_files: u64) -> Arc<Seconds> {
        Arc::new(Seconds {
            kept: AtomicUsize::new(0),
            most: usize::try_from(open_files / 4).unwrap_or(usize::MAX),
        })
    }

    /// The budget for this process's current limit.
    pub fn for_this_process() -> Arc<Seconds> {
        let (soft, _) = rlimit::Resource::NOFILE.get().unwrap_or((1024, 1024));
        Seconds::new(soft)
    }

    fn take(self: &Arc<Self>) -> Option<Kept> {
        self.kept
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < self.most).then_some(n + 1)
            })
            .ok()
            .map(|_| Kept(self.clone()))
    }
}

/// One second descriptor counted against [`Seconds`] while it is open.
#[derive(Debug)]
struct Kept(Arc<Seconds>);

impl Drop for Kept {
    fn drop(&mut self) {
        self.0.kept.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A connection's own socket: a second descriptor of it, kept in the connection's data.
#[derive(Clone, Debug)]
pub struct Socket(Arc<(TcpStream, Kept)>);

/// Keeps, for a TCP connection, a second descriptor of its socket and the dispatcher's count
/// of full writes (the server's `on_connect`), within the budget. A connection without one
/// (past the budget, or no descriptor left) is simply written by its task.
pub fn on_connect(budget: &Arc<Seconds>, conn: &dyn Any, data: &mut Extensions) {
    let Some(tcp) = conn.downcast_ref::<actix_web::rt::net::TcpStream>() else {
        return;
    };
    let Some(kept) = budget.take() else {
        return;
    };
    if let Ok(fd) = tcp.as_fd().try_clone_to_owned() {
        data.insert(Socket(Arc::new((TcpStream::from(fd), kept))));
        data.insert(Flushes::default());
    }
}

/// What a WebSocket's connection can be written through directly.
#[derive(Debug)]
pub struct Wire {
    socket: Socket,
    flushes: Flushes,
    /// The dispatcher's count when the body last produced bytes: they may still be in its
    /// buffer until the count has moved past it.
    produced_at: u64,
    /// Bytes a direct write left over, which the body hands to the dispatcher first.
    rest: Bytes,
}

impl Wire {
    /// The wire of the request's connection, if the server keeps one for it.
    pub fn of(req: &actix_web::HttpRequest) -> Option<Wire> {
        Some(Wire {
            socket: req.conn_data::<Socket>()?.clone(),
            flushes: req.conn_data::<Flushes>()?.clone(),
            produced_at: u64::MAX,
            rest: Bytes::new(),
        })
    }

    /// The body produced bytes (or is about to): nothing goes straight to the socket until
    /// the dispatcher has written them.
    pub fn produced(&mut self) {
        self.produced_at = self.flushes.count();
    }

    /// Whether a frame written now would be the next bytes on the socket.
    pub fn is_clear(&self) -> bool {
        self.rest.is_empty() && self.flushes.count() > self.produced_at
    }

    /// Takes what a direct write left over.
    pub fn take_rest(&mut self) -> Bytes {
        std::mem::take(&mut self.rest)
    }

    /// Writes the frames to the socket (only when [`Wire::is_clear`]). Returns how many bytes
    /// are left over for the connection's task to write; a socket error leaves them all to
    /// the task, which meets the error itself and ends the connection.
    pub fn write<'a>(&mut self, frames: impl IntoIterator<Item = &'a str>) -> usize {
        let mut buf = BytesMut::new();
        for frame in frames {
            encode(&mut buf, frame);
        }
        let mut written = 0;
        while written < buf.len() {
            match (&self.socket.0 .0).write(&buf[written..]) {
                Ok(0) => break,
                Ok(n) => written += n,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                // Full (the client reads slowly) or failed: the task takes over.
                Err(_) => break,
            }
        }
        // What is left keeps the buffer only while it waits: an emptied split would still
        // hold it, for as long as the socket stays idle.
        self.rest = if written < buf.len() {
            buf.split_off(written).freeze()
        } else {
            Bytes::new()
        };
        self.rest.len()
    }
}

/// Encodes an Engine.IO packet as one unmasked WebSocket text frame.
pub fn encode(buf: &mut BytesMut, packet: &str) {
    Parser::write_message(buf, packet, OpCode::Text, true, false);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::realtime::outbound::Outbound;
    use crate::realtime::ws_body::Frames;
    use actix_web::body::BoxBody;
    use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
    use std::io::{BufRead, BufReader, Read};
    use std::net::SocketAddr;
    use std::time::{Duration, Instant};

    /// A server of one worker, on threads of its own: `/ws` is a WebSocket whose body writes
    /// `out`, `/busy` holds the worker's thread for `busy`.
    fn serve(out: Arc<Outbound>, busy: Duration) -> SocketAddr {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        let addr = listener.local_addr().expect("address");
        std::thread::spawn(move || actix_web::rt::System::new().block_on(run(listener, out, busy)));
        addr
    }

    async fn run(listener: std::net::TcpListener, out: Arc<Outbound>, busy: Duration) {
        let budget = Seconds::new(1024);
        HttpServer::new(move || {
            let out = out.clone();
            App::new()
                .route(
                    "/ws",
                    web::get().to(move |req: HttpRequest| {
                        let out = out.clone();
                        async move {
                            let mut res = actix_http::ws::handshake(req.head()).expect("handshake");
                            let (frames, _) = Frames::new(out, false, Wire::of(&req));
                            HttpResponse::from(
                                res.message_body(BoxBody::new(frames)).expect("response"),
                            )
                        }
                    }),
                )
                .route(
                    "/busy",
                    web::get().to(move || async move {
                        std::thread::sleep(busy);
                        "done"
                    }),
                )
        })
        .on_connect(move |conn, data| on_connect(&budget, conn, data))
        .workers(1)
        .disable_signals()
        .listen(listener)
        .expect("listen")
        .run()
        .await
        .expect("server");
    }

    /// Connects a WebSocket and reads the handshake's answer.
    fn connect(addr: SocketAddr) -> BufReader<TcpStream> {
        let mut tcp = TcpStream::connect(addr).expect("connect");
        tcp.set_read_timeout(Some(Duration::from_secs(10)))
            .expect("timeout");
        tcp.write_all(
            b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
              Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        )
        .expect("request");
        let mut reader = BufReader::new(tcp);
        let mut line = String::new();
        reader.read_line(&mut line).expect("status");
        assert!(line.starts_with("HTTP/1.1 101"), "{line}");
        while line != "\r\n" {
            line.clear();
            reader.read_line(&mut line).expect("header");
        }
        reader
    }

    /// Reads one unmasked text frame's payload.
    fn read_frame(reader: &mut impl Read) -> std::io::Result<String> {
        let mut head = [0u8; 2];
        reader.read_exact(&mut head)?;
        assert_eq!(head[0], 0x81, "a final text frame");
        let len = match head[1] {
            126 => {
                let mut n = [0u8; 2];
                reader.read_exact(&mut n)?;
                u64::from(u16::from_be_bytes(n))
            }
            127 => {
                let mut n = [0u8; 8];
                reader.read_exact(&mut n)?;
                u64::from_be_bytes(n)
            }
            n => u64::from(n),
        };
        let mut payload = vec![0u8; usize::try_from(len).expect("length")];
        reader.read_exact(&mut payload)?;
        String::from_utf8(payload).map_err(|_| {
            std::io::Error::new(ErrorKind::InvalidData, "not text: frames interleaved")
        })
    }

    /// Waits until the server's body has taken over the queue (its first poll).
    fn attached(out: &Outbound) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !out.has_wire() {
            assert!(
                Instant::now() < deadline,
                "the body never attached its wire"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    #[test]
    fn second_descriptors_stay_within_their_budget() {
        let budget = Seconds::new(9);
        let kept: Vec<Kept> = std::iter::from_fn(|| budget.take()).take(10).collect();
        assert_eq!(kept.len(), 2, "a quarter of 9 descriptors");
        drop(kept);
        assert!(budget.take().is_some(), "a closed one is given back");
    }

    #[test]
    fn a_frame_reaches_its_socket_while_the_connections_worker_is_busy() {
        let out = Arc::new(Outbound::new(1 << 20));
        let busy = Duration::from_secs(3);
        let addr = serve(out.clone(), busy);
        let mut ws = connect(addr);
        attached(&out);
        assert!(out.enqueue("42[\"first\"]".into()));
        out.send();
        assert_eq!(read_frame(&mut ws).expect("first"), "42[\"first\"]");

        // The only worker sleeps in a handler: the WebSocket's connection task cannot run.
        let mut other = TcpStream::connect(addr).expect("connect");
        other
            .write_all(b"GET /busy HTTP/1.1\r\nHost: x\r\n\r\n")
            .expect("request");
        std::thread::sleep(Duration::from_millis(300));
        let sent = Instant::now();
        assert!(out.enqueue("42[\"while busy\"]".into()));
        out.send();
        assert_eq!(out.queued_bytes(), 0, "written, not queued");
        assert_eq!(read_frame(&mut ws).expect("second"), "42[\"while busy\"]");
        assert!(
            sent.elapsed() < busy / 2,
            "the frame waited for the worker: {:?}",
            sent.elapsed()
        );
        let mut answer = String::new();
        BufReader::new(other)
            .read_line(&mut answer)
            .expect("busy answer");
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    }

    #[test]
    fn frames_keep_their_order_when_the_socket_fills_and_the_task_takes_over() {
        // 20 MiB: more than the sockets' buffers on loopback hold.
        const FRAMES: usize = 20_000;
        let out = Arc::new(Outbound::new(64 << 20));
        let addr = serve(out.clone(), Duration::ZERO);
        let mut ws = connect(addr);
        attached(&out);
        // Frames of 1 KiB from another thread, faster than the client reads at first: the
        // socket's buffers fill, direct writes leave bytes over, and the connection's task
        // writes them while more frames come.
        let pusher = {
            let out = out.clone();
            std::thread::spawn(move || {
                let pad = "x".repeat(1_000);
                let mut left_over = false;
                for i in 0..FRAMES {
                    assert!(
                        out.enqueue(format!("42[{i},\"{pad}\"]").into()),
                        "frame {i}"
                    );
                    out.send();
                    left_over |= out.queued_bytes() > 0;
                    if i % 2_000 == 0 {
                        std::thread::sleep(Duration::from_millis(20));
                    }
                }
                left_over
            })
        };
        std::thread::sleep(Duration::from_millis(500));
        for i in 0..FRAMES {
            let frame = read_frame(&mut ws).expect("frame");
            let n: usize = frame[3..frame.find(',').expect("comma")]
                .parse()
                .expect("number");
            assert_eq!(n, i, "frames out of order or lost");
            if i % 5_000 == 0 {
                std::thread::sleep(Duration::from_millis(50));
            }
        }
        assert!(
            pusher.join().expect("pusher"),
            "the socket never filled: the task's part was not tried"
        );
        ws.get_ref()
            .set_read_timeout(Some(Duration::from_millis(200)))
            .expect("timeout");
        let mut more = [0u8; 1];
        assert!(ws.read(&mut more).is_err(), "nothing after the last frame");
    }
}
