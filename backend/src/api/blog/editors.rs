//! The editors' calls: writing a post (new, a translation, or a change), publishing and
//! withdrawing it, deleting it, previewing Markdown as it will render, and moderating
//! comments.

use super::reads::{ticket_for, view_of};
use super::views::PostView;
use crate::calls::bounded::{RequiredText, Text};
use crate::calls::{input, Access, Call, Ctx};
use crate::db::models::blog::{Comment, Post, PostInsertForm, PostTextForm};
use crate::db::models::file::StoredFile;
use crate::db::models::narration::Narration;
use crate::db::models::user::User;
use crate::domain::blog::comment::{self, Moderation, Status};
use crate::domain::blog::narration::{self, Heard};
use crate::domain::blog::post::{
    self, Written, ABSTRACT_MAX, CONCLUSION_MAX, CONTENT_MAX, TAGS_MAX, TITLE_MAX,
};
use crate::domain::blog::slug::SLUG_MAX;
use crate::domain::blog::{reading, render, BlogError, DEFAULT_LANGUAGE};
use crate::domain::ids::FileId;
use crate::domain::language::Language;
use crate::domain::list::StringList;
use crate::domain::upload::Purpose;
use crate::error::{AppError, AppResult};
use chrono::Utc;
use diesel::result::{DatabaseErrorKind, Error as DbError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// A unique index's refusal as the blog's rule it keeps.
fn taken(e: DbError) -> AppError {
    match &e {
        DbError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
            match info.constraint_name() {
                Some("blog_posts_language_slug_key") => BlogError::SlugTaken.into(),
                Some("blog_posts_translation_group_language_key") => {
                    BlogError::TranslationExists.into()
                }
                _ => e.into(),
            }
        }
        _ => e.into(),
    }
}

fn cover_invalid() -> AppError {
    AppError::bad_request(
        "cover_invalid",
        "The cover must be a picture uploaded as a post's cover.",
    )
}

/// `savePost`: writes a post (a draft until published). Without `postId` a new post, or with
/// `translationOf` another language's version of one; with it, a change of that post. The
/// Markdown is rendered and sanitised now; the reading time is counted.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavePost {
    /// The post changed; none for a new one.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub post_id: Option<Uuid>,
    /// A new post's other-language version it translates.
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub translation_of: Option<Uuid>,
    /// en (the default for a new post), de, es or fa.
    #[serde(default)]
    pub language: Option<Language>,
    pub title: RequiredText<{ TITLE_MAX }>,
    /// The address; from the title when none. Unique per language.
    #[serde(default)]
    pub slug: Option<Text<{ SLUG_MAX }>>,
    /// The description lists, feeds and link previews show.
    #[serde(rename = "abstract")]
    pub abstract_text: RequiredText<{ ABSTRACT_MAX }>,
    /// Markdown.
    pub content: RequiredText<{ CONTENT_MAX }>,
    #[serde(default)]
    pub conclusion: Option<Text<{ CONCLUSION_MAX }>>,
    /// At most 8 (kept lower-case, spaces as hyphens, each once).
    #[serde(default)]
    pub tags: StringList<{ TAGS_MAX }>,
    /// A picture uploaded with `purpose=cover` (required).
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub cover: Option<FileId>,
}

impl Call for SavePost {
    const NAME: &'static str = "savePost";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str =
        "Blog editors: write a post or another language's version of one (Markdown, a draft \
         until published).";
    type Output = PostView;

    #[tracing::instrument(name = "savePost", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<PostView> {
        let user = super::access::editor(&ctx.state, ctx.user()?).await?;
        let tags = self
            .tags
            .within(|| AppError::from(BlogError::TooManyTags))?;
        let written = Written {
            title: self.title.required("title")?,
            slug: self.slug.as_ref().map(|s| s.0.clone()),
            abstract_text: self.abstract_text.required("abstract")?,
            content: self.content.required("content")?,
            conclusion: input::optional_text(
                "conclusion",
                self.conclusion.as_deref(),
                CONCLUSION_MAX,
            )?,
            tags,
            has_cover: self.cover.is_some(),
        };
        let draft = post::draft(written)?;
        let cover = self.cover.ok_or(BlogError::CoverRequired)?;
        let (post_id, translation_of, language) =
            (self.post_id, self.translation_of, self.language);
        let state = ctx.state.clone();
        let saved = ctx
            .state
            .db
            .transaction(move |conn| {
                let file = StoredFile::find(conn, cover)?;
                if !file.is_some_and(|f| f.purpose == Purpose::Cover) {
                    return Err(cover_invalid());
                }
                let now = Utc::now();
                let saved = match post_id {
                    Some(id) => {
                        let before =
                            Post::find_for_update(conn, id)?.ok_or(BlogError::PostUnknown)?;
                        let changed = Post::change_text(
                            conn,
                            id,
                            &PostTextForm {
                                language: language.unwrap_or(before.language),
                                slug: draft.slug,
                                title: draft.title,
                                abstract_text: draft.abstract_text,
                                content: draft.content,
                                html: draft.html,
                                conclusion: draft.conclusion,
                                tags: draft.tags,
                                cover_id: cover,
                                duration: draft.duration,
                                modified_at: now,
                            },
                        )
                        .map_err(taken)?;
                        let stale = narration::stale(heard(&before), heard(&changed))
                            || before.language != changed.language;
                        if stale && (changed.audio_key.is_some() || changed.published) {
                            Narration::forget(conn, id, changed.published.then_some(now), now)?;
                            Post::find(conn, id)?.ok_or(BlogError::PostUnknown)?
                        } else {
                            changed
                        }
                    }
                    None => {
                        let group = match translation_of {
                            Some(of) => {
                                Post::find(conn, of)?
                                    .ok_or(BlogError::PostUnknown)?
                                    .translation_group
                            }
                            None => Uuid::now_v7(),
                        };
                        let author = User::find(conn, user)?;
                        let id = if translation_of.is_some() {
                            Uuid::now_v7()
                        } else {
                            group
                        };
                        PostInsertForm {
                            id,
                            translation_group: group,
                            language: language.unwrap_or(DEFAULT_LANGUAGE),
                            slug: draft.slug,
                            title: draft.title,
                            abstract_text: draft.abstract_text,
                            content: draft.content,
                            html: draft.html,
                            conclusion: draft.conclusion,
                            tags: draft.tags,
                            cover_id: cover,
                            author_id: Some(user),
                            author_name: format!("{} {}", author.first_name, author.last_name)
                                .trim()
                                .to_string(),
                            author_avatar: author.profile_image,
                            duration: draft.duration,
                            created_at: now,
                            modified_at: now,
                        }
                        .insert(conn)
                        .map_err(taken)?
                    }
                };
                let ticket = ticket_for(&state, saved.id);
                view_of(conn, saved, true, ticket)
            })
            .await;
        // A narration may have come due, or a file be left to remove.
        ctx.state.narrator.wake();
        saved
    }
}

/// What a post's narration says.
fn heard(post: &Post) -> Heard<'_> {
    Heard {
        title: &post.title,
        abstract_text: &post.abstract_text,
        content: &post.content,
        conclusion: &post.conclusion,
    }
}

/// `publishPost`: shows a post to everyone, or takes it back to the drafts.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublishPost {
    #[schema(value_type = String, format = Uuid)]
    pub post_id: Uuid,
    /// true to publish, false to withdraw.
    pub published: bool,
}

impl Call for PublishPost {
    const NAME: &'static str = "publishPost";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Blog editors: publish a post, or take it back to the drafts.";
    type Output = PostView;

    #[tracing::instrument(name = "publishPost", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<PostView> {
        super::access::editor(&ctx.state, ctx.user()?).await?;
        let (id, published) = (self.post_id, self.published);
        let state = ctx.state.clone();
        let answer = ctx
            .state
            .db
            .transaction(move |conn| {
                Post::find_for_update(conn, id)?.ok_or(BlogError::PostUnknown)?;
                let now = Utc::now();
                let mut post = Post::set_published(conn, id, published, now)?;
                // A published post without its narration is due one; a draft keeps none.
                let due = published && post.audio_key.is_none() && post.audio_due_at.is_none();
                if due || !published {
                    Narration::forget(conn, id, due.then_some(now), now)?;
                    post = Post::find(conn, id)?.ok_or(BlogError::PostUnknown)?;
                }
                let ticket = ticket_for(&state, post.id);
                view_of(conn, post, true, ticket)
            })
            .await;
        ctx.state.narrator.wake();
        answer
    }
}

/// `deletePost`: removes a post with its comments, likes and views (its other languages'
/// versions stay).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeletePost {
    #[schema(value_type = String, format = Uuid)]
    pub post_id: Uuid,
}

/// The answer of a removal.
#[derive(Debug, Serialize, ToSchema)]
pub struct Removed {
    #[schema(value_type = String, format = Uuid)]
    pub id: Uuid,
}

impl Call for DeletePost {
    const NAME: &'static str = "deletePost";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Blog editors: delete a post with its comments.";
    type Output = Removed;

    #[tracing::instrument(name = "deletePost", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Removed> {
        super::access::editor(&ctx.state, ctx.user()?).await?;
        let id = self.post_id;
        let removed = ctx
            .state
            .db
            .transaction(move |conn| {
                // Its narration's file goes too.
                Narration::forget(conn, id, None, Utc::now())?;
                if Post::delete(conn, id)? == 0 {
                    return Err(BlogError::PostUnknown.into());
                }
                Ok(Removed { id })
            })
            .await;
        ctx.state.narrator.wake();
        removed
    }
}

/// `previewPost`: Markdown as a post will show it, for the editor's live preview.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreviewPost {
    pub content: Text<{ CONTENT_MAX }>,
    #[serde(default)]
    pub conclusion: Option<Text<{ CONCLUSION_MAX }>>,
}

/// A preview.
#[derive(Debug, Serialize, ToSchema)]
pub struct Preview {
    /// The safe HTML the post would show.
    pub html: String,
    /// Its reading time, seconds.
    pub duration: i32,
}

impl Call for PreviewPost {
    const NAME: &'static str = "previewPost";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Blog editors: render Markdown as a post shows it.";
    type Output = Preview;

    #[tracing::instrument(name = "previewPost", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Preview> {
        super::access::editor(&ctx.state, ctx.user()?).await?;
        let content = self.content.0;
        let conclusion =
            input::optional_text("conclusion", self.conclusion.as_deref(), CONCLUSION_MAX)?
                .unwrap_or_default();
        if content.chars().count() > CONTENT_MAX {
            return Err(AppError::invalid(format!(
                "content must be at most {CONTENT_MAX} characters."
            )));
        }
        // Rendering a long text takes a moment of CPU: off the async threads.
        let rendered = actix_web::web::block(move || {
            let r = render::render(&content);
            (
                r.html,
                reading::duration(r.words + reading::words(&conclusion)),
            )
        })
        .await?;
        Ok(Preview {
            html: rendered.0,
            duration: rendered.1,
        })
    }
}

/// `moderateComment`: an editor approves, hides or deletes a comment (deleting one deletes
/// its answers).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModerateComment {
    #[schema(value_type = String, format = Uuid)]
    pub comment_id: Uuid,
    pub action: Moderation,
}

/// A comment's standing after moderation.
#[derive(Debug, Serialize, ToSchema)]
pub struct Moderated {
    #[schema(value_type = String, format = Uuid)]
    pub id: Uuid,
    /// None: deleted.
    #[schema(required = true)]
    pub status: Option<Status>,
}

impl Call for ModerateComment {
    const NAME: &'static str = "moderateComment";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Blog editors: approve, hide or delete a comment.";
    type Output = Moderated;

    #[tracing::instrument(name = "moderateComment", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Moderated> {
        super::access::editor(&ctx.state, ctx.user()?).await?;
        let (id, action) = (self.comment_id, self.action);
        ctx.state
            .db
            .transaction(move |conn| {
                Comment::find(conn, id)?.ok_or(BlogError::CommentUnknown)?;
                let status = match comment::moderated(action) {
                    Some(status) => Some(Comment::set_status(conn, id, status, Utc::now())?.status),
                    None => {
                        Comment::delete(conn, id)?;
                        None
                    }
                };
                Ok(Moderated { id, status })
            })
            .await
    }
}
