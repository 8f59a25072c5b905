//! Server processes that start together on one empty database (replicas booting at once, a
//! rolling deploy) all come up: one of them migrates, the others wait for it under an advisory
//! lock and find nothing left to do.

use crate::fixtures::empty_database;
use crate::fixtures::wait::eventually_ok;
use diesel::{Connection, PgConnection, RunQueryDsl};
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// A server process started from the binary, killed when dropped.
struct Node {
    child: Child,
    /// Its output, stdout and stderr.
    lines: Receiver<String>,
    _dir: tempfile::TempDir,
}

impl Node {
    fn start(database_url: &str, port: u16) -> Node {
        let dir = tempfile::tempdir().expect("dir");
        let mut child = Command::new(env!("CARGO_BIN_EXE_backend"))
            .env("DATABASE_URL", database_url)
            .env("JWT_SECRET", "replicas-share-one-secret-of-enough-length")
            .env("DATA_DIR", dir.path())
            .env("UPLOAD_DIR", dir.path().join("uploads"))
            .env("BIND", format!("127.0.0.1:{port}"))
            .env("NO_COLOR", "1")
            .env("RUST_LOG", "info")
            .env("SCHEDULE_TICK_SECONDS", "0")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start the server");
        let (tx, lines) = std::sync::mpsc::channel::<String>();
        let (stdout, stderr) = (
            child.stdout.take().expect("stdout"),
            child.stderr.take().expect("stderr"),
        );
        let err = tx.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let _ = err.send(line);
            }
        });
        Node {
            child,
            lines,
            _dir: dir,
        }
    }

    /// Fails with its output if the process has ended.
    fn assert_running(&mut self) {
        if let Some(status) = self.child.try_wait().expect("try_wait") {
            // Its pipes have closed: the readers end, and so does this.
            let log: Vec<String> = self.lines.iter().collect();
            panic!("the server exited ({status}): {log:#?}");
        }
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[actix_web::test]
async fn three_processes_starting_at_once_on_an_empty_database_all_become_ready() {
    let database = empty_database();
    // Ports picked beforehand: a node serves `/ready` while it migrates, but logs its port
    // only once it has.
    let ports: Vec<u16> = (0..3)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").expect("free port"))
        .collect::<Vec<_>>()
        .iter()
        .map(|l| l.local_addr().expect("addr").port())
        .collect();
    let mut nodes: Vec<Node> = ports
        .iter()
        .map(|port| Node::start(&database.url, *port))
        .collect();
    let client = awc::Client::builder()
        .timeout(Duration::from_secs(5))
        .finish();
    let mut ready = [false; 3];
    eventually_ok(
        Duration::from_secs(60),
        "every node to be ready",
        async || {
            for (i, node) in nodes.iter_mut().enumerate() {
                if ready[i] {
                    continue;
                }
                node.assert_running();
                let answer = client
                    .get(format!("http://127.0.0.1:{}/ready", ports[i]))
                    .send()
                    .await;
                ready[i] = answer.is_ok_and(|res| res.status().as_u16() == 200);
            }
            if ready.iter().all(|r| *r) {
                Ok(())
            } else {
                Err(ready)
            }
        },
    )
    .await;

    // Every migration was applied once.
    #[derive(diesel::QueryableByName)]
    struct Count {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = PgConnection::establish(&database.url).expect("connect");
    let applied = diesel::sql_query("SELECT count(*) AS n FROM __diesel_schema_migrations")
        .get_result::<Count>(&mut conn)
        .expect("count migrations")
        .n;
    let embedded = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations"))
        .expect("migrations")
        .flatten()
        .filter(|e| e.path().join("up.sql").is_file())
        .count();
    assert_eq!(applied, embedded as i64);
    for node in &mut nodes {
        node.assert_running();
    }
}
