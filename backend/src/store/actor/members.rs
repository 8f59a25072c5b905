//! The actor as the store's door: who is a member and with which permissions, answered from
//! its working set (no query per call), and kept current when another node changes a
//! membership: that node's commit is announced here, and the actor re-reads the membership
//! when the outbox says a change touched it.

use crate::db::models::store::Store;
use crate::db::models::store_event::StoreEvent;
use crate::domain::membership;
use crate::error::AppError;
use crate::store::actor::questions::{Heard, Lookup, Standings, Waiting};
use crate::store::actor::store_actor::StoreActor;
use crate::store::state::Roster;
use actix::prelude::*;
use std::time::Instant;

impl StoreActor {
    /// Lookups wait only for a working set to exist: a re-read in flight takes milliseconds,
    /// and holding callers behind a slow database would stall the store's every call.
    fn must_wait(&self) -> bool {
        self.state.is_none()
    }

    fn answer(&self, question: Waiting) {
        let Some(state) = self.state.as_ref() else {
            return;
        };
        match question {
            Waiting::Lookup(q) => {
                // The door is open whenever the working set is loaded, and answers at the
                // committed version (planning may be ahead of it).
                let answer = self
                    .door
                    .member(q.user)
                    .unwrap_or_else(|| state.member(q.user));
                let _ = q.reply.send(Ok(answer));
            }
            Waiting::Standings(q) => {
                let standing = q
                    .users
                    .iter()
                    .map(|u| (*u, state.standing(*u).ok().map(|(_, p)| p.is_manager())))
                    .collect();
                let _ = q.reply.send(Ok(standing));
            }
        }
    }

    /// Answers the questions that waited for the working set or a re-read: every lookup,
    /// and the standings the membership is now known far enough for (all of them when no
    /// further re-read is coming).
    pub(crate) fn answer_lookups(&mut self, more_coming: bool) {
        let Some(known) = self.state.as_ref().map(|s| s.members_at) else {
            return;
        };
        for question in std::mem::take(&mut self.lookups) {
            match &question {
                Waiting::Standings(q) if more_coming && q.at_least > known => {
                    self.lookups.push(question);
                }
                _ => self.answer(question),
            }
        }
    }

    pub(crate) fn fail_lookups(&mut self, e: &AppError) {
        for question in self.lookups.drain(..) {
            match question {
                Waiting::Lookup(q) => {
                    let _ = q.reply.send(Err(e.duplicate()));
                }
                Waiting::Standings(q) => {
                    let _ = q.reply.send(Err(e.duplicate()));
                }
            }
        }
    }

    /// Re-reads the membership if the outbox shows a change of it since the version it is
    /// known at. One re-read runs at a time; asked again meanwhile, it runs once more after.
    pub(crate) fn refresh_members(&mut self, ctx: &mut Context<Self>) {
        if let Some(again) = self.refreshing.as_mut() {
            *again = true;
            return;
        }
        let Some(from) = self.state.as_ref().map(|s| s.members_at) else {
            // Loading: what it loads is current.
            return;
        };
        self.refreshing = Some(false);
        let (db, id) = (self.db.clone(), self.id);
        let read = async move {
            db.run(move |conn| {
                let now = Store::current_version(conn, id)?;
                if now <= from {
                    return Ok((now, None));
                }
                let kinds = StoreEvent::kinds_between(conn, id, from, now)?;
                if !kinds.iter().any(|k| membership::touches_membership(k)) {
                    return Ok((now, None));
                }
                Ok((now, Some(Roster::load(conn, id)?)))
            })
            .await
        };
        ctx.spawn(read.into_actor(self).map(|result, act, ctx| {
            let again = act.refreshing.take() == Some(true);
            match (result, act.state.as_mut()) {
                (Ok((version, roster)), Some(state)) => {
                    // Also bounds how long a missed announcement could leave a kept week.
                    act.weeks.advance(act.id, version);
                    if let Some(roster) = roster {
                        state.refresh_members(roster);
                        act.door.open(state);
                    }
                    state.members_at = state.members_at.max(version);
                    act.door.committed(version);
                }
                (Ok(_), None) => {}
                (Err(e), _) => {
                    // Answer from what is known; the next announcement tries again.
                    tracing::warn!(store = %act.id, error = %e, "cannot re-read the members");
                }
            }
            act.answer_lookups(again);
            if again {
                act.refresh_members(ctx);
            }
        }));
    }
}

impl Handler<Lookup> for StoreActor {
    type Result = ();

    fn handle(&mut self, question: Lookup, _: &mut Self::Context) {
        if let Some(e) = &self.load_error {
            let _ = question.reply.send(Err(e.duplicate()));
            return;
        }
        self.last_used = Instant::now();
        if self.must_wait() {
            self.lookups.push(Waiting::Lookup(question));
        } else {
            self.answer(Waiting::Lookup(question));
        }
    }
}

impl Handler<Standings> for StoreActor {
    type Result = ();

    fn handle(&mut self, question: Standings, ctx: &mut Self::Context) {
        if let Some(e) = &self.load_error {
            let _ = question.reply.send(Err(e.duplicate()));
            return;
        }
        let behind = self
            .state
            .as_ref()
            .is_some_and(|s| s.members_at < question.at_least);
        if behind {
            self.refresh_members(ctx);
        }
        if behind || self.must_wait() {
            self.lookups.push(Waiting::Standings(question));
        } else {
            self.answer(Waiting::Standings(question));
        }
    }
}

impl Handler<Heard> for StoreActor {
    type Result = ();

    fn handle(&mut self, Heard(version): Heard, ctx: &mut Self::Context) {
        let Some(state) = self.state.as_ref() else {
            return;
        };
        // The announcement of this actor's own commit: its answer moves the membership's
        // version along (a stale or failed commit reloads the working set instead).
        let own = self
            .committing_from
            .is_some_and(|base| base < version && version <= state.store.version);
        if state.members_at < version && !own {
            self.refresh_members(ctx);
        }
    }
}
