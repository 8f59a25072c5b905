//! What every public page carries: its language and direction, its head (title, description,
//! canonical address, the other languages' addresses, Open Graph), the navigation with the
//! language switcher, the footer; and how it is answered.

use super::assets::ASSETS;
use super::language::Lang;
use super::texts::Texts;
use crate::error::{AppError, AppResult};
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};

/// The public pages, by their addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Page {
    Landing,
    Pricing,
    Contact,
    /// The blog's list.
    Blog,
    /// A post of the blog (its own address, see [`Frame::post`]).
    Post,
}

impl Page {
    pub fn path(self) -> &'static str {
        match self {
            Page::Landing => "/",
            Page::Pricing => "/pricing",
            Page::Contact => "/contact-us",
            Page::Blog | Page::Post => "/posts",
        }
    }
}

/// A page's reading: `GET`, and `HEAD` for its headers alone.
pub fn read() -> actix_web::Route {
    use actix_web::{guard, web};
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// The language a request asks for: its `?lang=`, else its `Accept-Language`.
pub fn language_of(req: &HttpRequest) -> Lang {
    let asked = url::form_urlencoded::parse(req.query_string().as_bytes())
        .find(|(key, _)| key == "lang")
        .map(|(_, value)| value.into_owned());
    let accept = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    Lang::negotiate(asked.as_deref(), accept)
}

/// Another language's version of the page, for `hreflang` and the switcher.
pub struct Version {
    pub code: &'static str,
    pub name: &'static str,
    pub href: String,
    pub current: bool,
}

/// Where the navigation leads, in the page's language.
pub struct Links {
    pub home: String,
    pub pricing: String,
    pub contact: String,
    pub blog: String,
    /// The web app's screens, opened in the page's language (its `lng`).
    pub sign_in: String,
    pub sign_up: String,
}

/// The frame of a page: everything but its own content.
pub struct Frame {
    pub page: Page,
    pub lang: &'static str,
    pub dir: &'static str,
    pub t: &'static Texts,
    pub title: String,
    pub description: String,
    /// This language's address of the page, absolute.
    pub canonical: String,
    /// Every language's, absolute; and the one that picks the reader's language.
    pub versions: Vec<Version>,
    pub x_default: String,
    pub og_locale: &'static str,
    pub og_alternates: Vec<&'static str>,
    pub og_image: String,
    pub og_image_width: u32,
    pub og_image_height: u32,
    /// `website`, or `article` for a post.
    pub og_type: &'static str,
    /// The language's Atom feed of posts, on the blog's pages.
    pub feed: Option<String>,
    /// A post's structured data (JSON-LD), written safe for a `<script>` element.
    pub json_ld: Option<String>,
    pub stylesheet: &'static str,
    /// A script of the page's own, when it has one.
    pub script: Option<&'static str>,
    pub links: Links,
}

/// `path` in `lang`: `?lang=` always said, so a link keeps the reader's choice whatever
/// their browser prefers.
pub fn href(path: &str, lang: Lang) -> String {
    format!("{path}?lang={}", lang.code())
}

impl Frame {
    pub fn new(page: Page, lang: Lang, public_url: &str, title: &str, description: &str) -> Frame {
        let t = Texts::of(lang);
        let origin = public_url.trim_end_matches('/');
        let versions = Lang::ALL
            .into_iter()
            .map(|l| Version {
                code: l.code(),
                name: &Texts::of(l).language_name,
                href: format!("{origin}{}", href(page.path(), l)),
                current: l == lang,
            })
            .collect();
        let board = &ASSETS.board.large;
        Frame {
            page,
            lang: lang.code(),
            dir: lang.dir(),
            t,
            title: title.to_string(),
            description: description.to_string(),
            canonical: format!("{origin}{}", href(page.path(), lang)),
            versions,
            x_default: format!("{origin}{}", page.path()),
            og_locale: &t.og_locale,
            og_alternates: Lang::ALL
                .into_iter()
                .filter(|l| *l != lang)
                .map(|l| Texts::of(l).og_locale.as_str())
                .collect(),
            og_image: format!("{origin}{}", board.url),
            og_image_width: board.width,
            og_image_height: board.height,
            og_type: "website",
            feed: None,
            json_ld: None,
            stylesheet: &ASSETS.stylesheet.url,
            script: (page == Page::Landing).then_some(ASSETS.signed_in.url.as_str()),
            links: Links {
                home: href(Page::Landing.path(), lang),
                pricing: href(Page::Pricing.path(), lang),
                contact: href(Page::Contact.path(), lang),
                blog: href(Page::Blog.path(), lang),
                sign_in: format!("/login?lng={}", lang.code()),
                sign_up: format!("/signup?lng={}", lang.code()),
            },
        }
    }

    /// `aria-current` of the navigation's link to `page` (a post is of the blog).
    pub fn is(&self, page: Page) -> bool {
        self.page == page || (page == Page::Blog && self.page == Page::Post)
    }
}

/// A page's answer with an `ETag` of its bytes: the same page again is a 304 (readers
/// revalidate each time, `no-cache`, so a new comment shows at once).
pub fn tagged_html(
    req: &HttpRequest,
    lang: Lang,
    rendered: askama::Result<String>,
) -> AppResult<HttpResponse> {
    let body = rendered.map_err(AppError::internal)?;
    let etag = crate::domain::etag::of(body.as_bytes());
    let unchanged = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| crate::domain::etag::matches(v, &etag));
    let mut answer = if unchanged {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    answer
        .insert_header((header::ETAG, etag))
        .insert_header((header::CONTENT_LANGUAGE, lang.code()))
        .insert_header((header::VARY, HeaderValue::from_static("accept-language")))
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-cache")));
    if unchanged {
        return Ok(answer.finish());
    }
    Ok(answer
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .body(body))
}

/// A page's answer: its HTML in its language. The language may come from the browser's
/// preference, so caches keep one per `Accept-Language`; the page is read afresh each time
/// (the demo times offered change, as may the plans of a restarted server).
pub fn html(lang: Lang, rendered: askama::Result<String>) -> AppResult<HttpResponse> {
    let body = rendered.map_err(AppError::internal)?;
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CONTENT_LANGUAGE, lang.code()))
        .insert_header((header::VARY, HeaderValue::from_static("accept-language")))
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
        .body(body))
}
