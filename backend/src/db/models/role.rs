use crate::db::schema::{employees, roles};
use crate::domain::ids::{RoleId, StoreId};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// A role of a store (Barista, Cashier, ...).
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
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

/// The editable fields of a role.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = roles)]
pub struct RoleChange<'a> {
    pub title: &'a str,
    pub color: &'a str,
    pub require_user_action: Option<bool>,
    pub swappeable: Option<bool>,
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

    /// A role, only if it belongs to `store`.
    pub fn find_in_store(
        conn: &mut PgConnection,
        store: StoreId,
        id: RoleId,
    ) -> QueryResult<Option<Role>> {
        roles::table
            .filter(roles::store_id.eq(store))
            .filter(roles::id.eq(id))
            .select(Role::as_select())
            .first(conn)
            .optional()
    }

    /// Which of `ids` are roles of `store`.
    pub fn existing_ids(
        conn: &mut PgConnection,
        store: StoreId,
        ids: &[uuid::Uuid],
    ) -> QueryResult<Vec<uuid::Uuid>> {
        roles::table
            .filter(roles::store_id.eq(store))
            .filter(roles::id.eq_any(ids))
            .select(roles::id)
            .load::<RoleId>(conn)
            .map(|v| v.into_iter().map(|r| r.0).collect())
    }

    #[tracing::instrument(skip(conn, change))]
    pub fn update(
        conn: &mut PgConnection,
        store: StoreId,
        id: RoleId,
        change: &RoleChange<'_>,
    ) -> QueryResult<Role> {
        diesel::update(
            roles::table
                .filter(roles::store_id.eq(store))
                .filter(roles::id.eq(id)),
        )
        .set((change, roles::updated_at.eq(diesel::dsl::now)))
        .returning(Role::as_returning())
        .get_result(conn)
    }

    /// Deletes a role of `store` and takes it (and its wage) off every employee who held it.
    /// Returns how many employee records changed.
    #[tracing::instrument(skip(conn))]
    pub fn delete(conn: &mut PgConnection, store: StoreId, id: RoleId) -> QueryResult<usize> {
        use diesel::dsl::sql;
        use diesel::sql_types::{Array, Bool, Jsonb, Text, Uuid as SqlUuid};
        let key = id.0.to_string();
        let changed = diesel::update(
            employees::table
                .filter(employees::store_id.eq(store))
                .filter(
                    sql::<Bool>("(employees.role_ids @> ARRAY[")
                        .bind::<SqlUuid, _>(id.0)
                        .sql("] OR jsonb_exists(employees.wages, ")
                        .bind::<Text, _>(key.clone())
                        .sql("))"),
                ),
        )
        .set((
            employees::role_ids.eq(sql::<Array<SqlUuid>>("array_remove(employees.role_ids, ")
                .bind::<SqlUuid, _>(id.0)
                .sql(")")),
            employees::wages.eq(sql::<Jsonb>("(employees.wages - ")
                .bind::<Text, _>(key)
                .sql(")")),
            employees::updated_at.eq(diesel::dsl::now),
        ))
        .execute(conn)?;
        diesel::delete(
            roles::table
                .filter(roles::store_id.eq(store))
                .filter(roles::id.eq(id)),
        )
        .execute(conn)?;
        Ok(changed)
    }
}
