//! Whether this node should be sent work: `GET /ready` answers 503 while the migrations run,
//! while its LISTEN connection is down (it would miss other nodes' changes) and while it
//! drains before exiting. `GET /health` (is the process alive, does the database answer) is
//! another question.

use std::sync::atomic::{AtomicBool, Ordering};

/// The node's readiness, shared by the migrations, the listener, the drain and `/ready`.
#[derive(Debug, Default)]
pub struct Readiness {
    migrated: AtomicBool,
    listening: AtomicBool,
    draining: AtomicBool,
}

/// Why the node is not ready.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotReady {
    Migrating,
    NotListening,
    Draining,
}

impl NotReady {
    /// The reason as `/ready` names it.
    pub fn as_str(self) -> &'static str {
        match self {
            NotReady::Migrating => "migrating",
            NotReady::NotListening => "not listening",
            NotReady::Draining => "draining",
        }
    }
}

impl Readiness {
    pub fn migrated(&self) {
        self.migrated.store(true, Ordering::SeqCst);
    }

    pub fn set_listening(&self, listening: bool) {
        self.listening.store(listening, Ordering::SeqCst);
    }

    pub fn drain(&self) {
        self.draining.store(true, Ordering::SeqCst);
    }

    /// The schema is current: the store's tables can be read and written.
    pub fn is_migrated(&self) -> bool {
        self.migrated.load(Ordering::SeqCst)
    }

    pub fn is_draining(&self) -> bool {
        self.draining.load(Ordering::SeqCst)
    }

    /// Ready, or the first reason it is not (a drain outranks the rest: it does not end).
    pub fn check(&self) -> Result<(), NotReady> {
        if self.is_draining() {
            Err(NotReady::Draining)
        } else if !self.migrated.load(Ordering::SeqCst) {
            Err(NotReady::Migrating)
        } else if !self.listening.load(Ordering::SeqCst) {
            Err(NotReady::NotListening)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ready_once_migrated_and_listening_until_drained() {
        let r = Readiness::default();
        assert_eq!(r.check(), Err(NotReady::Migrating));
        r.migrated();
        assert_eq!(r.check(), Err(NotReady::NotListening));
        r.set_listening(true);
        assert_eq!(r.check(), Ok(()));
        r.set_listening(false);
        assert_eq!(r.check(), Err(NotReady::NotListening));
        r.set_listening(true);
        r.drain();
        assert_eq!(r.check(), Err(NotReady::Draining));
    }
}
