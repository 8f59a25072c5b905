//! The week board's read kept between changes: its entity tag and 304, its compressed
//! codings, that every edit of the store (here or through another node) outdates it, and that
//! a reader never gets an answer made for a reader with other permissions.

use crate::fixtures::scene::{berlin, scene, Scene};
use crate::fixtures::stores::{add_member, create_store};
use crate::fixtures::wait::eventually_ok;
use actix_web::http::header;
use serde_json::{json, Value};
use std::io::Read;

/// A raw answer of the shift read.
struct Raw {
    status: u16,
    etag: Option<String>,
    coding: Option<String>,
    cache_control: Option<String>,
    bytes: Vec<u8>,
}

impl Raw {
    /// The JSON of the body, decompressed as its `Content-Encoding` says.
    fn json(&self) -> Value {
        let mut plain = Vec::new();
        match self.coding.as_deref() {
            Some("br") => {
                brotli::BrotliDecompress(&mut &self.bytes[..], &mut plain).expect("brotli body")
            }
            Some("gzip") => {
                flate2::read::GzDecoder::new(&self.bytes[..])
                    .read_to_end(&mut plain)
                    .expect("gzip body");
            }
            None => plain = self.bytes.clone(),
            Some(other) => panic!("unexpected coding {other}"),
        }
        serde_json::from_slice(&plain).expect("JSON body")
    }

    fn tag(&self) -> String {
        self.etag.clone().expect("an ETag")
    }
}

/// `GET` of the store's shifts on `app` as `token`, with `headers`.
async fn fetch(
    app: &crate::fixtures::TestApp,
    store: &str,
    token: &str,
    query: &str,
    headers: &[(&str, &str)],
) -> Raw {
    let mut req = app
        .client
        .get(format!(
            "{}/api/v1/stores/{store}/shifts?{query}",
            app.address
        ))
        .bearer_auth(token);
    for (name, value) in headers {
        req = req.insert_header((*name, *value));
    }
    let mut res = req.send().await.expect("send request");
    let text = |name: header::HeaderName| {
        res.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string)
    };
    let (etag, coding, cache_control) = (
        text(header::ETAG),
        text(header::CONTENT_ENCODING),
        text(header::CACHE_CONTROL),
    );
    let bytes = res
        .body()
        .limit(64 * 1024 * 1024)
        .await
        .expect("read body")
        .to_vec();
    Raw {
        status: res.status().as_u16(),
        etag,
        coding,
        cache_control,
        bytes,
    }
}

impl Scene {
    fn board_query(&self) -> String {
        format!("{}&scope=all", self.week_query())
    }

    /// The board's read as the schedule manager, with `headers`.
    async fn board(&self, headers: &[(&str, &str)]) -> Raw {
        fetch(
            &self.app,
            &self.store,
            &self.scheduler.token,
            &self.board_query(),
            headers,
        )
        .await
    }

    /// Asserts that the board's tag changed from `before`'s (it no longer answers 304) and
    /// returns the new answer.
    async fn changed_from(&self, before: &Raw, what: &str) -> Raw {
        let tag = before.tag();
        let after = self.board(&[("If-None-Match", &tag)]).await;
        assert_eq!(after.status, 200, "{what}: the old tag no longer matches");
        assert_ne!(after.tag(), tag, "{what}: a new tag");
        after
    }
}

fn ids(week: &Value) -> Vec<String> {
    let mut ids: Vec<String> = week["data"]
        .as_array()
        .expect("list")
        .iter()
        .map(|s| s["id"].as_str().expect("id").to_string())
        .collect();
    ids.sort();
    ids
}

#[actix_web::test]
async fn the_board_s_read_has_a_strong_tag_and_an_unchanged_week_answers_304_without_a_body() {
    let s = scene().await;
    s.shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let first = s.board(&[]).await;
    assert_eq!(first.status, 200);
    let tag = first.tag();
    assert!(
        tag.starts_with('"') && !tag.starts_with("W/"),
        "strong: {tag}"
    );
    assert_eq!(first.cache_control.as_deref(), Some("private, no-cache"));
    assert_eq!(first.json()["data"].as_array().expect("list").len(), 1);

    let again = s.board(&[]).await;
    assert_eq!(
        (again.tag(), again.bytes.clone()),
        (tag.clone(), first.bytes.clone())
    );

    let unchanged = s.board(&[("If-None-Match", &tag)]).await;
    assert_eq!(unchanged.status, 304);
    assert!(unchanged.bytes.is_empty(), "no body");
    assert_eq!(unchanged.tag(), tag);
    let listed = s
        .board(&[("If-None-Match", &format!("\"other\", {tag}"))])
        .await;
    assert_eq!(listed.status, 304, "one of several tags");
    assert_eq!(s.board(&[("If-None-Match", "\"other\"")]).await.status, 200);

    // Compressed as the client accepts, with the coding's own tag; the tag of any coding
    // revalidates.
    let br = s.board(&[("Accept-Encoding", "gzip, deflate, br")]).await;
    assert_eq!(br.coding.as_deref(), Some("br"));
    assert_ne!(br.tag(), tag);
    assert_eq!(br.json(), first.json());
    let gz = s.board(&[("Accept-Encoding", "gzip")]).await;
    assert_eq!(gz.coding.as_deref(), Some("gzip"));
    assert_eq!(gz.json(), first.json());
    let revalidated = s
        .board(&[("Accept-Encoding", "br"), ("If-None-Match", &gz.tag())])
        .await;
    assert_eq!((revalidated.status, revalidated.tag()), (304, br.tag()));
    // Other reads carry tags and answer 304 too.
    let ana_tag = fetch(&s.app, &s.store, &s.ana.token, &s.week_query(), &[])
        .await
        .tag();
    let ana = fetch(
        &s.app,
        &s.store,
        &s.ana.token,
        &s.week_query(),
        &[("If-None-Match", &ana_tag)],
    )
    .await;
    assert_eq!(ana.status, 304);
}

#[actix_web::test]
async fn every_edit_changes_the_tag_and_the_answer() {
    let s = scene().await;
    let empty = s.board(&[]).await;
    assert_eq!(ids(&empty.json()), Vec::<String>::new());

    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let id = shift["id"].as_str().expect("id").to_string();
    let created = s.changed_from(&empty, "create").await;
    assert_eq!(ids(&created.json()), vec![id.clone()]);

    s.call(
        "updateShift",
        &s.scheduler.token,
        json!({ "shiftId": id, "updatedShift": { "title": "Renamed" } }),
    )
    .await
    .data();
    let updated = s.changed_from(&created, "update").await;
    assert_eq!(updated.json()["data"][0]["title"], "Renamed");

    s.publish(&[&shift]).await.data();
    let published = s.changed_from(&updated, "publish").await;
    assert_eq!(published.json()["data"][0]["status"], "published");

    // A change of another kind moves the store's version too: kept answers are never older.
    let (_, _) = s.barista("cleo@example.com").await;
    let other = s
        .changed_from(&published, "another change of the store")
        .await;
    assert_eq!(other.json(), published.json(), "the same shifts");

    let draft = s.shift(None, berlin(4, 9, 0), berlin(4, 17, 0)).await;
    let with_draft = s.changed_from(&other, "second create").await;
    s.call(
        "deleteShift",
        &s.scheduler.token,
        json!({ "shiftId": draft["id"] }),
    )
    .await
    .data();
    let deleted = s.changed_from(&with_draft, "delete").await;
    assert_eq!(ids(&deleted.json()), vec![id]);
}

#[actix_web::test]
async fn readers_with_other_permissions_never_get_each_other_s_answer() {
    let s = scene().await;
    let anas = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    let bens = s
        .shift(Some(&s.ben_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    s.shift(Some(&s.ana_id), berlin(4, 9, 0), berlin(4, 17, 0))
        .await; // a draft: Ana does not see it
    s.publish(&[&anas, &bens]).await.data();

    let board = s.board(&[]).await;
    assert_eq!(ids(&board.json()).len(), 3);
    let tag = board.tag();
    // The owner reads the same bytes, so the same tag.
    let owner = fetch(&s.app, &s.store, &s.owner.token, &s.board_query(), &[]).await;
    assert_eq!(
        (owner.tag(), owner.bytes),
        (tag.clone(), board.bytes.clone())
    );

    // An employee without the schedule permission is refused the board, tag or no tag.
    for headers in [vec![], vec![("If-None-Match", tag.as_str())]] {
        let refused = fetch(&s.app, &s.store, &s.ana.token, &s.board_query(), &headers).await;
        assert_eq!(refused.status, 403);
    }
    // Her own read, named by the board's tag, is her own answer.
    let ana = fetch(
        &s.app,
        &s.store,
        &s.ana.token,
        &s.week_query(),
        &[("If-None-Match", &tag)],
    )
    .await;
    assert_eq!(ana.status, 200);
    assert_ne!(ana.tag(), tag);
    assert_eq!(
        ids(&ana.json()),
        vec![anas["id"].as_str().expect("id").to_string()]
    );
    let ben = fetch(
        &s.app,
        &s.store,
        &s.ben.token,
        &s.week_query(),
        &[("If-None-Match", &ana.tag())],
    )
    .await;
    assert_eq!(ben.status, 200, "Ana's tag is not Ben's answer");
    assert_eq!(
        ids(&ben.json()),
        vec![bens["id"].as_str().expect("id").to_string()]
    );

    // The schedule manager of another store reads nothing of this one.
    let stranger = s.app.create_user("other-owner@example.com");
    let other_store = create_store(&s.app, &stranger, "Other").await;
    let (other_sam, _) = add_member(
        &s.app,
        &stranger,
        &other_store,
        "other-sam@example.com",
        &[],
        &["schedule"],
    )
    .await;
    for token in [&stranger.token, &other_sam.token] {
        let refused = fetch(
            &s.app,
            &s.store,
            token,
            &s.board_query(),
            &[("If-None-Match", &tag)],
        )
        .await;
        assert!(
            [403, 404].contains(&refused.status),
            "got {}",
            refused.status
        );
        assert!(refused.etag.is_none());
    }
    // Their own store's board is their own (empty) answer.
    let theirs = fetch(
        &s.app,
        &other_store,
        &other_sam.token,
        &s.board_query(),
        &[("If-None-Match", &tag)],
    )
    .await;
    assert_eq!(theirs.status, 200);
    assert_eq!(ids(&theirs.json()), Vec::<String>::new());
}

#[actix_web::test]
async fn a_change_made_through_another_node_is_seen_by_the_kept_answer() {
    let s = scene().await;
    let peer = s.app.spawn_peer().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    // Kept on this node.
    let before = s.board(&[]).await;
    assert_eq!(
        s.board(&[("If-None-Match", &before.tag())]).await.status,
        304
    );
    let store: backend::domain::ids::StoreId = s.store.parse().expect("store id");
    let range = (berlin(0, 0, 0), berlin(9, 0, 0));
    let kept = || {
        s.app
            .state
            .stores
            .weeks()
            .get(store, range, chrono::Utc::now())
            .is_some()
    };
    assert!(kept(), "the answer is kept");

    let renamed = peer
        .call(
            "updateShift",
            json!({ "storeId": s.store, "shiftId": shift["id"],
                    "updatedShift": { "title": "Renamed elsewhere" } }),
            Some(&s.scheduler.token),
        )
        .await;
    renamed.data();
    // The other node's commit reaches this one as an announcement (as it reaches this node's
    // sockets): from then on the kept answer is gone.
    let what = "the other node's change to be seen";
    let now = eventually_ok(std::time::Duration::from_secs(5), what, async || {
        let now = s.board(&[("If-None-Match", &before.tag())]).await;
        if now.status == 200 {
            Ok(now)
        } else {
            Err(now.status)
        }
    })
    .await;
    assert_eq!(now.json()["data"][0]["title"], "Renamed elsewhere");
    assert!(kept(), "the new answer is kept in its place");
    // And the other node answers its own fresh read.
    let there = fetch(&peer, &s.store, &s.scheduler.token, &s.board_query(), &[]).await;
    assert_eq!(there.json()["data"][0]["title"], "Renamed elsewhere");
}
