//! Checking a planned shift against its assignee's calendar, in the spec's order: times,
//! conflicts, availability, accepted time off (create); role, availability, time off,
//! conflicts (update). Each failure carries the spec's error type (0-4) and message.

use crate::domain::availability::{self, Window};
use crate::domain::calendar;
use crate::domain::shift::MAX_SHIFT;
use crate::domain::time_off;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use std::fmt;

/// A span of time, `[start, end)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
}

impl Span {
    /// Two spans conflict when each starts before the other ends (touching ends do not).
    pub fn overlaps(&self, other: &Span) -> bool {
        self.start < other.end && other.start < self.end
    }
}

/// The spans among `others` that conflict with `span`.
pub fn conflicts<'a>(span: &Span, others: impl IntoIterator<Item = &'a Span>) -> Vec<Span> {
    others
        .into_iter()
        .filter(|o| span.overlaps(o))
        .copied()
        .collect()
}

/// Why a shift cannot be planned as asked. `ty()` is the spec's error type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShiftError {
    /// Type 0: outside the assignee's availability.
    NotAvailable { name: String },
    /// Type 1: overlaps accepted time off; `dates` is the spec's formatted list.
    TimeOff { name: String, dates: String },
    /// Type 2: overlaps other shifts of the assignee.
    Conflict {
        name: String,
        count: usize,
        from: String,
        to: String,
    },
    /// Type 2, as the update call words it.
    UpdateConflict { name: String },
    /// Type 3: the assignee does not hold the shift's role.
    RoleMismatch { name: String },
    /// Type 4: the request makes no sense (bad times, unknown assignee, wrong state...).
    Invalid(String),
}

impl ShiftError {
    /// The spec's shift error type: 0 not available, 1 time off, 2 conflict, 3 roles, 4 invalid.
    pub fn ty(&self) -> u8 {
        match self {
            ShiftError::NotAvailable { .. } => 0,
            ShiftError::TimeOff { .. } => 1,
            ShiftError::Conflict { .. } | ShiftError::UpdateConflict { .. } => 2,
            ShiftError::RoleMismatch { .. } => 3,
            ShiftError::Invalid(_) => 4,
        }
    }

    /// What the message says, as parameters a client renders in its reader's language (the
    /// English message stays for other clients).
    pub fn params(&self) -> serde_json::Value {
        match self {
            ShiftError::NotAvailable { name }
            | ShiftError::UpdateConflict { name }
            | ShiftError::RoleMismatch { name } => serde_json::json!({ "name": name }),
            ShiftError::TimeOff { name, dates } => {
                serde_json::json!({ "name": name, "dates": dates })
            }
            ShiftError::Conflict {
                name,
                count,
                from,
                to,
            } => serde_json::json!({ "name": name, "count": count, "from": from, "to": to }),
            ShiftError::Invalid(_) => serde_json::json!({}),
        }
    }

    /// The stable code, named as the spec names the update errors.
    pub fn code(&self) -> &'static str {
        match self {
            ShiftError::NotAvailable { .. } => "unavailable",
            ShiftError::TimeOff { .. } => "time_off_conflict",
            ShiftError::Conflict { .. } | ShiftError::UpdateConflict { .. } => "shift_conflict",
            ShiftError::RoleMismatch { .. } => "mismatched_roles",
            ShiftError::Invalid(_) => "invalid_operation",
        }
    }
}

impl fmt::Display for ShiftError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShiftError::NotAvailable { name } => {
                write!(f, "{name} is not available at the time of this shift")
            }
            ShiftError::TimeOff { name, dates } => {
                write!(f, "{name} has time off in the following dates: {dates}")
            }
            ShiftError::Conflict {
                name,
                count,
                from,
                to,
            } => {
                let verb = if *count == 1 { "is" } else { "are" };
                write!(
                    f,
                    "{name} has {count} other shift(s) from {from} to {to} that {verb} conflicting with the current shift."
                )
            }
            ShiftError::UpdateConflict { name } => write!(
                f,
                "{name} has other shift(s) that have conflicts with this shifts"
            ),
            ShiftError::RoleMismatch { name } => {
                write!(f, "{name} doesn't have the matching role for this shift.")
            }
            ShiftError::Invalid(text) => f.write_str(text),
        }
    }
}

/// The name used in messages for an assignee without one.
pub const UNKNOWN_EMPLOYEE: &str = "Employee";

/// What the pipeline knows of the assignee.
pub struct Assignee<'a> {
    /// Shown name ("Employee" when unknown).
    pub name: &'a str,
    /// Whether the assignee holds the shift's role.
    pub has_role: bool,
    /// The assignee's other shifts that still occupy them.
    pub other_shifts: &'a [Span],
    /// The assignee's availability windows; none set means available at any time.
    pub availability: &'a [Window],
    /// The assignee's accepted time off.
    pub time_off: &'a [time_off::Span],
}

/// Turns requested times into a shift span: an end before the start is an overnight shift
/// ending the next day; an open-ended shift has no end and is given none here.
pub fn shift_span(
    zone: Tz,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    open_ended: bool,
) -> Result<Span, ShiftError> {
    if open_ended {
        return Ok(Span { start, end: start });
    }
    let end = calendar::overnight_end(zone, start, end)
        .ok_or_else(|| ShiftError::Invalid(START_BEFORE_END.to_string()))?;
    if end - start > MAX_SHIFT {
        return Err(ShiftError::Invalid(
            "A shift cannot be longer than 24 hours.".into(),
        ));
    }
    Ok(Span { start, end })
}

/// The spec's text for a range whose start is not before its end.
pub const START_BEFORE_END: &str = "Start date has to be before end date";

/// The time an open-ended shift is taken to occupy: until the end of its local day.
pub fn occupied(zone: Tz, span: Span, open_ended: bool) -> Span {
    if open_ended || span.end <= span.start {
        Span {
            start: span.start,
            end: calendar::day_of(zone, span.start).1,
        }
    } else {
        span
    }
}

/// Create order: conflicts, availability, accepted time off (times were checked when the span
/// was built), then the role.
pub fn check_create(zone: Tz, span: &Span, who: &Assignee<'_>) -> Result<(), ShiftError> {
    let clashing = conflicts(span, who.other_shifts);
    if let (Some(first), Some(last)) = (
        clashing.iter().map(|s| s.start).min(),
        clashing.iter().map(|s| s.end).max(),
    ) {
        return Err(ShiftError::Conflict {
            name: who.name.to_string(),
            count: clashing.len(),
            from: calendar::hh_mm(zone, first),
            to: calendar::hh_mm(zone, last),
        });
    }
    check_calendar(zone, span, who)?;
    if !who.has_role {
        return Err(ShiftError::RoleMismatch {
            name: who.name.to_string(),
        });
    }
    Ok(())
}

/// Update order, on an assignee or time change: role, availability, time off, conflicts.
pub fn check_update(zone: Tz, span: &Span, who: &Assignee<'_>) -> Result<(), ShiftError> {
    if !who.has_role {
        return Err(ShiftError::RoleMismatch {
            name: who.name.to_string(),
        });
    }
    check_calendar(zone, span, who)?;
    if !conflicts(span, who.other_shifts).is_empty() {
        return Err(ShiftError::UpdateConflict {
            name: who.name.to_string(),
        });
    }
    Ok(())
}

fn check_calendar(zone: Tz, span: &Span, who: &Assignee<'_>) -> Result<(), ShiftError> {
    if !who.availability.is_empty()
        && !availability::fits(who.availability, span.start, span.end, zone)
    {
        return Err(ShiftError::NotAvailable {
            name: who.name.to_string(),
        });
    }
    let off: Vec<String> = who
        .time_off
        .iter()
        .filter(|t| t.overlaps(span.start, span.end))
        .map(|t| t.describe(zone))
        .collect();
    if !off.is_empty() {
        return Err(ShiftError::TimeOff {
            name: who.name.to_string(),
            dates: off.join(", "),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};
    use chrono_tz::{Europe::Berlin, UTC};
    use proptest::prelude::*;

    fn at(h: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 5, 4, 0, 0, 0)
            .single()
            .expect("valid")
            + Duration::hours(h)
    }

    fn span(a: i64, b: i64) -> Span {
        Span {
            start: at(a),
            end: at(b),
        }
    }

    fn who<'a>(others: &'a [Span]) -> Assignee<'a> {
        Assignee {
            name: "Ana",
            has_role: true,
            other_shifts: others,
            availability: &[],
            time_off: &[],
        }
    }

    #[test]
    fn touching_shifts_do_not_conflict() {
        assert!(!span(8, 12).overlaps(&span(12, 16)));
        assert!(span(8, 12).overlaps(&span(11, 16)));
        assert!(span(8, 16).overlaps(&span(10, 11)));
    }

    #[test]
    fn conflict_message_counts_and_spans_the_conflicting_shifts() {
        let others = [span(9, 12), span(13, 17), span(20, 22)];
        let err = check_create(UTC, &span(10, 14), &who(&others)).expect_err("conflict");
        assert_eq!(err.ty(), 2);
        assert_eq!(
            err.params(),
            serde_json::json!({ "name": "Ana", "count": 2, "from": "09:00", "to": "17:00" })
        );
        assert_eq!(
            ShiftError::TimeOff {
                name: "Ana".into(),
                dates: "Mon 1".into()
            }
            .params(),
            serde_json::json!({ "name": "Ana", "dates": "Mon 1" })
        );
        assert_eq!(
            ShiftError::Invalid("x".into()).params(),
            serde_json::json!({})
        );
        assert_eq!(
            err.to_string(),
            "Ana has 2 other shift(s) from 09:00 to 17:00 that are conflicting with the current shift."
        );
        let err = check_create(Berlin, &span(8, 10), &who(&others)).expect_err("conflict");
        assert_eq!(
            err.to_string(),
            "Ana has 1 other shift(s) from 11:00 to 14:00 that is conflicting with the current shift."
        );
    }

    /// Mornings only, every day: 06:00 to 12:00.
    fn mornings() -> Vec<Window> {
        use crate::domain::business::TimeOfDay;
        let t = |h: &str| TimeOfDay::parse(h).expect("time");
        vec![Window::new(&[0, 1, 2, 3, 4, 5, 6], t("06:00"), t("12:00"), false).expect("window")]
    }

    fn time_off_day() -> time_off::Span {
        time_off::Span {
            start: at(0),
            end: at(24) - Duration::milliseconds(1),
            entire_day: true,
        }
    }

    #[test]
    fn create_checks_conflicts_before_availability_and_time_off() {
        let others = [span(9, 12)];
        let windows = mornings();
        let off = [time_off_day()];
        let mut a = who(&others);
        a.availability = &windows;
        a.time_off = &off;
        assert_eq!(
            check_create(UTC, &span(10, 11), &a).map_err(|e| e.ty()),
            Err(2)
        );
        assert_eq!(
            check_create(UTC, &span(13, 14), &a).map_err(|e| e.ty()),
            Err(0)
        );
        let err = check_create(UTC, &span(7, 8), &a).expect_err("time off");
        assert_eq!(err.ty(), 1);
        assert_eq!(
            err.to_string(),
            "Ana has time off in the following dates: 05/04 to 05/04"
        );
        // The next day is free and inside the window.
        assert!(check_create(UTC, &span(31, 32), &a).is_ok());
    }

    #[test]
    fn not_available_message_names_the_employee() {
        let windows = mornings();
        let mut a = who(&[]);
        a.availability = &windows;
        let err = check_create(UTC, &span(13, 14), &a).expect_err("unavailable");
        assert_eq!(
            err.to_string(),
            "Ana is not available at the time of this shift"
        );
        assert_eq!(err.code(), "unavailable");
        // No windows set: available at any time.
        assert!(check_create(UTC, &span(13, 14), &who(&[])).is_ok());
    }

    #[test]
    fn update_checks_the_role_first_and_words_conflicts_its_own_way() {
        let others = [span(9, 12)];
        let mut a = who(&others);
        a.has_role = false;
        assert_eq!(
            check_update(UTC, &span(10, 11), &a).map_err(|e| e.ty()),
            Err(3)
        );
        a.has_role = true;
        let err = check_update(UTC, &span(10, 11), &a).expect_err("conflict");
        assert_eq!(
            err.to_string(),
            "Ana has other shift(s) that have conflicts with this shifts"
        );
        assert_eq!(err.code(), "shift_conflict");
    }

    #[test]
    fn spans_handle_overnight_open_ended_and_bad_times() {
        let s = shift_span(UTC, at(22), at(6), false).expect("overnight");
        assert_eq!(s.end, at(30));
        assert_eq!(
            shift_span(UTC, at(8), at(8), false).map_err(|e| e.ty()),
            Err(4)
        );
        assert_eq!(
            shift_span(UTC, at(8), at(8), false).map_err(|e| e.to_string()),
            Err(START_BEFORE_END.to_string())
        );
        assert!(shift_span(UTC, at(0), at(25), false).is_err());
        let oe = shift_span(UTC, at(8), at(3), true).expect("open-ended");
        assert_eq!(oe.end, oe.start);
        assert_eq!(occupied(UTC, oe, true).end, at(24));
    }

    proptest! {
        /// Conflict detection agrees with a minute-by-minute check, and is symmetric.
        #[test]
        fn overlap_matches_a_brute_force_check(
            a in 0i64..600, la in 1i64..300, b in 0i64..600, lb in 1i64..300,
        ) {
            let base = at(0);
            let x = Span { start: base + Duration::minutes(a), end: base + Duration::minutes(a + la) };
            let y = Span { start: base + Duration::minutes(b), end: base + Duration::minutes(b + lb) };
            let brute = (a..a + la).any(|m| m >= b && m < b + lb);
            prop_assert_eq!(x.overlaps(&y), brute);
            prop_assert_eq!(x.overlaps(&y), y.overlaps(&x));
        }

        /// The conflicts found are exactly the overlapping spans, and a conflict-free
        /// candidate passes the whole create pipeline.
        #[test]
        fn conflicts_are_exactly_the_overlapping_shifts(
            starts in prop::collection::vec((0i64..2000, 1i64..600), 0..12),
            c in (0i64..2000, 1i64..600),
        ) {
            let base = at(0);
            let mk = |(s, l): (i64, i64)| Span { start: base + Duration::minutes(s), end: base + Duration::minutes(s + l) };
            let others: Vec<Span> = starts.into_iter().map(mk).collect();
            let cand = mk(c);
            let found = conflicts(&cand, &others);
            let expected: Vec<Span> = others.iter().filter(|o| o.overlaps(&cand)).copied().collect();
            prop_assert_eq!(&found, &expected);
            let result = check_create(UTC, &cand, &who(&others));
            prop_assert_eq!(result.is_ok(), found.is_empty());
        }
    }
}
