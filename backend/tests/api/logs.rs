//! `LOG_FORMAT=json`: one JSON object a line, each request's lines under its id (returned in
//! `x-request-id`) with the call, store and user, down into the store actor's work; never a
//! token, a password or an e-mail address.

use crate::fixtures::spawn_app;
use crate::fixtures::stores::create_store;
use crate::fixtures::wait::eventually;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

#[actix_web::test]
async fn json_logs_carry_the_request_id_into_the_actor_and_no_secrets() {
    let app = spawn_app().await;
    let owner = app.create_user("owner.logs@example.com");
    let store = create_store(&app, &owner, "Logs").await;
    let dir = tempfile::tempdir().expect("dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_backend"))
        .env("DATABASE_URL", &app.db_url)
        .env("JWT_SECRET", &app.state.settings.jwt_secret)
        .env("DATA_DIR", dir.path())
        .env("BIND", "127.0.0.1:0")
        .env("LOG_FORMAT", "json")
        // The store actor's planning logs at debug: the test reads its lines too.
        .env("RUST_LOG", "info,backend::store=debug")
        .env("SCHEDULE_TICK_SECONDS", "0")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start the server");
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    let stdout = child.stdout.take().expect("stdout");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let mut lines = Vec::new();
    let port = loop {
        let line = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the server to start");
        let parsed: Value = serde_json::from_str(&line).expect("a JSON line");
        lines.push(line);
        if parsed["message"] == "listening" {
            break parsed["port"].as_u64().expect("port");
        }
    };
    let client = awc::Client::default();
    let address = format!("http://127.0.0.1:{port}");
    let login = client
        .post(format!("{address}/api/v1/login"))
        .send_json(&json!({ "email": owner.email, "password": "password123" }))
        .await
        .expect("login");
    assert_eq!(login.status(), 200);
    let mut created = client
        .post(format!("{address}/api/v1/createRole"))
        .bearer_auth(&owner.token)
        .send_json(&json!({ "store": store, "roleData": { "title": "Baker", "color": "#123456" } }))
        .await
        .expect("createRole");
    let body: Value = created.json().await.expect("json");
    assert_eq!(created.status(), 200, "{body}");
    let id = created
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .expect("x-request-id")
        .to_string();
    let user = owner.id.to_string();
    // The server writes the request's lines as it serves it, some after its answer.
    eventually("the request's lines", async || {
        lines.extend(rx.try_iter());
        let of_request = request_lines(&lines, &id);
        has_span_field(&of_request, "call", "createRole")
            && has_span_field(&of_request, "store", &store)
            && has_span_field(&of_request, "user", &user)
            && of_request.iter().any(|l| l["message"] == "planned")
    })
    .await;
    let _ = child.kill();
    let _ = child.wait();
    lines.extend(rx.try_iter());

    let of_request = request_lines(&lines, &id);
    assert!(!of_request.is_empty(), "no line of request {id}");
    assert!(
        has_span_field(&of_request, "call", "createRole"),
        "{of_request:?}"
    );
    assert!(
        has_span_field(&of_request, "store", &store),
        "{of_request:?}"
    );
    assert!(has_span_field(&of_request, "user", &user), "{of_request:?}");
    // The actor's planning of the command logged under the request.
    assert!(
        of_request.iter().any(|l| l["message"] == "planned"),
        "{of_request:?}"
    );
    let all = lines.join("\n");
    for secret in [owner.token.as_str(), "password123", owner.email.as_str()] {
        assert!(!all.contains(secret), "{secret} is in the logs");
    }
}

/// The lines (each a JSON object) logged under the request `id`.
fn request_lines(lines: &[String], id: &str) -> Vec<Value> {
    lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("not JSON: {l}")))
        .filter(|l: &Value| {
            l["spans"]
                .as_array()
                .is_some_and(|spans| spans.iter().any(|s| s["request_id"] == id))
        })
        .collect()
}

/// Whether a span of one of `lines` has `field` set to `value`.
fn has_span_field(lines: &[Value], field: &str, value: &str) -> bool {
    lines.iter().any(|l| {
        l["spans"].as_array().is_some_and(|spans| {
            spans
                .iter()
                .any(|s| s[field].as_str().is_some_and(|v| v == value))
        })
    })
}
