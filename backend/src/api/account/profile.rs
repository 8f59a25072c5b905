//! The signed-in user as the API shows them (`GET /api/v1/me`, with their stores), and their
//! own profile's changes.

use crate::calls::bounded::{RequiredText, Text};
use crate::calls::guard::SignedIn;
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx};
use crate::db::models::employee::Employee;
use crate::db::models::oidc_identity::OidcIdentity;
use crate::db::models::store::Store;
use crate::db::models::user::{ProfileChanges, User};
use crate::domain::account as rules;
use crate::domain::account::{AccountStatus, PersonalInfo, SignInMethod};
use crate::domain::business::BusinessKind;
use crate::domain::ids::{EmployeeId, StoreId, UserId};
use crate::domain::permissions::Permission;
use crate::domain::privacy::Privacy;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::messages;
use crate::store::employees::MirrorProfile;
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use diesel::PgConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A user as the API shows it. Instants are epoch milliseconds.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserView {
    pub id: UserId,
    #[schema(format = Email)]
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    #[schema(required = true)]
    pub profile_image: Option<String>,
    #[schema(required = true)]
    pub phone_number: Option<String>,
    #[schema(required = true, minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub birthday: Option<i64>,
    #[schema(required = true)]
    pub description: Option<String>,
    #[schema(required = true)]
    pub about_me: Option<String>,
    pub personal_information_status: PersonalInfo,
    pub status: AccountStatus,
    pub sign_in_method: SignInMethod,
    /// Whether the account has a password (one made by a Google sign-in has none until its
    /// person adds one).
    pub has_password: bool,
    /// The last sign-in, epoch ms.
    #[schema(required = true, minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub last_login: Option<i64>,
    /// Who in the person's stores sees their phone number and birthday.
    pub privacy: Privacy,
}

impl From<User> for UserView {
    fn from(u: User) -> Self {
        let privacy = u.privacy();
        UserView {
            id: u.id,
            email: u.email,
            first_name: u.first_name,
            last_name: u.last_name,
            profile_image: u.profile_image,
            phone_number: u.phone_number,
            birthday: u.birthday.map(|b| b.timestamp_millis()),
            description: u.description,
            about_me: u.about_me,
            personal_information_status: u.personal_information_status,
            status: u.status,
            sign_in_method: u.sign_in_method,
            has_password: u.password_hash.is_some(),
            last_login: u.last_login.map(|t| t.timestamp_millis()),
            privacy,
        }
    }
}

/// A store the signed-in user belongs to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MembershipView {
    pub id: StoreId,
    pub name: String,
    #[serde(rename = "type")]
    #[schema(value_type = BusinessKind)]
    pub kind: String,
    #[schema(required = true)]
    pub logo: Option<String>,
    pub timezone_reference: String,
    pub is_owner: bool,
    /// Permission names; `owner` is included for the store owner.
    #[schema(value_type = Vec<Permission>)]
    pub permissions: Vec<String>,
    pub employee_id: EmployeeId,
    pub deactive: bool,
}

impl MembershipView {
    fn new(user: UserId, employee: Employee, store: Store) -> Self {
        let is_owner = store.owner_id == user;
        let mut perms = employee.perms();
        if is_owner {
            perms = perms.with(Permission::Owner);
        }
        MembershipView {
            id: store.id,
            name: store.name,
            kind: store.kind,
            logo: store.logo,
            timezone_reference: store.timezone_reference,
            is_owner,
            permissions: perms.names(),
            employee_id: employee.id,
            deactive: employee.deactive,
        }
    }
}

/// An account of an OpenID provider (Google) that signs in to this one.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkedAccount {
    /// The provider's issuer, e.g. `https://accounts.google.com`.
    pub issuer: String,
    /// The provider account's address when it was linked.
    #[schema(format = Email)]
    pub email: String,
    /// When it was linked, epoch ms.
    #[schema(minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub linked_at: i64,
}

/// The signed-in user with their stores and the provider accounts linked to theirs.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Me {
    #[serde(flatten)]
    pub user: UserView,
    pub stores: Vec<MembershipView>,
    pub linked_accounts: Vec<LinkedAccount>,
}

/// `GET /api/v1/me`: the signed-in user, with every store they belong to.
#[utoipa::path(
    get,
    tag = "crate::api::account",
    path = "/api/v1/me",
    responses(
        (status = 200, description = "`{\"data\": Me}`: the signed-in user", body = Me),
        (status = 401, description = "Not signed in", body = ErrorBody)
    ),
    security(("bearer" = []))
)]
#[tracing::instrument(skip(state))]
pub async fn me(state: web::Data<AppState>, SignedIn(user): SignedIn) -> AppResult<HttpResponse> {
    let me = state
        .db
        .run(move |conn| {
            // A valid token of a deleted account is as good as no token.
            let account =
                User::find_opt(conn, user)?.ok_or_else(crate::calls::guard::not_authenticated)?;
            let stores = Employee::memberships(conn, user)?
                .into_iter()
                .map(|(employee, store)| MembershipView::new(user, employee, store))
                .collect();
            let linked_accounts = OidcIdentity::of_user(conn, user)?
                .into_iter()
                .map(|a| LinkedAccount {
                    issuer: a.issuer,
                    email: a.email,
                    linked_at: a.linked_at.timestamp_millis(),
                })
                .collect();
            Ok(Me {
                user: account.into(),
                stores,
                linked_accounts,
            })
        })
        .await?;
    Ok(crate::api::envelope::ok(me))
}

/// `updateProfile`: the signed-in user's own name, image, birthday, phone number,
/// description and about-me text. Every field is optional; a field left out is left
/// unchanged.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfile {
    // Checked, as the last name, by `account::parse_name`.
    #[serde(alias = "firstname")]
    pub first_name: Option<RequiredText<{ rules::NAME_MAX_CHARS }>>,
    #[serde(alias = "lastname")]
    pub last_name: Option<RequiredText<{ rules::NAME_MAX_CHARS }>>,
    /// Image address (an upload's path or an http(s) address).
    #[serde(alias = "profileImage")]
    #[schema(pattern = "^(https?://|/([^/]|$))", max_length = 2048)]
    pub profile: Option<String>,
    /// Epoch milliseconds, from 1900 on and not in the future.
    #[schema(minimum = -2208988800000i64, maximum = 7258118400000i64)]
    pub birthday: Option<i64>,
    /// Removes the profile image.
    #[serde(default)]
    pub remove_profile: bool,
    /// Blank clears the number.
    #[serde(alias = "phonenumber")]
    #[schema(pattern = "^(\\+?[ .()-]*([0-9][ .()-]*){6,15})?$")]
    pub phone_number: Option<String>,
    /// A one-line headline shown with the name; blank clears it.
    pub description: Option<Text<{ rules::DESCRIPTION_MAX_CHARS }>>,
    /// A few words about oneself; blank clears it.
    pub about_me: Option<Text<{ rules::ABOUT_ME_MAX_CHARS }>>,
    /// Whose profile: only the caller's own may be named.
    #[serde(alias = "uid")]
    #[schema(format = Uuid)]
    pub user_id: Option<String>,
}

impl Call for UpdateProfile {
    const NAME: &'static str = "updateProfile";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str =
        "Update one's own name, image, birthday, phone number, description and about-me text.";
    type Output = UserView;

    async fn run(self, ctx: Ctx) -> AppResult<UserView> {
        let id = ctx.user()?;
        if let Some(named) = &self.user_id {
            if named.trim().parse::<UserId>().ok() != Some(id) {
                return Err(AppError::forbidden(
                    "not_own_profile",
                    messages::SOMEONE_ELSES_PROFILE,
                ));
            }
        }
        let now = Utc::now();
        let (changes, mirror) = self.changes(now)?;
        let (user, stores) = ctx
            .state
            .db
            .transaction(move |conn| {
                let user = apply_profile(conn, id, changes, now)?;
                let stores = Employee::memberships(conn, id)?;
                Ok((user, stores))
            })
            .await?;
        if mirror.name || mirror.image || mirror.phone || mirror.birthday {
            // Every store the person works in shows the new name, photo, phone or birthday on
            // their record (the phone and birthday to whom their privacy allows).
            let full_name = format!("{} {}", user.first_name, user.last_name);
            for (_, store) in stores {
                let cmd = MirrorProfile {
                    user: id,
                    full_name: mirror.name.then(|| full_name.clone()),
                    img: mirror.image.then(|| user.profile_image.clone()),
                    phone_number: mirror.phone.then(|| user.phone_number.clone()),
                    birthday: mirror.birthday.then_some(user.birthday),
                };
                if let Err(e) = ctx.state.stores.execute::<()>(store.id, cmd).await {
                    tracing::warn!(store = %store.id, error = %e, "profile not copied to the store");
                }
            }
        }
        Ok(user.into())
    }
}

impl UpdateProfile {
    /// Validates the payload into the user's changes and what to copy onto employee records
    /// (the name when a name changed, the image when it changed).
    fn changes(&self, now: DateTime<Utc>) -> AppResult<(ProfileChanges, MirrorWanted)> {
        let first_name = self
            .first_name
            .as_deref()
            .map(|n| rules::parse_name(n, "firstName"))
            .transpose()?;
        let last_name = self
            .last_name
            .as_deref()
            .map(|n| rules::parse_name(n, "lastName"))
            .transpose()?;
        let profile_image = if self.remove_profile {
            Some(None)
        } else {
            self.profile
                .as_deref()
                .map(|p| rules::parse_image(p).map(Some))
                .transpose()?
        };
        let phone_number = self
            .phone_number
            .as_deref()
            .map(rules::parse_phone_number)
            .transpose()?;
        let birthday = self
            .birthday
            .map(|ms| rules::parse_birthday(ms, now).map(Some))
            .transpose()?;
        let description = self
            .description
            .as_ref()
            .map(|t| t.optional("description"))
            .transpose()?;
        let about_me = self
            .about_me
            .as_ref()
            .map(|t| t.optional("aboutMe"))
            .transpose()?;
        let mirror = MirrorWanted {
            name: first_name.is_some() || last_name.is_some(),
            image: profile_image.is_some(),
            phone: phone_number.is_some(),
            birthday: birthday.is_some(),
        };
        let changes = ProfileChanges {
            first_name,
            last_name,
            profile_image,
            phone_number,
            birthday,
            description,
            about_me,
            personal_information_status: None,
            updated_at: Some(now),
        };
        Ok((changes, mirror))
    }
}

/// Which profile parts changed and so must be copied onto the employee records.
#[derive(Debug, Clone, Copy)]
struct MirrorWanted {
    name: bool,
    image: bool,
    phone: bool,
    birthday: bool,
}

fn apply_profile(
    conn: &mut PgConnection,
    id: UserId,
    mut changes: ProfileChanges,
    now: DateTime<Utc>,
) -> AppResult<User> {
    let mut user = User::update_profile(conn, id, &changes)?;
    let status = rules::personal_information_status(
        user.personal_information_status,
        &user.first_name,
        &user.last_name,
        user.birthday,
    );
    if status != user.personal_information_status {
        changes = ProfileChanges {
            personal_information_status: Some(status),
            updated_at: Some(now),
            ..ProfileChanges::default()
        };
        user = User::update_profile(conn, id, &changes)?;
    }
    Ok(user)
}
