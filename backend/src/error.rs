//! The one error type of the server. Every failure a caller can see is an [`AppError`]: a kind
//! (which fixes the HTTP status), a stable snake_case code, the spec's message text word for
//! word, and optional details. Causes are logged, never sent.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;
use serde_json::Value;
use std::borrow::Cow;
use std::fmt;

/// What went wrong, from the caller's point of view. Fixes the HTTP status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ErrorKind {
    /// A rule or validation failed (400).
    BadRequest,
    /// Not signed in, or the token is bad (401).
    Unauthorized,
    /// Signed in but not allowed (403).
    Forbidden,
    /// The thing named does not exist, or is not the caller's to see (404).
    NotFound,
    /// A stale edit or a lost race (409).
    Conflict,
    /// The body is too large (413).
    PayloadTooLarge,
    /// Too many attempts (429).
    RateLimited,
    /// A dependency (the database) is down (503).
    Unavailable,
    /// A bug (500). The message sent is generic.
    Internal,
}

impl ErrorKind {
    pub fn status(self) -> StatusCode {
        match self {
            ErrorKind::BadRequest => StatusCode::BAD_REQUEST,
            ErrorKind::Unauthorized => StatusCode::UNAUTHORIZED,
            ErrorKind::Forbidden => StatusCode::FORBIDDEN,
            ErrorKind::NotFound => StatusCode::NOT_FOUND,
            ErrorKind::Conflict => StatusCode::CONFLICT,
            ErrorKind::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ErrorKind::RateLimited => StatusCode::TOO_MANY_REQUESTS,
            ErrorKind::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ErrorKind::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The error of every fallible call in the server.
#[derive(Debug)]
pub struct AppError {
    pub kind: ErrorKind,
    /// Stable machine-readable code, e.g. `permission_denied`.
    pub code: &'static str,
    /// Human text; for catalogue errors the spec's text exactly (clients match on it).
    pub message: Cow<'static, str>,
    /// Extra structured information (shift error type, conflicting items, current shift).
    pub details: Option<Value>,
    /// The underlying cause, logged and never sent.
    source: Option<Box<dyn std::error::Error + Send + Sync>>,
}

/// The JSON body of a failure.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    pub message: String,
    pub code: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<Value>,
}

pub type AppResult<T> = Result<T, AppError>;

impl AppError {
    pub fn new(kind: ErrorKind, code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        AppError {
            kind,
            code,
            message: message.into(),
            details: None,
            source: None,
        }
    }

    pub fn bad_request(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::BadRequest, code, message)
    }

    pub fn unauthorized(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::Unauthorized, code, message)
    }

    pub fn forbidden(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::Forbidden, code, message)
    }

    pub fn not_found(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::NotFound, code, message)
    }

    pub fn conflict(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(ErrorKind::Conflict, code, message)
    }

    /// A 400 for a field that failed validation; `message` names the problem.
    pub fn invalid(message: impl Into<Cow<'static, str>>) -> Self {
        Self::bad_request("invalid_input", message)
    }

    /// An unexpected failure: logged with its cause, answered with a generic message.
    pub fn internal(cause: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        AppError {
            kind: ErrorKind::Internal,
            code: "internal_error",
            message: Cow::Borrowed("something.went.wrong"),
            details: None,
            source: Some(cause.into()),
        }
    }

    /// The database could not be reached.
    pub fn unavailable(cause: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        AppError {
            kind: ErrorKind::Unavailable,
            code: "service_unavailable",
            message: Cow::Borrowed("The service is temporarily unavailable, try again shortly."),
            details: None,
            source: Some(cause.into()),
        }
    }

    /// A copy for answering several callers with one failure (the cause stays with the
    /// original, which is the one logged).
    pub fn duplicate(&self) -> AppError {
        AppError {
            kind: self.kind,
            code: self.code,
            message: self.message.clone(),
            details: self.details.clone(),
            source: None,
        }
    }

    pub fn with_details(mut self, details: Value) -> Self {
        self.details = Some(details);
        self
    }

    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            message: self.message.to_string(),
            code: self.code.to_string(),
            details: self.details.clone(),
        }
    }
}

impl fmt::Display for AppError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.message, self.code)?;
        if let Some(source) = &self.source {
            write!(f, ": {source}")?;
        }
        Ok(())
    }
}

impl std::error::Error for AppError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        self.kind.status()
    }

    fn error_response(&self) -> HttpResponse {
        match self.kind {
            ErrorKind::Internal => tracing::error!(error = %self, "request failed"),
            ErrorKind::Unavailable => tracing::warn!(error = %self, "dependency unavailable"),
            _ => tracing::debug!(error = %self, "request refused"),
        }
        HttpResponse::build(self.status_code()).json(self.body())
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error};
        match e {
            Error::NotFound => AppError::not_found("not_found", "Not found."),
            Error::DatabaseError(DatabaseErrorKind::ClosedConnection, _)
            | Error::DatabaseError(DatabaseErrorKind::UnableToSendCommand, _) => {
                AppError::unavailable(e)
            }
            Error::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => AppError::conflict(
                "conflict",
                "The change conflicted with another one; try again.",
            ),
            other => AppError::internal(other),
        }
    }
}

impl From<r2d2::Error> for AppError {
    fn from(e: r2d2::Error) -> Self {
        AppError::unavailable(e)
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        AppError::internal(e)
    }
}

impl From<serde_json::Error> for AppError {
    fn from(e: serde_json::Error) -> Self {
        AppError::invalid(format!("Invalid request body: {e}"))
    }
}

impl From<crate::domain::billing::limits::Refusal> for AppError {
    /// A plan's limit: the caller is not allowed this on the store's plan (403).
    fn from(refusal: crate::domain::billing::limits::Refusal) -> Self {
        AppError::forbidden(refusal.code, refusal.message).with_details(refusal.details)
    }
}

impl From<crate::domain::blog::BlogError> for AppError {
    /// A blog rule: a missing post or comment is a 404, a write by someone who is not an
    /// editor a 403, an address or a language already taken a 409, anything else a 400.
    fn from(e: crate::domain::blog::BlogError) -> Self {
        use crate::domain::blog::BlogError as E;
        let kind = match e {
            E::PostMissing
            | E::PostUnknown
            | E::NoMatchingTitle
            | E::CommentUnknown
            | E::AnswerElsewhere => ErrorKind::NotFound,
            E::NotEditor => ErrorKind::Forbidden,
            E::SlugTaken | E::TranslationExists => ErrorKind::Conflict,
            _ => ErrorKind::BadRequest,
        };
        AppError::new(kind, e.code(), e.message())
    }
}
