//! Timed and background work. Every job derives what to do from the database, so it
//! survives restarts, and never acts twice with two server processes: the senders take their
//! rows off a queue (`FOR UPDATE SKIP LOCKED`), and the schedule's clock acts through the
//! store's actor, whose plan sees what is already done.

pub mod deliver;
pub mod push;
pub mod schedule;

use crate::startup::AppState;

/// Starts sending what store commands just wrote: notification e-mails and Web Push. Called
/// after every command; the interval loops started with the server catch anything missed.
pub fn kick_delivery(state: &AppState) {
    deliver::kick(state.db.clone(), state.mailer.clone());
    push::kick(state.db.clone(), state.pusher.clone());
}
