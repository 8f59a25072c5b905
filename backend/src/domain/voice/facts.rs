//! What the assistant answers from: a store's working set as its caller may see it.
//!
//! The store's actor fills [`Facts`] whole; [`Facts::seen_by`] then keeps what the caller
//! may see, the same rule as the screens: an employee sees the announced shifts (never a
//! draft), the open shifts offered to them, the pool, and only their own requests; nobody's
//! wage is ever in the facts (an employee's own estimate is added by the call).

use crate::domain::clock::SessionStatus;
use crate::domain::ids::{EmployeeId, RequestId, RoleId, ShiftId};
use crate::domain::shift::{Progress, Status};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;

/// The caller.
#[derive(Debug, Clone, PartialEq)]
pub struct Me {
    pub employee: EmployeeId,
    /// May read and edit the whole schedule (schedule permission or owner).
    pub schedule: bool,
    /// May answer time off (employee permission or owner).
    pub staff: bool,
}

/// A current employee of the store.
#[derive(Debug, Clone, PartialEq)]
pub struct Person {
    pub id: EmployeeId,
    /// The name the store shows (display name, else full name).
    pub name: String,
    pub roles: Vec<RoleId>,
}

/// A role of the store.
#[derive(Debug, Clone, PartialEq)]
pub struct RoleFact {
    pub id: RoleId,
    pub title: String,
}

/// A shift, with its clock session's status when it was clocked.
#[derive(Debug, Clone, PartialEq)]
pub struct ShiftFact {
    pub id: ShiftId,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub open_ended: bool,
    pub assigned: Option<EmployeeId>,
    pub role: Option<RoleId>,
    pub status: Status,
    pub progress: Progress,
    pub session: Option<SessionStatus>,
    /// The shift's version, named by an edit so a changed shift is not overwritten.
    pub version: i64,
}

/// A time-off request still waiting for an answer.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeOffFact {
    pub id: RequestId,
    pub employee: EmployeeId,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

/// A shift dropped into the pool, waiting to be grabbed or for a manager's approval.
#[derive(Debug, Clone, PartialEq)]
pub struct DropFact {
    pub id: RequestId,
    pub shift: ShiftId,
    pub employee: EmployeeId,
    pub grabbed_by: Option<EmployeeId>,
}

/// The caller's own hours and estimated pay of the current week.
#[derive(Debug, Clone, PartialEq)]
pub struct Week {
    pub worked_minutes: i64,
    pub expected_minutes: i64,
    pub expected_pay: f64,
    /// ISO 4217.
    pub currency: String,
}

/// What the assistant knows when it answers.
#[derive(Debug, Clone, PartialEq)]
pub struct Facts {
    pub now: DateTime<Utc>,
    pub zone: Tz,
    pub me: Me,
    pub people: Vec<Person>,
    pub roles: Vec<RoleFact>,
    /// Shifts that end after the start of yesterday.
    pub shifts: Vec<ShiftFact>,
    pub time_off: Vec<TimeOffFact>,
    pub drops: Vec<DropFact>,
    /// Filled by the call when the question is about the caller's week.
    pub week: Option<Week>,
}

impl Facts {
    /// The facts as their caller may see them.
    pub fn seen_by(mut self) -> Facts {
        if self.me.schedule {
            if !self.me.staff {
                let me = self.me.employee;
                self.time_off.retain(|t| t.employee == me);
            }
            return self;
        }
        let me = self.me.employee;
        self.shifts.retain(|s| match s.assigned {
            Some(_) => s.status.is_announced(),
            // An open shift is offered once it is published; an open draft is the managers'.
            None => s.status == Status::Published,
        });
        if !self.me.staff {
            self.time_off.retain(|t| t.employee == me);
        }
        self
    }

    pub fn person(&self, id: EmployeeId) -> Option<&Person> {
        self.people.iter().find(|p| p.id == id)
    }

    /// The name of an employee, or "someone" for a record that is gone.
    pub fn name_of(&self, id: EmployeeId) -> &str {
        self.person(id).map_or("someone", |p| p.name.as_str())
    }

    pub fn role_title(&self, id: Option<RoleId>) -> Option<&str> {
        let id = id?;
        self.roles
            .iter()
            .find(|r| r.id == id)
            .map(|r| r.title.as_str())
    }

    pub fn shift(&self, id: ShiftId) -> Option<&ShiftFact> {
        self.shifts.iter().find(|s| s.id == id)
    }
}

#[cfg(test)]
pub(crate) mod sample {
    //! A small café for the tests: Ana and Ben (baristas), Chloe (cashier), David (cook).
    use super::*;
    use chrono::TimeZone;

    pub fn emp(n: u128) -> EmployeeId {
        EmployeeId(uuid::Uuid::from_u128(n))
    }

    pub fn role(n: u128) -> RoleId {
        RoleId(uuid::Uuid::from_u128(n))
    }

    pub fn sid(n: u128) -> ShiftId {
        ShiftId(uuid::Uuid::from_u128(n))
    }

    pub fn rid(n: u128) -> RequestId {
        RequestId(uuid::Uuid::from_u128(n))
    }

    /// Friday 2026-12-04, 10:00 in Berlin.
    pub fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 4, 9, 0, 0).unwrap()
    }

    pub fn at(day: u32, hour: u32) -> DateTime<Utc> {
        chrono_tz::Europe::Berlin
            .with_ymd_and_hms(2026, 12, day, hour, 0, 0)
            .unwrap()
            .with_timezone(&Utc)
    }

    pub const ANA: u128 = 1;
    pub const BEN: u128 = 2;
    pub const CHLOE: u128 = 3;
    pub const DAVID: u128 = 4;
    pub const BARISTA: u128 = 10;
    pub const CASHIER: u128 = 11;
    pub const COOK: u128 = 12;

    #[allow(clippy::too_many_arguments)]
    pub fn shift(
        n: u128,
        who: Option<u128>,
        role_id: u128,
        day: u32,
        from: u32,
        to: u32,
        status: Status,
    ) -> ShiftFact {
        ShiftFact {
            id: sid(100 + n),
            start: at(day, from),
            end: at(day, to),
            open_ended: false,
            assigned: who.map(emp),
            role: Some(self::role(role_id)),
            status,
            progress: Progress::NotStarted,
            session: None,
            version: 1,
        }
    }

    /// The café as `me` sees it before [`Facts::seen_by`].
    pub fn cafe(me: u128, schedule: bool, staff: bool) -> Facts {
        let person = |n: u128, name: &str, r: u128| Person {
            id: emp(n),
            name: name.into(),
            roles: vec![role(r)],
        };
        let mut working = shift(1, Some(ANA), BARISTA, 4, 8, 16, Status::Confirmed);
        working.progress = Progress::InProgress;
        working.session = Some(SessionStatus::Working);
        Facts {
            now: now(),
            zone: chrono_tz::Europe::Berlin,
            me: Me {
                employee: emp(me),
                schedule,
                staff,
            },
            people: vec![
                person(ANA, "Ana Lopez", BARISTA),
                person(BEN, "Ben", BARISTA),
                person(CHLOE, "Chloé", CASHIER),
                person(DAVID, "David", COOK),
            ],
            roles: vec![
                RoleFact {
                    id: role(BARISTA),
                    title: "Barista".into(),
                },
                RoleFact {
                    id: role(CASHIER),
                    title: "Cashier".into(),
                },
                RoleFact {
                    id: role(COOK),
                    title: "Cook".into(),
                },
            ],
            shifts: vec![
                working,
                // Chloe is late: her shift began at 9:00, an hour ago.
                shift(2, Some(CHLOE), CASHIER, 4, 9, 17, Status::Published),
                shift(3, Some(BEN), BARISTA, 5, 9, 17, Status::Published),
                shift(4, Some(DAVID), COOK, 5, 12, 20, Status::Draft),
                shift(5, None, BARISTA, 5, 7, 12, Status::Published),
                shift(6, None, CASHIER, 5, 14, 20, Status::Draft),
                shift(7, Some(BEN), BARISTA, 7, 18, 23, Status::Confirmed),
                shift(8, Some(ANA), BARISTA, 8, 9, 15, Status::Dropped),
            ],
            time_off: vec![
                TimeOffFact {
                    id: rid(200),
                    employee: emp(BEN),
                    start: at(10, 0),
                    end: at(11, 0),
                },
                TimeOffFact {
                    id: rid(201),
                    employee: emp(ANA),
                    start: at(14, 0),
                    end: at(15, 0),
                },
            ],
            drops: vec![DropFact {
                id: rid(300),
                shift: sid(108),
                employee: emp(ANA),
                grabbed_by: None,
            }],
            week: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sample::*;
    use super::*;

    #[test]
    fn an_employee_sees_no_drafts_and_only_their_own_time_off() {
        let seen = cafe(BEN, false, false).seen_by();
        assert!(seen.shifts.iter().all(|s| s.status != Status::Draft));
        assert!(seen.shifts.iter().any(|s| s.assigned.is_none()));
        assert!(seen.time_off.iter().all(|t| t.employee == emp(BEN)));
        assert_eq!(seen.time_off.len(), 1);
    }

    #[test]
    fn a_schedule_manager_sees_drafts_and_staff_managers_see_time_off() {
        let all = cafe(DAVID, true, true);
        assert_eq!(all.clone().seen_by(), all);
        let schedule_only = cafe(DAVID, true, false).seen_by();
        assert_eq!(schedule_only.shifts.len(), all.shifts.len());
        assert!(schedule_only.time_off.is_empty());
    }
}
