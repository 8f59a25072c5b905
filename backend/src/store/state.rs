//! The working set of one store, held by its actor.

use crate::db::models::employee::Employee;
use crate::db::models::shift::Shift;
use crate::db::models::store::Store;
use crate::domain::ids::{ShiftId, StoreId, UserId};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::Write;
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
    pub shifts: HashMap<ShiftId, Shift>,
}

/// How to take one write back when its batch fails to commit.
#[derive(Debug)]
pub enum Undo {
    Restore(Box<Shift>),
    Remove(ShiftId),
    Nothing,
}

impl StoreState {
    /// Loads the store's working set: settings, employees, and shifts from `now - HISTORY` on.
    pub fn load(conn: &mut PgConnection, id: StoreId, now: DateTime<Utc>) -> AppResult<StoreState> {
        let store = Store::find(conn, id)?
            .ok_or_else(|| AppError::not_found("no_active_store", messages::NO_ACTIVE_STORE))?;
        let employees = Employee::of_store(conn, id)?;
        let shifts = Shift::load_from(conn, id, now - HISTORY)?
            .into_iter()
            .map(|s| (s.id, s))
            .collect();
        Ok(StoreState {
            store,
            employees,
            shifts,
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

    /// Applies a write and returns how to take it back.
    pub fn apply(&mut self, write: &Write) -> Undo {
        match write {
            Write::PutShift(shift) => match self.shifts.insert(shift.id, (**shift).clone()) {
                Some(old) => Undo::Restore(Box::new(old)),
                None => Undo::Remove(shift.id),
            },
            Write::DeleteShift(id) => match self.shifts.remove(id) {
                Some(old) => Undo::Restore(Box::new(old)),
                None => Undo::Nothing,
            },
        }
    }

    pub fn undo(&mut self, undo: Undo) {
        match undo {
            Undo::Restore(shift) => {
                self.shifts.insert(shift.id, *shift);
            }
            Undo::Remove(id) => {
                self.shifts.remove(&id);
            }
            Undo::Nothing => {}
        }
    }
}
