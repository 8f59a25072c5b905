//! New notifications for their readers' own rooms: a notification reaches every socket of
//! its reader, whichever store that socket joined (or none), on every server process.
//!
//! Sockets in the notification's store room get it with the change, as every change reaches
//! them. For the reader's other sockets, the process where the notification was committed
//! pushes it to its own, and tells the others which versions of which store are for whom
//! (`NOTIFY notification_alerts`). A process with sockets of such a reader outside that
//! store's room reads those versions from the outbox and pushes them. These alerts are live
//! extras: the notification itself is stored, so a process that misses one (its listen
//! connection was down, or too many were waiting) loses nothing the reader cannot read.

use crate::domain::ids::{StoreId, UserId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeSet, HashMap};
use uuid::Uuid;

/// The channel processes announce new notifications on.
pub const CHANNEL: &str = "notification_alerts";
/// Alerts one announcement lists, so that its payload stays well under the 8,000 bytes of a
/// `NOTIFY` (an alert takes at most 61 bytes).
const PER_NOTICE: usize = 100;
/// Most alerts waiting to be announced; past it new ones are not announced.
pub const MAX_OUTGOING: usize = 10_000;
/// Most alerts heard from other processes waiting to be read; past it new ones are dropped.
pub const MAX_INCOMING: usize = 10_000;

/// A new notification of `store`, committed at `version`, for `user`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Alert {
    pub store: StoreId,
    pub version: i64,
    pub user: UserId,
}

/// What a process tells the others: the versions of a store that are notifications, and
/// their readers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Notice {
    /// The announcing process (which has already alerted its own sockets).
    pub node: Uuid,
    pub store: StoreId,
    /// `(version, reader)` pairs.
    pub alerts: Vec<(i64, UserId)>,
}

impl Notice {
    /// The `NOTIFY` payloads announcing `alerts` (of any stores), in order.
    pub fn encode_all(node: Uuid, alerts: &[Alert]) -> Vec<String> {
        let mut by_store: Vec<(StoreId, Vec<(i64, UserId)>)> = Vec::new();
        for a in alerts {
            match by_store.iter_mut().find(|(s, _)| *s == a.store) {
                Some((_, list)) => list.push((a.version, a.user)),
                None => by_store.push((a.store, vec![(a.version, a.user)])),
            }
        }
        by_store
            .into_iter()
            .flat_map(|(store, list)| {
                list.chunks(PER_NOTICE)
                    .map(|chunk| Notice {
                        node,
                        store,
                        alerts: chunk.to_vec(),
                    })
                    .collect::<Vec<_>>()
            })
            // Serialising our own values to JSON cannot fail.
            .filter_map(|n| serde_json::to_string(&n).ok())
            .collect()
    }

    pub fn parse(payload: &str) -> Option<Notice> {
        serde_json::from_str(payload).ok()
    }
}

/// Alerts waiting for the delivery loop, bounded both ways.
#[derive(Debug, Default)]
pub struct Pending {
    /// To announce to the other processes.
    outgoing: Vec<Alert>,
    /// Heard from the other processes: versions to read from each store's outbox.
    incoming: HashMap<StoreId, BTreeSet<i64>>,
    incoming_len: usize,
}

impl Pending {
    /// Queues an alert to announce. False when too many wait (it is dropped).
    pub fn send(&mut self, alert: Alert) -> bool {
        if self.outgoing.len() >= MAX_OUTGOING {
            return false;
        }
        self.outgoing.push(alert);
        true
    }

    /// Takes every alert waiting to be announced.
    pub fn take_outgoing(&mut self) -> Vec<Alert> {
        std::mem::take(&mut self.outgoing)
    }

    /// Queues a version of `store` to read. False when it was already waiting, or when too
    /// many wait (it is dropped).
    pub fn heard(&mut self, store: StoreId, version: i64) -> bool {
        if self.incoming_len >= MAX_INCOMING {
            return false;
        }
        let added = self.incoming.entry(store).or_default().insert(version);
        self.incoming_len += usize::from(added);
        added
    }

    /// Whether a version of `store` waits to be read.
    pub fn is_waiting(&self, store: StoreId, version: i64) -> bool {
        self.incoming
            .get(&store)
            .is_some_and(|versions| versions.contains(&version))
    }

    /// Takes the versions of `store` waiting to be read, oldest first.
    pub fn take_incoming(&mut self, store: StoreId) -> Vec<i64> {
        let versions = self.incoming.remove(&store).unwrap_or_default();
        self.incoming_len -= versions.len();
        versions.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_round_trip_by_store_and_stay_small() {
        let node = Uuid::now_v7();
        let (a, b) = (StoreId::new(), StoreId::new());
        let user = UserId::new();
        let mut alerts: Vec<Alert> = (0..250)
            .map(|i| Alert {
                store: a,
                version: i64::MAX - i,
                user,
            })
            .collect();
        alerts.push(Alert {
            store: b,
            version: 3,
            user,
        });
        let payloads = Notice::encode_all(node, &alerts);
        assert_eq!(payloads.len(), 4, "three of a, one of b");
        assert!(payloads.iter().all(|p| p.len() < 8000));
        let notices: Vec<Notice> = payloads
            .iter()
            .map(|p| Notice::parse(p).expect("parses"))
            .collect();
        assert!(notices.iter().all(|n| n.node == node));
        let of_a: Vec<(i64, UserId)> = notices
            .iter()
            .filter(|n| n.store == a)
            .flat_map(|n| n.alerts.clone())
            .collect();
        assert_eq!(of_a.len(), 250);
        assert_eq!(of_a[0], (i64::MAX, user));
        assert_eq!(notices[3].alerts, vec![(3, user)]);
        assert_eq!(Notice::parse("nope"), None);
    }

    #[test]
    fn waiting_alerts_are_bounded_both_ways() {
        let mut pending = Pending::default();
        let (store, user) = (StoreId::new(), UserId::new());
        for version in 0..MAX_OUTGOING as i64 {
            assert!(pending.send(Alert {
                store,
                version,
                user
            }));
        }
        assert!(!pending.send(Alert {
            store,
            version: -1,
            user
        }));
        assert_eq!(pending.take_outgoing().len(), MAX_OUTGOING);
        assert!(pending.take_outgoing().is_empty());

        assert!(pending.heard(store, 7));
        assert!(!pending.heard(store, 7), "already waiting");
        assert!(pending.is_waiting(store, 7));
        assert!(pending.heard(store, 5));
        assert_eq!(pending.take_incoming(store), vec![5, 7]);
        assert!(pending.take_incoming(store).is_empty());
        for version in 0..MAX_INCOMING as i64 {
            assert!(pending.heard(StoreId::new(), version));
        }
        assert!(!pending.heard(store, 1), "full");
    }
}
