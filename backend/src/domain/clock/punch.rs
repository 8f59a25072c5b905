//! A punch's timing: when a late punch happened by the server's clock, when a shift may be
//! started, how late work began and how early it ended; and what took the punch.

use super::refusal::Refusal;
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A phone whose clock differs from the server's by more than this is flagged.
pub const DRIFT_FLAG: Duration = Duration::minutes(2);

/// How long an open-ended shift (no planned end) can be started after its start.
pub const OPEN_ENDED_START: Duration = Duration::hours(12);

/// A punch as the phone recorded it: when it was made and when it was sent, both by the
/// phone's clock (milliseconds), and its id.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PunchStamp {
    pub made_at: DateTime<Utc>,
    pub sent_at: DateTime<Utc>,
}

/// When a punch happened by the server's clock, and how far the phone's clock was off (when
/// more than [`DRIFT_FLAG`]). The phone's offset is measured at sending (the server's time
/// then, against the phone's) and taken off the moment it recorded.
pub fn punch_time(
    stamp: Option<PunchStamp>,
    now: DateTime<Utc>,
    bound: Duration,
) -> Result<(DateTime<Utc>, Option<Duration>), Refusal> {
    let Some(p) = stamp else {
        return Ok((now, None));
    };
    if p.made_at > p.sent_at {
        return Err(Refusal::PunchFromFuture);
    }
    let offset = now - p.sent_at;
    let at = p.made_at + offset;
    if now - at > bound {
        return Err(Refusal::PunchTooOld(bound.num_hours() as u32));
    }
    let drift = (offset.abs() > DRIFT_FLAG).then_some(offset);
    Ok((at.min(now), drift))
}

/// When the assignee may start a shift: from `early` before its start to its end (an
/// open-ended shift: [`OPEN_ENDED_START`] after its start).
pub fn may_start(
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    open_ended: bool,
    early: Duration,
    at: DateTime<Utc>,
) -> Result<(), Refusal> {
    let opens = start - early;
    let closes = if open_ended {
        start + OPEN_ENDED_START
    } else {
        end
    };
    if at < opens {
        Err(Refusal::TooEarly(opens))
    } else if at >= closes {
        Err(Refusal::Over)
    } else {
        Ok(())
    }
}

/// Seconds after the planned start the work began (0 when on time or early).
pub fn late_seconds(planned: DateTime<Utc>, at: DateTime<Utc>) -> i32 {
    seconds(at - planned)
}

/// Seconds before the planned end the work ended (0 when on time or later).
pub fn early_seconds(planned_end: DateTime<Utc>, at: DateTime<Utc>) -> i32 {
    seconds(planned_end - at)
}

fn seconds(d: Duration) -> i32 {
    i32::try_from(d.num_seconds().max(0)).unwrap_or(i32::MAX)
}

/// What took a punch: the employee's phone, the store's clock device, or a manager's edit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PunchSource {
    Phone,
    Device,
    Manager,
}

impl PunchSource {
    pub const ALL: [PunchSource; 3] = [
        PunchSource::Phone,
        PunchSource::Device,
        PunchSource::Manager,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PunchSource::Phone => "phone",
            PunchSource::Device => "device",
            PunchSource::Manager => "manager",
        }
    }

    pub fn parse(s: &str) -> Option<PunchSource> {
        PunchSource::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

/// What a punch does, as recorded with its place, its id and the code it used. Stored and
/// sent as `start`, `breakStart`, `breakEnd` and `complete`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PunchOp {
    /// Clocking in.
    Start,
    BreakStart,
    BreakEnd,
    /// Clocking out.
    Complete,
}

impl PunchOp {
    pub const ALL: [PunchOp; 4] = [
        PunchOp::Start,
        PunchOp::BreakStart,
        PunchOp::BreakEnd,
        PunchOp::Complete,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            PunchOp::Start => "start",
            PunchOp::BreakStart => "breakStart",
            PunchOp::BreakEnd => "breakEnd",
            PunchOp::Complete => "complete",
        }
    }

    pub fn parse(s: &str) -> Option<PunchOp> {
        PunchOp::ALL.into_iter().find(|x| x.as_str() == s)
    }

    /// Whether the punch proves presence as the store's settings ask (a code, a place):
    /// clocking in and out do; a break's edges need no proof.
    pub fn needs_proof(self) -> bool {
        matches!(self, PunchOp::Start | PunchOp::Complete)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::domain::clock::test_support::t;

    #[test]
    fn punch_times_take_off_the_phones_offset() {
        let bound = Duration::hours(72);
        let now = t(12, 0);
        assert_eq!(punch_time(None, now, bound), Ok((now, None)));
        // The phone is 5 minutes fast; it punched 2 hours ago by its clock.
        let stamp = PunchStamp {
            made_at: t(10, 5),
            sent_at: t(12, 5),
        };
        assert_eq!(
            punch_time(Some(stamp), now, bound),
            Ok((t(10, 0), Some(Duration::minutes(-5))))
        );
        // A minute off is not flagged.
        let stamp = PunchStamp {
            made_at: t(11, 1),
            sent_at: t(12, 1),
        };
        assert_eq!(punch_time(Some(stamp), now, bound), Ok((t(11, 0), None)));
        let future = PunchStamp {
            made_at: t(12, 1),
            sent_at: t(12, 0),
        };
        assert_eq!(
            punch_time(Some(future), now, bound),
            Err(Refusal::PunchFromFuture)
        );
        let old = PunchStamp {
            made_at: now - Duration::hours(73),
            sent_at: now,
        };
        assert_eq!(
            punch_time(Some(old), now, bound),
            Err(Refusal::PunchTooOld(72))
        );
    }

    #[test]
    fn start_window() {
        let early = Duration::minutes(30);
        let (s, e) = (t(9, 0), t(17, 0));
        assert_eq!(
            may_start(s, e, false, early, t(8, 29)),
            Err(Refusal::TooEarly(t(8, 30)))
        );
        assert_eq!(may_start(s, e, false, early, t(8, 30)), Ok(()));
        assert_eq!(may_start(s, e, false, early, t(16, 59)), Ok(()));
        assert_eq!(may_start(s, e, false, early, t(17, 0)), Err(Refusal::Over));
        // Open-ended: 12 hours after the start.
        assert_eq!(may_start(s, s, true, early, t(20, 59)), Ok(()));
        assert_eq!(may_start(s, s, true, early, t(21, 0)), Err(Refusal::Over));
    }

    #[test]
    fn punch_ops_read_back_as_they_are_written() {
        for op in PunchOp::ALL {
            assert_eq!(PunchOp::parse(op.as_str()), Some(op));
            assert_eq!(
                serde_json::to_value(op).expect("an enum"),
                serde_json::json!(op.as_str())
            );
        }
        assert_eq!(PunchOp::parse("pause"), None);
    }

    #[test]
    fn lateness_and_early_leave() {
        assert_eq!(late_seconds(t(9, 0), t(9, 7)), 420);
        assert_eq!(late_seconds(t(9, 0), t(8, 50)), 0);
        assert_eq!(early_seconds(t(17, 0), t(16, 30)), 1800);
        assert_eq!(early_seconds(t(17, 0), t(17, 30)), 0);
    }
}
