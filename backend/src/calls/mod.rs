//! The call layer, below the transports: every call of the API is a [`Call`]; the
//! [`Registry`] runs it by name through one parser, one guard (signed-in user, store, employee
//! record, permissions, answered by the store's actor) and one envelope. HTTP (`api`) and the
//! socket's `call` (`realtime`) both run calls through a [`Calls`] handle.

pub mod bounded;
pub mod call;
pub mod context;
pub mod guard;
pub mod input;
pub mod origin;
pub mod registry;
pub mod state;

pub use call::{Access, Answer, Call, FileAnswer, StoreTarget};
pub use context::Ctx;
pub use origin::Origin;
pub use registry::Registry;
pub use state::AppState;

use crate::auth::Bearer;
use crate::error::AppError;
use crate::error::AppResult;
use actix_web::web;
use serde_json::Value;
use std::sync::Arc;

/// Runs calls by name, for any transport. Cheap to clone.
#[derive(Clone)]
pub struct Calls {
    registry: Arc<Registry>,
    state: web::Data<AppState>,
    /// A draining node takes no new calls.
    readiness: Arc<crate::readiness::Readiness>,
    /// Calls running now, which a drain lets finish.
    in_flight: Arc<std::sync::atomic::AtomicUsize>,
}

/// Counts a call as running until it is dropped.
struct Running(Arc<std::sync::atomic::AtomicUsize>);

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Calls {
    pub fn new(
        registry: Registry,
        state: web::Data<AppState>,
        readiness: Arc<crate::readiness::Readiness>,
    ) -> Calls {
        Calls {
            registry: Arc::new(registry),
            state,
            readiness,
            in_flight: Arc::default(),
        }
    }

    /// How many calls are running.
    pub fn in_flight(&self) -> usize {
        self.in_flight.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// What calls use of the server.
    pub fn state(&self) -> &web::Data<AppState> {
        &self.state
    }

    pub fn registry(&self) -> &Registry {
        &self.registry
    }

    /// Runs the named call for the caller with `bearer`, from `origin`.
    pub async fn invoke(
        &self,
        transport: Transport,
        name: &str,
        bearer: Bearer,
        origin: Origin,
        payload: Value,
    ) -> AppResult<Answer> {
        use tracing::Instrument as _;
        self.in_flight
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let _running = Running(self.in_flight.clone());
        if self.readiness.is_draining() {
            // The client tries again, through the load balancer, on another node.
            return Err(AppError::unavailable("the node is draining"));
        }
        let began = std::time::Instant::now();
        // Only registered names become labels: a caller cannot grow the series.
        let call = self.registry.known(name).unwrap_or("unknown");
        let user = match &bearer {
            Bearer::User(user, _) => Some(user.to_string()),
            _ => None,
        };
        // The store as the caller named it, when it is an id (a log line takes no free text).
        let store = ["storeId", "store"]
            .iter()
            .find_map(|key| payload.get(*key)?.as_str()?.parse::<uuid::Uuid>().ok());
        let span = tracing::info_span!(
            "call",
            call,
            store = store.map(tracing::field::display),
            user = user.map(tracing::field::display),
        );
        let result = self
            .registry
            .invoke(self.state.clone(), name, bearer, origin, payload)
            .instrument(span)
            .await;
        let status = match &result {
            Ok(_) => 200,
            Err(e) => e.kind.status().as_u16(),
        };
        metrics::histogram!(
            "clockto_call_duration_seconds",
            "transport" => transport.as_str(),
            "call" => call,
            "status" => status.to_string(),
        )
        .record(began.elapsed().as_secs_f64());
        result
    }
}

/// How a call arrived, as its latency is labelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// `POST /api/v1/<call>`.
    Http,
    /// The socket's `call` event.
    Socket,
    /// A public page's form, posted without a script (`site`).
    Form,
}

impl Transport {
    pub fn as_str(self) -> &'static str {
        match self {
            Transport::Http => "http",
            Transport::Socket => "socket",
            Transport::Form => "form",
        }
    }
}
