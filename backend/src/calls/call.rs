//! One call of the API: a type implementing [`Call`], with its name, who may run it, and its
//! typed output. The registry serves it over HTTP, the socket's `call` and the API document.

use crate::calls::context::Ctx;
use crate::calls::input;
use crate::domain::ids::StoreId;
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::messages;
use serde::de::DeserializeOwned;
use serde::Deserialize;
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

/// The store a call acts on, as its payload names it: `store` or `storeId` (the spec uses
/// both), an id or empty. Read from every payload of a call that names a store, beside the
/// call's own fields.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct StoreTarget {
    /// The store's id.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub store: Option<StoreId>,
    /// The store's id, as some calls of the spec name it (`store` wins when both are given).
    #[serde(default, rename = "storeId", deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub store_id: Option<StoreId>,
}

impl StoreTarget {
    /// The store named, by either field.
    pub fn id(&self) -> Option<StoreId> {
        self.store.or(self.store_id)
    }
}

impl Access {
    /// Whether calls of this access name the store they act on.
    pub fn names_store(self) -> bool {
        matches!(self, Access::Store(_))
    }
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

    /// Whether the call names a store (`store` or `storeId`, see [`StoreTarget`]) though it
    /// is not [`Access::Store`] (the owner's edits of their business guard themselves).
    const NAMES_STORE: bool = false;

    /// The `data` of the success answer, described in the API document.
    type Output: Serialize + utoipa::ToSchema;

    fn run(self, ctx: Ctx) -> impl Future<Output = AppResult<Self::Output>>;

    /// The success body. Most calls answer `{"data": ...}`.
    fn reply(output: Self::Output) -> AppResult<Value> {
        Ok(json!({ "data": serde_json::to_value(output).map_err(AppError::internal)? }))
    }
}
