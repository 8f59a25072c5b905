//! Web Push subscriptions: the key browsers subscribe with, and the browsers of a member that
//! receive their notifications, kept by the store's actor. Sending is the push job's.

use crate::calls::{Access, Call, Ctx, Registry};
use crate::domain::permissions::Perms;
use crate::domain::push::{
    EndpointRules, PushSubscriptionJson, Subscription, SubscriptionError, ENDPOINT_MAX,
};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::push::{Subscribe, Unsubscribe};
use crate::store::write::RowCount;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<GetPublicVapidKey>()
        .add::<SaveSubscription>()
        .add::<DeleteSubscription>();
}

/// `getPublicVapidKey`: no fields.
#[derive(Debug, Deserialize, ToSchema)]
pub struct GetPublicVapidKey {}

/// The server's public VAPID key.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicVapidKey {
    /// The uncompressed P-256 point (65 bytes), base64url: the `applicationServerKey` of
    /// `pushManager.subscribe`.
    pub public_key: String,
}

impl Call for GetPublicVapidKey {
    const NAME: &'static str = "getPublicVapidKey";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "The key browsers subscribe to Web Push with.";
    type Output = PublicVapidKey;

    async fn run(self, ctx: Ctx) -> AppResult<PublicVapidKey> {
        Ok(PublicVapidKey {
            public_key: ctx.state.settings.vapid_key.public_key(),
        })
    }
}

/// `saveSubscription`: a browser of the caller that receives their notifications of the store.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveSubscription {
    /// The browser's `PushSubscription` as JSON text, `{"endpoint", "keys": {"p256dh",
    /// "auth"}}`; the object itself is accepted too.
    #[serde(default)]
    #[schema(value_type = PushSubscriptionJson, required = true)]
    pub subscription: Value,
}

/// The answer of `saveSubscription`.
#[derive(Debug, Serialize, ToSchema)]
pub struct SavedSubscription {
    /// The endpoint of the saved subscription, as the server normalised it.
    #[schema(format = "uri", max_length = 2048)]
    pub endpoint: String,
}

impl Call for SaveSubscription {
    const NAME: &'static str = "saveSubscription";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str =
        "Receive one's notifications of the store in this browser (Web Push).";
    type Output = SavedSubscription;

    #[tracing::instrument(name = "saveSubscription", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SavedSubscription> {
        let member = ctx.member()?;
        let rules = EndpointRules {
            allow_local: ctx.state.settings.push_allow_http,
        };
        let subscription = Subscription::parse(&self.subscription, rules).map_err(refusal)?;
        ctx.state
            .pusher
            .admits(&subscription.endpoint)
            .await
            .map_err(refusal)?;
        let store = member.store_id();
        let cmd = Subscribe {
            store,
            user: member.user,
            subscription,
        };
        let endpoint: String = ctx.state.stores.execute(store, cmd).await?;
        Ok(SavedSubscription { endpoint })
    }
}

/// `deleteSubscription` (ours): a browser that unsubscribed stops receiving the caller's
/// notifications of the store.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteSubscription {
    /// The `endpoint` of the browser's `PushSubscription`.
    #[serde(default)]
    #[schema(required = true, format = "uri", min_length = 1, max_length = 2048)]
    pub endpoint: String,
}

/// The answer of `deleteSubscription`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedSubscriptions {
    /// How many of the caller's subscriptions of the store had the endpoint: 1, or 0 when
    /// there was none (someone else's subscriptions are never touched).
    #[schema(minimum = 0, maximum = 1)]
    pub deleted: usize,
}

impl Call for DeleteSubscription {
    const NAME: &'static str = "deleteSubscription";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Ours (the spec has no such call): stop Web Push of one's \
        notifications of the store to a browser, named by its endpoint.";
    type Output = DeletedSubscriptions;

    #[tracing::instrument(name = "deleteSubscription", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<DeletedSubscriptions> {
        let member = ctx.member()?;
        let (store, user) = (member.store_id(), member.user);
        let endpoint = self.endpoint.trim().to_string();
        if endpoint.is_empty() {
            return Err(AppError::invalid("endpoint is required."));
        }
        if endpoint.len() > ENDPOINT_MAX {
            return Err(refusal(SubscriptionError::EndpointTooLong));
        }
        let cmd = Unsubscribe {
            store,
            user,
            endpoint,
        };
        let deleted: RowCount = ctx.state.stores.execute(store, cmd).await?;
        Ok(DeletedSubscriptions {
            deleted: deleted.get(),
        })
    }
}

/// The 400 of a refused subscription.
fn refusal(e: SubscriptionError) -> AppError {
    let (code, message) = match e {
        SubscriptionError::Missing => ("subscription_missing", messages::SUBSCRIPTION_MISSING),
        SubscriptionError::Malformed => {
            ("subscription_malformed", messages::SUBSCRIPTION_MALFORMED)
        }
        SubscriptionError::EndpointTooLong => {
            ("push_endpoint_too_long", messages::PUSH_ENDPOINT_TOO_LONG)
        }
        SubscriptionError::EndpointInvalid => {
            ("push_endpoint_invalid", messages::PUSH_ENDPOINT_INVALID)
        }
        SubscriptionError::EndpointInsecure => {
            ("push_endpoint_insecure", messages::PUSH_ENDPOINT_INSECURE)
        }
        SubscriptionError::EndpointPrivate => {
            ("push_endpoint_private", messages::PUSH_ENDPOINT_PRIVATE)
        }
        SubscriptionError::BadP256dh => ("push_key_invalid", messages::PUSH_KEY_INVALID),
        SubscriptionError::BadAuth => ("push_auth_invalid", messages::PUSH_AUTH_INVALID),
    };
    AppError::bad_request(code, message)
}
