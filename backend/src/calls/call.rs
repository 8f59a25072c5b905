//! One call of the API: a type implementing [`Call`], with its name, who may run it, and its
//! typed output. The registry serves it over HTTP, the socket's `call` and the API document.

use crate::calls::context::Ctx;
use crate::domain::ids::StoreId;
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::messages;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use std::future::Future;

/// Who may run a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone, signed in or not.
    Public,
    /// Any signed-in user.
    SignedIn,
    /// A member of the store named in the payload, holding every listed permission.
    Store(Perms),
}

/// One call of the API.
pub trait Call: DeserializeOwned + utoipa::ToSchema + 'static {
    /// The spec's call name, which is also its path: `POST /api/v1/<NAME>`.
    const NAME: &'static str;
    /// Who may run it.
    const ACCESS: Access;
    /// The text of the permission refusal, where the spec words it specially.
    const DENIED: &'static str = messages::NOT_ENOUGH_PERMISSION;
    /// One-line description for the API document.
    const SUMMARY: &'static str = "";

    type Output: Serialize;

    /// The store the call acts on, as named in its payload.
    fn store_id(&self) -> Option<StoreId> {
        None
    }

    fn run(self, ctx: Ctx) -> impl Future<Output = AppResult<Self::Output>>;

    /// The success body. Most calls answer `{"data": ...}`.
    fn reply(output: Self::Output) -> AppResult<Value> {
        Ok(json!({ "data": serde_json::to_value(output).map_err(AppError::internal)? }))
    }
}
