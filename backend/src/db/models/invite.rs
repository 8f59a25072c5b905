use crate::db::schema::invites;
use crate::domain::ids::{EmployeeId, InviteId, StoreId, UserId};
use chrono::{DateTime, Utc};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};

/// An invitation for an e-mail to join a store as a given employee record.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = invites, check_for_backend(diesel::pg::Pg))]
#[diesel(treat_none_as_null = true)]
pub struct Invite {
    pub id: InviteId,
    pub store_id: StoreId,
    pub employee_id: EmployeeId,
    pub email: String,
    /// The invitation code.
    pub hash: String,
    pub resolved: bool,
    pub expires_at: DateTime<Utc>,
    pub user_id: Option<UserId>,
    pub created_at: DateTime<Utc>,
}

impl Invite {
    /// Every invitation of a store.
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<Invite>> {
        invites::table
            .filter(invites::store_id.eq(store))
            .select(Invite::as_select())
            .load(conn)
    }

    /// Writes the whole invitation (the store actor's planned state of it); one per record.
    #[tracing::instrument(skip_all, fields(employee = %self.employee_id))]
    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(invites::table)
            .values(self)
            .on_conflict(invites::employee_id)
            .do_update()
            .set(self)
            .execute(conn)
    }

    /// When each unresolved invitation of a store expires, by employee record.
    pub fn unresolved_expiries(
        conn: &mut PgConnection,
        store: StoreId,
    ) -> QueryResult<Vec<(EmployeeId, DateTime<Utc>)>> {
        invites::table
            .filter(invites::store_id.eq(store))
            .filter(invites::resolved.eq(false))
            .select((invites::employee_id, invites::expires_at))
            .load(conn)
    }

    /// Invitations for `email` with this code that can still be accepted at `now`, newest
    /// first.
    pub fn find_open(
        conn: &mut PgConnection,
        email: &str,
        code: &str,
        now: DateTime<Utc>,
    ) -> QueryResult<Vec<Invite>> {
        invites::table
            .filter(
                sql::<Bool>("lower(invites.email) = lower(")
                    .bind::<Text, _>(email.to_string())
                    .sql(")"),
            )
            .filter(invites::hash.eq(code))
            .filter(invites::resolved.eq(false))
            .filter(invites::expires_at.gt(now))
            .order(invites::created_at.desc())
            .select(Invite::as_select())
            .load(conn)
    }

    /// True when `email` has an invitation that can still be accepted at `now`.
    pub fn exists_open_for(
        conn: &mut PgConnection,
        email: &str,
        now: DateTime<Utc>,
    ) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            invites::table
                .filter(
                    sql::<Bool>("lower(invites.email) = lower(")
                        .bind::<Text, _>(email.to_string())
                        .sql(")"),
                )
                .filter(invites::resolved.eq(false))
                .filter(invites::expires_at.gt(now)),
        ))
        .get_result(conn)
    }

    /// Removes the invitation of a record (its code stops working).
    pub fn delete_of_employee(conn: &mut PgConnection, employee: EmployeeId) -> QueryResult<usize> {
        diesel::delete(invites::table.filter(invites::employee_id.eq(employee))).execute(conn)
    }
}
