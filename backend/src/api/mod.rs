//! HTTP handlers, grouped as the spec groups its calls. Every named call is served by one
//! route, `POST /api/v1/{call}`, through the [`call::Registry`]; reads the spec does not name
//! are resource paths under `GET /api/v1/...`.

pub mod account;
pub mod announcements;
pub mod autoassign;
pub mod billing;
pub mod blog;
pub mod booking;
pub mod chat;
pub mod clock;
pub mod demo_requests;
pub mod earnings;
pub mod employee_manager;
pub mod envelope;
pub mod files;
pub mod health;

pub mod invites;
pub mod notifications;
pub mod openapi;
pub mod owner;
pub mod pay;
pub mod pool;
pub mod push;
pub mod reports;
pub mod requests;
pub mod sheets;
pub mod shifts;
pub mod stores;
pub mod support;
pub mod templates;
pub mod undo;
pub mod voice;

use crate::calls::{Answer, Calls, Registry};
use crate::error::{AppError, AppResult};
use crate::readiness::Readiness;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::{from_fn, Compress, Next};
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use serde_json::Value;

/// Registers every call of every group.
pub fn registry() -> Registry {
    let mut registry = Registry::default();
    account::register(&mut registry);
    owner::register(&mut registry);
    employee_manager::register(&mut registry);
    invites::register(&mut registry);
    shifts::register(&mut registry);
    pool::register(&mut registry);
    push::register(&mut registry);
    requests::register(&mut registry);
    notifications::register(&mut registry);
    clock::register(&mut registry);
    chat::register(&mut registry);
    support::register(&mut registry);
    announcements::register(&mut registry);
    templates::register(&mut registry);
    undo::register(&mut registry);
    autoassign::register(&mut registry);
    reports::register(&mut registry);
    sheets::register(&mut registry);
    booking::register(&mut registry);
    billing::register(&mut registry);
    blog::register(&mut registry);
    demo_requests::register(&mut registry);
    registry
}

/// Mounts the API routes.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/health", web::get().to(health::health))
        .route("/ready", web::get().to(health::ready))
        .service(
            web::scope("/api/v1")
                // JSON answers go compressed (brotli or gzip, as the client asks): a week board
                // is hundreds of kilobytes of repetitive JSON. Stored files say `identity`.
                .wrap(Compress::default())
                .wrap(from_fn(until_migrated))
                .route("/openapi.json", web::get().to(openapi::document))
                .route("/me", web::get().to(account::profile::me))
                .route("/me/archive", web::get().to(account::archive::archive))
                .configure(account::google::routes)
                .configure(stores::routes)
                .configure(shifts::routes)
                .configure(pool::routes)
                .configure(requests::routes)
                .configure(notifications::routes)
                .configure(clock::routes)
                .configure(earnings::routes)
                .configure(chat::routes)
                .configure(files::routes)
                .configure(support::routes)
                .configure(templates::routes)
                .configure(sheets::routes)
                .configure(booking::routes)
                .configure(billing::routes)
                .configure(blog::routes)
                .configure(voice::routes)
                .configure(account::notification_settings::routes)
                .route("/{call}", web::post().to(dispatch)),
        );
}

/// `POST /api/v1/{call}`: runs a call by its spec name.
#[tracing::instrument(name = "call", skip(calls, req, body), fields(call = %name))]
async fn dispatch(
    calls: web::Data<Calls>,
    req: HttpRequest,
    name: web::Path<String>,
    body: web::Payload,
) -> AppResult<HttpResponse> {
    let state = calls.state();
    let payload = read_json(body, state.settings.json_limit, &req).await?;
    let bearer = state.sessions.bearer(&req).await?;
    let reply = calls
        .invoke(
            crate::calls::Transport::Http,
            &name,
            bearer,
            crate::calls::Origin::of(&req),
            payload,
        )
        .await?;
    match reply {
        Answer::File(file) if !json_only(&req) => Ok(envelope::attachment(file)),
        reply => Ok(HttpResponse::Ok().json(reply.into_json()?)),
    }
}

/// Whether the caller takes JSON only (`Accept: application/json`, nothing else): a call that
/// answers a file then answers it as the socket does, `{"data": FileAnswer}`.
fn json_only(req: &HttpRequest) -> bool {
    req.headers()
        .get(actix_web::http::header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| {
            accept
                .split(',')
                .map(|t| t.split(';').next().unwrap_or_default().trim())
                .all(|t| t.eq_ignore_ascii_case("application/json"))
        })
}

/// Reads a JSON body of at most `limit` bytes. An empty body is `null`.
async fn read_json(mut body: web::Payload, limit: usize, req: &HttpRequest) -> AppResult<Value> {
    let too_large = || {
        AppError::new(
            crate::error::ErrorKind::PayloadTooLarge,
            "payload_too_large",
            format!("The request body is larger than {limit} bytes."),
        )
    };
    let declared = req
        .headers()
        .get(actix_web::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > limit) {
        return Err(too_large());
    }
    let mut bytes = web::BytesMut::new();
    while let Some(chunk) = body.next().await {
        let chunk =
            chunk.map_err(|e| AppError::invalid(format!("Could not read the body: {e}")))?;
        if bytes.len() + chunk.len() > limit {
            return Err(too_large());
        }
        bytes.extend_from_slice(&chunk);
    }
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Ok(Value::Null);
    }
    serde_json::from_slice(&bytes)
        .map_err(|e| AppError::invalid(format!("The body is not valid JSON: {e}")))
}

/// While the migrations run the tables may not be there yet: calls and reads answer 503, which
/// clients (and load balancers, through `/ready`) take as "try again", instead of failing on a
/// missing table.
async fn until_migrated(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let migrating = req
        .app_data::<web::Data<Readiness>>()
        .is_some_and(|r| !r.is_migrated());
    if migrating {
        let refused = req.error_response(AppError::unavailable("the database is being migrated"));
        return Ok(refused.map_into_right_body());
    }
    next.call(req)
        .await
        .map(ServiceResponse::map_into_left_body)
}
