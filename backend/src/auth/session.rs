//! Server-side sessions. Every token names a session (a row of `sessions`); signing out ends
//! it, signing out everywhere and a new password end several. A token of an ended session is
//! refused like an invalid one.
//!
//! Checking costs no query per call: each server process remembers what it found for a
//! session for [`CHECK_TTL`], and hears of endings at once. The process that ends sessions
//! forgets them itself, right after the commit; the others hear `NOTIFY sessions_ended` (sent
//! in the ending's transaction, so only once it is committed) on the listen connection of the
//! realtime layer, which also closes the ended sessions' sockets ([`Sessions::on_end`]). The
//! TTL only bounds how long a process that missed an announcement (its listen connection was
//! down, and it has forgotten everything on reconnecting anyway) can believe a session open.

use crate::auth::jwt::{Keys, TokenClaims};
use crate::db::models::session::{NewSession, Session};
use crate::db::models::user::User;
use crate::db::Db;
use crate::domain::ids::{SessionId, UserId};
use crate::domain::sign_in::SignedIn;
use crate::error::{AppError, AppResult};
use actix_web::http::header;
use actix_web::HttpRequest;
use chrono::{DateTime, Utc};
use diesel::PgConnection;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::{Duration, Instant};

/// The channel endings are announced on; the payload is the ended ids, comma-separated.
pub const CHANNEL: &str = "sessions_ended";
/// How long a process believes what it read about a session without reading it again.
pub const CHECK_TTL: Duration = Duration::from_secs(30);
/// Most sessions remembered at once (some 60 bytes each).
const CACHE_LIMIT: usize = 100_000;
/// Ids per announcement: Postgres refuses payloads of 8000 bytes or more, an id takes 37.
const IDS_PER_NOTIFY: usize = 200;
/// Sessions whose token expired longer ago than this are deleted at their user's next
/// sign-in.
const KEEP_EXPIRED: chrono::Duration = chrono::Duration::days(1);

/// Told of every session this process learns has ended, its own endings and the other
/// processes' alike (so possibly twice).
pub type OnEnd = Arc<dyn Fn(&[SessionId]) + Send + Sync>;

/// Who a request's token speaks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bearer {
    /// No token was sent.
    Missing,
    /// A token was sent but is malformed, forged or expired, or its session has ended.
    Invalid,
    /// A valid token of this user and open session.
    User(UserId, SessionId),
}

impl Bearer {
    pub fn user(self) -> Option<UserId> {
        match self {
            Bearer::User(u, _) => Some(u),
            _ => None,
        }
    }

    pub fn session(self) -> Option<SessionId> {
        match self {
            Bearer::User(_, s) => Some(s),
            _ => None,
        }
    }
}

/// The token of the `Authorization` header: `None` without the header, an empty token when
/// it does not hold a bearer token (which no check accepts).
pub fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?;
    Some(
        value
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| t.trim().to_string())
            .unwrap_or_default(),
    )
}

/// Opens, checks and ends sessions. Cheap to clone.
#[derive(Clone)]
pub struct Sessions {
    inner: Arc<Inner>,
}

struct Inner {
    db: Db,
    keys: Keys,
    cache: Mutex<Cache>,
    on_end: OnceLock<OnEnd>,
}

impl Sessions {
    pub fn new(db: Db, keys: Keys) -> Sessions {
        Sessions {
            inner: Arc::new(Inner {
                db,
                keys,
                cache: Mutex::new(Cache::default()),
                on_end: OnceLock::new(),
            }),
        }
    }

    /// The keys tokens are signed with.
    pub fn keys(&self) -> &Keys {
        &self.inner.keys
    }

    /// Sets who is told of ended sessions (the realtime server, which closes their sockets).
    /// Only the first call counts.
    pub fn on_end(&self, f: OnEnd) {
        if self.inner.on_end.set(f).is_err() {
            tracing::warn!("the listener of ended sessions was set twice");
        }
    }

    fn cache(&self) -> MutexGuard<'_, Cache> {
        // The cache is only a shortcut to the database: what a panicking holder left is safe.
        self.inner
            .cache
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Opens a session for `user`, signed in as `signed_in` says, and returns its token.
    pub async fn open(&self, user: UserId, signed_in: SignedIn) -> AppResult<String> {
        let keys = self.inner.keys.clone();
        self.inner
            .db
            .run(move |conn| open(conn, &keys, user, signed_in))
            .await
    }

    /// How and when the open session `id` of `user` signed in; `None` once it has ended.
    pub async fn signed_in(&self, id: SessionId, user: UserId) -> AppResult<Option<SignedIn>> {
        self.inner
            .db
            .run(move |conn| Ok(Session::signed_in(conn, id, user)?))
            .await
    }

    /// Checks the bearer token of a request, if it has one.
    pub async fn bearer(&self, req: &HttpRequest) -> AppResult<Bearer> {
        match bearer_token(req) {
            None => Ok(Bearer::Missing),
            Some(token) => self.verify(&token).await,
        }
    }

    /// Checks a raw token (from a header or the socket handshake): its signature and
    /// expiry, then that its session is open. Fails only when the database cannot answer.
    pub async fn verify(&self, token: &str) -> AppResult<Bearer> {
        let Ok(TokenClaims { user, session }) = self.inner.keys.verify(token) else {
            return Ok(Bearer::Invalid);
        };
        let (known, epoch) = {
            let cache = self.cache();
            (cache.get(session, Instant::now()), cache.epoch)
        };
        let open = match known {
            Some(open) => open,
            None => {
                let open = self
                    .inner
                    .db
                    .run(move |conn| Ok(Session::is_open(conn, session, user)?))
                    .await?;
                self.cache().remember(session, open, epoch, Instant::now());
                open
            }
        };
        Ok(if open {
            Bearer::User(user, session)
        } else {
            Bearer::Invalid
        })
    }

    /// Ends one session.
    pub async fn end(&self, id: SessionId) -> AppResult<()> {
        let ended = self
            .inner
            .db
            .transaction(move |conn| {
                let ended = Session::end(conn, id, Utc::now())?;
                announce(conn, &ended)?;
                Ok(ended)
            })
            .await?;
        self.ended(&ended);
        Ok(())
    }

    /// Ends every session of `user` but `keep`.
    pub async fn end_all(&self, user: UserId, keep: Option<SessionId>) -> AppResult<()> {
        let ended = self
            .inner
            .db
            .transaction(move |conn| end_all(conn, user, keep, Utc::now()))
            .await?;
        self.ended(&ended);
        Ok(())
    }

    /// Takes note of committed endings (this process's, or announced by another) and tells
    /// the listener.
    pub fn ended(&self, ids: &[SessionId]) {
        if ids.is_empty() {
            return;
        }
        self.cache().ended(ids, Instant::now());
        tracing::debug!(count = ids.len(), "sessions ended");
        if let Some(f) = self.inner.on_end.get() {
            f(ids);
        }
    }

    /// Whether this process knows `id` has ended (without asking the database).
    pub fn known_ended(&self, id: SessionId) -> bool {
        self.cache().get(id, Instant::now()) == Some(false)
    }

    /// Forgets everything read so far: announcements may have been missed (the listen
    /// connection was down).
    pub fn forget_all(&self) {
        self.cache().forget_all();
    }
}

/// Opens a session for `user` on `conn`, signed in as `signed_in` says (its time by the
/// product's clock), and returns its token. The token's own times are the system's, which
/// its checks read. Also deletes the user's sessions that expired long ago.
pub fn open(
    conn: &mut PgConnection,
    keys: &Keys,
    user: UserId,
    signed_in: SignedIn,
) -> AppResult<String> {
    // A deleted account opens no session, however it was reached.
    if User::find_opt(conn, user)?.is_none() {
        return Err(AppError::unauthorized(
            "not_authenticated",
            crate::messages::NOT_AUTHENTICATED,
        ));
    }
    let id = SessionId::new();
    let now = Utc::now();
    let issued = now.timestamp();
    let expires_at = DateTime::from_timestamp(keys.expiry(issued), 0)
        .ok_or_else(|| AppError::internal("the token expiry is out of range"))?;
    Session::forget_expired(conn, user, now - KEEP_EXPIRED)?;
    NewSession {
        id,
        user_id: user,
        created_at: now,
        expires_at,
        method: signed_in.method,
        signed_in_at: signed_in.at,
    }
    .insert(conn)?;
    keys.issue(user, id, issued).map_err(AppError::internal)
}

/// Ends every open session of `user` but `keep` and announces the endings, which the other
/// processes hear when the caller's transaction commits. Returns the ended sessions, for
/// [`Sessions::ended`] after the commit.
pub fn end_all(
    conn: &mut PgConnection,
    user: UserId,
    keep: Option<SessionId>,
    now: DateTime<Utc>,
) -> AppResult<Vec<SessionId>> {
    let ended = Session::end_all_of(conn, user, keep, now)?;
    announce(conn, &ended)?;
    Ok(ended)
}

/// `NOTIFY sessions_ended` with the ids, in as many announcements as their length needs.
fn announce(conn: &mut PgConnection, ids: &[SessionId]) -> AppResult<()> {
    for chunk in ids.chunks(IDS_PER_NOTIFY) {
        let payload = chunk
            .iter()
            .map(SessionId::to_string)
            .collect::<Vec<_>>()
            .join(",");
        crate::db::notify::notify(conn, CHANNEL, &payload)?;
    }
    Ok(())
}

/// The ids of an announcement; what does not parse is skipped.
pub fn parse_ended(payload: &str) -> Vec<SessionId> {
    payload
        .split(',')
        .filter_map(|id| id.trim().parse().ok())
        .collect()
}

/// What this process read or heard about sessions, each for [`CHECK_TTL`]. An ending is
/// final: no later read that the session is open overrides it.
#[derive(Debug, Default)]
struct Cache {
    known: HashMap<SessionId, Known>,
    /// Counts [`Cache::forget_all`]s, so a read that started before one is not remembered.
    epoch: u64,
}

#[derive(Debug, Clone, Copy)]
struct Known {
    open: bool,
    at: Instant,
}

impl Cache {
    /// Whether the session is open, if known and fresh.
    fn get(&self, id: SessionId, now: Instant) -> Option<bool> {
        self.known
            .get(&id)
            .filter(|k| now.saturating_duration_since(k.at) < CHECK_TTL)
            .map(|k| k.open)
    }

    /// Remembers what the database said, unless everything was forgotten since the read
    /// began (`epoch`) or an ending was heard meanwhile.
    fn remember(&mut self, id: SessionId, open: bool, epoch: u64, now: Instant) {
        if epoch != self.epoch || (open && self.known.get(&id).is_some_and(|k| !k.open)) {
            return;
        }
        self.make_room(now);
        self.known.insert(id, Known { open, at: now });
    }

    fn ended(&mut self, ids: &[SessionId], now: Instant) {
        for &id in ids {
            self.make_room(now);
            self.known.insert(
                id,
                Known {
                    open: false,
                    at: now,
                },
            );
        }
    }

    fn forget_all(&mut self) {
        self.known.clear();
        self.epoch += 1;
    }

    /// Keeps the cache under its limit: drops what is stale, and everything if that is not
    /// enough (the database still knows).
    fn make_room(&mut self, now: Instant) {
        if self.known.len() < CACHE_LIMIT {
            return;
        }
        self.known
            .retain(|_, k| now.saturating_duration_since(k.at) < CHECK_TTL);
        if self.known.len() >= CACHE_LIMIT {
            self.forget_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_was_read_is_believed_for_the_ttl_only() {
        let mut cache = Cache::default();
        let (id, t0) = (SessionId::new(), Instant::now());
        assert_eq!(cache.get(id, t0), None);
        cache.remember(id, true, cache.epoch, t0);
        assert_eq!(cache.get(id, t0 + CHECK_TTL / 2), Some(true));
        assert_eq!(cache.get(id, t0 + CHECK_TTL), None);
    }

    #[test]
    fn an_ending_is_not_undone_by_a_read_that_crossed_it() {
        let mut cache = Cache::default();
        let (id, t0) = (SessionId::new(), Instant::now());
        let epoch = cache.epoch;
        cache.ended(&[id], t0);
        // The read started before the ending committed, and answers after it was heard.
        cache.remember(id, true, epoch, t0);
        assert_eq!(cache.get(id, t0), Some(false));
    }

    #[test]
    fn a_read_begun_before_forgetting_everything_is_dropped() {
        let mut cache = Cache::default();
        let (id, t0) = (SessionId::new(), Instant::now());
        let epoch = cache.epoch;
        cache.forget_all();
        cache.remember(id, true, epoch, t0);
        assert_eq!(cache.get(id, t0), None);
    }

    #[test]
    fn the_cache_stays_under_its_limit() {
        let mut cache = Cache::default();
        let t0 = Instant::now();
        for _ in 0..CACHE_LIMIT + 10 {
            cache.remember(SessionId::new(), true, cache.epoch, t0);
        }
        assert!(cache.known.len() <= CACHE_LIMIT);
    }

    #[test]
    fn announcements_parse_as_ids() {
        let (a, b) = (SessionId::new(), SessionId::new());
        assert_eq!(parse_ended(&format!("{a},{b}")), vec![a, b]);
        assert_eq!(parse_ended(&format!("{a},nope")), vec![a]);
        assert!(parse_ended("").is_empty());
    }
}
