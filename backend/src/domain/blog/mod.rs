//! The blog's rules: a post's fields (`post`), its address (`slug`), its Markdown turned into
//! safe HTML (`render`), its reading time (`reading`), what its narration says (`narration`),
//! the lists' pages (`paging`), comments and their moderation (`comment`), and what holds spam
//! off (`spam`). Pure: no I/O.

pub mod comment;
mod error;
pub mod narration;
pub mod paging;
pub mod post;
pub mod reading;
pub mod render;
pub mod slug;
pub mod spam;
pub mod visitor;

use crate::domain::language::Language;

pub use error::BlogError;

/// The language of a post that names none (the spec's default).
pub const DEFAULT_LANGUAGE: Language = Language::En;

/// Whether the user whose address is `email` is one of the blog's editors (`editors` are the
/// addresses `BLOG_EDITOR_EMAILS` names, lower-cased).
pub fn is_editor(editors: &[String], email: &str) -> bool {
    let email = email.trim();
    editors.iter().any(|e| e.eq_ignore_ascii_case(email))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editors_are_named_by_address_whatever_the_case() {
        let editors = vec!["ed@clockto.test".to_string()];
        assert!(is_editor(&editors, " Ed@Clockto.TEST "));
        assert!(!is_editor(&editors, "someone@clockto.test"));
        assert!(!is_editor(&[], "ed@clockto.test"));
    }

    #[test]
    fn the_spec_s_texts_are_said_word_for_word() {
        assert_eq!(BlogError::PostMissing.message(), "blog.post.doesn't.exist");
        assert_eq!(BlogError::PostUnknown.message(), "blog.post.does.not.exist");
        assert_eq!(
            BlogError::NoMatchingTitle.message(),
            "no.document.with.matching.title"
        );
        assert_eq!(BlogError::Reaction.message(), "couldn't create reaction!");
        assert_eq!(DEFAULT_LANGUAGE.as_str(), "en");
    }
}
