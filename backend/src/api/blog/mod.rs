//! The blog's calls and reads. Posts are the site's, written by its editors (the accounts
//! `BLOG_EDITOR_EMAILS` names) in Markdown, rendered and sanitised when saved; visitors like,
//! read and comment without an account. Like support's tickets, none of it is a store's, so
//! the calls write the blog's tables directly (`db::models::blog`). The public pages
//! (`site::blog`) read the same tables and run the visitors' calls by name.

mod access;
mod editors;
pub mod reads;
pub mod views;
mod visitors;

use crate::calls::Registry;
use actix_web::web;

pub use access::{is_editor, not_editor};

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
