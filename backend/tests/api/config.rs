//! The server checks its configuration before it does anything: one bad value stops it with
//! one line naming the variable.

use std::process::Command;

/// Starts the server binary with one variable set and returns its exit status and output.
fn start_with(name: &str, value: &str) -> (bool, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let output = Command::new(env!("CARGO_BIN_EXE_backend"))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATA_DIR", dir.path())
        // Nothing listens there: a check that let the value through would fail later, and
        // differently.
        .env("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none")
        .env("DATABASE_CONNECT_TIMEOUT_MS", "200")
        .env("BIND", "127.0.0.1:0")
        .env(name, value)
        .output()
        .expect("run the server");
    let text = String::from_utf8_lossy(&output.stdout).to_string()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), text)
}

#[test]
fn an_invalid_value_stops_the_server_with_one_line_naming_the_variable() {
    let cases = [
        ("DATABASE_URL", "mysql://db/clockto"),
        ("DATABASE_URL", "not a url"),
        ("DATABASE_POOL_SIZE", "-4"),
        ("DATABASE_POOL_SIZE", "0"),
        ("JSON_LIMIT_BYTES", "-1"),
        ("SOCKET_QUEUE_BYTES", "lots"),
        ("HTTP_WORKERS", "0"),
        ("STORE_THREADS", "two"),
        ("PUBLIC_URL", "ftp://example.com"),
        ("SMTP_URL", "smtp://user:hunter2@"),
        ("UPLOAD_URL", "https://bucket"),
        ("BIND", "8080"),
        ("METRICS_BIND", "localhost"),
        ("DRAIN_GRACE_MS", "-5"),
        ("LOG_FORMAT", "xml"),
        ("SALES_EMAIL", "sales at example.com"),
    ];
    for (name, value) in cases {
        let (ok, output) = start_with(name, value);
        assert!(!ok, "{name}={value} was accepted: {output}");
        let lines: Vec<&str> = output.lines().collect();
        assert_eq!(lines.len(), 1, "{name}={value}: {output}");
        assert!(lines[0].contains(name), "{name}={value}: {output}");
        assert!(!lines[0].contains("hunter2"), "a password is never printed");
    }
}
