use crate::db::rows;
use crate::db::schema::store_events;
use crate::domain::audience::Audience;
use crate::domain::ids::StoreId;
use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::result::DatabaseErrorKind;
use diesel::sql_types::{BigInt, Bool, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid};

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

    /// Ends a commit in one statement: writes the outbox rows of its changes, moves each
    /// store to its newest version and announces that version to every server process
    /// (`NOTIFY`, delivered on commit). One round trip where three statements took three.
    pub fn append(
        conn: &mut PgConnection,
        rows: &[(StoreId, i64, &str, &serde_json::Value, &Audience)],
        versions: &[(StoreId, i64)],
        at: DateTime<Utc>,
    ) -> QueryResult<()> {
        if rows.is_empty() && versions.is_empty() {
            return Ok(());
        }
        Appended::new(rows, versions, at).execute(conn).map(|_| ())
    }
}

/// A data-modifying `WITH` of a whole commit ([`Appended::whole`]): its name, by which a
/// later one may read the rows it answers, and its statement.
pub type With<'a> = (String, Box<dyn QueryFragment<Pg> + 'a>);

/// The end of a commit as one statement ([`StoreEvent::append`]) or, with [`Appended::whole`],
/// a whole commit: its rows' upserts too, each a data-modifying `WITH` of the same statement,
/// gated on the stores' versions. A statement is atomic on its own, so such a commit needs no
/// `BEGIN`, lock or `COMMIT` of its own: one round trip where five to seven took as many.
pub struct Appended<'a> {
    columns: EventColumns<'a>,
    at: DateTime<Utc>,
    stores: Vec<uuid::Uuid>,
    numbers: Vec<i64>,
    /// The version each store's batch was planned on, for a whole commit.
    expected: Option<Vec<i64>>,
    writes: Vec<With<'a>>,
    /// Whether the connection keeps the statement prepared ([`Appended::prepared`]).
    prepared: bool,
}

impl<'a> Appended<'a> {
    pub fn new(
        rows: &[(StoreId, i64, &'a str, &'a serde_json::Value, &Audience)],
        versions: &[(StoreId, i64)],
        at: DateTime<Utc>,
    ) -> Appended<'a> {
        let mut columns = EventColumns::default();
        for (store, version, kind, data, audience) in rows {
            let (managers_only, user_ids) = audience.to_columns();
            columns.stores.push(store.0);
            columns.versions.push(*version);
            columns.kinds.push(kind);
            columns.data.push(data);
            columns.managers_only.push(managers_only);
            // A Postgres array literal: uuids are hex digits and dashes, nothing to escape.
            columns.user_ids.push(user_ids.map(|ids| {
                let ids: Vec<String> = ids.iter().map(uuid::Uuid::to_string).collect();
                format!("{{{}}}", ids.join(","))
            }));
        }
        let (stores, numbers) = versions.iter().map(|(id, v)| (id.0, *v)).unzip();
        Appended {
            columns,
            at,
            stores,
            numbers,
            expected: None,
            writes: Vec::new(),
            prepared: true,
        }
    }

    /// The whole commit: `writes` (upserts and inserts, each of rows no other one writes; a
    /// later one may read what an earlier one answers) go in the same statement, and each
    /// store of `versions` must still be at its `expected` version, in the same order.
    /// Several stores' rows are locked first, in the order of their ids, as every commit
    /// locks them; one store's row is locked by the update of its version. A store that has
    /// moved on makes its new version null, which its column refuses: the statement fails
    /// whole, with [`moved_on`] true of its error.
    pub fn whole(mut self, expected: Vec<i64>, writes: Vec<With<'a>>) -> Appended<'a> {
        self.expected = Some(expected);
        self.writes = writes;
        self.prepared = false;
        self
    }

    /// Keeps a whole commit's statement prepared on its connection, so that Postgres neither
    /// parses nor, once it settles on a generic plan after five runs, plans it again: two
    /// thirds of a small commit's time in Postgres. It settles because a few rows are bound
    /// one parameter per value ([`crate::db::rows`]). Diesel keeps a statement without a
    /// static query id by its text, which here varies with the writes (upserts of
    /// [`crate::db::upsert`], kept too), so the caller asks only for the few shapes of its
    /// hottest commits: a connection keeps one prepared statement per text.
    pub fn prepared(mut self, prepared: bool) -> Appended<'a> {
        self.prepared = prepared;
        self
    }
}

/// Whether a whole commit ([`Appended::whole`]) failed because a store moved on since its
/// batch was planned (another server process committed to it).
pub fn moved_on(error: &diesel::result::Error) -> bool {
    matches!(
        error,
        diesel::result::Error::DatabaseError(DatabaseErrorKind::NotNullViolation, info)
            if info.table_name() == Some("stores") && info.column_name() == Some("version")
    )
}

impl QueryFragment<Pg> for Appended<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        if !self.prepared {
            out.unsafe_to_cache_prepared();
        }
        let c = &self.columns;
        let stores = rows::column::<SqlUuid, _>(&self.stores, "uuid");
        // Two commits locking the same stores in different orders could each wait for the
        // other. One store needs no order: the update of its version locks its row, and when
        // it waited for another commit there, it reads the version that commit left (Read
        // Committed reads a row again once its lock is had), so the check below still holds.
        // Locking it first as well wrote to the row twice.
        let lock_first = self.expected.is_some() && self.stores.len() > 1;
        out.push_sql("WITH ");
        if lock_first {
            out.push_sql("locked AS (SELECT id FROM stores WHERE ");
            rows::any_of(&mut out, "id", &stores)?;
            out.push_sql(" ORDER BY id FOR UPDATE), ");
        }
        out.push_sql(
            "appended AS (
                 INSERT INTO store_events
                        (store_id, version, kind, data, managers_only, user_ids, created_at)
                 SELECT e.store_id, e.version, e.kind, e.data, e.managers_only,
                        e.user_ids::uuid[], ",
        );
        out.push_bind_param::<Timestamptz, _>(&self.at)?;
        out.push_sql(" FROM ");
        rows::rows(
            &mut out,
            "e",
            "store_id, version, kind, data, managers_only, user_ids",
            &[
                &rows::column::<SqlUuid, _>(&c.stores, "uuid"),
                &rows::column::<BigInt, _>(&c.versions, "int8"),
                &rows::column::<Text, _>(&c.kinds, "text"),
                &rows::column::<Jsonb, _>(&c.data, "jsonb"),
                &rows::column::<Bool, _>(&c.managers_only, "bool"),
                &rows::column::<Nullable<Text>, _>(&c.user_ids, "text"),
            ],
        )?;
        out.push_sql(
            "
             ), moved AS (
                 UPDATE stores SET version = ",
        );
        match &self.expected {
            Some(_) => out.push_sql("CASE WHEN stores.version = v.expected THEN v.version END"),
            None => out.push_sql("v.version"),
        }
        out.push_sql(" FROM ");
        let numbers = rows::column::<BigInt, _>(&self.numbers, "int8");
        match &self.expected {
            Some(expected) => {
                rows::rows(
                    &mut out,
                    "v",
                    "id, version, expected",
                    &[
                        &stores,
                        &numbers,
                        &rows::column::<BigInt, _>(expected, "int8"),
                    ],
                )?;
                if lock_first {
                    out.push_sql(" JOIN locked ON locked.id = v.id");
                }
            }
            None => rows::rows(&mut out, "v", "id, version", &[&stores, &numbers])?,
        }
        out.push_sql(
            " WHERE stores.id = v.id
              RETURNING stores.id, stores.version
             )",
        );
        // Not read by the query below, these run after it has moved (and so locked) the
        // stores.
        for (name, write) in &self.writes {
            out.push_sql(", ");
            out.push_sql(name);
            out.push_sql(" AS (");
            write.walk_ast(out.reborrow())?;
            out.push_sql(")");
        }
        out.push_sql(" SELECT pg_notify('store_events', id::text || ':' || version) FROM moved");
        Ok(())
    }
}

impl QueryId for Appended<'_> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Conn> RunQueryDsl<Conn> for Appended<'_> {}

impl StoreEvent {
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
}

/// The outbox rows of a commit, column by column, as [`StoreEvent::append`] binds them.
#[derive(Default)]
struct EventColumns<'a> {
    stores: Vec<uuid::Uuid>,
    versions: Vec<i64>,
    kinds: Vec<&'a str>,
    data: Vec<&'a serde_json::Value>,
    managers_only: Vec<bool>,
    user_ids: Vec<Option<String>>,
}
