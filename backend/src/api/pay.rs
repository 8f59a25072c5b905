//! The one loader of pay: a store's calendar and pay rules, its people and roles, and the
//! facts of a range that `domain::work` counts. The schedule report, the timesheet, the
//! payroll and time-tracking exports and the employee's estimated earnings all read through
//! it, so they count the same work the same way.

use crate::calls::state::AppState;
use crate::db::models::clock::{ClockSession, Proposal};
use crate::db::models::employee::Employee;
use crate::db::models::role::Role;
use crate::db::models::shift::Shift;
use crate::db::models::store::Store;
use crate::domain::clock::{ClockSettings, PunchSource, SessionStatus};
use crate::domain::ids::{EmployeeId, ProposalId, ShiftId, StoreId};
use crate::domain::report::{self, Calendar, Report};
use crate::domain::timesheet::{self, PayRules, Worker};
use crate::domain::work::{self, Facts, Origin, Outlook, ProposalFact, SessionFact, ShiftFact};
use crate::error::{AppError, AppResult};
use crate::messages;
use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use std::collections::{HashMap, HashSet};

/// A range of instants, `[from, to)`.
pub type Range = (DateTime<Utc>, DateTime<Utc>);

/// What pay reads of a store for a range.
#[derive(Debug, Clone)]
pub struct Ledger {
    /// The range read.
    pub range: Range,
    pub calendar: Calendar,
    /// ISO 4217 code of the money figures.
    pub currency: String,
    /// Every employee record, former ones included (their work in the range is paid).
    pub employees: Vec<Employee>,
    pub roles: Vec<Role>,
    pub facts: Facts,
    /// The rows the facts were read from: shifts name their titles, sessions their source.
    pub shifts: Vec<Shift>,
    pub sessions: Vec<ClockSession>,
}

/// One piece of paid work, as the time-tracking export lists it: a clock session, or a
/// shift counted at its own times (a missed shift a manager completed, an approved proposal).
#[derive(Debug, Clone)]
pub struct Tracked {
    pub employee: EmployeeId,
    /// The shift's title, when the work was a shift's.
    pub shift: Option<String>,
    pub start: DateTime<Utc>,
    /// `None` while the session runs.
    pub end: Option<DateTime<Utc>>,
    pub break_minutes: i64,
    pub worked_minutes: i64,
    pub late_minutes: i64,
    pub source: PunchSource,
    pub status: SessionStatus,
}

impl Ledger {
    pub fn zone(&self) -> Tz {
        self.calendar.zone
    }

    /// The employees as pay sees them, those `shown` lets through, in the records' order.
    pub fn workers(&self, shown: impl Fn(&Employee) -> bool) -> Vec<(&Employee, Worker)> {
        self.employees
            .iter()
            .filter(|e| shown(e))
            .map(|e| {
                (
                    e,
                    Worker {
                        id: e.id.0,
                        wage_type: e.wage_type,
                        wages: e.wage_map(),
                    },
                )
            })
            .collect()
    }

    /// Every piece of work paid in the range, as of `now`, in order of start: what the
    /// timesheets add up, minute for minute.
    pub fn tracked(&self, now: DateTime<Utc>) -> Vec<Tracked> {
        let until = now.min(self.range.1);
        // Looked up once per piece: a year's export has tens of thousands of each.
        let titles: HashMap<uuid::Uuid, &str> = self
            .shifts
            .iter()
            .map(|s| (s.id.0, s.title.as_str()))
            .collect();
        let title = |id: uuid::Uuid| titles.get(&id).map(|t| t.to_string());
        let rows: HashMap<uuid::Uuid, &ClockSession> =
            self.sessions.iter().map(|s| (s.id.0, s)).collect();
        let session = |id: uuid::Uuid| rows.get(&id).copied();
        let counted = work::counted(&self.facts, self.range, now, Outlook::Worked);
        let mut out: Vec<Tracked> = counted
            .worked
            .iter()
            .map(|(origin, w)| {
                let (worked, breaks) = timesheet::minutes_of(&w.timeline, self.range, until);
                let (shift, source, status) = match *origin {
                    Origin::Session(id) => {
                        let row = session(id);
                        (
                            row.and_then(|s| s.shift_id).and_then(|s| title(s.0)),
                            row.map_or(PunchSource::Phone, |s| s.source),
                            w.timeline.status(),
                        )
                    }
                    // Counted at times a manager gave.
                    Origin::Shift { shift, .. } => {
                        (title(shift), PunchSource::Manager, SessionStatus::Completed)
                    }
                };
                Tracked {
                    employee: EmployeeId(w.employee),
                    shift,
                    start: w.timeline.start,
                    end: w.timeline.end,
                    break_minutes: breaks,
                    worked_minutes: worked,
                    late_minutes: w.late_seconds.max(0) / 60,
                    source,
                    status,
                }
            })
            .collect();
        out.sort_by_key(|t| (t.start, t.employee));
        out
    }

    /// The report of the range read, for these workers, as of `now`.
    pub fn report(&self, workers: &[Worker], now: DateTime<Utc>, outlook: Outlook) -> Report {
        report::report(
            workers,
            &self.facts,
            &self.calendar,
            self.range,
            now,
            outlook,
        )
    }
}

/// Reads a store's pay facts for the range `range` picks from the store's zone and first
/// weekday (a pay period needs them before it is known).
pub async fn load<F>(state: &AppState, store: StoreId, range: F) -> AppResult<Ledger>
where
    F: FnOnce(Tz, u8) -> Range + Send + 'static,
{
    state
        .db
        .run(move |conn| {
            let row = Store::find(conn, store)?
                .ok_or_else(|| AppError::not_found("no_active_store", messages::NO_ACTIVE_STORE))?;
            let (zone, week_start) = (row.zone(), row.week_start());
            let (from, to) = range(zone, week_start);
            let settings = ClockSettings::read(&row.clock);
            let employees = Employee::all_of_store(conn, store)?;
            let roles = Role::of_store(conn, store)?;
            let sessions = ClockSession::in_range(conn, store, from, to)?;
            // A session may run into the range from a shift that started before it.
            let mut shifts = Shift::in_range(conn, store, from - Duration::days(1), to)?;
            let known: HashSet<ShiftId> = shifts.iter().map(|s| s.id).collect();
            let missing: Vec<ShiftId> = sessions
                .iter()
                .filter_map(|s| s.shift_id)
                .filter(|id| !known.contains(id))
                .collect();
            if !missing.is_empty() {
                shifts.extend(Shift::by_ids(conn, store, &missing)?);
            }
            let wanted: Vec<ProposalId> = sessions.iter().filter_map(|s| s.proposal_id).collect();
            let proposals = Proposal::by_ids(conn, store, &wanted)?;
            // An approved proposal's shift names its session, which may lie outside the
            // range; its breaks are read from it.
            let read: HashSet<_> = sessions.iter().map(|s| s.id.0).collect();
            let adjacent: Vec<uuid::Uuid> = shifts
                .iter()
                .filter_map(|s| s.adjacent_session_id)
                .filter(|id| !read.contains(id))
                .collect();
            let mut sessions = sessions;
            if !adjacent.is_empty() {
                sessions.extend(ClockSession::by_ids(conn, store, &adjacent)?);
            }
            Ok(Ledger {
                range: (from, to),
                calendar: Calendar {
                    zone,
                    week_start,
                    rules: PayRules {
                        overtime_after: Duration::minutes(i64::from(
                            settings.overtime_weekly_minutes,
                        )),
                        overtime_rate: settings.overtime_rate,
                    },
                },
                currency: settings.currency,
                employees,
                roles,
                facts: facts(&shifts, &sessions, &proposals),
                shifts,
                sessions,
            })
        })
        .await
}

/// The rows as pay's facts.
fn facts(shifts: &[Shift], sessions: &[ClockSession], proposals: &[Proposal]) -> Facts {
    Facts {
        shifts: shifts
            .iter()
            .map(|s| ShiftFact {
                id: s.id.0,
                employee: s.assigned.map(|e| e.0),
                role: s.role_id.map(|r| r.0),
                start: s.start_at,
                end: s.end_at,
                status: s.status,
                progress: s.progress,
                adjacent_session: s.adjacent_session_id,
            })
            .collect(),
        sessions: sessions
            .iter()
            .map(|s| SessionFact {
                id: s.id.0,
                employee: s.employee_id.0,
                shift: s.shift_id.map(|id| id.0),
                proposal: s.proposal_id.map(|id| id.0),
                timeline: s.timeline(),
                late_seconds: i64::from(s.late_seconds),
            })
            .collect(),
        proposals: proposals
            .iter()
            .map(|p| ProposalFact {
                id: p.id.0,
                role: p.role_id.map(|r| r.0),
                status: p.status,
            })
            .collect(),
    }
}
