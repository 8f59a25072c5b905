//! Building and running the application. `main.rs` only calls [`Application::build`] and
//! [`Application::run`]; tests do the same on port 0, with a clock they can move
//! ([`Application::build_with_clock`]).

use crate::api;
use crate::calls::{AppState, Calls};
use crate::config::Settings;
use crate::db::models::notification_delivery::Channel;
use crate::db::{self, Db};
use crate::files::storage::Storage;
use crate::jobs::{self, push::Pusher};
use crate::mail::Mailer;
use crate::realtime::{self, Gateway, Realtime, RealtimeConfig};
use crate::speech::{Speech, SpeechSettings};
use crate::time::Clock;
use actix_files::{Files, NamedFile};
use actix_web::dev::{fn_service, ServerHandle, Service as _, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, AcceptEncoding, Encoding, Header as _, HeaderValue};
use actix_web::middleware::{Compress, DefaultHeaders};
use actix_web::HttpMessage as _;
use actix_web::{web, App, HttpServer};
use std::net::TcpListener;
use std::sync::Arc;
use tracing_actix_web::{RequestId, TracingLogger};

/// The response header naming the request's id, as its log lines do.
static REQUEST_ID: header::HeaderName = header::HeaderName::from_static("x-request-id");

/// Builds the calls' state and the realtime server, wired so that every commit of a store
/// actor is published to this node's sockets and starts its mail and push delivery.
fn assemble(
    settings: Settings,
    clock: Clock,
) -> Result<(web::Data<AppState>, Arc<Realtime>), String> {
    let db = Db::new(
        &settings.database_url,
        settings.database_pool_size,
        settings.database_connect_timeout,
    );
    let mailer = Mailer::from_settings(&settings)?;
    let pusher = Pusher::from_settings(&settings);
    let realtime = Realtime::new(RealtimeConfig::from_settings(&settings));
    let publish = jobs::deliver_on_commit(realtime.publisher(), mailer.clone(), pusher.clone());
    let files = match &settings.upload_url {
        Some(url) => Storage::s3(url),
        None => Storage::local(&settings.upload_dir),
    }
    .map_err(|e| e.to_string())?;
    let mut state = AppState::new(settings, db, mailer, pusher, publish, files, clock)?;
    if let Some(command) = &state.settings.voice.worker {
        state.speech = Speech::start(SpeechSettings {
            command: command.clone(),
            socket: speech_socket(),
            queue: state.settings.voice.queue,
            timeout: state.settings.voice.timeout,
        });
    }
    Ok((web::Data::new(state), realtime))
}

/// A socket path of this process's own (a test process runs several servers), short enough
/// for a Unix socket's address.
fn speech_socket() -> std::path::PathBuf {
    static STARTED: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    std::env::temp_dir().join(format!("clockto-speech-{}-{n}.sock", std::process::id()))
}

/// A server bound to its port, ready to run.
pub struct Application {
    port: u16,
    server: actix_web::rt::task::JoinHandle<std::io::Result<()>>,
    handle: ServerHandle,
    metrics_port: Option<u16>,
    drain: Drain,
    state: web::Data<AppState>,
}

impl Application {
    /// Runs the migrations, binds the listener and builds the server.
    pub async fn build(settings: Settings) -> Result<Application, String> {
        Self::build_with_clock(settings, Clock::System).await
    }

    /// Like [`Application::build`], with the rules reading the time from `clock`.
    pub async fn build_with_clock(settings: Settings, clock: Clock) -> Result<Application, String> {
        // Installed before anything records, so no event is lost.
        crate::monitoring::recorder();
        let (state, realtime) = assemble(settings, clock)?;
        let calls = Calls::new(api::registry(), state.clone(), realtime.readiness.clone());
        let openapi = web::Data::new(api::openapi::Served::new(&api::openapi::build(
            calls.registry(),
        )));
        let gateway = web::Data::new(Gateway::new(realtime.clone(), calls.clone()));
        let drain = Drain {
            calls: calls.clone(),
            realtime: realtime.clone(),
            grace: state.settings.drain_grace,
        };
        let calls = web::Data::new(calls);
        let readiness = realtime.readiness.clone();
        let listener = TcpListener::bind(&state.settings.bind)
            .map_err(|e| format!("cannot listen on {}: {e}", state.settings.bind))?;
        let port = listener.local_addr().map_err(|e| e.to_string())?.port();
        let server_state = state.clone();
        let ready = web::Data::from(readiness.clone());
        let settings = server_state.settings.clone();
        // The built app's page, read once (none for an API-only server; a new build is served
        // by a restarted server): its style elements' hashes go into the policy, its scripts
        // into the page's `Link` header.
        let page =
            std::fs::read_to_string(settings.static_dir.join("index.html")).unwrap_or_default();
        let policy = content_security_policy(&settings.public_url, &inline_style_hashes(&page));
        let preloads = module_preloads(&page);
        let seconds = realtime::wire::Seconds::for_this_process();
        let server = HttpServer::new(move || {
            App::new()
                .wrap(security_headers(&settings, &policy))
                .wrap_fn(|req, srv| {
                    // The id the request's log lines carry, for a report to name.
                    let id = req
                        .extensions()
                        .get::<RequestId>()
                        .and_then(|id| HeaderValue::from_str(&id.to_string()).ok());
                    let answer = srv.call(req);
                    async move {
                        let mut res = answer.await?;
                        if let Some(id) = id {
                            res.headers_mut().insert(REQUEST_ID.clone(), id);
                        }
                        Ok(res)
                    }
                })
                .wrap(TracingLogger::default())
                .app_data(server_state.clone())
                .app_data(calls.clone())
                .app_data(openapi.clone())
                .app_data(gateway.clone())
                .app_data(ready.clone())
                .configure(api::routes)
                .configure(realtime::routes)
                .configure(crate::site::routes)
                .configure(|cfg| static_files(cfg, &server_state.settings, preloads.clone()))
        })
        // Frames go out when written. With Nagle's algorithm (the OS default) a frame written
        // while the previous one is unacknowledged waits for the client's delayed ACK, up to
        // 40 ms: a broadcast of large changes stalled on every socket.
        .tcp_nodelay(true)
        // A second descriptor of each connection's socket (within a quarter of the open-files
        // limit), for a WebSocket's frames written from the thread that sends them
        // (`realtime::wire`).
        .on_connect(move |conn, data| realtime::wire::on_connect(&seconds, conn, data))
        .workers(state.settings.http_workers)
        // A drain stops the server itself, on SIGTERM or SIGINT.
        .disable_signals()
        .shutdown_timeout(state.settings.drain_grace.as_secs().max(1))
        .listen(listener)
        .map_err(|e| e.to_string())?
        .run();
        // Served from now on, so `/ready` answers (503) while the migrations run.
        let handle = server.handle();
        let server = actix_web::rt::spawn(server);
        let migrate_db = state.db.clone();
        migrate_db
            .run(db::run_migrations)
            .await
            .map_err(|e| format!("cannot migrate the database: {e}"))?;
        // A demo store is made before the node takes work, so its first caller finds it.
        if state.settings.seed_demo {
            crate::seed::run(&state.db, &state.stores)
                .await
                .map_err(|e| format!("cannot create the demo store: {e}"))?;
        }
        readiness.migrated();
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
        actix_web::rt::spawn(jobs::booking_mail::run(
            state.db.clone(),
            state.mailer.clone(),
            state.clock.clone(),
        ));
        if let Some(sales) = state.settings.sales_email.clone() {
            actix_web::rt::spawn(jobs::demo_mail::run(
                state.db.clone(),
                state.mailer.clone(),
                sales,
            ));
        }
        // Without a speech worker it only removes the files of narrations no longer heard.
        actix_web::rt::spawn(jobs::narration::run(
            state.db.clone(),
            state.files.clone(),
            state.speech.clone(),
            state.narrator.clone(),
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
            let (db, stores, clock) = (state.db.clone(), state.stores.clone(), state.clock.clone());
            actix_web::rt::spawn(jobs::every(
                "schedule clock",
                state.settings.schedule_tick,
                move || {
                    let (db, stores, at) = (db.clone(), stores.clone(), clock.now());
                    async move { jobs::schedule::tick(&db, &stores, at).await }
                },
            ));
        }
        if let Some(billing) = state.settings.billing.clone() {
            let db = state.db.clone();
            actix_web::rt::spawn(jobs::every(
                "billing seats",
                jobs::billing_seats::INTERVAL,
                move || {
                    let (db, billing) = (db.clone(), billing.clone());
                    async move { jobs::billing_seats::run_once(&db, &billing).await }
                },
            ));
        }
        if !state.settings.outbox.prune_every.is_zero() {
            let (db, retention, clock) =
                (state.db.clone(), state.settings.outbox, state.clock.clone());
            actix_web::rt::spawn(jobs::every(
                "outbox pruning",
                retention.prune_every,
                move || {
                    let (db, at) = (db.clone(), clock.now());
                    async move { jobs::outbox::prune(&db, retention, at).await }
                },
            ));
        }
        // Sockets of ended sign-in sessions are closed at once, whichever node ended them.
        let closer = realtime.clone();
        state
            .sessions
            .on_end(Arc::new(move |ended| closer.end_sessions(ended)));
        let metrics_port = match &state.settings.metrics_bind {
            Some(bind) => Some(crate::monitoring::serve(
                bind,
                state.db.clone(),
                realtime.clone(),
                state.stores.clone(),
            )?),
            None => None,
        };
        realtime::delivery::start(
            realtime,
            state.db.clone(),
            state.stores.clone(),
            state.sessions.clone(),
            state.settings.database_url.clone(),
        );
        Ok(Application {
            port,
            server,
            handle,
            metrics_port,
            drain,
            state,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The port of `GET /metrics`, when `METRICS_BIND` is set.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics_port
    }

    pub fn state(&self) -> web::Data<AppState> {
        self.state.clone()
    }

    /// Serves until the process is asked to stop (SIGINT/SIGTERM), then drains connections.
    /// On SIGTERM (or SIGINT) the node drains: see [`Drain::run`].
    pub async fn run(self) -> std::io::Result<()> {
        let (drain, handle) = (self.drain, self.handle);
        actix_web::rt::spawn(async move {
            if stop_signal().await {
                drain.run(handle).await;
            }
        });
        self.server.await.map_err(std::io::Error::other)?
    }
}

/// Waits for SIGTERM or SIGINT; false if they cannot be listened for.
async fn stop_signal() -> bool {
    use tokio::signal::unix::{signal, SignalKind};
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        tracing::warn!("cannot listen for stop signals");
        return false;
    };
    tokio::select! {
        _ = term.recv() => true,
        _ = int.recv() => true,
    }
}

/// What a node leaving the cluster does.
struct Drain {
    calls: Calls,
    realtime: Arc<Realtime>,
    grace: std::time::Duration,
}

impl Drain {
    /// `/ready` answers 503 and new sockets and calls are refused; the calls under way finish
    /// (their commands are committed by the store actors before they are answered) and a
    /// socket's call until its answer is queued; every socket sends what is queued for it and
    /// is closed, so its client reconnects to another node and resumes with `since`; the
    /// server stops, all within the grace period.
    async fn run(self, server: ServerHandle) {
        let began = std::time::Instant::now();
        self.realtime.readiness.drain();
        tracing::info!(grace = ?self.grace, "draining");
        let running = || self.calls.in_flight() + self.realtime.requests_running();
        while running() > 0 && began.elapsed() < self.grace {
            actix_web::rt::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        let unfinished = running();
        let sockets = self.realtime.hand_over();
        tracing::info!(sockets, unfinished, elapsed = ?began.elapsed(), "drained; stopping");
        server.stop(true).await;
    }
}

/// The headers every answer carries: a content security policy that lets the page load and
/// run only this server's scripts, talk only to this server (its API and its socket), and not
/// be framed; no MIME sniffing; no referrer; and HSTS when the app is served over https.
fn security_headers(settings: &Settings, policy: &str) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add((header::CONTENT_SECURITY_POLICY, policy))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "no-referrer"));
    if is_https(&settings.public_url) {
        // Only this host: whether the domain's other hosts speak https is not ours to say.
        headers.add((header::STRICT_TRANSPORT_SECURITY, "max-age=31536000"))
    } else {
        headers
    }
}

fn is_https(public_url: &str) -> bool {
    url::Url::parse(public_url).is_ok_and(|u| u.scheme() == "https")
}

/// The CSP hash of the empty text: it admits `<style>` elements without content.
const EMPTY_STYLE: &str = "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";

/// The tags of `page` that open with `open` (`<script`, `<link`), each up to its `>`.
fn tags<'a>(page: &'a str, open: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    page.match_indices(open).filter_map(move |(at, _)| {
        let tag = &page[at..];
        tag.find('>').map(|end| &tag[..=end])
    })
}

/// The value of `name="…"` in `tag`.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

/// A `Link` header naming the module scripts of the built app's page (its scripts and their
/// `modulepreload` links, in the page's order) as `modulepreload`; none without such scripts.
fn module_preloads(page: &str) -> Option<HeaderValue> {
    let scripts = tags(page, "<script")
        .filter(|tag| attribute(tag, "type") == Some("module"))
        .filter_map(|tag| attribute(tag, "src"));
    let preloads = tags(page, "<link")
        .filter(|tag| attribute(tag, "rel") == Some("modulepreload"))
        .filter_map(|tag| attribute(tag, "href"));
    let links: Vec<String> = scripts
        .chain(preloads)
        // Only this origin's own files, as the page names them.
        .filter(|url| url.starts_with('/') && !url.starts_with("//"))
        .map(|url| format!("<{url}>; rel=modulepreload"))
        .collect();
    if links.is_empty() {
        return None;
    }
    HeaderValue::from_str(&links.join(", ")).ok()
}

/// The CSP hash (`sha256-…`) of a style element's text.
fn style_hash(text: &str) -> String {
    use base64::Engine;
    use sha2::Digest;
    let digest = sha2::Sha256::digest(text.as_bytes());
    format!(
        "sha256-{}",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
}

/// The hashes of the `<style>` elements of the built app's page (its first frame's stylesheet
/// is written into the page, so the page paints without waiting for another file).
fn inline_style_hashes(page: &str) -> Vec<String> {
    page.match_indices("<style")
        .filter_map(|(at, _)| {
            let element = &page[at..];
            let start = element.find('>')? + 1;
            let len = element[start..].find("</style>")?;
            Some(style_hash(&element[start..start + len]))
        })
        .collect()
}

/// The content security policy of the app served at `public_url`.
///
/// - Scripts: only files of this origin; no inline script, no `eval`.
/// - Styles: this origin, empty `<style>` elements (the hash of the empty text), and the
///   `<style>` elements of the app's page whose hashes are `inline_styles`.
///   styled-components, in a production build, adds empty `<style>` elements and fills them
///   through the CSSOM (`insertRule`), which the policy does not govern, as it does not govern
///   React's `style` properties. So no inline style text in markup applies, without the
///   `'unsafe-inline'` styled-components would otherwise need, and without a nonce, which would
///   have to be made per answer and written into `index.html`, so that it could no longer be
///   served as a static file. (The development server of the web app is not behind this
///   policy: there styled-components writes text into its elements.)
/// - Images: this origin, `data:` and any https address (profile images may be links).
/// - Connections: this origin, and its WebSocket form for the socket (`'self'` covers it in
///   CSP 3 browsers; older ones need it named).
pub fn content_security_policy(public_url: &str, inline_styles: &[String]) -> String {
    let mut styles = format!("style-src 'self' '{EMPTY_STYLE}'");
    for hash in inline_styles {
        styles.push_str(&format!(" '{hash}'"));
    }
    let mut connect = String::from("'self'");
    if let Some(socket) = websocket_origin(public_url) {
        connect.push(' ');
        connect.push_str(&socket);
    }
    [
        "default-src 'self'".to_string(),
        "script-src 'self'".to_string(),
        styles,
        // Chat pictures are fetched with the token and shown from blob: URLs.
        "img-src 'self' data: blob: https:".to_string(),
        "font-src 'self'".to_string(),
        format!("connect-src {connect}"),
        "worker-src 'self'".to_string(),
        "manifest-src 'self'".to_string(),
        "object-src 'none'".to_string(),
        "base-uri 'self'".to_string(),
        "form-action 'self'".to_string(),
        "frame-ancestors 'none'".to_string(),
    ]
    .join("; ")
}

/// `ws://host:port` for `http://host:port/...`, `wss://...` for https.
fn websocket_origin(public_url: &str) -> Option<String> {
    let url = url::Url::parse(public_url).ok()?;
    let scheme = match url.scheme() {
        "http" => "ws",
        "https" => "wss",
        _ => return None,
    };
    let host = url.host_str()?;
    Some(match url.port() {
        Some(port) => format!("{scheme}://{host}:{port}"),
        None => format!("{scheme}://{host}"),
    })
}

/// Serves the built web app, with every unknown path answered by `index.html` so the
/// client-side router can show its own page (or its page-not-found).
fn static_files(cfg: &mut web::ServiceConfig, settings: &Settings, preloads: Option<HeaderValue>) {
    let dir = settings.static_dir.clone();
    if !dir.join("index.html").exists() {
        return;
    }
    let index = dir.join("index.html");
    // The web app goes compressed (brotli or gzip, as the browser asks). Its hashed assets
    // never change under their name, so browsers keep them for a year; everything else
    // (`index.html`, which names the current assets) is checked again on every load. The
    // page's answer names its scripts in a `Link` header, so the browser fetches them as the
    // headers arrive instead of once it has read the page: on a slow phone a round trip and
    // the page's parsing sooner.
    cfg.service(
        web::scope("")
            .wrap(Compress::default())
            .wrap_fn(move |req, srv| {
                let hashed = req.path().starts_with("/assets/");
                let preloads = preloads.clone();
                let answer = srv.call(req);
                async move {
                    let mut res = answer.await?;
                    let cache = if hashed && res.status().is_success() {
                        "public, max-age=31536000, immutable"
                    } else {
                        "no-cache"
                    };
                    res.headers_mut()
                        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
                    let page = res
                        .headers()
                        .get(header::CONTENT_TYPE)
                        .is_some_and(|t| t.as_bytes().starts_with(b"text/html"));
                    if let Some(links) = preloads.filter(|_| page && res.status().is_success()) {
                        res.headers_mut().insert(header::LINK, links);
                    }
                    Ok(res)
                }
            })
            .service(web::resource("/assets/{name}").to({
                let assets = dir.join("assets");
                move |req: actix_web::HttpRequest, name: web::Path<String>| {
                    asset(req, assets.clone(), name.into_inner())
                }
            }))
            .service(
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
            ),
    );
}

/// The encodings the build writes beside each asset (`.br`, `.gz`), best first.
static PRECOMPRESSED: [(Encoding, actix_web::http::header::ContentEncoding, &str); 2] = [
    (
        Encoding::brotli(),
        actix_web::http::header::ContentEncoding::Brotli,
        "br",
    ),
    (
        Encoding::gzip(),
        actix_web::http::header::ContentEncoding::Gzip,
        "gz",
    ),
];

/// The file itself, which the browser may always take.
static IDENTITY: Encoding = Encoding::identity();

/// One of the web app's hashed assets. The build writes each one compressed beside it, at
/// the codecs' best (brotli 11, gzip 9: a sixth smaller than compressing as it is sent); the
/// browser gets the best of those it accepts, else the file itself, which the `Compress`
/// middleware compresses as it goes. A missing asset is missing (an old page asking for a
/// replaced file must not get the page).
async fn asset(
    req: actix_web::HttpRequest,
    assets: std::path::PathBuf,
    name: String,
) -> actix_web::Result<actix_web::HttpResponse> {
    let path = assets.join(&name);
    let plain_name = !name.starts_with('.') && !name.contains(['/', '\\']);
    if !plain_name || !path.is_file() {
        return Ok(actix_web::HttpResponse::NotFound().finish());
    }
    let accepted = AcceptEncoding::parse(&req).ok();
    let kinds = PRECOMPRESSED.iter().map(|(encoding, _, _)| encoding);
    let chosen = accepted.and_then(|a| a.negotiate(kinds.chain([&IDENTITY])));
    let stored = PRECOMPRESSED
        .iter()
        .filter(|(encoding, _, _)| Some(encoding) == chosen.as_ref())
        .map(|(_, coding, extension)| (*coding, assets.join(format!("{name}.{extension}"))))
        .find(|(_, file)| file.is_file());
    let Some((coding, file)) = stored else {
        return Ok(NamedFile::open_async(path).await?.into_response(&req));
    };
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default();
    let mut res = NamedFile::open_async(file)
        .await?
        .set_content_type(actix_files::file_extension_to_mime(extension))
        .set_content_encoding(coding)
        .disable_content_disposition()
        .into_response(&req);
    res.headers_mut()
        .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_names_the_socket_of_the_public_origin() {
        let csp = content_security_policy("http://127.0.0.1:8080", &[]);
        assert!(
            csp.contains("connect-src 'self' ws://127.0.0.1:8080;"),
            "{csp}"
        );
        let csp = content_security_policy("https://shifts.example.com/app/", &[]);
        assert!(
            csp.contains("connect-src 'self' wss://shifts.example.com;"),
            "{csp}"
        );
        assert!(csp.contains("script-src 'self';"));
        assert!(csp.contains("frame-ancestors 'none'"));
        assert!(!csp.contains("unsafe-eval"));
        assert!(!csp.contains("unsafe-inline"));
        let csp = content_security_policy("not a url", &[]);
        assert!(csp.contains("connect-src 'self';"), "{csp}");
    }

    #[test]
    fn the_style_hash_is_the_one_of_the_empty_text() {
        assert_eq!(EMPTY_STYLE, style_hash(""));
    }

    #[test]
    fn the_policy_admits_the_page_s_own_style_elements_only() {
        let hashes = inline_style_hashes(
            "<html><head><style>body{margin:0}</style>\n<style media=\"print\">a{}</style></head></html>",
        );
        assert_eq!(
            hashes,
            vec![style_hash("body{margin:0}"), style_hash("a{}")]
        );
        // The hash of `body{margin:0}`, as `openssl dgst -sha256 -binary | base64` gives it.
        assert_eq!(
            hashes[0],
            "sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc="
        );
        let csp = content_security_policy("http://127.0.0.1:8080", &hashes);
        assert!(
            csp.contains(&format!(
                "style-src 'self' '{EMPTY_STYLE}' '{}' '{}';",
                hashes[0], hashes[1]
            )),
            "{csp}"
        );
        assert!(!csp.contains("unsafe-inline"));
        // No page (an API-only server), no hashes.
        assert!(inline_style_hashes("").is_empty());
    }

    #[test]
    fn the_page_s_module_scripts_are_named_for_preloading_in_its_order() {
        let links = module_preloads(concat!(
            "<html><head><style>a{}</style>",
            "<script type=\"module\" crossorigin src=\"/assets/start-1.js\"></script>",
            "<script type=\"module\" crossorigin src=\"/assets/index-2.js\"></script>",
            "<link rel=\"modulepreload\" crossorigin href=\"/assets/app-3.js\">",
            "<link rel=\"manifest\" href=\"/manifest.webmanifest\">",
            "<script src=\"/classic.js\"></script>",
            "<link rel=\"modulepreload\" href=\"https://elsewhere.example/x.js\">",
            "</head></html>"
        ))
        .expect("a header");
        assert_eq!(
            links.to_str().expect("ASCII"),
            "</assets/start-1.js>; rel=modulepreload, </assets/index-2.js>; rel=modulepreload, </assets/app-3.js>; rel=modulepreload"
        );
        assert!(module_preloads("<html><body>no scripts</body></html>").is_none());
        assert!(module_preloads("").is_none());
    }

    #[test]
    fn only_an_https_public_url_asks_for_hsts() {
        assert!(is_https("https://shifts.example.com"));
        assert!(!is_https("http://127.0.0.1:8080"));
        assert!(!is_https("nonsense"));
    }
}
