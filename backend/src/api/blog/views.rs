//! The blog's answers: a post as lists show it, a post with its comments, and what editors
//! see besides (drafts, the Markdown, comments waiting, commenters' addresses).

use crate::db::models::blog::{Comment, Post};
use crate::db::models::file::StoredFile;
use crate::domain::blog::comment::{self, Status};
use crate::domain::blog::paging::PAGE_MAX;
use crate::domain::blog::post::TAGS_MAX;
use crate::domain::ids::FileId;
use crate::domain::language::Language;
use crate::domain::list::StringList;
use crate::domain::upload::{scaled_size, COVER_SIDE};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

/// A post's cover: its resized copy (webp), with its size.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostCover {
    #[schema(value_type = String, format = Uuid)]
    pub id: FileId,
    /// The resized copy (at most 1200 px), public.
    pub url: String,
    /// Pixels.
    pub width: i32,
    pub height: i32,
    /// A copy sized for a phone (at most 800 px), public.
    pub small_url: String,
}

impl PostCover {
    /// The cover of a post, from its file (a post's cover always is one; its size is unknown
    /// only if the file is gone).
    pub fn of(id: FileId, file: Option<&StoredFile>) -> PostCover {
        let side = |v: Option<i32>| v.and_then(|v| u32::try_from(v).ok()).unwrap_or(COVER_SIDE);
        let (width, height) = file.map_or((COVER_SIDE, COVER_SIDE / 2), |f| {
            scaled_size(side(f.width), side(f.height), COVER_SIDE)
        });
        let px = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
        PostCover {
            id,
            url: format!("/api/v1/files/{id}/thumbnail"),
            small_url: format!("/api/v1/files/{id}/small"),
            width: px(width),
            height: px(height),
        }
    }
}

/// Who wrote a post.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PostAuthor {
    pub name: String,
    /// The address of their picture.
    #[schema(required = true)]
    pub avatar: Option<String>,
}

/// A post's narration, once made.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PostAudio {
    pub url: String,
    /// Seconds.
    pub duration: i32,
}

/// A post as lists show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostSummary {
    #[schema(value_type = String, format = Uuid)]
    pub id: Uuid,
    pub title: String,
    pub slug: String,
    #[serde(rename = "abstract")]
    pub abstract_text: String,
    pub cover: PostCover,
    pub tags: StringList<{ TAGS_MAX }>,
    pub author: PostAuthor,
    pub language: Language,
    /// Epoch milliseconds.
    pub created_at: i64,
    /// The last change, epoch milliseconds: lists are ordered by it, newest first.
    pub modified: i64,
    pub published: bool,
    /// The first publication, epoch milliseconds.
    #[schema(required = true)]
    pub published_at: Option<i64>,
    /// Visitors who like it.
    pub like: i32,
    /// Visitors who read it.
    pub seen_count: i32,
    /// Reading time, seconds.
    pub duration: i32,
    /// The narration; none until it is made, and none where no voice speaks the language.
    #[schema(required = true)]
    pub audio: Option<PostAudio>,
    /// Comments readers see.
    pub comment_count: i64,
    /// Comments waiting for an editor: editors' lists only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pending_comments: Option<i64>,
}

crate::domain::list::component_list!(PostSummaryList = PostSummary);

impl PostSummary {
    pub fn of(post: &Post, cover: Option<&StoredFile>, comments: i64) -> PostSummary {
        PostSummary {
            id: post.id,
            title: post.title.clone(),
            slug: post.slug.clone(),
            abstract_text: post.abstract_text.clone(),
            cover: PostCover::of(post.cover_id, cover),
            tags: post.tags.clone().into(),
            author: PostAuthor {
                name: post.author_name.clone(),
                avatar: post.author_avatar.clone(),
            },
            language: post.language,
            created_at: post.created_at.timestamp_millis(),
            modified: post.modified_at.timestamp_millis(),
            published: post.published,
            published_at: post.published_at.map(|t| t.timestamp_millis()),
            like: post.likes,
            seen_count: post.seen,
            duration: post.duration,
            audio: audio_of(post),
            comment_count: comments,
            pending_comments: None,
        }
    }
}

/// Where a post's narration is heard, once made.
pub fn audio_of(post: &Post) -> Option<PostAudio> {
    match (&post.audio_key, post.audio_duration) {
        (Some(key), Some(duration)) => Some(PostAudio {
            url: crate::domain::blog::narration::address(post.id, key),
            duration,
        }),
        _ => None,
    }
}

/// A page of posts.
#[derive(Debug, Serialize, ToSchema)]
pub struct PostList {
    pub posts: PostSummaryList<{ PAGE_MAX as usize }>,
    /// Whether more posts follow this page.
    pub more: bool,
}

/// An answer to a comment.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentAnswer {
    #[schema(value_type = String, format = Uuid)]
    pub id: Uuid,
    pub text: String,
    pub author: String,
    /// The commenter's address: editors only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[schema(required = true)]
    pub img_url: Option<String>,
    pub status: Status,
    /// Epoch milliseconds.
    pub created_at: i64,
    pub updated_at: i64,
}

crate::domain::list::component_list!(CommentAnswerList = CommentAnswer);

/// A comment and its answers.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommentView {
    #[serde(flatten)]
    pub comment: CommentAnswer,
    /// Oldest first.
    pub responses: CommentAnswerList<{ comment::SHOWN_MAX }>,
}

crate::domain::list::component_list!(CommentList = CommentView);

fn answer(c: &Comment, editor: bool) -> CommentAnswer {
    CommentAnswer {
        id: c.id,
        text: c.text.clone(),
        author: c.author_name.clone(),
        email: editor.then(|| c.email.clone()),
        img_url: c.img_url.clone(),
        status: c.status,
        created_at: c.created_at.timestamp_millis(),
        updated_at: c.updated_at.timestamp_millis(),
    }
}

/// A post's comments as threads, oldest first: every one for an editor; for a reader the
/// approved ones under approved threads.
pub fn threads(comments: &[Comment], editor: bool) -> Vec<CommentView> {
    let status_of = |id: Uuid| comments.iter().find(|c| c.id == id).map(|c| c.status);
    let visible = |c: &Comment| editor || comment::shown(c.status, c.parent_id.and_then(status_of));
    comments
        .iter()
        .filter(|c| c.parent_id.is_none() && visible(c))
        .map(|top| CommentView {
            comment: answer(top, editor),
            responses: comments
                .iter()
                .filter(|c| c.parent_id == Some(top.id) && visible(c))
                .map(|c| answer(c, editor))
                .collect::<Vec<_>>()
                .into(),
        })
        .collect()
}

/// Another language's version of a post.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostTranslation {
    #[schema(value_type = String, format = Uuid)]
    pub id: Uuid,
    pub language: Language,
    pub slug: String,
    pub title: String,
    pub published: bool,
}

crate::domain::list::component_list!(PostTranslationList = PostTranslation);

impl PostTranslation {
    pub fn of(p: &Post) -> PostTranslation {
        PostTranslation {
            id: p.id,
            language: p.language,
            slug: p.slug.clone(),
            title: p.title.clone(),
            published: p.published,
        }
    }
}

/// A post with its text and comments.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostView {
    #[serde(flatten)]
    pub summary: PostSummary,
    /// The text's safe HTML.
    pub content: String,
    pub conclusion: String,
    /// The Markdown as written: editors only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub markdown: Option<String>,
    pub comments: CommentList<{ comment::SHOWN_MAX }>,
    /// The post's versions in other languages (published ones, for readers).
    pub translations: PostTranslationList<4>,
    /// What a comment sent from this reading carries (`addPostComment`'s `ticket`).
    pub ticket: String,
}
