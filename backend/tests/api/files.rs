//! Files: uploads read by their content (an HTML page named `.jpg` is refused), kept in the
//! uploader's folder with a webp thumbnail for pictures, carried by chat messages, and read
//! only by those who read a conversation they were sent in (never by another store's members
//! or former members); logos and profile photos; the 20 MB limit; and the `message`
//! notifications of new messages and mentions.

use crate::fixtures::chat::team;
use crate::fixtures::files::{form, upload_form};
use crate::fixtures::push::{subscribe, Browser, PushService};
use crate::fixtures::scene::{scene, Scene};
use crate::fixtures::stores::create_store;
use crate::fixtures::{Reply, TestApp};
use diesel::RunQueryDsl;
use serde_json::{json, Value};
use std::io::Cursor;

/// A PNG picture of `width` × `height`.
fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 251) as u8, (y % 241) as u8, 90])
    });
    let mut out = Cursor::new(Vec::new());
    picture
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("png");
    out.into_inner()
}

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n";

async fn upload(s: &Scene, token: &str, filename: &str, bytes: &[u8]) -> Reply {
    upload_form(
        &s.app,
        Some(token),
        form(
            &[("purpose", "chat"), ("storeId", &s.store)],
            Some((filename, bytes)),
        ),
    )
    .await
}

/// A download: status, content type, disposition and bytes.
struct Download {
    status: u16,
    content_type: String,
    disposition: String,
    headers: actix_web::http::header::HeaderMap,
    bytes: Vec<u8>,
}

async fn download(app: &TestApp, url: &str, token: Option<&str>) -> Download {
    // Asked like a browser asks; stored files come back as they are (compared byte for byte).
    let mut req = app
        .client
        .get(format!("{}{url}", app.address))
        .insert_header(("accept-encoding", "br, gzip"));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let mut res = req.send().await.expect("download");
    let header = |name: &str| {
        res.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    let (content_type, disposition) = (header("content-type"), header("content-disposition"));
    let headers = res.headers().clone();
    let status = res.status().as_u16();
    let bytes = res.body().limit(32 << 20).await.expect("body").to_vec();
    Download {
        status,
        content_type,
        disposition,
        headers,
        bytes,
    }
}

async fn send(
    s: &Scene,
    token: &str,
    conversation: &Value,
    content: &str,
    files: &[&Value],
) -> Reply {
    let ids: Vec<&Value> = files.iter().map(|f| &f["id"]).collect();
    s.app
        .call(
            "sendMessage",
            json!({ "store": s.store, "conversationId": conversation["id"], "content": content, "attachments": ids }),
            Some(token),
        )
        .await
}

fn count(app: &TestApp, sql: &str) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    diesel::sql_query(format!("SELECT count(*) AS n FROM ({sql}) q"))
        .get_result::<N>(&mut app.conn())
        .expect("count")
        .n
}

fn files_on_disk(app: &TestApp) -> usize {
    fn walk(dir: &std::path::Path) -> usize {
        std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| {
                        if e.path().is_dir() {
                            walk(&e.path())
                        } else {
                            1
                        }
                    })
                    .sum()
            })
            .unwrap_or(0)
    }
    walk(&app.state.settings.upload_dir)
}

#[actix_web::test]
async fn a_picture_gets_its_thumbnail_and_is_read_by_the_conversation() {
    let s = scene().await;
    // The name says JPEG, the content is PNG: the content decides.
    let up = upload(&s, &s.ana.token, "beach.jpg", &png(800, 600)).await;
    let file = up.data().clone();
    assert_eq!(file["kind"], "image");
    assert_eq!(file["type"], "image/png");
    assert_eq!(file["name"], "beach.jpg");
    assert_eq!(
        (file["width"].clone(), file["height"].clone()),
        (json!(800), json!(600))
    );
    let url = file["url"].as_str().expect("url").to_string();
    let thumb_url = file["thumbnailUrl"]
        .as_str()
        .expect("thumbnail")
        .to_string();
    // Kept in Ana's folder under its hash, with its thumbnail beside it.
    let key: String = {
        #[derive(diesel::QueryableByName)]
        struct K {
            #[diesel(sql_type = diesel::sql_types::Text)]
            key: String,
        }
        diesel::sql_query(format!(
            "SELECT key FROM files WHERE id = '{}'",
            file["id"].as_str().expect("id")
        ))
        .get_result::<K>(&mut s.app.conn())
        .expect("row")
        .key
    };
    assert!(key.starts_with("users/") && key.ends_with(".png"), "{key}");
    assert!(s.app.state.settings.upload_dir.join(&key).is_file());
    assert_eq!(files_on_disk(&s.app), 2);

    // Before it is sent, only its uploader reads it.
    assert_eq!(download(&s.app, &url, Some(&s.ana.token)).await.status, 200);
    assert_eq!(download(&s.app, &url, Some(&s.ben.token)).await.status, 404);

    let team_conv = team(&s, &s.ana.token).await;
    let m = send(&s, &s.ana.token, &team_conv, "  ", &[&file]).await;
    let m = m.data();
    assert_eq!(m["type"], "image");
    assert_eq!(m["content"], "");
    assert_eq!(m["images"], json!([url]));
    assert_eq!(m["thumbnails"], json!([thumb_url]));
    assert_eq!(m["attachments"][0]["id"], file["id"]);

    let got = download(&s.app, &url, Some(&s.ben.token)).await;
    assert_eq!(got.status, 200);
    assert_eq!(got.content_type, "image/png");
    assert_eq!(got.disposition, "inline");
    assert_eq!(
        got.headers.get("x-content-type-options").expect("nosniff"),
        "nosniff"
    );
    assert!(got
        .headers
        .get("content-security-policy")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("sandbox")));
    assert_eq!(got.bytes, png(800, 600));
    let thumb = download(&s.app, &thumb_url, Some(&s.ben.token)).await;
    assert_eq!(thumb.content_type, "image/webp");
    let small = image::load_from_memory(&thumb.bytes).expect("webp decodes");
    assert_eq!((small.width(), small.height()), (200, 150));

    // The history carries it too.
    let history = s
        .app
        .get(
            &format!(
                "/api/v1/stores/{}/conversations/{}/messages",
                s.store,
                team_conv["id"].as_str().expect("id")
            ),
            Some(&s.ben.token),
        )
        .await;
    assert_eq!(history.data()[0]["images"], json!([url]));
}

#[actix_web::test]
async fn an_html_page_named_jpg_is_refused_and_documents_download_as_attachments() {
    let s = scene().await;
    let page = b"<!DOCTYPE html><html><body><script>fetch('/api/v1/me')</script></body></html>";
    let r = upload(&s, &s.ana.token, "holiday.jpg", page).await;
    assert_eq!(r.status, 400);
    assert_eq!(r.body["code"], "file_type_not_allowed");
    let r = upload(&s, &s.ana.token, "notes.txt", b"<svg onload=alert(1)>").await;
    assert_eq!(r.body["code"], "file_type_not_allowed");
    // A program, whatever its name.
    let r = upload(
        &s,
        &s.ana.token,
        "rota.pdf",
        b"MZ\x90\x00\x03\x00\x00\x00\x04\x00",
    )
    .await;
    assert_eq!(r.body["code"], "file_type_not_allowed");
    assert_eq!(count(&s.app, "SELECT * FROM files"), 0);
    assert_eq!(files_on_disk(&s.app), 0);

    let doc = upload(&s, &s.ana.token, "../May rota.pdf", PDF).await;
    let doc = doc.data().clone();
    assert_eq!(doc["kind"], "document");
    assert_eq!(doc["type"], "application/pdf");
    assert_eq!(doc["name"], "May rota.pdf");
    assert_eq!(doc["thumbnailUrl"], Value::Null);
    let csv = upload(&s, &s.ana.token, "hours.csv", b"name,hours\nAna,8\n").await;
    assert_eq!(csv.data()["type"], "text/csv");

    let team_conv = team(&s, &s.ana.token).await;
    let m = send(&s, &s.ana.token, &team_conv, "the rota", &[&doc, &doc]).await;
    let m = m.data();
    assert_eq!(m["type"], "document");
    assert_eq!(m["attachments"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        m["documents"],
        json!([{ "name": "May rota.pdf", "url": doc["url"], "type": "application/pdf" }])
    );
    let got = download(
        &s.app,
        doc["url"].as_str().expect("url"),
        Some(&s.ben.token),
    )
    .await;
    assert_eq!(got.status, 200);
    assert_eq!(got.content_type, "application/pdf");
    assert!(
        got.disposition.starts_with("attachment;"),
        "{}",
        got.disposition
    );
    assert!(got.disposition.contains("May%20rota.pdf") || got.disposition.contains("May+rota.pdf"));
    assert_eq!(got.bytes, PDF);
    assert_eq!(
        download(
            &s.app,
            &format!("{}/thumbnail", doc["url"].as_str().expect("url")),
            Some(&s.ben.token)
        )
        .await
        .status,
        404
    );
}

#[actix_web::test]
async fn files_are_read_only_by_current_readers_of_their_conversation() {
    let s = scene().await;
    let direct = s
        .app
        .call(
            "createConversation",
            json!({ "store": s.store, "kind": "direct", "members": [s.ben_id] }),
            Some(&s.ana.token),
        )
        .await;
    let direct = direct.data().clone();
    let file = upload(&s, &s.ana.token, "p.png", &png(40, 30))
        .await
        .data()
        .clone();
    send(&s, &s.ana.token, &direct, "for you", &[&file])
        .await
        .data();
    let url = file["url"].as_str().expect("url");
    let thumb = file["thumbnailUrl"].as_str().expect("thumbnail");
    assert_eq!(download(&s.app, url, Some(&s.ben.token)).await.status, 200);
    // A colleague outside the direct conversation, a manager included.
    assert_eq!(
        download(&s.app, url, Some(&s.scheduler.token)).await.status,
        404
    );
    assert_eq!(
        download(&s.app, thumb, Some(&s.owner.token)).await.status,
        404
    );
    // Nobody signed in; a member of another store.
    assert_eq!(download(&s.app, url, None).await.status, 401);
    let stranger = s.app.create_user("stranger@example.com");
    let theirs = create_store(&s.app, &stranger, "Elsewhere").await;
    assert_eq!(
        download(&s.app, url, Some(&stranger.token)).await.status,
        403
    );
    assert_eq!(
        download(&s.app, thumb, Some(&stranger.token)).await.status,
        403
    );
    // The stranger cannot send it from their own store, nor upload for this one.
    let their_team = s
        .app
        .get(
            &format!("/api/v1/stores/{theirs}/conversations"),
            Some(&stranger.token),
        )
        .await
        .data()[0]
        .clone();
    let r = s
        .app
        .call(
            "sendMessage",
            json!({ "store": theirs, "conversationId": their_team["id"], "content": "x", "attachments": [file["id"]] }),
            Some(&stranger.token),
        )
        .await;
    assert_eq!(r.error(404), "File not found.");
    let r = upload_form(
        &s.app,
        Some(&stranger.token),
        form(&[("storeId", &s.store)], Some(("p.png", &png(4, 4)))),
    )
    .await;
    assert_eq!(r.status, 403);
    // Ben sending Ana's upload as his own: not his file.
    let team_conv = team(&s, &s.ben.token).await;
    assert_eq!(
        send(&s, &s.ben.token, &team_conv, "x", &[&file])
            .await
            .error(404),
        "File not found."
    );
    // Ben leaves the store: he reads nothing any more.
    s.app
        .call(
            "deactivateEmployee",
            json!({ "store": s.store, "employeeId": s.ben_id }),
            Some(&s.owner.token),
        )
        .await
        .data();
    assert_eq!(download(&s.app, url, Some(&s.ben.token)).await.status, 403);
    // A deleted message's files are no longer read through it.
    let file2 = upload(&s, &s.ana.token, "q.png", &png(8, 8))
        .await
        .data()
        .clone();
    let team_conv = team(&s, &s.ana.token).await;
    let m = send(&s, &s.ana.token, &team_conv, "oops", &[&file2])
        .await
        .data()
        .clone();
    let url2 = file2["url"].as_str().expect("url");
    assert_eq!(
        download(&s.app, url2, Some(&s.scheduler.token))
            .await
            .status,
        200
    );
    s.app
        .call(
            "deleteMessage",
            json!({ "store": s.store, "messageId": m["id"] }),
            Some(&s.ana.token),
        )
        .await
        .data();
    assert_eq!(
        download(&s.app, url2, Some(&s.scheduler.token))
            .await
            .status,
        404
    );
    // Not an id at all.
    assert_eq!(
        download(&s.app, "/api/v1/files/nope", Some(&s.ana.token))
            .await
            .status,
        404
    );
}

#[actix_web::test]
async fn uploads_are_bounded_and_logos_and_photos_are_pictures() {
    let s = scene().await;
    let mut big = png(8, 8);
    big.resize(20 * 1024 * 1024 + 1, 0);
    let r = upload(&s, &s.ana.token, "big.png", &big).await;
    assert_eq!(r.status, 413);
    assert_eq!(r.body["message"], "A file is at most 20 MB.");
    let mut fits = png(8, 8);
    fits.resize(20 * 1024 * 1024, 0);
    assert_eq!(
        upload(&s, &s.ana.token, "fits.png", &fits).await.status,
        200
    );

    let r = upload_form(
        &s.app,
        Some(&s.ana.token),
        form(&[("storeId", &s.store)], None),
    )
    .await;
    assert_eq!(r.error(400), "file is required.");
    let r = upload_form(
        &s.app,
        Some(&s.ana.token),
        form(&[], Some(("a.png", &png(2, 2)))),
    )
    .await;
    assert_eq!(r.error(400), "storeId is required for a chat file.");
    let r = upload_form(
        &s.app,
        Some(&s.ana.token),
        form(&[("purpose", "virus")], Some(("a.png", &png(2, 2)))),
    )
    .await;
    assert_eq!(
        r.error(400),
        "purpose must be chat, logo, profile, support or cover."
    );
    let r = upload_form(
        &s.app,
        None,
        form(&[("purpose", "profile")], Some(("a.png", &png(2, 2)))),
    )
    .await;
    assert_eq!(r.status, 401);
    let r = s
        .app
        .call_raw("files", b"{}".to_vec(), Some(&s.ana.token))
        .await;
    assert_eq!(r.status, 400);
    let r = upload_form(
        &s.app,
        Some(&s.ana.token),
        form(&[("purpose", "profile")], Some(("cv.pdf", PDF))),
    )
    .await;
    assert_eq!(r.error(400), "Choose a picture (JPEG, PNG, GIF or WebP).");

    // A profile photo: uploaded, then set as the profile image; shown to anyone with its
    // address.
    let photo = upload_form(
        &s.app,
        Some(&s.ana.token),
        form(&[("purpose", "profile")], Some(("me.png", &png(300, 300)))),
    )
    .await;
    let photo = photo.data().clone();
    let url = photo["url"].as_str().expect("url");
    s.app
        .call(
            "updateProfile",
            json!({ "profile": url }),
            Some(&s.ana.token),
        )
        .await
        .data();
    let me = s.app.get("/api/v1/me", Some(&s.ana.token)).await;
    assert_eq!(me.data()["profileImage"], url);
    let got = download(&s.app, url, None).await;
    assert_eq!((got.status, got.content_type.as_str()), (200, "image/png"));
    let thumb = download(&s.app, photo["thumbnailUrl"].as_str().expect("thumb"), None).await;
    assert_eq!(thumb.content_type, "image/webp");

    // A logo for a store the owner runs.
    let logo = upload_form(
        &s.app,
        Some(&s.owner.token),
        form(
            &[("purpose", "logo"), ("storeId", &s.store)],
            Some(("logo.gif", &gif())),
        ),
    )
    .await;
    assert_eq!(logo.data()["type"], "image/gif");
}

fn gif() -> Vec<u8> {
    let picture = image::RgbaImage::from_pixel(16, 16, image::Rgba([200, 10, 10, 255]));
    let mut out = Cursor::new(Vec::new());
    picture
        .write_to(&mut out, image::ImageFormat::Gif)
        .expect("gif");
    out.into_inner()
}

fn full_name(app: &TestApp, employee: &str) -> String {
    #[derive(diesel::QueryableByName)]
    struct Name {
        #[diesel(sql_type = diesel::sql_types::Text)]
        full_name: String,
    }
    diesel::sql_query(format!(
        "SELECT full_name FROM employees WHERE id = '{employee}'"
    ))
    .get_result::<Name>(&mut app.conn())
    .expect("name")
    .full_name
}

async fn message_notifications(s: &Scene, token: &str) -> Vec<Value> {
    let r = s
        .app
        .get(
            &format!("/api/v1/stores/{}/notifications", s.store),
            Some(token),
        )
        .await;
    let data = r.data();
    let list = data["private"]
        .as_array()
        .or_else(|| data.as_array())
        .cloned()
        .unwrap_or_default();
    list.into_iter()
        .filter(|n| n["type"] == "message")
        .collect()
}

#[actix_web::test]
async fn members_hear_of_new_messages_once_per_conversation_and_of_mentions_always() {
    let s = scene().await;
    // Ben has a browser to push to (a reader with none is not queued a push at all).
    let push = PushService::start();
    subscribe(&s, &s.ben.token, &Browser::new(), &push.endpoint("ben")).await;
    let team_conv = team(&s, &s.ana.token).await;
    for text in ["one", "two", "three"] {
        send(&s, &s.ana.token, &team_conv, text, &[]).await.data();
    }
    // One notification for the three unread messages, not three; none for the sender.
    let bens = message_notifications(&s, &s.ben.token).await;
    assert_eq!(bens.len(), 1, "{bens:?}");
    assert_eq!(bens[0]["content"], "one");
    assert_eq!(bens[0]["conversation"], team_conv["id"]);
    assert!(!bens[0]["seen"].as_bool().expect("seen"));
    assert!(message_notifications(&s, &s.ana.token).await.is_empty());
    // Its push waits to see whether Ben reads it first.
    assert_eq!(
        count(
            &s.app,
            &format!(
                "SELECT 1 FROM notification_deliveries d WHERE d.channel = 'push' \
                 AND d.notification_id = '{}' AND d.attempts = 0 \
                 AND d.next_attempt_at > now() + interval '5 seconds'",
                bens[0]["id"].as_str().expect("id")
            )
        ),
        1
    );
    // Ben reads the conversation: the notification is seen, and the next message tells him
    // again.
    s.app
        .call(
            "markConversationSeen",
            json!({ "store": s.store, "conversationId": team_conv["id"], "seq": 3 }),
            Some(&s.ben.token),
        )
        .await
        .data();
    let bens = message_notifications(&s, &s.ben.token).await;
    assert!(bens.iter().all(|n| n["seen"] == true), "{bens:?}");
    send(&s, &s.ana.token, &team_conv, "four", &[]).await.data();
    send(&s, &s.ana.token, &team_conv, "five", &[]).await.data();
    let bens = message_notifications(&s, &s.ben.token).await;
    assert_eq!(bens.len(), 2);
    // A mention notifies even with unread messages, and is pushed at once (it may be gone
    // from the queue already: sent to Ben's browser).
    let ben_name = full_name(&s.app, &s.ben_id);
    send(
        &s,
        &s.ana.token,
        &team_conv,
        &format!("@{ben_name} can you swap?"),
        &[],
    )
    .await
    .data();
    let bens = message_notifications(&s, &s.ben.token).await;
    assert_eq!(bens.len(), 3);
    let mention = &bens[0];
    assert!(
        mention["title"]
            .as_str()
            .expect("title")
            .contains("mentioned you"),
        "{mention}"
    );
    assert_eq!(
        count(
            &s.app,
            &format!(
                "SELECT 1 FROM notification_deliveries d WHERE d.channel = 'push' \
                 AND d.notification_id = '{}' AND d.attempts = 0 \
                 AND d.next_attempt_at > now() + interval '5 seconds'",
                mention["id"].as_str().expect("id")
            )
        ),
        0,
        "a mention's push does not wait"
    );
}
