//! The working set of one store, held by its actor.

use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::employee::Employee;
use crate::db::models::request::Request;
use crate::db::models::role::Role;
use crate::db::models::shift::Shift;
use crate::db::models::store::Store;
use crate::domain::ids::{EmployeeId, RequestId, RoleId, ShiftId, StoreId, UserId};
use crate::error::{AppError, AppResult};
use crate::messages;
use chrono::{DateTime, Duration, Utc};
use diesel::PgConnection;
use std::collections::HashMap;

/// How far back finished shifts stay in memory (later ones are loaded on demand).
pub const HISTORY: Duration = Duration::days(62);

/// What the actor knows about its store.
#[derive(Debug, Clone)]
pub struct StoreState {
    pub store: Store,
    pub employees: Vec<Employee>,
    pub roles: Vec<Role>,
    pub shifts: HashMap<ShiftId, Shift>,
    /// Every availability window of the store's employees.
    pub availability: HashMap<RequestId, AvailabilityWindow>,
    /// Unresolved requests, drop requests, and time off from `now - HISTORY` on.
    pub requests: HashMap<RequestId, Request>,
}

impl StoreState {
    /// Loads the store's working set: settings, employees, and shifts from `now - HISTORY` on.
    pub fn load(conn: &mut PgConnection, id: StoreId, now: DateTime<Utc>) -> AppResult<StoreState> {
        let store = Store::find(conn, id)?
            .ok_or_else(|| AppError::not_found("no_active_store", messages::NO_ACTIVE_STORE))?;
        let employees = Employee::of_store(conn, id)?;
        let roles = Role::of_store(conn, id)?;
        let shifts = Shift::load_from(conn, id, now - HISTORY)?
            .into_iter()
            .map(|s| (s.id, s))
            .collect();
        let availability = AvailabilityWindow::of_store(conn, id)?
            .into_iter()
            .map(|a| (a.id, a))
            .collect();
        let requests = Request::working_set(conn, id, now - HISTORY)?
            .into_iter()
            .map(|r| (r.id, r))
            .collect();
        Ok(StoreState {
            store,
            employees,
            roles,
            shifts,
            availability,
            requests,
        })
    }

    pub fn version(&self) -> i64 {
        self.store.version
    }

    /// The active employee record of a user.
    pub fn employee_of(&self, user: UserId) -> Option<&Employee> {
        self.employees
            .iter()
            .find(|e| e.user_id == Some(user) && e.terminated_at.is_none())
    }

    /// The store's IANA zone (UTC if the stored name is unknown).
    pub fn zone(&self) -> chrono_tz::Tz {
        self.store
            .timezone_reference
            .parse()
            .unwrap_or(chrono_tz::UTC)
    }

    /// "MM/dd HH:mm" of a shift's start in the store's zone (for notification texts).
    pub fn shift_when(&self, s: &Shift) -> String {
        let zone = self.zone();
        format!(
            "{} {}",
            crate::domain::calendar::mm_dd(zone, s.start_at),
            crate::domain::calendar::hh_mm(zone, s.start_at)
        )
    }

    /// A current (not terminated) employee record.
    pub fn employee(&self, id: EmployeeId) -> Option<&Employee> {
        self.employees.iter().find(|e| e.id == id)
    }

    /// An assignee as named by a client: an employee record id, or the id of the user behind
    /// one (the spec's `assigned` is a user).
    pub fn resolve_employee(&self, id: EmployeeId) -> EmployeeId {
        if self.employee(id).is_some() {
            return id;
        }
        self.employees
            .iter()
            .find(|e| e.user_id.map(|u| u.0) == Some(id.0))
            .map_or(id, |e| e.id)
    }

    pub fn role(&self, id: RoleId) -> Option<&Role> {
        self.roles.iter().find(|r| r.id == id)
    }

    /// The user behind an employee record, once the invitation is accepted.
    pub fn user_of(&self, employee: Option<EmployeeId>) -> Option<UserId> {
        employee
            .and_then(|id| self.employee(id))
            .and_then(|e| e.user_id)
    }

    /// The shifts of an employee that still occupy their time.
    pub fn occupying_shifts_of(&self, employee: EmployeeId) -> impl Iterator<Item = &Shift> {
        self.shifts
            .values()
            .filter(move |s| s.assigned == Some(employee) && s.status.occupies_assignee())
    }

    /// The availability windows of one employee.
    pub fn availability_of(
        &self,
        employee: EmployeeId,
    ) -> impl Iterator<Item = &AvailabilityWindow> {
        self.availability
            .values()
            .filter(move |a| a.employee_id == employee)
    }
}
