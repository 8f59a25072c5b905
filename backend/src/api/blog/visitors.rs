//! What visitors do without an account: like a post and be counted as its reader, once each
//! (their first-party cookie names them), and comment or answer a comment, held off by a
//! hidden field, a ticket issued with the page and a rate per address.

use super::views::{CommentAnswer, CommentView};
use crate::auth::public_rate::Allowance;
use crate::calls::bounded::{self, RequiredText, Text};
use crate::calls::{input, Access, Call, Ctx};
use crate::db::models::blog::{Comment, Post};
use crate::domain::blog::comment::{self, Status, IMAGE_URL_MAX, NAME_MAX, TEXT_MAX};
use crate::domain::blog::{spam, visitor, BlogError};
use crate::error::{AppError, AppResult, ErrorKind};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

/// The bound of the hidden field and of a ticket.
const TRAP_MAX: usize = 200;

/// A published post, or the spec's `blog.post.does.not.exist`.
fn published(conn: &mut diesel::PgConnection, id: Uuid) -> AppResult<Post> {
    Post::find(conn, id)?
        .filter(|p| p.published)
        .ok_or_else(|| BlogError::PostUnknown.into())
}

fn visitor_of(raw: &str) -> AppResult<Uuid> {
    visitor::parse(raw).ok_or_else(|| BlogError::Reaction.into())
}

/// `likePost` (public): a visitor likes a post, once: a second like changes nothing.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LikePost {
    #[schema(value_type = String, format = Uuid)]
    pub post_id: Uuid,
    /// The visitor: the random id of their first-party cookie (a version 4 UUID), which the
    /// post's page sets.
    pub visitor: Text<36>,
}

/// A post's likes after a like.
#[derive(Debug, Serialize, ToSchema)]
pub struct Liked {
    /// Visitors who like it.
    pub like: i32,
    /// Whether this like was new (false: the visitor liked it before).
    pub counted: bool,
}

impl Call for LikePost {
    const NAME: &'static str = "likePost";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Public: like a post, once per visitor.";
    type Output = Liked;

    #[tracing::instrument(name = "likePost", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Liked> {
        let visitor = visitor_of(&self.visitor)?;
        let id = self.post_id;
        ctx.state
            .db
            .run(move |conn| {
                published(conn, id)?;
                let (like, counted) = Post::like(conn, id, visitor).map_err(|e| {
                    tracing::warn!(error = %e, "a like was not counted");
                    AppError::from(BlogError::Reaction)
                })?;
                Ok(Liked { like, counted })
            })
            .await
    }
}

/// `seePost` (public): a visitor has read a post, counted once.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeePost {
    #[schema(value_type = String, format = Uuid)]
    pub post_id: Uuid,
    /// The visitor, as for `likePost`.
    pub visitor: Text<36>,
}

/// A post's readers after a reading.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Seen {
    pub seen_count: i32,
    /// Whether this reading was the visitor's first.
    pub counted: bool,
}

impl Call for SeePost {
    const NAME: &'static str = "seePost";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Public: count a visitor as a post's reader, once.";
    type Output = Seen;

    #[tracing::instrument(name = "seePost", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Seen> {
        let visitor = visitor_of(&self.visitor)?;
        let id = self.post_id;
        ctx.state
            .db
            .run(move |conn| {
                published(conn, id)?;
                let (seen_count, counted) = Post::see(conn, id, visitor)?;
                Ok(Seen {
                    seen_count,
                    counted,
                })
            })
            .await
    }
}

/// `addPostComment` (public): a comment on a published post, or an answer to one. A visitor's
/// waits for an editor's approval; a signed-in member's is shown at once. The e-mail address
/// is never shown.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddPostComment {
    #[schema(value_type = String, format = Uuid)]
    pub post_id: Uuid,
    /// The comment answered (an answer to an answer joins its thread).
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub reply_to: Option<Uuid>,
    pub name: RequiredText<{ NAME_MAX }>,
    pub email: bounded::EmailAddress,
    /// An https address of the commenter's picture.
    #[serde(default)]
    pub img_url: Option<Text<{ IMAGE_URL_MAX }>>,
    pub text: RequiredText<{ TEXT_MAX }>,
    /// The ticket the post's reading handed out: a comment sent within 3 seconds of it, or a
    /// day after, is refused.
    pub ticket: Text<{ TRAP_MAX }>,
    /// Left empty by people: the form hides it. A comment carrying a value is answered as if
    /// taken, and kept nowhere.
    #[serde(default)]
    pub website: Option<Text<{ TRAP_MAX }>>,
}

/// A comment taken.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Commented {
    pub comment: CommentView,
    /// approved (shown now) or pending (shown once an editor approves it).
    pub status: Status,
}

impl Call for AddPostComment {
    const NAME: &'static str = "addPostComment";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Public: comment on a post or answer a comment (a visitor's \
         waits for an editor; a member's is shown at once).";
    type Output = Commented;

    #[tracing::instrument(name = "addPostComment", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Commented> {
        if !ctx.state.public_rate.allow(ctx.client, Allowance::Reserve) {
            return Err(AppError::new(
                ErrorKind::RateLimited,
                "rate_limited",
                "Too many requests. Please wait a minute and try again.",
            ));
        }
        let name = self.name.required("name")?;
        let email = input::email(&self.email)?;
        let text = self.text.required("text")?;
        let img_url = comment::image_url(self.img_url.as_deref())?;
        let now = ctx.state.clock.now();
        let key = spam::key(&ctx.state.settings.jwt_secret);
        spam::check(&key, self.post_id, &self.ticket, now.timestamp_millis()).map_err(|e| {
            AppError::from(match e {
                spam::TicketRefusal::TooFast => BlogError::TooFast,
                spam::TicketRefusal::Invalid => BlogError::Ticket,
            })
        })?;
        let status = comment::arrives(ctx.user.is_some());
        let at = Utc::now();
        let row = Comment {
            id: Uuid::now_v7(),
            post_id: self.post_id,
            parent_id: None,
            author_name: name,
            email,
            img_url,
            user_id: ctx.user,
            text,
            status,
            created_at: at,
            updated_at: at,
        };
        let view = |c: &Comment| CommentView {
            comment: CommentAnswer {
                id: c.id,
                text: c.text.clone(),
                author: c.author_name.clone(),
                email: None,
                img_url: c.img_url.clone(),
                status: c.status,
                created_at: c.created_at.timestamp_millis(),
                updated_at: c.updated_at.timestamp_millis(),
            },
            responses: Vec::new().into(),
        };
        // A robot filled the hidden field: it learns nothing, and nothing is kept.
        if spam::trapped(self.website.as_deref()) {
            tracing::info!("blog comment with the spam trap filled, dropped");
            return Ok(Commented {
                comment: view(&row),
                status,
            });
        }
        let (post, reply_to) = (self.post_id, self.reply_to);
        let kept = ctx
            .state
            .db
            .transaction(move |conn| {
                published(conn, post)?;
                let parent_id = match reply_to {
                    None => None,
                    Some(target) => {
                        let found = Comment::find(conn, target)?.map(|c| (c.post_id, c.parent_id));
                        Some(comment::thread_of(post, target, found)?)
                    }
                };
                Ok(Comment { parent_id, ..row }.insert(conn)?)
            })
            .await?;
        Ok(Commented {
            comment: view(&kept),
            status,
        })
    }
}
