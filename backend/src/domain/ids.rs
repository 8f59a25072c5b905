//! Typed ids, so a store id can never be passed where a shift id is expected.

use diesel_derive_newtype::DieselNewType;
use serde::{Deserialize, Serialize};
use std::fmt;
use uuid::Uuid;

macro_rules! id_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
            DieselNewType, utoipa::ToSchema,
        )]
        #[serde(transparent)]
        #[schema(value_type = String, format = Uuid)]
        pub struct $name(pub Uuid);

        impl $name {
            /// A fresh, time-ordered id (UUIDv7 keeps index inserts local).
            pub fn new() -> Self {
                $name(Uuid::now_v7())
            }
        }

        impl Default for $name {
            fn default() -> Self {
                Self::new()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::str::FromStr for $name {
            type Err = uuid::Error;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                Uuid::parse_str(s).map($name)
            }
        }
    };
}

id_type!(/// A user account.
    UserId);
id_type!(/// A store (business).
    StoreId);
id_type!(/// An employee record: a person's membership of one store.
    EmployeeId);
id_type!(/// A role of a store.
    RoleId);
id_type!(/// An invitation.
    InviteId);
id_type!(/// A shift.
    ShiftId);
id_type!(/// A shift, weekly or daily template of a store.
    TemplateId);
id_type!(/// A request (time off, availability, drop shift).
    RequestId);
id_type!(/// A notification.
    NotificationId);
id_type!(/// A sign-in session: what a token names, and what signing out ends.
    SessionId);
id_type!(/// A clock session: one stretch of clocked work.
    ClockSessionId);
id_type!(/// A proposed shift: unscheduled work an employee clocked.
    ProposalId);
id_type!(/// A conversation of a store's chat.
    ConversationId);
id_type!(/// A chat message.
    MessageId);
id_type!(/// A poll or open question posted in a conversation.
    SurveyId);
id_type!(/// An uploaded file.
    FileId);
id_type!(/// A support ticket.
    TicketId);
id_type!(/// An entry of a support ticket's thread.
    TicketCommentId);
id_type!(/// A piece of feedback on the product.
    FeedbackId);
id_type!(/// A bookable event of a store.
    EventId);
id_type!(/// A booked session: one time of an event, worked by one employee.
    BookedSessionId);
id_type!(/// A client of a store's bookings (no account).
    ClientId);
id_type!(/// A client's place in a booked session.
    BookedClientId);
id_type!(/// A mail to a booking client.
    BookingMailId);
id_type!(/// A demo request from the public site.
    DemoRequestId);

crate::domain::list::component_list!(ShiftIdList = ShiftId);
crate::domain::list::component_list!(EmployeeIdList = EmployeeId);
crate::domain::list::component_list!(FileIdList = FileId);
crate::domain::list::component_list!(NotificationIdList = NotificationId);
