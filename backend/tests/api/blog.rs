//! The blog: only editors (`BLOG_EDITOR_EMAILS`) write, publish and moderate; a draft is never
//! served publicly; the spec's error texts; Markdown is rendered without scripts or event
//! handlers whatever the text holds; a like and a reading count once per visitor under 50
//! concurrent requests; comments wait for an editor unless a member writes them, and spam is
//! held off by the hidden field, the page's ticket and the rate per address.

use crate::fixtures::demo::{get_page, post_form};
use crate::fixtures::files::{form, upload_form};
use crate::fixtures::{spawn_app_with, Reply, TestApp, TestUser};
use serde_json::{json, Value};
use std::io::Cursor;
use std::time::Duration;

const EDITOR: &str = "editor@clockto.test";

async fn app_with(configure: impl FnOnce(&mut backend::config::Settings)) -> TestApp {
    spawn_app_with(|s| {
        s.blog_editor_emails = vec![EDITOR.to_string()];
        configure(s);
    })
    .await
}

/// A PNG picture, wide like a cover.
fn png() -> Vec<u8> {
    let picture = image::RgbImage::from_fn(1600, 800, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 120])
    });
    let mut out = Cursor::new(Vec::new());
    picture
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("png");
    out.into_inner()
}

async fn upload_cover(app: &TestApp, token: &str) -> Reply {
    let picture = png();
    upload_form(
        app,
        Some(token),
        form(&[("purpose", "cover")], Some(("cover.png", &picture))),
    )
    .await
}

/// A server with an editor and a cover to write posts with.
pub struct Blog {
    pub app: TestApp,
    pub editor: TestUser,
    pub cover: String,
}

async fn blog() -> Blog {
    blog_with(|_| {}).await
}

pub async fn blog_with(configure: impl FnOnce(&mut backend::config::Settings)) -> Blog {
    let app = app_with(configure).await;
    let editor = app.create_user(EDITOR);
    let cover = upload_cover(&app, &editor.token).await.data()["id"]
        .as_str()
        .expect("cover id")
        .to_string();
    Blog { app, editor, cover }
}

impl Blog {
    pub fn post(&self, title: &str) -> Value {
        json!({
            "title": title,
            "abstract": format!("What {title} is about."),
            "content": "Shifts are planned **weekly**.\n\nA second paragraph.",
            "conclusion": "Plan early.",
            "tags": ["Scheduling", "Teams"],
            "cover": self.cover,
        })
    }

    pub async fn save(&self, body: Value) -> Reply {
        self.app
            .call("savePost", body, Some(&self.editor.token))
            .await
    }

    pub async fn publish(&self, id: &str, published: bool) -> Reply {
        self.app
            .call(
                "publishPost",
                json!({ "postId": id, "published": published }),
                Some(&self.editor.token),
            )
            .await
    }

    /// A published post's id and slug.
    async fn published(&self, title: &str) -> (String, String) {
        let saved = self.save(self.post(title)).await;
        let id = saved.data()["id"].as_str().expect("id").to_string();
        let slug = saved.data()["slug"].as_str().expect("slug").to_string();
        self.publish(&id, true).await.data();
        (id, slug)
    }

    /// The ticket a reading of the post hands out, old enough to comment with.
    async fn ticket(&self, slug: &str) -> String {
        let read = self
            .app
            .get(&format!("/api/v1/posts/by-slug/{slug}"), None)
            .await;
        let ticket = read.data()["ticket"].as_str().expect("ticket").to_string();
        self.app.clock.advance(Duration::from_secs(5));
        ticket
    }

    async fn comment(&self, id: &str, slug: &str, extra: Value, token: Option<&str>) -> Reply {
        let mut body = json!({
            "postId": id,
            "name": "Vera Visitor",
            "email": "vera@example.com",
            "text": "Useful, thank you.",
            "ticket": self.ticket(slug).await,
        });
        for (k, v) in extra.as_object().expect("an object") {
            body[k] = v.clone();
        }
        self.app.call("addPostComment", body, token).await
    }
}

fn visitor() -> String {
    uuid::Uuid::new_v4().to_string()
}

#[actix_web::test]
async fn only_editors_write_publish_and_moderate() {
    let b = blog().await;
    let stranger = b.app.create_user("someone@example.com");
    let refused = b
        .app
        .call("savePost", b.post("Mine"), Some(&stranger.token))
        .await;
    assert_eq!(refused.error(403), "Only the blog's editors write posts.");
    assert_eq!(upload_cover(&b.app, &stranger.token).await.status, 403);
    let anonymous = b.app.call("savePost", b.post("Mine"), None).await;
    assert_eq!(anonymous.status, 401);
    let (id, _) = b.published("Plan a week").await;
    for (call, body) in [
        ("publishPost", json!({ "postId": id, "published": false })),
        ("deletePost", json!({ "postId": id })),
        ("previewPost", json!({ "content": "# x" })),
        (
            "moderateComment",
            json!({ "commentId": uuid::Uuid::now_v7(), "action": "approve" }),
        ),
    ] {
        let r = b.app.call(call, body, Some(&stranger.token)).await;
        assert_eq!(r.status, 403, "{call}: {:?}", r.body);
    }
    assert_eq!(
        b.app
            .get("/api/v1/posts/admin", Some(&stranger.token))
            .await
            .status,
        403
    );
    let list = b.app.get("/api/v1/posts", None).await;
    assert_eq!(list.data()["posts"].as_array().map(Vec::len), Some(1));
}

#[actix_web::test]
async fn a_draft_is_never_served_publicly() {
    let b = blog().await;
    let saved = b.save(b.post("Secret plans")).await;
    let draft = saved.data();
    let (id, slug) = (
        draft["id"].as_str().expect("id"),
        draft["slug"].as_str().expect("slug"),
    );
    assert_eq!(slug, "secret-plans");
    assert_eq!(draft["published"], json!(false));
    assert_eq!(draft["duration"], json!(3));
    assert_eq!(
        b.app.get("/api/v1/posts", None).await.data()["posts"],
        json!([])
    );
    let read = b
        .app
        .get(&format!("/api/v1/posts/by-slug/{slug}"), None)
        .await;
    assert_eq!(read.error(404), "blog.post.doesn't.exist");
    let page = get_page(&b.app, &format!("/posts/{slug}"), None).await;
    assert_eq!(page.status, 404);
    assert!(!page.html.contains("Secret plans"));
    let feed = get_page(&b.app, "/posts/feed/en", None).await;
    assert!(!feed.html.contains("Secret plans"));
    let sitemap = get_page(&b.app, "/sitemap.xml", None).await;
    assert!(!sitemap.html.contains("secret-plans"));
    let like = b
        .app
        .call(
            "likePost",
            json!({ "postId": id, "visitor": visitor() }),
            None,
        )
        .await;
    assert_eq!(like.error(404), "blog.post.does.not.exist");
    // The editors see it; once published, everyone does.
    let admin = b
        .app
        .get("/api/v1/posts/admin", Some(&b.editor.token))
        .await;
    assert_eq!(admin.data()["posts"][0]["published"], json!(false));
    b.publish(id, true).await.data();
    assert_eq!(b.app.get(&format!("/posts/{slug}"), None).await.status, 200);
    // Withdrawn, it is gone again.
    b.publish(id, false).await.data();
    assert_eq!(
        get_page(&b.app, &format!("/posts/{slug}"), None)
            .await
            .status,
        404
    );
}

#[actix_web::test]
async fn the_spec_s_error_texts_are_said() {
    let b = blog().await;
    let missing = uuid::Uuid::now_v7().to_string();
    let r = b.publish(&missing, true).await;
    assert_eq!(r.error(404), "blog.post.does.not.exist");
    let r = b
        .app
        .get(
            &format!("/api/v1/posts/admin/{missing}"),
            Some(&b.editor.token),
        )
        .await;
    assert_eq!(r.error(404), "blog.post.does.not.exist");
    let r = b.app.get("/api/v1/posts/by-slug/nothing-here", None).await;
    assert_eq!(r.error(404), "blog.post.doesn't.exist");
    b.published("Plan a week").await;
    let r = b.app.get("/api/v1/posts?q=holidays", None).await;
    assert_eq!(r.error(404), "no.document.with.matching.title");
    let found = b.app.get("/api/v1/posts?q=WEEK", None).await;
    assert_eq!(found.data()["posts"][0]["title"], json!("Plan a week"));
    let (id, _) = b.published("Another").await;
    let r = b
        .app
        .call("likePost", json!({ "postId": id, "visitor": "1" }), None)
        .await;
    assert_eq!(r.error(400), "couldn't create reaction!");
    // A post needs its cover, and a cover is a picture uploaded as one.
    let mut coverless = b.post("No cover");
    coverless["cover"] = Value::Null;
    assert_eq!(
        b.save(coverless).await.error(400),
        "A post needs a cover image."
    );
    let mut wrong = b.post("Wrong cover");
    wrong["cover"] = json!(uuid::Uuid::now_v7());
    assert_eq!(b.save(wrong).await.body["code"], json!("cover_invalid"));
    // Bad paging is a 400, changing nothing.
    assert_eq!(b.app.get("/api/v1/posts?limit=0", None).await.status, 400);
    assert_eq!(
        b.app.get("/api/v1/posts?language=xx", None).await.status,
        400
    );
}

#[actix_web::test]
async fn rendering_strips_scripts_and_event_handlers() {
    let b = blog().await;
    let hostile = [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "[x](javascript:alert(1))",
        "<a href=\"JaVaScRiPt:alert(1)\">x</a>",
        "<svg onload=alert(1)></svg>",
        "<iframe src=\"https://evil.test\"></iframe>",
        "<div onclick=\"alert(1)\" style=\"color:red\">x</div>",
        "![x](data:text/html;base64,PHNjcmlwdD4=)",
        "<form action=https://evil.test><button>go</button></form>",
        "<p><object data=x></object><embed src=x></p>",
    ];
    let mut body = b.post("Hostile");
    body["content"] = json!(format!("Words here.\n\n{}", hostile.join("\n\n")));
    let saved = b.save(body).await;
    let html = saved.data()["content"]
        .as_str()
        .expect("html")
        .to_lowercase();
    for bad in [
        "<script",
        "onerror",
        "onload",
        "onclick",
        "javascript:",
        "<iframe",
        "<svg",
        "style=",
        "data:text",
        "<form",
        "<object",
        "<embed",
    ] {
        assert!(!html.contains(bad), "{bad} left in {html}");
    }
    assert!(html.contains("<p>words here.</p>"));
    // The editor's Markdown is kept as written, for the next edit.
    assert!(saved.data()["markdown"]
        .as_str()
        .expect("markdown")
        .contains("<script>"));
    // The preview renders the same way.
    let preview = b
        .app
        .call(
            "previewPost",
            json!({ "content": hostile.join("\n\n") }),
            Some(&b.editor.token),
        )
        .await;
    let html = preview.data()["html"].as_str().expect("html");
    assert!(!html.contains("<script") && !html.contains("onerror"));
    // And the page serves it so.
    let id = saved.data()["id"].as_str().expect("id");
    b.publish(id, true).await.data();
    let page = get_page(&b.app, "/posts/hostile", None).await;
    assert_eq!(page.status, 200);
    let content = page
        .html
        .split("<div class=\"content\">")
        .nth(1)
        .and_then(|rest| rest.split("</div>").next())
        .expect("the content");
    assert!(!content.contains("<script") && !content.contains("onerror"));
}

#[actix_web::test]
async fn likes_and_readings_count_once_per_visitor_under_fifty_concurrent_requests() {
    let b = blog().await;
    let (id, _) = b.published("Counted").await;
    let same = visitor();
    let call = |name: &'static str, who: String| {
        let app = &b.app;
        let id = id.clone();
        async move {
            app.call(name, json!({ "postId": id, "visitor": who }), None)
                .await
        }
    };
    let replies =
        futures_util::future::join_all((0..50).map(|_| call("likePost", same.clone()))).await;
    let counted = replies
        .iter()
        .filter(|r| r.data()["counted"] == json!(true))
        .count();
    assert_eq!(counted, 1);
    let replies =
        futures_util::future::join_all((0..50).map(|_| call("likePost", visitor()))).await;
    assert!(replies.iter().all(|r| r.status == 200));
    let replies =
        futures_util::future::join_all((0..50).map(|_| call("seePost", same.clone()))).await;
    assert!(replies.iter().all(|r| r.status == 200));
    let replies = futures_util::future::join_all((0..50).map(|_| call("seePost", visitor()))).await;
    assert!(replies.iter().all(|r| r.status == 200));
    let list = b.app.get("/api/v1/posts", None).await;
    let post = &list.data()["posts"][0];
    assert_eq!(post["like"], json!(51));
    assert_eq!(post["seenCount"], json!(51));
    // The rows agree with the counts.
    let rows = |table: &str| {
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        diesel::RunQueryDsl::get_result::<N>(
            diesel::sql_query(format!("SELECT count(*) AS n FROM {table}")),
            &mut b.app.conn(),
        )
        .expect("count")
        .n
    };
    assert_eq!((rows("blog_likes"), rows("blog_views")), (51, 51));
    // A second like changes nothing.
    let again = call("likePost", same).await;
    assert_eq!(again.data(), &json!({ "like": 51, "counted": false }));
}

#[actix_web::test]
async fn the_page_s_forms_count_a_like_once_per_visitor_cookie() {
    let b = blog().await;
    let (_, slug) = b.published("Liked").await;
    let page = get_page(&b.app, &format!("/posts/{slug}"), None).await;
    let cookie = page
        .headers
        .get_all("set-cookie")
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("clockto_visitor="))
        .and_then(|c| c.split(';').next())
        .expect("a visitor cookie")
        .to_string();
    assert!(page
        .headers
        .get_all("set-cookie")
        .filter_map(|v| v.to_str().ok())
        .all(|c| c.contains("HttpOnly")));
    let like = |cookie: String| {
        let app = &b.app;
        let slug = slug.clone();
        async move {
            let mut res = app
                .client
                .post(format!("{}/posts/{slug}/like", app.address))
                .insert_header(("accept", "application/json"))
                .insert_header(("cookie", cookie))
                .send()
                .await
                .expect("like");
            let body: Value =
                serde_json::from_slice(&res.body().await.expect("body")).expect("json");
            body
        }
    };
    assert_eq!(like(cookie.clone()).await["data"]["like"], json!(1));
    assert_eq!(like(cookie.clone()).await["data"]["like"], json!(1));
    // Without a script, the form is sent back to the post.
    let sent = post_form(&b.app, &format!("/posts/{slug}/like"), &[]).await;
    assert_eq!(sent.status, 303);
    assert!(sent
        .header("location")
        .starts_with(&format!("/posts/{slug}?lang=en")));
    let page = get_page(&b.app, &format!("/posts/{slug}"), None).await;
    assert!(page.html.contains("<output data-likes>2</output>"));
}

#[actix_web::test]
async fn a_visitor_s_comment_waits_for_an_editor_and_a_member_s_shows_at_once() {
    let b = blog().await;
    let (id, slug) = b.published("Talk").await;
    let sent = b.comment(&id, &slug, json!({}), None).await;
    assert_eq!(sent.data()["status"], json!("pending"));
    let comment = sent.data()["comment"]["id"]
        .as_str()
        .expect("id")
        .to_string();
    let path = format!("/api/v1/posts/by-slug/{slug}");

    assert_eq!(b.app.get(&path, None).await.data()["comments"], json!([]));
    // The editor sees it waiting, with the address.
    let admin = b
        .app
        .get(&format!("/api/v1/posts/admin/{id}"), Some(&b.editor.token))
        .await;
    assert_eq!(admin.data()["pendingComments"], json!(1));
    assert_eq!(
        admin.data()["comments"][0]["email"],
        json!("vera@example.com")
    );
    let approved = b
        .app
        .call(
            "moderateComment",
            json!({ "commentId": comment, "action": "approve" }),
            Some(&b.editor.token),
        )
        .await;
    assert_eq!(approved.data()["status"], json!("approved"));
    let shown = b.app.get(&path, None).await.data().clone();
    assert_eq!(shown["comments"][0]["text"], json!("Useful, thank you."));
    assert_eq!(shown["comments"][0].get("email"), None, "never shown");
    assert_eq!(shown["commentCount"], json!(1));
    // A member's answer shows at once, under the comment; an answer to it joins the thread.
    let member = b.app.create_user("member@example.com");
    let answer = b
        .comment(
            &id,
            &slug,
            json!({ "replyTo": comment, "text": "Agreed." }),
            Some(&member.token),
        )
        .await;
    assert_eq!(answer.data()["status"], json!("approved"));
    let answer_id = answer.data()["comment"]["id"]
        .as_str()
        .expect("id")
        .to_string();
    let deeper = b
        .comment(
            &id,
            &slug,
            json!({ "replyTo": answer_id, "text": "Me too." }),
            Some(&member.token),
        )
        .await;
    deeper.data();
    let shown = b.app.get(&path, None).await.data().clone();
    let responses = shown["comments"][0]["responses"]
        .as_array()
        .expect("answers");
    assert_eq!(responses.len(), 2);
    // Hidden, the thread leaves the page with its answers; deleted, it is gone.
    b.app
        .call(
            "moderateComment",
            json!({ "commentId": comment, "action": "hide" }),
            Some(&b.editor.token),
        )
        .await
        .data();
    assert_eq!(b.app.get(&path, None).await.data()["comments"], json!([]));
    b.app
        .call(
            "moderateComment",
            json!({ "commentId": comment, "action": "delete" }),
            Some(&b.editor.token),
        )
        .await
        .data();
    let admin = b
        .app
        .get(&format!("/api/v1/posts/admin/{id}"), Some(&b.editor.token))
        .await;
    assert_eq!(admin.data()["comments"], json!([]));
    // An answer to a comment of another post is refused.
    let (other, other_slug) = b.published("Elsewhere").await;
    let kept = b.comment(&other, &other_slug, json!({}), None).await;
    let foreign = kept.data()["comment"]["id"].clone();
    let r = b
        .comment(&id, &slug, json!({ "replyTo": foreign }), None)
        .await;
    assert_eq!(r.error(404), "Comment not found.");
}

#[actix_web::test]
async fn comment_spam_is_held_off() {
    let b = blog().await;
    let (id, slug) = b.published("Spam").await;
    let count = |app: &TestApp| {
        #[derive(diesel::QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        diesel::RunQueryDsl::get_result::<N>(
            diesel::sql_query("SELECT count(*) AS n FROM blog_comments"),
            &mut app.conn(),
        )
        .expect("count")
        .n
    };
    // The hidden field: answered as taken, kept nowhere.
    let trapped = b
        .comment(&id, &slug, json!({ "website": "https://spam.test" }), None)
        .await;
    assert_eq!(trapped.data()["status"], json!("pending"));
    assert_eq!(count(&b.app), 0);
    // Sent at once after the page: too fast.
    let read = b
        .app
        .get(&format!("/api/v1/posts/by-slug/{slug}"), None)
        .await;
    let fresh = read.data()["ticket"].as_str().expect("ticket").to_string();
    let body = |ticket: &str| {
        json!({
            "postId": id, "name": "Bot", "email": "bot@example.com",
            "text": "Buy now", "ticket": ticket,
        })
    };
    let r = b.app.call("addPostComment", body(&fresh), None).await;
    assert_eq!(r.body["code"], json!("comment_too_fast"));
    // A forged ticket, or another post's, or one a day old: refused.
    let forged = format!(
        "{}.{}",
        fresh.split('.').next().expect("time"),
        "0".repeat(32)
    );
    let r = b.app.call("addPostComment", body(&forged), None).await;
    assert_eq!(r.body["code"], json!("comment_ticket_invalid"));
    b.app.clock.advance(Duration::from_secs(25 * 3600));
    let r = b.app.call("addPostComment", body(&fresh), None).await;
    assert_eq!(r.body["code"], json!("comment_ticket_invalid"));
    // Bad fields are 400s.
    for (field, value) in [
        ("email", json!("not-an-address")),
        ("imgUrl", json!("javascript:alert(1)")),
        ("text", json!("   ")),
    ] {
        let r = b.comment(&id, &slug, json!({ field: value }), None).await;
        assert_eq!(r.status, 400, "{field}: {:?}", r.body);
    }
    assert_eq!(count(&b.app), 0);
}

#[actix_web::test]
async fn comments_are_rate_limited_per_address() {
    let app = spawn_app_with(|s| {
        s.blog_editor_emails = vec![EDITOR.to_string()];
        s.public_rate_per_minute = 30;
    })
    .await;
    let editor = app.create_user(EDITOR);
    let cover = upload_cover(&app, &editor.token).await.data()["id"].clone();
    let b = Blog {
        cover: cover.as_str().expect("id").to_string(),
        app,
        editor,
    };
    let (id, slug) = b.published("Busy").await;
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(b.comment(&id, &slug, json!({}), None).await.status);
    }
    assert_eq!(statuses, [200, 200, 200, 429]);
}

#[actix_web::test]
async fn slugs_are_unique_per_language_and_translations_are_linked() {
    let b = blog().await;
    let (en, slug) = b.published("Shift swaps").await;
    let taken = b.save(b.post("Shift Swaps!")).await;
    assert_eq!(
        taken.error(409),
        "Another post in this language has this address."
    );
    let mut es = b.post("Shift swaps");
    es["language"] = json!("es");
    es["translationOf"] = json!(en);
    let es = b.save(es).await;
    assert_eq!(
        es.data()["slug"],
        json!(slug),
        "the same address in another language"
    );
    let es_id = es.data()["id"].as_str().expect("id").to_string();
    b.publish(&es_id, true).await.data();
    let mut again = b.post("Otra");
    again["language"] = json!("es");
    again["translationOf"] = json!(en);
    assert_eq!(
        b.save(again).await.error(409),
        "The post already has a version in this language."
    );
    let page = get_page(&b.app, &format!("/posts/{slug}?lang=es"), None).await;
    assert!(page.html.contains("<html lang=\"es\""));
    assert!(page.html.contains(&format!(
        "hreflang=\"en\" href=\"{}/posts/{slug}?lang=en\"",
        b.app.state.settings.public_url.trim_end_matches('/')
    )));
    let mut reserved = b.post("x");
    reserved["slug"] = json!("admin");
    assert_eq!(b.save(reserved).await.body["code"], json!("slug_reserved"));
}

#[actix_web::test]
async fn lists_take_the_spec_s_pages_newest_change_first_and_are_tagged_for_caches() {
    let b = blog().await;
    for i in 0..14 {
        b.published(&format!("Post {i:02}")).await;
    }
    let first = b.app.get("/api/v1/posts", None).await;
    let posts = first.data()["posts"].as_array().expect("posts");
    assert_eq!(posts.len(), 12);
    assert_eq!(posts[0]["title"], json!("Post 13"));
    assert_eq!(first.data()["more"], json!(true));
    let more = b.app.get("/api/v1/posts?offset=12", None).await;
    assert_eq!(more.data()["posts"].as_array().map(Vec::len), Some(2));
    assert_eq!(more.data()["more"], json!(false));
    let tagged = b
        .app
        .get("/api/v1/posts?tag=Scheduling&limit=3", None)
        .await;
    assert_eq!(tagged.data()["posts"].as_array().map(Vec::len), Some(3));
    // The same list again is a 304.
    let mut res = b
        .app
        .client
        .get(format!("{}/api/v1/posts", b.app.address))
        .send()
        .await
        .expect("get");
    let etag = res.headers().get("etag").expect("an etag").clone();
    let _ = res.body().await;
    let res = b
        .app
        .client
        .get(format!("{}/api/v1/posts", b.app.address))
        .insert_header(("if-none-match", etag))
        .send()
        .await
        .expect("get");
    assert_eq!(res.status().as_u16(), 304);
    // The page: twelve cards, ten recent, and "load more" growing it by five.
    let page = get_page(&b.app, "/posts", None).await;
    assert_eq!(page.html.matches("<li class=\"card\">").count(), 12);
    assert!(page.html.contains("shown=17"));
    let grown = get_page(&b.app, "/posts?shown=17", None).await;
    assert_eq!(grown.html.matches("<li class=\"card\">").count(), 14);
    assert!(!grown.html.contains("data-more"));
}

#[actix_web::test]
async fn a_post_s_page_carries_its_meta_tags_and_article_data() {
    let b = blog().await;
    let (_, slug) = b.published("Plan a week").await;
    let page = get_page(&b.app, &format!("/posts/{slug}"), None).await;
    assert_eq!(page.status, 200);
    let origin = b
        .app
        .state
        .settings
        .public_url
        .trim_end_matches('/')
        .to_string();
    for needle in [
        "<title>Plan a week</title>".to_string(),
        "<meta name=\"description\" content=\"What Plan a week is about.\">".to_string(),
        format!("<link rel=\"canonical\" href=\"{origin}/posts/{slug}?lang=en\">"),
        "<meta property=\"og:type\" content=\"article\">".to_string(),
        "<meta property=\"og:title\" content=\"Plan a week\">".to_string(),
        "<link rel=\"alternate\" type=\"application/atom+xml\"".to_string(),
        "<script type=\"application/ld+json\">".to_string(),
        "\"@type\":\"BlogPosting\"".to_string(),
    ] {
        assert!(page.html.contains(&needle), "{needle} missing");
    }
    assert!(page.html.contains("og:image\" content=\""));
    // The cover: its 1200 px copy, and one sized for a phone, offered side by side.
    let cover = &b.cover;
    assert!(page.html.contains(&format!(
        "srcset=\"/api/v1/files/{cover}/small 800w, /api/v1/files/{cover}/thumbnail 1200w\""
    )));
    assert!(page.html.contains("width=\"1200\" height=\"600\""));
    for (path, width) in [("small", 800), ("thumbnail", 1200)] {
        let mut res = b
            .app
            .client
            .get(format!("{}/api/v1/files/{cover}/{path}", b.app.address))
            .send()
            .await
            .expect("get");
        assert_eq!(res.status().as_u16(), 200);
        let bytes = res.body().limit(1 << 20).await.expect("body");
        let picture = image::load_from_memory(&bytes).expect("a picture");
        assert_eq!(
            (picture.width(), picture.height()),
            (width, width / 2),
            "{path}"
        );
    }
    let feed = get_page(&b.app, "/posts/feed/en", None).await;
    assert!(feed
        .header("content-type")
        .starts_with("application/atom+xml"));
    assert!(feed.html.contains("<title>Plan a week</title>"));
    let sitemap = get_page(&b.app, "/sitemap.xml", None).await;
    assert!(sitemap
        .html
        .contains(&format!("<loc>{origin}/posts/{slug}?lang=en</loc>")));
    let robots = get_page(&b.app, "/robots.txt", None).await;
    assert!(robots.html.contains("Sitemap: "));
    // The editors' screens are the web app's, not a post.
    let admin = get_page(&b.app, "/posts/admin", None).await;
    assert!(!admin.html.contains("blog.post.doesn't.exist"));
}

#[actix_web::test]
async fn the_player_shows_only_once_a_post_has_its_narration_and_a_new_text_makes_it_due_again() {
    let b = blog().await;
    let (id, slug) = b.published("Heard").await;
    let due = |app: &TestApp| {
        #[derive(diesel::QueryableByName)]
        struct Due {
            #[diesel(sql_type = diesel::sql_types::Bool)]
            due: bool,
        }
        diesel::RunQueryDsl::get_result::<Due>(
            diesel::sql_query("SELECT audio_due_at IS NOT NULL AS due FROM blog_posts"),
            &mut app.conn(),
        )
        .expect("due")
        .due
    };
    // Published without narration: due one, and no player.
    assert!(due(&b.app));
    let page = get_page(&b.app, &format!("/posts/{slug}"), None).await;
    assert!(!page.html.contains("<audio"));
    let post = b
        .app
        .get(&format!("/api/v1/posts/by-slug/{slug}"), None)
        .await;
    assert_eq!(post.data()["audio"], Value::Null);
    // What the narration job leaves: the audio in the upload storage, its key and length.
    let key = format!("blog/{id}.ogg");
    b.app
        .state
        .files
        .put(&key, bytes::Bytes::from_static(b"OggS narration"))
        .await
        .expect("stored");
    diesel::RunQueryDsl::execute(
        diesel::sql_query(format!(
            "UPDATE blog_posts SET audio_key = '{key}', audio_duration = 95, audio_due_at = NULL"
        )),
        &mut b.app.conn(),
    )
    .expect("narrated");
    let page = get_page(&b.app, &format!("/posts/{slug}"), None).await;
    assert!(page.html.contains(&format!(
        "<audio controls preload=\"none\" src=\"/posts/{id}/audio?v={id}\">"
    )));
    let audio = get_page(&b.app, &format!("/posts/{id}/audio"), None).await;
    assert_eq!((audio.status, audio.html.as_str()), (200, "OggS narration"));
    // A player reads parts of it.
    let ranged = |range: &'static str| {
        b.app
            .client
            .get(format!("{}/posts/{id}/audio", b.app.address))
            .insert_header(("range", range))
            .send()
    };
    let mut part = ranged("bytes=0-3").await.expect("range");
    assert_eq!(part.status().as_u16(), 206);
    assert_eq!(
        part.headers().get("content-range").expect("content-range"),
        "bytes 0-3/14"
    );
    assert_eq!(&part.body().await.expect("body")[..], b"OggS");
    let mut tail = ranged("bytes=-9").await.expect("range");
    assert_eq!(&tail.body().await.expect("body")[..], b"narration");
    let beyond = ranged("bytes=99-").await.expect("range");
    assert_eq!(beyond.status().as_u16(), 416);
    assert_eq!(
        beyond
            .headers()
            .get("content-range")
            .expect("content-range"),
        "bytes */14"
    );
    let post = b
        .app
        .get(&format!("/api/v1/posts/by-slug/{slug}"), None)
        .await;
    assert_eq!(post.data()["audio"]["duration"], json!(95));
    // A change of the heard text makes the narration stale: gone, and due again.
    let mut changed = b.post("Heard");
    changed["postId"] = json!(id);
    changed["content"] = json!("A new text to hear.");
    b.save(changed).await.data();
    assert!(due(&b.app));
    let page = get_page(&b.app, &format!("/posts/{slug}"), None).await;
    assert!(!page.html.contains("<audio"));
    assert_eq!(
        get_page(&b.app, &format!("/posts/{id}/audio"), None)
            .await
            .status,
        404
    );
    // Its file is removed, though no speech worker runs here to narrate it again.
    crate::fixtures::wait::eventually("the stale narration's file removed", async || {
        b.app.state.files.get(&key).await.is_err()
    })
    .await;
    assert!(due(&b.app), "still due, waiting for a worker");
}
