//! `/ready` tells a load balancer whether to send this node work: not while it migrates, not
//! while its LISTEN connection is down, not while it drains. `/health` stays the liveness check.

use crate::fixtures::wait::wait_ready;
use crate::fixtures::{spawn_app, TestApp};
use backend::config::Settings;
use backend::startup::Application;
use diesel::{Connection, PgConnection, RunQueryDsl};

async fn health(app: &TestApp, address: &str) -> u16 {
    app.client
        .get(format!("{address}/health"))
        .send()
        .await
        .expect("health")
        .status()
        .as_u16()
}

#[actix_web::test]
async fn ready_answers_503_while_the_listen_connection_is_down() {
    let app = spawn_app().await;
    wait_ready(&app.client, &app.address, 200, "ready").await;
    // The database ends the listen connection, as a failover or a restart would.
    let mut conn = app.conn();
    diesel::sql_query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
         WHERE datname = current_database() AND query LIKE 'LISTEN %'",
    )
    .execute(&mut conn)
    .expect("terminate the listen connection");
    wait_ready(&app.client, &app.address, 503, "not listening").await;
    assert_eq!(health(&app, &app.address).await, 200, "still alive");
    // It reconnects by itself.
    wait_ready(&app.client, &app.address, 200, "ready").await;
}

#[actix_web::test]
async fn ready_answers_503_while_the_migrations_run() {
    let app = spawn_app().await;
    // Hold the migrations' table, so a second node starting on this database stays migrating.
    let url = app.db_url.clone();
    let (locked_tx, locked_rx) = std::sync::mpsc::channel::<()>();
    let (release_tx, release_rx) = std::sync::mpsc::channel::<()>();
    let holder = std::thread::spawn(move || {
        let mut conn = PgConnection::establish(&url).expect("connect");
        conn.transaction::<_, diesel::result::Error, _>(|conn| {
            diesel::sql_query("LOCK TABLE __diesel_schema_migrations IN ACCESS EXCLUSIVE MODE")
                .execute(conn)?;
            locked_tx.send(()).expect("tell");
            let _ = release_rx.recv();
            Ok(())
        })
        .expect("lock");
    });
    locked_rx.recv().expect("locked");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("free port")
        .local_addr()
        .expect("addr")
        .port();
    let dir = tempfile::tempdir().expect("dir");
    let mut settings = Settings::for_tests(app.db_url.clone(), dir.path());
    settings.bind = format!("127.0.0.1:{port}");
    let starting = actix_web::rt::spawn(Application::build(settings));
    let address = format!("http://127.0.0.1:{port}");
    wait_ready(&app.client, &address, 503, "migrating").await;
    assert_eq!(health(&app, &address).await, 200, "alive while migrating");
    release_tx.send(()).expect("release");
    holder.join().expect("holder");
    let node = starting.await.expect("task").expect("built");
    wait_ready(&app.client, &address, 200, "ready").await;
    drop(node);
}
