//! The documented backup and restore (`docs/operations.md`): `pg_dump -Fc` of a live
//! database, `pg_restore` into a fresh one, a server started on it reads the same schedule.

use crate::fixtures::scene::{berlin, scene};
use backend::config::Settings;
use backend::startup::Application;
use serde_json::json;
use std::process::Command;

fn run(program: &str, args: &[&str]) {
    let out = Command::new(program).args(args).output().expect(program);
    assert!(
        out.status.success(),
        "{program}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[actix_web::test]
async fn a_dump_restored_into_a_fresh_database_serves_the_same_schedule() {
    let s = scene().await;
    for day in 1..=3 {
        let reply = s
            .create(
                &s.scheduler.token,
                json!({ "assigned": s.ana_id, "start": berlin(day, 8, 0), "end": berlin(day, 16, 0) }),
            )
            .await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
    }
    let before = s.read(&s.scheduler.token, &s.week_query()).await;
    assert_eq!(before.status, 200);
    assert!(!before.data().as_array().expect("shifts").is_empty());

    let dir = tempfile::tempdir().expect("dir");
    let dump = dir.path().join("clockto.dump");
    let dump = dump.to_str().expect("path");
    run(
        "pg_dump",
        &["--format=custom", "--file", dump, &s.app.db_url],
    );

    let fresh = format!("{}_restored", s.app.db_name);
    let fresh_url = s.app.db_url.replace(&s.app.db_name, &fresh);
    let admin = s.app.db_url.replace(&s.app.db_name, "postgres");
    run(
        "psql",
        &[&admin, "-qc", &format!("CREATE DATABASE {fresh}")],
    );
    run(
        "pg_restore",
        &[
            "--no-owner",
            "--exit-on-error",
            "--dbname",
            &fresh_url,
            dump,
        ],
    );

    let mut settings = Settings::for_tests(fresh_url, dir.path());
    settings.jwt_secret = s.app.state.settings.jwt_secret.clone();
    let restored = Application::build(settings)
        .await
        .expect("server on the restore");
    let address = format!("http://127.0.0.1:{}", restored.port());
    actix_web::rt::spawn(restored.run());
    let mut res = awc::Client::default()
        .get(format!(
            "{address}/api/v1/stores/{}/shifts?{}",
            s.store,
            s.week_query()
        ))
        .bearer_auth(&s.scheduler.token)
        .send()
        .await
        .expect("read");
    assert_eq!(res.status(), 200);
    let after: serde_json::Value = res.json().limit(10 << 20).await.expect("json");
    assert_eq!(after, before.body, "the same schedule");
    run(
        "psql",
        &[
            &admin,
            "-qc",
            &format!("DROP DATABASE {fresh} WITH (FORCE)"),
        ],
    );
}
