//! The week board's read (`GET /api/v1/stores/{storeId}/shifts?scope=all`), kept serialised
//! and compressed per store and range until the store changes.
//!
//! A kept answer names the store version its rows were read at (in one snapshot with the
//! rows), and is served only while no newer version is known here. Versions become known
//! three ways: this node's actor commits (told before the writer is answered, so a writer
//! reads its own edit), another node's commit is announced (`NOTIFY`, told before the hub
//! delivers it to this node's sockets, so a board that re-reads on a change gets it), and a
//! read of the database finds one. While the listen connection is down announcements can be
//! missed, so nothing is kept or served then, and what was kept before is dropped.
//!
//! Every change of a store's shifts is a committed change with outbox events, which moves
//! the store's version (`persist`); a commit of this node's actor that writes anything drops
//! the store's kept weeks even if it moved no version, to be safe.
//!
//! A shift's `progress` reads as missed two hours after its end ([`ShiftView::of`]): a kept
//! answer is served only until the first of its shifts would turn.

use crate::db::models::shift::Shift;
use crate::db::models::store::Store;
use crate::db::Db;
use crate::domain::ids::StoreId;
use crate::domain::shift::{Progress, MISSED_AFTER_END};
use crate::error::AppResult;
use crate::store::views::ShiftView;
use bytes::Bytes;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

/// Most answers kept, all stores together.
const MAX_KEPT: usize = 256;
/// Most bytes of JSON kept, all stores together: a week of 2,000 shifts is about 1 MB of
/// JSON (40 KB compressed, kept beside it once asked for), so the count alone would let the
/// cache hold a quarter of a GiB.
const MAX_KEPT_BYTES: usize = 32 << 20;
/// Brotli quality of kept answers: compressed once per version, so better than the 3 the
/// middleware uses per response, yet quick enough for the first read after an edit.
const BROTLI_QUALITY: u32 = 5;
/// Brotli window (log2), as the middleware uses.
const BROTLI_WINDOW: u32 = 22;

/// How an answer is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Identity,
    Gzip,
    Brotli,
}

impl Coding {
    /// The `Content-Encoding` value; `None` for identity.
    pub fn header(self) -> Option<&'static str> {
        match self {
            Coding::Identity => None,
            Coding::Gzip => Some("gzip"),
            Coding::Brotli => Some("br"),
        }
    }

    /// What the representation adds to the answer's entity tag: each coding is its own
    /// representation, so its strong tag differs.
    fn tag_suffix(self) -> &'static str {
        match self {
            Coding::Identity => "",
            Coding::Gzip => ".gz",
            Coding::Brotli => ".br",
        }
    }
}

/// One serialised answer: `{"data": [Shift]}`.
#[derive(Debug)]
pub struct Week {
    /// The store version the rows were read at.
    pub version: i64,
    /// When the first of its shifts reads as missed; `None` if none will.
    pub until: Option<DateTime<Utc>>,
    /// The entity tag of the identity bytes, without quotes: the version and a digest of the
    /// bytes, so equal tags mean equal bytes whoever reads them.
    tag: String,
    pub json: Bytes,
    gzip: OnceLock<Bytes>,
    brotli: OnceLock<Bytes>,
}

/// The store's version and its shifts overlapping `[start, end)`, read in one snapshot, so the
/// version names exactly these rows.
pub fn snapshot(
    conn: &mut diesel::PgConnection,
    store: StoreId,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> diesel::QueryResult<(i64, Vec<Shift>)> {
    conn.build_transaction()
        .repeatable_read()
        .read_only()
        .run(|conn| {
            let version = Store::current_version(conn, store)?;
            let rows = Shift::in_range(conn, store, start, end)?;
            Ok((version, rows))
        })
}

impl Week {
    /// Serialises the views of `rows` as seen at `now`, read at store version `version`.
    pub fn build<'a>(
        version: i64,
        rows: impl IntoIterator<Item = &'a Shift>,
        now: DateTime<Utc>,
    ) -> AppResult<Week> {
        let mut until: Option<DateTime<Utc>> = None;
        let views: Vec<ShiftView> = rows
            .into_iter()
            .map(|s| {
                let view = ShiftView::of(s, now);
                if view.progress == Progress::NotStarted {
                    let turns = s.end_at + MISSED_AFTER_END;
                    until = Some(until.map_or(turns, |u| u.min(turns)));
                }
                view
            })
            .collect();
        /// The answer's envelope, serialised straight from the views (field order kept).
        #[derive(serde::Serialize)]
        struct Data<'a> {
            data: &'a [ShiftView],
        }
        let json = serde_json::to_vec(&Data { data: &views })
            .map_err(|e| crate::error::AppError::internal(format!("serialising a week: {e}")))?;
        let digest = Sha256::digest(&json);
        let tag = format!(
            "w{version}-{}",
            digest[..8]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
        );
        Ok(Week {
            version,
            until,
            tag,
            json: Bytes::from(json),
            gzip: OnceLock::new(),
            brotli: OnceLock::new(),
        })
    }

    /// The strong entity tag of the answer sent with `coding`, quoted.
    pub fn etag(&self, coding: Coding) -> String {
        format!("\"{}{}\"", self.tag, coding.tag_suffix())
    }

    /// Whether an `If-None-Match` tag (quoted, possibly weak) names this answer in any of
    /// its codings: the client holds these bytes.
    pub fn matches(&self, tag: &str) -> bool {
        let tag = tag.trim().trim_start_matches("W/").trim_matches('"');
        let tag = [".gz", ".br"]
            .iter()
            .find_map(|s| tag.strip_suffix(s))
            .unwrap_or(tag);
        tag == self.tag
    }

    /// The bytes compressed with `coding`, if already made.
    pub fn encoded(&self, coding: Coding) -> Option<Bytes> {
        match coding {
            Coding::Identity => Some(self.json.clone()),
            Coding::Gzip => self.gzip.get().cloned(),
            Coding::Brotli => self.brotli.get().cloned(),
        }
    }

    /// Compresses the bytes with `coding` (once: later calls return the first result). CPU
    /// work of milliseconds for a large week: call it off the async workers.
    pub fn encode(&self, coding: Coding) -> Bytes {
        match coding {
            Coding::Identity => self.json.clone(),
            Coding::Gzip => self
                .gzip
                .get_or_init(|| {
                    let mut out = flate2::write::GzEncoder::new(
                        Vec::with_capacity(self.json.len() / 8),
                        flate2::Compression::default(),
                    );
                    // Writing into a Vec cannot fail.
                    let _ = out.write_all(&self.json);
                    Bytes::from(out.finish().unwrap_or_default())
                })
                .clone(),
            Coding::Brotli => self
                .brotli
                .get_or_init(|| {
                    let mut out = Vec::with_capacity(self.json.len() / 8);
                    {
                        let mut w = brotli::CompressorWriter::new(
                            &mut out,
                            32 * 1024,
                            BROTLI_QUALITY,
                            BROTLI_WINDOW,
                        );
                        // Writing into a Vec cannot fail.
                        let _ = w.write_all(&self.json);
                    }
                    Bytes::from(out)
                })
                .clone(),
        }
    }

    fn fresh(&self, now: DateTime<Utc>) -> bool {
        self.until.is_none_or(|u| now <= u)
    }
}

/// The kept answers of every store. Cheap to clone.
#[derive(Clone, Default)]
pub struct Weeks {
    inner: Arc<Mutex<Inner>>,
}

#[derive(Default)]
struct Inner {
    /// Announcements are heard: what is known of other nodes' commits is current.
    listening: bool,
    /// Moves whenever listening starts or stops: a read begun in another epoch is not kept.
    epoch: u64,
    stores: HashMap<StoreId, Kept>,
    kept: usize,
    /// The JSON bytes of the kept answers.
    bytes: usize,
    /// Counts insertions, to drop the oldest answer when full.
    tick: u64,
}

#[derive(Default)]
struct Kept {
    /// The newest committed version known of the store.
    version: i64,
    /// By range (epoch ms): the answer and when it was kept.
    weeks: HashMap<(i64, i64), (u64, Arc<Week>)>,
}

impl Inner {
    fn drop_store_weeks(&mut self, store: StoreId) {
        if let Some(k) = self.stores.get_mut(&store) {
            self.kept -= k.weeks.len();
            self.bytes -= k.weeks.values().map(|(_, w)| w.json.len()).sum::<usize>();
            k.weeks.clear();
        }
    }

    /// Drops the oldest answers until `adding` more bytes fit both bounds.
    fn make_room(&mut self, adding: usize) {
        while self.kept > 0 && (self.kept >= MAX_KEPT || self.bytes + adding > MAX_KEPT_BYTES) {
            self.drop_oldest();
        }
    }

    fn drop_oldest(&mut self) {
        let oldest = self
            .stores
            .iter()
            .flat_map(|(s, k)| k.weeks.iter().map(move |(r, (t, _))| (*t, *s, *r)))
            .min();
        if let Some((_, store, range)) = oldest {
            if let Some(k) = self.stores.get_mut(&store) {
                if let Some((_, week)) = k.weeks.remove(&range) {
                    self.kept -= 1;
                    self.bytes -= week.json.len();
                }
            }
        }
    }
}

impl Weeks {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // The data stays consistent under a panic elsewhere: every change is one statement.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether announcements are heard. Stopping drops every kept answer (announcements may
    /// be missed until listening again); both ways, reads under way are not kept.
    pub fn set_listening(&self, listening: bool) {
        let mut inner = self.lock();
        inner.listening = listening;
        inner.epoch += 1;
        if !listening {
            inner.stores.clear();
            inner.kept = 0;
            inner.bytes = 0;
        }
    }

    /// The store was committed up to `version` (here or by another node): older answers go.
    pub fn advance(&self, store: StoreId, version: i64) {
        let mut inner = self.lock();
        let known = inner.stores.get(&store).map_or(0, |k| k.version);
        if version > known {
            inner.drop_store_weeks(store);
            inner.stores.entry(store).or_default().version = version;
        }
    }

    /// This node's actor committed writes to the store, now at `version`: every kept answer
    /// of the store goes, whatever version it names.
    pub fn changed(&self, store: StoreId, version: i64) {
        let mut inner = self.lock();
        inner.drop_store_weeks(store);
        let k = inner.stores.entry(store).or_default();
        k.version = k.version.max(version);
    }

    /// The kept answer of the range, if it is current.
    pub fn get(&self, store: StoreId, range: (i64, i64), now: DateTime<Utc>) -> Option<Arc<Week>> {
        let inner = self.lock();
        if !inner.listening {
            return None;
        }
        let k = inner.stores.get(&store)?;
        let (_, week) = k.weeks.get(&range)?;
        (week.version >= k.version && week.fresh(now)).then(|| week.clone())
    }

    /// Keeps an answer read in `epoch` (see [`Weeks::epoch`]), unless listening started or
    /// stopped since, or a newer version is known.
    fn put(&self, store: StoreId, range: (i64, i64), epoch: u64, week: Arc<Week>) {
        let mut inner = self.lock();
        if !inner.listening || inner.epoch != epoch {
            return;
        }
        let known = inner.stores.get(&store).map_or(0, |k| k.version);
        if week.version < known {
            return;
        }
        if week.version > known {
            // Read before its announcement arrived: what is kept of older versions is stale.
            inner.drop_store_weeks(store);
        }
        if week.json.len() > MAX_KEPT_BYTES {
            return;
        }
        let replaced = inner
            .stores
            .get_mut(&store)
            .and_then(|k| k.weeks.remove(&range));
        if let Some((_, old)) = replaced {
            inner.kept -= 1;
            inner.bytes -= old.json.len();
        }
        inner.make_room(week.json.len());
        inner.tick += 1;
        let tick = inner.tick;
        inner.kept += 1;
        inner.bytes += week.json.len();
        let k = inner.stores.entry(store).or_default();
        k.version = week.version;
        k.weeks.insert(range, (tick, week));
    }

    /// The answers kept and their JSON bytes, for the metrics.
    pub fn size(&self) -> (usize, usize) {
        let inner = self.lock();
        (inner.kept, inner.bytes)
    }

    /// The current epoch, if answers may be kept.
    fn epoch(&self) -> Option<u64> {
        let inner = self.lock();
        inner.listening.then_some(inner.epoch)
    }

    /// The store's shifts overlapping `[start, end)`, serialised: the kept answer if it is
    /// current, else read (rows and version in one snapshot), serialised and kept.
    #[tracing::instrument(skip(self, db))]
    pub async fn read(
        &self,
        db: &Db,
        store: StoreId,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
    ) -> AppResult<Arc<Week>> {
        let range = (start.timestamp_millis(), end.timestamp_millis());
        let now = Utc::now();
        if let Some(week) = self.get(store, range, now) {
            metrics::counter!("clockto_week_reads_total", "answer" => "kept").increment(1);
            return Ok(week);
        }
        metrics::counter!("clockto_week_reads_total", "answer" => "read").increment(1);
        let epoch = self.epoch();
        let week = db
            .run(move |conn| {
                let (version, rows) = snapshot(conn, store, start, end)?;
                Week::build(version, &rows, Utc::now())
            })
            .await?;
        let week = Arc::new(week);
        if let Some(epoch) = epoch {
            self.put(store, range, epoch, week.clone());
        }
        Ok(week)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn week(version: i64) -> Arc<Week> {
        Arc::new(Week::build(version, [], Utc::now()).expect("an empty week serialises"))
    }

    fn kept(weeks: &Weeks, version: i64, store: StoreId) {
        let epoch = weeks.epoch().expect("listening");
        weeks.put(store, (0, 1), epoch, week(version));
    }

    #[test]
    fn an_answer_is_served_until_a_newer_version_is_known() {
        let (weeks, store, now) = (Weeks::default(), StoreId::new(), Utc::now());
        weeks.set_listening(true);
        kept(&weeks, 3, store);
        assert!(weeks.get(store, (0, 1), now).is_some());
        assert!(weeks.get(store, (0, 2), now).is_none(), "another range");
        assert!(
            weeks.get(StoreId::new(), (0, 1), now).is_none(),
            "another store"
        );
        weeks.advance(store, 3);
        assert!(weeks.get(store, (0, 1), now).is_some(), "the same version");
        weeks.advance(store, 4);
        assert!(weeks.get(store, (0, 1), now).is_none());
    }

    #[test]
    fn a_read_older_than_what_is_known_is_not_kept() {
        let (weeks, store, now) = (Weeks::default(), StoreId::new(), Utc::now());
        weeks.set_listening(true);
        weeks.advance(store, 5);
        kept(&weeks, 4, store);
        assert!(weeks.get(store, (0, 1), now).is_none());
    }

    #[test]
    fn a_local_commit_drops_the_store_s_answers_even_at_the_same_version() {
        let (weeks, store, now) = (Weeks::default(), StoreId::new(), Utc::now());
        weeks.set_listening(true);
        kept(&weeks, 2, store);
        weeks.changed(store, 2);
        assert!(weeks.get(store, (0, 1), now).is_none());
    }

    #[test]
    fn nothing_is_kept_or_served_while_not_listening() {
        let (weeks, store, now) = (Weeks::default(), StoreId::new(), Utc::now());
        assert!(weeks.epoch().is_none());
        weeks.set_listening(true);
        let epoch = weeks.epoch().expect("listening");
        kept(&weeks, 1, store);
        weeks.set_listening(false);
        assert!(weeks.get(store, (0, 1), now).is_none());
        weeks.set_listening(true);
        assert!(
            weeks.get(store, (0, 1), now).is_none(),
            "dropped when listening stopped"
        );
        weeks.put(store, (0, 1), epoch, week(1));
        assert!(
            weeks.get(store, (0, 1), now).is_none(),
            "a read begun before listening stopped"
        );
    }

    #[test]
    fn the_oldest_answer_goes_when_full() {
        let (weeks, store, now) = (Weeks::default(), StoreId::new(), Utc::now());
        weeks.set_listening(true);
        let epoch = weeks.epoch().expect("listening");
        for i in 0..=MAX_KEPT as i64 {
            weeks.put(store, (i, i + 1), epoch, week(1));
        }
        assert!(weeks.get(store, (0, 1), now).is_none());
        assert!(weeks.get(store, (1, 2), now).is_some());
        assert_eq!(weeks.lock().kept, MAX_KEPT);
    }

    /// A week of `shifts` shifts of the store, for the byte bound.
    fn large_week(store: StoreId, version: i64, shifts: usize) -> Arc<Week> {
        let now = Utc::now();
        let rows: Vec<Shift> = (0..shifts)
            .map(|i| {
                let start = now + chrono::Duration::hours(i as i64);
                Shift {
                    status: crate::domain::shift::Status::Published,
                    ..Shift::draft(
                        store,
                        "A shift".into(),
                        start,
                        start + chrono::Duration::hours(4),
                        now,
                    )
                }
            })
            .collect();
        Arc::new(Week::build(version, &rows, now).expect("a week serialises"))
    }

    #[test]
    fn the_oldest_answers_go_when_their_bytes_are_over_the_bound() {
        let (weeks, store, now) = (Weeks::default(), StoreId::new(), Utc::now());
        weeks.set_listening(true);
        let epoch = weeks.epoch().expect("listening");
        let one = large_week(store, 1, 2000);
        let size = one.json.len();
        let fit = MAX_KEPT_BYTES / size;
        assert!(fit < MAX_KEPT, "the bytes bind before the count does");
        for i in 0..=fit as i64 {
            weeks.put(store, (i, i + 1), epoch, one.clone());
        }
        let (kept, bytes) = weeks.size();
        assert_eq!(kept, fit);
        assert_eq!(bytes, fit * size);
        assert!(weeks.get(store, (0, 1), now).is_none(), "the oldest went");
        assert!(weeks
            .get(store, (fit as i64, fit as i64 + 1), now)
            .is_some());
    }

    #[test]
    fn a_kept_answer_replaced_or_dropped_gives_its_bytes_back() {
        let (weeks, store) = (Weeks::default(), StoreId::new());
        weeks.set_listening(true);
        let epoch = weeks.epoch().expect("listening");
        weeks.put(store, (0, 1), epoch, large_week(store, 1, 10));
        weeks.put(store, (0, 1), epoch, large_week(store, 1, 20));
        assert_eq!(weeks.size(), (1, large_week(store, 1, 20).json.len()));
        weeks.changed(store, 2);
        assert_eq!(weeks.size(), (0, 0));
    }

    #[test]
    fn tags_name_the_bytes_in_every_coding() {
        let w = week(7);
        assert!(w.etag(Coding::Identity).starts_with("\"w7-"));
        for coding in [Coding::Identity, Coding::Gzip, Coding::Brotli] {
            assert!(w.matches(&w.etag(coding)));
            assert!(w.matches(&format!("W/{}", w.etag(coding))));
        }
        assert!(!w.matches("\"w7-0000000000000000\""));
        assert!(!week(8).matches(&w.etag(Coding::Identity)));
    }

    #[test]
    fn compressed_bytes_decompress_to_the_json() {
        let w = week(1);
        let gz = w.encode(Coding::Gzip);
        let mut out = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut out)
            .expect("gzip");
        assert_eq!(out, w.json);
        let br = w.encode(Coding::Brotli);
        let mut out = Vec::new();
        brotli::BrotliDecompress(&mut &br[..], &mut out).expect("brotli");
        assert_eq!(out, w.json);
    }
}
