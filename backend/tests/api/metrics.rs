//! `GET /metrics` on its own address, scraped during a short load of calls over HTTP and the
//! socket: every family is there, with values that fit the load.

use crate::fixtures::scene::{berlin, scene_with};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;

/// The sum of the samples whose line starts with `prefix` (a name, with labels if given).
fn sample(text: &str, prefix: &str) -> Option<f64> {
    let values: Vec<f64> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        // The whole name, or the labels given and maybe more.
        .filter(|l| {
            l.strip_prefix(prefix).is_some_and(|rest| {
                prefix.ends_with('"') || rest.starts_with(' ') || rest.starts_with('{')
            })
        })
        .filter_map(|l| l.rsplit(' ').next()?.parse().ok())
        .collect();
    (!values.is_empty()).then(|| values.iter().sum())
}

async fn scrape(port: u16) -> String {
    let mut res = awc::Client::default()
        .get(format!("http://127.0.0.1:{port}/metrics"))
        .send()
        .await
        .expect("scrape");
    assert_eq!(res.status(), 200);
    String::from_utf8(res.body().await.expect("body").to_vec()).expect("utf-8")
}

#[actix_web::test]
async fn metrics_are_served_apart_and_describe_a_short_load() {
    let s = scene_with(|settings| settings.metrics_bind = Some("127.0.0.1:0".into())).await;
    let port = s.app.metrics_port.expect("metrics listener");
    // Not on the public address.
    assert_eq!(s.app.get("/metrics", None).await.status, 404);

    // A socket joins the store and makes a call; twenty HTTP calls run at once beside it.
    let url = format!(
        "{}/socket.io/?EIO=4&transport=websocket",
        s.app.address.replacen("http", "ws", 1)
    );
    let (_, mut ws) = awc::Client::new()
        .ws(url)
        .connect()
        .await
        .expect("websocket");
    let shift = |day: i64| {
        json!({ "storeId": s.store, "role": s.barista, "title": "Load",
                "start": berlin(day, 9, 0), "end": berlin(day, 17, 0) })
    };
    for (send, answer) in [
        (None, "0".to_string()),
        (
            Some(format!("40{}", json!({ "token": s.scheduler.token }))),
            "40".to_string(),
        ),
        (
            Some(format!("420{}", json!(["join", { "storeId": s.store }]))),
            "430".to_string(),
        ),
        (
            Some(format!("421{}", json!(["call", "createShift", shift(2)]))),
            "431".to_string(),
        ),
    ] {
        if let Some(packet) = send {
            ws.send(awc::ws::Message::Text(packet.into()))
                .await
                .expect("send");
        }
        loop {
            let frame = ws.next().await.expect("open").expect("frame");
            if let awc::ws::Frame::Text(t) = frame {
                if t.starts_with(answer.as_bytes()) {
                    assert!(!String::from_utf8_lossy(&t).contains("\"code\""), "{t:?}");
                    break;
                }
            }
        }
    }
    let calls = (0..20).map(|n| {
        s.app
            .call("createShift", shift(3 + n % 5), Some(&s.scheduler.token))
    });
    let replies = futures_util::future::join_all(calls).await;
    assert!(replies.iter().all(|r| r.status == 200));
    // A refused call is counted under its status.
    let refused = s
        .app
        .call(
            "createShift",
            json!({ "storeId": s.store }),
            Some(&s.scheduler.token),
        )
        .await;
    assert_eq!(refused.status, 400);

    let text = scrape(port).await;
    let at_least = |prefix: &str, least: f64| {
        let value = sample(&text, prefix).unwrap_or_else(|| panic!("no {prefix} in\n{text}"));
        assert!(
            value >= least,
            "{prefix} = {value}, expected at least {least}"
        );
        value
    };
    at_least(
        r#"clockto_call_duration_seconds_count{transport="http",call="createShift",status="200""#,
        20.0,
    );
    at_least(
        r#"clockto_call_duration_seconds_count{transport="http",call="createShift",status="400""#,
        1.0,
    );
    at_least(
        r#"clockto_call_duration_seconds_count{transport="socket",call="createShift",status="200""#,
        1.0,
    );
    at_least("clockto_call_duration_seconds_bucket", 1.0);
    at_least("clockto_actor_mailbox_depth_count", 1.0);
    at_least("clockto_actor_planning_seconds_count", 1.0);
    // 21 shifts in at most 21 commits: group commit may have taken several at once.
    let commits = at_least("clockto_commit_seconds_count", 1.0);
    let committed = at_least("clockto_commit_batch_size_sum", 21.0);
    assert!(
        commits <= committed,
        "{commits} commits of {committed} commands"
    );
    at_least("clockto_stale_reloads_total", 0.0);
    assert_eq!(sample(&text, "clockto_sockets_connected"), Some(1.0));
    assert_eq!(sample(&text, "clockto_stores_joined"), Some(1.0));
    // The socket's Engine.IO session, the store's actor, and the bounded week cache.
    at_least("clockto_engine_sessions", 1.0);
    at_least("clockto_store_actors", 1.0);
    at_least("clockto_week_answers_kept", 0.0);
    at_least("clockto_week_answers_kept_bytes", 0.0);
    let lag = at_least("clockto_outbox_lag_versions", 0.0);
    assert!(lag < 100.0, "lag {lag}");
    at_least(r#"clockto_delivery_queue_depth{channel="mail""#, 0.0);
    at_least(r#"clockto_delivery_queue_depth{channel="push""#, 0.0);
    at_least(r#"clockto_deliveries_sent_total{channel="mail""#, 0.0);
    at_least(r#"clockto_delivery_retries_total{channel="push""#, 0.0);
    at_least(r#"clockto_delivery_failures_total{channel="mail""#, 0.0);
    let open = at_least("clockto_db_pool_connections", 1.0);
    let in_use = at_least("clockto_db_pool_in_use", 0.0);
    assert!(in_use <= open);
    at_least("clockto_db_pool_wait_seconds_count", 20.0);
    at_least("clockto_db_pool_timeouts_total", 0.0);
    at_least("clockto_process_resident_memory_bytes", 1_000_000.0);
    assert!(text.contains("# HELP clockto_outbox_lag_versions"));
}
