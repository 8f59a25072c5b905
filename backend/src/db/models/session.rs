use crate::db::schema::sessions;
use crate::domain::ids::{SessionId, UserId};
use crate::domain::sign_in::{Method, SignedIn};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// A sign-in session. Its token stays usable until it expires or the session ends.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = sessions, check_for_backend(diesel::pg::Pg))]
pub struct Session {
    pub id: SessionId,
    pub user_id: UserId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    pub method: Method,
    /// When it signed in, by the product's clock.
    pub signed_in_at: DateTime<Utc>,
}

impl Session {
    /// How and when an open session of `user` signed in.
    #[tracing::instrument(skip(conn))]
    pub fn signed_in(
        conn: &mut PgConnection,
        id: SessionId,
        user: UserId,
    ) -> QueryResult<Option<SignedIn>> {
        sessions::table
            .filter(sessions::id.eq(id))
            .filter(sessions::user_id.eq(user))
            .filter(sessions::ended_at.is_null())
            .select((sessions::method, sessions::signed_in_at))
            .first::<(Method, DateTime<Utc>)>(conn)
            .optional()
            .map(|found| found.map(|(method, at)| SignedIn { method, at }))
    }

    /// Whether `id` is an open session of `user`.
    #[tracing::instrument(skip(conn))]
    pub fn is_open(conn: &mut PgConnection, id: SessionId, user: UserId) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            sessions::table
                .filter(sessions::id.eq(id))
                .filter(sessions::user_id.eq(user))
                .filter(sessions::ended_at.is_null()),
        ))
        .get_result(conn)
    }

    /// Ends one session; returns it if it was open.
    #[tracing::instrument(skip(conn))]
    pub fn end(
        conn: &mut PgConnection,
        id: SessionId,
        now: DateTime<Utc>,
    ) -> QueryResult<Vec<SessionId>> {
        diesel::update(sessions::table)
            .filter(sessions::id.eq(id))
            .filter(sessions::ended_at.is_null())
            .set(sessions::ended_at.eq(now))
            .returning(sessions::id)
            .get_results(conn)
    }

    /// Ends every open session of `user` but `keep`; returns the ones it ended.
    #[tracing::instrument(skip(conn))]
    pub fn end_all_of(
        conn: &mut PgConnection,
        user: UserId,
        keep: Option<SessionId>,
        now: DateTime<Utc>,
    ) -> QueryResult<Vec<SessionId>> {
        let open = sessions::table
            .filter(sessions::user_id.eq(user))
            .filter(sessions::ended_at.is_null());
        match keep {
            Some(keep) => diesel::update(open.filter(sessions::id.ne(keep)))
                .set(sessions::ended_at.eq(now))
                .returning(sessions::id)
                .get_results(conn),
            None => diesel::update(open)
                .set(sessions::ended_at.eq(now))
                .returning(sessions::id)
                .get_results(conn),
        }
    }

    /// Deletes the user's sessions whose tokens expired before `before`: no token names them
    /// any more.
    pub fn forget_expired(
        conn: &mut PgConnection,
        user: UserId,
        before: DateTime<Utc>,
    ) -> QueryResult<usize> {
        diesel::delete(sessions::table)
            .filter(sessions::user_id.eq(user))
            .filter(sessions::expires_at.lt(before))
            .execute(conn)
    }
}

/// A session to store.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = sessions)]
pub struct NewSession {
    pub id: SessionId,
    pub user_id: UserId,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub method: Method,
    pub signed_in_at: DateTime<Utc>,
}

impl NewSession {
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<()> {
        diesel::insert_into(sessions::table)
            .values(self)
            .execute(conn)
            .map(|_| ())
    }
}

crate::db::models::text_column!(Method);

impl Session {
    /// Every session of `user` still kept, oldest first.
    pub fn of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<Vec<Session>> {
        sessions::table
            .filter(sessions::user_id.eq(user))
            .order((sessions::created_at.asc(), sessions::id.asc()))
            .select(Session::as_select())
            .load(conn)
    }
}
