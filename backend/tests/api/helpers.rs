//! Test harness: a migrated template database made once (across processes, under an advisory
//! lock), a fresh copy per test, and the real application on port 0.
#![allow(dead_code, reason = "shared by many test modules; each uses a part")]

use backend::calls::AppState;
use backend::config::Settings;
use backend::startup::Application;
use diesel::{Connection, PgConnection, RunQueryDsl};
use serde_json::Value;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The server for one test, with its own database and directories.
pub struct TestApp {
    pub address: String,
    pub client: awc::Client,
    pub state: actix_web::web::Data<AppState>,
    pub db_name: String,
    pub db_url: String,
    /// The port of `GET /metrics`, when the settings name a `metrics_bind`.
    pub metrics_port: Option<u16>,
    dir: tempfile::TempDir,
}

/// The answer of a call: its status and JSON body.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub body: Value,
}

impl Reply {
    /// The `data` of a 200 answer; panics with the body otherwise.
    pub fn data(&self) -> &Value {
        assert_eq!(self.status, 200, "expected success, got {:?}", self.body);
        &self.body["data"]
    }

    /// The error message; panics unless the status is `status`.
    pub fn error(&self, status: u16) -> &str {
        assert_eq!(self.status, status, "unexpected answer {:?}", self.body);
        self.body["message"].as_str().expect("error message")
    }
}

fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

fn url_for(db: &str) -> String {
    let admin = admin_url();
    let base = admin
        .rsplit_once('/')
        .map(|(b, _)| b.to_string())
        .unwrap_or(admin);
    format!("{base}/{db}")
}

fn migrations_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations")
}

/// A name that changes whenever any migration file changes.
fn template_name() -> String {
    fn walk(dir: &Path, h: &mut std::collections::hash_map::DefaultHasher) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .expect("migrations dir")
            .flatten()
            .map(|e| e.path())
            .collect();
        entries.sort();
        for p in entries {
            p.file_name().hash(h);
            if p.is_dir() {
                walk(&p, h);
            } else {
                std::fs::read(&p).expect("migration file").hash(h);
            }
        }
    }
    let mut h = std::collections::hash_map::DefaultHasher::new();
    walk(&migrations_dir(), &mut h);
    format!("clockto_tpl_{:016x}", h.finish())
}

fn exec(conn: &mut PgConnection, sql: &str) {
    diesel::sql_query(sql)
        .execute(conn)
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

fn ensure_template() -> &'static str {
    static TEMPLATE: OnceLock<String> = OnceLock::new();
    TEMPLATE.get_or_init(|| {
        let name = template_name();
        let mut admin = PgConnection::establish(&admin_url()).expect("connect to test Postgres");
        exec(&mut admin, "SELECT pg_advisory_lock(727274)");
        #[derive(diesel::QueryableByName)]
        struct Count {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let exists = diesel::sql_query(format!(
            "SELECT count(*) AS n FROM pg_database WHERE datname = '{name}'"
        ))
        .get_result::<Count>(&mut admin)
        .expect("look up template")
        .n > 0;
        if !exists {
            let building = format!("{name}_building");
            exec(
                &mut admin,
                &format!("DROP DATABASE IF EXISTS {building} WITH (FORCE)"),
            );
            exec(&mut admin, &format!("CREATE DATABASE {building}"));
            {
                let mut conn = PgConnection::establish(&url_for(&building)).expect("connect");
                backend::db::run_migrations(&mut conn).expect("migrate template");
            }
            exec(
                &mut admin,
                &format!("ALTER DATABASE {building} RENAME TO {name}"),
            );
        }
        exec(&mut admin, "SELECT pg_advisory_unlock(727274)");
        name
    })
}

fn create_test_database() -> (String, String) {
    let template = ensure_template();
    let name = format!("clockto_test_{}", uuid::Uuid::new_v4().simple());
    let mut admin = PgConnection::establish(&admin_url()).expect("connect to test Postgres");
    exec(
        &mut admin,
        &format!("CREATE DATABASE {name} TEMPLATE {template}"),
    );
    let url = url_for(&name);
    (name, url)
}

/// A database of its own with nothing in it, not even the migrations, dropped with this.
pub struct EmptyDatabase {
    pub url: String,
    name: String,
}

/// Creates an empty database, as a new deployment finds it.
pub fn empty_database() -> EmptyDatabase {
    let name = format!("clockto_empty_{}", uuid::Uuid::new_v4().simple());
    let mut admin = PgConnection::establish(&admin_url()).expect("connect to test Postgres");
    exec(&mut admin, &format!("CREATE DATABASE {name}"));
    EmptyDatabase {
        url: url_for(&name),
        name,
    }
}

impl Drop for EmptyDatabase {
    fn drop(&mut self) {
        // Best effort, as for a test's database.
        if let Ok(mut admin) = PgConnection::establish(&admin_url()) {
            let _ = diesel::sql_query(format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ))
            .execute(&mut admin);
        }
    }
}

/// Starts the application on a random port against a fresh database.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// Like [`spawn_app`], with a chance to change the settings first.
pub async fn spawn_app_with(configure: impl FnOnce(&mut Settings)) -> TestApp {
    backend::telemetry::init();
    let (db_name, db_url) = actix_web::web::block(create_test_database)
        .await
        .expect("create database");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut settings = Settings::for_tests(db_url.clone(), dir.path());
    configure(&mut settings);
    let app = Application::build(settings).await.expect("build app");
    let address = format!("http://127.0.0.1:{}", app.port());
    let state = app.state();
    let metrics_port = app.metrics_port();
    actix_web::rt::spawn(app.run());
    TestApp {
        address,
        client: awc::Client::default(),
        state,
        db_name,
        db_url,
        metrics_port,
        dir,
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let name = self.db_name.clone();
        if name.is_empty() {
            return;
        }
        // Best effort: a database left behind by a crashed test is harmless.
        let _ = std::thread::spawn(move || {
            if let Ok(mut admin) = PgConnection::establish(&admin_url()) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut admin);
            }
        })
        .join();
    }
}

impl TestApp {
    /// `POST /api/v1/{name}` with a JSON body and an optional bearer token.
    pub async fn call(&self, name: &str, body: Value, token: Option<&str>) -> Reply {
        let mut req = self.client.post(format!("{}/api/v1/{name}", self.address));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let mut res = req.send_json(&body).await.expect("send request");
        Self::reply(&mut res).await
    }

    /// `GET {path}` with an optional bearer token.
    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        let mut req = self.client.get(format!("{}{path}", self.address));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let mut res = req.send().await.expect("send request");
        Self::reply(&mut res).await
    }

    /// Sends raw bytes to a call, for malformed and oversized bodies.
    pub async fn call_raw(&self, name: &str, body: Vec<u8>, token: Option<&str>) -> Reply {
        let mut req = self
            .client
            .post(format!("{}/api/v1/{name}", self.address))
            .insert_header(("content-type", "application/json"));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let mut res = req.send_body(body).await.expect("send request");
        Self::reply(&mut res).await
    }

    async fn reply<S>(res: &mut awc::ClientResponse<S>) -> Reply
    where
        S: futures_util::Stream<Item = Result<actix_web::web::Bytes, awc::error::PayloadError>>
            + Unpin,
    {
        let status = res.status().as_u16();
        let bytes = res.body().limit(64 * 1024 * 1024).await.expect("read body");
        let body = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        Reply { status, body }
    }

    /// The directory mails are written to.
    pub fn mail_dir(&self) -> PathBuf {
        self.dir.path().join("mail")
    }

    /// Every mail sent so far to `to`, oldest first, as raw text. Mail files are named by
    /// time-ordered ids, so their names sort in sending order.
    pub fn mails_to(&self, to: &str) -> Vec<String> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.mail_dir())
            .map(|rd| rd.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|x| x == "eml"));
        files.sort();
        files
            .into_iter()
            .filter_map(|p| std::fs::read_to_string(p).ok())
            .filter(|text| text.to_lowercase().contains(&to.to_lowercase()))
            .collect()
    }

    /// A direct connection to this test's database, for checking what was stored.
    pub fn conn(&self) -> PgConnection {
        PgConnection::establish(&self.db_url).expect("connect to test database")
    }

    /// Writes a shift as it is, through its store's actor (like any change of a store, so the
    /// actor's working set and the outbox know of it): for shifts in states no call makes
    /// directly.
    pub async fn put_shift(&self, shift: backend::db::models::shift::Shift) {
        self.state
            .stores
            .execute::<()>(shift.store_id, PutShift(shift))
            .await
            .expect("put shift");
    }
}

/// A test command that writes one shift as given.
struct PutShift(backend::db::models::shift::Shift);

impl backend::store::command::Command for PutShift {
    fn name(&self) -> &'static str {
        "putShift"
    }

    fn plan(
        &self,
        _: &backend::store::state::StoreState,
        _: chrono::DateTime<chrono::Utc>,
    ) -> backend::error::AppResult<backend::store::command::Effects> {
        use backend::store::command::{Effects, EventDraft, Reply, Visibility, Write};
        Ok(Effects {
            writes: vec![Write::PutShift(Box::new(self.0.clone()))],
            events: vec![EventDraft {
                kind: "shift.created",
                data: serde_json::json!({ "id": self.0.id }),
                visibility: Visibility::Managers,
            }],
            reply: Reply::new(()),
        })
    }
}

/// A signed-in user made directly in the database (no mail round trip).
pub struct TestUser {
    pub id: backend::domain::ids::UserId,
    pub email: String,
    pub token: String,
}

impl TestApp {
    /// Creates a confirmed user with the password `password123` and returns a valid token.
    pub fn create_user(&self, email: &str) -> TestUser {
        use backend::db::models::user::NewUser;
        use backend::db::schema::users;
        use diesel::ExpressionMethods;
        let id = backend::domain::ids::UserId::new();
        let hash = backend::auth::password::hash("password123").expect("hash");
        let mut conn = self.conn();
        NewUser {
            id,
            email,
            password_hash: &hash,
            first_name: "Test",
            last_name: email,
        }
        .insert(&mut conn)
        .expect("insert user");
        diesel::update(users::table)
            .filter(users::id.eq(id))
            .set(users::status.eq("confirmed"))
            .execute(&mut conn)
            .expect("confirm user");
        let token = backend::auth::session::open(
            &mut conn,
            self.state.sessions.keys(),
            id,
            chrono::Utc::now(),
        )
        .expect("token");
        TestUser {
            id,
            email: email.to_string(),
            token,
        }
    }
}

impl TestApp {
    /// A second server process on this test's database, as another node of a cluster.
    pub async fn spawn_peer(&self) -> TestApp {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut settings = Settings::for_tests(self.db_url.clone(), dir.path());
        settings.jwt_secret = self.state.settings.jwt_secret.clone();
        let app = Application::build(settings).await.expect("build peer");
        let address = format!("http://127.0.0.1:{}", app.port());
        let state = app.state();
        actix_web::rt::spawn(app.run());
        TestApp {
            address,
            client: awc::Client::default(),
            state,
            // The database belongs to the first node, which drops it.
            db_name: String::new(),
            db_url: self.db_url.clone(),
            metrics_port: None,
            dir,
        }
    }

    /// Inserts a store owned by `owner` directly, returning its id.
    pub fn insert_store(&self, owner: &TestUser, name: &str) -> backend::domain::ids::StoreId {
        use backend::db::schema::stores;
        use diesel::ExpressionMethods;
        let id = backend::domain::ids::StoreId::new();
        diesel::insert_into(stores::table)
            .values((
                stores::id.eq(id),
                stores::owner_id.eq(owner.id),
                stores::name.eq(name),
                stores::kind.eq("others"),
                stores::timezone_reference.eq("Europe/Berlin"),
            ))
            .execute(&mut self.conn())
            .expect("insert store");
        id
    }
}
