//! Committing a batch of planned effects: one transaction, serialised per store across every
//! server process by an advisory lock, with the outbox rows and the version bump.

use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::request::Request;
use crate::db::models::shift::Shift;
use crate::db::schema::{store_events, stores};
use crate::domain::ids::{StoreId, UserId};
use crate::error::AppError;
use crate::store::command::{Effects, Visibility, Write};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use serde::Serialize;
use serde_json::Value;

/// A committed change, as broadcast: `{"storeId", "version", "type", "data", "at"}`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CommittedEvent {
    pub store_id: StoreId,
    pub version: i64,
    #[serde(rename = "type")]
    pub kind: String,
    pub data: Value,
    /// Epoch milliseconds.
    pub at: i64,
    #[serde(skip)]
    pub visibility: Visibility,
}

/// Why a batch did not commit.
#[derive(Debug)]
pub enum PersistError {
    /// Another server process changed the store since this actor loaded it.
    Stale,
    Failed(AppError),
}

impl From<diesel::result::Error> for PersistError {
    fn from(e: diesel::result::Error) -> Self {
        PersistError::Failed(e.into())
    }
}

/// The advisory lock key of a store: its id folded into 64 bits.
pub fn lock_key(store: StoreId) -> i64 {
    let (hi, lo) = store.0.as_u64_pair();
    (hi ^ lo) as i64
}

/// Commits every effect of the batch in one transaction, checking first that the store is
/// still at `expected` version. Returns the committed events of each effect, in order.
pub fn persist(
    conn: &mut PgConnection,
    store: StoreId,
    expected: i64,
    batch: &[&Effects],
    now: DateTime<Utc>,
) -> Result<Vec<Vec<CommittedEvent>>, PersistError> {
    conn.transaction(|conn| {
        diesel::sql_query("SELECT pg_advisory_xact_lock($1)")
            .bind::<BigInt, _>(lock_key(store))
            .execute(conn)?;
        let current: i64 = stores::table
            .find(store)
            .select(stores::version)
            .for_update()
            .first(conn)?;
        if current != expected {
            return Err(PersistError::Stale);
        }
        let mut version = current;
        let mut committed = Vec::with_capacity(batch.len());
        for effects in batch {
            for write in &effects.writes {
                match write {
                    Write::PutShift(shift) => {
                        shift.upsert(conn)?;
                    }
                    Write::DeleteShift(id) => {
                        Shift::delete(conn, store, *id)?;
                    }
                    Write::PutAvailability(window) => {
                        window.upsert(conn)?;
                    }
                    Write::DeleteAvailability(id) => {
                        AvailabilityWindow::delete(conn, store, *id)?;
                    }
                    Write::PutRequest(request) => {
                        request.upsert(conn)?;
                    }
                    Write::DeleteRequest(id) => {
                        Request::delete(conn, store, *id)?;
                    }
                    Write::AddNotification(n) => {
                        n.insert(conn)?;
                    }
                }
            }
            let mut events = Vec::with_capacity(effects.events.len());
            for draft in &effects.events {
                version += 1;
                // Stored as `Store::record_change` stores an audience: managers_only adds the
                // managers to the listed users; no list and not managers_only is everyone.
                let (managers_only, user_ids) = match &draft.visibility {
                    Visibility::Everyone => (false, None),
                    Visibility::Managers => (true, None),
                    Visibility::ManagersAnd(users) => {
                        (true, Some(users.iter().map(|u| u.0).collect::<Vec<_>>()))
                    }
                    Visibility::Users(users) => {
                        (false, Some(users.iter().map(|u| u.0).collect::<Vec<_>>()))
                    }
                };
                diesel::insert_into(store_events::table)
                    .values((
                        store_events::store_id.eq(store),
                        store_events::version.eq(version),
                        store_events::kind.eq(draft.kind),
                        store_events::data.eq(&draft.data),
                        store_events::managers_only.eq(managers_only),
                        store_events::user_ids.eq(user_ids),
                        store_events::created_at.eq(now),
                    ))
                    .execute(conn)?;
                events.push(CommittedEvent {
                    store_id: store,
                    version,
                    kind: draft.kind.to_string(),
                    data: draft.data.clone(),
                    at: now.timestamp_millis(),
                    visibility: draft.visibility.clone(),
                });
            }
            committed.push(events);
        }
        if version != current {
            diesel::update(stores::table.find(store))
                .set(stores::version.eq(version))
                .execute(conn)?;
            diesel::sql_query("SELECT pg_notify('store_events', $1)")
                .bind::<Text, _>(format!("{store}:{version}"))
                .execute(conn)?;
        }
        Ok(committed)
    })
}

/// The users a visibility names (for per-user delivery).
pub fn named_users(v: &Visibility) -> &[UserId] {
    match v {
        Visibility::ManagersAnd(users) | Visibility::Users(users) => users,
        _ => &[],
    }
}
