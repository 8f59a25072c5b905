//! Selling plans: the payment provider's API (Stripe) as the server calls it. What the
//! provider says back arrives by webhook (`api::billing::webhook`) and is applied by the
//! store's actor (`store::billing`); the rules are in `domain::billing`.

pub mod stripe;
