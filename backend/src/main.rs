use backend::config::Settings;
use backend::startup::Application;

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
