//! The call layer, below the transports: every call of the API is a [`Call`]; the
//! [`Registry`] runs it by name through one parser, one guard (signed-in user, store, employee
//! record, permissions, answered by the store's actor) and one envelope. HTTP (`api`) and the
//! socket's `call` (`realtime`) both run calls through a [`Calls`] handle.

pub mod call;
pub mod context;
pub mod guard;
pub mod input;
pub mod registry;
pub mod state;

pub use call::{Access, Call, StoreTarget};
pub use context::Ctx;
pub use registry::Registry;
pub use state::AppState;

use crate::auth::Bearer;
use crate::error::AppResult;
use actix_web::web;
use serde_json::Value;
use std::net::IpAddr;
use std::sync::Arc;

/// Runs calls by name, for any transport. Cheap to clone.
#[derive(Clone)]
pub struct Calls {
    registry: Arc<Registry>,
    state: web::Data<AppState>,
}

impl Calls {
    pub fn new(registry: Registry, state: web::Data<AppState>) -> Calls {
        Calls {
            registry: Arc::new(registry),
            state,
        }
    }

    /// What calls use of the server.
    pub fn state(&self) -> &web::Data<AppState> {
        &self.state
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Runs the named call for the caller with `bearer`, from `client` when known.
    pub async fn invoke(
        &self,
        name: &str,
        bearer: Bearer,
        client: Option<IpAddr>,
        payload: Value,
    ) -> AppResult<Value> {
        self.registry
            .invoke(self.state.clone(), name, bearer, client, payload)
            .await
    }
}
