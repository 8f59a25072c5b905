//! A subscription's seats follow the store's employees: each run compares the quantity the
//! provider last reported with the records the store pays for, and sets it where they differ.
//! The provider reports the new quantity by webhook; until then a later run asks again with
//! the same idempotency key, which the provider answers without charging twice (and so do
//! two server processes running this at once).

use crate::billing::stripe::Stripe;
use crate::config::Billing;
use crate::db::models::billing::{seats_of, StorePlan};
use crate::db::Db;
use crate::error::AppResult;
use std::time::Duration;

/// How often seats are compared.
pub const INTERVAL: Duration = Duration::from_secs(60);

/// Sets every subscription's quantity that differs from its store's seats; returns how many.
#[tracing::instrument(skip_all)]
pub async fn run_once(db: &Db, billing: &Billing) -> AppResult<usize> {
    let due: Vec<(StorePlan, i64)> = db
        .run(|conn| {
            let mut due = Vec::new();
            for plan in StorePlan::subscribed(conn)? {
                let seats = seats_of(conn, plan.store_id)?.max(1);
                if plan.quantity != i32::try_from(seats).ok() {
                    due.push((plan, seats));
                }
            }
            Ok(due)
        })
        .await?;
    let stripe = Stripe::new(billing);
    let mut set = 0;
    for (plan, seats) in due {
        let (Some(subscription), Some(item)) = (&plan.subscription_id, &plan.subscription_item)
        else {
            continue;
        };
        let key = format!(
            "seats-{subscription}-{seats}-{}",
            plan.event_at.unwrap_or(0)
        );
        match stripe
            .set_quantity(subscription, item, seats as usize, &key)
            .await
        {
            Ok(()) => set += 1,
            Err(e) => tracing::warn!(store = %plan.store_id, error = %e, "cannot set seats"),
        }
    }
    Ok(set)
}
