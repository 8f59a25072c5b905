//! The blog's two cookies, both first-party and out of scripts' reach: the visitor's random
//! id (a like and a reading count once per visitor), and the ticket a post's page hands its
//! comment form (kept beside the page rather than in it, so the page's bytes, and so its
//! entity tag, stay the same between readings).

use crate::domain::blog::visitor;
use actix_web::http::header;
use actix_web::HttpRequest;
use uuid::Uuid;

/// The ticket's cookie, scoped to its post's address.
pub const TICKET: &str = "clockto_ticket";

/// A cookie's value in the request.
pub fn read(req: &HttpRequest, name: &str) -> Option<String> {
    req.headers()
        .get_all(header::COOKIE)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(name)?.strip_prefix('='))
        .map(str::to_string)
}

fn secure(public_url: &str) -> &'static str {
    if public_url.starts_with("https://") {
        "; Secure"
    } else {
        ""
    }
}

/// The visitor the request's cookie names, or a new one with the `Set-Cookie` that keeps it.
pub fn visitor(req: &HttpRequest, public_url: &str) -> (Uuid, Option<String>) {
    if let Some(id) = read(req, visitor::COOKIE).and_then(|v| visitor::parse(&v)) {
        return (id, None);
    }
    let id = Uuid::new_v4();
    let cookie = format!(
        "{}={id}; Path=/posts; Max-Age={}; HttpOnly; SameSite=Lax{}",
        visitor::COOKIE,
        visitor::COOKIE_DAYS * 24 * 3600,
        secure(public_url)
    );
    (id, Some(cookie))
}

/// The `Set-Cookie` of a post's comment ticket, sent back with its comments only (`path` is
/// the post's address as the browser asked for it).
pub fn ticket(path: &str, ticket: &str, public_url: &str) -> String {
    format!(
        "{TICKET}={ticket}; Path={path}/comments; Max-Age={}; HttpOnly; SameSite=Strict{}",
        crate::domain::blog::spam::MAX_AGE_SECONDS,
        secure(public_url)
    )
}
