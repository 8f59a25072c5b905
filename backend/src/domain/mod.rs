//! Pure rules of the product: no I/O, no database, no clock reads. Everything here is unit
//! tested and takes the current time as an argument where it needs one.

pub mod account;
pub mod announcement;
pub mod audience;
pub mod autoassign;
pub mod availability;
pub mod billing;
pub mod booking;
pub mod business;
pub mod calendar;
pub mod chat;
pub mod clock;
pub mod demo;
pub mod device_throttle;
pub mod ids;
pub mod import;
pub mod invite;
pub mod login_throttle;
pub mod membership;
pub mod notification;
pub mod permissions;
pub mod pool;
pub mod push;
pub mod report;
pub mod request;
pub mod schedule;
pub mod schema;
pub mod shift;
pub mod support;
pub mod survey;
pub mod template;
pub mod template_import;
pub mod time_off;
pub mod timesheet;
pub mod upload;
pub mod work;
