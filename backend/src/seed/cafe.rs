//! The demo café: its people, roles and weekly rota, and what the month after its founding
//! needs to know of it.

use crate::domain::ids::{ConversationId, RoleId, StoreId};
use crate::domain::permissions::Perms;
use crate::store::shifts::Caller;
use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;

pub(super) const DEMO_ZONE: &str = "Europe/Berlin";

pub(super) struct Person {
    pub(super) email: &'static str,
    pub(super) first: &'static str,
    pub(super) last: &'static str,
    pub(super) perms: Perms,
    /// Indexes into the roles, with the hourly wage of each.
    pub(super) roles: &'static [(usize, f64)],
}

pub(super) const ROLES: [(&str, &str, bool, bool); 3] = [
    ("Barista", "#8d5b3e", false, true),
    ("Cashier", "#2e86ab", false, true),
    ("Cook", "#e4572e", true, false),
];

pub(super) const EMPLOYEE: Perms = Perms::AVAILABLETIME;

/// Indexes into [`PEOPLE`].
pub(super) const OWNER: usize = 0;
pub(super) const MANAGER: usize = 1;
pub(super) const BARISTA: usize = 2;
pub(super) const CASHIER: usize = 3;
pub(super) const COOK: usize = 4;

/// A line of the café's week: who works in which role, on which weekdays, when.
pub(super) struct Rota {
    pub(super) person: usize,
    /// Index into [`ROLES`].
    pub(super) role: usize,
    pub(super) title: &'static str,
    /// Weekdays, 0 = Sunday (the café's day off).
    pub(super) days: &'static [u32],
    /// Local times, minutes after midnight.
    pub(super) start: u32,
    pub(super) end: u32,
}

/// A static, so each line keeps one address (the month tells its lines apart by it).
pub(super) static ROTA: [Rota; 4] = [
    Rota {
        person: BARISTA,
        role: 0,
        title: "Morning bar",
        days: &[1, 2, 3, 4, 5],
        start: 7 * 60,
        end: 15 * 60,
    },
    Rota {
        person: MANAGER,
        role: 1,
        title: "Counter",
        days: &[1, 3, 5],
        start: 9 * 60,
        end: 17 * 60,
    },
    Rota {
        person: COOK,
        role: 2,
        title: "Kitchen",
        days: &[1, 2, 3, 4, 5],
        start: 10 * 60,
        end: 18 * 60,
    },
    Rota {
        person: CASHIER,
        role: 1,
        title: "Afternoon counter",
        days: &[1, 2, 4, 5, 6],
        start: 11 * 60,
        end: 19 * 60,
    },
];

/// The demo store as the month after its founding needs it.
pub(super) struct Demo {
    pub(super) store: StoreId,
    pub(super) zone: Tz,
    /// The day the seed ran, in the store's zone.
    pub(super) today: NaiveDate,
    /// The first day of this week (weeks start on Sunday, the store's default).
    pub(super) week: NaiveDate,
    pub(super) roles: Vec<RoleId>,
    /// By [`PEOPLE`] index.
    pub(super) people: Vec<Caller>,
    pub(super) team: ConversationId,
}

impl Demo {
    /// The instant of a local time (minutes after midnight) on a day, in the store's zone.
    pub(super) fn at(&self, day: NaiveDate, minute: u32) -> DateTime<Utc> {
        let local = day.and_time(chrono::NaiveTime::MIN) + Duration::minutes(i64::from(minute));
        match self.zone.from_local_datetime(&local) {
            LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => t.with_timezone(&Utc),
            // A time the clocks skip (spring forward): the hour after it.
            LocalResult::None => {
                crate::domain::calendar::start_of_day(self.zone, day)
                    + Duration::minutes(i64::from(minute) + 60)
            }
        }
    }

    /// The rota's days in `[from, to)` with their lines, in day order.
    pub(super) fn rota_days(
        &self,
        from: NaiveDate,
        to: NaiveDate,
    ) -> Vec<(NaiveDate, &'static Rota)> {
        from.iter_days()
            .take_while(|d| *d < to)
            .flat_map(|d| {
                ROTA.iter()
                    .filter(move |r| r.days.contains(&d.weekday().num_days_from_sunday()))
                    .map(move |r| (d, r))
            })
            .collect()
    }
}

pub(super) const PEOPLE: [Person; 5] = [
    Person {
        email: "owner@example.com",
        first: "Olivia",
        last: "Becker",
        perms: Perms::ALL,
        roles: &[],
    },
    Person {
        email: "manager@example.com",
        first: "Max",
        last: "Weber",
        perms: Perms::SCHEDULE.union(Perms::EMPLOYEE),
        roles: &[(1, 16.0)],
    },
    Person {
        email: "barista@example.com",
        first: "Lena",
        last: "Fischer",
        perms: EMPLOYEE,
        roles: &[(0, 14.5), (1, 14.0)],
    },
    Person {
        email: "cashier@example.com",
        first: "Jonas",
        last: "Wagner",
        perms: EMPLOYEE,
        roles: &[(1, 13.5)],
    },
    Person {
        email: "cook@example.com",
        first: "Sofia",
        last: "Braun",
        perms: EMPLOYEE,
        roles: &[(2, 17.0)],
    },
];
