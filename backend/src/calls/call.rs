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
use std::any::{Any, TypeId};
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
    /// The text of the not-signed-in refusal, where the spec words it specially.
    const UNAUTHENTICATED: &'static str = messages::NOT_AUTHENTICATED;
    /// One-line description for the API document.
    const SUMMARY: &'static str = "";

    /// Whether the call names a store (`store` or `storeId`, see [`StoreTarget`]) though it
    /// is not [`Access::Store`] (the owner's edits of their business guard themselves).
    const NAMES_STORE: bool = false;

    /// The `data` of the success answer, described in the API document. A call that answers
    /// a [`FileAnswer`] answers a file (see [`Answer`]).
    type Output: Serialize + utoipa::ToSchema + 'static;

    fn run(self, ctx: Ctx) -> impl Future<Output = AppResult<Self::Output>>;

    /// The success answer: `{"data": ...}`, or the file of a [`FileAnswer`].
    fn reply(output: Self::Output) -> AppResult<Answer> {
        Answer::of(output)
    }
}

/// A call's success answer, before a transport sends it.
#[derive(Debug)]
pub enum Answer {
    /// `{"data": ...}`, on every transport.
    Data(Value),
    /// A file (an export). HTTP answers the file itself, as an attachment, unless the caller
    /// asks for JSON only (`Accept: application/json`); the socket, whose frames are JSON,
    /// and such a caller get `{"data": FileAnswer}` with the bytes in base64.
    File(FileAnswer),
}

impl Answer {
    /// The answer of a call's output: a [`FileAnswer`] is a file, anything else `data`.
    pub fn of<T: Serialize + 'static>(output: T) -> AppResult<Answer> {
        let mut slot = Some(output);
        let file = (&mut slot as &mut dyn Any)
            .downcast_mut::<Option<FileAnswer>>()
            .and_then(Option::take);
        if let Some(file) = file {
            return Ok(Answer::File(file));
        }
        // `slot` still holds the output, and `Some(x)` serialises as `x`.
        let data = serde_json::to_value(&slot).map_err(AppError::internal)?;
        Ok(Answer::Data(json!({ "data": data })))
    }

    /// The answer as JSON: `{"data": ...}`.
    pub fn into_json(self) -> AppResult<Value> {
        match self {
            Answer::Data(v) => Ok(v),
            Answer::File(f) => {
                Ok(json!({ "data": serde_json::to_value(f).map_err(AppError::internal)? }))
            }
        }
    }
}

/// A file a call answers, as a browser saves it. As JSON its bytes are base64.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileAnswer {
    /// The name to save it under.
    pub name: String,
    /// Its media type.
    pub content_type: String,
    /// Its bytes, base64 (standard alphabet, padded).
    #[serde(rename = "base64", serialize_with = "base64_of")]
    #[schema(value_type = String, format = Byte)]
    pub bytes: Vec<u8>,
}

impl FileAnswer {
    /// Whether a call with this output answers a file (for the API document).
    pub fn is<T: 'static>() -> bool {
        TypeId::of::<T>() == TypeId::of::<FileAnswer>()
    }
}

fn base64_of<S: serde::Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
    use base64::Engine as _;
    s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes))
}
