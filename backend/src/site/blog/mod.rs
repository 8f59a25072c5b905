//! The blog's public pages: the list (`/posts`, with recent posts, tags, a search by title
//! and "load more"), a post (`/posts/{slug}`, with its cover, narration, likes, readers and
//! comments), each language's Atom feed, the sitemap and `robots.txt`. Rendered here with
//! their meta tags, Open Graph, JSON-LD and the other languages' addresses, so crawlers and
//! link previews need no script. A small script (`assets/blog.js`) sends likes, readings,
//! comments and "load more" through the same forms that work without it; the forms run the
//! visitors' calls by name through the one registry.

mod actions;
mod cookies;
mod feed;
mod list;
mod post;

use super::page::{read, Page};
use actix_web::middleware::Compress;
use actix_web::{guard, web};

/// The largest comment form read: the comment and a few short fields.
const FORM_LIMIT: usize = 32 * 1024;

/// Mounts the blog's pages, before the web app's files: the editors' screens
/// (`/posts/admin...`) are the web app's, so a post's address never takes `admin`.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/posts/feed/{lang}")
            .wrap(Compress::default())
            .route(read().to(feed::atom)),
    )
    .service(
        web::resource("/sitemap.xml")
            .wrap(Compress::default())
            .route(read().to(feed::sitemap)),
    )
    .service(web::resource("/robots.txt").route(read().to(feed::robots)))
    .service(
        web::resource(Page::Blog.path())
            .wrap(Compress::default())
            .route(read().to(list::page)),
    )
    .service(
        web::resource("/posts/{slug}")
            .guard(guard::fn_guard(|ctx| {
                ctx.head().uri.path() != "/posts/admin"
            }))
            .wrap(Compress::default())
            .route(read().to(post::page)),
    )
    .service(web::resource("/posts/{id}/audio").route(read().to(post::audio)))
    .service(web::resource("/posts/{slug}/like").route(web::post().to(actions::like)))
    .service(web::resource("/posts/{slug}/seen").route(web::post().to(actions::seen)))
    .service(
        web::resource("/posts/{slug}/comments")
            .app_data(web::PayloadConfig::new(FORM_LIMIT))
            .route(web::post().to(actions::comment)),
    );
}
