use std::sync::{
    atomic::{AtomicU64, Ordering},
    Arc,
};

/// Counts the times an HTTP/1 connection's dispatcher has written every byte it held.
///
/// Put into a connection's data by the server's `on_connect` callback, it is counted on by the
/// connection's dispatcher each time its write buffer has been handed to the I/O stream in
/// full. Code that also writes to the connection's socket by other means (for instance a
/// WebSocket's frames, written from the thread that produced them) can tell from it that
/// nothing the response body produced is still waiting in the dispatcher: every byte the
/// body had produced when the count read `n` is written once the count is past `n`.
#[derive(Debug, Clone, Default)]
pub struct Flushes(Arc<AtomicU64>);

impl Flushes {
    /// The number of times the write buffer was written in full so far.
    pub fn count(&self) -> u64 {
        self.0.load(Ordering::Acquire)
    }

    pub(crate) fn add(&self) {
        self.0.fetch_add(1, Ordering::Release);
    }
}
