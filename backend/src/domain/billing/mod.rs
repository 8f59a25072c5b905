//! Plans and payments: what a store's plan allows, and reading what the payment provider
//! says of its subscription.
//!
//! - `catalogue`: the plans, their limits and prices (the server's, never the client's);
//! - `limits`: a plan's limits applied to a store, and what is read-only past them;
//! - `subscription`: the provider's subscription states and which plan each leaves in force;
//! - `signature`: the provider's webhook signature scheme.

pub mod catalogue;
pub mod limits;
pub mod signature;
pub mod subscription;
