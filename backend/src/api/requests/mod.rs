//! Availability and time off: every change runs through the store's actor as a command
//! ([`availability`], [`time_off`]); reads are resource paths ([`reads`]).

pub mod availability;
pub mod limits;
pub mod reads;
pub mod time_off;

use crate::api::stores::read;
use crate::calls::Registry;
use actix_web::web;

pub fn register(r: &mut Registry) {
    r.add::<availability::CreateAvailableTime>()
        .add::<availability::UpdateAvailableTime>()
        .add::<availability::DeleteAvailableTime>()
        .add::<availability::AddEmployeeAvailableTime>()
        .add::<availability::UpdateEmployeeAvailableTime>()
        .add::<availability::DeleteEmployeeAvailableTime>()
        .add::<time_off::RequestTimeOff>()
        .add::<time_off::CreateRequest>()
        .add::<time_off::UpdateTimeOff>()
        .add::<time_off::DeleteTimeOff>()
        .add::<time_off::CancelTimeOff>()
        .add::<time_off::RejectTimeOff>()
        .add::<time_off::CheckApproveTimeoff>()
        .add::<time_off::ApproveTimeOff>();
}

/// Mounts the read paths (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read(
        "/stores/{storeId}/availability",
        "getAvailability",
        reads::get_availability,
    ))
    .service(read(
        "/stores/{storeId}/timeoff",
        "getTimeOff",
        reads::get_time_off,
    ));
}
