//! The notification settings of readers, as the commits that queue their mail and pushes
//! read them: kept in memory, so that a chat message's commit does not first ask the
//! database for its reader's settings. Every change of a person's settings announces itself
//! (`NOTIFY notification_settings`, in the transaction that makes it), and every process
//! forgets what it kept of that person when it hears it; the process that made the change
//! forgets at once, and one whose listen connection was down forgets everything. What is
//! kept is believed for [`KEPT_FOR`] at most.

use crate::db::models::notification::Notification;
use crate::db::models::notification_delivery::Channels;
use crate::db::models::notification_setting::NotificationSetting;
use crate::domain::ids::UserId;
use crate::domain::notification_settings::{Channel, Settings};
use diesel::prelude::*;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long kept settings are believed without hearing of a change.
const KEPT_FOR: Duration = Duration::from_secs(60);
/// Most people kept; past it what is stale goes, and everything if that is not enough.
const LIMIT: usize = 10_000;

/// The kept settings. Cheap to clone; clones share what is kept.
#[derive(Debug, Clone, Default)]
pub struct ReaderSettings(Arc<Mutex<Kept>>);

impl ReaderSettings {
    /// The settings of each of `users` (the defaults for those who set none), read from the
    /// database only for those not kept.
    pub fn of(
        &self,
        conn: &mut PgConnection,
        users: &[UserId],
    ) -> QueryResult<HashMap<UserId, Settings>> {
        let now = Instant::now();
        let (mut found, missing, epoch) = {
            let kept = self.lock();
            let mut found = HashMap::with_capacity(users.len());
            let mut missing = Vec::new();
            for &user in users {
                match kept.get(user, now) {
                    Some(settings) => {
                        found.insert(user, settings.clone());
                    }
                    None => missing.push(user),
                }
            }
            (found, missing, kept.epoch)
        };
        if missing.is_empty() {
            return Ok(found);
        }
        let mut read = NotificationSetting::of_users(conn, &missing)?;
        let mut kept = self.lock();
        for user in missing {
            let settings = read.remove(&user).unwrap_or_default();
            kept.remember(user, settings.clone(), epoch, now);
            found.insert(user, settings);
        }
        Ok(found)
    }

    /// The channels each notification takes as its reader's settings say: a kind they turned
    /// off is not queued on that channel, and a push in their quiet hours waits for them to
    /// end.
    pub fn as_set<'a>(
        &self,
        conn: &mut PgConnection,
        queued: Vec<(&'a Notification, Channels)>,
    ) -> QueryResult<Vec<(&'a Notification, Channels)>> {
        let mut readers: Vec<UserId> = queued.iter().filter_map(|(n, _)| n.access_for).collect();
        readers.sort_unstable();
        readers.dedup();
        let settings = self.of(conn, &readers)?;
        let defaults = Settings::default();
        Ok(queued
            .into_iter()
            .map(|(n, mut channels)| {
                let own = n
                    .access_for
                    .and_then(|u| settings.get(&u))
                    .unwrap_or(&defaults);
                channels.mail &= own.allows(n.kind, Channel::Mail);
                channels.push &= own.allows(n.kind, Channel::Push);
                channels.push_hold = channels.push_hold.max(own.push_wait(n.created_at));
                (n, channels)
            })
            .collect())
    }

    /// Forgets what is kept of `user`, whose settings changed.
    pub fn forget(&self, user: UserId) {
        self.lock().forget(Some(user));
    }

    /// Forgets everything: changes may have gone unheard (the listen connection was down).
    pub fn forget_all(&self) {
        self.lock().forget(None);
    }

    fn lock(&self) -> MutexGuard<'_, Kept> {
        // A map of settings stays whole through a panic elsewhere: recover it.
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[derive(Debug, Default)]
struct Kept {
    known: HashMap<UserId, (Settings, Instant)>,
    /// Counts forgettings, so that a read begun before one (which may have read what it
    /// forgot) is not kept.
    epoch: u64,
}

impl Kept {
    fn get(&self, user: UserId, now: Instant) -> Option<&Settings> {
        self.known
            .get(&user)
            .filter(|(_, at)| now.saturating_duration_since(*at) < KEPT_FOR)
            .map(|(settings, _)| settings)
    }

    fn remember(&mut self, user: UserId, settings: Settings, epoch: u64, now: Instant) {
        if epoch != self.epoch {
            return;
        }
        if self.known.len() >= LIMIT {
            self.known
                .retain(|_, (_, at)| now.saturating_duration_since(*at) < KEPT_FOR);
            if self.known.len() >= LIMIT {
                self.known.clear();
            }
        }
        self.known.insert(user, (settings, now));
    }

    /// Forgets `user`, or everyone.
    fn forget(&mut self, user: Option<UserId>) {
        match user {
            Some(user) => {
                self.known.remove(&user);
            }
            None => self.known.clear(),
        }
        self.epoch += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::notification_settings::Ways;
    use std::collections::BTreeMap;

    fn quiet_mail() -> Settings {
        let set = BTreeMap::from([(
            "message".to_string(),
            Ways {
                mail: false,
                push: false,
            },
        )]);
        Settings::default().with(&set).expect("a known kind")
    }

    #[test]
    fn what_was_read_is_believed_for_a_while_only() {
        let mut kept = Kept::default();
        let (user, t0) = (UserId::new(), Instant::now());
        assert!(kept.get(user, t0).is_none());
        kept.remember(user, quiet_mail(), kept.epoch, t0);
        assert_eq!(kept.get(user, t0 + KEPT_FOR / 2), Some(&quiet_mail()));
        assert!(kept.get(user, t0 + KEPT_FOR).is_none());
    }

    #[test]
    fn a_change_heard_drops_the_person_and_no_one_else() {
        let mut kept = Kept::default();
        let (changed, other, t0) = (UserId::new(), UserId::new(), Instant::now());
        kept.remember(changed, quiet_mail(), kept.epoch, t0);
        kept.remember(other, Settings::default(), kept.epoch, t0);
        kept.forget(Some(changed));
        assert!(kept.get(changed, t0).is_none());
        assert_eq!(kept.get(other, t0), Some(&Settings::default()));
        kept.forget(None);
        assert!(kept.get(other, t0).is_none());
    }

    #[test]
    fn a_read_that_crossed_a_change_is_not_kept() {
        let mut kept = Kept::default();
        let (user, t0) = (UserId::new(), Instant::now());
        // The read began, then the change was heard, then the read answered (what it read
        // may be the settings before the change).
        let began = kept.epoch;
        kept.forget(Some(user));
        kept.remember(user, Settings::default(), began, t0);
        assert!(kept.get(user, t0).is_none());
    }

    #[test]
    fn what_is_kept_stays_under_its_limit() {
        let mut kept = Kept::default();
        let t0 = Instant::now();
        for _ in 0..LIMIT + 10 {
            kept.remember(UserId::new(), Settings::default(), kept.epoch, t0);
        }
        assert!(kept.known.len() <= LIMIT);
    }
}
