//! The browser's way through the provider. `GET /api/v1/auth/google/start` sends it to the
//! provider with a state, a nonce and a PKCE challenge kept on the server (`oidc_flows`) and
//! a cookie binding the sign-in to this browser; `GET /api/v1/auth/google/callback` checks
//! the return, decides what the identity leads to, and sends the browser to the web app's
//! `/auth/google` with a one-time code in the address's fragment, which the app trades for a
//! session: never a session token in an address.

use super::accounts;
use super::secret;
use crate::api::account::passwords::refusal;
use crate::auth::oidc::Provider;
use crate::calls::guard::not_authenticated;
use crate::calls::AppState;
use crate::db::models::oidc_flow::{NewOidcFlow, OidcFlow};
use crate::domain::sign_in::FLOW_TTL;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::messages;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;

/// The cookie binding a sign-in to the browser that started it.
const COOKIE: &str = "clockto_oidc";
/// The cookie's path: it goes to the start and the return only.
const COOKIE_PATH: &str = "/api/v1/auth/google";
/// The web app's page that finishes a Google sign-in.
const APP_PATH: &str = "/auth/google";

/// The start's parameters.
#[derive(Debug, Deserialize, IntoParams)]
pub struct StartQuery {
    /// A ticket from `requestGoogleLink`: the sign-in links the Google account to the
    /// signed-in person's. Good for one start, for two minutes.
    link: Option<String>,
}

/// The provider's return, as OAuth 2.0 words it.
#[derive(Debug, Deserialize, IntoParams)]
pub struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    /// Set when the person refused, or the provider failed.
    error: Option<String>,
}

/// `GET /api/v1/auth/google/start`: sends the browser to the provider.
#[utoipa::path(
    get,
    path = "/api/v1/auth/google/start",
    tag = "crate::api::account",
    params(StartQuery),
    responses(
        (status = 302, description = "To the provider; or, when the sign-in cannot start, to the web app's `/auth/google#error=<code>`"),
        (status = 404, description = "No provider is configured", body = ErrorBody),
    )
)]
pub async fn start(
    state: web::Data<AppState>,
    query: web::Query<StartQuery>,
) -> AppResult<HttpResponse> {
    let provider = provider(&state)?;
    Ok(
        match begin(&state, provider, query.into_inner().link).await {
            Ok((url, browser)) => HttpResponse::Found()
                .insert_header((header::LOCATION, url))
                .insert_header((header::SET_COOKIE, cookie(&state, &browser)))
                .insert_header((header::CACHE_CONTROL, "no-store"))
                .finish(),
            Err(e) => to_app(&state, Err(e)),
        },
    )
}

/// `GET /api/v1/auth/google/callback`: the provider's return.
#[utoipa::path(
    get,
    path = "/api/v1/auth/google/callback",
    tag = "crate::api::account",
    params(CallbackQuery),
    responses(
        (status = 302, description = "To the web app's `/auth/google#code=<one-time code>`, or `#error=<code>`"),
        (status = 404, description = "No provider is configured", body = ErrorBody),
    )
)]
pub async fn callback(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<CallbackQuery>,
) -> AppResult<HttpResponse> {
    let provider = provider(&state)?;
    let outcome = complete(&state, provider, &req, query.into_inner()).await;
    Ok(to_app(&state, outcome))
}

fn provider(state: &AppState) -> AppResult<&Provider> {
    state.oidc.as_ref().ok_or_else(|| {
        AppError::not_found("google_not_configured", messages::GOOGLE_NOT_CONFIGURED)
    })
}

/// Keeps a new sign-in's state, nonce and PKCE verifier, bound to a fresh browser secret;
/// answers the provider's address and the secret.
async fn begin(
    state: &AppState,
    provider: &Provider,
    link: Option<String>,
) -> AppResult<(String, String)> {
    let now = state.clock.now();
    let ticket = match link {
        Some(ticket) => Some(
            state
                .sessions
                .keys()
                .verify_link_ticket(&ticket)
                .map_err(|_| expired())?,
        ),
        None => None,
    };
    let started = provider.start().await?;
    let browser = secret::fresh();
    let (state_hash, browser_hash) = (secret::hash(&started.state), secret::hash(&browser));
    state
        .db
        .run(move |conn| {
            NewOidcFlow {
                state_hash: &state_hash,
                browser_hash: &browser_hash,
                nonce: &started.nonce,
                pkce_verifier: &started.pkce_verifier,
                link_user: ticket.map(|t| t.user),
                link_session: ticket.map(|t| t.session),
                ticket: ticket.map(|t| t.id),
                expires_at: now + FLOW_TTL,
            }
            .insert(conn, now)
            .map_err(|e| match e {
                // The ticket started a sign-in already, or its session is gone.
                diesel::result::Error::DatabaseError(
                    diesel::result::DatabaseErrorKind::UniqueViolation
                    | diesel::result::DatabaseErrorKind::ForeignKeyViolation,
                    _,
                ) => expired(),
                other => other.into(),
            })
        })
        .await?;
    Ok((started.url, browser))
}

/// Checks the return against its sign-in (state, browser, time), has the provider's answer
/// checked, and leaves what it leads to under a one-time code, which it answers.
async fn complete(
    state: &AppState,
    provider: &Provider,
    req: &HttpRequest,
    query: CallbackQuery,
) -> AppResult<String> {
    let now = state.clock.now();
    let state_hash = query.state.as_deref().map(secret::hash);
    let flow = match state_hash {
        Some(hash) => {
            state
                .db
                .run(move |conn| Ok(OidcFlow::take(conn, &hash, now)?))
                .await?
        }
        None => None,
    }
    .ok_or_else(state_mismatch)?;
    let browser = browser_secret(req).map(|s| secret::hash(&s));
    if browser.as_deref() != Some(flow.browser_hash.as_str()) {
        return Err(state_mismatch());
    }
    if flow.expires_at <= now {
        return Err(expired());
    }
    if query.error.is_some() {
        return Err(AppError::bad_request(
            "cancelled",
            "The sign-in was cancelled at the provider.",
        ));
    }
    let code = query.code.ok_or_else(state_mismatch)?;
    let identity = provider
        .finish(&code, &flow.pkce_verifier, &flow.nonce)
        .await?;
    // A link started from a session needs that session still open, and recent.
    let linking = match (flow.link_user, flow.link_session) {
        (Some(user), Some(session)) => {
            state
                .sessions
                .signed_in(session, user)
                .await?
                .ok_or_else(not_authenticated)?
                .may_change_credentials(now)
                .map_err(refusal)?;
            Some(user)
        }
        _ => None,
    };
    let code = secret::fresh();
    let code_hash = secret::hash(&code);
    state
        .db
        .transaction(move |conn| accounts::hand_off(conn, &identity, linking, &code_hash, now))
        .await?;
    Ok(code)
}

/// The browser's secret of a sign-in, from its cookie.
fn browser_secret(req: &HttpRequest) -> Option<String> {
    req.headers()
        .get_all(header::COOKIE)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(COOKIE)?.strip_prefix('='))
        .map(str::to_string)
}

/// The cookie holding the browser's secret for as long as a sign-in may take: sent back on
/// the provider's top-level return (`Lax`), never to scripts.
fn cookie(state: &AppState, browser: &str) -> String {
    let secure = if state.settings.public_url.starts_with("https://") {
        "; Secure"
    } else {
        ""
    };
    format!(
        "{COOKIE}={browser}; Path={COOKIE_PATH}; Max-Age={}; HttpOnly; SameSite=Lax{secure}",
        FLOW_TTL.num_seconds()
    )
}

/// Sends the browser to the web app with the one-time code, or the refusal's code.
fn to_app(state: &AppState, outcome: AppResult<String>) -> HttpResponse {
    let fragment = match outcome {
        Ok(code) => format!("code={code}"),
        Err(e) => {
            tracing::info!(code = e.code, reason = %e.message, "Google sign-in refused");
            format!("error={}", e.code)
        }
    };
    let base = state.settings.public_url.trim_end_matches('/');
    HttpResponse::Found()
        .insert_header((header::LOCATION, format!("{base}{APP_PATH}#{fragment}")))
        .insert_header((
            header::SET_COOKIE,
            format!("{COOKIE}=; Path={COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax"),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .finish()
}

fn state_mismatch() -> AppError {
    AppError::bad_request(
        "state_mismatch",
        "This sign-in was not started in this browser.",
    )
}

fn expired() -> AppError {
    AppError::bad_request("sign_in_expired", messages::GOOGLE_SIGN_IN_EXPIRED)
}
