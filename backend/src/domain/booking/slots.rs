//! A day's sessions of an event and their free places. A slot is one session time; up to
//! `rooms` sessions run in it side by side, each worked by its own employee and taking up to
//! `capacity` clients. A slot has room while a session in it has a free place, or while a
//! room is left and an eligible employee is free to open it.

use crate::domain::booking::repeat::{self, Repeat};
use crate::domain::schedule::Span;
use crate::domain::template::WallTime;
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;

/// The part of an event the slots depend on.
#[derive(Debug, Clone)]
pub struct Pattern<'a> {
    pub zone: Tz,
    pub first_day: NaiveDate,
    pub repeat: Option<&'a Repeat>,
    pub opens: WallTime,
    pub closes: WallTime,
    pub session_minutes: u16,
    pub capacity: u16,
    pub rooms: u16,
    pub book_ahead_minutes: u32,
    pub book_until_minutes: u32,
}

/// The session times of `date` (none when the event does not run that day). Each keeps its
/// wall time: a 09:00 session is at 09:00 on both sides of a clock change. A time the clocks
/// skip that day has no session; a time they repeat is its first occurrence.
pub fn times_on(p: &Pattern<'_>, date: NaiveDate) -> Vec<Span> {
    if !repeat::runs_on(p.zone, p.first_day, p.repeat, date) {
        return Vec::new();
    }
    let step = Duration::minutes(i64::from(p.session_minutes));
    let mut out = Vec::new();
    let mut at = p.opens.0;
    loop {
        let (end, wrapped) = at.overflowing_add_signed(step);
        if wrapped != 0 || end > p.closes.0 || end <= at {
            break;
        }
        if let Some(start) = p.zone.from_local_datetime(&date.and_time(at)).earliest() {
            let start = start.with_timezone(&Utc);
            out.push(Span {
                start,
                end: start + step,
            });
        }
        at = end;
    }
    out
}

/// Whether `start` is a session time of the event.
pub fn is_session_time(p: &Pattern<'_>, start: DateTime<Utc>) -> Option<Span> {
    let date = crate::domain::calendar::local_date(p.zone, start);
    times_on(p, date).into_iter().find(|s| s.start == start)
}

/// Why a slot cannot be booked now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// Bookings for it have not opened yet.
    NotYet,
    /// Too late: it starts within the event's closing time, or has started.
    TooLate,
}

/// Whether a slot starting at `start` takes bookings at `now`.
pub fn window(p: &Pattern<'_>, start: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), Closed> {
    if start < now + Duration::minutes(i64::from(p.book_until_minutes)) || start <= now {
        return Err(Closed::TooLate);
    }
    if start > now + Duration::minutes(i64::from(p.book_ahead_minutes)) {
        return Err(Closed::NotYet);
    }
    Ok(())
}

/// A session running in a slot: who works it, and the places taken (confirmed and held).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Running<E> {
    pub employee: E,
    pub taken: u16,
}

/// The free places of a slot: in its running sessions, and in the rooms eligible employees
/// not yet working it could open.
pub fn free_places<E: PartialEq>(
    p: &Pattern<'_>,
    running: &[Running<E>],
    free_employees: usize,
) -> u32 {
    let capacity = u32::from(p.capacity);
    let in_running: u32 = running
        .iter()
        .map(|r| capacity.saturating_sub(u32::from(r.taken)))
        .sum();
    let rooms_left = usize::from(p.rooms).saturating_sub(running.len());
    in_running + rooms_left.min(free_employees) as u32 * capacity
}

/// Where a new reservation goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat<E> {
    /// Into the running session of this employee.
    Join(E),
    /// A new session, worked by this employee.
    Open(E),
    /// No place: the slot is full (or the chosen employee cannot take it).
    Full,
}

/// Where a reservation of the slot goes. A chosen employee's own session, or a new one of
/// theirs if they are free and a room is left. Otherwise the fullest running session with a
/// place (so a class fills before another room opens), else a new session for `next`, the
/// eligible employee the round-robin picks (`staffing::least_loaded`).
pub fn seat<E: PartialEq + Copy>(
    p: &Pattern<'_>,
    running: &[Running<E>],
    chosen: Option<E>,
    chosen_is_free: bool,
    next: Option<E>,
) -> Seat<E> {
    let has_place = |r: &Running<E>| r.taken < p.capacity;
    let room_left = running.len() < usize::from(p.rooms);
    match chosen {
        Some(e) => match running.iter().find(|r| r.employee == e) {
            Some(r) if has_place(r) => Seat::Join(e),
            Some(_) => Seat::Full,
            None if room_left && chosen_is_free => Seat::Open(e),
            None => Seat::Full,
        },
        None => {
            if let Some(r) = running
                .iter()
                .filter(|r| has_place(r))
                .max_by_key(|r| r.taken)
            {
                return Seat::Join(r.employee);
            }
            match next {
                Some(e) if room_left => Seat::Open(e),
                _ => Seat::Full,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::booking::repeat::Frequency;
    use chrono::TimeZone;
    use chrono_tz::{America::New_York, Europe::Berlin};

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).expect("as set up")
    }

    fn pattern<'a>(zone: Tz, repeat: Option<&'a Repeat>) -> Pattern<'a> {
        Pattern {
            zone,
            first_day: d(2026, 3, 1),
            repeat,
            opens: WallTime::hm(1, 0).expect("as set up"),
            closes: WallTime::hm(4, 0).expect("as set up"),
            session_minutes: 60,
            capacity: 2,
            rooms: 2,
            book_ahead_minutes: 30 * 24 * 60,
            book_until_minutes: 60,
        }
    }

    fn local(zone: Tz, date: NaiveDate, h: u32) -> DateTime<Utc> {
        zone.from_local_datetime(&date.and_hms_opt(h, 0, 0).expect("as set up"))
            .earliest()
            .expect("as set up")
            .with_timezone(&Utc)
    }

    #[test]
    fn a_day_is_cut_into_sessions_at_their_wall_times() {
        let daily = Repeat {
            frequency: Frequency::Daily,
            interval: 1,
            weekdays: vec![],
            until: None,
            count: None,
        };
        let p = pattern(Berlin, Some(&daily));
        let normal = times_on(&p, d(2026, 3, 28));
        assert_eq!(normal.len(), 3);
        assert_eq!(normal[0].start, local(Berlin, d(2026, 3, 28), 1));
        // 29 March: Berlin skips 02:00-03:00, so that day has no 02:00 session.
        let spring = times_on(&p, d(2026, 3, 29));
        assert_eq!(spring.len(), 2);
        assert_eq!(spring[0].start, local(Berlin, d(2026, 3, 29), 1));
        assert_eq!(spring[1].start, local(Berlin, d(2026, 3, 29), 3));
        assert_eq!(spring[1].start - spring[0].start, Duration::hours(1));
        // 25 October: 02:00-03:00 happens twice; the 02:00 session is the first.
        let fall = times_on(&p, d(2026, 10, 25));
        assert_eq!(fall[1].start, local(Berlin, d(2026, 10, 25), 2));
        assert_eq!(fall[2].start - fall[1].start, Duration::hours(2));
        // New York: 8 March and 1 November 2026.
        let q = pattern(New_York, Some(&daily));
        let ny_spring = times_on(&q, d(2026, 3, 8));
        assert_eq!(ny_spring.len(), 2);
        assert_eq!(ny_spring[1].start, local(New_York, d(2026, 3, 8), 3));
        let ny_fall = times_on(&q, d(2026, 11, 1));
        assert_eq!(ny_fall[2].start - ny_fall[0].start, Duration::hours(3));
        // A day it does not run has none.
        assert!(times_on(&pattern(Berlin, None), d(2026, 3, 2)).is_empty());
        assert_eq!(
            is_session_time(&p, local(Berlin, d(2026, 3, 28), 2)).map(|s| s.end),
            Some(local(Berlin, d(2026, 3, 28), 3))
        );
        assert!(
            is_session_time(&p, local(Berlin, d(2026, 3, 28), 2) + Duration::minutes(1)).is_none()
        );
    }

    #[test]
    fn a_window_that_ends_inside_a_session_drops_it() {
        let mut p = pattern(Berlin, None);
        p.closes = WallTime::hm(3, 30).expect("as set up");
        assert_eq!(times_on(&p, d(2026, 3, 1)).len(), 2);
        p.opens = WallTime::hm(23, 30).expect("as set up");
        p.closes = WallTime::hm(23, 59).expect("as set up");
        p.session_minutes = 45;
        assert!(times_on(&p, d(2026, 3, 1)).is_empty());
    }

    #[test]
    fn bookings_open_and_close_with_the_window() {
        let p = pattern(Berlin, None);
        let now = Utc
            .with_ymd_and_hms(2026, 3, 1, 0, 0, 0)
            .single()
            .expect("as set up");
        assert_eq!(
            window(&p, now + Duration::minutes(59), now),
            Err(Closed::TooLate)
        );
        assert_eq!(window(&p, now + Duration::minutes(60), now), Ok(()));
        assert_eq!(window(&p, now + Duration::days(30), now), Ok(()));
        assert_eq!(
            window(&p, now + Duration::days(31), now),
            Err(Closed::NotYet)
        );
        let mut p = p;
        p.book_until_minutes = 0;
        assert_eq!(window(&p, now, now), Err(Closed::TooLate));
    }

    #[test]
    fn free_places_count_sessions_and_rooms_with_staff() {
        let p = pattern(Berlin, None); // capacity 2, rooms 2
        assert_eq!(free_places::<u8>(&p, &[], 5), 4);
        assert_eq!(free_places::<u8>(&p, &[], 1), 2);
        assert_eq!(free_places::<u8>(&p, &[], 0), 0);
        let one = [Running {
            employee: 1u8,
            taken: 1,
        }];
        assert_eq!(free_places(&p, &one, 1), 3);
        assert_eq!(free_places(&p, &one, 0), 1);
        let two = [
            Running {
                employee: 1u8,
                taken: 2,
            },
            Running {
                employee: 2,
                taken: 2,
            },
        ];
        assert_eq!(free_places(&p, &two, 3), 0);
    }

    #[test]
    fn where_a_reservation_goes() {
        let p = pattern(Berlin, None);
        let run = |taken: &[(u8, u16)]| {
            taken
                .iter()
                .map(|&(employee, taken)| Running { employee, taken })
                .collect::<Vec<_>>()
        };
        // Nobody chosen: the fullest session with a place, then a new one for `next`.
        assert_eq!(
            seat(&p, &run(&[(1, 0), (2, 1)]), None, false, Some(3)),
            Seat::Join(2)
        );
        assert_eq!(
            seat(&p, &run(&[(1, 2)]), None, false, Some(3)),
            Seat::Open(3)
        );
        assert_eq!(
            seat(&p, &run(&[(1, 2), (2, 2)]), None, false, Some(3)),
            Seat::Full
        );
        assert_eq!(seat::<u8>(&p, &[], None, false, None), Seat::Full);
        // Chosen: theirs, or a new one of theirs.
        assert_eq!(
            seat(&p, &run(&[(1, 1)]), Some(1), false, None),
            Seat::Join(1)
        );
        assert_eq!(seat(&p, &run(&[(1, 2)]), Some(1), true, None), Seat::Full);
        assert_eq!(
            seat(&p, &run(&[(1, 2)]), Some(2), true, None),
            Seat::Open(2)
        );
        assert_eq!(seat(&p, &run(&[(1, 2)]), Some(2), false, None), Seat::Full);
        assert_eq!(
            seat(&p, &run(&[(1, 0), (3, 0)]), Some(2), true, None),
            Seat::Full
        );
    }
}
