//! Building and running the application. `main.rs` only calls [`Application::build`] and
//! [`Application::run`]; tests do the same on port 0.

use crate::api::{self, call::Registry};
use crate::auth::jwt;
use crate::config::Settings;
use crate::db::{self, Db};
use crate::domain::login_throttle::LoginThrottle;
use crate::jobs::{self, push::Pusher};
use crate::mail::Mailer;
use crate::realtime::{self, Realtime, RealtimeConfig};
use crate::store::registry::StoreRegistry;
use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, Server, ServiceRequest, ServiceResponse};
use actix_web::{web, App, HttpServer};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use tracing_actix_web::TracingLogger;

/// Shared state of the server, behind `web::Data`.
pub struct AppState {
    pub settings: Settings,
    pub db: Db,
    pub keys: jwt::Keys,
    pub mailer: Mailer,
    /// Signs and addresses Web Push requests.
    pub pusher: Pusher,
    pub calls: Arc<Registry>,
    pub openapi: Arc<utoipa::openapi::OpenApi>,
    /// Recent failed sign-ins, per account and per client. Held only for quick counting,
    /// never across an await.
    pub login_throttle: Mutex<LoginThrottle>,
    /// The actors of the active stores.
    pub stores: StoreRegistry,
    /// The Socket.IO server: sessions, rooms and the delivery of changes to them.
    pub realtime: Arc<Realtime>,
}

impl AppState {
    /// Builds the state from settings. Does no I/O beyond creating the mail directory.
    pub fn new(settings: Settings) -> Result<AppState, String> {
        let db = Db::new(
            &settings.database_url,
            settings.database_pool_size,
            settings.database_connect_timeout,
        );
        let keys = jwt::Keys::new(&settings.jwt_secret, settings.token_ttl);
        let mailer = Mailer::from_settings(&settings)?;
        let pusher = Pusher::from_settings(&settings);
        let realtime = Realtime::new(RealtimeConfig::from_settings(&settings));
        let publish = jobs::deliver_on_commit(
            realtime.publisher(),
            db.clone(),
            mailer.clone(),
            pusher.clone(),
        );
        let stores = StoreRegistry::new(
            db.clone(),
            publish,
            settings.store_threads,
            settings.store_idle_after,
        );
        let calls = api::registry();
        let openapi = api::openapi::build(&calls);
        Ok(AppState {
            settings,
            db,
            keys,
            mailer,
            pusher,
            calls: Arc::new(calls),
            openapi: Arc::new(openapi),
            login_throttle: Mutex::new(LoginThrottle::default()),
            stores,
            realtime,
        })
    }
}

/// A server bound to its port, ready to run.
pub struct Application {
    port: u16,
    server: Server,
    state: web::Data<AppState>,
}

impl Application {
    /// Runs the migrations, binds the listener and builds the server.
    pub async fn build(settings: Settings) -> Result<Application, String> {
        let state = web::Data::new(AppState::new(settings)?);
        let migrate_db = state.db.clone();
        migrate_db
            .run(db::run_migrations)
            .await
            .map_err(|e| format!("cannot migrate the database: {e}"))?;
        if state.settings.seed_demo {
            crate::seed::run(&state.db)
                .await
                .map_err(|e| format!("cannot create the demo store: {e}"))?;
        }
        let (db, mailer) = (state.db.clone(), state.mailer.clone());
        actix_web::rt::spawn(jobs::every(
            "mail delivery",
            jobs::deliver::INTERVAL,
            move || {
                let (db, mailer) = (db.clone(), mailer.clone());
                async move { jobs::deliver::run_once(&db, &mailer).await }
            },
        ));
        let (db, pusher, stores) = (state.db.clone(), state.pusher.clone(), state.stores.clone());
        let wake = pusher.waker();
        actix_web::rt::spawn(jobs::every_or_woken(
            "web push",
            jobs::push::INTERVAL,
            wake,
            move || {
                let (db, pusher, stores) = (db.clone(), pusher.clone(), stores.clone());
                async move { jobs::push::run_once(&db, &pusher, &stores).await }
            },
        ));
        if !state.settings.schedule_tick.is_zero() {
            let clock = state.clone();
            actix_web::rt::spawn(jobs::every(
                "schedule clock",
                state.settings.schedule_tick,
                move || {
                    let state = clock.clone();
                    async move { jobs::schedule::tick(&state, chrono::Utc::now()).await }
                },
            ));
        }
        realtime::delivery::start(
            state.realtime.clone(),
            state.db.clone(),
            state.settings.database_url.clone(),
        );
        let listener = TcpListener::bind(&state.settings.bind)
            .map_err(|e| format!("cannot listen on {}: {e}", state.settings.bind))?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port();
        let server_state = state.clone();
        let server = HttpServer::new(move || {
            App::new()
                .wrap(TracingLogger::default())
                .app_data(server_state.clone())
                .configure(api::routes)
                .configure(realtime::routes)
                .configure(|cfg| static_files(cfg, &server_state.settings))
        })
        .shutdown_timeout(10)
        .listen(listener)
        .map_err(|e| e.to_string())?
        .run();
        Ok(Application {
            port,
            server,
            state,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn state(&self) -> web::Data<AppState> {
        self.state.clone()
    }

    /// Serves until the process is asked to stop (SIGINT/SIGTERM), then drains connections.
    pub async fn run(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// Serves the built web app, with every unknown path answered by `index.html` so the
/// client-side router can show its own page (or its page-not-found).
fn static_files(cfg: &mut web::ServiceConfig, settings: &Settings) {
    let dir = settings.static_dir.clone();
    if !dir.join("index.html").exists() {
        return;
    }
    let index = dir.join("index.html");
    cfg.service(
        Files::new("/", dir)
            .index_file("index.html")
            .default_handler(fn_service(move |req: ServiceRequest| {
                let index = index.clone();
                async move {
                    let (req, _) = req.into_parts();
                    let file = NamedFile::open_async(index).await?;
                    let res = file.into_response(&req);
                    Ok(ServiceResponse::new(req, res))
                }
            })),
    );
}
