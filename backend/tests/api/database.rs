//! The bridge to the database: callers take turns for the pool's connections.

use crate::fixtures::spawn_app;
use backend::db::Db;
use diesel::RunQueryDsl;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

#[actix_web::test]
async fn a_burst_of_callers_runs_at_most_a_pool_of_them_at_once() {
    let app = spawn_app().await;
    let db = Db::new(&app.db_url, 2, Duration::from_secs(10));
    let (running, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let calls = (0..40).map(|_| {
        let (running, most) = (running.clone(), most.clone());
        db.run(move |c| {
            let now = running.fetch_add(1, Ordering::SeqCst) + 1;
            most.fetch_max(now, Ordering::SeqCst);
            diesel::sql_query("SELECT pg_sleep(0.01)").execute(c)?;
            running.fetch_sub(1, Ordering::SeqCst);
            Ok(())
        })
    });
    for result in futures_util::future::join_all(calls).await {
        result.expect("every caller gets its turn");
    }
    assert!(
        most.load(Ordering::SeqCst) <= 2,
        "more callers than connections ran"
    );
}

#[actix_web::test]
async fn a_caller_waiting_past_the_connect_timeout_is_told_to_come_back() {
    let app = spawn_app().await;
    let db = Db::new(&app.db_url, 1, Duration::from_millis(300));
    // The holder takes the pool's one connection and keeps it until told.
    let (taken_tx, taken) = tokio::sync::oneshot::channel::<()>();
    let (release, release_rx) = std::sync::mpsc::channel::<()>();
    let holder = db.clone();
    let busy = actix_web::rt::spawn(async move {
        holder
            .run(move |_| {
                let _ = taken_tx.send(());
                let _ = release_rx.recv();
                Ok(())
            })
            .await
    });
    taken.await.expect("the holder has the connection");
    let waited = db.run(|_| Ok(())).await;
    assert_eq!(
        waited.expect_err("must time out").code,
        "service_unavailable"
    );
    release.send(()).expect("release the holder");
    busy.await.expect("task").expect("the holder finishes");
}
