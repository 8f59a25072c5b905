use crate::db::schema::users;
use crate::domain::account::{AccountStatus, PersonalInfo, SignInMethod};
use crate::domain::ids::UserId;
use crate::domain::language::Language;
use crate::domain::privacy::{Privacy, Visibility};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// A user account.
#[derive(Debug, Clone, Queryable, Selectable, Identifiable)]
#[diesel(table_name = users, check_for_backend(diesel::pg::Pg))]
pub struct User {
    pub id: UserId,
    pub email: String,
    /// None for an account made by a Google sign-in, until its person adds a password.
    pub password_hash: Option<String>,
    pub first_name: String,
    pub last_name: String,
    pub profile_image: Option<String>,
    pub phone_number: Option<String>,
    pub birthday: Option<DateTime<Utc>>,
    pub description: Option<String>,
    pub about_me: Option<String>,
    pub personal_information_status: PersonalInfo,
    pub status: AccountStatus,
    pub sign_in_method: SignInMethod,
    pub last_login: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The language the person last signed in with: their mails are written in it.
    pub language: Option<Language>,
    /// Who in their stores sees their phone number (`domain::privacy`).
    pub phone_visibility: Visibility,
    /// Who in their stores sees their birthday.
    pub birthday_visibility: Visibility,
    /// When the account was deleted; its row stays, emptied, for the stores' records.
    pub deleted_at: Option<DateTime<Utc>>,
}

impl User {
    pub fn find(conn: &mut PgConnection, id: UserId) -> QueryResult<User> {
        users::table.find(id).select(User::as_select()).first(conn)
    }

    /// The user, locked for the rest of the transaction.
    pub fn find_for_update(conn: &mut PgConnection, id: UserId) -> QueryResult<User> {
        users::table
            .find(id)
            .select(User::as_select())
            .for_update()
            .first(conn)
    }

    /// The user, if the account still exists (a deleted one does not).
    pub fn find_opt(conn: &mut PgConnection, id: UserId) -> QueryResult<Option<User>> {
        users::table
            .find(id)
            .filter(users::deleted_at.is_null())
            .select(User::as_select())
            .first(conn)
            .optional()
    }

    /// The person's choices of who sees their phone number and birthday.
    pub fn privacy(&self) -> Privacy {
        Privacy {
            phone: self.phone_visibility,
            birthday: self.birthday_visibility,
        }
    }

    /// Records the person's choices of who sees their phone number and birthday.
    #[tracing::instrument(skip(conn))]
    pub fn set_privacy(
        conn: &mut PgConnection,
        id: UserId,
        privacy: Privacy,
        now: DateTime<Utc>,
    ) -> QueryResult<User> {
        diesel::update(users::table.find(id))
            .set((
                users::phone_visibility.eq(privacy.phone),
                users::birthday_visibility.eq(privacy.birthday),
                users::updated_at.eq(now),
            ))
            .returning(User::as_returning())
            .get_result(conn)
    }

    /// Empties a deleted account of its personal data: its address becomes one no mail
    /// reaches and no sign-in matches, it loses its password, names, photo, phone,
    /// birthday and profile texts, and it is marked deleted. The row stays for the records
    /// the stores keep (shifts, hours, pay), which name it.
    #[tracing::instrument(skip(conn))]
    pub fn anonymise(
        conn: &mut PgConnection,
        id: UserId,
        email: &str,
        now: DateTime<Utc>,
    ) -> QueryResult<User> {
        diesel::update(users::table.find(id))
            .set((
                users::email.eq(email),
                users::password_hash.eq(None::<String>),
                users::first_name.eq(""),
                users::last_name.eq(""),
                users::profile_image.eq(None::<String>),
                users::phone_number.eq(None::<String>),
                users::birthday.eq(None::<DateTime<Utc>>),
                users::description.eq(None::<String>),
                users::about_me.eq(None::<String>),
                users::last_login.eq(None::<DateTime<Utc>>),
                users::language.eq(None::<String>),
                users::deleted_at.eq(now),
                users::updated_at.eq(now),
            ))
            .returning(User::as_returning())
            .get_result(conn)
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

    /// Sets the account status (`pendingconfirm` or `confirmed`).
    #[tracing::instrument(skip(conn))]
    pub fn set_status(
        conn: &mut PgConnection,
        id: UserId,
        status: AccountStatus,
    ) -> QueryResult<User> {
        diesel::update(users::table.find(id))
            .set((users::status.eq(status), users::updated_at.eq(Utc::now())))
            .returning(User::as_returning())
            .get_result(conn)
    }

    /// Replaces the password hash.
    #[tracing::instrument(skip(conn, hash))]
    pub fn set_password_hash(conn: &mut PgConnection, id: UserId, hash: &str) -> QueryResult<()> {
        diesel::update(users::table.find(id))
            .set((
                users::password_hash.eq(hash),
                users::updated_at.eq(Utc::now()),
            ))
            .execute(conn)
            .map(|_| ())
    }

    /// Records a sign-in, and the language it was made in when the request said one.
    #[tracing::instrument(skip(conn))]
    pub fn touch_last_login(
        conn: &mut PgConnection,
        id: UserId,
        now: DateTime<Utc>,
        language: Option<Language>,
    ) -> QueryResult<User> {
        let target = diesel::update(users::table.find(id));
        match language {
            Some(language) => target
                .set((users::last_login.eq(now), users::language.eq(language)))
                .returning(User::as_returning())
                .get_result(conn),
            None => target
                .set(users::last_login.eq(now))
                .returning(User::as_returning())
                .get_result(conn),
        }
    }

    /// Applies profile changes.
    #[tracing::instrument(skip(conn, changes))]
    pub fn update_profile(
        conn: &mut PgConnection,
        id: UserId,
        changes: &ProfileChanges,
    ) -> QueryResult<User> {
        diesel::update(users::table.find(id))
            .set(changes)
            .returning(User::as_returning())
            .get_result(conn)
    }
}

/// Changes to a profile. `None` leaves a column alone; `Some(None)` clears it.
#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = users)]
pub struct ProfileChanges {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub profile_image: Option<Option<String>>,
    pub phone_number: Option<Option<String>>,
    pub birthday: Option<Option<DateTime<Utc>>>,
    pub description: Option<Option<String>>,
    pub about_me: Option<Option<String>>,
    pub personal_information_status: Option<PersonalInfo>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// A new account.
#[derive(Debug, Clone)]
pub struct NewUser<'a> {
    pub id: UserId,
    pub email: &'a str,
    pub password_hash: Option<&'a str>,
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub status: AccountStatus,
    pub sign_in_method: SignInMethod,
    pub language: Option<Language>,
}

impl NewUser<'_> {
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<User> {
        diesel::insert_into(users::table)
            .values((
                users::id.eq(self.id),
                users::email.eq(self.email),
                users::password_hash.eq(self.password_hash),
                users::first_name.eq(self.first_name),
                users::last_name.eq(self.last_name),
                users::status.eq(self.status),
                users::sign_in_method.eq(self.sign_in_method),
                users::language.eq(self.language.map(Language::as_str)),
            ))
            .returning(User::as_returning())
            .get_result(conn)
    }
}

crate::db::models::text_column!(AccountStatus);
crate::db::models::text_column!(PersonalInfo);
crate::db::models::text_column!(SignInMethod);
crate::db::models::text_column!(Language);
