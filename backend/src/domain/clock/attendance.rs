//! Where someone stands against a shift now: upcoming, late, working, on break, done or
//! missing.

use super::timeline::SessionStatus;
use crate::domain::shift::Progress;
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// A shift not started this long after its start shows its assignee as late.
pub const LATE_AFTER: Duration = Duration::minutes(5);

/// Where someone stands against a shift now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Attendance {
    /// Not started, and its start is ahead (or less than [`LATE_AFTER`] past).
    Upcoming,
    /// Not started [`LATE_AFTER`] after its start.
    Late,
    Working,
    OnBreak,
    Done,
    /// Not started, and it has ended.
    Missing,
}

/// The attendance of a shift (`start`, `end`, open-ended) at `now`, from its session's
/// status when it was clocked, else from its progress (a manager may have completed it).
pub fn attendance(
    session: Option<SessionStatus>,
    progress: Progress,
    (start, end, open_ended): (DateTime<Utc>, DateTime<Utc>, bool),
    now: DateTime<Utc>,
) -> Attendance {
    match session {
        Some(SessionStatus::Working) => Attendance::Working,
        Some(SessionStatus::OnBreak) => Attendance::OnBreak,
        Some(SessionStatus::Completed) => Attendance::Done,
        None if progress == Progress::Completed => Attendance::Done,
        None if end <= now && !open_ended => Attendance::Missing,
        None if now - start >= LATE_AFTER => Attendance::Late,
        None => Attendance::Upcoming,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::domain::clock::test_support::t;

    #[test]
    fn a_clocked_shift_stands_as_its_session() {
        let shift = (t(9, 0), t(17, 0), false);
        let at = |s| attendance(Some(s), Progress::InProgress, shift, t(23, 0));
        assert_eq!(at(SessionStatus::Working), Attendance::Working);
        assert_eq!(at(SessionStatus::OnBreak), Attendance::OnBreak);
        assert_eq!(at(SessionStatus::Completed), Attendance::Done);
    }

    #[test]
    fn an_unclocked_shift_is_upcoming_then_late_then_missing() {
        let shift = (t(9, 0), t(17, 0), false);
        let at = |now| attendance(None, Progress::NotStarted, shift, now);
        assert_eq!(at(t(8, 0)), Attendance::Upcoming);
        assert_eq!(at(t(9, 4)), Attendance::Upcoming);
        assert_eq!(at(t(9, 5)), Attendance::Late);
        assert_eq!(at(t(17, 0)), Attendance::Missing);
        // An open-ended shift is never missing, only late.
        let open = (t(9, 0), t(9, 0), true);
        assert_eq!(
            attendance(None, Progress::NotStarted, open, t(23, 0)),
            Attendance::Late
        );
        // A manager completed it.
        assert_eq!(
            attendance(None, Progress::Completed, shift, t(23, 0)),
            Attendance::Done
        );
    }
}
