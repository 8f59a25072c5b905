//! Why a clock operation is refused: the code clients render it from, whether it is a
//! conflict, and its sentence.

use chrono::{DateTime, Utc};
use std::fmt;

/// Why a clock operation is refused.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// Only a published or confirmed shift can be started.
    NotAnnounced,
    /// Too early: the shift can be started from this instant (shown in the store's zone).
    TooEarly(DateTime<Utc>),
    /// The shift is over.
    Over,
    /// The role's switch forbids starting from a phone.
    RoleCannotStart(String),
    /// The role's switch forbids the store's clock device.
    RoleCannotClockIn(String),
    /// An open session of another piece of work.
    AlreadyOnClock(String),
    /// The shift had its session already.
    AlreadyStarted,
    /// No open session of this work.
    NotOnClock,
    OnBreak,
    NotOnBreak,
    NeedsCode,
    NeedsLocation,
    BadCode,
    CodeUsed,
    /// Outside the radius: distance and radius in metres.
    Outside {
        distance: u32,
        radius: u32,
    },
    /// The store wants a location but has no place set.
    NoPlace,
    /// A late punch beyond the store's bound, in hours.
    PunchTooOld(u32),
    /// A punch stamped after it was sent.
    PunchFromFuture,
    /// A punch earlier than the last one of the session.
    PunchOutOfOrder,
    /// `clockOperation` found no shift to start or complete.
    NothingToClock,
}

impl Refusal {
    /// The error code clients render the refusal from.
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::NotAnnounced => "clock_not_announced",
            Refusal::TooEarly(_) => "clock_too_early",
            Refusal::Over => "clock_shift_over",
            Refusal::RoleCannotStart(_) => "clock_role_cannot_start",
            Refusal::RoleCannotClockIn(_) => "clock_role_cannot_clock_in",
            Refusal::AlreadyOnClock(_) => "clock_already_on",
            Refusal::AlreadyStarted => "clock_already_started",
            Refusal::NotOnClock => "clock_not_on",
            Refusal::OnBreak => "clock_on_break",
            Refusal::NotOnBreak => "clock_not_on_break",
            Refusal::NeedsCode => "clock_needs_code",
            Refusal::NeedsLocation => "clock_needs_location",
            Refusal::BadCode => "clock_bad_code",
            Refusal::CodeUsed => "clock_code_used",
            Refusal::Outside { .. } => "clock_outside",
            Refusal::NoPlace => "clock_no_place",
            Refusal::PunchTooOld(_) => "clock_punch_too_old",
            Refusal::PunchFromFuture => "clock_punch_future",
            Refusal::PunchOutOfOrder => "clock_punch_out_of_order",
            Refusal::NothingToClock => "clock_nothing",
        }
    }

    /// Whether the refusal is a conflict with the current state (409) rather than bad input.
    pub fn is_conflict(&self) -> bool {
        matches!(
            self,
            Refusal::AlreadyOnClock(_)
                | Refusal::AlreadyStarted
                | Refusal::CodeUsed
                | Refusal::OnBreak
                | Refusal::NotOnBreak
        )
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotAnnounced => {
                f.write_str("Only a published or confirmed shift can be started.")
            }
            Refusal::TooEarly(_) => f.write_str("This shift can't be started yet."),
            Refusal::Over => f.write_str("This shift is over; ask a manager to record your time."),
            Refusal::RoleCannotStart(role) => {
                write!(
                    f,
                    "Shifts of the role {role} can't be started from a phone."
                )
            }
            Refusal::RoleCannotClockIn(role) => {
                write!(
                    f,
                    "Shifts of the role {role} can't be clocked at the store's clock."
                )
            }
            Refusal::AlreadyOnClock(title) => {
                write!(
                    f,
                    "You are already on the clock for {title}; complete it first."
                )
            }
            Refusal::AlreadyStarted => f.write_str("This shift was already started."),
            Refusal::NotOnClock => f.write_str("You aren't on the clock for this shift."),
            Refusal::OnBreak => f.write_str("You are already on a break."),
            Refusal::NotOnBreak => f.write_str("You aren't on a break."),
            Refusal::NeedsCode => {
                f.write_str("Clocking at this store needs the code shown on the store's clock.")
            }
            Refusal::NeedsLocation => f.write_str("Clocking at this store needs your location."),
            Refusal::BadCode => f.write_str("This code is wrong or has expired."),
            Refusal::CodeUsed => f.write_str("This code was already used; wait for the next one."),
            Refusal::Outside { distance, radius } => write!(
                f,
                "You are {distance} m from the store; clocking needs you within {radius} m."
            ),
            Refusal::NoPlace => {
                f.write_str("The store's place is not set, so your location can't be checked.")
            }
            Refusal::PunchTooOld(hours) => write!(
                f,
                "This punch is more than {hours} hours old and can't be applied; ask a manager."
            ),
            Refusal::PunchFromFuture => f.write_str("This punch is dated after it was sent."),
            Refusal::PunchOutOfOrder => {
                f.write_str("This punch is earlier than your previous one.")
            }
            Refusal::NothingToClock => f.write_str("You have no shift to start or complete now."),
        }
    }
}
