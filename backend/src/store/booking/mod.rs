//! Client booking as store commands: events (`events`), public reservations (`reserve`),
//! the managers' changes to sessions and places (`manage`), who works a session and its
//! shift (`staff`), the mails to clients (`mails`), and flagging sessions whose employee can
//! no longer work them (`follow`). Public calls find the store from the event's address and
//! come to the same actor, so the last place of a session is decided by one planner, and two
//! server processes race through the store row's lock like any commit.

mod events;
mod follow;
mod mails;
mod manage;
mod pages;
mod reserve;
mod shared;
mod staff;
pub mod state;
mod views;

pub use events::{url_taken, DeleteEvent, EventSaved, Events, ListEvents, SaveEvent, StoreZone};
pub use follow::follow;
pub use mails::Links;
pub use manage::{
    CancelPlace, CancelSession, Canceller, DeleteSession, PlaceRef, ReassignSession, RemovePlace,
    ReschedulePlace, Rescheduled, SessionChanged,
};
pub use pages::{
    FindSlots, PublicEvent, PublicEventView, PublicStore, ShowEvent, ShowReservation, Slot,
    SlotEmployee, SlotsOfDay,
};
pub use reserve::{ConfirmPlace, Reserve, Reserved};
pub use state::{BookingState, BookingUndo, BookingWrite, KEPT};
pub use views::ClientReservation as Reservation;
pub use views::{EventView, PlaceView, RepeatView, SessionView};
