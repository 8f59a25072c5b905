//! Outgoing mail: SMTP when `SMTP_URL` is set, otherwise `.eml` files in `MAIL_DIR` (so a
//! developer, or a test, can read the codes that were sent).

use crate::config::{DeliveryRetry, Settings};
use crate::domain::ids::UserId;
use crate::domain::notification::NotificationKind;
use crate::error::{AppError, AppResult};
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// How long one mail may take to hand over to the SMTP server, all commands included.
pub const SEND_TIMEOUT: Duration = Duration::from_secs(30);

/// Why a mail did not go out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    /// It may go out later: the server could not be reached, timed out, or answered with a
    /// temporary (4xx) refusal.
    #[error("mail not sent, for now: {0}")]
    Transient(String),
    /// It never will as it is: a bad address, or a permanent (5xx) refusal.
    #[error("mail refused: {0}")]
    Permanent(String),
}

#[derive(Clone)]
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    /// Mails written to a directory, named by time-ordered ids so they sort by sending order.
    File(Arc<PathBuf>),
}

/// Sends mail, and knows how the queued notification mails of this process are retried. Cheap
/// to clone; clones share the signal that starts a round of the mail delivery loop.
#[derive(Clone)]
pub struct Mailer {
    transport: Transport,
    from: Arc<Mailbox>,
    retry: DeliveryRetry,
    wake: Arc<Notify>,
    /// Starts a round of the booking mail loop.
    wake_booking: Arc<Notify>,
    /// Starts a round of the demo request mail loop.
    wake_demo: Arc<Notify>,
    /// What notification mails' unsubscribe links are signed with, and the address they
    /// lead to.
    unsubscribe: Arc<Unsubscribe>,
}

/// Signs and addresses the one-click unsubscribe links of notification mails.
pub struct Unsubscribe {
    key: Vec<u8>,
    public_url: String,
}

impl Unsubscribe {
    fn new(secret: &str, public_url: &str) -> Unsubscribe {
        use hmac::{Hmac, Mac};
        let key = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes())
            .map(|mut m| {
                m.update(b"clockto unsubscribe links");
                m.finalize().into_bytes().to_vec()
            })
            .unwrap_or_default();
        Unsubscribe {
            key,
            public_url: public_url.trim_end_matches('/').to_string(),
        }
    }

    pub fn key(&self) -> &[u8] {
        &self.key
    }

    /// The link that turns off the mail of `kind` for `user`.
    pub fn link(&self, user: UserId, kind: NotificationKind) -> String {
        let token = crate::domain::unsubscribe::sign(&self.key, user, kind);
        format!("{}/api/v1/unsubscribe?t={token}", self.public_url)
    }

    /// The screen of the person's notification settings.
    pub fn settings_page(&self) -> String {
        format!("{}/settings?tab=notifications", self.public_url)
    }
}

/// `List-Unsubscribe`: where a mail client's unsubscribe button goes (RFC 2369).
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.to_string()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post`: the link unsubscribes with one POST (RFC 8058).
#[derive(Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_string())
    }
}

impl Mailer {
    pub fn from_settings(settings: &Settings) -> Result<Mailer, String> {
        let from: Mailbox = settings
            .mail_from
            .parse()
            .map_err(|e| format!("MAIL_FROM is not an address: {e}"))?;
        let transport = match &settings.smtp_url {
            // `smtp://host:port` talks plain SMTP (a relay on the machine or a test server),
            // `smtp://...?tls=required` STARTTLS, `smtps://` TLS from the start.
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| format!("SMTP_URL is invalid: {e}"))?
                    .timeout(Some(SEND_TIMEOUT))
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
            retry: settings.delivery_retry,
            wake: Arc::new(Notify::new()),
            wake_booking: Arc::new(Notify::new()),
            wake_demo: Arc::new(Notify::new()),
            unsubscribe: Arc::new(Unsubscribe::new(&settings.jwt_secret, &settings.public_url)),
        })
    }

    /// Sends a plain-text mail.
    #[tracing::instrument(skip(self, body))]
    pub async fn send(&self, to: &str, subject: &str, body: String) -> AppResult<()> {
        let to: Mailbox = to
            .parse()
            .map_err(|_| AppError::invalid("Invalid email address."))?;
        self.transmit(to, None, subject, body)
            .await
            .map_err(AppError::internal)
    }

    /// Sends a plain-text mail, telling a failure that may pass from one that will not.
    #[tracing::instrument(skip(self, body))]
    pub async fn deliver(&self, to: &str, subject: &str, body: String) -> Result<(), SendError> {
        let to: Mailbox = to
            .parse()
            .map_err(|e| SendError::Permanent(format!("invalid address: {e}")))?;
        self.transmit(to, None, subject, body).await
    }

    /// Like [`Mailer::deliver`], with the address a reply goes to (the person the mail is
    /// about, so the reader answers them directly).
    #[tracing::instrument(skip(self, body))]
    pub async fn deliver_replying_to(
        &self,
        to: &str,
        reply_to: &str,
        subject: &str,
        body: String,
    ) -> Result<(), SendError> {
        let to: Mailbox = to
            .parse()
            .map_err(|e| SendError::Permanent(format!("invalid address: {e}")))?;
        // A reply address that does not parse leaves the mail without one.
        let reply_to = reply_to.parse().ok();
        self.transmit(to, reply_to, subject, body).await
    }

    /// Sends a plain-text mail with a calendar invitation (`invite.ics`, its METHOD in the
    /// part's type as iTIP asks, so mail clients offer to add or remove the event).
    #[tracing::instrument(skip(self, body, ics))]
    pub async fn deliver_invitation(
        &self,
        to: &str,
        subject: &str,
        body: String,
        ics: Option<String>,
    ) -> Result<(), SendError> {
        let to: Mailbox = to
            .parse()
            .map_err(|e| SendError::Permanent(format!("invalid address: {e}")))?;
        let Some(ics) = ics else {
            return self.transmit(to, None, subject, body).await;
        };
        let method = if ics.contains("\r\nMETHOD:CANCEL\r\n") {
            "CANCEL"
        } else {
            "REQUEST"
        };
        let calendar =
            ContentType::parse(&format!("text/calendar; charset=utf-8; method={method}"))
                .map_err(|e| SendError::Permanent(e.to_string()))?;
        let parts = MultiPart::mixed()
            .singlepart(SinglePart::plain(body))
            .singlepart(Attachment::new("invite.ics".to_string()).body(ics, calendar));
        let message = Message::builder()
            .from(self.from.as_ref().clone())
            .to(to)
            .subject(subject)
            .multipart(parts)
            .map_err(|e| SendError::Permanent(e.to_string()))?;
        self.hand_over(message).await
    }

    /// The unsubscribe links of notification mails.
    pub fn unsubscribe(&self) -> &Unsubscribe {
        &self.unsubscribe
    }

    /// Sends a notification's mail to its reader, with the footer that says why it came and
    /// where to change that, and the one-click unsubscribe of its kind.
    #[tracing::instrument(skip(self, body))]
    pub async fn deliver_notification(
        &self,
        to: &str,
        reader: UserId,
        kind: NotificationKind,
        subject: &str,
        body: &str,
    ) -> Result<(), SendError> {
        let to: Mailbox = to
            .parse()
            .map_err(|e| SendError::Permanent(format!("invalid address: {e}")))?;
        let link = self.unsubscribe.link(reader, kind);
        let body = format!(
            "{body}\n\n-- \nYou get this mail because of your notification settings: {}\n\
             Stop mails like this one: {link}\n",
            self.unsubscribe.settings_page()
        );
        let message = Message::builder()
            .from(self.from.as_ref().clone())
            .to(to)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .header(ListUnsubscribe(format!("<{link}>")))
            .header(ListUnsubscribePost)
            .body(body)
            .map_err(|e| SendError::Permanent(e.to_string()))?;
        self.hand_over(message).await
    }

    async fn transmit(
        &self,
        to: Mailbox,
        reply_to: Option<Mailbox>,
        subject: &str,
        body: String,
    ) -> Result<(), SendError> {
        let mut message = Message::builder().from(self.from.as_ref().clone()).to(to);
        if let Some(reply_to) = reply_to {
            message = message.reply_to(reply_to);
        }
        let message = message
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body)
            .map_err(|e| SendError::Permanent(e.to_string()))?;
        self.hand_over(message).await
    }

    async fn hand_over(&self, message: Message) -> Result<(), SendError> {
        match &self.transport {
            Transport::Smtp(t) => match tokio::time::timeout(SEND_TIMEOUT, t.send(message)).await {
                Ok(Ok(_)) => Ok(()),
                Ok(Err(e)) => Err(classify(&e)),
                Err(_) => Err(SendError::Transient("the SMTP server took too long".into())),
            },
            Transport::File(dir) => {
                let path = dir.join(format!("{}.eml", uuid::Uuid::now_v7()));
                tokio::fs::write(path, message.formatted())
                    .await
                    .map_err(|e| SendError::Transient(e.to_string()))
            }
        }
    }

    /// How queued notification mails are retried.
    pub fn retry(&self) -> DeliveryRetry {
        self.retry
    }

    /// Asks the mail delivery loop of this process for a round now (a commit queued mail). A
    /// call during a round brings one more round after it.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Asks the booking mail loop for a round now (a commit queued a client's mail).
    pub fn wake_booking(&self) {
        self.wake_booking.notify_one();
    }

    /// Asks the demo request mail loop for a round now (a request queued the sales mail).
    pub fn wake_demo(&self) {
        self.wake_demo.notify_one();
    }

    /// What [`Mailer::wake_demo`] signals.
    pub fn demo_waker(&self) -> Arc<Notify> {
        self.wake_demo.clone()
    }

    /// What [`Mailer::wake_booking`] signals.
    pub fn booking_waker(&self) -> Arc<Notify> {
        self.wake_booking.clone()
    }

    /// What [`Mailer::wake`] signals, for the loop that waits on it.
    pub fn waker(&self) -> Arc<Notify> {
        self.wake.clone()
    }
}

/// Sorts an SMTP failure: a permanent (5xx) answer, or a mistake of ours that a retry would
/// repeat, will not pass; a temporary (4xx) answer, a network, TLS or protocol failure may.
fn classify(e: &lettre::transport::smtp::Error) -> SendError {
    if e.is_permanent() || e.is_client() {
        SendError::Permanent(e.to_string())
    } else {
        SendError::Transient(e.to_string())
    }
}
