//! The OpenID provider's HTTP calls (discovery, its keys, the token exchange) on the server's
//! HTTP client, as `openidconnect` takes one: redirects not followed, a time limit, a bounded
//! answer.

use openidconnect::{HttpRequest, HttpResponse};
use std::time::Duration;

/// How long one call to the provider may take.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// The largest answer read: discovery documents and key sets are a few kilobytes.
const MAX_BODY: usize = 256 * 1024;

/// A call to the provider that did not get an answer.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct HttpError(String);

/// Sends `request` and reads the whole answer.
pub async fn send(request: HttpRequest) -> Result<HttpResponse, HttpError> {
    let fail = |e: &dyn std::fmt::Display| HttpError(e.to_string());
    let client = awc::Client::builder()
        .timeout(TIMEOUT)
        .disable_redirects()
        .finish();
    let method = awc::http::Method::from_bytes(request.method().as_str().as_bytes())
        .map_err(|e| fail(&e))?;
    let mut outgoing = client.request(method, request.uri().to_string());
    for (name, value) in request.headers() {
        let value = value.to_str().map_err(|e| fail(&e))?;
        outgoing = outgoing.insert_header((name.as_str(), value.to_string()));
    }
    let mut answer = outgoing
        .send_body(request.into_body())
        .await
        .map_err(|e| fail(&e))?;
    let mut built = openidconnect::http::Response::builder().status(answer.status().as_u16());
    for (name, value) in answer.headers() {
        built = built.header(name.as_str(), value.as_bytes());
    }
    let body = answer.body().limit(MAX_BODY).await.map_err(|e| fail(&e))?;
    built.body(body.to_vec()).map_err(|e| fail(&e))
}
