//! The realtime server: Socket.IO v5 over Engine.IO v4 at `/socket.io/`, both transports
//! (long-polling and WebSocket, with upgrade), so the official `socket.io-client` connects
//! with its default options.
//!
//! - [`eio`] and [`sio`]: the packet codecs of the two protocols.
//! - [`engine`]: sessions, transports and their upgrade.
//! - [`heartbeat`]: the pings' schedule.
//! - [`socket`]: connecting with a token and the events of the contract.
//! - [`hub`]: sockets, rooms, ordered and filtered fan-out, presence, notifications.
//! - [`tasks`]: the hub's work for the delivery loop, in a queue that merges repeats.
//! - [`delivery`]: the path of committed changes from the outbox (local actor, Postgres
//!   `NOTIFY` on every node) to the rooms.
//! - [`alerts`]: new notifications for every socket of their reader, told between processes
//!   (the hub pushes them to its sockets).
//! - [`presence`]: who is looking at a store, told between processes (the hub keeps it per
//!   room and shows it).
//! - [`server`]: this process's realtime server and what its endpoints work with.
//! - [`session`]: one Engine.IO session and the Socket.IO connection on it.
//! - [`ws_body`] and [`ws_read`]: a WebSocket's two directions, the response body writing
//!   the session's queue and the frames read from the request.
//! - [`wire`]: a WebSocket's frames written straight to its socket by whoever sends them,
//!   when nothing is ahead of them.

pub mod alerts;
pub mod delivery;
pub mod eio;
pub mod engine;
pub mod heartbeat;
pub mod hub;
pub mod outbound;
pub mod outbox;
pub mod presence;
pub mod server;
pub mod session;
pub mod sio;
pub mod socket;
pub mod tasks;
pub mod wire;
pub mod ws_body;
pub mod ws_read;

pub use server::{Gateway, Realtime, RealtimeConfig};

use actix_web::web;

/// Mounts the realtime endpoint.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource(["/socket.io/", "/socket.io"])
            .route(web::get().to(engine::endpoint))
            .route(web::post().to(engine::endpoint))
            // Only to be refused as the protocol says (400), not with a 405.
            .route(web::put().to(engine::endpoint)),
    );
}
