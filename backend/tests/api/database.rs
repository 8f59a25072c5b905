//! The bridge to the database: callers take turns for the pool's connections, and a dead
//! connection is noticed.

use crate::fixtures::spawn_app;
use backend::db::Db;
use diesel::sql_types::{BigInt, Integer};
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

/// The server process's id of the connection `db` hands out.
async fn backend_pid(db: &Db) -> backend::error::AppResult<i32> {
    db.run(|c| Ok(diesel::select(diesel::dsl::sql::<Integer>("pg_backend_pid()")).get_result(c)?))
        .await
}

#[actix_web::test]
async fn a_connection_that_died_is_checked_after_the_work_it_failed_and_replaced() {
    let app = spawn_app().await;
    let db = Db::new(&app.db_url, 1, Duration::from_secs(10));
    let pid = backend_pid(&db).await.expect("a connection");
    let mut other = app.conn();
    diesel::sql_query("SELECT pg_terminate_backend($1)")
        .bind::<Integer, _>(pid)
        .execute(&mut other)
        .expect("terminate");
    // The terminated backend is gone once Postgres no longer lists it.
    let mut gone = false;
    for _ in 0..100 {
        let listed: i64 = diesel::select(diesel::dsl::sql::<BigInt>(&format!(
            "(SELECT count(*) FROM pg_stat_activity WHERE pid = {pid})"
        )))
        .get_result(&mut other)
        .expect("pg_stat_activity");
        if listed == 0 {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(gone, "the backend should have ended");
    // Used successfully a moment ago, the connection is handed out without a check: the work
    // on it fails, as work in flight when Postgres goes away does...
    backend_pid(&db).await.expect_err("the connection is dead");
    // ...and the connection is checked before the next work, which gets a new one.
    let again = backend_pid(&db).await.expect("a new connection");
    assert_ne!(again, pid);
}

#[actix_web::test]
async fn the_pool_knows_the_server_processes_of_its_own_connections_only() {
    let app = spawn_app().await;
    let db = Db::new(&app.db_url, 2, Duration::from_secs(10));
    let other = Db::new(&app.db_url, 1, Duration::from_secs(10));
    let ours = backend_pid(&db).await.expect("a connection of ours");
    let theirs = backend_pid(&other)
        .await
        .expect("another pool's connection");
    assert!(db.is_ours(ours), "its connection's process is ours");
    assert!(!db.is_ours(theirs), "another pool's process is not");
    assert!(other.is_ours(theirs));
}
