use crate::db::schema::invites;
use crate::domain::ids::{EmployeeId, InviteId, StoreId, UserId};
use chrono::{DateTime, Utc};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Text};

/// An invitation for an e-mail to join a store as a given employee record.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = invites, check_for_backend(diesel::pg::Pg))]
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
    /// The invitation of an employee record.
    pub fn of_employee(
        conn: &mut PgConnection,
        employee: EmployeeId,
    ) -> QueryResult<Option<Invite>> {
        invites::table
            .filter(invites::employee_id.eq(employee))
            .select(Invite::as_select())
            .first(conn)
            .optional()
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

    /// Creates the invitation of an employee record, or reopens it with a new code and
    /// expiry (one invitation per record).
    #[tracing::instrument(skip(conn, code))]
    pub fn put(
        conn: &mut PgConnection,
        store: StoreId,
        employee: EmployeeId,
        email: &str,
        code: &str,
        expires_at: DateTime<Utc>,
    ) -> QueryResult<Invite> {
        diesel::insert_into(invites::table)
            .values((
                invites::id.eq(InviteId::new()),
                invites::store_id.eq(store),
                invites::employee_id.eq(employee),
                invites::email.eq(email),
                invites::hash.eq(code),
                invites::resolved.eq(false),
                invites::expires_at.eq(expires_at),
            ))
            .on_conflict(invites::employee_id)
            .do_update()
            .set((
                invites::email.eq(email),
                invites::hash.eq(code),
                invites::resolved.eq(false),
                invites::expires_at.eq(expires_at),
                invites::user_id.eq(None::<UserId>),
                invites::created_at.eq(diesel::dsl::now),
            ))
            .returning(Invite::as_returning())
            .get_result(conn)
    }

    /// Invitations for `email` with this code that can still be accepted at `now`, newest
    /// first. Locked, so two acceptances of one code cannot both win.
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
            .for_update()
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

    /// Marks an invitation accepted by `user`.
    pub fn resolve(conn: &mut PgConnection, id: InviteId, user: UserId) -> QueryResult<()> {
        diesel::update(invites::table.find(id))
            .set((invites::resolved.eq(true), invites::user_id.eq(user)))
            .execute(conn)
            .map(|_| ())
    }

    /// Removes the invitation of a record (its code stops working).
    pub fn delete_of_employee(conn: &mut PgConnection, employee: EmployeeId) -> QueryResult<usize> {
        diesel::delete(invites::table.filter(invites::employee_id.eq(employee))).execute(conn)
    }
}
