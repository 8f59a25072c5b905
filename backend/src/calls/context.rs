//! What a running call knows: the server's state and its caller.

use crate::calls::guard::{self, Member};
use crate::calls::state::AppState;
use crate::domain::ids::{SessionId, StoreId, UserId};
use crate::domain::language::Language;
use crate::error::{AppError, AppResult};
use crate::store::command::Command;
use actix_web::web;
use std::net::IpAddr;

/// What a running call knows about its caller.
pub struct Ctx {
    pub state: web::Data<AppState>,
    /// The signed-in user, when there is one.
    pub user: Option<UserId>,
    /// The caller's session, when signed in.
    pub session: Option<SessionId>,
    /// The store the payload names (`store` or `storeId`), for calls that name one.
    pub store: Option<StoreId>,
    /// The resolved membership, for [`Access::Store`] calls.
    pub member: Option<Member>,
    /// The network address the call came from, when known (for per-client limits).
    pub client: Option<IpAddr>,
    /// The language the request asks for, when it names one of ours.
    pub language: Option<Language>,
}

impl Ctx {
    /// The signed-in user, or the spec's not-authenticated error.
    pub fn user(&self) -> AppResult<UserId> {
        self.user.ok_or_else(guard::not_authenticated)
    }

    /// The caller's session, or the spec's not-authenticated error.
    pub fn session(&self) -> AppResult<SessionId> {
        self.session.ok_or_else(guard::not_authenticated)
    }

    /// The caller's membership. Present for every [`Access::Store`] call.
    pub fn member(&self) -> AppResult<&Member> {
        self.member
            .as_ref()
            .ok_or_else(|| AppError::internal("call is not store-guarded"))
    }

    /// Runs a command through the actor of the caller's store, answering as the command does.
    pub async fn execute<T: 'static>(&self, cmd: impl Command) -> AppResult<T> {
        let store = self.member()?.store_id();
        self.state.stores.execute(store, cmd).await
    }
}
