//! Where a call comes from: its network address and the language it asks for.

use crate::domain::language::Language;
use std::net::IpAddr;

/// Where a call comes from, besides who makes it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Origin {
    /// The network address it came from, when known (for per-client limits).
    pub client: Option<IpAddr>,
    /// The language the request asks for (`Accept-Language`), when it names one of ours. The
    /// web app sends its own; a socket's calls carry none, since the browser, not the app,
    /// words its handshake's header.
    pub language: Option<Language>,
}

impl Origin {
    /// The origin of an HTTP request: its peer (not a forwarded header, which is the caller's
    /// to forge) and its `Accept-Language`.
    pub fn of(req: &actix_web::HttpRequest) -> Origin {
        Origin {
            client: req.peer_addr().map(|a| a.ip()),
            language: req
                .headers()
                .get(actix_web::http::header::ACCEPT_LANGUAGE)
                .and_then(|v| v.to_str().ok())
                .and_then(Language::from_accept_language),
        }
    }
}
