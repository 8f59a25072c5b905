//! Comments and their answers: who sees them, when they wait for an editor, and what an
//! editor does with them.

use super::error::BlogError;

pub const NAME_MAX: usize = 80;
pub const TEXT_MAX: usize = 4_000;
pub const IMAGE_URL_MAX: usize = 500;
/// The most comments (answers included) a post shows.
pub const SHOWN_MAX: usize = 500;

/// Where a comment stands.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[schema(as = CommentStatus)]
pub enum Status {
    /// Waiting for an editor: seen by editors only.
    Pending,
    /// Shown to every reader.
    Approved,
    /// Taken off the page by an editor (kept, and may be approved again).
    Hidden,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Approved => "approved",
            Status::Hidden => "hidden",
        }
    }

    pub fn parse(s: &str) -> Option<Status> {
        [Status::Pending, Status::Approved, Status::Hidden]
            .into_iter()
            .find(|st| st.as_str() == s)
    }
}

/// A new comment's standing: a signed-in member's is shown at once, a visitor's waits for an
/// editor.
pub fn arrives(signed_in: bool) -> Status {
    if signed_in {
        Status::Approved
    } else {
        Status::Pending
    }
}

/// What an editor does with a comment.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[schema(as = CommentModeration)]
pub enum Moderation {
    Approve,
    Hide,
    /// Removes it, with its answers.
    Delete,
}

/// The standing a moderation leaves (none: the comment is gone).
pub fn moderated(action: Moderation) -> Option<Status> {
    match action {
        Moderation::Approve => Some(Status::Approved),
        Moderation::Hide => Some(Status::Hidden),
        Moderation::Delete => None,
    }
}

/// The comment an answer hangs under. Answers are one level deep (the spec's `responses`):
/// an answer to an answer joins its thread. `target` is the comment answered, as
/// `(its post, its own parent)`; it must be of the same post.
pub fn thread_of(
    post: uuid::Uuid,
    target_id: uuid::Uuid,
    target: Option<(uuid::Uuid, Option<uuid::Uuid>)>,
) -> Result<uuid::Uuid, BlogError> {
    match target {
        Some((of_post, parent)) if of_post == post => Ok(parent.unwrap_or(target_id)),
        _ => Err(BlogError::AnswerElsewhere),
    }
}

/// Whether a reader who is not an editor sees a comment: approved, under a shown thread.
pub fn shown(status: Status, thread: Option<Status>) -> bool {
    status == Status::Approved && thread.is_none_or(|t| t == Status::Approved)
}

/// A commenter's picture: an `https` address, or none.
pub fn image_url(raw: Option<&str>) -> Result<Option<String>, BlogError> {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return Ok(None);
    };
    let url = url::Url::parse(raw).map_err(|_| BlogError::ImageUrl)?;
    if url.scheme() != "https" || url.host_str().is_none() || raw.len() > IMAGE_URL_MAX {
        return Err(BlogError::ImageUrl);
    }
    Ok(Some(url.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    #[test]
    fn a_member_s_comment_is_shown_and_a_visitor_s_waits() {
        assert_eq!(arrives(true), Status::Approved);
        assert_eq!(arrives(false), Status::Pending);
    }

    #[test]
    fn editors_approve_hide_and_delete() {
        assert_eq!(moderated(Moderation::Approve), Some(Status::Approved));
        assert_eq!(moderated(Moderation::Hide), Some(Status::Hidden));
        assert_eq!(moderated(Moderation::Delete), None);
        for s in [Status::Pending, Status::Approved, Status::Hidden] {
            assert_eq!(Status::parse(s.as_str()), Some(s));
        }
    }

    #[test]
    fn answers_are_one_level_deep_and_of_the_same_post() {
        let (post, other) = (Uuid::now_v7(), Uuid::now_v7());
        let (top, answer) = (Uuid::now_v7(), Uuid::now_v7());
        assert_eq!(thread_of(post, top, Some((post, None))), Ok(top));
        assert_eq!(thread_of(post, answer, Some((post, Some(top)))), Ok(top));
        assert_eq!(
            thread_of(post, top, Some((other, None))),
            Err(BlogError::AnswerElsewhere)
        );
        assert_eq!(thread_of(post, top, None), Err(BlogError::AnswerElsewhere));
    }

    #[test]
    fn readers_see_approved_comments_of_shown_threads() {
        assert!(shown(Status::Approved, None));
        assert!(shown(Status::Approved, Some(Status::Approved)));
        assert!(!shown(Status::Approved, Some(Status::Hidden)));
        assert!(!shown(Status::Pending, None));
        assert!(!shown(Status::Hidden, None));
    }

    #[test]
    fn a_picture_is_an_https_address() {
        assert_eq!(image_url(None), Ok(None));
        assert_eq!(image_url(Some("  ")), Ok(None));
        assert_eq!(
            image_url(Some("https://pics.test/me.png")),
            Ok(Some("https://pics.test/me.png".into()))
        );
        for bad in [
            "http://pics.test/me.png",
            "javascript:alert(1)",
            "data:image/png;base64,AA",
            "me.png",
        ] {
            assert_eq!(image_url(Some(bad)), Err(BlogError::ImageUrl), "{bad}");
        }
    }
}
