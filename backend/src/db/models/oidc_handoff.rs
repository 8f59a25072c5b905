use crate::db::schema::oidc_handoffs;
use crate::domain::ids::UserId;
use crate::domain::sign_in::Handoff;
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// What a checked return from the OpenID provider left for the web app, under a one-time code.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = oidc_handoffs, check_for_backend(diesel::pg::Pg))]
pub struct OidcHandoff {
    pub code_hash: String,
    pub kind: Handoff,
    pub user_id: UserId,
    pub issuer: String,
    pub subject: String,
    pub email: String,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

impl OidcHandoff {
    /// Deletes every handoff of `user` (their account was deleted).
    #[tracing::instrument(skip(conn))]
    pub fn delete_of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<usize> {
        diesel::delete(oidc_handoffs::table.filter(oidc_handoffs::user_id.eq(user))).execute(conn)
    }

    /// The unexpired handoff of a code, locked for the rest of the transaction.
    #[tracing::instrument(skip(conn))]
    pub fn current_for_update(
        conn: &mut PgConnection,
        code_hash: &str,
        now: DateTime<Utc>,
    ) -> QueryResult<Option<OidcHandoff>> {
        oidc_handoffs::table
            .find(code_hash)
            .filter(oidc_handoffs::expires_at.gt(now))
            .select(OidcHandoff::as_select())
            .for_update()
            .first(conn)
            .optional()
    }

    /// Uses the code up.
    pub fn delete(conn: &mut PgConnection, code_hash: &str) -> QueryResult<()> {
        diesel::delete(oidc_handoffs::table.find(code_hash))
            .execute(conn)
            .map(|_| ())
    }
}

/// A handoff to store.
#[derive(Debug, Clone)]
pub struct NewOidcHandoff<'a> {
    pub code_hash: &'a str,
    pub kind: Handoff,
    pub user_id: UserId,
    pub issuer: &'a str,
    pub subject: &'a str,
    pub email: &'a str,
    pub expires_at: DateTime<Utc>,
}

impl NewOidcHandoff<'_> {
    /// Stores the handoff, and forgets the ones that expired before `now`.
    #[tracing::instrument(skip(self, conn))]
    pub fn insert(&self, conn: &mut PgConnection, now: DateTime<Utc>) -> QueryResult<()> {
        diesel::delete(oidc_handoffs::table.filter(oidc_handoffs::expires_at.lt(now)))
            .execute(conn)?;
        diesel::insert_into(oidc_handoffs::table)
            .values((
                oidc_handoffs::code_hash.eq(self.code_hash),
                oidc_handoffs::kind.eq(self.kind),
                oidc_handoffs::user_id.eq(self.user_id),
                oidc_handoffs::issuer.eq(self.issuer),
                oidc_handoffs::subject.eq(self.subject),
                oidc_handoffs::email.eq(self.email),
                oidc_handoffs::expires_at.eq(self.expires_at),
            ))
            .execute(conn)
            .map(|_| ())
    }
}

crate::db::models::text_column!(Handoff);
