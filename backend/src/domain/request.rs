//! Requests an employee makes of their managers (time off, drop shift) and their states.

use serde::{Deserialize, Serialize};

/// The kind of a request. Availability is kept as recurring windows of its own and is not
/// a request that waits for an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum RequestKind {
    #[serde(rename = "timeoff")]
    TimeOff,
    #[serde(rename = "dropshift")]
    DropShift,
}

impl RequestKind {
    pub fn as_str(self) -> &'static str {
        match self {
            RequestKind::TimeOff => "timeoff",
            RequestKind::DropShift => "dropshift",
        }
    }

    pub fn parse(s: &str) -> Option<RequestKind> {
        [RequestKind::TimeOff, RequestKind::DropShift]
            .into_iter()
            .find(|k| k.as_str() == s)
    }
}

/// Where a request stands.
///
/// Time off: pending, then accepted or denied by a manager, or cancelled by its author.
/// Drop shift: pending, grabbed (another employee took it, waiting for a manager), then
/// accepted (the shift changed hands); a rejected grab puts it back to pending, and a
/// request whose shift left the dropper's hands is cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RequestStatus {
    Pending,
    Grabbed,
    Accepted,
    Denied,
    Cancelled,
}

impl RequestStatus {
    pub const ALL: [RequestStatus; 5] = [
        RequestStatus::Pending,
        RequestStatus::Grabbed,
        RequestStatus::Accepted,
        RequestStatus::Denied,
        RequestStatus::Cancelled,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            RequestStatus::Pending => "pending",
            RequestStatus::Grabbed => "grabbed",
            RequestStatus::Accepted => "accepted",
            RequestStatus::Denied => "denied",
            RequestStatus::Cancelled => "cancelled",
        }
    }

    pub fn parse(s: &str) -> Option<RequestStatus> {
        RequestStatus::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// Still waiting for an answer: only such requests may be edited or deleted.
    pub fn is_unresolved(self) -> bool {
        matches!(self, RequestStatus::Pending | RequestStatus::Grabbed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for s in RequestStatus::ALL {
            assert_eq!(RequestStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(RequestKind::parse("timeoff"), Some(RequestKind::TimeOff));
        assert_eq!(
            RequestKind::parse("dropshift"),
            Some(RequestKind::DropShift)
        );
        assert_eq!(RequestKind::parse("vacation"), None);
    }

    #[test]
    fn only_pending_and_grabbed_requests_are_unresolved() {
        let open: Vec<_> = RequestStatus::ALL
            .into_iter()
            .filter(|s| s.is_unresolved())
            .collect();
        assert_eq!(open, vec![RequestStatus::Pending, RequestStatus::Grabbed]);
    }
}
