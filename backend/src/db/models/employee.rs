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

/// A new employee record: the owner's at store creation, or an invited person's (no user
/// until the invitation is accepted).
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = employees)]
pub struct NewEmployee<'a> {
    pub id: EmployeeId,
    pub store_id: StoreId,
    pub user_id: Option<UserId>,
    pub email: &'a str,
    pub full_name: &'a str,
    pub display_name: Option<&'a str>,
    pub img: Option<&'a str>,
    pub role_ids: Vec<Uuid>,
    pub wages: serde_json::Value,
    pub wage_type: &'a str,
    pub permissions: Vec<String>,
}

impl NewEmployee<'_> {
    #[tracing::instrument(skip_all, fields(store = %self.store_id))]
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<Employee> {
        diesel::insert_into(employees::table)
            .values(self)
            .returning(Employee::as_returning())
            .get_result(conn)
    }
}

/// What a manager may change on an employee's job: roles, pay and permissions.
#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = employees)]
pub struct JobChange {
    pub role_ids: Option<Vec<Uuid>>,
    pub wages: Option<serde_json::Value>,
    pub wage_type: Option<String>,
    pub permissions: Option<Vec<String>>,
}

/// What an employee may change on their own record (and a manager on anyone's).
#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = employees)]
pub struct PersonalChange {
    pub full_name: Option<String>,
    /// `Some(None)` clears the field.
    pub display_name: Option<Option<String>>,
    pub phone_number: Option<Option<String>>,
    pub img: Option<Option<String>>,
    pub display_img: Option<Option<String>>,
    pub birthday: Option<Option<DateTime<Utc>>>,
}

impl PersonalChange {
    pub fn is_empty(&self) -> bool {
        self.full_name.is_none()
            && self.display_name.is_none()
            && self.phone_number.is_none()
            && self.img.is_none()
            && self.display_img.is_none()
            && self.birthday.is_none()
    }
}

impl JobChange {
    pub fn is_empty(&self) -> bool {
        self.role_ids.is_none()
            && self.wages.is_none()
            && self.wage_type.is_none()
            && self.permissions.is_none()
    }
}

impl Employee {
    /// The current (not terminated) employees of a store, in order of joining.
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<Employee>> {
        employees::table
            .filter(employees::store_id.eq(store))
            .filter(employees::terminated_at.is_null())
            .order((employees::created_at.asc(), employees::id.asc()))
            .select(Employee::as_select())
            .load(conn)
    }

    /// A current (not terminated) employee, only if it belongs to `store`.
    pub fn find_in_store(
        conn: &mut PgConnection,
        store: StoreId,
        id: EmployeeId,
    ) -> QueryResult<Option<Employee>> {
        employees::table
            .filter(employees::store_id.eq(store))
            .filter(employees::id.eq(id))
            .filter(employees::terminated_at.is_null())
            .select(Employee::as_select())
            .first(conn)
            .optional()
    }

    /// Any record of `store` for this e-mail (case-insensitive), terminated ones included.
    pub fn find_by_email(
        conn: &mut PgConnection,
        store: StoreId,
        email: &str,
    ) -> QueryResult<Option<Employee>> {
        use diesel::dsl::sql;
        use diesel::sql_types::{Bool, Text};
        employees::table
            .filter(employees::store_id.eq(store))
            .filter(
                sql::<Bool>("lower(employees.email) = lower(")
                    .bind::<Text, _>(email)
                    .sql(")"),
            )
            .select(Employee::as_select())
            .first(conn)
            .optional()
    }

    /// Any record of `store` linked to `user`, terminated ones included.
    pub fn find_any_of_user(
        conn: &mut PgConnection,
        store: StoreId,
        user: UserId,
    ) -> QueryResult<Option<Employee>> {
        employees::table
            .filter(employees::store_id.eq(store))
            .filter(employees::user_id.eq(user))
            .select(Employee::as_select())
            .first(conn)
            .optional()
    }

    #[tracing::instrument(skip(conn, job, personal))]
    pub fn update(
        conn: &mut PgConnection,
        id: EmployeeId,
        job: &JobChange,
        personal: &PersonalChange,
    ) -> QueryResult<Employee> {
        // Diesel refuses an empty changeset; `updated_at` always changes.
        let target = employees::table.find(id);
        match (job.is_empty(), personal.is_empty()) {
            (true, true) => diesel::update(target)
                .set(employees::updated_at.eq(diesel::dsl::now))
                .returning(Employee::as_returning())
                .get_result(conn),
            (false, true) => diesel::update(target)
                .set((job, employees::updated_at.eq(diesel::dsl::now)))
                .returning(Employee::as_returning())
                .get_result(conn),
            (true, false) => diesel::update(target)
                .set((personal, employees::updated_at.eq(diesel::dsl::now)))
                .returning(Employee::as_returning())
                .get_result(conn),
            (false, false) => diesel::update(target)
                .set((job, personal, employees::updated_at.eq(diesel::dsl::now)))
                .returning(Employee::as_returning())
                .get_result(conn),
        }
    }

    /// Turns a record back into a fresh invitation: no user, active, not terminated, with
    /// the job given. Used when a terminated person is invited again.
    pub fn reset_for_invite(
        conn: &mut PgConnection,
        id: EmployeeId,
        email: &str,
        job: &JobChange,
    ) -> QueryResult<Employee> {
        diesel::update(employees::table.find(id))
            .set((
                job,
                employees::email.eq(email),
                employees::user_id.eq(None::<UserId>),
                employees::deactive.eq(false),
                employees::terminated_at.eq(None::<DateTime<Utc>>),
                employees::updated_at.eq(diesel::dsl::now),
            ))
            .returning(Employee::as_returning())
            .get_result(conn)
    }

    pub fn set_deactive(
        conn: &mut PgConnection,
        id: EmployeeId,
        deactive: bool,
    ) -> QueryResult<Employee> {
        diesel::update(employees::table.find(id))
            .set((
                employees::deactive.eq(deactive),
                employees::updated_at.eq(diesel::dsl::now),
            ))
            .returning(Employee::as_returning())
            .get_result(conn)
    }

    /// Ends the employment: the record stays for history (shifts, payroll) but no longer
    /// counts as a member.
    pub fn terminate(
        conn: &mut PgConnection,
        id: EmployeeId,
        now: DateTime<Utc>,
    ) -> QueryResult<Employee> {
        diesel::update(employees::table.find(id))
            .set((
                employees::deactive.eq(true),
                employees::terminated_at.eq(now),
                employees::updated_at.eq(diesel::dsl::now),
            ))
            .returning(Employee::as_returning())
            .get_result(conn)
    }

    /// Links an invited record to the user who accepted the invitation.
    pub fn link_user(
        conn: &mut PgConnection,
        id: EmployeeId,
        user: UserId,
        full_name: &str,
        img: Option<&str>,
    ) -> QueryResult<Employee> {
        use diesel::dsl::sql;
        use diesel::sql_types::{Nullable, Text};
        diesel::update(employees::table.find(id))
            .set((
                employees::user_id.eq(user),
                // Keep a name or photo the manager already entered.
                employees::full_name.eq(sql::<Text>("COALESCE(NULLIF(employees.full_name, ''), ")
                    .bind::<Text, _>(full_name.to_string())
                    .sql(")")),
                employees::img.eq(sql::<Nullable<Text>>("COALESCE(employees.img, ")
                    .bind::<Nullable<Text>, _>(img.map(str::to_string))
                    .sql(")")),
                employees::updated_at.eq(diesel::dsl::now),
            ))
            .returning(Employee::as_returning())
            .get_result(conn)
    }

    /// The wages as a map of role id to amount (unknown shapes read as no wages).
    pub fn wage_map(&self) -> std::collections::BTreeMap<Uuid, f64> {
        self.wages
            .as_object()
            .map(|o| {
                o.iter()
                    .filter_map(|(k, v)| Some((Uuid::parse_str(k).ok()?, v.as_f64()?)))
                    .collect()
            })
            .unwrap_or_default()
    }
}

/// Wages per role as stored: `{"<role id>": amount}`.
pub fn wages_json(wages: &std::collections::BTreeMap<Uuid, f64>) -> serde_json::Value {
    serde_json::Value::Object(
        wages
            .iter()
            .map(|(k, v)| (k.to_string(), serde_json::json!(v)))
            .collect(),
    )
}
