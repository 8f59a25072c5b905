use crate::db::models::store::Store;
use crate::db::schema::{employees, stores};
use crate::domain::business::WageType;
use crate::domain::ids::{EmployeeId, StoreId, UserId};
use crate::domain::permissions::Perms;
use crate::domain::privacy::{Privacy, Visibility};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

/// A person's membership of a store.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = employees, check_for_backend(diesel::pg::Pg))]
#[diesel(treat_none_as_null = true)]
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
    pub wage_type: WageType,
    pub permissions: Vec<String>,
    pub deactive: bool,
    pub terminated_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Who in the store sees the phone number: its person's choice (`domain::privacy`).
    pub phone_visibility: Visibility,
    /// Who in the store sees the birthday.
    pub birthday_visibility: Visibility,
}

impl Employee {
    pub fn perms(&self) -> Perms {
        Perms::from_names(&self.permissions)
    }

    /// Its person's choices of who sees the phone number and birthday.
    pub fn privacy(&self) -> Privacy {
        Privacy {
            phone: self.phone_visibility,
            birthday: self.birthday_visibility,
        }
    }

    /// Takes on its person's choices.
    pub fn set_privacy(&mut self, privacy: Privacy) {
        self.phone_visibility = privacy.phone;
        self.birthday_visibility = privacy.birthday;
    }

    /// The name shown for this employee: display name, else full name.
    pub fn shown_name(&self) -> &str {
        match self.display_name.as_deref() {
            Some(n) if !n.trim().is_empty() => n,
            _ => &self.full_name,
        }
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
}

impl Employee {
    /// Every record of `user` in any store, terminated ones included, with its store:
    /// everything the stores hold of the person, oldest first.
    pub fn records_of_user(
        conn: &mut PgConnection,
        user: UserId,
    ) -> QueryResult<Vec<(Employee, Store)>> {
        employees::table
            .inner_join(stores::table)
            .filter(employees::user_id.eq(user))
            .order((employees::created_at.asc(), employees::id.asc()))
            .select((Employee::as_select(), Store::as_select()))
            .load(conn)
    }
}

/// A new employee record: the owner's at store creation, or an invited person's (no user
/// until the invitation is accepted). Its wage type is the column's default, Hourly.
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
    pub permissions: Vec<String>,
    /// Its person's choices of who sees the phone number and birthday.
    #[diesel(skip_insertion)]
    pub privacy: Privacy,
}

impl NewEmployee<'_> {
    #[tracing::instrument(skip_all, fields(store = %self.store_id))]
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<Employee> {
        diesel::insert_into(employees::table)
            .values((
                self,
                employees::phone_visibility.eq(self.privacy.phone),
                employees::birthday_visibility.eq(self.privacy.birthday),
            ))
            .returning(Employee::as_returning())
            .get_result(conn)
    }
}

impl Employee {
    /// Writes the whole record (the store actor's planned state of it).
    #[tracing::instrument(skip_all, fields(employee = %self.id))]
    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(employees::table)
            .values(self)
            .on_conflict(employees::id)
            .do_update()
            .set(self)
            .execute(conn)
    }

    /// Every record of a store, terminated ones included, in order of joining.
    pub fn all_of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<Employee>> {
        employees::table
            .filter(employees::store_id.eq(store))
            .order((employees::created_at.asc(), employees::id.asc()))
            .select(Employee::as_select())
            .load(conn)
    }

    /// The current (not terminated) employees of a store, in order of joining.
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<Employee>> {
        employees::table
            .filter(employees::store_id.eq(store))
            .filter(employees::terminated_at.is_null())
            .order((employees::created_at.asc(), employees::id.asc()))
            .select(Employee::as_select())
            .load(conn)
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

crate::db::models::text_column!(WageType);
crate::db::models::text_column!(Visibility);
