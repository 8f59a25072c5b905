//! A clock session's life: its timeline of start, breaks and end, and the status it gives
//! (on the clock, on break, completed); and where the proposed shift it may clock stands.

use super::refusal::Refusal;
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A break of a session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Break {
    /// Epoch ms.
    #[serde(with = "chrono::serde::ts_milliseconds")]
    #[schema(value_type = i64)]
    pub start: DateTime<Utc>,
    /// Epoch ms; `null` while the break runs.
    #[serde(with = "chrono::serde::ts_milliseconds_option")]
    #[schema(value_type = Option<i64>, required = true)]
    pub end: Option<DateTime<Utc>>,
}

/// The state of a clock session.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum SessionStatus {
    /// On the clock (`ip`).
    #[serde(rename = "ip")]
    Working,
    /// On break (`p`).
    #[serde(rename = "p")]
    OnBreak,
    /// Completed (`c`).
    #[serde(rename = "c")]
    Completed,
}

impl SessionStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            SessionStatus::Working => "ip",
            SessionStatus::OnBreak => "p",
            SessionStatus::Completed => "c",
        }
    }

    pub fn parse(s: &str) -> Option<SessionStatus> {
        [
            SessionStatus::Working,
            SessionStatus::OnBreak,
            SessionStatus::Completed,
        ]
        .into_iter()
        .find(|x| x.as_str() == s)
    }
}

/// Where a proposed shift stands: waiting for a manager's answer, approved (a completed
/// shift was made of it) or rejected. Stored and sent as the spec's `p`, `a` and `r`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum ProposalStatus {
    /// Pending review (`p`).
    #[serde(rename = "p")]
    Pending,
    /// Approved (`a`).
    #[serde(rename = "a")]
    Approved,
    /// Rejected (`r`).
    #[serde(rename = "r")]
    Rejected,
}

impl ProposalStatus {
    pub const ALL: [ProposalStatus; 3] = [
        ProposalStatus::Pending,
        ProposalStatus::Approved,
        ProposalStatus::Rejected,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ProposalStatus::Pending => "p",
            ProposalStatus::Approved => "a",
            ProposalStatus::Rejected => "r",
        }
    }

    pub fn parse(s: &str) -> Option<ProposalStatus> {
        ProposalStatus::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

/// The edge of a break a punch marks: its start or its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BreakEdge {
    Start,
    End,
}

/// The timeline of a session: its start, breaks and end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Timeline {
    pub start: DateTime<Utc>,
    pub breaks: Vec<Break>,
    pub end: Option<DateTime<Utc>>,
}

impl Timeline {
    pub fn status(&self) -> SessionStatus {
        if self.end.is_some() {
            SessionStatus::Completed
        } else if self.breaks.last().is_some_and(|b| b.end.is_none()) {
            SessionStatus::OnBreak
        } else {
            SessionStatus::Working
        }
    }

    /// The latest instant of the timeline: punches after it must not be earlier.
    pub fn last(&self) -> DateTime<Utc> {
        let mut last = self.start;
        for b in &self.breaks {
            last = last.max(b.end.unwrap_or(b.start)).max(b.start);
        }
        self.end.map_or(last, |e| last.max(e))
    }

    fn in_order(&self, at: DateTime<Utc>) -> Result<(), Refusal> {
        if at < self.last() {
            Err(Refusal::PunchOutOfOrder)
        } else {
            Ok(())
        }
    }

    /// Starts or ends a break.
    pub fn mark_break(&mut self, edge: BreakEdge, at: DateTime<Utc>) -> Result<(), Refusal> {
        match edge {
            BreakEdge::Start => self.start_break(at),
            BreakEdge::End => self.end_break(at),
        }
    }

    pub fn start_break(&mut self, at: DateTime<Utc>) -> Result<(), Refusal> {
        match self.status() {
            SessionStatus::Completed => return Err(Refusal::NotOnClock),
            SessionStatus::OnBreak => return Err(Refusal::OnBreak),
            SessionStatus::Working => {}
        }
        self.in_order(at)?;
        self.breaks.push(Break {
            start: at,
            end: None,
        });
        Ok(())
    }

    pub fn end_break(&mut self, at: DateTime<Utc>) -> Result<(), Refusal> {
        match self.status() {
            SessionStatus::Completed => return Err(Refusal::NotOnClock),
            SessionStatus::Working => return Err(Refusal::NotOnBreak),
            SessionStatus::OnBreak => {}
        }
        self.in_order(at)?;
        if let Some(b) = self.breaks.last_mut() {
            b.end = Some(at);
        }
        Ok(())
    }

    /// Completes the session; a running break ends with it.
    pub fn complete(&mut self, at: DateTime<Utc>) -> Result<(), Refusal> {
        if self.status() == SessionStatus::Completed {
            return Err(Refusal::NotOnClock);
        }
        self.in_order(at)?;
        if let Some(b) = self.breaks.last_mut().filter(|b| b.end.is_none()) {
            b.end = Some(at);
        }
        self.end = Some(at);
        Ok(())
    }

    /// Whether a timeline edited by a manager holds together: breaks in order, inside the
    /// session, never overlapping; only the last may run, and only while the session does.
    pub fn check(&self) -> Result<(), &'static str> {
        let mut previous = self.start;
        for (i, b) in self.breaks.iter().enumerate() {
            if b.start < previous {
                return Err("Breaks must not overlap and must fall within the session.");
            }
            match b.end {
                Some(end) if end < b.start => return Err("A break must end after it starts."),
                Some(end) => previous = end,
                None if i + 1 != self.breaks.len() || self.end.is_some() => {
                    return Err("Only a running session can have a running break.")
                }
                None => previous = b.start,
            }
        }
        match self.end {
            Some(end) if end < previous => {
                Err("The session must end after its start and its breaks.")
            }
            _ => Ok(()),
        }
    }

    /// Time on break up to `until` (a running break counts until then).
    pub fn break_time(&self, until: DateTime<Utc>) -> Duration {
        self.breaks
            .iter()
            .map(|b| {
                let end = b.end.unwrap_or(until).min(self.end.unwrap_or(until));
                (end - b.start).max(Duration::zero())
            })
            .fold(Duration::zero(), |a, b| a + b)
    }

    /// Time worked up to `until`: the span less its breaks.
    pub fn worked(&self, until: DateTime<Utc>) -> Duration {
        let end = self.end.unwrap_or(until);
        ((end - self.start) - self.break_time(until)).max(Duration::zero())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::domain::clock::test_support::t;

    #[test]
    fn session_machine() {
        let mut tl = Timeline {
            start: t(9, 0),
            breaks: Vec::new(),
            end: None,
        };
        assert_eq!(tl.status(), SessionStatus::Working);
        assert_eq!(tl.end_break(t(10, 0)), Err(Refusal::NotOnBreak));
        tl.start_break(t(12, 0)).expect("as set up");
        assert_eq!(tl.status(), SessionStatus::OnBreak);
        assert_eq!(tl.start_break(t(12, 1)), Err(Refusal::OnBreak));
        assert_eq!(tl.end_break(t(11, 0)), Err(Refusal::PunchOutOfOrder));
        tl.end_break(t(12, 30)).expect("as set up");
        tl.start_break(t(15, 0)).expect("as set up");
        // Completing on break ends the break.
        tl.complete(t(15, 10)).expect("as set up");
        assert_eq!(tl.status(), SessionStatus::Completed);
        assert_eq!(tl.breaks[1].end, Some(t(15, 10)));
        assert_eq!(tl.complete(t(16, 0)), Err(Refusal::NotOnClock));
        assert_eq!(tl.start_break(t(16, 0)), Err(Refusal::NotOnClock));
        assert_eq!(tl.break_time(t(23, 0)), Duration::minutes(40));
        assert_eq!(tl.worked(t(23, 0)), Duration::minutes(6 * 60 + 10 - 40));
        assert!(tl.check().is_ok());
    }

    #[test]
    fn running_sessions_count_until_now() {
        let tl = Timeline {
            start: t(9, 0),
            breaks: vec![Break {
                start: t(10, 0),
                end: None,
            }],
            end: None,
        };
        assert_eq!(tl.worked(t(10, 30)), Duration::hours(1));
        assert_eq!(tl.break_time(t(10, 30)), Duration::minutes(30));
    }

    #[test]
    fn edited_timelines_are_checked() {
        let b = |s: (u32, u32), e: Option<(u32, u32)>| Break {
            start: t(s.0, s.1),
            end: e.map(|e| t(e.0, e.1)),
        };
        let tl = |breaks, end: Option<DateTime<Utc>>| Timeline {
            start: t(9, 0),
            breaks,
            end,
        };
        assert!(tl(vec![b((10, 0), Some((10, 15)))], Some(t(17, 0)))
            .check()
            .is_ok());
        assert!(tl(vec![b((8, 0), Some((8, 15)))], Some(t(17, 0)))
            .check()
            .is_err());
        assert!(tl(
            vec![b((10, 0), Some((11, 0))), b((10, 30), Some((12, 0)))],
            Some(t(17, 0))
        )
        .check()
        .is_err());
        assert!(tl(vec![b((10, 0), Some((9, 30)))], None).check().is_err());
        assert!(tl(vec![b((10, 0), None)], Some(t(17, 0))).check().is_err());
        assert!(tl(vec![b((10, 0), None)], None).check().is_ok());
        assert!(tl(vec![b((10, 0), Some((18, 0)))], Some(t(17, 0)))
            .check()
            .is_err());
        assert!(tl(vec![], Some(t(8, 0))).check().is_err());
    }
}
