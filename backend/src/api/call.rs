//! Calls by name. Every call of the spec is a type implementing [`Call`]; the registry runs
//! it for `POST /api/v1/<name>` and for the socket's `call` event alike, so both paths share
//! one parser, one guard and one envelope.

use crate::api::guard::{self, Member};
use crate::auth::Bearer;
use crate::domain::ids::{StoreId, UserId};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::startup::AppState;
use actix_web::web;
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::future::Future;
use std::net::IpAddr;
use utoipa::openapi::{RefOr, Schema};

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

/// What a running call knows about its caller.
pub struct Ctx {
    pub state: web::Data<AppState>,
    /// The signed-in user, when there is one.
    pub user: Option<UserId>,
    /// The resolved membership, for [`Access::Store`] calls.
    pub member: Option<Member>,
    /// The network address the call came from, when known (for per-client limits).
    pub client: Option<IpAddr>,
}

impl Ctx {
    /// The signed-in user, or the spec's not-authenticated error.
    pub fn user(&self) -> AppResult<UserId> {
        self.user.ok_or_else(guard::not_authenticated)
    }

    /// The caller's membership. Present for every [`Access::Store`] call.
    pub fn member(&self) -> AppResult<&Member> {
        self.member
            .as_ref()
            .ok_or_else(|| AppError::internal("call is not store-guarded"))
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

type Invoker = fn(
    web::Data<AppState>,
    Bearer,
    Option<IpAddr>,
    Value,
) -> LocalBoxFuture<'static, AppResult<Value>>;

/// A registered call, with what the API document needs to describe it.
pub struct Entry {
    pub name: &'static str,
    pub access: Access,
    pub summary: &'static str,
    pub request_schema_name: String,
    invoke: Invoker,
    schemas: fn(&mut Vec<(String, RefOr<Schema>)>),
}

/// Every call by name.
#[derive(Default)]
pub struct Registry {
    calls: BTreeMap<&'static str, Entry>,
}

impl Registry {
    pub fn add<C: Call>(&mut self) -> &mut Self {
        let previous = self.calls.insert(
            C::NAME,
            Entry {
                name: C::NAME,
                access: C::ACCESS,
                summary: C::SUMMARY,
                request_schema_name: C::name().into_owned(),
                invoke: invoke::<C>,
                schemas: |out| {
                    out.push((C::name().into_owned(), C::schema()));
                    C::schemas(out);
                },
            },
        );
        debug_assert!(previous.is_none(), "call {} registered twice", C::NAME);
        self
    }

    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.calls.values()
    }

    /// Runs the named call for a caller with the given bearer token.
    pub async fn invoke(
        &self,
        state: web::Data<AppState>,
        name: &str,
        bearer: Bearer,
        payload: Value,
    ) -> AppResult<Value> {
        self.invoke_from(state, name, bearer, None, payload).await
    }

    /// Like [`Registry::invoke`], for a caller at a known network address.
    pub async fn invoke_from(
        &self,
        state: web::Data<AppState>,
        name: &str,
        bearer: Bearer,
        client: Option<IpAddr>,
        payload: Value,
    ) -> AppResult<Value> {
        let entry = self.calls.get(name).ok_or_else(|| {
            AppError::not_found("unknown_call", format!("There is no call named {name:?}."))
        })?;
        (entry.invoke)(state, bearer, client, payload).await
    }
}

impl Entry {
    pub fn collect_schemas(&self, out: &mut Vec<(String, RefOr<Schema>)>) {
        (self.schemas)(out)
    }
}

fn invoke<C: Call>(
    state: web::Data<AppState>,
    bearer: Bearer,
    client: Option<IpAddr>,
    payload: Value,
) -> LocalBoxFuture<'static, AppResult<Value>> {
    Box::pin(async move {
        // Authentication comes first: an anonymous caller learns nothing about the payload.
        let user = bearer.user();
        if C::ACCESS != Access::Public && user.is_none() {
            return Err(guard::not_authenticated());
        }
        // A missing body reads as an empty object, so calls without fields need none.
        let payload = if payload.is_null() {
            json!({})
        } else {
            payload
        };
        let call: C = serde_json::from_value(payload)
            .map_err(|e| AppError::invalid(format!("Invalid request body: {e}")))?;
        let member = match (C::ACCESS, user) {
            (Access::Store(required), Some(user)) => Some(
                guard::member_of(&state, user, call.store_id(), required, C::DENIED, C::NAME)
                    .await?,
            ),
            _ => None,
        };
        let output = call
            .run(Ctx {
                state,
                user,
                member,
                client,
            })
            .await?;
        C::reply(output)
    })
}
