//! The rules of support: a ticket's priority and status, how answers and comments move its
//! status and its `seen` mark, and the bounds of tickets, comments and feedback.

use std::fmt;

/// The longest ticket title.
pub const TITLE_MAX: usize = 200;
/// The longest description, comment or response.
pub const TEXT_MAX: usize = 5000;
/// The longest feedback text.
pub const FEEDBACK_MAX: usize = 2000;
/// The lowest rating.
pub const RATING_MIN: i16 = 1;
/// The highest rating.
pub const RATING_MAX: i16 = 5;
/// Files a ticket carries.
pub const ATTACHMENTS_MAX: usize = 1;
/// Entries of a ticket's thread (the first description included).
pub const THREAD_MAX: usize = 200;
/// Tickets one list shows.
pub const LIST_MAX: i64 = 200;

/// How urgent a ticket is.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum Priority {
    Low,
    Medium,
    High,
}

impl Priority {
    pub fn as_str(self) -> &'static str {
        match self {
            Priority::Low => "low",
            Priority::Medium => "medium",
            Priority::High => "high",
        }
    }

    pub fn parse(s: &str) -> Option<Priority> {
        [Priority::Low, Priority::Medium, Priority::High]
            .into_iter()
            .find(|p| p.as_str() == s)
    }
}

/// Where a ticket stands.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase")]
pub enum Status {
    /// Waiting for support: new, or reopened by the user's comment.
    Pending,
    /// Support is on it.
    InProgress,
    /// Support considers it solved.
    Resolved,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::InProgress => "inProgress",
            Status::Resolved => "resolved",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        [Status::Pending, Status::InProgress, Status::Resolved]
            .into_iter()
            .find(|p| p.as_str() == s)
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A ticket's status and whether its user has read support's latest answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Standing {
    pub status: Status,
    pub seen: bool,
}

/// Why a ticket change is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SupportRuleError {
    /// Support answers with a ticket in progress or resolved, never pending.
    AnswerStatus,
    /// A rating is from 1 to 5.
    Rating,
}

impl SupportRuleError {
    pub fn code(self) -> &'static str {
        match self {
            SupportRuleError::AnswerStatus => "invalid_ticket_status",
            SupportRuleError::Rating => "invalid_rating",
        }
    }
}

impl fmt::Display for SupportRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SupportRuleError::AnswerStatus => "An answer sets the ticket in progress or resolved.",
            SupportRuleError::Rating => "A rating is from 1 to 5.",
        })
    }
}

/// A new ticket: pending, not seen (the spec's words).
pub fn raised() -> Standing {
    Standing {
        status: Status::Pending,
        seen: false,
    }
}

/// Support answers: the ticket takes the status they chose (in progress or resolved) and the
/// user has something new to read.
pub fn answered(status: Status) -> Result<Standing, SupportRuleError> {
    match status {
        Status::Pending => Err(SupportRuleError::AnswerStatus),
        status => Ok(Standing {
            status,
            seen: false,
        }),
    }
}

/// A comment on the thread. The user's comment on a resolved ticket reopens it as pending;
/// support's comment leaves the status and gives the user something new to read.
pub fn commented(before: Standing, by_support: bool) -> Standing {
    if by_support {
        return Standing {
            status: before.status,
            seen: false,
        };
    }
    let status = match before.status {
        Status::Resolved => Status::Pending,
        other => other,
    };
    Standing {
        status,
        seen: before.seen,
    }
}

/// A rating, checked.
pub fn rating(value: i64) -> Result<i16, SupportRuleError> {
    i16::try_from(value)
        .ok()
        .filter(|r| (RATING_MIN..=RATING_MAX).contains(r))
        .ok_or(SupportRuleError::Rating)
}

/// Whether an e-mail address is one of support's (addresses compared without case).
pub fn is_support(staff: &[String], email: &str) -> bool {
    let email = email.trim();
    staff.iter().any(|s| s.eq_ignore_ascii_case(email))
}

/// The support addresses of a comma-separated setting: trimmed, lower-cased, empty ones left
/// out.
pub fn staff_list(setting: &str) -> Vec<String> {
    setting
        .split(',')
        .map(|s| s.trim().to_lowercase())
        .filter(|s| !s.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_ticket_is_pending_and_unseen() {
        assert_eq!(
            raised(),
            Standing {
                status: Status::Pending,
                seen: false
            }
        );
    }

    #[test]
    fn support_answers_in_progress_or_resolved_and_the_user_has_news() {
        for status in [Status::InProgress, Status::Resolved] {
            assert_eq!(
                answered(status),
                Ok(Standing {
                    status,
                    seen: false
                })
            );
        }
        assert_eq!(
            answered(Status::Pending),
            Err(SupportRuleError::AnswerStatus)
        );
    }

    #[test]
    fn the_users_comment_reopens_a_resolved_ticket() {
        let resolved = Standing {
            status: Status::Resolved,
            seen: true,
        };
        assert_eq!(
            commented(resolved, false),
            Standing {
                status: Status::Pending,
                seen: true
            }
        );
        let working = Standing {
            status: Status::InProgress,
            seen: true,
        };
        assert_eq!(commented(working, false), working);
        assert_eq!(
            commented(resolved, true),
            Standing {
                status: Status::Resolved,
                seen: false
            }
        );
    }

    #[test]
    fn ratings_are_one_to_five() {
        assert_eq!(rating(1), Ok(1));
        assert_eq!(rating(5), Ok(5));
        for bad in [0, 6, -1, i64::MAX] {
            assert_eq!(rating(bad), Err(SupportRuleError::Rating));
        }
    }

    #[test]
    fn support_staff_by_address() {
        let staff = staff_list(" Help@Example.com, ,ops@example.com");
        assert_eq!(staff, vec!["help@example.com", "ops@example.com"]);
        assert!(is_support(&staff, "help@example.COM"));
        assert!(!is_support(&staff, "someone@example.com"));
        assert!(!is_support(&[], "help@example.com"));
    }

    #[test]
    fn names_round_trip() {
        for s in [Status::Pending, Status::InProgress, Status::Resolved] {
            assert_eq!(Status::parse(s.as_str()), Some(s));
        }
        for p in [Priority::Low, Priority::Medium, Priority::High] {
            assert_eq!(Priority::parse(p.as_str()), Some(p));
        }
        assert_eq!(Status::parse("open"), None);
    }
}
