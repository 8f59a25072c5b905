//! The store actor: it plans commands against its working set and commits them in groups
//! ([`store_actor`]), and answers who belongs to the store from that same working set
//! ([`members`], asked with the messages of [`questions`], or read from the [`door`] it sets
//! out for callers on their own threads).

pub mod door;
mod members;
pub mod questions;
pub mod store_actor;

pub use door::Door;
pub use questions::{Heard, Lookup, Standings};
pub use store_actor::{Pending, Publish, Retire, StoreActor, Submit};
