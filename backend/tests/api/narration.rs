//! The blog's narration, made by the real speech worker: a published post in English and one
//! in Spanish are read aloud into Ogg Vorbis that decodes to the duration the post shows; a
//! changed text is narrated again and the old file removed; a language without a voice gets
//! no player; a post withdrawn while it is narrated gets no narration and leaves no file; a
//! due post is held by one process at a time, and taken over once its holder's lease ends.

use crate::blog::{blog_with, Blog};
use crate::fixtures::demo::get_page;
use crate::fixtures::wait::{eventually_ok, eventually_within};
use crate::voice::worker;
use backend::domain::blog::{narration, reading};
use serde_json::{json, Value};
use std::time::Duration;

/// How long a narration may take here (the worker shares two cores with the other tests).
const NARRATED_WITHIN: Duration = Duration::from_secs(180);

/// The blog, on a server whose speech worker runs `options` (none: every voice it has).
async fn speaking(options: &str) -> Blog {
    let command = format!("{} {options}", worker());
    let b = blog_with(|s| s.voice.worker = Some(command)).await;
    assert!(
        b.app
            .state
            .speech
            .ready_within(Duration::from_secs(90))
            .await,
        "the speech worker did not start"
    );
    b
}

/// A post's narration columns, as the job leaves them.
#[derive(Debug, diesel::QueryableByName)]
struct Columns {
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    audio_key: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    due: bool,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    leased: bool,
}

fn columns(b: &Blog, id: &str) -> Columns {
    diesel::RunQueryDsl::get_result(
        diesel::sql_query(format!(
            "SELECT audio_key, audio_due_at IS NOT NULL AS due, audio_lease IS NOT NULL AS leased \
             FROM blog_posts WHERE id = '{id}'"
        )),
        &mut b.app.conn(),
    )
    .expect("the post's narration")
}

/// Writes and publishes a post; its id and slug.
async fn publish(b: &Blog, post: Value) -> (String, String) {
    let saved = b.save(post).await;
    let id = saved.data()["id"].as_str().expect("id").to_string();
    let slug = saved.data()["slug"].as_str().expect("slug").to_string();
    b.publish(&id, true).await.data();
    (id, slug)
}

/// The post's JSON once it has its narration.
async fn narrated(b: &Blog, slug: &str, language: &str) -> Value {
    eventually_ok(NARRATED_WITHIN, "the post's narration", async || {
        let post = b
            .app
            .get(
                &format!("/api/v1/posts/by-slug/{slug}?lang={language}"),
                None,
            )
            .await;
        let post = post.data().clone();
        if post["audio"].is_null() {
            Err("no audio yet")
        } else {
            Ok(post)
        }
    })
    .await
}

/// The audio at `url`: checked to be served as Ogg, and decoded; its length in seconds.
async fn played(b: &Blog, url: &str) -> f64 {
    let mut res = b
        .app
        .client
        .get(format!("{}{url}", b.app.address))
        .send()
        .await
        .expect("the narration");
    assert_eq!(res.status().as_u16(), 200);
    assert_eq!(
        res.headers().get("content-type").expect("content-type"),
        "audio/ogg"
    );
    let bytes = res
        .body()
        .limit(64 << 20)
        .await
        .expect("its bytes")
        .to_vec();
    assert_eq!(&bytes[..4], b"OggS", "an Ogg stream");
    let mut decoder =
        vorbis_rs::VorbisDecoder::new(std::io::Cursor::new(bytes)).expect("Ogg Vorbis");
    let rate = decoder.sampling_frequency().get();
    let mut samples = 0usize;
    let mut loudest = 0f32;
    while let Some(block) = decoder.decode_audio_block().expect("a block") {
        let channel = block.samples()[0];
        samples += channel.len();
        loudest = channel.iter().fold(loudest, |m, s| m.max(s.abs()));
    }
    assert!(loudest > 0.05, "speech, not silence (peak {loudest})");
    samples as f64 / f64::from(rate)
}

/// The words the narration of `post` says.
fn words(post: &Value) -> usize {
    let said = narration::script(narration::Heard {
        title: post["title"].as_str().unwrap_or_default(),
        abstract_text: post["abstract"].as_str().unwrap_or_default(),
        content: post["content"].as_str().unwrap_or_default(),
        conclusion: post["conclusion"].as_str().unwrap_or_default(),
    });
    said.iter().map(|p| reading::words(p)).sum()
}

const ENGLISH: &str = "## Why plan a week ahead\n\n\
    A week planned ahead lets every employee know when they work. The board shows the open \
    shifts, and anyone may [take one](https://clockto.test/pool) before it is gone.\n\n\
    ```\nnot = read(aloud)\n```\n\n\
    - Publish the week on Friday\n- Answer requests the same day\n\n\
    ![The board](https://clockto.test/board.png)";

const SPANISH: &str = "## Por qué planificar\n\n\
    Una semana planificada con antelación permite que cada empleado sepa cuándo trabaja. \
    El tablero muestra los turnos abiertos.\n\n\
    - Publique la semana el viernes\n- Responda las solicitudes el mismo día";

#[actix_web::test]
async fn english_and_spanish_posts_are_narrated_as_ogg_of_the_duration_they_show() {
    let b = speaking("").await;
    let mut english = b.post("Plan a week ahead");
    english["content"] = json!(ENGLISH);
    let mut spanish = b.post("Planificar la semana");
    spanish["language"] = json!("es");
    spanish["abstract"] = json!("Cómo planifica un gerente.");
    spanish["conclusion"] = json!("Planifique temprano.");
    spanish["content"] = json!(SPANISH);
    let (_, english_slug) = publish(&b, english.clone()).await;
    let (_, spanish_slug) = publish(&b, spanish.clone()).await;
    for (post, slug, language) in [
        (&english, &english_slug, "en"),
        (&spanish, &spanish_slug, "es"),
    ] {
        let read = narrated(&b, slug, language).await;
        let url = read["audio"]["url"].as_str().expect("url").to_string();
        let shown = read["audio"]["duration"].as_i64().expect("duration");
        let heard = played(&b, &url).await;
        assert!(
            (heard - shown as f64).abs() <= 1.0,
            "{language}: shown {shown} s, plays {heard:.2} s"
        );
        // Spoken at 90 to 260 words a minute, with the pauses between pieces.
        let words = words(post) as f64;
        assert!(
            heard > words * 60.0 / 260.0 && heard < words * 60.0 / 90.0 + 10.0,
            "{language}: {words} words in {heard:.1} s"
        );
        let page = get_page(&b.app, &format!("/posts/{slug}?lang={language}"), None).await;
        assert!(
            page.html.contains(&format!(
                "<audio controls preload=\"none\" src=\"{}\">",
                url.replace('&', "&amp;")
            )),
            "{language}: the player"
        );
    }
}

#[actix_web::test]
async fn a_changed_text_is_narrated_again_and_the_old_file_removed() {
    let b = speaking("").await;
    let post = b.post("Heard twice");
    let (id, slug) = publish(&b, post.clone()).await;
    let first = narrated(&b, &slug, "en").await;
    let old_key = columns(&b, &id).audio_key.expect("a narration kept");
    assert!(b.app.state.files.get(&old_key).await.is_ok());
    // Markup alone says nothing new: the narration stays.
    let mut marked = post.clone();
    marked["postId"] = json!(id);
    marked["content"] = json!("Shifts are planned weekly.\n\nA second *paragraph*.");
    let kept = b.save(marked).await;
    assert_eq!(kept.data()["audio"], first["audio"]);
    // New words: the narration goes at once, and is made again.
    let mut changed = post.clone();
    changed["postId"] = json!(id);
    changed["content"] = json!("Shifts are planned every Monday morning by the manager.");
    let saved = b.save(changed).await;
    assert_eq!(saved.data()["audio"], Value::Null);
    let again = narrated(&b, &slug, "en").await;
    assert_ne!(again["audio"]["url"], first["audio"]["url"]);
    let new_key = columns(&b, &id).audio_key.expect("the new narration");
    assert_ne!(new_key, old_key);
    eventually_within(
        Duration::from_secs(10),
        "the old file removed",
        async || b.app.state.files.get(&old_key).await.is_err(),
    )
    .await;
    played(&b, again["audio"]["url"].as_str().expect("url")).await;
    // Deleting the post removes its narration too.
    b.app
        .call("deletePost", json!({ "postId": id }), Some(&b.editor.token))
        .await
        .data();
    eventually_within(
        Duration::from_secs(10),
        "the deleted post's file removed",
        async || b.app.state.files.get(&new_key).await.is_err(),
    )
    .await;
}

#[actix_web::test]
async fn a_language_without_a_voice_gets_no_player() {
    // A worker that speaks English only: Persian has no voice.
    let b = speaking("--voices en").await;
    let mut persian = b.post("برنامه هفته");
    persian["language"] = json!("fa");
    persian["slug"] = json!("barname-hafte");
    let (fa_id, fa_slug) = publish(&b, persian).await;
    let (_, en_slug) = publish(&b, b.post("Spoken in English")).await;
    narrated(&b, &en_slug, "en").await;
    eventually_within(
        Duration::from_secs(30),
        "the Persian post no longer due",
        async || !columns(&b, &fa_id).due,
    )
    .await;
    let fa = columns(&b, &fa_id);
    assert!(fa.audio_key.is_none() && !fa.leased, "{fa:?}");
    let read = b
        .app
        .get(&format!("/api/v1/posts/by-slug/{fa_slug}?lang=fa"), None)
        .await;
    assert_eq!(read.data()["audio"], Value::Null);
    let page = get_page(&b.app, &format!("/posts/{fa_slug}?lang=fa"), None).await;
    assert_eq!(page.status, 200);
    assert!(!page.html.contains("<audio"));
}

#[actix_web::test]
async fn a_post_withdrawn_while_it_is_narrated_gets_no_narration_and_leaves_no_file() {
    let b = speaking("").await;
    let mut long = b.post("A long read");
    let paragraph =
        "Every shift of the week is planned by the manager, who answers the requests. ".repeat(3);
    long["content"] = json!(format!("{paragraph}\n\n").repeat(12));
    let (id, _) = publish(&b, long).await;
    eventually_within(NARRATED_WITHIN, "the narration under way", async || {
        columns(&b, &id).leased
    })
    .await;
    b.publish(&id, false).await.data();
    eventually_within(NARRATED_WITHIN, "the narration let go", async || {
        !columns(&b, &id).leased
    })
    .await;
    let after = columns(&b, &id);
    assert!(after.audio_key.is_none() && !after.due, "{after:?}");
    let folder = b.app.state.settings.upload_dir.join(format!("blog/{id}"));
    eventually_within(
        Duration::from_secs(10),
        "no file left",
        async || match std::fs::read_dir(&folder) {
            Ok(mut files) => files.next().is_none(),
            Err(_) => true,
        },
    )
    .await;
}

#[actix_web::test]
async fn a_due_post_is_held_by_one_process_at_a_time_until_its_lease_ends() {
    use backend::db::models::narration::{Narration, Release, LEASE};
    // No worker here: nothing narrates, and the test claims as two processes would.
    let b = blog_with(|_| {}).await;
    let (id, _) = publish(&b, b.post("Claimed once")).await;
    let id: uuid::Uuid = id.parse().expect("uuid");
    let now = chrono::Utc::now();
    let (mut one, mut other) = (b.app.conn(), b.app.conn());
    let first = Narration::claim(&mut one, now)
        .expect("claim")
        .expect("the due post");
    assert_eq!((first.post.id, first.post.audio_attempts), (id, 1));
    assert!(Narration::claim(&mut other, now).expect("claim").is_none());
    assert_eq!(
        Narration::renew(&mut one, id, first.lease, now).expect("renew"),
        Some(true)
    );
    // A process that died: once its lease ends, another takes the post, and the first one's
    // writes change nothing.
    let later = now + LEASE + chrono::Duration::seconds(1);
    let second = Narration::claim(&mut other, later)
        .expect("claim")
        .expect("taken over");
    assert_eq!(second.post.audio_attempts, 2);
    assert_eq!(
        Narration::renew(&mut one, id, first.lease, later).expect("renew"),
        None
    );
    assert!(!Narration::store(&mut one, id, first.lease, "blog/x.ogg", 3).expect("store"));
    assert_eq!(
        Narration::release(&mut one, id, first.lease, Release::NotDue).expect("release"),
        0
    );
    let still = columns(&b, &id.to_string());
    assert!(
        still.due && still.leased && still.audio_key.is_none(),
        "{still:?}"
    );
}
