//! Who works a booked session. An employee may take one when they hold the event's role and
//! the schedule's rules allow it (availability, accepted time off, other shifts: the checks
//! of `createShift`), and, when asked (`checkWorkingOnSameSession`), they work no other
//! session then. A session lies inside a shift of its role: one that covers it, else one it
//! touches or overlaps, which grows to cover it, else a new one.

use crate::domain::schedule::Span;

/// The employee the round-robin gives a session to: the one with the fewest sessions (their
/// load), the earliest in `order` among equals, so that equal loads take turns.
pub fn least_loaded<E: Copy>(candidates: impl IntoIterator<Item = (E, u32)>) -> Option<E> {
    candidates
        .into_iter()
        .enumerate()
        .min_by_key(|&(order, (_, load))| (load, order))
        .map(|(_, (e, _))| e)
}

/// Where a session's work goes on its employee's schedule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement<S> {
    /// A shift of the role already covers it.
    Inside(S),
    /// This shift of the role touches or overlaps it, and becomes `Span`.
    Extend(S, Span),
    /// No shift of the role meets it: a new one of the session's times.
    New,
}

/// The shift a session goes in, among its employee's shifts of the event's role.
pub fn placement<S: Copy>(session: Span, shifts: &[(S, Span)]) -> Placement<S> {
    if let Some(&(id, _)) = shifts
        .iter()
        .find(|(_, s)| s.start <= session.start && session.end <= s.end)
    {
        return Placement::Inside(id);
    }
    shifts
        .iter()
        .filter(|(_, s)| s.start <= session.end && session.start <= s.end)
        .min_by_key(|(_, s)| s.start)
        .map_or(Placement::New, |&(id, s)| {
            Placement::Extend(
                id,
                Span {
                    start: s.start.min(session.start),
                    end: s.end.max(session.end),
                },
            )
        })
}

/// The span a shift made or grown for sessions keeps once `gone` leaves it: the hull of its
/// other sessions (`None` when none is left, and the shift was made for sessions).
pub fn hull(sessions: impl IntoIterator<Item = Span>) -> Option<Span> {
    sessions.into_iter().reduce(|a, b| Span {
        start: a.start.min(b.start),
        end: a.end.max(b.end),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, Duration, Utc};

    fn at(h: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).expect("as set up") + Duration::hours(h)
    }

    fn span(a: i64, b: i64) -> Span {
        Span {
            start: at(a),
            end: at(b),
        }
    }

    #[test]
    fn the_round_robin_takes_turns_among_the_least_loaded() {
        assert_eq!(least_loaded([("a", 2), ("b", 1), ("c", 1)]), Some("b"));
        assert_eq!(least_loaded::<&str>([]), None);
        // Six sessions over three people, each given to the least loaded: two each.
        let mut loads = [("a", 0u32), ("b", 0), ("c", 0)];
        for _ in 0..6 {
            let who = least_loaded(loads.iter().copied()).expect("as set up");
            loads
                .iter_mut()
                .find(|(e, _)| *e == who)
                .expect("as set up")
                .1 += 1;
        }
        assert!(loads.iter().all(|&(_, n)| n == 2), "{loads:?}");
    }

    #[test]
    fn a_session_goes_inside_next_to_or_apart_from_its_role_shifts() {
        let shifts = [(1, span(9, 12)), (2, span(14, 16))];
        assert_eq!(placement(span(10, 11), &shifts), Placement::Inside(1));
        assert_eq!(
            placement(span(12, 13), &shifts),
            Placement::Extend(1, span(9, 13))
        );
        assert_eq!(
            placement(span(13, 14), &shifts),
            Placement::Extend(2, span(13, 16))
        );
        assert_eq!(
            placement(span(8, 10), &shifts),
            Placement::Extend(1, span(8, 12))
        );
        assert_eq!(placement(span(18, 19), &shifts), Placement::New);
        assert_eq!(placement::<u8>(span(18, 19), &[]), Placement::New);
    }

    #[test]
    fn a_shift_shrinks_to_its_sessions() {
        assert_eq!(hull([span(9, 10), span(12, 13)]), Some(span(9, 13)));
        assert_eq!(hull([]), None);
    }
}
