//! Shift calls of schedule managers and of assignees, and the shift read. Every write goes to
//! the store's actor as a command (`crate::store::shifts`), whether it came over HTTP or the
//! socket: calls on one shift ([`edits`]), on many at once ([`batches`]), and the read
//! ([`read`]); what they take from their payloads is in [`fields`].

pub mod batches;
pub mod edits;
pub mod fields;
pub mod read;

pub(crate) use self::fields::{caller, tasks, ShiftRefList};

use crate::api::stores::read as member_read;
use crate::calls::Registry;
use actix_web::web;

pub fn register(r: &mut Registry) {
    r.add::<edits::CreateShift>()
        .add::<edits::UpdateShift>()
        .add::<edits::DeleteShift>()
        .add::<batches::PublishShifts>()
        .add::<batches::ClearSchedule>()
        .add::<edits::ConfirmShift>()
        .add::<edits::DeclineShift>()
        .add::<edits::RateShift>()
        .add::<edits::RemindShift>()
        .add::<batches::BatchDeleteShifts>()
        .add::<batches::BatchDropShifts>()
        .add::<batches::BatchOpenShifts>();
}

/// Mounts the shift read (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(member_read(
        "/stores/{storeId}/shifts",
        "getShifts",
        read::get_shifts,
    ));
}
