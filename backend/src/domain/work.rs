//! Which work is paid: the one rule behind the schedule report, the timesheet, the payroll and
//! time-tracking exports and an employee's estimated earnings. Each of them loads the same
//! facts (`api::work`) and asks this module what counts; `domain::timesheet` then turns the
//! counted work of a pay week into minutes and pay. Pure.
//!
//! What counts:
//! - a clock session of a shift, with that shift's role;
//! - a clock session of a proposed shift while the proposal waits for an answer, with the
//!   proposal's role (it was worked; an answer settles it);
//! - an approved proposal once, as the shift the approval made, with the times the manager
//!   approved and the breaks its session took inside them; its session no longer counts;
//! - nothing of a rejected proposal (its session stays in the clock's history, unpaid);
//! - a started shift nobody clocked (a missed shift a manager marked completed) with its
//!   planned times;
//! - never a shift that was not started (the spec: unstarted shifts are excluded from reports).
//!
//! An estimate ([`Outlook::Expected`]) also counts the announced shifts still to come at their
//! planned times, and a running session until its shift's planned end.

use crate::domain::clock::{Break, ProposalStatus, Timeline};
use crate::domain::shift::{Progress, Status};
use crate::domain::timesheet::{Planned, Worked};
use chrono::{DateTime, Utc};
use std::collections::{HashMap, HashSet};
use uuid::Uuid;

/// A shift as pay sees it.
#[derive(Debug, Clone)]
pub struct ShiftFact {
    pub id: Uuid,
    /// The assignee; an open shift is nobody's work.
    pub employee: Option<Uuid>,
    pub role: Option<Uuid>,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub status: Status,
    pub progress: Progress,
    /// The clock session of the approved proposal this shift was made from.
    pub adjacent_session: Option<Uuid>,
}

impl ShiftFact {
    /// Whether the shift was started (in progress, on break or completed). A shift never
    /// started, upcoming or missed, counts nowhere.
    pub fn started(&self) -> bool {
        matches!(
            self.progress,
            Progress::InProgress | Progress::Paused | Progress::Completed
        )
    }
}

/// A clock session as pay sees it.
#[derive(Debug, Clone)]
pub struct SessionFact {
    pub id: Uuid,
    pub employee: Uuid,
    pub shift: Option<Uuid>,
    pub proposal: Option<Uuid>,
    pub timeline: Timeline,
    /// Seconds after the shift's planned start the work began.
    pub late_seconds: i64,
}

/// A proposed shift as pay sees it.
#[derive(Debug, Clone, Copy)]
pub struct ProposalFact {
    pub id: Uuid,
    pub role: Option<Uuid>,
    pub status: ProposalStatus,
}

/// Everything pay reads of a range: its shifts (and those its sessions clock), sessions and
/// the proposals those sessions belong to.
#[derive(Debug, Clone, Default)]
pub struct Facts {
    pub shifts: Vec<ShiftFact>,
    pub sessions: Vec<SessionFact>,
    pub proposals: Vec<ProposalFact>,
}

/// Whether to count what was worked, or also what is planned still.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outlook {
    /// Work done up to now: reports, timesheets, exports.
    Worked,
    /// Work done, plus the announced shifts to come as planned: estimated earnings.
    Expected,
}

/// Where a piece of counted work comes from, for the time-tracking export's rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// A clock session (of a shift, of a pending proposal, or of neither).
    Session(Uuid),
    /// A shift counted at its own times: completed by a manager without clocking, approved
    /// from a proposal (its session named), or expected.
    Shift { shift: Uuid, session: Option<Uuid> },
}

/// The work counted in a range, and the shifts it was planned as.
#[derive(Debug, Clone, Default)]
pub struct Counted {
    /// Started shifts (and, for an estimate, the announced ones to come): scheduled time.
    pub planned: Vec<(Uuid, Planned)>,
    /// The work paid, each piece with its origin.
    pub worked: Vec<(Origin, Worked)>,
    /// Shifts of the range left out because they were never started.
    pub unstarted: usize,
}

/// The breaks of `breaks` inside `[start, end)`, clipped to it.
fn breaks_within(breaks: &[Break], start: DateTime<Utc>, end: DateTime<Utc>) -> Vec<Break> {
    breaks
        .iter()
        .filter_map(|b| {
            let b_end = b.end.unwrap_or(end).min(end);
            let b_start = b.start.max(start);
            (b_start < b_end).then_some(Break {
                start: b_start,
                end: Some(b_end),
            })
        })
        .collect()
}

/// What counts of the facts overlapping `[from, to)`, as of `now`.
pub fn counted(
    facts: &Facts,
    (from, to): (DateTime<Utc>, DateTime<Utc>),
    now: DateTime<Utc>,
    outlook: Outlook,
) -> Counted {
    let overlaps = |start: DateTime<Utc>, end: DateTime<Utc>| start < to && end > from;
    let proposals: HashMap<Uuid, &ProposalFact> =
        facts.proposals.iter().map(|p| (p.id, p)).collect();
    let shifts: HashMap<Uuid, &ShiftFact> = facts.shifts.iter().map(|s| (s.id, s)).collect();
    let sessions: HashMap<Uuid, &SessionFact> = facts.sessions.iter().map(|s| (s.id, s)).collect();
    let expected = outlook == Outlook::Expected;
    let mut out = Counted::default();

    // Sessions: of shifts, of pending proposals, of neither.
    let mut clocked: HashSet<Uuid> = HashSet::new();
    for s in &facts.sessions {
        let role = match (s.shift, s.proposal) {
            (_, Some(id)) => match proposals.get(&id) {
                Some(p) if p.status == ProposalStatus::Pending => p.role,
                // Answered: an approval is paid as its shift, a rejection not at all.
                Some(_) => continue,
                None => None,
            },
            (Some(id), None) => {
                clocked.insert(id);
                shifts.get(&id).and_then(|sh| sh.role)
            }
            (None, None) => None,
        };
        let mut timeline = s.timeline.clone();
        if expected && timeline.end.is_none() {
            // A running shift is expected to go on until its planned end.
            let planned_end = s.shift.and_then(|id| shifts.get(&id)).map(|sh| sh.end);
            timeline.end = Some(planned_end.unwrap_or(now).max(now));
        }
        if !overlaps(
            timeline.start,
            timeline.end.unwrap_or(now).max(timeline.start),
        ) {
            continue;
        }
        out.worked.push((
            Origin::Session(s.id),
            Worked {
                employee: s.employee,
                role,
                timeline,
                late_seconds: s.late_seconds,
            },
        ));
    }

    // Shifts: scheduled time, and the work of those nobody clocked.
    for sh in &facts.shifts {
        let Some(employee) = sh.employee else {
            continue;
        };
        if !overlaps(sh.start, sh.end) {
            continue;
        }
        let upcoming = expected && sh.status.is_announced() && !sh.started() && sh.start >= now;
        if !sh.started() && !upcoming {
            out.unstarted += 1;
            continue;
        }
        out.planned.push((
            sh.id,
            Planned {
                employee,
                role: sh.role,
                start: sh.start,
                end: sh.end,
            },
        ));
        if clocked.contains(&sh.id) {
            continue;
        }
        // An approved proposal's shift keeps the breaks its session took within the
        // approved times.
        let session = sh.adjacent_session.and_then(|id| sessions.get(&id));
        let end = if expected { sh.end } else { sh.end.min(now) };
        if end <= sh.start {
            continue;
        }
        let breaks = session.map_or_else(Vec::new, |s| {
            breaks_within(&s.timeline.breaks, sh.start, end)
        });
        out.worked.push((
            Origin::Shift {
                shift: sh.id,
                session: session.map(|s| s.id),
            },
            Worked {
                employee,
                role: sh.role,
                timeline: Timeline {
                    start: sh.start,
                    breaks,
                    end: Some(end),
                },
                late_seconds: 0,
            },
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    fn t(h: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, 0, 0, 0)
            .single()
            .expect("a date")
            + Duration::hours(h)
    }

    const ANA: Uuid = Uuid::from_u128(1);
    const ROLE: Uuid = Uuid::from_u128(2);

    fn shift(n: u128, start: i64, end: i64, status: Status, progress: Progress) -> ShiftFact {
        ShiftFact {
            id: Uuid::from_u128(100 + n),
            employee: Some(ANA),
            role: Some(ROLE),
            start: t(start),
            end: t(end),
            status,
            progress,
            adjacent_session: None,
        }
    }

    fn session(n: u128, start: i64, end: Option<i64>) -> SessionFact {
        SessionFact {
            id: Uuid::from_u128(200 + n),
            employee: ANA,
            shift: None,
            proposal: None,
            timeline: Timeline {
                start: t(start),
                breaks: Vec::new(),
                end: end.map(t),
            },
            late_seconds: 0,
        }
    }

    fn range() -> (DateTime<Utc>, DateTime<Utc>) {
        (t(0), t(24 * 7))
    }

    #[test]
    fn an_approved_proposal_counts_once_with_the_approved_times() {
        let proposal = Uuid::from_u128(300);
        let mut s = session(1, 9, Some(10));
        s.proposal = Some(proposal);
        s.timeline.end = Some(t(9) + Duration::minutes(90));
        s.timeline.breaks = vec![Break {
            start: t(9) + Duration::minutes(30),
            end: Some(t(9) + Duration::minutes(40)),
        }];
        let mut approved = shift(1, 9, 11, Status::Confirmed, Progress::Completed);
        approved.adjacent_session = Some(s.id);
        let facts = Facts {
            shifts: vec![approved.clone()],
            sessions: vec![s.clone()],
            proposals: vec![ProposalFact {
                id: proposal,
                role: Some(ROLE),
                status: ProposalStatus::Approved,
            }],
        };
        let c = counted(&facts, range(), t(100), Outlook::Worked);
        assert_eq!(c.worked.len(), 1);
        let (origin, w) = &c.worked[0];
        assert_eq!(
            *origin,
            Origin::Shift {
                shift: approved.id,
                session: Some(s.id)
            }
        );
        assert_eq!(w.timeline.start, t(9));
        assert_eq!(w.timeline.end, Some(t(11)));
        assert_eq!(w.timeline.breaks.len(), 1);
        assert_eq!(c.planned.len(), 1);
    }

    #[test]
    fn a_rejected_proposal_counts_nothing_and_a_pending_one_counts_as_clocked() {
        let proposal = Uuid::from_u128(300);
        let mut s = session(1, 9, Some(10));
        s.proposal = Some(proposal);
        let mut facts = Facts {
            shifts: vec![],
            sessions: vec![s],
            proposals: vec![ProposalFact {
                id: proposal,
                role: Some(ROLE),
                status: ProposalStatus::Rejected,
            }],
        };
        assert!(counted(&facts, range(), t(100), Outlook::Worked)
            .worked
            .is_empty());
        facts.proposals[0].status = ProposalStatus::Pending;
        let c = counted(&facts, range(), t(100), Outlook::Worked);
        assert_eq!(c.worked.len(), 1);
        assert_eq!(c.worked[0].1.role, Some(ROLE));
    }

    #[test]
    fn a_completed_missed_shift_counts_its_planned_times_and_unstarted_ones_nothing() {
        let facts = Facts {
            shifts: vec![
                shift(1, 9, 17, Status::Confirmed, Progress::Completed),
                shift(2, 33, 41, Status::Confirmed, Progress::NotStarted),
                shift(3, 57, 65, Status::Draft, Progress::NotStarted),
            ],
            ..Facts::default()
        };
        let c = counted(&facts, range(), t(100), Outlook::Worked);
        assert_eq!(c.worked.len(), 1);
        assert_eq!(c.worked[0].1.timeline.end, Some(t(17)));
        assert_eq!(c.unstarted, 2);
        assert_eq!(c.planned.len(), 1);
    }

    #[test]
    fn a_clocked_shift_counts_its_session_not_its_plan() {
        let sh = shift(1, 9, 17, Status::Confirmed, Progress::Completed);
        let mut s = session(1, 9, Some(12));
        s.shift = Some(sh.id);
        s.late_seconds = 60;
        let facts = Facts {
            shifts: vec![sh],
            sessions: vec![s.clone()],
            proposals: vec![],
        };
        let c = counted(&facts, range(), t(100), Outlook::Worked);
        assert_eq!(c.worked.len(), 1);
        assert_eq!(c.worked[0].0, Origin::Session(s.id));
        assert_eq!(c.worked[0].1.role, Some(ROLE));
        assert_eq!(c.worked[0].1.late_seconds, 60);
    }

    #[test]
    fn an_estimate_adds_the_announced_shifts_to_come_and_running_work_to_its_planned_end() {
        let running = shift(1, 9, 17, Status::Confirmed, Progress::InProgress);
        let mut s = session(1, 9, None);
        s.shift = Some(running.id);
        let facts = Facts {
            shifts: vec![
                running,
                shift(2, 33, 41, Status::Published, Progress::NotStarted),
                shift(3, 57, 65, Status::Draft, Progress::NotStarted),
                shift(4, 81, 89, Status::Declined, Progress::NotStarted),
            ],
            sessions: vec![s],
            proposals: vec![],
        };
        let now = t(12);
        let worked = counted(&facts, range(), now, Outlook::Worked);
        assert_eq!(worked.worked.len(), 1);
        assert_eq!(worked.worked[0].1.timeline.end, None);
        let expected = counted(&facts, range(), now, Outlook::Expected);
        assert_eq!(expected.worked.len(), 2);
        assert_eq!(expected.worked[0].1.timeline.end, Some(t(17)));
        assert_eq!(expected.worked[1].1.timeline.end, Some(t(41)));
        assert_eq!(expected.unstarted, 2);
    }

    #[test]
    fn breaks_are_clipped_to_the_approved_times() {
        let breaks = vec![
            Break {
                start: t(8),
                end: Some(t(9) + Duration::minutes(15)),
            },
            Break {
                start: t(12),
                end: Some(t(13)),
            },
        ];
        let kept = breaks_within(&breaks, t(9), t(11));
        assert_eq!(
            kept,
            vec![Break {
                start: t(9),
                end: Some(t(9) + Duration::minutes(15))
            }]
        );
    }
}
