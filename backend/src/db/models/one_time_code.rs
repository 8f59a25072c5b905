use crate::db::schema::one_time_codes;
use crate::domain::account::{CodePurpose, CodeState};
use crate::domain::ids::UserId;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

/// A mailed code for e-mail confirmation or password reset. Only its hash is kept.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = one_time_codes, check_for_backend(diesel::pg::Pg))]
pub struct OneTimeCode {
    pub id: Uuid,
    pub user_id: UserId,
    pub purpose: CodePurpose,
    pub code_hash: String,
    pub attempts: i32,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl OneTimeCode {
    /// Deletes every code of `user`, used or not (their account was deleted).
    #[tracing::instrument(skip(conn))]
    pub fn delete_of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<usize> {
        diesel::delete(one_time_codes::table.filter(one_time_codes::user_id.eq(user))).execute(conn)
    }

    /// What the code rules need to judge an attempt.
    pub fn state(&self) -> CodeState {
        CodeState {
            expires_at: self.expires_at,
            attempts: self.attempts,
        }
    }

    /// The newest unused code of a purpose, locked for the rest of the transaction so two
    /// concurrent attempts cannot both use it or both escape the try count.
    #[tracing::instrument(skip(conn))]
    pub fn current_for_update(
        conn: &mut PgConnection,
        user: UserId,
        purpose: CodePurpose,
    ) -> QueryResult<Option<OneTimeCode>> {
        one_time_codes::table
            .filter(one_time_codes::user_id.eq(user))
            .filter(one_time_codes::purpose.eq(purpose))
            .filter(one_time_codes::used_at.is_null())
            .order(one_time_codes::created_at.desc())
            .select(OneTimeCode::as_select())
            .for_update()
            .first(conn)
            .optional()
    }

    /// When the codes of a purpose issued since `since` were issued.
    pub fn issued_since(
        conn: &mut PgConnection,
        user: UserId,
        purpose: CodePurpose,
        since: DateTime<Utc>,
    ) -> QueryResult<Vec<DateTime<Utc>>> {
        one_time_codes::table
            .filter(one_time_codes::user_id.eq(user))
            .filter(one_time_codes::purpose.eq(purpose))
            .filter(one_time_codes::created_at.gt(since))
            .select(one_time_codes::created_at)
            .load(conn)
    }

    /// Ends every unused code of a purpose (a new one replaces them), and deletes the
    /// account's codes older than `forget_before`, which no rule looks at any more.
    pub fn retire_all(
        conn: &mut PgConnection,
        user: UserId,
        purpose: CodePurpose,
        now: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> QueryResult<()> {
        diesel::update(one_time_codes::table)
            .filter(one_time_codes::user_id.eq(user))
            .filter(one_time_codes::purpose.eq(purpose))
            .filter(one_time_codes::used_at.is_null())
            .set(one_time_codes::used_at.eq(now))
            .execute(conn)?;
        diesel::delete(one_time_codes::table)
            .filter(one_time_codes::user_id.eq(user))
            .filter(one_time_codes::created_at.lt(forget_before))
            .execute(conn)?;
        Ok(())
    }

    /// Counts one wrong try.
    pub fn record_wrong_try(conn: &mut PgConnection, id: Uuid) -> QueryResult<()> {
        diesel::update(one_time_codes::table.find(id))
            .set(one_time_codes::attempts.eq(one_time_codes::attempts + 1))
            .execute(conn)
            .map(|_| ())
    }

    /// Uses the code up.
    pub fn consume(conn: &mut PgConnection, id: Uuid, now: DateTime<Utc>) -> QueryResult<()> {
        diesel::update(one_time_codes::table.find(id))
            .set(one_time_codes::used_at.eq(now))
            .execute(conn)
            .map(|_| ())
    }
}

/// A code to store.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = one_time_codes)]
pub struct NewOneTimeCode {
    pub id: Uuid,
    pub user_id: UserId,
    pub purpose: CodePurpose,
    pub code_hash: String,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

impl NewOneTimeCode {
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<()> {
        diesel::insert_into(one_time_codes::table)
            .values(self)
            .execute(conn)
            .map(|_| ())
    }
}

crate::db::models::text_column!(CodePurpose);
