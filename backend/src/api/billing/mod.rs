//! Plans and payments: the catalogue (`products`), the owner's checkout and billing portal
//! (`payments`), the plan and invoices as the store sees them (`reads`), and the payment
//! provider's webhooks (`webhook`), which alone change a store's plan.

pub mod payments;
pub mod products;
pub mod reads;
mod shared;
pub mod webhook;

use crate::calls::Registry;
use actix_web::web;

pub fn register(r: &mut Registry) {
    payments::register(r);
}

/// Mounts the reads and the webhook (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    products::routes(cfg);
    reads::routes(cfg);
    webhook::routes(cfg);
}
