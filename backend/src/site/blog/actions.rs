//! What a post's page sends: a like, a reading, a comment. Each runs the visitors' call by
//! name through the one registry (transport `form`), with the visitor of the page's cookie
//! (and the comment ticket the page left beside it). The page's script asks for JSON; a form
//! sent without a script is sent back to the post.

use super::cookies;
use crate::auth::Bearer;
use crate::calls::{Calls, Transport};
use crate::db::models::blog::Post;
use crate::domain::blog::BlogError;
use crate::error::{AppResult, ErrorKind};
use crate::site::language::Lang;
use crate::site::page::language_of;
use crate::site::texts::{Blog, Texts};
use actix_web::http::header::{self, HeaderValue};
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};
use std::collections::HashMap;

/// The published post at the address, in the language the request asks for first.
async fn post_at(calls: &Calls, req: &HttpRequest, slug: &str) -> AppResult<Post> {
    let language =
        crate::domain::language::Language::parse(language_of(req).code()).unwrap_or_default();
    let slug = slug.to_string();
    calls
        .state()
        .db
        .run(move |conn| Ok(Post::published_at_slug(conn, &slug, language)?))
        .await?
        .ok_or_else(|| BlogError::PostMissing.into())
}

/// Whether the page's script sent it (and takes JSON).
fn scripted(req: &HttpRequest) -> bool {
    req.headers()
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("application/json"))
}

/// Where a form sent without a script goes back to.
fn back(post: &Post, query: &str, anchor: &str) -> String {
    let lang = Lang::parse(post.language.as_str()).unwrap_or(Lang::En);
    let mut to = format!(
        "/posts/{}?lang={}",
        super::list::encode(&post.slug),
        lang.code()
    );
    if !query.is_empty() {
        to.push('&');
        to.push_str(query);
    }
    to.push('#');
    to.push_str(anchor);
    to
}

fn with_cookie(mut answer: HttpResponse, cookie: Option<String>) -> HttpResponse {
    if let Some(v) = cookie.and_then(|c| HeaderValue::from_str(&c).ok()) {
        answer.headers_mut().append(header::SET_COOKIE, v);
    }
    answer
}

/// Runs a visitor's count (`likePost`, `seePost`) for the page's visitor.
async fn count(
    req: HttpRequest,
    calls: web::Data<Calls>,
    slug: web::Path<String>,
    call: &str,
    anchor: &str,
) -> AppResult<HttpResponse> {
    let post = post_at(&calls, &req, &slug).await?;
    let (visitor, cookie) = cookies::visitor(&req, &calls.state().settings.public_url);
    let answer = calls
        .invoke(
            Transport::Form,
            call,
            Bearer::Missing,
            crate::calls::Origin::of(&req),
            json!({ "postId": post.id, "visitor": visitor.to_string() }),
        )
        .await?;
    let answer = if scripted(&req) {
        HttpResponse::Ok()
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .json(answer.into_json()?)
    } else {
        HttpResponse::SeeOther()
            .insert_header((header::LOCATION, back(&post, "", anchor)))
            .finish()
    };
    Ok(with_cookie(answer, cookie))
}

/// `POST /posts/{slug}/like`: the visitor likes the post (once).
pub async fn like(
    req: HttpRequest,
    calls: web::Data<Calls>,
    slug: web::Path<String>,
) -> AppResult<HttpResponse> {
    count(req, calls, slug, "likePost", "likes").await
}

/// `POST /posts/{slug}/seen`: the visitor has read the post (counted once).
pub async fn seen(
    req: HttpRequest,
    calls: web::Data<Calls>,
    slug: web::Path<String>,
) -> AppResult<HttpResponse> {
    count(req, calls, slug, "seePost", "readers").await
}

/// The text a refusal of a comment shows, in the page's language, by its code.
pub fn problem_text<'a>(t: &'a Blog, code: &str) -> &'a String {
    match code {
        "comment_too_fast" => &t.too_fast,
        "comment_ticket_invalid" => &t.too_old,
        "rate_limited" => &t.rate_limited,
        "invalid_email" => &t.invalid_email,
        "invalid_image_url" => &t.invalid_picture,
        "invalid_input" => &t.required,
        _ => &t.failed,
    }
}

/// `POST /posts/{slug}/comments`: a comment or an answer, as the `addPostComment` call. A
/// signed-in member's script sends the app's token, so their comment shows at once.
pub async fn comment(
    req: HttpRequest,
    calls: web::Data<Calls>,
    slug: web::Path<String>,
    body: web::Bytes,
) -> AppResult<HttpResponse> {
    let post = post_at(&calls, &req, &slug).await?;
    let fields: HashMap<String, String> = url::form_urlencoded::parse(&body)
        .map(|(k, v)| (k.into_owned(), v.into_owned()))
        .collect();
    let field = |name: &str| fields.get(name).cloned().unwrap_or_default();
    let ticket = cookies::read(&req, cookies::TICKET).unwrap_or_default();
    let payload = json!({
        "postId": post.id,
        "replyTo": field("replyTo"),
        "name": field("name"),
        "email": field("email"),
        "imgUrl": field("imgUrl"),
        "text": field("text"),
        "ticket": ticket,
        "website": field("website"),
    });
    let bearer = match calls.state().sessions.bearer(&req).await {
        Ok(bearer) => bearer,
        Err(_) => Bearer::Missing,
    };
    let outcome = calls
        .invoke(
            Transport::Form,
            "addPostComment",
            bearer,
            crate::calls::Origin::of(&req),
            payload,
        )
        .await;
    let lang = Lang::parse(post.language.as_str()).unwrap_or(Lang::En);
    let t = &Texts::of(lang).blog;
    match outcome {
        Ok(answer) => {
            let data: Value = answer.into_json()?;
            let status = data["data"]["status"]
                .as_str()
                .unwrap_or("pending")
                .to_string();
            if scripted(&req) {
                let message = if status == "approved" {
                    &t.approved
                } else {
                    &t.pending
                };
                Ok(HttpResponse::Ok()
                    .insert_header((header::CACHE_CONTROL, "no-store"))
                    .json(json!({ "data": data["data"], "message": message })))
            } else {
                Ok(HttpResponse::SeeOther()
                    .insert_header((
                        header::LOCATION,
                        back(&post, &format!("comment={status}"), "comments"),
                    ))
                    .finish())
            }
        }
        Err(error) => {
            if matches!(error.kind, ErrorKind::Internal | ErrorKind::Unavailable) {
                tracing::error!(error = %error, "blog comment form failed");
            }
            let text = problem_text(t, error.code);
            if scripted(&req) {
                Ok(HttpResponse::build(error.kind.status())
                    .insert_header((header::CACHE_CONTROL, "no-store"))
                    .json(json!({ "message": text, "code": error.code })))
            } else {
                Ok(HttpResponse::SeeOther()
                    .insert_header((
                        header::LOCATION,
                        back(&post, &format!("comment={}", error.code), "comment-form"),
                    ))
                    .finish())
            }
        }
    }
}
