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
