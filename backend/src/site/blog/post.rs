//! `/posts/{slug}`: a published post in its language, with its cover, its narration where one
//! exists, its likes and readers, its comments and answers, and the comment form; in the HTML
//! its description, canonical address, the other languages' versions, Open Graph's article
//! and JSON-LD's `BlogPosting`. `/posts/{id}/audio` plays its narration.

use super::cookies;
use super::list::{
    cover_of, encode, post_href, reading_time, tag_links, CoverImage, Recent, TagLink,
};
use crate::calls::AppState;
use crate::db::models::blog::{self as rows, Comment, Filter, Post};
use crate::domain::blog::comment::{self, SHOWN_MAX};
use crate::domain::blog::{narration, paging, reading, spam, BlogError};
use crate::error::{AppError, AppResult};
use crate::site::assets::ASSETS;
use crate::site::format::{date, number};
use crate::site::language::Lang;
use crate::site::page::{language_of, tagged_html, Frame, Page, Version};
use crate::site::texts::{fill, Blog, Texts};
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use askama::Template;
use serde_json::json;

/// A comment as readers see it.
pub struct Shown {
    pub id: String,
    pub author: String,
    pub img: Option<String>,
    pub iso: String,
    pub date: String,
    pub text: String,
    pub answers: Vec<Shown>,
}

/// The post's narration.
pub struct Narration {
    pub url: String,
    pub minutes: String,
}

/// The notice the page shows after a comment sent without a script.
pub struct Notice {
    pub text: String,
    pub problem: bool,
}

#[derive(Template)]
#[template(path = "site/post.html")]
struct PostPage {
    frame: Frame,
    t: &'static Blog,
    /// The post's address, as the forms post to it.
    path: String,
    title: String,
    abstract_text: String,
    html: String,
    conclusion: String,
    cover: CoverImage,
    alt: String,
    author: String,
    avatar: Option<String>,
    published_iso: String,
    published: String,
    updated: Option<String>,
    minutes: String,
    tags: Vec<TagLink>,
    likes: String,
    liked: bool,
    seen: String,
    audio: Option<Narration>,
    comments: Vec<Shown>,
    comment_count: String,
    others: Vec<Version>,
    recent: Vec<Recent>,
    notice: Option<Notice>,
    limits: Limits,
}

/// The comment form's bounds, as the call checks them.
struct Limits {
    name: usize,
    text: usize,
    picture: usize,
}

fn shown(texts: &'static Texts, c: &Comment, answers: Vec<Shown>) -> Shown {
    Shown {
        id: c.id.to_string(),
        author: c.author_name.clone(),
        img: c.img_url.clone(),
        iso: c.created_at.to_rfc3339(),
        date: date(texts, c.created_at.date_naive()),
        text: c.text.clone(),
        answers,
    }
}

/// The threads readers see: approved comments, each with its approved answers.
fn threads(texts: &'static Texts, comments: &[Comment]) -> Vec<Shown> {
    comments
        .iter()
        .filter(|c| c.parent_id.is_none() && comment::shown(c.status, None))
        .map(|top| {
            let answers = comments
                .iter()
                .filter(|c| {
                    c.parent_id == Some(top.id) && comment::shown(c.status, Some(top.status))
                })
                .map(|c| shown(texts, c, Vec::new()))
                .collect();
            shown(texts, top, answers)
        })
        .collect()
}

/// What the page says after a comment sent without a script (`?comment=`).
fn notice(t: &Blog, code: Option<&str>) -> Option<Notice> {
    let (text, problem) = match code? {
        "pending" => (&t.pending, false),
        "approved" => (&t.approved, false),
        other => (super::actions::problem_text(t, other), true),
    };
    Some(Notice {
        text: text.clone(),
        problem,
    })
}

/// A post's structured data, safe inside a `<script>` element (no `<` is left to close it).
fn json_ld(post: &Post, canonical: &str, image: &str, origin: &str) -> String {
    let data = json!({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": post.title,
        "description": post.abstract_text,
        "image": [image],
        "inLanguage": post.language.as_str(),
        "datePublished": post.published_at.unwrap_or(post.created_at).to_rfc3339(),
        "dateModified": post.modified_at.to_rfc3339(),
        "author": { "@type": "Person", "name": post.author_name },
        "publisher": { "@type": "Organization", "name": "Clockto", "url": origin },
        "mainEntityOfPage": { "@type": "WebPage", "@id": canonical },
        "keywords": post.tags.join(", "),
        "timeRequired": format!("PT{}M", reading::minutes(post.duration)),
        "interactionStatistic": [{
            "@type": "InteractionCounter",
            "interactionType": "https://schema.org/LikeAction",
            "userInteractionCount": post.likes,
        }],
    });
    data.to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

#[derive(Debug, serde::Deserialize)]
pub struct PostQuery {
    pub comment: Option<String>,
}

/// `GET /posts/{slug}`: the published post at the address, in the asked language's version
/// when the address has several. A draft, or no post, is the spec's `blog.post.doesn't.exist`.
pub async fn page(
    req: HttpRequest,
    state: web::Data<AppState>,
    slug: web::Path<String>,
    query: web::Query<PostQuery>,
) -> AppResult<HttpResponse> {
    let asked = language_of(&req);
    let language = crate::domain::language::Language::parse(asked.code()).unwrap_or_default();
    let slug = slug.into_inner();
    let (visitor, visitor_cookie) = cookies::visitor(&req, &state.settings.public_url);
    let found = state
        .db
        .run(move |conn| {
            let Some(post) = Post::published_at_slug(conn, &slug, language)? else {
                return Ok(None);
            };
            let liked = Post::liked_by(conn, post.id, visitor)?;
            let comments = Comment::of_post(conn, post.id, SHOWN_MAX as i64)?;
            let others: Vec<Post> = Post::translations(conn, post.translation_group)?
                .into_iter()
                .filter(|p| p.published)
                .collect();
            let recent = Post::list(
                conn,
                &Filter {
                    language: Some(post.language),
                    ..Filter::default()
                },
                0,
                paging::RECENT + 1,
            )?;
            let listed = rows::listed(conn, vec![post])?;
            Ok(Some((listed, liked, comments, others, recent)))
        })
        .await?;
    let Some((listed, liked, comments, others, recent)) = found else {
        return Err(AppError::from(BlogError::PostMissing));
    };
    let Some(listed) = listed.into_iter().next() else {
        return Err(AppError::from(BlogError::PostMissing));
    };
    let post = &listed.post;
    let lang = Lang::parse(post.language.as_str()).unwrap_or(Lang::En);
    let texts = Texts::of(lang);
    let t = &texts.blog;
    let origin = state.settings.public_url.trim_end_matches('/').to_string();
    let cover = cover_of(&listed);
    let canonical = format!("{origin}{}", post_href(post));
    let mut frame = Frame::new(Page::Post, lang, &origin, &post.title, &post.abstract_text);
    frame.canonical = canonical.clone();
    frame.versions = others
        .iter()
        .map(|p| {
            let l = Lang::parse(p.language.as_str()).unwrap_or(Lang::En);
            Version {
                code: l.code(),
                name: &Texts::of(l).language_name,
                href: format!("{origin}{}", post_href(p)),
                current: p.id == post.id,
            }
        })
        .collect();
    frame.x_default = frame
        .versions
        .iter()
        .find(|v| v.code == "en")
        .map_or_else(|| canonical.clone(), |v| v.href.clone());
    frame.og_alternates = others
        .iter()
        .filter(|p| p.id != post.id)
        .filter_map(|p| Lang::parse(p.language.as_str()))
        .map(|l| Texts::of(l).og_locale.as_str())
        .collect();
    frame.og_type = "article";
    frame.og_image = format!("{origin}{}", cover.url);
    frame.og_image_width = cover.width;
    frame.og_image_height = cover.height;
    frame.feed = Some(format!("{origin}/posts/feed/{}", lang.code()));
    frame.json_ld = Some(json_ld(post, &canonical, &frame.og_image, &origin));
    frame.script = Some(ASSETS.blog.url.as_str());
    let published = post.published_at.unwrap_or(post.created_at);
    let updated = (post.modified_at.date_naive() != published.date_naive()).then(|| {
        fill(
            &t.updated,
            &[("date", &date(texts, post.modified_at.date_naive()))],
        )
    });
    let threads = threads(texts, &comments);
    let count: usize = threads.iter().map(|c| 1 + c.answers.len()).sum();
    let path = format!("/posts/{}", encode(&post.slug));
    let ticket = spam::issue(
        &spam::key(&state.settings.jwt_secret),
        post.id,
        state.clock.now().timestamp_millis(),
    );
    let page = PostPage {
        path: path.clone(),
        title: post.title.clone(),
        abstract_text: post.abstract_text.clone(),
        html: post.html.clone(),
        conclusion: post.conclusion.clone(),
        cover,
        alt: fill(&t.cover_alt, &[("title", &post.title)]),
        author: fill(&t.by, &[("name", &post.author_name)]),
        avatar: post.author_avatar.clone(),
        published_iso: published.to_rfc3339(),
        published: fill(
            &t.published,
            &[("date", &date(texts, published.date_naive()))],
        ),
        updated,
        minutes: reading_time(post, texts, t),
        tags: tag_links(post, lang),
        likes: number(texts, post.likes),
        liked,
        seen: number(texts, post.seen),
        audio: narration(post, texts),
        comments: threads,
        comment_count: number(texts, count),
        others: frame
            .versions
            .iter()
            .filter(|v| !v.current)
            .map(|v| Version {
                code: v.code,
                name: v.name,
                href: v.href.clone(),
                current: false,
            })
            .collect(),
        recent: recent
            .iter()
            .filter(|p| p.id != post.id)
            .take(paging::RECENT as usize)
            .map(|p| Recent {
                title: p.title.clone(),
                href: post_href(p),
            })
            .collect(),
        notice: notice(t, query.comment.as_deref()),
        limits: Limits {
            name: comment::NAME_MAX,
            text: comment::TEXT_MAX,
            picture: comment::IMAGE_URL_MAX,
        },
        frame,
        t,
    };
    let mut answer = tagged_html(&req, lang, page.render())?;
    let headers = answer.headers_mut();
    let mut set = |cookie: String| {
        if let Ok(v) = header::HeaderValue::from_str(&cookie) {
            headers.append(header::SET_COOKIE, v);
        }
    };
    if let Some(cookie) = visitor_cookie {
        set(cookie);
    }
    set(cookies::ticket(
        req.path(),
        &ticket,
        &state.settings.public_url,
    ));
    Ok(answer)
}

/// A post's narration, when it has one: the player is shown only then (a language no voice
/// speaks never gets one).
pub fn narration(post: &Post, texts: &'static Texts) -> Option<Narration> {
    match (&post.audio_key, post.audio_duration) {
        (Some(key), Some(seconds)) => Some(Narration {
            url: narration::address(post.id, key),
            minutes: fill(
                &texts.blog.minutes,
                &[("count", &number(texts, reading::minutes(seconds)))],
            ),
        }),
        _ => None,
    }
}

/// `GET /posts/{id}/audio`: a published post's narration, once made. A player asks for parts
/// of it (`Range`), to learn its length and to seek.
pub async fn audio(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
) -> AppResult<HttpResponse> {
    let id: uuid::Uuid = id
        .parse()
        .map_err(|_| AppError::from(BlogError::PostUnknown))?;
    let post = state
        .db
        .run(move |conn| Ok(Post::find(conn, id)?))
        .await?
        .filter(|p| p.published)
        .ok_or(BlogError::PostUnknown)?;
    let key = post.audio_key.ok_or(BlogError::PostUnknown)?;
    let bytes = state
        .files
        .get(&key)
        .await
        .map_err(|_| AppError::from(BlogError::PostUnknown))?;
    let total = bytes.len() as u64;
    let mut answer = HttpResponse::Ok();
    answer
        .insert_header((header::CONTENT_TYPE, "audio/ogg"))
        .insert_header((header::ACCEPT_RANGES, "bytes"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"));
    let asked = req
        .headers()
        .get(header::RANGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<header::Range>().ok());
    // One range is answered with its part; several (which players do not ask) with the whole.
    let Some(header::Range::Bytes(ranges)) = asked else {
        return Ok(answer.body(bytes));
    };
    let [range] = ranges.as_slice() else {
        return Ok(answer.body(bytes));
    };
    match range.to_satisfiable_range(total) {
        Some((first, last)) => Ok(answer
            .status(actix_web::http::StatusCode::PARTIAL_CONTENT)
            .insert_header((
                header::CONTENT_RANGE,
                format!("bytes {first}-{last}/{total}"),
            ))
            .body(bytes.slice(first as usize..=last as usize))),
        None => Ok(answer
            .status(actix_web::http::StatusCode::RANGE_NOT_SATISFIABLE)
            .insert_header((header::CONTENT_RANGE, format!("bytes */{total}")))
            .finish()),
    }
}
