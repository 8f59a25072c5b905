//! The store's door: who may act in the store, as its actor last set it out, read by callers
//! on their own threads. Every store call asks who its caller is before it runs; answered by
//! the actor, that question cost two thread hand-offs per call (to the actor's thread and
//! back) and waited behind whatever the actor was planning. The actor sets out a copy of the
//! store and its current employees whenever either changes in its working set, which is when
//! it would have answered differently.

use crate::db::models::employee::Employee;
use crate::db::models::store::Store;
use crate::domain::ids::UserId;
use crate::domain::membership::Refusal;
use crate::store::members::{member_among, Member};
use crate::store::state::StoreState;
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::{Arc, RwLock};

/// What the actor sets out, and what it learns back from the callers it answered.
#[derive(Default)]
pub struct Door {
    /// `None` while the working set is (re)loading: callers then ask the actor, and wait.
    directory: RwLock<Option<Arc<Directory>>>,
    /// The store's last committed version, which a member's `store.version` reports: never
    /// ahead of what the database holds (the working set's may count a batch in flight).
    committed: AtomicI64,
    /// A caller was answered here since the actor last looked: the store is in use, and its
    /// actor should not stop for idleness.
    asked: AtomicBool,
}

/// The store and its current employees, as of one state of the working set.
struct Directory {
    store: Store,
    employees: Vec<Employee>,
}

impl Door {
    /// Who `user` is in the store, if the door is open.
    pub fn member(&self, user: UserId) -> Option<Result<Member, Refusal>> {
        let directory = self
            .directory
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .clone()?;
        self.asked.store(true, Ordering::Relaxed);
        let mut answer = member_among(&directory.store, &directory.employees, user);
        if let Ok(member) = &mut answer {
            member.store.version = self.committed.load(Ordering::Acquire);
        }
        Some(answer)
    }

    /// Sets out the working set's store and current employees.
    pub(super) fn open(&self, state: &StoreState) {
        let directory = Directory {
            store: state.store.clone(),
            employees: state.current_employees().cloned().collect(),
        };
        *self.directory.write().unwrap_or_else(|p| p.into_inner()) = Some(Arc::new(directory));
    }

    /// Callers ask the actor until the door opens again.
    pub(super) fn close(&self) {
        *self.directory.write().unwrap_or_else(|p| p.into_inner()) = None;
    }

    /// The store is committed up to `version`.
    pub(super) fn committed(&self, version: i64) {
        self.committed.fetch_max(version, Ordering::Release);
    }

    /// Whether a caller was answered here since the last time this was asked.
    pub(super) fn take_asked(&self) -> bool {
        self.asked.swap(false, Ordering::Relaxed)
    }
}
