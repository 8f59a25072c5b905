//! Calls by name. Every call of the spec is a type implementing [`Call`]; the registry runs
//! it for `POST /api/v1/<name>` and for the socket's `call` event alike, so both paths share
//! one parser, one guard and one envelope.

use crate::auth::Bearer;
use crate::calls::call::{Access, Answer, Call, FileAnswer, StoreTarget};
use crate::calls::context::Ctx;
use crate::calls::guard;
use crate::calls::input;
use crate::calls::origin::Origin;
use crate::calls::state::AppState;
use crate::error::{AppError, AppResult};
use actix_web::web;
use futures_util::future::LocalBoxFuture;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use utoipa::openapi::{Ref, RefOr, Schema};
use utoipa::ToSchema;

type Invoker =
    fn(web::Data<AppState>, Bearer, Origin, Value) -> LocalBoxFuture<'static, AppResult<Answer>>;

/// A registered call, with what the API document needs to describe it.
pub struct Entry {
    pub name: &'static str,
    pub access: Access,
    pub summary: &'static str,
    pub request_schema_name: String,
    /// The payload also names the store (see [`StoreTarget`]).
    pub names_store: bool,
    /// The call answers a file (its output is a [`FileAnswer`]).
    pub answers_file: bool,
    invoke: Invoker,
    parse: fn(Value) -> AppResult<()>,
    schemas: fn(&mut Components),
    answer: fn(&mut Components) -> RefOr<Schema>,
}

/// Named schemas, as the API document's components collect them.
pub type Components = Vec<(String, RefOr<Schema>)>;

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
                names_store: C::ACCESS.names_store() || C::NAMES_STORE,
                answers_file: FileAnswer::is::<C::Output>(),
                invoke: invoke::<C>,
                parse: |payload| read::<C>(payload).map(|_| ()),
                schemas: |out| {
                    out.push((C::name().into_owned(), C::schema()));
                    C::schemas(out);
                },
                answer: answer_schema::<C::Output>,
            },
        );
        debug_assert!(previous.is_none(), "call {} registered twice", C::NAME);
        self
    }

    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.calls.values()
    }

    /// Runs the named call for a caller with the given bearer token, from `origin`.
    pub async fn invoke(
        &self,
        state: web::Data<AppState>,
        name: &str,
        bearer: Bearer,
        origin: Origin,
        payload: Value,
    ) -> AppResult<Answer> {
        let entry = self.calls.get(name).ok_or_else(|| {
            AppError::not_found("unknown_call", format!("There is no call named {name:?}."))
        })?;
        (entry.invoke)(state, bearer, origin, payload).await
    }
}

impl Registry {
    /// Reads a payload as the named call would, without running it: the fuzzing entry point
    /// for the calls' input.
    pub fn parse(&self, name: &str, payload: Value) -> AppResult<()> {
        let entry = self.calls.get(name).ok_or_else(|| {
            AppError::not_found("unknown_call", format!("There is no call named {name:?}."))
        })?;
        (entry.parse)(payload)
    }

    /// The registered name equal to `name`, if there is one.
    pub fn known(&self, name: &str) -> Option<&'static str> {
        self.calls.get_key_value(name).map(|(known, _)| *known)
    }

    /// The names of every call, in order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.calls.keys().copied()
    }
}

impl Entry {
    pub fn collect_schemas(&self, out: &mut Components) {
        (self.schemas)(out)
    }

    /// The schema of the call's `data` on success, with the components it refers to.
    pub fn answer_schema(&self, out: &mut Components) -> RefOr<Schema> {
        (self.answer)(out)
    }
}

/// A named type's schema becomes a component it refers to; a primitive, a list or an open
/// value is described inline.
fn answer_schema<T: ToSchema>(out: &mut Components) -> RefOr<Schema> {
    T::schemas(out);
    let name = T::name();
    let generic = [
        "Vec",
        "Option",
        "Value",
        "String",
        "TupleUnit",
        "Box",
        "BTreeMap",
        "HashMap",
    ];
    let named = name.starts_with(|c: char| c.is_ascii_uppercase())
        && name.chars().all(|c| c.is_ascii_alphanumeric())
        && !generic.contains(&name.as_ref());
    if named {
        out.push((name.to_string(), T::schema()));
        Ref::from_schema_name(name).into()
    } else {
        T::schema()
    }
}

fn invoke<C: Call>(
    state: web::Data<AppState>,
    bearer: Bearer,
    origin: Origin,
    payload: Value,
) -> LocalBoxFuture<'static, AppResult<Answer>> {
    Box::pin(async move {
        // Authentication comes first: an anonymous caller learns nothing about the payload.
        let user = bearer.user();
        if C::ACCESS != Access::Public && user.is_none() {
            return Err(guard::not_authenticated_as(C::UNAUTHENTICATED));
        }
        let (target, call) = read::<C>(payload)?;
        let store = target.id();
        let member = match (C::ACCESS, user) {
            (Access::Store(required), Some(user)) => {
                Some(guard::member_of(&state, user, store, required, C::DENIED, C::NAME).await?)
            }
            _ => None,
        };
        let output = call
            .run(Ctx {
                state,
                user,
                session: bearer.session(),
                store,
                member,
                client: origin.client,
                language: origin.language,
            })
            .await?;
        C::reply(output)
    })
}

/// Reads a call's payload: the store it names, and the call's own fields.
fn read<C: Call>(payload: Value) -> AppResult<(StoreTarget, C)> {
    // A missing body reads as an empty object, so calls without fields need none.
    let mut payload = if payload.is_null() {
        json!({})
    } else {
        payload
    };
    input::integral_numbers(&mut payload);
    input::no_nul(&payload)?;
    let invalid = |e: serde_json::Error| AppError::invalid(format!("Invalid request body: {e}"));
    let target = if C::ACCESS.names_store() || C::NAMES_STORE {
        StoreTarget::deserialize(&payload).map_err(invalid)?
    } else {
        StoreTarget::default()
    };
    let call: C = serde_json::from_value(payload).map_err(invalid)?;
    Ok((target, call))
}
