//! Commands on the Web Push subscriptions of a store's members: a browser subscribing, one
//! unsubscribing, and forgetting the ones their push service reports gone. Subscriptions are
//! not part of the working set; these commands change no store version and announce nothing.

use crate::db::models::push_subscription::PushSubscription;
use crate::domain::ids::{StoreId, UserId};
use crate::domain::push::Subscription;
use crate::error::AppResult;
use crate::store::command::{Command, Effects, Reply};
use crate::store::state::StoreState;
use crate::store::write::{RowCount, Write};
use chrono::{DateTime, Utc};

/// Browsers kept per member of a store; saving one more forgets the oldest.
pub const SUBSCRIPTIONS_PER_MEMBER: i64 = 10;

/// A browser of `user` receives their notifications of the store. Answers the saved
/// endpoint as a `String`.
#[derive(Debug, Clone)]
pub struct Subscribe {
    pub store: StoreId,
    pub user: UserId,
    pub subscription: Subscription,
}

impl Command for Subscribe {
    fn name(&self) -> &'static str {
        "saveSubscription"
    }

    #[tracing::instrument(name = "saveSubscription", skip_all, fields(store = %self.store))]
    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let row = PushSubscription {
            id: uuid::Uuid::now_v7(),
            store_id: state.store.id,
            user_id: self.user,
            endpoint: self.subscription.endpoint.as_str().to_string(),
            p256dh: self.subscription.p256dh.clone(),
            auth: self.subscription.auth.clone(),
            created_at: now,
        };
        let endpoint = row.endpoint.clone();
        Ok(Effects {
            writes: vec![Write::PutPushSubscription {
                subscription: Box::new(row),
                keep: SUBSCRIPTIONS_PER_MEMBER,
            }],
            events: Vec::new(),
            reply: Reply::new(endpoint),
        })
    }
}

/// The browser at `endpoint` stops receiving `user`'s notifications of the store. Answers a
/// [`RowCount`]: how many subscriptions were deleted (0 or 1).
#[derive(Debug, Clone)]
pub struct Unsubscribe {
    pub store: StoreId,
    pub user: UserId,
    pub endpoint: String,
}

impl Command for Unsubscribe {
    fn name(&self) -> &'static str {
        "deleteSubscription"
    }

    #[tracing::instrument(name = "deleteSubscription", skip_all, fields(store = %self.store))]
    fn plan(&self, _state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        let deleted = RowCount::default();
        Ok(Effects {
            writes: vec![Write::DeletePushSubscription {
                user: self.user,
                endpoint: self.endpoint.clone(),
                deleted: deleted.clone(),
            }],
            events: Vec::new(),
            reply: Reply::new(deleted),
        })
    }
}

/// Forgets subscriptions of the store whose push service answered that they are gone (404 or
/// 410). Answers nothing.
#[derive(Debug, Clone)]
pub struct ForgetGone {
    pub store: StoreId,
    pub ids: Vec<uuid::Uuid>,
}

impl Command for ForgetGone {
    fn name(&self) -> &'static str {
        "forgetPushSubscriptions"
    }

    #[tracing::instrument(name = "forgetPushSubscriptions", skip_all, fields(store = %self.store))]
    fn plan(&self, _state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        if self.ids.is_empty() {
            return Ok(Effects::nothing(()));
        }
        Ok(Effects {
            writes: vec![Write::ForgetPushSubscriptions(self.ids.clone())],
            events: Vec::new(),
            reply: Reply::new(()),
        })
    }
}
