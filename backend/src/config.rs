//! Typed settings, read from environment variables with documented defaults.

use crate::domain::push::VapidKey;
use rand::distributions::{Alphanumeric, DistString};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Everything the server can be configured with. See the README for each variable.
#[derive(Clone)]
pub struct Settings {
    /// `DATABASE_URL`: Postgres connection string.
    pub database_url: String,
    /// `DATABASE_POOL_SIZE`: connections kept per server process.
    pub database_pool_size: u32,
    /// `DATABASE_CONNECT_TIMEOUT_MS`: how long a request waits for a connection before a 503.
    pub database_connect_timeout: Duration,
    /// `BIND`: host:port to listen on.
    pub bind: String,
    /// `METRICS_BIND`: host:port of the Prometheus endpoint (`GET /metrics`); unset, there is
    /// none. Kept apart from `BIND` so it is never public.
    pub metrics_bind: Option<String>,
    /// `DRAIN_GRACE_MS`: after SIGTERM, how long the node may take to finish its work and
    /// hand its sockets over before it exits.
    pub drain_grace: Duration,
    /// `JWT_SECRET`: signing key of session tokens. When unset a random one is generated and
    /// kept in `DATA_DIR/jwt_secret` so tokens survive restarts.
    pub jwt_secret: String,
    /// `TOKEN_TTL_HOURS`: lifetime of a session token.
    pub token_ttl: Duration,
    /// `DATA_DIR`: where generated local state lives.
    pub data_dir: PathBuf,
    /// `MAIL_DIR`: where mails are written as `.eml` files when no SMTP server is configured.
    pub mail_dir: PathBuf,
    /// `SMTP_URL`: e.g. `smtps://user:pass@smtp.example.com`; unset means write to `MAIL_DIR`.
    pub smtp_url: Option<String>,
    /// `MAIL_FROM`: sender address of outgoing mail.
    pub mail_from: String,
    /// `UPLOAD_DIR`: where uploaded files are kept on the local disk.
    pub upload_dir: PathBuf,
    /// `UPLOAD_URL`: `s3://bucket` keeps uploads in an S3-compatible bucket instead (for
    /// several server processes); unset means `UPLOAD_DIR`.
    pub upload_url: Option<String>,
    /// `PUBLIC_URL`: the address people reach the app at, used in links inside mails.
    pub public_url: String,
    /// `STATIC_DIR`: the built web app served at `/`.
    pub static_dir: PathBuf,
    /// `JSON_LIMIT_BYTES`: largest accepted JSON body.
    pub json_limit: usize,
    /// `STORE_THREADS`: threads running store actors.
    pub store_threads: usize,
    /// `HTTP_WORKERS`: threads serving HTTP connections and the sockets on them.
    pub http_workers: usize,
    /// `STORE_IDLE_SECONDS`: an idle store actor stops after this long.
    pub store_idle_after: Duration,
    /// `SCHEDULE_TICK_SECONDS`: how often due shifts are auto-confirmed and missed ones marked;
    /// `0` turns the clock off (tests tick it themselves).
    pub schedule_tick: Duration,
    /// `SEED_DEMO`: create a demo store on first start when the database has no users.
    pub seed_demo: bool,
    /// `SOCKET_PING_INTERVAL_MS`: how often the realtime server pings each client.
    pub socket_ping_interval: Duration,
    /// `SOCKET_PING_TIMEOUT_MS`: how long a client may take to answer a ping.
    pub socket_ping_timeout: Duration,
    /// `SOCKET_MAX_PAYLOAD_BYTES`: largest WebSocket frame or long-polling body accepted.
    pub socket_max_payload: usize,
    /// `SOCKET_QUEUE_BYTES`: largest backlog of one realtime client before it is dropped.
    pub socket_queue_bytes: usize,
    /// `SOCKET_CALLS_IN_FLIGHT`: most `call`s and `join`s one realtime client may have running;
    /// more are answered at once with `too_many_calls`.
    pub socket_calls_in_flight: usize,
    /// `VAPID_PRIVATE_KEY`: the key that signs Web Push requests (base64url raw P-256 private
    /// scalar). When unset one is generated and kept in `DATA_DIR/vapid_private_key`, so
    /// browser subscriptions survive restarts.
    pub vapid_key: VapidKey,
    /// `VAPID_SUBJECT`: the contact given to push services, `mailto:` or `https:`.
    pub vapid_subject: String,
    /// `PUSH_ALLOW_HTTP`: accept `http://` push endpoints and ones on loopback or private
    /// networks (a local push service, tests).
    pub push_allow_http: bool,
    /// `DELIVERY_RETRY_MS` and `DELIVERY_MAX_ATTEMPTS`: how queued mail and pushes are
    /// retried after a transient failure.
    pub delivery_retry: DeliveryRetry,
    /// `NOTIFICATION_MERGE_SECONDS`: a notification of the same kind, about the same shift and
    /// for the same reader as an unread one written (or merged into) less than this long ago
    /// is merged into it, so a burst of changes notifies once; `0` turns merging off.
    pub notification_merge_window: Duration,
    /// `BOOKING_HOLD_MINUTES`: how long a client's reservation is held while they confirm
    /// (default 5); then the place is free again and the client books anew.
    pub booking_hold: Duration,
    /// `PUBLIC_RATE_PER_MINUTE`: the public booking calls one address may make a minute on
    /// one server process (default 30; reservations take a tenth of it, at least 3).
    pub public_rate_per_minute: u32,
    /// `OUTBOX_KEEP_DAYS`, `OUTBOX_KEEP_PER_STORE` and `OUTBOX_PRUNE_SECONDS`: how much of the
    /// outbox of committed changes is kept, and how often the rest is pruned.
    pub outbox: OutboxRetention,
    /// `SUPPORT_EMAILS`: the accounts (comma-separated e-mail addresses) of support staff, who
    /// see every ticket, answer them and read their attachments. Empty by default.
    pub support_emails: Vec<String>,
    /// `BLOG_EDITOR_EMAILS`: the accounts (comma-separated e-mail addresses) of the blog's
    /// editors, who write and publish posts and moderate comments. Empty by default.
    pub blog_editor_emails: Vec<String>,
    /// Plans and payments; `None` (the default, for a store's own server) leaves every store
    /// unlimited. Set by `STRIPE_SECRET_KEY` with `STRIPE_WEBHOOK_SECRET` (see [`Billing`]).
    pub billing: Option<Billing>,
    /// `SALES_EMAIL`: where the public site's demo requests are mailed; unset, they are only
    /// stored.
    pub sales_email: Option<String>,
    /// Sign-in through an OpenID provider, Google by default; `None` (no `OIDC_CLIENT_ID`)
    /// hides it. See [`Oidc`].
    pub oidc: Option<Oidc>,
    /// The voice assistant's speech worker. See [`Voice`].
    pub voice: Voice,
}

/// The voice assistant: its speech worker and its bounds.
#[derive(Clone, Debug)]
pub struct Voice {
    /// `SPEECH_WORKER`: the command that starts the speech worker (`scripts/speech-setup.sh`
    /// prints it); unset, the assistant answers that it is unavailable.
    pub worker: Option<String>,
    /// `SPEECH_TIMEOUT_MS`: how long one recognition or synthesis may take before the worker
    /// is restarted.
    pub timeout: Duration,
    /// `SPEECH_QUEUE`: commands that may wait while one is handled; more are refused (503).
    pub queue: usize,
    /// `VOICE_PER_MINUTE`: commands a person may send per minute, per server process.
    pub per_minute: u32,
}

impl Voice {
    fn from_env() -> Result<Voice, String> {
        Ok(Voice {
            worker: var("SPEECH_WORKER"),
            timeout: Duration::from_millis(positive("SPEECH_TIMEOUT_MS", 10_000)?),
            queue: positive("SPEECH_QUEUE", 4)?,
            per_minute: positive("VOICE_PER_MINUTE", 20)?,
        })
    }

    /// No worker (tests that speak set one), the defaults otherwise, but for the time one
    /// request may take: under the test command's load (two lanes of suites, a browser), a
    /// synthesis has taken longer than the 10 seconds a server allows.
    pub fn for_tests() -> Voice {
        Voice {
            worker: None,
            timeout: Duration::from_secs(30),
            queue: 4,
            per_minute: 1_000,
        }
    }
}

/// Signing in through an OpenID provider: Google, or any provider with discovery.
#[derive(Clone)]
pub struct Oidc {
    /// `OIDC_CLIENT_ID`: this server's client id at the provider.
    pub client_id: String,
    /// `OIDC_CLIENT_SECRET`: the client's secret (Google gives web clients one).
    pub client_secret: Option<String>,
    /// `OIDC_ISSUER_URL`: the provider, whose discovery document is under it (default
    /// `https://accounts.google.com`).
    pub issuer_url: String,
}

impl std::fmt::Debug for Oidc {
    // The secret is never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Oidc")
            .field("client_id", &self.client_id)
            .field("issuer_url", &self.issuer_url)
            .finish_non_exhaustive()
    }
}

impl Oidc {
    /// Google's issuer, the provider when none is named.
    pub const GOOGLE: &'static str = "https://accounts.google.com";

    fn from_env() -> Result<Option<Oidc>, String> {
        let issuer_url = url_var("OIDC_ISSUER_URL", &["https", "http"])?;
        let client_secret = var("OIDC_CLIENT_SECRET");
        let Some(client_id) = var("OIDC_CLIENT_ID") else {
            if issuer_url.is_some() || client_secret.is_some() {
                return Err("OIDC_ISSUER_URL and OIDC_CLIENT_SECRET need OIDC_CLIENT_ID".into());
            }
            return Ok(None);
        };
        Ok(Some(Oidc {
            client_id,
            client_secret,
            issuer_url: issuer_url.unwrap_or_else(|| Oidc::GOOGLE.into()),
        }))
    }
}

/// Selling plans through the payment provider (Stripe).
#[derive(Clone)]
pub struct Billing {
    /// `STRIPE_SECRET_KEY`: the API key the server calls the provider with.
    pub secret_key: String,
    /// `STRIPE_WEBHOOK_SECRET`: the key the provider signs its webhooks with.
    pub webhook_secret: String,
    /// `STRIPE_API_BASE`: the provider's API address (default `https://api.stripe.com`).
    pub api_base: String,
    /// `STRIPE_AUTOMATIC_TAX`: let the provider add the buyer's taxes at checkout.
    pub automatic_tax: bool,
    /// `STRIPE_NON_PROFIT_COUPON`: the coupon that gives non-profits their discount; unset,
    /// checkout offers none.
    pub non_profit_coupon: Option<String>,
    /// `BILLING_CATALOGUE`: a JSON file of plans, limits and prices (the shape `getProducts`
    /// answers); unset, the spec's figures.
    pub catalogue: crate::domain::billing::catalogue::Catalogue,
}

impl std::fmt::Debug for Billing {
    // The keys are never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Billing")
            .field("api_base", &self.api_base)
            .field("automatic_tax", &self.automatic_tax)
            .field("non_profit_coupon", &self.non_profit_coupon)
            .finish_non_exhaustive()
    }
}

impl Billing {
    fn from_env() -> Result<Option<Billing>, String> {
        let (secret_key, webhook_secret) =
            match (var("STRIPE_SECRET_KEY"), var("STRIPE_WEBHOOK_SECRET")) {
                (None, None) => return Ok(None),
                (Some(key), Some(secret)) => (key, secret),
                _ => return Err(
                    "STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set together or not at all"
                        .into(),
                ),
            };
        let catalogue = match var("BILLING_CATALOGUE") {
            None => Default::default(),
            Some(path) => {
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("BILLING_CATALOGUE: cannot read {path}: {e}"))?;
                crate::domain::billing::catalogue::Catalogue::from_json(&text)
                    .map_err(|e| format!("BILLING_CATALOGUE: {e}"))?
            }
        };
        Ok(Some(Billing {
            secret_key,
            webhook_secret,
            api_base: url_var("STRIPE_API_BASE", &["https", "http"])?
                .unwrap_or_else(|| "https://api.stripe.com".into())
                .trim_end_matches('/')
                .to_string(),
            automatic_tax: parsed("STRIPE_AUTOMATIC_TAX", false)?,
            non_profit_coupon: var("STRIPE_NON_PROFIT_COUPON"),
            catalogue,
        }))
    }
}

/// How much history the outbox (`store_events`) keeps. A client that rejoins a store with a
/// `since` older than what is kept reloads (`resync`) instead of replaying.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxRetention {
    /// Changes older than this are pruned.
    pub keep_for: Duration,
    /// Only the newest this many changes of each store are kept.
    pub keep_per_store: i64,
    /// How often the outbox is pruned; zero turns pruning off.
    pub prune_every: Duration,
}

/// How a queued mail or push is retried after a transient failure (a network error, an SMTP
/// 4xx, a push service's 5xx or 429): exponential backoff, up to a number of attempts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeliveryRetry {
    /// The wait after the first failed attempt; each further one waits twice as long, up to
    /// [`DeliveryRetry::LONGEST`].
    pub first: Duration,
    /// Attempts before the mail or push is given up.
    pub max_attempts: i32,
}

impl DeliveryRetry {
    /// The longest wait between two attempts.
    pub const LONGEST: Duration = Duration::from_secs(3600);

    /// The wait after failed attempt number `attempt` (from 1). `jitter`, from 0 to 1,
    /// lengthens it by up to a quarter, so that the senders of several processes, and the
    /// rows that failed together, do not all come back at the same moment.
    pub fn delay(&self, attempt: i32, jitter: f64) -> Duration {
        let doublings = attempt.clamp(1, 32) - 1;
        let base = self
            .first
            .saturating_mul(1u32 << doublings.min(31))
            .min(Self::LONGEST);
        base.mul_f64(1.0 + 0.25 * jitter.clamp(0.0, 1.0))
    }

    /// Whether attempt number `attempt` was the last one.
    pub fn exhausted(&self, attempt: i32) -> bool {
        attempt >= self.max_attempts
    }
}

impl std::fmt::Debug for Settings {
    // Secrets (the JWT key, SMTP credentials, the VAPID private key) are never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("database_pool_size", &self.database_pool_size)
            .field("bind", &self.bind)
            .field("metrics_bind", &self.metrics_bind)
            .field("drain_grace", &self.drain_grace)
            .field("data_dir", &self.data_dir)
            .field("mail_dir", &self.mail_dir)
            .field("smtp", &self.smtp_url.is_some())
            .field("upload_dir", &self.upload_dir)
            .field("upload_url", &self.upload_url)
            .field("public_url", &self.public_url)
            .field("static_dir", &self.static_dir)
            .field("json_limit", &self.json_limit)
            .field("store_threads", &self.store_threads)
            .field("http_workers", &self.http_workers)
            .field("seed_demo", &self.seed_demo)
            .field("socket_ping_interval", &self.socket_ping_interval)
            .field("socket_ping_timeout", &self.socket_ping_timeout)
            .field("socket_max_payload", &self.socket_max_payload)
            .field("socket_queue_bytes", &self.socket_queue_bytes)
            .field("socket_calls_in_flight", &self.socket_calls_in_flight)
            .field("vapid_key", &self.vapid_key)
            .field("vapid_subject", &self.vapid_subject)
            .field("push_allow_http", &self.push_allow_http)
            .field("delivery_retry", &self.delivery_retry)
            .field("notification_merge_window", &self.notification_merge_window)
            .field("booking_hold", &self.booking_hold)
            .field("public_rate_per_minute", &self.public_rate_per_minute)
            .field("outbox", &self.outbox)
            .field("blog_editor_emails", &self.blog_editor_emails)
            .field("billing", &self.billing)
            .field("sales_email", &self.sales_email)
            .field("oidc", &self.oidc)
            .field("voice", &self.voice)
            .finish_non_exhaustive()
    }
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

fn parsed<T: std::str::FromStr>(name: &str, default: T) -> Result<T, String> {
    match var(name) {
        None => Ok(default),
        Some(v) => v
            .trim()
            .parse()
            .map_err(|_| format!("{name} has an invalid value: {v:?}")),
    }
}

/// A count or size that must be a whole number of at least one.
fn positive<T: std::str::FromStr + PartialOrd + From<u8>>(
    name: &str,
    default: T,
) -> Result<T, String> {
    match var(name) {
        None => Ok(default),
        Some(v) => match v.trim().parse::<T>() {
            Ok(n) if n >= T::from(1) => Ok(n),
            _ => Err(format!(
                "{name} must be a whole number of at least 1, not {v:?}"
            )),
        },
    }
}

/// An address variable: it must parse as a URL of one of `schemes`.
fn url_var(name: &str, schemes: &[&str]) -> Result<Option<String>, String> {
    let Some(text) = var(name) else {
        return Ok(None);
    };
    check_url(name, &text, schemes)?;
    Ok(Some(text))
}

fn check_url(name: &str, text: &str, schemes: &[&str]) -> Result<(), String> {
    let expected = || schemes.join("://, ") + "://";
    match url::Url::parse(text.trim()) {
        Ok(url) if schemes.contains(&url.scheme()) => {
            // `s3://bucket` names a bucket; every other scheme names a host.
            if url.scheme() != "s3" && url.host_str().is_none_or(str::is_empty) {
                return Err(format!("{name} names no host: {}", redacted(&url)));
            }
            Ok(())
        }
        Ok(url) => Err(format!(
            "{name} must start with {}, not {}",
            expected(),
            redacted(&url)
        )),
        // The text itself may hold a password: it is not repeated.
        Err(e) => Err(format!("{name} is not a valid URL ({e})")),
    }
}

/// A URL as it may be logged: without its password.
fn redacted(url: &url::Url) -> String {
    let mut url = url.clone();
    if url.password().is_some() {
        let _ = url.set_password(Some("***"));
    }
    url.to_string()
}

/// An e-mail address variable: it must be one address.
fn address_var(name: &str) -> Result<Option<String>, String> {
    let Some(text) = var(name) else {
        return Ok(None);
    };
    let address = text.trim();
    address
        .parse::<lettre::Address>()
        .map_err(|e| format!("{name} is not an e-mail address ({e})"))?;
    Ok(Some(address.to_string()))
}

/// `host:port` to listen on; the port is a number and the host is not empty.
fn check_bind(name: &str, text: &str) -> Result<(), String> {
    let valid = text
        .rsplit_once(':')
        .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok());
    if valid {
        Ok(())
    } else {
        Err(format!("{name} must be host:port, not {text:?}"))
    }
}

impl Settings {
    /// Reads the settings from the environment.
    pub fn from_env() -> Result<Settings, String> {
        let data_dir = PathBuf::from(var("DATA_DIR").unwrap_or_else(|| "data".into()));
        let jwt_secret = match var("JWT_SECRET") {
            Some(s) => s,
            None => load_or_create_secret(&data_dir.join("jwt_secret"))
                .map_err(|e| format!("cannot keep a generated JWT secret under DATA_DIR: {e}"))?,
        };
        let vapid_key = match var("VAPID_PRIVATE_KEY") {
            Some(text) => VapidKey::from_base64url(&text).ok_or_else(|| {
                "VAPID_PRIVATE_KEY is not a base64url P-256 private key (32 bytes)".to_string()
            })?,
            None => load_or_create_vapid_key(&data_dir.join("vapid_private_key"))?,
        };
        let mail_from =
            var("MAIL_FROM").unwrap_or_else(|| "Clockto <no-reply@clockto.local>".into());
        let bind = var("BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        check_bind("BIND", &bind)?;
        let metrics_bind = var("METRICS_BIND");
        if let Some(address) = &metrics_bind {
            check_bind("METRICS_BIND", address)?;
        }
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Ok(Settings {
            database_url: url_var("DATABASE_URL", &["postgres", "postgresql"])?
                .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/clockto".into()),
            database_pool_size: positive("DATABASE_POOL_SIZE", 16)?,
            database_connect_timeout: Duration::from_millis(positive(
                "DATABASE_CONNECT_TIMEOUT_MS",
                5_000,
            )?),
            public_url: url_var("PUBLIC_URL", &["http", "https"])?
                .unwrap_or_else(|| format!("http://{bind}")),
            metrics_bind,
            drain_grace: Duration::from_millis(positive("DRAIN_GRACE_MS", 10_000)?),
            bind,
            jwt_secret,
            token_ttl: Duration::from_secs(3600 * positive("TOKEN_TTL_HOURS", 24 * 30)?),
            mail_dir: var("MAIL_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| data_dir.join("mail")),
            smtp_url: url_var("SMTP_URL", &["smtp", "smtps"])?,
            vapid_subject: var("VAPID_SUBJECT")
                .unwrap_or_else(|| format!("mailto:{}", bare_address(&mail_from))),
            mail_from,
            upload_dir: var("UPLOAD_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| data_dir.join("uploads")),
            upload_url: url_var("UPLOAD_URL", &["s3"])?,
            static_dir: var("STATIC_DIR")
                .map(PathBuf::from)
                .unwrap_or_else(|| PathBuf::from("frontend/dist")),
            json_limit: positive("JSON_LIMIT_BYTES", 512 * 1024)?,
            store_threads: positive("STORE_THREADS", cores)?,
            http_workers: positive("HTTP_WORKERS", cores)?,
            store_idle_after: Duration::from_secs(parsed("STORE_IDLE_SECONDS", 300)?),
            schedule_tick: Duration::from_secs(parsed("SCHEDULE_TICK_SECONDS", 30)?),
            seed_demo: parsed("SEED_DEMO", false)?,
            socket_ping_interval: Duration::from_millis(positive(
                "SOCKET_PING_INTERVAL_MS",
                25_000,
            )?),
            socket_ping_timeout: Duration::from_millis(positive("SOCKET_PING_TIMEOUT_MS", 20_000)?),
            socket_max_payload: positive("SOCKET_MAX_PAYLOAD_BYTES", 1_000_000)?,
            socket_queue_bytes: positive("SOCKET_QUEUE_BYTES", 4 * 1024 * 1024)?,
            socket_calls_in_flight: positive("SOCKET_CALLS_IN_FLIGHT", 16)?,
            vapid_key,
            push_allow_http: parsed("PUSH_ALLOW_HTTP", false)?,
            delivery_retry: DeliveryRetry {
                first: Duration::from_millis(positive("DELIVERY_RETRY_MS", 30_000)?),
                max_attempts: positive("DELIVERY_MAX_ATTEMPTS", 12)?,
            },
            notification_merge_window: Duration::from_secs(parsed(
                "NOTIFICATION_MERGE_SECONDS",
                120,
            )?),
            booking_hold: Duration::from_secs(positive::<u64>("BOOKING_HOLD_MINUTES", 5)? * 60),
            public_rate_per_minute: positive("PUBLIC_RATE_PER_MINUTE", 30)?,
            outbox: OutboxRetention {
                keep_for: Duration::from_secs(
                    parsed::<u64>("OUTBOX_KEEP_DAYS", 7)?.saturating_mul(24 * 3600),
                ),
                keep_per_store: i64::from(parsed::<u32>("OUTBOX_KEEP_PER_STORE", 10_000)?),
                prune_every: Duration::from_secs(parsed("OUTBOX_PRUNE_SECONDS", 600)?),
            },
            support_emails: crate::domain::support::staff_list(
                &var("SUPPORT_EMAILS").unwrap_or_default(),
            ),
            blog_editor_emails: crate::domain::support::staff_list(
                &var("BLOG_EDITOR_EMAILS").unwrap_or_default(),
            ),
            billing: Billing::from_env()?,
            sales_email: address_var("SALES_EMAIL")?,
            oidc: Oidc::from_env()?,
            voice: Voice::from_env()?,
            data_dir,
        })
    }

    /// Settings for tests: everything local, under a temporary directory.
    pub fn for_tests(database_url: String, dir: &Path) -> Settings {
        Settings {
            database_url,
            database_pool_size: 8,
            database_connect_timeout: Duration::from_secs(15),
            bind: "127.0.0.1:0".into(),
            metrics_bind: None,
            drain_grace: Duration::from_secs(10),
            jwt_secret: Alphanumeric.sample_string(&mut rand::thread_rng(), 48),
            token_ttl: Duration::from_secs(3600),
            data_dir: dir.to_path_buf(),
            mail_dir: dir.join("mail"),
            smtp_url: None,
            mail_from: "Clockto <no-reply@clockto.local>".into(),
            upload_dir: dir.join("uploads"),
            upload_url: None,
            public_url: "http://127.0.0.1".into(),
            static_dir: dir.join("static"),
            json_limit: 512 * 1024,
            store_threads: 2,
            http_workers: 2,
            store_idle_after: Duration::from_secs(300),
            schedule_tick: Duration::ZERO,
            seed_demo: false,
            socket_ping_interval: Duration::from_secs(25),
            socket_ping_timeout: Duration::from_secs(20),
            socket_max_payload: 1_000_000,
            socket_queue_bytes: 4 * 1024 * 1024,
            socket_calls_in_flight: 16,
            vapid_key: VapidKey::generate(&mut rand::rngs::OsRng),
            vapid_subject: "mailto:no-reply@clockto.local".into(),
            // Tests run their push service on loopback over plain HTTP.
            push_allow_http: true,
            // A refused mail or push comes back quickly, so tests see the retry.
            delivery_retry: DeliveryRetry {
                first: Duration::from_millis(100),
                max_attempts: 12,
            },
            notification_merge_window: Duration::from_secs(120),
            booking_hold: Duration::from_secs(5 * 60),
            // Tests book many times from one address; one test sets it low.
            public_rate_per_minute: 100_000,
            // Tests prune themselves, at the moments they choose.
            outbox: OutboxRetention {
                keep_for: Duration::from_secs(7 * 24 * 3600),
                keep_per_store: 10_000,
                prune_every: Duration::ZERO,
            },
            support_emails: Vec::new(),
            blog_editor_emails: Vec::new(),
            // A test that sells plans points this at its stand-in of the provider.
            billing: None,
            sales_email: None,
            // A test that signs in through a provider points this at its own.
            oidc: None,
            voice: Voice::for_tests(),
        }
    }
}

fn load_or_create_secret(path: &Path) -> std::io::Result<String> {
    if let Ok(s) = std::fs::read_to_string(path) {
        if !s.trim().is_empty() {
            return Ok(s.trim().to_string());
        }
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let secret = Alphanumeric.sample_string(&mut rand::thread_rng(), 48);
    std::fs::write(path, &secret)?;
    Ok(secret)
}

/// The address of a mailbox written as `Name <address>`, or the text itself.
fn bare_address(mailbox: &str) -> &str {
    match (mailbox.rfind('<'), mailbox.rfind('>')) {
        (Some(open), Some(close)) if open < close => mailbox[open + 1..close].trim(),
        _ => mailbox.trim(),
    }
}

/// Reads the VAPID key kept at `path`, or generates one and keeps it there, readable by the
/// owner only. Two processes starting at once on one `DATA_DIR` end up with the same key.
fn load_or_create_vapid_key(path: &Path) -> Result<VapidKey, String> {
    let read = |path: &Path| -> Result<Option<VapidKey>, String> {
        match std::fs::read_to_string(path) {
            Ok(text) if text.trim().is_empty() => Ok(None),
            Ok(text) => VapidKey::from_base64url(&text).map(Some).ok_or_else(|| {
                format!(
                    "{} does not hold a base64url P-256 private key",
                    path.display()
                )
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    };
    if let Some(key) = read(path)? {
        return Ok(key);
    }
    let cannot = |e: std::io::Error| format!("cannot keep a VAPID key in {}: {e}", path.display());
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(cannot)?;
    }
    let key = VapidKey::generate(&mut rand::rngs::OsRng);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(mut file) => {
            use std::io::Write;
            file.write_all(key.to_base64url().as_bytes())
                .map_err(cannot)?;
            Ok(key)
        }
        // Another process wrote it first: use theirs.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            read(path)?.ok_or_else(|| cannot(e))
        }
        Err(e) => Err(cannot(e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subject_uses_the_bare_sender_address() {
        assert_eq!(
            bare_address("Clockto <no-reply@clockto.local>"),
            "no-reply@clockto.local"
        );
        assert_eq!(bare_address("ops@example.com"), "ops@example.com");
    }

    #[test]
    fn a_generated_vapid_key_is_kept_private_and_reused() {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("keys").join("vapid_private_key");
        let first = load_or_create_vapid_key(&path).expect("created");
        let second = load_or_create_vapid_key(&path).expect("read");
        assert_eq!(first.public_key(), second.public_key());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::write(&path, "garbage").expect("write");
        assert!(load_or_create_vapid_key(&path).is_err());
    }

    #[test]
    fn addresses_are_checked_by_form_and_scheme() {
        assert!(check_url("DATABASE_URL", "postgres://u@db:5432/x", &["postgres"]).is_ok());
        let refused = check_url("DATABASE_URL", "http://db/x", &["postgres", "postgresql"])
            .expect_err("wrong scheme");
        assert!(refused.starts_with("DATABASE_URL must start with postgres://"));
        let secret = check_url("SMTP_URL", "smtp://u:hunter2@", &["smtp"]).expect_err("no host");
        assert!(secret.starts_with("SMTP_URL "), "{secret}");
        let hostless = check_url("SMTP_URL", "smtp:relay", &["smtp"]).expect_err("no host");
        assert!(hostless.starts_with("SMTP_URL names no host"), "{hostless}");
        assert!(!secret.contains("hunter2"), "{secret}");
        let garbage = check_url("PUBLIC_URL", "not a url", &["http"]).expect_err("garbage");
        assert!(garbage.starts_with("PUBLIC_URL is not a valid URL"));
        assert!(check_url("UPLOAD_URL", "s3://bucket", &["s3"]).is_ok());
        assert!(check_bind("BIND", "0.0.0.0:8080").is_ok());
        assert!(check_bind("BIND", "[::1]:8080").is_ok());
        assert!(check_bind("BIND", "8080").is_err());
        assert!(check_bind("BIND", "host:http").is_err());
    }

    #[test]
    fn retries_wait_twice_as_long_each_time_up_to_an_hour() {
        let retry = DeliveryRetry {
            first: Duration::from_secs(30),
            max_attempts: 12,
        };
        let waits: Vec<u64> = (1..=9).map(|n| retry.delay(n, 0.0).as_secs()).collect();
        assert_eq!(waits, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(retry.delay(1000, 0.0), DeliveryRetry::LONGEST);
        assert_eq!(retry.delay(0, 0.0), Duration::from_secs(30));
        assert_eq!(retry.delay(2, 1.0), Duration::from_secs(75));
        assert_eq!(
            retry.delay(2, 7.0),
            Duration::from_secs(75),
            "jitter is bounded"
        );
        assert!(!retry.exhausted(11));
        assert!(retry.exhausted(12));
    }
}
