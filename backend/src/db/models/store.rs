use crate::db::models::store_event::StoreEvent;
use crate::db::schema::stores;
use crate::domain::ids::{StoreId, UserId};
use chrono::{DateTime, Utc};
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
}

impl Store {
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

/// The business identity of a store: name, logo and kind.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = stores)]
pub struct IdentityChange<'a> {
    pub name: &'a str,
    pub kind: &'a str,
    /// `Some(None)` removes the logo; `None` keeps it.
    pub logo: Option<Option<&'a str>>,
    pub thumbnail: Option<Option<&'a str>>,
}

/// Opening hours and days off.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = stores)]
pub struct TimingChange {
    pub open_minute: Option<i32>,
    pub close_minute: Option<i32>,
    pub days_off: Vec<i16>,
}

/// Address and time zone.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = stores)]
pub struct LocationChange<'a> {
    pub address: &'a str,
    pub timezone: &'a str,
    pub timezone_reference: &'a str,
}

pub use crate::domain::audience::Audience;

impl Store {
    /// Serialises writers of one store for the rest of the transaction, across processes:
    /// every write transaction of a store takes this lock before reading what it validates.
    #[tracing::instrument(skip(conn))]
    pub fn lock_for_write(conn: &mut PgConnection, id: StoreId) -> QueryResult<()> {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1)")
            .bind::<diesel::sql_types::BigInt, _>(lock_key(id))
            .execute(conn)
            .map(|_| ())
    }

    /// The store's current version.
    pub fn current_version(conn: &mut PgConnection, id: StoreId) -> QueryResult<i64> {
        stores::table.find(id).select(stores::version).first(conn)
    }

    /// Applies a change of the store row itself.
    pub fn update<C>(conn: &mut PgConnection, id: StoreId, change: C) -> QueryResult<Store>
    where
        C: AsChangeset<Target = stores::table>,
        <C as AsChangeset>::Changeset: diesel::query_builder::QueryFragment<diesel::pg::Pg>,
    {
        diesel::update(stores::table.find(id))
            .set(change)
            .returning(Store::as_returning())
            .get_result(conn)
    }

    /// Sets whether clients can book the store's events.
    pub fn set_booking(conn: &mut PgConnection, id: StoreId, enabled: bool) -> QueryResult<Store> {
        diesel::update(stores::table.find(id))
            .set(stores::booking_enabled.eq(enabled))
            .returning(Store::as_returning())
            .get_result(conn)
    }

    /// Sets the business identity code; fails on a (unique index) collision.
    pub fn set_identity_code(conn: &mut PgConnection, id: StoreId, code: &str) -> QueryResult<()> {
        diesel::update(stores::table.find(id))
            .set(stores::identity_code.eq(code))
            .execute(conn)
            .map(|_| ())
    }

    /// Records one committed change: bumps the store's version and writes the outbox row in
    /// the caller's transaction, then announces it with `NOTIFY store_events` (delivered on
    /// commit). Returns the new version.
    #[tracing::instrument(skip(conn, data))]
    pub fn record_change(
        conn: &mut PgConnection,
        id: StoreId,
        kind: &str,
        data: serde_json::Value,
        audience: Audience,
    ) -> QueryResult<i64> {
        let version: i64 = diesel::update(stores::table.find(id))
            .set((
                stores::version.eq(stores::version + 1),
                stores::updated_at.eq(diesel::dsl::now),
            ))
            .returning(stores::version)
            .get_result(conn)?;
        StoreEvent::insert(conn, id, version, kind, &data, &audience, Utc::now())?;
        StoreEvent::announce(conn, id, version)?;
        Ok(version)
    }
}

/// The advisory lock key of a store: both halves of its id folded together (the first half
/// of a UUIDv7 is mostly its timestamp, the second mostly random).
pub fn lock_key(id: StoreId) -> i64 {
    let (hi, lo) = id.0.as_u64_pair();
    i64::from_ne_bytes((hi ^ lo).to_ne_bytes())
}
