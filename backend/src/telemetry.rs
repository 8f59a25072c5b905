//! Logging: structured `tracing` output, filtered by `RUST_LOG` (default `info`).

use tracing_subscriber::{fmt, EnvFilter};

pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    // Ignore the error of a second initialisation (tests start several apps per process).
    let _ = fmt().with_env_filter(filter).with_target(false).try_init();
}
