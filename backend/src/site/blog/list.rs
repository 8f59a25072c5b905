//! `/posts`: a language's published posts, newest change first: the spec's first load of
//! 12, "load more" adding 5 (`?shown=`, which the script fetches and swaps in), the 10 recent
//! ones, the topics, and a search by title.

use crate::calls::AppState;
use crate::db::models::blog::{self as rows, Filter, Post};
use crate::domain::blog::post::tag;
use crate::domain::blog::{paging, reading};
use crate::domain::upload::{scaled_size, COVER_SIDE, COVER_SMALL_SIDE};
use crate::error::AppResult;
use crate::site::assets::ASSETS;
use crate::site::format::{date, number};
use crate::site::language::Lang;
use crate::site::page::{href, language_of, tagged_html, Frame, Page};
use crate::site::texts::{fill, Blog, Texts};
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;

/// A topic, and where its posts are listed.
pub struct TagLink {
    pub name: String,
    pub href: String,
    pub current: bool,
}

/// A post's card in a list.
pub struct Card {
    pub href: String,
    pub title: String,
    pub abstract_text: String,
    pub cover: CoverImage,
    /// `2026-12-14`.
    pub iso: String,
    pub date: String,
    pub minutes: String,
    pub likes: String,
    pub tags: Vec<TagLink>,
}

/// A recent post's link.
pub struct Recent {
    pub title: String,
    pub href: String,
}

/// The address of a post in its language.
pub fn post_href(post: &Post) -> String {
    let lang = Lang::parse(post.language.as_str()).unwrap_or(Lang::En);
    href(&format!("/posts/{}", encode(&post.slug)), lang)
}

/// A slug as an address's path segment.
pub fn encode(slug: &str) -> String {
    url::form_urlencoded::byte_serialize(slug.as_bytes()).collect()
}

/// Where a topic's posts are listed.
pub fn tag_href(name: &str, lang: Lang) -> String {
    format!("{}&tag={}", href(Page::Blog.path(), lang), encode(name))
}

/// A post's topics as links to their lists (none of them the list being shown).
pub fn tag_links(post: &Post, lang: Lang) -> Vec<TagLink> {
    post.tags
        .iter()
        .map(|name| TagLink {
            name: name.clone(),
            href: tag_href(name, lang),
            current: false,
        })
        .collect()
}

/// A post's reading time as pages say it ("4 min read").
pub fn reading_time(post: &Post, texts: &Texts, t: &Blog) -> String {
    fill(
        &t.minutes,
        &[("count", &number(texts, reading::minutes(post.duration)))],
    )
}

/// A post's cover as pages show it: its large copy with its size, and the phone-sized one
/// with its width, for `srcset`.
pub struct CoverImage {
    pub url: String,
    pub width: u32,
    pub height: u32,
    pub small: String,
    pub small_width: u32,
}

/// The cover of a listed post.
pub fn cover_of(listed: &rows::Listed) -> CoverImage {
    let side = |v: Option<i32>| v.and_then(|v| u32::try_from(v).ok()).unwrap_or(COVER_SIDE);
    let (w, h) = listed
        .cover
        .as_ref()
        .map_or((COVER_SIDE, COVER_SIDE / 2), |f| {
            (side(f.width), side(f.height))
        });
    let (width, height) = scaled_size(w, h, COVER_SIDE);
    let id = listed.post.cover_id;
    CoverImage {
        url: format!("/api/v1/files/{id}/thumbnail"),
        width,
        height,
        small: format!("/api/v1/files/{id}/small"),
        small_width: scaled_size(w, h, COVER_SMALL_SIDE).0,
    }
}

/// The card of a listed post.
pub fn card(texts: &'static Texts, lang: Lang, listed: &rows::Listed) -> Card {
    let t = &texts.blog;
    let post = &listed.post;
    Card {
        href: post_href(post),
        title: post.title.clone(),
        abstract_text: post.abstract_text.clone(),
        cover: cover_of(listed),
        iso: post.modified_at.date_naive().to_string(),
        date: date(texts, post.modified_at.date_naive()),
        minutes: reading_time(post, texts, t),
        likes: number(texts, post.likes),
        tags: tag_links(post, lang),
    }
}

#[derive(Template)]
#[template(path = "site/posts.html")]
struct ListPage {
    frame: Frame,
    t: &'static Blog,
    heading: String,
    query: String,
    tag: String,
    cards: Vec<Card>,
    /// "Load more": the same list grown by five.
    more: Option<String>,
    recent: Vec<Recent>,
    tags: Vec<TagLink>,
    /// Said where the list is empty.
    empty: Option<String>,
}

/// The query of a list's address.
#[derive(Debug, serde::Deserialize)]
pub struct ListQuery {
    pub tag: Option<String>,
    pub q: Option<String>,
    pub shown: Option<i64>,
}

/// `GET /posts`.
pub async fn page(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<ListQuery>,
) -> AppResult<HttpResponse> {
    let lang = language_of(&req);
    let texts = Texts::of(lang);
    let t = &texts.blog;
    let language = crate::domain::language::Language::parse(lang.code()).unwrap_or_default();
    let clean = |v: &Option<String>| {
        v.as_deref()
            .map(|v| v.trim().chars().take(200).collect::<String>())
            .filter(|v| !v.is_empty())
    };
    let tag_asked = clean(&query.tag).map(|t| tag(&t));
    let title = clean(&query.q);
    let shown = paging::shown(query.shown);
    let filter = Filter {
        language: Some(language),
        tag: tag_asked.clone(),
        title: title.clone(),
        drafts: false,
    };
    let (posts, more, recent, tags) = state
        .db
        .run(move |conn| {
            let mut posts = Post::list(conn, &filter, 0, shown + 1)?;
            let more = posts.len() as i64 > shown;
            posts.truncate(shown as usize);
            let recent = Post::list(
                conn,
                &Filter {
                    language: Some(language),
                    ..Filter::default()
                },
                0,
                paging::RECENT,
            )?;
            let tags = Post::tags_in_use(conn, language, 40)?;
            Ok((rows::listed(conn, posts)?, more, recent, tags))
        })
        .await?;
    let base = href(Page::Blog.path(), lang);
    let mut more_href = format!("{base}&shown={}", shown + paging::LOAD_MORE);
    if let Some(tag) = &tag_asked {
        more_href.push_str(&format!("&tag={}", encode(tag)));
    }
    if let Some(q) = &title {
        more_href.push_str(&format!("&q={}", encode(q)));
    }
    let heading = match (&tag_asked, &title) {
        (_, Some(q)) => fill(&t.searched, &[("query", q)]),
        (Some(tag), None) => fill(&t.tagged, &[("tag", tag)]),
        (None, None) => t.heading.clone(),
    };
    let empty = posts.is_empty().then(|| match &title {
        Some(q) => fill(&t.no_match, &[("query", q)]),
        None => t.empty.clone(),
    });
    let mut frame = Frame::new(
        Page::Blog,
        lang,
        &state.settings.public_url,
        &t.title,
        &t.description,
    );
    let origin = state.settings.public_url.trim_end_matches('/').to_string();
    frame.feed = Some(format!("{origin}/posts/feed/{}", lang.code()));
    frame.script = Some(ASSETS.blog.url.as_str());
    let page = ListPage {
        frame,
        t,
        heading,
        query: title.unwrap_or_default(),
        tag: tag_asked.clone().unwrap_or_default(),
        cards: posts.iter().map(|l| card(texts, lang, l)).collect(),
        more: more.then_some(more_href),
        recent: recent
            .iter()
            .map(|p| Recent {
                title: p.title.clone(),
                href: post_href(p),
            })
            .collect(),
        tags: tags
            .into_iter()
            .map(|name| TagLink {
                href: tag_href(&name, lang),
                current: tag_asked.as_deref() == Some(name.as_str()),
                name,
            })
            .collect(),
        empty,
    };
    tagged_html(&req, lang, page.render())
}
