use crate::db::models::store::Store;
use crate::db::schema::{employees, stores};
use crate::domain::ids::{EmployeeId, StoreId, UserId};
use crate::domain::permissions::Perms;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

/// A person's membership of a store.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = employees, check_for_backend(diesel::pg::Pg))]
pub struct Employee {
    pub id: EmployeeId,
    pub store_id: StoreId,
    pub user_id: Option<UserId>,
    pub email: String,
    pub full_name: String,
    pub display_name: Option<String>,
    pub phone_number: Option<String>,
    pub img: Option<String>,
    pub display_img: Option<String>,
    pub birthday: Option<DateTime<Utc>>,
    pub role_ids: Vec<Uuid>,
    pub wages: serde_json::Value,
    pub wage_type: String,
    pub permissions: Vec<String>,
    pub deactive: bool,
    pub terminated_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Employee {
    pub fn perms(&self) -> Perms {
        Perms::from_names(&self.permissions)
    }

    /// The name shown for this employee: display name, else full name.
    pub fn shown_name(&self) -> &str {
        match self.display_name.as_deref() {
            Some(n) if !n.trim().is_empty() => n,
            _ => &self.full_name,
        }
    }

    /// The caller's own (not terminated) record in a store.
    pub fn find_member(
        conn: &mut PgConnection,
        store: StoreId,
        user: UserId,
    ) -> QueryResult<Option<Employee>> {
        employees::table
            .filter(employees::store_id.eq(store))
            .filter(employees::user_id.eq(user))
            .filter(employees::terminated_at.is_null())
            .select(Employee::as_select())
            .first(conn)
            .optional()
    }
}

impl Employee {
    /// Every store `user` belongs to (as a not terminated employee), oldest membership first.
    #[tracing::instrument(skip(conn))]
    pub fn memberships(
        conn: &mut PgConnection,
        user: UserId,
    ) -> QueryResult<Vec<(Employee, Store)>> {
        employees::table
            .inner_join(stores::table)
            .filter(employees::user_id.eq(user))
            .filter(employees::terminated_at.is_null())
            .order((employees::created_at.asc(), employees::id.asc()))
            .select((Employee::as_select(), Store::as_select()))
            .load(conn)
    }

    /// Copies a user's name and image onto all their employee records, so every store shows
    /// what the person set on their profile.
    #[tracing::instrument(skip(conn))]
    pub fn mirror_profile(
        conn: &mut PgConnection,
        user: UserId,
        copy: &ProfileMirror,
    ) -> QueryResult<usize> {
        diesel::update(employees::table)
            .filter(employees::user_id.eq(user))
            .filter(employees::terminated_at.is_null())
            .set(copy)
            .execute(conn)
    }
}

/// What a profile change copies onto employee records. `None` leaves a column alone.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = employees)]
pub struct ProfileMirror {
    pub full_name: Option<String>,
    pub img: Option<Option<String>>,
    pub updated_at: DateTime<Utc>,
}

impl Employee {
    /// Every employee record of a store, terminated ones included.
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<Employee>> {
        employees::table
            .filter(employees::store_id.eq(store))
            .order(employees::created_at)
            .select(Employee::as_select())
            .load(conn)
    }
}
