//! The blog's refusals: the spec's texts where it has them, each with its stable code.

/// The spec's texts of the blog's refusals, and the others, each with its stable code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BlogError {
    /// No published post at an address (a visitor's read).
    PostMissing,
    /// No post of an id (a call naming one).
    PostUnknown,
    /// A search by title found nothing.
    NoMatchingTitle,
    /// A like could not be counted (no visitor to count it for).
    Reaction,
    NotEditor,
    CoverRequired,
    SlugRequired,
    SlugReserved,
    SlugTaken,
    TranslationExists,
    TooManyTags,
    CommentUnknown,
    /// An answer to a comment of another post.
    AnswerElsewhere,
    ImageUrl,
    TooFast,
    Ticket,
}

impl BlogError {
    pub fn code(self) -> &'static str {
        match self {
            BlogError::PostMissing => "post_not_found",
            BlogError::PostUnknown => "post_not_found",
            BlogError::NoMatchingTitle => "no_matching_title",
            BlogError::Reaction => "reaction_failed",
            BlogError::NotEditor => "not_blog_editor",
            BlogError::CoverRequired => "cover_required",
            BlogError::SlugRequired => "slug_required",
            BlogError::SlugReserved => "slug_reserved",
            BlogError::SlugTaken => "slug_taken",
            BlogError::TranslationExists => "translation_exists",
            BlogError::TooManyTags => "too_many_tags",
            BlogError::CommentUnknown => "comment_not_found",
            BlogError::AnswerElsewhere => "comment_not_found",
            BlogError::ImageUrl => "invalid_image_url",
            BlogError::TooFast => "comment_too_fast",
            BlogError::Ticket => "comment_ticket_invalid",
        }
    }

    /// The text a caller reads: the spec's catalogue where it has one.
    pub fn message(self) -> &'static str {
        match self {
            BlogError::PostMissing => "blog.post.doesn't.exist",
            BlogError::PostUnknown => "blog.post.does.not.exist",
            BlogError::NoMatchingTitle => "no.document.with.matching.title",
            BlogError::Reaction => "couldn't create reaction!",
            BlogError::NotEditor => "Only the blog's editors write posts.",
            BlogError::CoverRequired => "A post needs a cover image.",
            BlogError::SlugRequired => {
                "A post needs an address: give a slug, or a title with letters or digits."
            }
            BlogError::SlugReserved => "This address is kept for the blog's own pages.",
            BlogError::SlugTaken => "Another post in this language has this address.",
            BlogError::TranslationExists => "The post already has a version in this language.",
            BlogError::TooManyTags => "A post has at most 8 tags.",
            BlogError::CommentUnknown => "Comment not found.",
            BlogError::AnswerElsewhere => "Comment not found.",
            BlogError::ImageUrl => "The picture must be an https address.",
            BlogError::TooFast => "Take a moment to read before you comment, then send it again.",
            BlogError::Ticket => "This page is too old to comment from: reload it and send again.",
        }
    }
}

impl std::fmt::Display for BlogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.message())
    }
}

impl std::error::Error for BlogError {}
