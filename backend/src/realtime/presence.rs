//! Presence across server processes. Each process tells the others who is looking at a store
//! through its own sockets (`NOTIFY presence`) when that changes and again every
//! [`REFRESH`], and keeps what the others told it for the stores it has rooms for. An entry
//! not refreshed within [`EXPIRY`] is dropped, so a process that died leaves no ghosts.
//! Changes are announced at most once per [`MIN_GAP`] per store ([`Pacer`]): an announcement
//! speaks for everyone present in the store through this process, so clients changing their
//! presence quickly cost one `NOTIFY` a second, and the last change is never lost.

use crate::domain::ids::{StoreId, UserId};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::Hash;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// The channel processes announce their presence on.
pub const CHANNEL: &str = "presence";
/// How often a process repeats its presence.
pub const REFRESH: Duration = Duration::from_secs(10);
/// How long another process's presence stands without being repeated.
pub const EXPIRY: Duration = Duration::from_secs(35);
/// Least time between two announcements (or two questions) of one store by this process.
pub const MIN_GAP: Duration = Duration::from_secs(1);
/// Most users one announcement lists.
const MAX_USERS: usize = 40;
/// A `NOTIFY` payload must stay under 8,000 bytes.
const MAX_PAYLOAD: usize = 7_900;

/// One presence entry: a user looking at the store, and the shift they edit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PresentUser {
    pub user_id: UserId,
    pub name: String,
    pub editing: Option<String>,
}

/// What one process says about a store.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Announcement {
    /// The announcing process.
    pub node: Uuid,
    pub store: StoreId,
    /// Grows with each announcement of the process, so a late one never wins over a newer.
    pub seq: u64,
    /// Asks the other processes to announce theirs (this one just opened a room).
    #[serde(default)]
    pub ask: bool,
    #[serde(default)]
    pub users: Vec<PresentUser>,
}

impl Announcement {
    /// The `NOTIFY` payload.
    pub fn encode(mut self) -> String {
        self.users.truncate(MAX_USERS);
        for u in &mut self.users {
            truncate_chars(&mut u.name, 80);
            if let Some(e) = &mut u.editing {
                truncate_chars(e, 64);
            }
        }
        loop {
            let payload = serde_json::to_string(&self).unwrap_or_default();
            if payload.len() <= MAX_PAYLOAD || self.users.pop().is_none() {
                return payload;
            }
        }
    }

    pub fn parse(payload: &str) -> Option<Announcement> {
        serde_json::from_str(payload).ok()
    }
}

fn truncate_chars(s: &mut String, max: usize) {
    if let Some((i, _)) = s.char_indices().nth(max) {
        s.truncate(i);
    }
}

/// Merges presence entries into one per user, by name: a user editing something in one tab
/// shows as editing it.
pub fn merge<'a>(entries: impl IntoIterator<Item = &'a PresentUser>) -> Vec<PresentUser> {
    let mut users: BTreeMap<UserId, PresentUser> = BTreeMap::new();
    for p in entries {
        let entry = users.entry(p.user_id).or_insert_with(|| p.clone());
        if entry.editing.is_none() {
            entry.editing.clone_from(&p.editing);
        }
    }
    let mut list: Vec<PresentUser> = users.into_values().collect();
    list.sort_by(|a, b| a.name.cmp(&b.name).then(a.user_id.cmp(&b.user_id)));
    list
}

/// When an announcement asked for may go out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pace {
    /// Now.
    Now,
    /// After this wait: ask again then. Requests meanwhile are merged into that one.
    After(Duration),
    /// One is already waiting for its turn, and will say the same.
    Merged,
}

/// Spaces the announcements of each key (a store; a store's questions) at least [`MIN_GAP`]
/// apart. A request inside the gap is put off to its end, never dropped: an announcement
/// says what holds when it goes out, so the delayed one carries every change made meanwhile.
#[derive(Debug)]
pub struct Pacer<K> {
    /// When each key last went out (kept for [`MIN_GAP`]).
    last: HashMap<K, Instant>,
    /// The keys put off to the end of their gap.
    due: HashSet<K>,
    pruned_at: Option<Instant>,
}

impl<K> Default for Pacer<K> {
    fn default() -> Self {
        Pacer {
            last: HashMap::new(),
            due: HashSet::new(),
            pruned_at: None,
        }
    }
}

impl<K: Copy + Eq + Hash> Pacer<K> {
    /// Asks to announce `key` at `now`. On [`Pace::After`], the caller asks again after the
    /// wait (that request goes out).
    pub fn request(&mut self, key: K, now: Instant) -> Pace {
        self.prune(now);
        if let Some(&at) = self.last.get(&key) {
            let free = at + MIN_GAP;
            if now < free {
                return if self.due.insert(key) {
                    Pace::After(free - now)
                } else {
                    Pace::Merged
                };
            }
        }
        self.due.remove(&key);
        self.last.insert(key, now);
        Pace::Now
    }

    /// Forgets, once per gap, the keys whose gap is over and that wait for nothing.
    fn prune(&mut self, now: Instant) {
        if self
            .pruned_at
            .is_some_and(|at| now.saturating_duration_since(at) < MIN_GAP)
        {
            return;
        }
        self.pruned_at = Some(now);
        let due = &self.due;
        self.last
            .retain(|k, at| now.saturating_duration_since(*at) < MIN_GAP || due.contains(k));
    }

    /// Keys remembered, for tests.
    pub fn tracked(&self) -> usize {
        self.last.len()
    }
}

#[derive(Debug)]
struct Entry {
    seq: u64,
    at: Instant,
    users: Vec<PresentUser>,
}

/// What the other processes said about one store.
#[derive(Debug, Default)]
pub struct Remote {
    nodes: HashMap<Uuid, Entry>,
}

impl Remote {
    /// Records an announcement heard at `now`. Returns whether the users shown changed.
    pub fn record(&mut self, a: Announcement, now: Instant) -> bool {
        if self.nodes.get(&a.node).is_some_and(|e| e.seq > a.seq) {
            return false;
        }
        if a.users.is_empty() {
            return self
                .nodes
                .remove(&a.node)
                .is_some_and(|e| !e.users.is_empty());
        }
        let changed = self.nodes.get(&a.node).is_none_or(|e| e.users != a.users);
        self.nodes.insert(
            a.node,
            Entry {
                seq: a.seq,
                at: now,
                users: a.users,
            },
        );
        changed
    }

    /// Forgets what was not repeated within [`EXPIRY`]. Returns whether anything went.
    pub fn expire(&mut self, now: Instant) -> bool {
        let before = self.nodes.len();
        self.nodes
            .retain(|_, e| now.saturating_duration_since(e.at) <= EXPIRY);
        self.nodes.len() != before
    }

    pub fn users(&self) -> impl Iterator<Item = &PresentUser> {
        self.nodes.values().flat_map(|e| e.users.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user(name: &str, editing: Option<&str>) -> PresentUser {
        PresentUser {
            user_id: UserId::new(),
            name: name.into(),
            editing: editing.map(str::to_string),
        }
    }

    fn said(node: Uuid, seq: u64, users: Vec<PresentUser>) -> Announcement {
        Announcement {
            node,
            store: StoreId::new(),
            seq,
            ask: false,
            users,
        }
    }

    #[test]
    fn announcements_round_trip_and_stay_small() {
        let many: Vec<PresentUser> = (0..500)
            .map(|i| user(&format!("{i}{}", "é".repeat(200)), Some(&"x".repeat(500))))
            .collect();
        let a = said(Uuid::now_v7(), 3, many);
        let payload = a.clone().encode();
        assert!(payload.len() < 8000, "{} bytes", payload.len());
        let back = Announcement::parse(&payload).expect("parses");
        assert!(!back.users.is_empty() && back.users.len() <= MAX_USERS);
        assert_eq!((back.node, back.seq), (a.node, 3));
        assert_eq!(Announcement::parse("nope"), None);
    }

    #[test]
    fn newer_announcements_replace_older_ones_and_silence_expires() {
        let (a, b) = (Uuid::now_v7(), Uuid::now_v7());
        let t0 = Instant::now();
        let mut remote = Remote::default();
        let ana = user("Ana", None);
        assert!(remote.record(said(a, 2, vec![ana.clone()]), t0));
        assert!(
            !remote.record(said(a, 2, vec![ana.clone()]), t0),
            "same users"
        );
        assert!(!remote.record(said(a, 1, vec![]), t0), "a late one loses");
        assert!(remote.record(said(b, 1, vec![user("Ben", Some("s1"))]), t0));
        assert_eq!(remote.users().count(), 2);
        assert!(remote.record(said(b, 2, vec![]), t0), "Ben left");
        assert!(!remote.expire(t0 + EXPIRY));
        assert!(remote.expire(t0 + EXPIRY + Duration::from_secs(1)));
        assert_eq!(remote.users().count(), 0);
    }

    #[test]
    fn announcements_of_a_store_go_out_at_most_once_a_gap_and_the_last_is_never_lost() {
        let mut pacer = Pacer::default();
        let (a, b) = (StoreId::new(), StoreId::new());
        let t0 = Instant::now();
        let ms = Duration::from_millis;
        assert_eq!(pacer.request(a, t0), Pace::Now);
        // A hundred changes within the gap: one is put off to its end, the rest merge.
        assert_eq!(pacer.request(a, t0 + ms(10)), Pace::After(ms(990)));
        for i in 0..100 {
            assert_eq!(pacer.request(a, t0 + ms(20 + i)), Pace::Merged);
        }
        // Another store has its own gap.
        assert_eq!(pacer.request(b, t0 + ms(500)), Pace::Now);
        // The put-off one asks again at the end of the gap, and goes.
        assert_eq!(pacer.request(a, t0 + MIN_GAP), Pace::Now);
        assert_eq!(pacer.request(a, t0 + ms(1_200)), Pace::After(ms(800)));
        // Quiet stores are forgotten.
        assert_eq!(pacer.request(a, t0 + ms(2_000)), Pace::Now);
        assert_eq!(pacer.request(a, t0 + ms(5_000)), Pace::Now);
        assert_eq!(pacer.tracked(), 1, "b was forgotten");
    }

    #[test]
    fn merged_presence_is_one_entry_per_user_by_name() {
        let zoe = user("Zoe", None);
        let mut zoe_editing = zoe.clone();
        zoe_editing.editing = Some("shift-1".into());
        let ana = user("Ana", None);
        let merged = merge([&zoe, &ana, &zoe_editing]);
        assert_eq!(merged.len(), 2);
        assert_eq!(merged[0].name, "Ana");
        assert_eq!(merged[1].editing.as_deref(), Some("shift-1"));
    }
}
