//! The work the hub hands to the delivery loop ([`crate::realtime::delivery`]), and the queue
//! it waits in.
//!
//! Clients cause this work (a join opens a room, a presence change is announced), so the
//! queue must not grow with what they send. Every task is idempotent: a catch-up reads the
//! outbox after whatever was delivered when it runs, a refresh re-reads the memberships of
//! that moment, an announcement says who is present when it goes out. So a task already
//! waiting absorbs any equal one: the queue holds each task at most once, which bounds it by
//! the rooms of this process (at most one task of each kind per store), and a busy moment
//! never loses the need for one. The alerts of new notifications
//! ([`crate::realtime::alerts`]) wait in bounded lists in the hub; their tasks only say
//! where to look.

use crate::domain::ids::StoreId;
use std::collections::{HashSet, VecDeque};
use std::sync::{Mutex, MutexGuard};
use tokio::sync::Notify;

/// Work for the delivery loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Task {
    /// Read the store's outbox after the last delivered version and deliver it.
    CatchUp(StoreId),
    /// Catch up every store with sockets here (after the listen connection came back).
    CatchUpAll,
    /// Re-read the membership of the store's sockets (an employee record changed).
    Refresh(StoreId),
    /// A catch-up of the store finished.
    Finished(StoreId),
    /// Tell the other processes who is present in the store through this one.
    Announce(StoreId),
    /// Ask the other processes who is present in the store through them.
    Ask(StoreId),
    /// Tell the other processes about the new notifications committed here.
    SendAlerts,
    /// Read the notifications of the store the other processes told of, for the readers'
    /// sockets here.
    FetchAlerts(StoreId),
}

/// The hub's work queue: first in, first out, each task at most once.
#[derive(Debug, Default)]
pub struct TaskQueue {
    inner: Mutex<Queue>,
    ready: Notify,
}

#[derive(Debug, Default)]
struct Queue {
    order: VecDeque<Task>,
    waiting: HashSet<Task>,
}

impl TaskQueue {
    pub fn new() -> TaskQueue {
        TaskQueue::default()
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        // Every change below leaves the queue consistent: recover from a poisoned lock.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Queues a task, unless the same one is already waiting. Never blocks.
    pub fn push(&self, task: Task) {
        {
            let mut q = self.lock();
            if !q.waiting.insert(task) {
                return;
            }
            q.order.push_back(task);
        }
        // Stores a permit when the loop is busy, so it looks again before waiting.
        self.ready.notify_one();
    }

    /// Takes the oldest task, if any.
    pub fn try_pop(&self) -> Option<Task> {
        let mut q = self.lock();
        let task = q.order.pop_front()?;
        q.waiting.remove(&task);
        Some(task)
    }

    /// Waits for the next task (for the one delivery loop).
    pub async fn pop(&self) -> Task {
        loop {
            if let Some(task) = self.try_pop() {
                return task;
            }
            self.ready.notified().await;
        }
    }

    /// Tasks waiting.
    pub fn len(&self) -> usize {
        self.lock().order.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_task_already_waiting_absorbs_its_repeats_and_order_is_kept() {
        let q = TaskQueue::new();
        let (a, b) = (StoreId::new(), StoreId::new());
        for _ in 0..10_000 {
            q.push(Task::CatchUp(a));
            q.push(Task::Announce(b));
            q.push(Task::CatchUp(b));
        }
        q.push(Task::Refresh(a));
        assert_eq!(q.len(), 4, "one of each, however many were asked for");
        assert_eq!(q.try_pop(), Some(Task::CatchUp(a)));
        // Taken, it may be asked for again: the need arose after the run began.
        q.push(Task::CatchUp(a));
        assert_eq!(q.try_pop(), Some(Task::Announce(b)));
        assert_eq!(q.try_pop(), Some(Task::CatchUp(b)));
        assert_eq!(q.try_pop(), Some(Task::Refresh(a)));
        assert_eq!(q.try_pop(), Some(Task::CatchUp(a)));
        assert_eq!(q.try_pop(), None);
        assert!(q.is_empty());
    }

    #[test]
    fn the_queue_is_bounded_by_the_stores_not_by_the_requests() {
        let q = TaskQueue::new();
        let stores: Vec<StoreId> = (0..50).map(|_| StoreId::new()).collect();
        for round in 0..200 {
            for s in &stores {
                q.push(Task::CatchUp(*s));
                q.push(Task::Refresh(*s));
                q.push(Task::Announce(*s));
                q.push(Task::Ask(*s));
                if round % 7 == 0 {
                    q.push(Task::Finished(*s));
                }
            }
            q.push(Task::CatchUpAll);
            q.push(Task::SendAlerts);
        }
        assert_eq!(q.len(), 50 * 5 + 2);
    }

    #[actix_web::test]
    async fn the_loop_wakes_for_a_task_pushed_while_it_waits_or_works() {
        let q = Arc::new(TaskQueue::new());
        let store = StoreId::new();
        let waiter = q.clone();
        let task = actix_web::rt::spawn(async move { waiter.pop().await });
        actix_web::rt::task::yield_now().await;
        q.push(Task::Ask(store));
        assert_eq!(task.await.expect("task"), Task::Ask(store));
        // Pushed while nobody waits: the next wait returns at once.
        q.push(Task::Announce(store));
        assert_eq!(q.pop().await, Task::Announce(store));
    }
}
