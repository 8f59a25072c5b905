//! What the store actor is asked about its membership, as messages.

use crate::domain::ids::UserId;
use crate::domain::membership::Refusal;
use crate::error::AppResult;
use crate::store::members::Member;
use actix::prelude::*;
use std::collections::HashMap;
use tokio::sync::oneshot;

/// Who `user` is in the store: their membership, or why they have none.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Lookup {
    pub user: UserId,
    pub reply: oneshot::Sender<AppResult<Result<Member, Refusal>>>,
}

/// Whether each of `users` is a member, and a manager: `Some(manager)` or `None`, answered
/// once the membership is known up to version `at_least` (a change the caller has seen).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Standings {
    pub users: Vec<UserId>,
    pub at_least: i64,
    pub reply: oneshot::Sender<AppResult<HashMap<UserId, Option<bool>>>>,
}

/// Another node committed the store up to `version` (its `NOTIFY` arrived).
#[derive(Message)]
#[rtype(result = "()")]
pub struct Heard(pub i64);

/// A question that waits for the working set to be loaded or the membership re-read.
pub enum Waiting {
    Lookup(Lookup),
    Standings(Standings),
}
