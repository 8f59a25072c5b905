use backend::config::Settings;
use backend::startup::Application;

/// jemalloc instead of the system's malloc. glibc's malloc gives each busy thread an arena of
/// its own (up to eight per core) and keeps what is freed there for reuse: after a busy half
/// hour the server held its peak for good, idle or not. jemalloc's background threads purge
/// pages unused for `dirty_decay_ms` (1 s, built in by `.cargo/config.toml`) whatever the
/// traffic. Tuning, for an operator: `_RJEM_MALLOC_CONF` (see docs/operations.md).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

#[actix_web::main]
async fn main() -> std::process::ExitCode {
    let format = backend::telemetry::LogFormat::from_env();
    backend::telemetry::init_with(
        format
            .clone()
            .unwrap_or(backend::telemetry::LogFormat::Text),
    );
    if let Err(e) = format {
        tracing::error!("invalid configuration: {e}");
        return std::process::ExitCode::FAILURE;
    }
    let settings = match Settings::from_env() {
        Ok(s) => s,
        Err(e) => {
            tracing::error!("invalid configuration: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    tracing::info!(?settings, "starting");
    // Sockets are descriptors (and a quarter of the limit goes to second descriptors of
    // WebSockets, `realtime::wire`): the soft limit, often 1,024, would refuse connections
    // long before memory or CPU run short. The hard limit is the operator's.
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => tracing::info!(limit, "open files"),
        Err(e) => tracing::warn!(error = %e, "cannot raise the open files limit"),
    }
    let app = match Application::build(settings).await {
        Ok(app) => app,
        Err(e) => {
            tracing::error!("cannot start: {e}");
            return std::process::ExitCode::FAILURE;
        }
    };
    tracing::info!(port = app.port(), "listening");
    match app.run().await {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("server failed: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
