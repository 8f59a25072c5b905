use crate::db::schema::stores;
use crate::domain::business;
use crate::domain::ids::{StoreId, UserId};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use diesel::prelude::*;

/// A store (business).
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = stores, check_for_backend(diesel::pg::Pg))]
pub struct Store {
    pub id: StoreId,
    pub owner_id: UserId,
    pub name: String,
    pub kind: String,
    pub logo: Option<String>,
    pub thumbnail: Option<String>,
    pub address: String,
    pub open_minute: Option<i32>,
    pub close_minute: Option<i32>,
    pub days_off: Vec<i16>,
    pub timezone: String,
    pub timezone_reference: String,
    pub week_start: i16,
    pub booking_enabled: bool,
    pub identity_code: Option<String>,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The clock's settings, read by [`crate::domain::clock::ClockSettings::read`].
    pub clock: serde_json::Value,
}

impl Store {
    /// The store's time zone: what its days, weeks and pay periods are counted in. A name
    /// that is no longer a known zone (the zone database changed) reads as UTC.
    pub fn zone(&self) -> Tz {
        business::parse_zone(&self.timezone_reference).unwrap_or(chrono_tz::UTC)
    }

    /// The first day of the store's week and pay period, 0 (Sunday) to 6.
    pub fn week_start(&self) -> u8 {
        u8::try_from(self.week_start.clamp(0, 6)).unwrap_or(0)
    }

    /// How many stores `user` owns.
    pub fn count_owned_by(conn: &mut PgConnection, user: UserId) -> QueryResult<i64> {
        stores::table
            .filter(stores::owner_id.eq(user))
            .count()
            .get_result(conn)
    }

    pub fn find(conn: &mut PgConnection, id: StoreId) -> QueryResult<Option<Store>> {
        stores::table
            .find(id)
            .select(Store::as_select())
            .first(conn)
            .optional()
    }
}

/// A new store. Times, zone and booking have defaults until the owner sets them.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = stores)]
pub struct NewStore<'a> {
    pub id: StoreId,
    pub owner_id: UserId,
    pub name: &'a str,
    pub kind: &'a str,
    pub logo: Option<&'a str>,
    pub thumbnail: Option<&'a str>,
    pub address: &'a str,
    pub open_minute: Option<i32>,
    pub close_minute: Option<i32>,
    pub days_off: Vec<i16>,
    pub timezone: &'a str,
    pub timezone_reference: &'a str,
}

impl NewStore<'_> {
    #[tracing::instrument(skip_all, fields(store = %self.id))]
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<Store> {
        diesel::insert_into(stores::table)
            .values(self)
            .returning(Store::as_returning())
            .get_result(conn)
    }
}

/// Every column of a store its owner can change.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = stores, treat_none_as_null = true)]
struct StoreSettings<'a> {
    name: &'a str,
    kind: &'a str,
    logo: Option<&'a str>,
    thumbnail: Option<&'a str>,
    address: &'a str,
    open_minute: Option<i32>,
    close_minute: Option<i32>,
    days_off: &'a [i16],
    timezone: &'a str,
    timezone_reference: &'a str,
    week_start: i16,
    booking_enabled: bool,
    identity_code: Option<&'a str>,
    updated_at: DateTime<Utc>,
    clock: &'a serde_json::Value,
}

impl<'a> From<&'a Store> for StoreSettings<'a> {
    fn from(s: &'a Store) -> Self {
        StoreSettings {
            name: &s.name,
            kind: &s.kind,
            logo: s.logo.as_deref(),
            thumbnail: s.thumbnail.as_deref(),
            address: &s.address,
            open_minute: s.open_minute,
            close_minute: s.close_minute,
            days_off: &s.days_off,
            timezone: &s.timezone,
            timezone_reference: &s.timezone_reference,
            week_start: s.week_start,
            booking_enabled: s.booking_enabled,
            identity_code: s.identity_code.as_deref(),
            updated_at: s.updated_at,
            clock: &s.clock,
        }
    }
}

pub use crate::domain::audience::Audience;

impl Store {
    /// The store's current version.
    pub fn current_version(conn: &mut PgConnection, id: StoreId) -> QueryResult<i64> {
        stores::table.find(id).select(stores::version).first(conn)
    }

    /// The store's current version, if the store exists.
    pub fn version_of(conn: &mut PgConnection, id: StoreId) -> QueryResult<Option<i64>> {
        Self::current_version(conn, id).optional()
    }

    /// Writes the store's settings (the store actor's planned state of them); its version
    /// is the commit's to set.
    #[tracing::instrument(skip_all, fields(store = %self.id))]
    pub fn save_settings(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::update(stores::table.find(self.id))
            .set(StoreSettings::from(self))
            .execute(conn)
    }
}
