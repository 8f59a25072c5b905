//! Reads of the store outbox (`store_events`), for replays and catch-ups.

use crate::db::schema::{store_events, stores};
use crate::domain::audience::Audience;
use crate::domain::ids::StoreId;
use crate::realtime::hub::Change;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde_json::Value;
use uuid::Uuid;

/// One outbox row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = store_events, check_for_backend(diesel::pg::Pg))]
pub struct EventRow {
    pub version: i64,
    pub kind: String,
    pub data: Value,
    pub managers_only: bool,
    pub user_ids: Option<Vec<Uuid>>,
    pub created_at: DateTime<Utc>,
}

impl EventRow {
    pub fn audience(&self) -> Audience {
        Audience::from_columns(self.managers_only, self.user_ids.clone())
    }

    /// The change as broadcast.
    pub fn to_change(&self, store: StoreId) -> Change {
        Change::new(
            store,
            self.version,
            &self.kind,
            &self.data,
            self.created_at.timestamp_millis(),
            self.audience(),
        )
    }
}

/// The store's changes after version `after`, up to `upto` if given, oldest first, at most
/// `limit`.
#[tracing::instrument(skip(conn))]
pub fn events_after(
    conn: &mut PgConnection,
    store: StoreId,
    after: i64,
    upto: Option<i64>,
    limit: i64,
) -> QueryResult<Vec<EventRow>> {
    let mut query = store_events::table
        .filter(store_events::store_id.eq(store))
        .filter(store_events::version.gt(after))
        .order(store_events::version.asc())
        .limit(limit)
        .select(EventRow::as_select())
        .into_boxed();
    if let Some(upto) = upto {
        query = query.filter(store_events::version.le(upto));
    }
    query.load(conn)
}

/// The store's current version.
pub fn current_version(conn: &mut PgConnection, store: StoreId) -> QueryResult<Option<i64>> {
    stores::table
        .find(store)
        .select(stores::version)
        .first(conn)
        .optional()
}
