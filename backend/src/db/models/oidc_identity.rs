use crate::db::schema::oidc_identities;
use crate::domain::ids::UserId;
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// An account of an OpenID provider linked to one of ours, by the provider's subject.
pub struct OidcIdentity;

/// A provider account linked to a person's, as they are shown it.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = oidc_identities, check_for_backend(diesel::pg::Pg))]
pub struct LinkedIdentity {
    pub issuer: String,
    pub subject: String,
    /// The address the provider vouched for when it was linked.
    pub email: String,
    #[diesel(column_name = created_at)]
    pub linked_at: DateTime<Utc>,
}

impl OidcIdentity {
    /// The provider accounts linked to `user`, oldest first.
    pub fn of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<Vec<LinkedIdentity>> {
        oidc_identities::table
            .filter(oidc_identities::user_id.eq(user))
            .order(oidc_identities::created_at.asc())
            .select(LinkedIdentity::as_select())
            .load(conn)
    }

    /// Unlinks every provider account of `user` (their account was deleted).
    #[tracing::instrument(skip(conn))]
    pub fn delete_of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<usize> {
        diesel::delete(oidc_identities::table.filter(oidc_identities::user_id.eq(user)))
            .execute(conn)
    }

    /// The account linked to the provider's `subject`.
    #[tracing::instrument(skip(conn))]
    pub fn user_of(
        conn: &mut PgConnection,
        issuer: &str,
        subject: &str,
    ) -> QueryResult<Option<UserId>> {
        oidc_identities::table
            .find((issuer, subject))
            .select(oidc_identities::user_id)
            .first(conn)
            .optional()
    }

    /// Whether `user` has an account of `issuer` linked.
    pub fn is_linked(conn: &mut PgConnection, user: UserId, issuer: &str) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            oidc_identities::table
                .filter(oidc_identities::user_id.eq(user))
                .filter(oidc_identities::issuer.eq(issuer)),
        ))
        .get_result(conn)
    }
}

/// A link to store.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = oidc_identities)]
pub struct NewOidcIdentity<'a> {
    pub issuer: &'a str,
    pub subject: &'a str,
    pub user_id: UserId,
    pub email: &'a str,
}

impl NewOidcIdentity<'_> {
    #[tracing::instrument(skip(conn))]
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<()> {
        diesel::insert_into(oidc_identities::table)
            .values(self)
            .execute(conn)
            .map(|_| ())
    }
}
