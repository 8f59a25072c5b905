//! Client booking: a store's bookable events, the sessions clients reserve in them and who
//! works each session. A booked session is staff work, so it is planned against the same
//! calendar as the shifts (`staffing`), and lands on the schedule as a shift.
//!
//! - `event`: what an event may be (the spec's durations, capacity, rooms, windows, its URL);
//! - `repeat`: the days it runs, expanded in the store's zone with `rrule`;
//! - `slots`: a day's sessions and their free places, holds and reservation windows;
//! - `staffing`: who may work a session and who gets it when the client does not choose;
//! - `refusal`: why an event's definition was refused;
//! - `status`: the statuses of sessions and booked clients, and the states shown to users;
//! - `invitation`: the client's calendar invitation (iCalendar);
//! - `link`: the signed links of a client's mail;
//! - `mail`: the mails to a client: confirmation, changes, cancellation, reminders.

pub mod event;
pub mod invitation;
pub mod link;
pub mod mail;
pub mod refusal;
pub mod repeat;
pub mod slots;
pub mod staffing;
pub mod status;
