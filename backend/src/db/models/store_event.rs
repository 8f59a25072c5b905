use crate::db::schema::store_events;
use crate::domain::audience::Audience;
use crate::domain::ids::StoreId;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Timestamptz};

/// One committed change of a store (the transactional outbox). Versions per store are
/// gap-free.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = store_events, check_for_backend(diesel::pg::Pg))]
pub struct StoreEvent {
    pub store_id: StoreId,
    pub version: i64,
    pub kind: String,
    pub data: serde_json::Value,
    pub managers_only: bool,
    pub user_ids: Option<Vec<uuid::Uuid>>,
    pub created_at: DateTime<Utc>,
}

impl StoreEvent {
    /// Who may see the change.
    pub fn audience(&self) -> Audience {
        Audience::from_columns(self.managers_only, self.user_ids.clone())
    }

    /// Writes the outbox rows of several changes in one statement per few thousand rows.
    pub fn insert_many(
        conn: &mut PgConnection,
        rows: &[(StoreId, i64, &str, &serde_json::Value, &Audience)],
        at: DateTime<Utc>,
    ) -> QueryResult<()> {
        for chunk in rows.chunks(5000) {
            let values: Vec<_> = chunk
                .iter()
                .map(|(store, version, kind, data, audience)| {
                    let (managers_only, user_ids) = audience.to_columns();
                    (
                        store_events::store_id.eq(*store),
                        store_events::version.eq(*version),
                        store_events::kind.eq(*kind),
                        store_events::data.eq(*data),
                        store_events::managers_only.eq(managers_only),
                        store_events::user_ids.eq(user_ids),
                        store_events::created_at.eq(at),
                    )
                })
                .collect();
            diesel::insert_into(store_events::table)
                .values(values)
                .execute(conn)?;
        }
        Ok(())
    }

    /// The store's changes after version `after`, up to `upto` if given, oldest first, at
    /// most `limit` (replays and catch-ups).
    #[tracing::instrument(skip(conn))]
    pub fn after(
        conn: &mut PgConnection,
        store: StoreId,
        after: i64,
        upto: Option<i64>,
        limit: i64,
    ) -> QueryResult<Vec<StoreEvent>> {
        let mut query = store_events::table
            .filter(store_events::store_id.eq(store))
            .filter(store_events::version.gt(after))
            .order(store_events::version.asc())
            .limit(limit)
            .select(StoreEvent::as_select())
            .into_boxed();
        if let Some(upto) = upto {
            query = query.filter(store_events::version.le(upto));
        }
        query.load(conn)
    }

    /// The types of the store's changes after version `after` up to `upto`.
    pub fn kinds_between(
        conn: &mut PgConnection,
        store: StoreId,
        after: i64,
        upto: i64,
    ) -> QueryResult<Vec<String>> {
        store_events::table
            .filter(store_events::store_id.eq(store))
            .filter(store_events::version.gt(after))
            .filter(store_events::version.le(upto))
            .select(store_events::kind)
            .distinct()
            .load(conn)
    }

    /// Deletes up to `limit` of the changes written before `before`, of any store, oldest
    /// first. Rows another process is deleting at the moment are skipped, so several
    /// processes prune side by side without waiting on each other. Returns how many went.
    #[tracing::instrument(skip(conn))]
    pub fn prune_older_than(
        conn: &mut PgConnection,
        before: DateTime<Utc>,
        limit: i64,
    ) -> QueryResult<usize> {
        diesel::sql_query(
            "DELETE FROM store_events e
              USING (SELECT store_id, version FROM store_events
                      WHERE created_at < $1
                      ORDER BY created_at
                      LIMIT $2
                        FOR UPDATE SKIP LOCKED) doomed
              WHERE e.store_id = doomed.store_id AND e.version = doomed.version",
        )
        .bind::<Timestamptz, _>(before)
        .bind::<BigInt, _>(limit)
        .execute(conn)
    }

    /// Deletes up to `limit` of the changes that are not among the newest `keep` of their
    /// store, written before `before` (newer ones stay whatever their number), oldest first,
    /// skipping rows another process is deleting. Returns how many went.
    #[tracing::instrument(skip(conn))]
    pub fn prune_beyond(
        conn: &mut PgConnection,
        keep: i64,
        before: DateTime<Utc>,
        limit: i64,
    ) -> QueryResult<usize> {
        // Per store through the primary key: versions are gap-free, so the newest `keep` are
        // those above the store's version minus `keep`.
        diesel::sql_query(
            "DELETE FROM store_events e
              USING (SELECT old.store_id, old.version
                       FROM stores s
                      CROSS JOIN LATERAL (
                            SELECT store_id, version FROM store_events
                             WHERE store_id = s.id
                               AND version <= s.version - $1
                               AND created_at < $2
                             ORDER BY version
                             LIMIT $3
                               FOR UPDATE SKIP LOCKED) old
                      WHERE s.version > $1
                      LIMIT $3) doomed
              WHERE e.store_id = doomed.store_id AND e.version = doomed.version",
        )
        .bind::<BigInt, _>(keep)
        .bind::<Timestamptz, _>(before)
        .bind::<BigInt, _>(limit)
        .execute(conn)
    }

    /// Announces each store's newest version to every server process (delivered on commit),
    /// in one statement.
    pub fn announce(conn: &mut PgConnection, versions: &[(StoreId, i64)]) -> QueryResult<()> {
        if versions.is_empty() {
            return Ok(());
        }
        let payloads: Vec<String> = versions.iter().map(|(s, v)| format!("{s}:{v}")).collect();
        diesel::sql_query("SELECT pg_notify('store_events', p) FROM unnest($1::text[]) AS p")
            .bind::<diesel::sql_types::Array<diesel::sql_types::Text>, _>(payloads)
            .execute(conn)
            .map(|_| ())
    }
}
