//! The owner's payments: `createPayment` opens the provider's hosted checkout for a plan, and
//! `openBillingPortal` its portal (cards, invoices, cancelling). Neither changes the plan:
//! only the provider's webhooks do, once it has the payment.

use super::shared::{billing, return_url, stripe};
use crate::billing::stripe::Form;
use crate::calls::bounded::{self, OptionalText};
use crate::calls::{Access, Call, Ctx, Registry};
use crate::domain::billing::catalogue::{Interval, Plan};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::billing::{PlanNow, ReadPlan};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<CreatePayment>().add::<OpenBillingPortal>();
}

/// Only the owner manages payments (the spec).
const OWNER_ONLY: &str = "Only the store's owner manages payments.";

/// `createPayment`: the spec's payload. The price, the quantity and the addresses the
/// provider returns to are the server's: `pricePerUnit`, `quantity`, `successUrl` and
/// `cancelUrl` are read for compatibility and not used.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatePayment {
    /// The plan: `starter`, `basic` or `premium`.
    pub product_id: bounded::RequiredText<20>,
    /// `month` or `year`.
    pub interval: bounded::RequiredText<10>,
    /// A non-profit takes the non-profit discount.
    #[serde(default)]
    pub non_profit: Option<bool>,
    /// Always USD.
    pub currency: Option<bounded::Text<3>>,
    /// Not used: the price is the catalogue's.
    pub price_per_unit: Option<f64>,
    /// Not used: the quantity is the store's seats.
    pub quantity: Option<i64>,
    /// Not used: checkout returns to this server's business plan screen.
    pub success_url: Option<bounded::Text<2048>>,
    /// Not used, as `successUrl`.
    pub cancel_url: Option<bounded::Text<2048>>,
}

/// Where to send the browser to pay.
#[derive(Debug, Serialize, ToSchema)]
pub struct Checkout {
    /// The provider's checkout session.
    pub id: String,
    /// Its hosted page.
    pub url: String,
}

impl Call for CreatePayment {
    const NAME: &'static str = "createPayment";
    const ACCESS: Access = Access::Store(Perms::OWNER);
    const DENIED: &'static str = OWNER_ONLY;
    const SUMMARY: &'static str =
        "Owner: open the payment provider's checkout for a plan, billed per employee.";
    type Output = Checkout;

    #[tracing::instrument(name = "createPayment", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Checkout> {
        let settings = billing(&ctx.state)?;
        let plan = Plan::parse(&self.product_id.required("productId")?)
            .filter(|p| *p != Plan::Free)
            .ok_or_else(|| AppError::invalid("productId must be starter, basic or premium."))?;
        let interval = Interval::parse(&self.interval.required("interval")?)
            .ok_or_else(|| AppError::invalid("interval must be month or year."))?;
        if let Some(currency) = self.currency.optional("currency")? {
            if !currency.eq_ignore_ascii_case(&settings.catalogue.currency) {
                return Err(AppError::invalid(format!(
                    "currency must be {}.",
                    settings.catalogue.currency.to_uppercase()
                )));
            }
        }
        let catalogue = &settings.catalogue;
        let price = catalogue.product(plan).price(interval).ok_or_else(|| {
            AppError::invalid("That plan is not sold by the month or year asked.")
        })?;
        let member = ctx.member()?;
        let now: PlanNow = ctx
            .execute(ReadPlan {
                plans: ctx.state.plans.clone(),
            })
            .await?;
        let row = &now.row;
        let current = row.standing().subscription.filter(|s| s.status.in_force());
        if current
            .as_ref()
            .is_some_and(|s| s.plan == plan && s.interval == interval)
        {
            return Err(AppError::bad_request(
                "plan_current",
                "The store is on this plan already.",
            ));
        }
        let store = member.store_id().to_string();
        let mut form: Form = vec![
            ("mode".into(), "subscription".into()),
            ("client_reference_id".into(), store.clone()),
            (
                "success_url".into(),
                format!(
                    "{}&session_id={{CHECKOUT_SESSION_ID}}",
                    return_url(&ctx.state, Some("success"))
                ),
            ),
            (
                "cancel_url".into(),
                return_url(&ctx.state, Some("cancelled")),
            ),
            (
                "line_items[0][quantity]".into(),
                now.view.employees.max(1).to_string(),
            ),
            (
                "line_items[0][price_data][currency]".into(),
                catalogue.currency.clone(),
            ),
            (
                "line_items[0][price_data][unit_amount]".into(),
                price.unit_amount.to_string(),
            ),
            (
                "line_items[0][price_data][recurring][interval]".into(),
                interval.as_str().into(),
            ),
            (
                "line_items[0][price_data][product_data][name]".into(),
                format!("Clockto {plan}"),
            ),
            ("subscription_data[metadata][storeId]".into(), store.clone()),
            (
                "subscription_data[metadata][plan]".into(),
                plan.as_str().into(),
            ),
            ("metadata[storeId]".into(), store),
            ("metadata[plan]".into(), plan.as_str().into()),
        ];
        match &row.customer_id {
            Some(customer) => form.push(("customer".into(), customer.clone())),
            None => {
                let owner = &member.employee.email;
                form.push(("customer_email".into(), owner.clone()));
            }
        }
        // One trial a store, without a card: the provider asks for one when it ends.
        if !row.trial_used && catalogue.trial_days > 0 {
            form.push((
                "subscription_data[trial_period_days]".into(),
                catalogue.trial_days.to_string(),
            ));
            form.push(("payment_method_collection".into(), "if_required".into()));
        }
        if self.non_profit == Some(true) {
            match &settings.non_profit_coupon {
                Some(coupon) => form.push(("discounts[0][coupon]".into(), coupon.clone())),
                None => {
                    return Err(AppError::bad_request(
                        "non_profit_unavailable",
                        "The non-profit discount is not offered on this server.",
                    ))
                }
            }
        }
        if settings.automatic_tax {
            form.push(("automatic_tax[enabled]".into(), "true".into()));
            if row.customer_id.is_some() {
                form.push(("customer_update[address]".into(), "auto".into()));
            }
        }
        let session = stripe(&ctx.state)?
            .checkout(&form, &uuid::Uuid::new_v4().to_string())
            .await?;
        tracing::info!(store = %member.store_id(), %plan, interval = interval.as_str(), "checkout opened");
        Ok(Checkout {
            id: session.id,
            url: session.url,
        })
    }
}

/// `openBillingPortal`: the provider's page for the store's cards, invoices and cancelling.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OpenBillingPortal {}

/// Where to send the browser.
#[derive(Debug, Serialize, ToSchema)]
pub struct Portal {
    pub url: String,
}

impl Call for OpenBillingPortal {
    const NAME: &'static str = "openBillingPortal";
    const ACCESS: Access = Access::Store(Perms::OWNER);
    const DENIED: &'static str = OWNER_ONLY;
    const SUMMARY: &'static str =
        "Owner: open the payment provider's billing portal (cards, invoices, cancelling).";
    type Output = Portal;

    #[tracing::instrument(name = "openBillingPortal", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<Portal> {
        let stripe = stripe(&ctx.state)?;
        let now: PlanNow = ctx
            .execute(ReadPlan {
                plans: ctx.state.plans.clone(),
            })
            .await?;
        let customer = now.row.customer_id.ok_or_else(|| {
            AppError::bad_request(
                "no_subscription",
                "The store has never subscribed: choose a plan first.",
            )
        })?;
        let session = stripe
            .portal(&customer, &return_url(&ctx.state, None))
            .await?;
        Ok(Portal { url: session.url })
    }
}
