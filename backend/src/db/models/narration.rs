//! The narration's queue and its leftovers: the posts due a narration (`blog_posts`'
//! `audio_*` columns), claimed under a lease as the mail queues' rows are, and the narrations
//! no longer heard that wait to leave the upload storage (`blog_audio_leftovers`).

use crate::db::schema::{blog_audio_leftovers, blog_posts};
use crate::domain::blog::narration::Heard;
use crate::domain::language::Language;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

/// A post's texts and narration as the job reads them.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = blog_posts, check_for_backend(diesel::pg::Pg))]
pub struct Narrated {
    pub id: Uuid,
    pub language: Language,
    pub title: String,
    pub abstract_text: String,
    pub content: String,
    pub conclusion: String,
    pub published: bool,
    pub audio_key: Option<String>,
    /// Tries made since it came due, this one included once claimed.
    pub audio_attempts: i32,
}

impl Narrated {
    /// What its narration says.
    pub fn heard(&self) -> Heard<'_> {
        Heard {
            title: &self.title,
            abstract_text: &self.abstract_text,
            content: &self.content,
            conclusion: &self.conclusion,
        }
    }
}

/// A post the job holds: its texts as claimed, and the lease's token.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub post: Narrated,
    pub lease: Uuid,
}

/// How long a claim holds a post; the job renews it while it narrates, so a process that
/// dies lets another take the post after this long.
pub const LEASE: chrono::Duration = chrono::Duration::minutes(5);

/// The posts due a narration and what is done with them. All writes after a claim name its
/// lease, so a process whose lease ran out (another took the post) changes nothing.
pub struct Narration;

impl Narration {
    /// Claims the published post longest due whose lease is free, for [`LEASE`], counting the
    /// attempt. Several processes claim side by side: one's rows are skipped by the others.
    pub fn claim(conn: &mut PgConnection, now: DateTime<Utc>) -> QueryResult<Option<Claimed>> {
        conn.transaction(|conn| {
            let found: Option<Narrated> = blog_posts::table
                .filter(blog_posts::published.eq(true))
                .filter(blog_posts::audio_due_at.le(now))
                .filter(
                    blog_posts::audio_leased_until
                        .is_null()
                        .or(blog_posts::audio_leased_until.lt(now)),
                )
                .order(blog_posts::audio_due_at.asc())
                .limit(1)
                .for_update()
                .skip_locked()
                .select(Narrated::as_select())
                .first(conn)
                .optional()?;
            let Some(post) = found else { return Ok(None) };
            let lease = Uuid::new_v4();
            let post = diesel::update(blog_posts::table.find(post.id))
                .set((
                    blog_posts::audio_lease.eq(lease),
                    blog_posts::audio_leased_until.eq(now + LEASE),
                    blog_posts::audio_attempts.eq(blog_posts::audio_attempts + 1),
                ))
                .returning(Narrated::as_returning())
                .get_result(conn)?;
            Ok(Some(Claimed { post, lease }))
        })
    }

    /// Keeps the post for another [`LEASE`] from `now`: whether it is still published, or
    /// `None` when the lease is no longer this claim's.
    pub fn renew(
        conn: &mut PgConnection,
        id: Uuid,
        lease: Uuid,
        now: DateTime<Utc>,
    ) -> QueryResult<Option<bool>> {
        diesel::update(
            blog_posts::table
                .find(id)
                .filter(blog_posts::audio_lease.eq(lease)),
        )
        .set(blog_posts::audio_leased_until.eq(now + LEASE))
        .returning(blog_posts::published)
        .get_result(conn)
        .optional()
    }

    /// The post as it is now, locked until the transaction ends, while the lease is this
    /// claim's.
    pub fn leased(conn: &mut PgConnection, id: Uuid, lease: Uuid) -> QueryResult<Option<Narrated>> {
        blog_posts::table
            .find(id)
            .filter(blog_posts::audio_lease.eq(lease))
            .for_update()
            .select(Narrated::as_select())
            .first(conn)
            .optional()
    }

    /// Keeps the narration at `key`, `seconds` long: no longer due nor held.
    pub fn store(
        conn: &mut PgConnection,
        id: Uuid,
        lease: Uuid,
        key: &str,
        seconds: i32,
    ) -> QueryResult<bool> {
        let stored = diesel::update(
            blog_posts::table
                .find(id)
                .filter(blog_posts::audio_lease.eq(lease)),
        )
        .set((
            blog_posts::audio_key.eq(key),
            blog_posts::audio_duration.eq(seconds),
            blog_posts::audio_due_at.eq(None::<DateTime<Utc>>),
            blog_posts::audio_lease.eq(None::<Uuid>),
            blog_posts::audio_leased_until.eq(None::<DateTime<Utc>>),
            blog_posts::audio_attempts.eq(0),
        ))
        .execute(conn)?;
        Ok(stored > 0)
    }

    /// Lets go of the post, its due time as `due` says.
    pub fn release(
        conn: &mut PgConnection,
        id: Uuid,
        lease: Uuid,
        due: Release,
    ) -> QueryResult<usize> {
        let target = blog_posts::table
            .find(id)
            .filter(blog_posts::audio_lease.eq(lease));
        let freed = (
            blog_posts::audio_lease.eq(None::<Uuid>),
            blog_posts::audio_leased_until.eq(None::<DateTime<Utc>>),
        );
        match due {
            Release::KeepDue => diesel::update(target)
                .set((freed, blog_posts::audio_attempts.eq(0)))
                .execute(conn),
            Release::RetryAt(at) => diesel::update(target)
                .set((freed, blog_posts::audio_due_at.eq(at)))
                .execute(conn),
            Release::NotDue => diesel::update(target)
                .set((
                    freed,
                    blog_posts::audio_due_at.eq(None::<DateTime<Utc>>),
                    blog_posts::audio_attempts.eq(0),
                ))
                .execute(conn),
        }
    }

    /// When to look for work again: the next post due, or, for one another process holds,
    /// when its lease ends.
    pub fn next_due(conn: &mut PgConnection) -> QueryResult<Option<DateTime<Utc>>> {
        blog_posts::table
            .filter(blog_posts::published.eq(true))
            .filter(blog_posts::audio_due_at.is_not_null())
            .select(diesel::dsl::min(diesel::dsl::sql::<
                diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>,
            >(
                "greatest(audio_due_at, audio_leased_until)",
            )))
            .first(conn)
    }

    /// Lets go of a post's narration, whose file waits among the leftovers from `now`, and
    /// makes it due at `due` (none: not due). A narration under way for the post is then
    /// discarded when it ends, its text or standing having changed.
    pub fn forget(
        conn: &mut PgConnection,
        id: Uuid,
        due: Option<DateTime<Utc>>,
        now: DateTime<Utc>,
    ) -> QueryResult<()> {
        let key: Option<Option<String>> = blog_posts::table
            .find(id)
            .select(blog_posts::audio_key)
            .first(conn)
            .optional()?;
        if let Some(key) = key.flatten() {
            Leftover::add(conn, &key, now)?;
        }
        diesel::update(blog_posts::table.find(id))
            .set((
                blog_posts::audio_key.eq(None::<String>),
                blog_posts::audio_duration.eq(None::<i32>),
                blog_posts::audio_due_at.eq(due),
                blog_posts::audio_attempts.eq(0),
            ))
            .execute(conn)?;
        Ok(())
    }
}

/// What becomes of a post's due time when the job lets go of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Release {
    /// As it is (its text changed meanwhile, which made it due again, or it was withdrawn).
    KeepDue,
    /// Tried again at this time.
    RetryAt(DateTime<Utc>),
    /// No narration is made.
    NotDue,
}

/// A narration's file that waits to be removed from the upload storage.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = blog_audio_leftovers, check_for_backend(diesel::pg::Pg))]
pub struct Leftover {
    pub key: String,
    /// Not before this time (a narration being stored waits out its lease).
    pub remove_at: DateTime<Utc>,
}

impl Leftover {
    /// Marks `key` to be removed at `at` (the earlier time, when it already is).
    pub fn add(conn: &mut PgConnection, key: &str, at: DateTime<Utc>) -> QueryResult<usize> {
        diesel::insert_into(blog_audio_leftovers::table)
            .values(Leftover {
                key: key.to_string(),
                remove_at: at,
            })
            .on_conflict(blog_audio_leftovers::key)
            .do_update()
            .set(blog_audio_leftovers::remove_at.eq(diesel::dsl::sql::<
                diesel::sql_types::Timestamptz,
            >(
                "least(blog_audio_leftovers.remove_at, excluded.remove_at)",
            )))
            .execute(conn)
    }

    /// `key` is heard after all (its narration was kept).
    pub fn keep(conn: &mut PgConnection, key: &str) -> QueryResult<usize> {
        diesel::delete(blog_audio_leftovers::table.find(key)).execute(conn)
    }

    /// Up to `limit` keys due for removal at `now`.
    pub fn due(
        conn: &mut PgConnection,
        now: DateTime<Utc>,
        limit: i64,
    ) -> QueryResult<Vec<String>> {
        blog_audio_leftovers::table
            .filter(blog_audio_leftovers::remove_at.le(now))
            .order(blog_audio_leftovers::remove_at.asc())
            .limit(limit)
            .select(blog_audio_leftovers::key)
            .load(conn)
    }

    /// The files of `keys` are gone.
    pub fn removed(conn: &mut PgConnection, keys: &[String]) -> QueryResult<usize> {
        diesel::delete(blog_audio_leftovers::table.filter(blog_audio_leftovers::key.eq_any(keys)))
            .execute(conn)
    }

    /// When the next leftover is due.
    pub fn next_due(conn: &mut PgConnection) -> QueryResult<Option<DateTime<Utc>>> {
        blog_audio_leftovers::table
            .select(diesel::dsl::min(blog_audio_leftovers::remove_at))
            .first(conn)
    }
}
