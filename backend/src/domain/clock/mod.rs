//! The time clock's rules: the store's settings, when a shift may be started, what proof a
//! punch needs (the store's rotating code, the phone's location), late punches from a phone
//! that was offline, and the life of a clock session (on the clock, on break, completed).
//!
//! - `settings`: the store's clock settings and their bounds;
//! - `proof`: the phone's location against the store's place, and the proof a punch needs;
//! - `codes`: the store clock's rotating codes;
//! - `punch`: a punch's timing, what took it and what it does;
//! - `timeline`: a session's start, breaks and end, its status, and a proposal's status;
//! - `attendance`: where someone stands against a shift now;
//! - `refusal`: why an operation is refused.

mod attendance;
mod codes;
mod proof;
mod punch;
mod refusal;
mod settings;
#[cfg(test)]
mod test_support;
mod timeline;

pub use attendance::{attendance, Attendance, LATE_AFTER};
pub use codes::{
    code_for, code_window, normalise_code, window_end, window_of, CODE_LEN, CODE_WINDOW_SECS,
};
pub use proof::{check_proof, distance_m, judge, Judged, Location, Proven, ACCURACY_MAX};
pub use punch::{
    early_seconds, late_seconds, may_start, punch_time, PunchOp, PunchSource, PunchStamp,
    DRIFT_FLAG, OPEN_ENDED_START,
};
pub use refusal::Refusal;
pub use settings::{
    ClockSettings, Outside, Place, Proof, DEFAULT_MIN_REST_MINUTES, EARLY_MAX, LATE_PUNCH_HOURS,
    MIN_REST_MAX, OVERTIME_MINUTES, OVERTIME_RATE, RADIUS,
};
pub use timeline::{Break, BreakEdge, ProposalStatus, SessionStatus, Timeline};
