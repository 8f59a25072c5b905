//! Web Push of notifications. A notification for one reader is queued for push in the same
//! transaction as the change that causes it; this job claims it after the commit
//! (once, even with several server processes), encrypts it for each of the reader's browsers
//! in its store (aes128gcm, RFC 8291), signs the request (VAPID, RFC 8292) and posts it to
//! the browser's push service. Subscriptions a push service calls gone are forgotten through
//! their store's actor.

use crate::config::Settings;
use crate::db::models::notification::Notification;
use crate::db::models::notification_delivery::{Channel, Delivery};
use crate::db::models::push_subscription::PushSubscription;
use crate::db::Db;
use crate::domain::ids::{StoreId, UserId};
use crate::domain::push::{
    self, BrowserKeys, Endpoint, EndpointRules, Message, SubscriptionError, VapidKey, TTL_SECONDS,
};
use crate::error::AppResult;
use crate::store::push::ForgetGone;
use crate::store::registry::StoreRegistry;
use futures_util::StreamExt;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// Notifications claimed per round.
const BATCH: i64 = 50;
/// Requests to push services under way at once.
const PARALLEL: usize = 8;
/// How long one push service may take to answer.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);
/// Lifetime of a VAPID token (push services accept at most 24 hours).
const TOKEN_LIFETIME_SECONDS: i64 = 12 * 3600;
/// How often pending pushes are looked for when nothing asks earlier.
pub const INTERVAL: Duration = Duration::from_secs(30);

/// What sending needs from the settings, and the signal that starts a round at once. Clones
/// share the signal.
#[derive(Debug, Clone)]
pub struct Pusher {
    key: VapidKey,
    subject: String,
    rules: EndpointRules,
    wake: Arc<Notify>,
}

impl Pusher {
    pub fn from_settings(settings: &Settings) -> Pusher {
        Pusher {
            key: settings.vapid_key.clone(),
            subject: settings.vapid_subject.clone(),
            rules: EndpointRules {
                allow_local: settings.push_allow_http,
            },
            wake: Arc::new(Notify::new()),
        }
    }

    /// Asks the push loop of this process for a round now (a commit queued pushes). A call
    /// during a round brings one more round after it.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// What [`Pusher::wake`] signals, for the loop that waits on it.
    pub fn waker(&self) -> Arc<Notify> {
        self.wake.clone()
    }

    /// Resolves an endpoint's host name and refuses it when any of its addresses is not
    /// public. Checked when a subscription is saved and again before every send: what a name
    /// points to can change. A name that does not resolve now is let through (the send
    /// fails and is retried); only a known bad address refuses.
    pub async fn admits(&self, endpoint: &Endpoint) -> Result<(), SubscriptionError> {
        let Some((name, port)) = endpoint.name_and_port() else {
            return Ok(());
        };
        if self.rules.allow_local {
            return Ok(());
        }
        let addresses: Vec<IpAddr> = match tokio::net::lookup_host((name, port)).await {
            Ok(found) => found.map(|a| a.ip()).collect(),
            Err(e) => {
                tracing::debug!(host = name, error = %e, "push host did not resolve");
                return Ok(());
            }
        };
        push::addresses_allowed(&addresses, self.rules)
    }
}

/// How one push went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Sent,
    /// The push service no longer knows the subscription (404 or 410): forget it.
    Gone,
    Failed,
}

/// Pushes every pending notification. Returns how many pushes were accepted.
#[tracing::instrument(skip_all)]
pub async fn run_once(db: &Db, pusher: &Pusher, stores: &StoreRegistry) -> AppResult<usize> {
    let client = awc::Client::builder()
        .timeout(SEND_TIMEOUT)
        .disable_redirects()
        .finish();
    let mut sent = 0;
    loop {
        // Claiming takes the rows off the queue in its own transaction: a crash between claim
        // and send loses that push rather than sending it twice.
        let claimed: Vec<(Notification, Vec<PushSubscription>)> = db
            .transaction(|conn| {
                let rows = Delivery::claim(conn, Channel::Push, BATCH)?;
                let readers: Vec<(StoreId, UserId)> = rows
                    .iter()
                    .filter_map(|n| n.access_for.map(|u| (n.store_id, u)))
                    .collect();
                let subscriptions = PushSubscription::of_readers(conn, &readers)?;
                Ok(rows
                    .into_iter()
                    .map(|n| {
                        let mine = subscriptions
                            .iter()
                            .filter(|s| Some(s.user_id) == n.access_for && s.store_id == n.store_id)
                            .cloned()
                            .collect();
                        (n, mine)
                    })
                    .collect())
            })
            .await?;
        if claimed.is_empty() {
            return Ok(sent);
        }
        let pushes: Vec<(Message, PushSubscription)> = claimed
            .into_iter()
            .flat_map(|(n, subscriptions)| {
                let message = Message::new(
                    &n.title,
                    &n.content,
                    n.id.to_string(),
                    n.store_id.to_string(),
                );
                subscriptions.into_iter().map(move |s| (message.clone(), s))
            })
            .collect();
        let outcomes: Vec<(Outcome, PushSubscription)> = futures_util::stream::iter(pushes)
            .map(|(message, subscription)| {
                let client = &client;
                async move {
                    let outcome = send(client, pusher, &message, &subscription).await;
                    (outcome, subscription)
                }
            })
            .buffer_unordered(PARALLEL)
            .collect()
            .await;
        let mut gone: HashMap<StoreId, Vec<uuid::Uuid>> = HashMap::new();
        for (outcome, subscription) in outcomes {
            match outcome {
                Outcome::Sent => sent += 1,
                Outcome::Gone => gone
                    .entry(subscription.store_id)
                    .or_default()
                    .push(subscription.id),
                Outcome::Failed => {}
            }
        }
        for (store, ids) in gone {
            stores
                .execute::<()>(store, ForgetGone { store, ids })
                .await?;
        }
    }
}

/// Encrypts `message` for one browser and posts it to its push service.
async fn send(
    client: &awc::Client,
    pusher: &Pusher,
    message: &Message,
    subscription: &PushSubscription,
) -> Outcome {
    let endpoint = match Endpoint::parse(&subscription.endpoint, pusher.rules) {
        Ok(e) => e,
        Err(e) => {
            // Saved under other rules (PUSH_ALLOW_HTTP since turned off): not sent.
            tracing::warn!(subscription = %subscription.id, reason = %e, "push endpoint refused");
            return Outcome::Failed;
        }
    };
    if let Err(e) = pusher.admits(&endpoint).await {
        tracing::warn!(subscription = %subscription.id, reason = %e, "push endpoint refused");
        return Outcome::Failed;
    }
    let host = endpoint.host().to_string();
    let request = match encrypt_and_sign(pusher, &endpoint, message, subscription) {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(subscription = %subscription.id, %host, error = %e, "push not built");
            return Outcome::Failed;
        }
    };
    let result = client
        .post(endpoint.as_str())
        .insert_header(("TTL", TTL_SECONDS.to_string()))
        .insert_header(("Content-Encoding", "aes128gcm"))
        .insert_header(("Content-Type", "application/octet-stream"))
        .insert_header(("Urgency", "normal"))
        .insert_header(("Authorization", request.authorization))
        .send_body(request.body)
        .await;
    match result {
        Ok(response) if response.status().is_success() => Outcome::Sent,
        Ok(response) if matches!(response.status().as_u16(), 404 | 410) => {
            tracing::info!(subscription = %subscription.id, %host, "push subscription gone");
            Outcome::Gone
        }
        Ok(response) => {
            let status = response.status().as_u16();
            tracing::warn!(subscription = %subscription.id, %host, status, "push refused");
            Outcome::Failed
        }
        Err(e) => {
            tracing::warn!(subscription = %subscription.id, %host, error = %e, "push not sent");
            Outcome::Failed
        }
    }
}

/// The encrypted body and the VAPID header of one push.
struct SignedPush {
    body: Vec<u8>,
    authorization: String,
}

fn encrypt_and_sign(
    pusher: &Pusher,
    endpoint: &Endpoint,
    message: &Message,
    subscription: &PushSubscription,
) -> Result<SignedPush, Box<dyn std::error::Error>> {
    let keys = BrowserKeys::decode(&subscription.p256dh, &subscription.auth)?;
    let body = web_push_native::encrypt(
        message.to_bytes(),
        &keys.p256dh,
        &web_push_native::Auth::from(keys.auth),
    )?;
    let expires_at = chrono::Utc::now().timestamp() + TOKEN_LIFETIME_SECONDS;
    let authorization = pusher
        .key
        .authorization(endpoint, &pusher.subject, expires_at)?;
    Ok(SignedPush {
        body,
        authorization,
    })
}
