//! Outgoing mail: SMTP when `SMTP_URL` is set, otherwise `.eml` files in `MAIL_DIR` (so a
//! developer, or a test, can read the codes that were sent).

use crate::config::Settings;
use crate::error::{AppError, AppResult};
use lettre::message::header::ContentType;
use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Clone)]
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    /// Mails written to a directory, named by time-ordered ids so they sort by sending order.
    File(Arc<PathBuf>),
}

/// Sends mail. Cheap to clone.
#[derive(Clone)]
pub struct Mailer {
    transport: Transport,
    from: Arc<Mailbox>,
}

impl Mailer {
    pub fn from_settings(settings: &Settings) -> Result<Mailer, String> {
        let from: Mailbox = settings
            .mail_from
            .parse()
            .map_err(|e| format!("MAIL_FROM is not an address: {e}"))?;
        let transport = match &settings.smtp_url {
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| format!("SMTP_URL is invalid: {e}"))?
                    .build(),
            ),
            None => {
                std::fs::create_dir_all(&settings.mail_dir)
                    .map_err(|e| format!("cannot create MAIL_DIR: {e}"))?;
                Transport::File(Arc::new(settings.mail_dir.clone()))
            }
        };
        Ok(Mailer {
            transport,
            from: Arc::new(from),
        })
    }

    /// Sends a plain-text mail.
    #[tracing::instrument(skip(self, body))]
    pub async fn send(&self, to: &str, subject: &str, body: String) -> AppResult<()> {
        let to: Mailbox = to
            .parse()
            .map_err(|_| AppError::invalid("Invalid email address."))?;
        let message = Message::builder()
            .from(self.from.as_ref().clone())
            .to(to)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .map_err(AppError::internal)?;
        match &self.transport {
            Transport::Smtp(t) => t
                .send(message)
                .await
                .map(|_| ())
                .map_err(AppError::internal),
            Transport::File(dir) => {
                let path = dir.join(format!("{}.eml", uuid::Uuid::now_v7()));
                tokio::fs::write(path, message.formatted())
                    .await
                    .map_err(AppError::internal)
            }
        }
    }
}
