//! Web Push of notifications. A notification for one reader is queued for push in the same
//! transaction as the change that causes it; this job leases it after the commit (no two
//! server processes at once), encrypts it for each of the reader's browsers in its store
//! (aes128gcm, RFC 8291), signs the request (VAPID, RFC 8292) and posts it to the browser's
//! push service. It is delivered at least once: the row leaves the queue when every browser's
//! push service accepted it, refused it for good or called the subscription gone (which is
//! then forgotten through the store's actor). A network failure, a 5xx or a 429 brings the
//! row back later for the browsers still waiting (exponential backoff, or the service's
//! `Retry-After` when longer, up to `DELIVERY_MAX_ATTEMPTS`).

use crate::config::{DeliveryRetry, Settings};
use crate::db::models::notification::Notification;
use crate::db::models::notification_delivery::{Channel, Claimed, Delivery, Settle};
use crate::db::models::push_subscription::PushSubscription;
use crate::db::Db;
use crate::domain::ids::{NotificationId, StoreId, UserId};
use crate::domain::push::{
    self, BrowserKeys, Endpoint, EndpointRules, Message, SubscriptionError, VapidKey, TTL_SECONDS,
};
use crate::error::AppResult;
use crate::jobs::lease::LeaseClock;
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
    retry: DeliveryRetry,
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
            retry: settings.delivery_retry,
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
    /// Refused for good: another 4xx, an endpoint the rules refuse, a message that cannot be
    /// built. Not tried again.
    Refused,
    /// Failed for now (network, timeout, 5xx, 429, 408); the service's `Retry-After`, if any.
    Later(Option<Duration>),
    /// Not tried: the lease was running out.
    Untried,
}

/// Pushes every notification that is due. Returns how many pushes were accepted.
#[tracing::instrument(skip_all)]
pub async fn run_once(db: &Db, pusher: &Pusher, stores: &StoreRegistry) -> AppResult<usize> {
    let client = awc::Client::builder()
        .timeout(SEND_TIMEOUT)
        .disable_redirects()
        .finish();
    let mut sent = 0;
    loop {
        let clock = LeaseClock::start();
        let claimed: Vec<(Claimed, Vec<PushSubscription>)> = db
            .transaction(|conn| {
                let rows = Delivery::claim(conn, Channel::Push, BATCH)?;
                let readers: Vec<(StoreId, UserId)> = rows
                    .iter()
                    .filter_map(|c| {
                        let n = &c.notification;
                        n.access_for.map(|u| (n.store_id, u))
                    })
                    .collect();
                let subscriptions = PushSubscription::of_readers(conn, &readers)?;
                // Chat messages seen meanwhile are not pushed: nowhere to go, off the queue.
                let ids: Vec<_> = rows.iter().map(|c| c.notification.id).collect();
                let read = Notification::read_since(conn, &ids)?;
                Ok(rows
                    .into_iter()
                    .map(|c| {
                        let n = &c.notification;
                        let waiting = subscriptions
                            .iter()
                            .filter(|_| !read.contains(&n.id))
                            .filter(|s| Some(s.user_id) == n.access_for && s.store_id == n.store_id)
                            .filter(|s| !c.done_subscriptions.contains(&s.id))
                            .cloned()
                            .collect();
                        (c, waiting)
                    })
                    .collect())
            })
            .await?;
        if claimed.is_empty() {
            return Ok(sent);
        }
        let pushes: Vec<(usize, Message, PushSubscription)> = claimed
            .iter()
            .enumerate()
            .flat_map(|(row, (c, subscriptions))| {
                let n = &c.notification;
                let message = Message::new(
                    &n.title,
                    &n.content,
                    n.id.to_string(),
                    n.store_id.to_string(),
                );
                subscriptions
                    .iter()
                    .map(move |s| (row, message.clone(), s.clone()))
            })
            .collect();
        let outcomes: Vec<(usize, Outcome, PushSubscription)> = futures_util::stream::iter(pushes)
            .map(|(row, message, subscription)| {
                let (client, clock) = (&client, &clock);
                async move {
                    let outcome = if clock.may_start(SEND_TIMEOUT) {
                        send(client, pusher, &message, &subscription).await
                    } else {
                        Outcome::Untried
                    };
                    (row, outcome, subscription)
                }
            })
            .buffer_unordered(PARALLEL)
            .collect()
            .await;
        sent += outcomes
            .iter()
            .filter(|(_, o, _)| *o == Outcome::Sent)
            .count();
        let mut gone: HashMap<StoreId, Vec<uuid::Uuid>> = HashMap::new();
        for (_, outcome, subscription) in &outcomes {
            if *outcome == Outcome::Gone {
                gone.entry(subscription.store_id)
                    .or_default()
                    .push(subscription.id);
            }
        }
        let settled: Vec<(Claimed, Settle)> = claimed
            .into_iter()
            .enumerate()
            .map(|(row, (c, _))| {
                let mine = outcomes.iter().filter(|(r, _, _)| *r == row);
                let settle = settle_after(mine.map(|(_, o, s)| (*o, s.id)), &c, pusher.retry);
                (c, settle)
            })
            .collect();
        // Settled before the gone subscriptions are forgotten: were that to fail, the pushes
        // that went out are still known as done.
        db.transaction(move |conn| {
            let (done, others): (Vec<_>, Vec<_>) = settled
                .iter()
                .partition(|(_, settle)| *settle == Settle::Done);
            let done: Vec<&Claimed> = done.into_iter().map(|(claimed, _)| claimed).collect();
            let kept = Delivery::settle_done(conn, Channel::Push, &done)?;
            let mut lapsed: Vec<NotificationId> = done
                .iter()
                .map(|c| c.notification.id)
                .filter(|id| !kept.contains(id))
                .collect();
            for (claimed, settle) in others {
                if !Delivery::settle(conn, Channel::Push, claimed, settle)? {
                    lapsed.push(claimed.notification.id);
                }
            }
            for notification in lapsed {
                tracing::warn!(%notification, "the push's lease ran out before it was settled");
            }
            Ok(())
        })
        .await?;
        for (store, ids) in gone {
            stores
                .execute::<()>(store, ForgetGone { store, ids })
                .await?;
        }
    }
}

/// What the pushes of one notification (to each browser still waiting) make of its row.
fn settle_after(
    outcomes: impl Iterator<Item = (Outcome, uuid::Uuid)>,
    claimed: &Claimed,
    retry: DeliveryRetry,
) -> Settle {
    let mut done = Vec::new();
    let (mut later, mut untried) = (false, false);
    let mut asked: Option<Duration> = None;
    for (outcome, subscription) in outcomes {
        match outcome {
            Outcome::Sent => {
                metrics::counter!("clockto_deliveries_sent_total", "channel" => "push")
                    .increment(1);
                done.push(subscription);
            }
            Outcome::Gone | Outcome::Refused => {
                metrics::counter!("clockto_delivery_failures_total", "channel" => "push")
                    .increment(1);
                done.push(subscription);
            }
            Outcome::Later(after) => {
                later = true;
                asked = asked.max(after);
            }
            Outcome::Untried => untried = true,
        }
    }
    let (notification, attempt) = (claimed.notification.id, claimed.attempt);
    if later && retry.exhausted(attempt) {
        metrics::counter!("clockto_delivery_failures_total", "channel" => "push").increment(1);
        tracing::warn!(%notification, attempt, "push not delivered to every browser, given up");
        Settle::Done
    } else if later {
        metrics::counter!("clockto_delivery_retries_total", "channel" => "push").increment(1);
        let backoff = retry.delay(attempt, rand::random());
        let after = asked.map_or(backoff, |a| a.min(DeliveryRetry::LONGEST).max(backoff));
        tracing::info!(%notification, attempt, ?after, "push will be retried");
        Settle::Retry {
            after,
            done_subscriptions: done,
        }
    } else if untried {
        Settle::Untried {
            done_subscriptions: done,
        }
    } else {
        Settle::Done
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
            return Outcome::Refused;
        }
    };
    if let Err(e) = pusher.admits(&endpoint).await {
        tracing::warn!(subscription = %subscription.id, reason = %e, "push endpoint refused");
        return Outcome::Refused;
    }
    let host = endpoint.host().to_string();
    let request = match encrypt_and_sign(pusher, &endpoint, message, subscription) {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(subscription = %subscription.id, %host, error = %e, "push not built");
            return Outcome::Refused;
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
        Ok(response) if matches!(response.status().as_u16(), 408 | 429 | 500..=599) => {
            let status = response.status().as_u16();
            let after = retry_after(response.headers());
            tracing::info!(subscription = %subscription.id, %host, status, ?after, "push not taken, for now");
            Outcome::Later(after)
        }
        Ok(response) => {
            let status = response.status().as_u16();
            tracing::warn!(subscription = %subscription.id, %host, status, "push refused");
            Outcome::Refused
        }
        Err(e) => {
            tracing::info!(subscription = %subscription.id, %host, error = %e, "push not sent, for now");
            Outcome::Later(None)
        }
    }
}

/// A `Retry-After` given in seconds (the form push services use; a date is ignored).
fn retry_after(headers: &actix_web::http::header::HeaderMap) -> Option<Duration> {
    let value = headers.get(actix_web::http::header::RETRY_AFTER)?;
    value
        .to_str()
        .ok()?
        .trim()
        .parse::<u64>()
        .ok()
        .map(Duration::from_secs)
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
