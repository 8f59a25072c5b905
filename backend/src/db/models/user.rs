use crate::db::schema::users;
use crate::domain::ids::UserId;
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// A user account.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = users, check_for_backend(diesel::pg::Pg))]
pub struct User {
    pub id: UserId,
    pub email: String,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub profile_image: Option<String>,
    pub phone_number: Option<String>,
    pub birthday: Option<DateTime<Utc>>,
    pub description: Option<String>,
    pub about_me: Option<String>,
    pub personal_information_status: String,
    pub status: String,
    pub sign_in_method: String,
    pub last_login: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl User {
    pub fn find(conn: &mut PgConnection, id: UserId) -> QueryResult<User> {
        users::table.find(id).select(User::as_select()).first(conn)
    }

    /// Looks a user up by e-mail, case-insensitively.
    pub fn find_by_email(conn: &mut PgConnection, email: &str) -> QueryResult<Option<User>> {
        use diesel::dsl::sql;
        use diesel::sql_types::{Bool, Text};
        users::table
            .filter(
                sql::<Bool>("lower(users.email) = lower(")
                    .bind::<Text, _>(email)
                    .sql(")"),
            )
            .select(User::as_select())
            .first(conn)
            .optional()
    }
}

/// A new account.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = users)]
pub struct NewUser<'a> {
    pub id: UserId,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub first_name: &'a str,
    pub last_name: &'a str,
}

impl NewUser<'_> {
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<User> {
        diesel::insert_into(users::table)
            .values(self)
            .returning(User::as_returning())
            .get_result(conn)
    }
}
