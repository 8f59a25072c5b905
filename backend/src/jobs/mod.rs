//! Timed and background work. Every job derives what to do from the database, so it
//! survives restarts, and claims its rows with `FOR UPDATE SKIP LOCKED`, so two server
//! processes never act twice on one row.

pub mod deliver;
pub mod schedule;
