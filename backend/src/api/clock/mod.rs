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

use crate::calls::Registry;
use actix_web::web;

pub use answers::{BREAKS_MAX, REASON_MAX};
pub use device::{IDENTITY_INPUT_MAX, PASS_MAX};
pub use punches::{CODE_INPUT_MAX, TITLE_MAX};

/// The clock's calls.
pub fn register(r: &mut Registry) {
    r.add::<punches::StartShiftCall>()
        .add::<punches::StartBreak>()
        .add::<punches::EndBreak>()
        .add::<punches::CompleteShiftCall>()
        .add::<punches::ClockOperationCall>()
        .add::<punches::StartProposedShift>()
        .add::<punches::CompleteProposedShift>()
        .add::<punches::StartProposedShiftBreak>()
        .add::<punches::EndProposedShiftBreak>()
        .add::<answers::ApproveProposedShift>()
        .add::<answers::RejectProposedShift>()
        .add::<answers::EditClockSession>()
        .add::<answers::ApproveTimesheet>()
        .add::<answers::UpdateClockSettingsCall>()
        .add::<device::AuthorizeClockDevice>()
        .add::<device::GetClockCode>();
}

/// Mounts the clock's reads (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/stores/{storeId}/clock", web::get().to(reads::get_board))
        .route(
            "/stores/{storeId}/clock/sessions",
            web::get().to(reads::get_sessions),
        )
        .route(
            "/stores/{storeId}/clock/sessions/{sessionId}/edits",
            web::get().to(reads::get_edits),
        )
        .route(
            "/stores/{storeId}/clock/proposals",
            web::get().to(reads::get_proposals),
        )
        .route(
            "/stores/{storeId}/timesheets",
            web::get().to(reads::get_timesheet),
        );
}
