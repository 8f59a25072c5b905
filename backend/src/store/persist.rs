//! Committing a batch of planned effects: one transaction, serialised per store across every
//! server process by an advisory lock, with the outbox rows and the version bump.

use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::request::Request;
use crate::db::models::shift::Shift;
use crate::db::models::store::Store;
use crate::db::models::store_event::StoreEvent;
use crate::db::schema::stores;
use crate::domain::ids::StoreId;
use crate::error::AppError;
use crate::store::command::{Effects, Visibility, Write};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
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
        Store::lock_for_write(conn, store)?;
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
                StoreEvent::insert(
                    conn,
                    store,
                    version,
                    draft.kind,
                    &draft.data,
                    &draft.visibility,
                    now,
                )?;
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
            StoreEvent::announce(conn, store, version)?;
        }
        Ok(committed)
    })
}
