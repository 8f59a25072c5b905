use crate::db::schema::oidc_flows;
use crate::domain::ids::{SessionId, UserId};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

/// A sign-in sent to the OpenID provider: what its return must match.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = oidc_flows, check_for_backend(diesel::pg::Pg))]
pub struct OidcFlow {
    pub state_hash: String,
    pub browser_hash: String,
    pub nonce: String,
    pub pkce_verifier: String,
    pub link_user: Option<UserId>,
    pub link_session: Option<SessionId>,
    pub ticket: Option<Uuid>,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl OidcFlow {
    /// Deletes the flows linking a provider account to `user` (their account was deleted).
    #[tracing::instrument(skip(conn))]
    pub fn delete_of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<usize> {
        diesel::delete(oidc_flows::table.filter(oidc_flows::link_user.eq(user))).execute(conn)
    }

    /// Uses up and returns the flow of a state, expired or not: a state is good for one
    /// return. The row stays until it expires, holding its ticket.
    #[tracing::instrument(skip(conn))]
    pub fn take(
        conn: &mut PgConnection,
        state_hash: &str,
        now: DateTime<Utc>,
    ) -> QueryResult<Option<OidcFlow>> {
        diesel::update(oidc_flows::table.find(state_hash))
            .filter(oidc_flows::used_at.is_null())
            .set(oidc_flows::used_at.eq(now))
            .returning(OidcFlow::as_returning())
            .get_result(conn)
            .optional()
    }
}

/// A flow to store.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = oidc_flows)]
pub struct NewOidcFlow<'a> {
    pub state_hash: &'a str,
    pub browser_hash: &'a str,
    pub nonce: &'a str,
    pub pkce_verifier: &'a str,
    pub link_user: Option<UserId>,
    pub link_session: Option<SessionId>,
    pub ticket: Option<Uuid>,
    pub expires_at: DateTime<Utc>,
}

impl NewOidcFlow<'_> {
    /// Stores the flow, and forgets the ones that expired before `now` (never returned).
    #[tracing::instrument(skip(self, conn))]
    pub fn insert(&self, conn: &mut PgConnection, now: DateTime<Utc>) -> QueryResult<()> {
        diesel::delete(oidc_flows::table.filter(oidc_flows::expires_at.lt(now))).execute(conn)?;
        diesel::insert_into(oidc_flows::table)
            .values(self)
            .execute(conn)
            .map(|_| ())
    }
}
