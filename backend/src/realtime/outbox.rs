//! Outbox rows as the hub broadcasts them.

use crate::db::models::store_event::StoreEvent;
use crate::realtime::hub::Change;

/// The change of an outbox row, as broadcast.
pub fn change_of(row: &StoreEvent) -> Change {
    Change::new(
        row.store_id,
        row.version,
        &row.kind,
        &row.data,
        row.created_at.timestamp_millis(),
        row.audience(),
    )
}
