//! A store's part of a commit, and its events numbered on the store's version: what either
//! way of committing (a transaction, or one statement of upserts) writes and answers, and
//! the final state of each row a batch writes.

use crate::domain::ids::StoreId;
use crate::store::command::{Effects, Visibility};
use crate::store::write::Write;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use std::collections::hash_map::{Entry, HashMap};
use std::hash::Hash;

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

/// What a commit of several parts answers: each part's committed events, per effect, or
/// `None` for a part whose store had moved on.
pub type Answers = Vec<Option<Vec<Vec<CommittedEvent>>>>;

/// One store's part of a commit: its batch, planned on the store's version `expected`.
pub struct Part<'a> {
    pub store: StoreId,
    pub expected: i64,
    pub batch: &'a [&'a Effects],
}

impl<'a> Part<'a> {
    /// The writes of the batch, in order.
    pub(super) fn writes(&self) -> impl Iterator<Item = &'a Write> {
        let batch: &'a [&'a Effects] = self.batch;
        batch.iter().flat_map(|e| &e.writes)
    }
}

/// An outbox row: the store, its version, the change's type, data and audience.
pub(super) type OutboxRow<'a> = (StoreId, i64, &'a str, &'a Value, &'a Visibility);

/// The outbox rows of the committed answers, and each store's newest version.
pub(super) fn outbox(answers: &Answers) -> (Vec<OutboxRow<'_>>, Vec<(StoreId, i64)>) {
    let versions = answers
        .iter()
        .flatten()
        .filter_map(|committed| committed.iter().flatten().last())
        .map(|last| (last.store_id, last.version))
        .collect();
    let rows = answers
        .iter()
        .flatten()
        .flatten()
        .flatten()
        .map(|e| {
            (
                e.store_id,
                e.version,
                e.kind.as_str(),
                &e.data,
                &e.visibility,
            )
        })
        .collect();
    (rows, versions)
}

/// The events of a part's batch, numbered from the store's version `at`.
pub(super) fn number(part: &Part, at: i64, now: DateTime<Utc>) -> Vec<Vec<CommittedEvent>> {
    let mut version = at;
    part.batch
        .iter()
        .map(|effects| {
            effects
                .events
                .iter()
                .map(|draft| {
                    version += 1;
                    CommittedEvent {
                        store_id: part.store,
                        version,
                        kind: draft.kind.to_string(),
                        data: draft.data.clone(),
                        at: now.timestamp_millis(),
                        visibility: draft.visibility.clone(),
                    }
                })
                .collect()
        })
        .collect()
}

/// The last of each key's rows, in the order the keys were first written: a batch that writes
/// one row several times writes its final state, once.
pub(super) fn finals<T, K: Eq + Hash>(
    rows: impl IntoIterator<Item = T>,
    key: impl Fn(&T) -> K,
) -> Vec<T> {
    let mut at = HashMap::new();
    let mut finals: Vec<T> = Vec::new();
    for row in rows {
        match at.entry(key(&row)) {
            Entry::Occupied(i) => finals[*i.get()] = row,
            Entry::Vacant(slot) => {
                slot.insert(finals.len());
                finals.push(row);
            }
        }
    }
    finals
}

#[cfg(test)]
mod tests {
    use super::finals;

    #[test]
    fn a_row_written_several_times_keeps_its_last_state_at_its_first_place() {
        let writes = [("a", 1), ("b", 1), ("a", 2), ("c", 1), ("b", 2), ("a", 3)];
        assert_eq!(
            finals(writes, |(key, _)| *key),
            vec![("a", 3), ("b", 2), ("c", 1)]
        );
    }

    #[test]
    fn rows_written_once_keep_their_order() {
        assert_eq!(finals([3, 1, 2], |n| *n), vec![3, 1, 2]);
        assert_eq!(finals(Vec::<i32>::new(), |n| *n), Vec::<i32>::new());
    }
}
