//! Announcements: a manager's notification to the whole team or to chosen colleagues (the
//! spec's `/newNotification` screen). Each reader gets their own notification, so each has
//! their own seen state and push, as with every other notification of one reader.

use crate::domain::notification::Variant;

/// The longest title.
pub const TITLE_MAX: usize = 100;
/// The longest text.
pub const CONTENT_MAX: usize = 1000;
/// The most colleagues one announcement names (beyond that, send it to everyone).
pub const RECIPIENTS_MAX: usize = 500;

/// Why an announcement is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("An announcement needs a title.")]
    NoTitle,
    #[error("A title has at most 100 characters.")]
    TitleTooLong,
    #[error("An announcement needs a text.")]
    NoContent,
    #[error("An announcement has at most 1000 characters.")]
    ContentTooLong,
    #[error("variant must be 1 (success), 2 (warning), 3 (error) or 4 (info).")]
    BadVariant,
    #[error("An announcement names at most 500 colleagues.")]
    TooManyRecipients,
}

impl Refusal {
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::NoTitle => "announcement_no_title",
            Refusal::TitleTooLong => "announcement_title_too_long",
            Refusal::NoContent => "announcement_no_content",
            Refusal::ContentTooLong => "announcement_too_long",
            Refusal::BadVariant => "invalid_variant",
            Refusal::TooManyRecipients => "too_many_recipients",
        }
    }
}

/// An announcement as it is sent: trimmed title and text, and its variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Announcement {
    pub title: String,
    pub content: String,
    pub variant: Variant,
}

impl Announcement {
    /// Checks what a manager wrote; the variant defaults to info.
    pub fn parse(
        title: &str,
        content: &str,
        variant: Option<i16>,
        recipients: usize,
    ) -> Result<Announcement, Refusal> {
        let title = title.trim();
        let content = content.trim();
        if title.is_empty() {
            return Err(Refusal::NoTitle);
        }
        if title.chars().count() > TITLE_MAX {
            return Err(Refusal::TitleTooLong);
        }
        if content.is_empty() {
            return Err(Refusal::NoContent);
        }
        if content.chars().count() > CONTENT_MAX {
            return Err(Refusal::ContentTooLong);
        }
        if recipients > RECIPIENTS_MAX {
            return Err(Refusal::TooManyRecipients);
        }
        let variant = match variant {
            None => Variant::Info,
            Some(code) => Variant::from_code(code).ok_or(Refusal::BadVariant)?,
        };
        Ok(Announcement {
            title: title.to_string(),
            content: content.to_string(),
            variant,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_and_a_text_are_trimmed_and_the_variant_defaults_to_info() {
        let a = Announcement::parse("  Inventory  ", " Sunday 8:00, everyone. ", None, 0)
            .expect("valid");
        assert_eq!(a.title, "Inventory");
        assert_eq!(a.content, "Sunday 8:00, everyone.");
        assert_eq!(a.variant, Variant::Info);
        let warning = Announcement::parse("Heat", "Drink water.", Some(2), 3).expect("valid");
        assert_eq!(warning.variant, Variant::Warning);
    }

    #[test]
    fn empty_long_and_unknown_parts_are_refused() {
        assert_eq!(
            Announcement::parse(" ", "x", None, 0),
            Err(Refusal::NoTitle)
        );
        assert_eq!(
            Announcement::parse("x", "\n ", None, 0),
            Err(Refusal::NoContent)
        );
        assert_eq!(
            Announcement::parse(&"t".repeat(101), "x", None, 0),
            Err(Refusal::TitleTooLong)
        );
        assert!(Announcement::parse(&"é".repeat(100), "x", None, 0).is_ok());
        assert_eq!(
            Announcement::parse("x", &"c".repeat(1001), None, 0),
            Err(Refusal::ContentTooLong)
        );
        assert_eq!(
            Announcement::parse("x", "y", Some(5), 0),
            Err(Refusal::BadVariant)
        );
        assert_eq!(
            Announcement::parse("x", "y", Some(0), 0),
            Err(Refusal::BadVariant)
        );
        assert_eq!(
            Announcement::parse("x", "y", None, 501),
            Err(Refusal::TooManyRecipients)
        );
        assert_eq!(Refusal::TooManyRecipients.code(), "too_many_recipients");
    }
}
