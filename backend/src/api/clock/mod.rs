//! The time clock's calls: clocking shifts and proposed shifts in and out with breaks, the
//! store's clock device, the managers' answers, edits and approvals, the owner's settings;
//! and its reads: who is on the clock now, sessions, their audit trail and timesheets.
//!
//! - `punches`: clocking in and out of shifts and proposed shifts, breaks, the one-code
//!   operation;
//! - `answers`: the managers' answers to proposed shifts, session edits, period approvals and
//!   the clock's settings;
//! - `device`: the store's clock device, its pass and its code;
//! - `reads`: the board, proposed shifts, sessions, their edits and the timesheet.

pub mod answers;
pub mod device;
pub mod punches;
pub mod reads;

use crate::api::stores::read;
use crate::calls::Registry;
use actix_web::web;

pub use answers::{BREAKS_MAX, REASON_MAX};
pub use device::{IDENTITY_INPUT_MAX, PASS_MAX};
pub use punches::{CODE_INPUT_MAX, TITLE_MAX};

/// The clock's calls.
pub fn register(r: &mut Registry) {
    r.add::<punches::StartShift>()
        .add::<punches::StartBreak>()
        .add::<punches::EndBreak>()
        .add::<punches::CompleteShift>()
        .add::<punches::ClockOperation>()
        .add::<punches::StartProposedShift>()
        .add::<punches::CompleteProposedShift>()
        .add::<punches::StartProposedShiftBreak>()
        .add::<punches::EndProposedShiftBreak>()
        .add::<answers::ApproveProposedShift>()
        .add::<answers::RejectProposedShift>()
        .add::<answers::EditClockSession>()
        .add::<answers::ApproveTimesheet>()
        .add::<answers::UpdateClockSettings>()
        .add::<device::AuthorizeClockDevice>()
        .add::<device::GetClockCode>();
}

/// Mounts the clock's reads (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read(
        "/stores/{storeId}/clock",
        "getClock",
        reads::get_board,
    ))
    .service(read(
        "/stores/{storeId}/clock/sessions",
        "getClockSessions",
        reads::get_sessions,
    ))
    .service(read(
        "/stores/{storeId}/clock/sessions/{sessionId}/edits",
        "getClockEdits",
        reads::get_edits,
    ))
    .service(read(
        "/stores/{storeId}/clock/proposals",
        "getProposedShifts",
        reads::get_proposals,
    ))
    .service(read(
        "/stores/{storeId}/timesheets",
        "getTimesheet",
        reads::get_timesheet,
    ));
}
