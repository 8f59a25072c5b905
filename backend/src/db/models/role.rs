use crate::db::schema::roles;
use crate::domain::ids::{RoleId, StoreId};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// A role of a store (Barista, Cashier, ...).
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = roles, check_for_backend(diesel::pg::Pg))]
pub struct Role {
    pub id: RoleId,
    pub store_id: StoreId,
    pub title: String,
    pub color: String,
    pub require_user_action: bool,
    pub swappeable: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Its shifts may be started and completed from the employee's phone.
    pub can_start: bool,
    /// Its shifts may be clocked at the store's clock device.
    pub can_clock_in: bool,
}

/// A new role.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = roles)]
pub struct NewRole<'a> {
    pub id: RoleId,
    pub store_id: StoreId,
    pub title: &'a str,
    pub color: &'a str,
    pub require_user_action: bool,
    pub swappeable: bool,
}

impl NewRole<'_> {
    #[tracing::instrument(skip_all, fields(store = %self.store_id))]
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<Role> {
        diesel::insert_into(roles::table)
            .values(self)
            .returning(Role::as_returning())
            .get_result(conn)
    }
}

impl Role {
    /// The roles of a store, oldest first.
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<Role>> {
        roles::table
            .filter(roles::store_id.eq(store))
            .order((roles::created_at.asc(), roles::id.asc()))
            .select(Role::as_select())
            .load(conn)
    }

    /// Writes the whole role (the store actor's planned state of it).
    #[tracing::instrument(skip_all, fields(role = %self.id))]
    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(roles::table)
            .values(self)
            .on_conflict(roles::id)
            .do_update()
            .set(self)
            .execute(conn)
    }

    /// Deletes a role of `store`; its shifts lose it (`ON DELETE SET NULL`).
    #[tracing::instrument(skip(conn))]
    pub fn delete(conn: &mut PgConnection, store: StoreId, id: RoleId) -> QueryResult<usize> {
        diesel::delete(
            roles::table
                .filter(roles::store_id.eq(store))
                .filter(roles::id.eq(id)),
        )
        .execute(conn)
    }
}
