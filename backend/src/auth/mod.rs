//! Authentication: session tokens, password hashing, the sign-in throttle, one-time codes,
//! and resolving who is calling.

pub mod codes;
pub mod jwt;
pub mod password;
pub mod throttle;

use crate::domain::ids::UserId;
use actix_web::http::header;
use actix_web::HttpRequest;

/// The outcome of reading the `Authorization` header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bearer {
    /// No token was sent.
    Missing,
    /// A token was sent but is malformed, forged or expired.
    Invalid,
    /// A valid token of this user.
    User(UserId),
}

impl Bearer {
    pub fn user(self) -> Option<UserId> {
        match self {
            Bearer::User(u) => Some(u),
            _ => None,
        }
    }
}

/// Reads and verifies the bearer token of a request.
pub fn bearer(req: &HttpRequest, keys: &jwt::Keys) -> Bearer {
    let Some(value) = req.headers().get(header::AUTHORIZATION) else {
        return Bearer::Missing;
    };
    let Some(token) = value.to_str().ok().and_then(|v| v.strip_prefix("Bearer ")) else {
        return Bearer::Invalid;
    };
    verify_token(token.trim(), keys)
}

/// Verifies a raw token (from a header or the socket handshake).
pub fn verify_token(token: &str, keys: &jwt::Keys) -> Bearer {
    match keys.verify(token) {
        Ok(user) => Bearer::User(user),
        Err(_) => Bearer::Invalid,
    }
}
