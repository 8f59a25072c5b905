//! What every export of a store reads once: its people, roles, zone and range, and how
//! figures are written.

use crate::db::models::employee::Employee;
use crate::db::models::role::Role;
use crate::domain::ids::{EmployeeId, RoleId, StoreId, UserId};
use crate::error::{AppError, AppResult};
use crate::sheets::Cell;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;

/// What every export of a store reads once.
pub(super) struct Source {
    pub(super) store: StoreId,
    /// The store's owner, whose row the employees export marks.
    pub(super) owner: UserId,
    pub(super) zone: Tz,
    pub(super) employees: Vec<Employee>,
    pub(super) roles: Vec<Role>,
    pub(super) range: Option<(DateTime<Utc>, DateTime<Utc>)>,
}

impl Source {
    /// An employee's shown name and e-mail; empty for nobody.
    pub(super) fn name_of(&self, id: Option<EmployeeId>) -> (String, String) {
        id.and_then(|id| self.employees.iter().find(|e| e.id == id))
            .map_or_else(Default::default, |e| {
                (e.shown_name().to_string(), e.email.clone())
            })
    }

    pub(super) fn role_title(&self, id: Option<RoleId>) -> String {
        id.and_then(|id| self.roles.iter().find(|r| r.id == id))
            .map_or_else(String::new, |r| r.title.clone())
    }

    /// An instant as the store's wall-clock time.
    pub(super) fn local(&self, at: DateTime<Utc>) -> String {
        at.with_timezone(&self.zone)
            .format("%Y-%m-%d %H:%M")
            .to_string()
    }

    pub(super) fn range(&self) -> AppResult<(DateTime<Utc>, DateTime<Utc>)> {
        self.range
            .ok_or_else(|| AppError::invalid("start and end are required for this export."))
    }
}

/// Minutes as hours, to two decimals.
pub(super) fn hours(minutes: i64) -> Cell {
    Cell::Number((minutes as f64 / 60.0 * 100.0).round() / 100.0)
}
