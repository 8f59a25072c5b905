//! The statuses of the spec: a booked session 1 confirmed, 2 dropped, 3 pending, 4 cancelled;
//! a booked client 1 confirmed, 2 pending, 3 cancelled by client, 4 cancelled by manager,
//! 5 rescheduled by manager. On the wire they are the spec's numbers; in the database their
//! names.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

macro_rules! numbered {
    ($(#[$doc:meta])* $name:ident as $schema:literal { $($(#[$vdoc:meta])* $variant:ident = $code:literal, $text:literal;)+ }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $variant,)+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The spec's number.
            pub fn code(self) -> i16 {
                match self { $($name::$variant => $code,)+ }
            }

            pub fn from_code(code: i16) -> Option<$name> {
                match code { $($code => Some($name::$variant),)+ _ => None }
            }

            /// The stored name.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text,)+ }
            }

            pub fn parse(s: &str) -> Option<$name> {
                match s { $($text => Some($name::$variant),)+ _ => None }
            }
        }

        impl Serialize for $name {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_i16(self.code())
            }
        }

        impl<'de> Deserialize<'de> for $name {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let code = i16::deserialize(d)?;
                $name::from_code(code).ok_or_else(|| {
                    serde::de::Error::custom(format!("unknown {} {code}", stringify!($name)))
                })
            }
        }

        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::Integer)
                    .enum_values(Some($name::ALL.iter().map(|s| s.code())))
                    .description(Some(concat!($($code, " ", $text, "; ",)+)))
                    .into()
            }
        }

        /// Named apart from the time clock's session status in the API document.
        impl utoipa::ToSchema for $name {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed($schema)
            }
        }
    };
}

numbered! {
    /// Where a booked session stands.
    SessionStatus as "BookedSessionStatus" {
        /// A client's reservation is confirmed; its employee works it.
        Confirmed = 1, "confirmed";
        /// Its employee can no longer work it (time off, deactivated, dropped the shift): a
        /// manager reassigns it.
        Dropped = 2, "dropped";
        /// Only held reservations so far.
        Pending = 3, "pending";
        /// Called off by a manager, or left without clients.
        Cancelled = 4, "cancelled";
    }
}

numbered! {
    /// Where a client's place in a session stands.
    ClientStatus as "BookedClientStatus" {
        Confirmed = 1, "confirmed";
        /// Held while the client confirms.
        Pending = 2, "pending";
        CancelledByClient = 3, "cancelled_by_client";
        CancelledByManager = 4, "cancelled_by_manager";
        /// Moved by a manager to another session (the new place is its own row).
        RescheduledByManager = 5, "rescheduled_by_manager";
    }
}

impl SessionStatus {
    /// Whether the session still takes clients and holds its employee's time.
    pub fn is_live(self) -> bool {
        !matches!(self, SessionStatus::Cancelled)
    }
}

impl ClientStatus {
    /// Whether the place counts against the session's capacity at `now`: a confirmed one, or
    /// a pending one whose hold has not run out.
    pub fn holds_place(self, hold_until: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
        match self {
            ClientStatus::Confirmed => true,
            ClientStatus::Pending => hold_until.is_some_and(|t| t > now),
            _ => false,
        }
    }
}

/// The state a reservation is shown in (the spec's list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Shown {
    Upcoming,
    Finished,
    CancelledByClient,
    CancelledByManager,
    RescheduledByManager,
    /// Its session was called off (or deleted) by a manager.
    Dismissed,
    /// A hold that ran out before the client confirmed.
    Withdrawn,
}

/// How a client's reservation is shown at `now`.
pub fn shown(
    client: ClientStatus,
    session: SessionStatus,
    hold_until: Option<DateTime<Utc>>,
    end: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Shown {
    match client {
        ClientStatus::CancelledByClient => Shown::CancelledByClient,
        ClientStatus::CancelledByManager => Shown::CancelledByManager,
        ClientStatus::RescheduledByManager => Shown::RescheduledByManager,
        _ if session == SessionStatus::Cancelled => Shown::Dismissed,
        ClientStatus::Pending if !client.holds_place(hold_until, now) => Shown::Withdrawn,
        _ if end <= now => Shown::Finished,
        _ => Shown::Upcoming,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    #[test]
    fn codes_and_names_go_both_ways() {
        for s in SessionStatus::ALL {
            assert_eq!(SessionStatus::from_code(s.code()), Some(*s));
            assert_eq!(SessionStatus::parse(s.as_str()), Some(*s));
        }
        for c in ClientStatus::ALL {
            assert_eq!(ClientStatus::from_code(c.code()), Some(*c));
            assert_eq!(ClientStatus::parse(c.as_str()), Some(*c));
        }
        assert_eq!(SessionStatus::Pending.code(), 3);
        assert_eq!(ClientStatus::RescheduledByManager.code(), 5);
        assert_eq!(
            serde_json::to_string(&ClientStatus::Pending).expect("as set up"),
            "2"
        );
        assert!(serde_json::from_str::<SessionStatus>("5").is_err());
    }

    #[test]
    fn a_hold_counts_until_it_runs_out() {
        let now = DateTime::from_timestamp(1_800_000_000, 0).expect("as set up");
        let later = Some(now + Duration::minutes(5));
        assert!(ClientStatus::Pending.holds_place(later, now));
        assert!(!ClientStatus::Pending.holds_place(later, now + Duration::minutes(5)));
        assert!(!ClientStatus::Pending.holds_place(None, now));
        assert!(ClientStatus::Confirmed.holds_place(None, now));
        assert!(!ClientStatus::CancelledByClient.holds_place(later, now));
    }

    #[test]
    fn the_shown_states() {
        let now = DateTime::from_timestamp(1_800_000_000, 0).expect("as set up");
        let end = now + Duration::hours(1);
        let held = Some(now + Duration::minutes(2));
        use ClientStatus as C;
        use SessionStatus as S;
        assert_eq!(
            shown(C::Confirmed, S::Confirmed, None, end, now),
            Shown::Upcoming
        );
        assert_eq!(
            shown(C::Confirmed, S::Confirmed, None, now, now),
            Shown::Finished
        );
        assert_eq!(
            shown(C::Pending, S::Pending, held, end, now),
            Shown::Upcoming
        );
        assert_eq!(
            shown(C::Pending, S::Pending, None, end, now),
            Shown::Withdrawn
        );
        assert_eq!(
            shown(C::Confirmed, S::Cancelled, None, end, now),
            Shown::Dismissed
        );
        assert_eq!(
            shown(C::CancelledByManager, S::Cancelled, None, end, now),
            Shown::CancelledByManager
        );
        assert_eq!(
            shown(C::CancelledByClient, S::Confirmed, None, end, now),
            Shown::CancelledByClient
        );
        assert_eq!(
            shown(C::RescheduledByManager, S::Confirmed, None, end, now),
            Shown::RescheduledByManager
        );
    }
}
