//! The Prometheus endpoint: `GET /metrics` on its own address (`METRICS_BIND`), never the
//! public one. Events are recorded where they happen with the `metrics` macros (call
//! latencies, actor batches, commits, stale reloads, deliveries, pool waits); levels (sockets,
//! rooms, outbox lag, delivery queues, pool use, memory) are read when scraped.

use crate::db::schema::notification_deliveries;
use crate::db::Db;
use crate::realtime::Realtime;
use crate::store::registry::StoreRegistry;
use actix_web::{web, App, HttpResponse, HttpServer};
use diesel::prelude::*;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::net::TcpListener;
use std::sync::{Arc, OnceLock};

/// Latencies, in seconds: from a millisecond to ten seconds.
const SECONDS: &[f64] = &[
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];
/// Counts of commands (a mailbox's depth, a commit's size).
const COUNTS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];

/// The process's recorder, installed once (tests start several servers in one process).
pub fn recorder() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let builder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS)
                .and_then(|b| {
                    b.set_buckets_for_metric(
                        Matcher::Full("clockto_actor_mailbox_depth".into()),
                        COUNTS,
                    )
                })
                .and_then(|b| {
                    b.set_buckets_for_metric(
                        Matcher::Full("clockto_commit_batch_size".into()),
                        COUNTS,
                    )
                })
                .expect("valid buckets");
            // Another recorder may already be installed (a test harness): keep ours local then.
            let recorder = builder.build_recorder();
            let handle = recorder.handle();
            let _ = metrics::set_global_recorder(recorder);
            describe();
            handle
        })
        .clone()
}

/// What a scrape reads the levels from.
struct Sources {
    handle: PrometheusHandle,
    db: Db,
    realtime: Arc<Realtime>,
    stores: StoreRegistry,
}

/// Serves `GET /metrics` on `bind`; returns the port it listens on.
pub fn serve(
    bind: &str,
    db: Db,
    realtime: Arc<Realtime>,
    stores: StoreRegistry,
) -> Result<u16, String> {
    let sources = web::Data::new(Sources {
        handle: recorder(),
        db,
        realtime,
        stores,
    });
    let listener = TcpListener::bind(bind)
        .map_err(|e| format!("cannot listen on METRICS_BIND {bind}: {e}"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let server = HttpServer::new(move || {
        App::new()
            .app_data(sources.clone())
            .route("/metrics", web::get().to(scrape))
    })
    .workers(1)
    .disable_signals()
    .listen(listener)
    .map_err(|e| e.to_string())?
    .run();
    actix_web::rt::spawn(server);
    Ok(port)
}

async fn scrape(sources: web::Data<Sources>) -> HttpResponse {
    let (sockets, rooms) = sources.realtime.hub.counts();
    metrics::gauge!("clockto_sockets_connected").set(sockets as f64);
    metrics::gauge!("clockto_stores_joined").set(rooms as f64);
    metrics::gauge!("clockto_outbox_lag_versions").set(sources.realtime.hub.outbox_lag() as f64);
    metrics::gauge!("clockto_engine_sessions").set(sources.realtime.session_count() as f64);
    metrics::gauge!("clockto_store_actors").set(sources.stores.active() as f64);
    let (kept, kept_bytes) = sources.stores.weeks().size();
    metrics::gauge!("clockto_week_answers_kept").set(kept as f64);
    metrics::gauge!("clockto_week_answers_kept_bytes").set(kept_bytes as f64);
    let (open, in_use) = sources.db.pool_state();
    metrics::gauge!("clockto_db_pool_connections").set(f64::from(open));
    metrics::gauge!("clockto_db_pool_in_use").set(f64::from(in_use));
    if let Some(bytes) = resident_memory() {
        metrics::gauge!("clockto_process_resident_memory_bytes").set(bytes as f64);
    }
    let queued = sources
        .db
        .run(|conn| {
            Ok(notification_deliveries::table
                .group_by(notification_deliveries::channel)
                .select((notification_deliveries::channel, diesel::dsl::count_star()))
                .load::<(String, i64)>(conn)?)
        })
        .await;
    match queued {
        Ok(rows) => {
            for channel in ["mail", "push"] {
                let depth = rows.iter().find(|(c, _)| c == channel).map_or(0, |r| r.1);
                metrics::gauge!("clockto_delivery_queue_depth", "channel" => channel)
                    .set(depth as f64);
            }
        }
        Err(e) => tracing::warn!(error = %e, "cannot read the delivery queues for metrics"),
    }
    sources.handle.run_upkeep();
    HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4")
        .body(sources.handle.render())
}

/// The process's resident memory, from `/proc` (Linux).
fn resident_memory() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The help text of each family, and the counters shown from zero (so an alert on their rate
/// has a series before the first failure).
fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_histogram!(
        "clockto_call_duration_seconds",
        Unit::Seconds,
        "Latency of calls by transport (http, socket), call and status"
    );
    describe_histogram!(
        "clockto_actor_mailbox_depth",
        "Commands waiting in a store actor's mailbox when it plans a batch"
    );
    describe_histogram!(
        "clockto_actor_planning_seconds",
        Unit::Seconds,
        "Time a store actor takes to plan one batch"
    );
    describe_histogram!(
        "clockto_commit_batch_size",
        "Commands committed together in one transaction (group commit)"
    );
    describe_histogram!(
        "clockto_commit_seconds",
        Unit::Seconds,
        "Latency of a batch's commit"
    );
    describe_counter!(
        "clockto_stale_reloads_total",
        "Batches planned on a working set another node had changed, reloaded and planned again"
    );
    describe_gauge!(
        "clockto_sockets_connected",
        "Sockets connected to this node"
    );
    describe_gauge!(
        "clockto_stores_joined",
        "Stores with a socket joined on this node"
    );
    describe_gauge!(
        "clockto_engine_sessions",
        "Engine.IO sessions of this node: connected sockets and sessions still handshaking"
    );
    describe_gauge!(
        "clockto_store_actors",
        "Store actors running on this node (an idle one stops after STORE_IDLE_SECONDS)"
    );
    describe_gauge!(
        "clockto_week_answers_kept",
        "Week board answers kept until their store changes"
    );
    describe_gauge!(
        "clockto_week_answers_kept_bytes",
        Unit::Bytes,
        "JSON bytes of the kept week board answers (bounded)"
    );
    describe_gauge!(
        "clockto_outbox_lag_versions",
        "Newest version committed minus newest delivered, summed over this node's stores"
    );
    describe_gauge!(
        "clockto_delivery_queue_depth",
        "Notification mails and pushes waiting to be sent, by channel"
    );
    describe_counter!("clockto_deliveries_sent_total", "Mails and pushes sent");
    describe_counter!(
        "clockto_delivery_retries_total",
        "Mails and pushes that failed for now and will be tried again"
    );
    describe_counter!(
        "clockto_delivery_failures_total",
        "Mails and pushes given up or refused for good"
    );
    describe_gauge!(
        "clockto_db_pool_connections",
        "Open Postgres connections of the pool"
    );
    describe_gauge!("clockto_db_pool_in_use", "Pool connections in use");
    describe_histogram!(
        "clockto_db_pool_wait_seconds",
        Unit::Seconds,
        "Wait for a pool connection"
    );
    describe_counter!(
        "clockto_db_pool_timeouts_total",
        "Waits for a pool connection that ran out (answered 503)"
    );
    describe_gauge!(
        "clockto_process_resident_memory_bytes",
        Unit::Bytes,
        "Resident memory of the process"
    );
    for channel in ["mail", "push"] {
        metrics::counter!("clockto_deliveries_sent_total", "channel" => channel).increment(0);
        metrics::counter!("clockto_delivery_retries_total", "channel" => channel).increment(0);
        metrics::counter!("clockto_delivery_failures_total", "channel" => channel).increment(0);
    }
    metrics::counter!("clockto_stale_reloads_total").increment(0);
    metrics::counter!("clockto_db_pool_timeouts_total").increment(0);
}
