//! The blog's calls and reads. Posts are the site's, written by its editors (the accounts
//! `BLOG_EDITOR_EMAILS` names) in Markdown, rendered and sanitised when saved; visitors like,
//! read and comment without an account. Like support's tickets, none of it is a store's, so
//! the calls write the blog's tables directly (`db::models::blog`). The public pages
//! (`site::blog`) read the same tables and run the visitors' calls by name.

mod editors;
pub mod reads;
pub mod views;
mod visitors;

use crate::calls::{AppState, Registry};
use crate::db::models::user::User;
use crate::domain::blog::{self, BlogError};
use crate::domain::ids::UserId;
use crate::error::{AppError, AppResult};
use actix_web::web;

pub use editors::{DeletePost, ModerateComment, PreviewPost, PublishPost, SavePost};
pub use visitors::{AddPostComment, LikePost, SeePost};

pub fn register(r: &mut Registry) {
    r.add::<SavePost>()
        .add::<PublishPost>()
        .add::<DeletePost>()
        .add::<PreviewPost>()
        .add::<ModerateComment>()
        .add::<LikePost>()
        .add::<SeePost>()
        .add::<AddPostComment>();
}

/// Mounts the reads (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/posts", web::get().to(reads::list))
        .route("/posts/admin", web::get().to(reads::admin_list))
        .route("/posts/admin/{postId}", web::get().to(reads::admin_post))
        .route("/posts/by-slug/{slug}", web::get().to(reads::by_slug));
}

/// Whether the user is one of the blog's editors.
pub async fn is_editor(state: &AppState, user: UserId) -> AppResult<bool> {
    let editors = state.settings.blog_editor_emails.clone();
    if editors.is_empty() {
        return Ok(false);
    }
    let email = state
        .db
        .run(move |conn| Ok(User::find_opt(conn, user)?.map(|u| u.email)))
        .await?;
    Ok(email.is_some_and(|e| blog::is_editor(&editors, &e)))
}

/// The refusal of a write by someone who is not an editor.
pub fn not_editor() -> AppError {
    BlogError::NotEditor.into()
}

/// The caller, when they are an editor.
async fn editor(state: &AppState, user: UserId) -> AppResult<UserId> {
    if is_editor(state, user).await? {
        Ok(user)
    } else {
        Err(not_editor())
    }
}
