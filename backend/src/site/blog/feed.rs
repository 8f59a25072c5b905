//! What crawlers and feed readers take: each language's Atom feed of posts, the sitemap of
//! the public pages and posts (each with its other languages' addresses), and `robots.txt`
//! naming the sitemap.

use super::list::post_href;
use crate::calls::AppState;
use crate::db::models::blog::{Filter, Post};
use crate::domain::blog::paging;
use crate::domain::language::Language;
use crate::error::{AppError, AppResult};
use crate::site::language::Lang;
use crate::site::page::{href, Page};
use crate::site::texts::Texts;
use actix_web::http::header;
use actix_web::{web, HttpResponse};
use askama::Template;

/// An entry of a feed.
struct Entry {
    id: String,
    title: String,
    href: String,
    published: String,
    updated: String,
    summary: String,
    author: String,
    tags: Vec<String>,
}

#[derive(Template)]
#[template(path = "site/feed.xml")]
struct Feed {
    lang: &'static str,
    title: String,
    subtitle: String,
    id: String,
    self_href: String,
    alternate: String,
    updated: String,
    entries: Vec<Entry>,
}

fn xml(body: askama::Result<String>, content_type: &'static str) -> AppResult<HttpResponse> {
    let body = body.map_err(AppError::internal)?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((header::CACHE_CONTROL, "public, max-age=300"))
        .body(body))
}

/// `GET /posts/feed/{lang}`: the language's newest posts, as Atom.
pub async fn atom(state: web::Data<AppState>, lang: web::Path<String>) -> AppResult<HttpResponse> {
    let lang = Lang::parse(&lang)
        .filter(|l| l.code() == lang.as_str())
        .ok_or_else(|| AppError::not_found("feed_not_found", "Not found."))?;
    let language = Language::parse(lang.code()).unwrap_or_default();
    let posts = state
        .db
        .run(move |conn| {
            Ok(Post::list(
                conn,
                &Filter {
                    language: Some(language),
                    ..Filter::default()
                },
                0,
                paging::FEED,
            )?)
        })
        .await?;
    let t = &Texts::of(lang).blog;
    let origin = state.settings.public_url.trim_end_matches('/');
    let feed = Feed {
        lang: lang.code(),
        title: t.title.clone(),
        subtitle: t.description.clone(),
        id: format!("{origin}/posts/feed/{}", lang.code()),
        self_href: format!("{origin}/posts/feed/{}", lang.code()),
        alternate: format!("{origin}{}", href(Page::Blog.path(), lang)),
        updated: posts.first().map_or_else(
            || chrono::DateTime::UNIX_EPOCH.to_rfc3339(),
            |p| p.modified_at.to_rfc3339(),
        ),
        entries: posts
            .iter()
            .map(|p| Entry {
                id: format!("urn:uuid:{}", p.id),
                title: p.title.clone(),
                href: format!("{origin}{}", post_href(p)),
                published: p.published_at.unwrap_or(p.created_at).to_rfc3339(),
                updated: p.modified_at.to_rfc3339(),
                summary: p.abstract_text.clone(),
                author: p.author_name.clone(),
                tags: p.tags.clone(),
            })
            .collect(),
    };
    xml(feed.render(), "application/atom+xml; charset=utf-8")
}

/// An address of the sitemap, with its other languages' versions.
struct Url {
    loc: String,
    lastmod: Option<String>,
    versions: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "site/sitemap.xml")]
struct Sitemap {
    urls: Vec<Url>,
}

/// The most posts the sitemap lists (one file holds 50,000 addresses).
const SITEMAP_POSTS: i64 = 10_000;

/// `GET /sitemap.xml`: the public pages in every language, and every published post.
pub async fn sitemap(state: web::Data<AppState>) -> AppResult<HttpResponse> {
    let posts = state
        .db
        .run(|conn| Ok(Post::all_published(conn, SITEMAP_POSTS)?))
        .await?;
    let origin = state.settings.public_url.trim_end_matches('/');
    let mut urls = Vec::new();
    for page in [Page::Landing, Page::Pricing, Page::Contact, Page::Blog] {
        let versions: Vec<(String, String)> = Lang::ALL
            .iter()
            .map(|l| {
                (
                    l.code().to_string(),
                    format!("{origin}{}", href(page.path(), *l)),
                )
            })
            .collect();
        for (_, loc) in &versions {
            urls.push(Url {
                loc: loc.clone(),
                lastmod: None,
                versions: versions.clone(),
            });
        }
    }
    for post in &posts {
        let versions = posts
            .iter()
            .filter(|p| p.translation_group == post.translation_group)
            .map(|p| {
                (
                    p.language.as_str().to_string(),
                    format!("{origin}{}", post_href(p)),
                )
            })
            .collect();
        urls.push(Url {
            loc: format!("{origin}{}", post_href(post)),
            lastmod: Some(post.modified_at.to_rfc3339()),
            versions,
        });
    }
    xml(Sitemap { urls }.render(), "application/xml; charset=utf-8")
}

/// `GET /robots.txt`: everything may be read but the web app's signed-in screens and the
/// API; the sitemap says where the pages are.
pub async fn robots(state: web::Data<AppState>) -> HttpResponse {
    let origin = state.settings.public_url.trim_end_matches('/');
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(format!(
            "User-agent: *\nAllow: /api/v1/files/\nDisallow: /api/\nDisallow: /posts/admin\nAllow: /\n\nSitemap: {origin}/sitemap.xml\n"
        ))
}
