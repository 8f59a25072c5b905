//! The blog's reads: the published posts of a language (by tag, by title), one post at its
//! address with the comments readers see, and the editors' list and post.

use super::views::{threads, PostList, PostSummary, PostTranslation, PostView};
use crate::calls::guard::SignedIn;
use crate::calls::AppState;
use crate::db::models::blog::{self as rows, Comment, Filter, Post};
use crate::domain::blog::comment::SHOWN_MAX;
use crate::domain::blog::post::tag;
use crate::domain::blog::{paging, spam, BlogError, DEFAULT_LANGUAGE};
use crate::domain::language::Language;
use crate::error::{AppError, AppResult};
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

/// What a list is asked for.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// en (the default), de, es or fa; the editors' list shows every language when none.
    pub language: Option<String>,
    /// Posts to skip (0 when not given).
    pub offset: Option<i64>,
    /// Posts to return: at least 1, at most 50; 12 for a first page, 5 after it.
    pub limit: Option<i64>,
    /// Only posts with this tag.
    pub tag: Option<String>,
    /// Only posts whose title holds this text.
    pub q: Option<String>,
}

fn language(raw: Option<&str>) -> AppResult<Option<Language>> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(l) => Language::parse(l)
            .map(Some)
            .ok_or_else(|| AppError::invalid("language must be en, de, es or fa.")),
    }
}

fn page(q: &ListQuery) -> AppResult<paging::Page> {
    paging::page(q.offset, q.limit).map_err(|e| AppError::invalid(e.message()))
}

/// The most characters of a tag or a title searched for (a longer one matches nothing more).
const SEARCH_MAX: usize = 200;

fn filter(q: &ListQuery, language: Option<Language>, drafts: bool) -> Filter {
    let text = |v: &Option<String>| {
        v.as_deref()
            .map(|v| v.trim().chars().take(SEARCH_MAX).collect::<String>())
            .filter(|v| !v.is_empty())
    };
    Filter {
        language,
        tag: text(&q.tag).map(|t| tag(&t)),
        title: text(&q.q),
        drafts,
    }
}

/// A page of posts and whether more follow: one more than the page is read.
fn page_of(
    conn: &mut diesel::PgConnection,
    filter: &Filter,
    page: paging::Page,
) -> AppResult<(Vec<rows::Listed>, bool)> {
    let mut posts = Post::list(conn, filter, page.offset, page.limit + 1)?;
    let more = posts.len() as i64 > page.limit;
    posts.truncate(page.limit as usize);
    Ok((rows::listed(conn, posts)?, more))
}

/// A read's answer with an `ETag` of its bytes: the same list or post again is a 304.
/// Readers revalidate each time (`no-cache`), so a new comment or like shows at once.
fn tagged(req: &HttpRequest, body: Vec<u8>) -> HttpResponse {
    let etag = crate::domain::etag::of(&body);
    let matches = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| crate::domain::etag::matches(v, &etag));
    let mut answer = if matches {
        HttpResponse::NotModified()
    } else {
        HttpResponse::Ok()
    };
    answer
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, "no-cache"));
    if matches {
        return answer.finish();
    }
    answer.content_type("application/json").body(body)
}

fn enveloped<T: serde::Serialize>(value: &T) -> AppResult<Vec<u8>> {
    serde_json::to_vec(&serde_json::json!({ "data": value })).map_err(AppError::internal)
}

/// `GET /api/v1/posts`: a language's published posts, newest change first; by tag or by
/// title. A title that matches nothing is the spec's `no.document.with.matching.title`.
#[utoipa::path(
    get,
    path = "/api/v1/posts",
    params(ListQuery),
    responses(
        (status = 200, description = "`{\"data\": PostList}`, with an `ETag`", body = PostList),
        (status = 304, description = "Unchanged since the `If-None-Match` named"),
        (status = 400, description = "A language, offset or limit out of range", body = crate::error::ErrorBody),
        (status = 404, description = "`no.document.with.matching.title`: no post's title holds `q`", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state, req))]
pub async fn list(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: web::Query<ListQuery>,
) -> AppResult<HttpResponse> {
    let language = language(query.language.as_deref())?.unwrap_or(DEFAULT_LANGUAGE);
    let page = page(&query)?;
    let filter = filter(&query, Some(language), false);
    let searching = filter.title.is_some();
    let (posts, more) = state
        .db
        .run(move |conn| page_of(conn, &filter, page))
        .await?;
    if searching && posts.is_empty() && page.offset == 0 {
        return Err(BlogError::NoMatchingTitle.into());
    }
    let list = PostList {
        posts: posts
            .iter()
            .map(|l| PostSummary::of(&l.post, l.cover.as_ref(), l.comments))
            .collect::<Vec<_>>()
            .into(),
        more,
    };
    Ok(tagged(&req, enveloped(&list)?))
}

/// A post with its comments, as a reader (`editor` false) or an editor sees it.
pub(super) fn view_of(
    conn: &mut diesel::PgConnection,
    post: Post,
    editor: bool,
    ticket: String,
) -> AppResult<PostView> {
    let comments = Comment::of_post(conn, post.id, SHOWN_MAX as i64)?;
    let translations = Post::translations(conn, post.translation_group)?
        .iter()
        .filter(|p| p.id != post.id && (editor || p.published))
        .map(PostTranslation::of)
        .collect::<Vec<_>>();
    let listed = rows::listed(conn, vec![post])?
        .into_iter()
        .next()
        .ok_or_else(|| AppError::internal("a listed post went missing"))?;
    let post = &listed.post;
    let mut summary = PostSummary::of(post, listed.cover.as_ref(), listed.comments);
    if editor {
        summary.pending_comments = Some(
            comments
                .iter()
                .filter(|c| c.status == crate::domain::blog::comment::Status::Pending)
                .count() as i64,
        );
    }
    Ok(PostView {
        content: post.html.clone(),
        conclusion: post.conclusion.clone(),
        markdown: editor.then(|| post.content.clone()),
        comments: threads(&comments, editor).into(),
        translations: translations.into(),
        ticket,
        summary,
    })
}

/// The ticket a reading of `post` hands out for its comment form.
pub fn ticket_for(state: &AppState, post: Uuid) -> String {
    spam::issue(
        &spam::key(&state.settings.jwt_secret),
        post,
        state.clock.now().timestamp_millis(),
    )
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SlugQuery {
    /// The language wanted where the address has several (en by default).
    pub language: Option<String>,
}

/// `GET /api/v1/posts/by-slug/{slug}`: a published post at its address, with the comments
/// readers see and the ticket a comment from this reading carries.
#[utoipa::path(
    get,
    path = "/api/v1/posts/by-slug/{slug}",
    params(("slug" = String, Path, description = "The post's address"), SlugQuery),
    responses(
        (status = 200, description = "`{\"data\": PostView}`", body = PostView),
        (status = 404, description = "`blog.post.doesn't.exist`: no published post there", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state))]
pub async fn by_slug(
    state: web::Data<AppState>,
    slug: web::Path<String>,
    query: web::Query<SlugQuery>,
) -> AppResult<HttpResponse> {
    let language = language(query.language.as_deref())?.unwrap_or(DEFAULT_LANGUAGE);
    let slug = slug.into_inner();
    let state2 = state.clone();
    let view = state
        .db
        .run(move |conn| {
            let post =
                Post::published_at_slug(conn, &slug, language)?.ok_or(BlogError::PostMissing)?;
            let ticket = ticket_for(&state2, post.id);
            view_of(conn, post, false, ticket)
        })
        .await?;
    Ok(crate::api::envelope::ok(view))
}

/// `GET /api/v1/posts/admin`: every post, drafts too, newest change first, with the comments
/// waiting for an editor: for editors.
#[utoipa::path(
    get,
    path = "/api/v1/posts/admin",
    params(ListQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": PostList}`", body = PostList),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not one of the blog's editors", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user))]
pub async fn admin_list(
    state: web::Data<AppState>,
    user: SignedIn,
    query: web::Query<ListQuery>,
) -> AppResult<HttpResponse> {
    super::access::editor(&state, user.0).await?;
    let language = language(query.language.as_deref())?;
    let page = page(&query)?;
    let filter = filter(&query, language, true);
    let (posts, more, pending) = state
        .db
        .run(move |conn| {
            let (posts, more) = page_of(conn, &filter, page)?;
            let ids: Vec<Uuid> = posts.iter().map(|l| l.post.id).collect();
            let pending = Comment::pending_counts(conn, &ids)?;
            Ok((posts, more, pending))
        })
        .await?;
    let list = PostList {
        posts: posts
            .iter()
            .map(|l| {
                let mut s = PostSummary::of(&l.post, l.cover.as_ref(), l.comments);
                s.pending_comments = Some(
                    pending
                        .iter()
                        .find(|(id, _)| *id == l.post.id)
                        .map_or(0, |(_, n)| *n),
                );
                s
            })
            .collect::<Vec<_>>()
            .into(),
        more,
    };
    Ok(crate::api::envelope::ok(list))
}

/// `GET /api/v1/posts/admin/{postId}`: a post as its editors see it: its Markdown, every
/// comment with its standing and address, every version.
#[utoipa::path(
    get,
    path = "/api/v1/posts/admin/{postId}",
    params(("postId" = uuid::Uuid, Path, description = "Post id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": PostView}`", body = PostView),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not one of the blog's editors", body = crate::error::ErrorBody),
        (status = 404, description = "`blog.post.does.not.exist`", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user))]
pub async fn admin_post(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    super::access::editor(&state, user.0).await?;
    let id: Uuid = path
        .parse()
        .map_err(|_| AppError::from(BlogError::PostUnknown))?;
    let state2 = state.clone();
    let view = state
        .db
        .run(move |conn| {
            let post = Post::find(conn, id)?.ok_or(BlogError::PostUnknown)?;
            let ticket = ticket_for(&state2, post.id);
            view_of(conn, post, true, ticket)
        })
        .await?;
    Ok(crate::api::envelope::ok(view))
}
