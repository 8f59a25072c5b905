//! Building and running the application. `main.rs` only calls [`Application::build`] and
//! [`Application::run`]; tests do the same on port 0.

use crate::api;
use crate::calls::{AppState, Calls};
use crate::config::Settings;
use crate::db::models::notification_delivery::Channel;
use crate::db::{self, Db};
use crate::jobs::{self, push::Pusher};
use crate::mail::Mailer;
use crate::realtime::{self, Gateway, Realtime, RealtimeConfig};
use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, Server, ServiceRequest, ServiceResponse};
use actix_web::{web, App, HttpServer};
use std::net::TcpListener;
use std::sync::Arc;
use tracing_actix_web::TracingLogger;

/// Builds the calls' state and the realtime server, wired so that every commit of a store
/// actor is published to this node's sockets and starts its mail and push delivery.
fn assemble(settings: Settings) -> Result<(web::Data<AppState>, Arc<Realtime>), String> {
    let db = Db::new(
        &settings.database_url,
        settings.database_pool_size,
        settings.database_connect_timeout,
    );
    let mailer = Mailer::from_settings(&settings)?;
    let pusher = Pusher::from_settings(&settings);
    let realtime = Realtime::new(RealtimeConfig::from_settings(&settings));
    let publish = jobs::deliver_on_commit(realtime.publisher(), mailer.clone(), pusher.clone());
    let state = AppState::new(settings, db, mailer, pusher, publish);
    Ok((web::Data::new(state), realtime))
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
        let (state, realtime) = assemble(settings)?;
        let calls = Calls::new(api::registry(), state.clone());
        let openapi = web::Data::new(api::openapi::build(calls.registry()));
        let gateway = web::Data::new(Gateway::new(realtime.clone(), calls.clone()));
        let calls = web::Data::new(calls);
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
        actix_web::rt::spawn(jobs::deliveries(
            "mail delivery",
            db.clone(),
            Channel::Mail,
            jobs::deliver::INTERVAL,
            mailer.waker(),
            move || {
                let (db, mailer) = (db.clone(), mailer.clone());
                async move { jobs::deliver::run_once(&db, &mailer).await }
            },
        ));
        let (db, pusher, stores) = (state.db.clone(), state.pusher.clone(), state.stores.clone());
        actix_web::rt::spawn(jobs::deliveries(
            "web push",
            db.clone(),
            Channel::Push,
            jobs::push::INTERVAL,
            pusher.waker(),
            move || {
                let (db, pusher, stores) = (db.clone(), pusher.clone(), stores.clone());
                async move { jobs::push::run_once(&db, &pusher, &stores).await }
            },
        ));
        if !state.settings.schedule_tick.is_zero() {
            let (db, stores) = (state.db.clone(), state.stores.clone());
            actix_web::rt::spawn(jobs::every(
                "schedule clock",
                state.settings.schedule_tick,
                move || {
                    let (db, stores) = (db.clone(), stores.clone());
                    async move { jobs::schedule::tick(&db, &stores, chrono::Utc::now()).await }
                },
            ));
        }
        if !state.settings.outbox.prune_every.is_zero() {
            let (db, retention) = (state.db.clone(), state.settings.outbox);
            actix_web::rt::spawn(jobs::every(
                "outbox pruning",
                retention.prune_every,
                move || {
                    let db = db.clone();
                    async move { jobs::outbox::prune(&db, retention, chrono::Utc::now()).await }
                },
            ));
        }
        realtime::delivery::start(
            realtime,
            state.db.clone(),
            state.stores.clone(),
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
                .app_data(calls.clone())
                .app_data(openapi.clone())
                .app_data(gateway.clone())
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
