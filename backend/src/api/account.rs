//! Account calls: sign-up, sign-in, sign-out (here or everywhere), the signed-in user
//! (`GET /api/v1/me`), e-mail confirmation, password reset and change, the e-mail check, and
//! profile updates.
//!
//! The services they call live in [`crate::auth`]: sessions in [`session`], one-time codes
//! in [`codes`], the sign-in throttle in [`throttle`], hashing off the async workers in
//! [`password`].

use crate::auth::{codes, password, session, throttle};
use crate::calls::guard::SignedIn;
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::db::models::employee::Employee;
use crate::db::models::store::Store;
use crate::db::models::user::{NewUser, ProfileChanges, User};
use crate::domain::account::{
    self as rules, AccountRuleError, CodePurpose, Email, STATUS_CONFIRMED,
};
use crate::domain::account::{AccountStatus, PersonalInfoStatus, SignInMethod};
use crate::domain::business::BusinessKind;
use crate::domain::ids::{EmployeeId, StoreId, UserId};
use crate::domain::permissions::Permission;
use crate::error::{AppError, AppResult, ErrorBody};
use crate::messages;
use crate::store::employees::MirrorProfile;
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use diesel::PgConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Registers the account calls.
pub fn register(registry: &mut Registry) {
    registry
        .add::<Signup>()
        .add::<Login>()
        .add::<Logout>()
        .add::<LogoutEverywhere>()
        .add::<RequestEmailConfirmation>()
        .add::<ConfirmEmail>()
        .add::<RequestResetPassword>()
        .add::<CheckResetPasswordConfirmCode>()
        .add::<ConfirmResetPassword>()
        .add::<AuthenticatedResetPassword>()
        .add::<CheckEmailExists>()
        .add::<UpdateProfile>();
}

impl From<AccountRuleError> for AppError {
    fn from(e: AccountRuleError) -> Self {
        AppError::bad_request(e.code(), e.to_string())
    }
}

// ---------------------------------------------------------------------------------------------
// Answers

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
    /// `pending` or `set`.
    #[schema(value_type = PersonalInfoStatus)]
    pub personal_information_status: String,
    /// `pendingconfirm` or `confirmed`.
    #[schema(value_type = AccountStatus)]
    pub status: String,
    /// `Email` or `Google`.
    #[schema(value_type = SignInMethod)]
    pub sign_in_method: String,
    #[schema(required = true, minimum = -8334601228800000i64, maximum = 8210266876799999i64)]
    pub last_login: Option<i64>,
}

impl From<User> for UserView {
    fn from(u: User) -> Self {
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
            last_login: u.last_login.map(|t| t.timestamp_millis()),
        }
    }
}

/// The answer of `signup` and `login`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Session {
    /// Bearer token for the `Authorization` header and the socket handshake.
    pub token: String,
    pub user: UserView,
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

/// The signed-in user with their stores.
#[derive(Debug, Serialize, ToSchema)]
pub struct Me {
    #[serde(flatten)]
    pub user: UserView,
    pub stores: Vec<MembershipView>,
}

// ---------------------------------------------------------------------------------------------
// GET /api/v1/me

/// `GET /api/v1/me`: the signed-in user, with every store they belong to.
#[utoipa::path(
    get,
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
            Ok(Me {
                user: account.into(),
                stores,
            })
        })
        .await?;
    Ok(crate::api::envelope::ok(me))
}

// ---------------------------------------------------------------------------------------------
// Calls

/// `signup`: creates an account (pending e-mail confirmation) and mails the confirmation code.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Signup {
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    /// With letters and digits.
    #[schema(format = Password, min_length = 8, max_length = 256)]
    pub password: String,
    #[serde(alias = "firstname")]
    #[schema(min_length = 1, max_length = 100)]
    pub first_name: String,
    #[serde(alias = "lastname")]
    #[schema(min_length = 1, max_length = 100)]
    pub last_name: String,
}

impl Call for Signup {
    const NAME: &'static str = "signup";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Create an account; the e-mail confirmation code is mailed.";
    type Output = Session;

    async fn run(self, ctx: Ctx) -> AppResult<Session> {
        let email = Email::parse(&self.email)?;
        rules::check_password(&self.password)?;
        let first_name = rules::parse_name(&self.first_name, "firstName")?;
        let last_name = rules::parse_name(&self.last_name, "lastName")?;
        let state = ctx.state;
        let probe = email.clone();
        // Checked before hashing so a taken address costs no hashing time.
        if state
            .db
            .run(move |conn| Ok(User::find_by_email(conn, probe.as_str())?))
            .await?
            .is_some()
        {
            return Err(email_taken());
        }
        let hash = password::hash_on_pool(self.password).await?;
        let now = Utc::now();
        let (user, code) = state
            .db
            .transaction(move |conn| {
                let user = NewUser {
                    id: UserId::new(),
                    email: email.as_str(),
                    password_hash: &hash,
                    first_name: &first_name,
                    last_name: &last_name,
                }
                .insert(conn)
                .map_err(|e| match e {
                    // Lost a race with another sign-up for the same address.
                    diesel::result::Error::DatabaseError(
                        diesel::result::DatabaseErrorKind::UniqueViolation,
                        _,
                    ) => email_taken(),
                    other => other.into(),
                })?;
                let code = codes::issue(conn, user.id, CodePurpose::EmailConfirmation, now)?;
                Ok((user, code))
            })
            .await?;
        if let Some(code) = code {
            // The account exists whatever happens to the mail: a failure here must not make
            // the sign-up look failed (a retry would find the address taken). A new code can
            // be requested once signed in.
            if let Err(e) = codes::mail(
                &state.mailer,
                &user.email,
                CodePurpose::EmailConfirmation,
                &code,
            )
            .await
            {
                tracing::warn!(error = %e, "could not mail the confirmation code");
            }
        }
        session(&state, user).await
    }
}

/// `login`: signs in with e-mail and password.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Login {
    #[schema(format = Email)]
    pub email: String,
    #[schema(format = Password)]
    pub password: String,
}

impl Call for Login {
    const NAME: &'static str = "login";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Sign in with e-mail and password.";
    type Output = Session;

    async fn run(self, ctx: Ctx) -> AppResult<Session> {
        let state = ctx.state;
        let key = rules::login_key(&self.email);
        throttle::check(&state.db, &key, ctx.client).await?;
        let user = match Email::parse(&self.email) {
            Ok(email) => {
                state
                    .db
                    .run(move |conn| Ok(User::find_by_email(conn, email.as_str())?))
                    .await?
            }
            Err(_) => None,
        };
        let hash = user.as_ref().map(|u| u.password_hash.clone());
        let matches = password::verify_on_pool(self.password, hash).await?;
        let user = match user {
            Some(user) if matches => user,
            _ => {
                throttle::record_failure(&state.db, &key, ctx.client).await?;
                return Err(AppError::unauthorized(
                    "wrong_credentials",
                    messages::WRONG_CREDENTIALS,
                ));
            }
        };
        throttle::record_success(&state.db, &key).await?;
        let id = user.id;
        let user = state
            .db
            .run(move |conn| Ok(User::touch_last_login(conn, id, Utc::now())?))
            .await?;
        session(&state, user).await
    }
}

/// `logout` (ours; the spec has none): ends the caller's session. Its token stops working at
/// once, over HTTP and on the socket, whose connections on it are closed.
#[derive(Debug, Deserialize, ToSchema)]
pub struct Logout {}

impl Call for Logout {
    const NAME: &'static str = "logout";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Sign out: end this session; its token stops working.";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let session = ctx.session()?;
        ctx.state.sessions.end(session).await?;
        Ok(true)
    }
}

/// `logoutEverywhere` (ours): ends every session of the caller, this one included.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LogoutEverywhere {}

impl Call for LogoutEverywhere {
    const NAME: &'static str = "logoutEverywhere";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str =
        "Sign out everywhere: end every session of the signed-in user, this one included.";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let user = ctx.user()?;
        ctx.state.sessions.end_all(user, None).await?;
        Ok(true)
    }
}

/// `requestEmailConfirmation`: mails a new confirmation code; older unused ones stop working.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RequestEmailConfirmation {}

impl Call for RequestEmailConfirmation {
    const NAME: &'static str = "requestEmailConfirmation";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Mail a new e-mail confirmation code.";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let id = ctx.user()?;
        let now = Utc::now();
        let (user, code) = ctx
            .state
            .db
            .transaction(move |conn| {
                let user = User::find(conn, id)?;
                if user.status == STATUS_CONFIRMED {
                    return Err(AppError::bad_request(
                        "already_confirmed",
                        messages::EMAIL_ALREADY_CONFIRMED,
                    ));
                }
                let code = codes::issue(conn, id, CodePurpose::EmailConfirmation, now)?;
                Ok((user, code))
            })
            .await?;
        let code = code.ok_or_else(codes::too_many_codes)?;
        codes::mail(
            &ctx.state.mailer,
            &user.email,
            CodePurpose::EmailConfirmation,
            &code,
        )
        .await?;
        Ok(true)
    }
}

/// `confirmEmail`: confirms the account with the mailed code.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ConfirmEmail {
    /// The mailed code.
    #[schema(pattern = "^[0-9]{4}$")]
    pub code: String,
}

impl Call for ConfirmEmail {
    const NAME: &'static str = "confirmEmail";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Confirm the account's e-mail with the mailed code.";
    type Output = UserView;

    async fn run(self, ctx: Ctx) -> AppResult<UserView> {
        let id = ctx.user()?;
        let user = ctx
            .state
            .db
            .run(move |conn| {
                let user = User::find(conn, id)?;
                if user.status == STATUS_CONFIRMED {
                    // Confirming twice (a double click) is not an error.
                    return Ok(Ok(user));
                }
                codes::consume(
                    conn,
                    id,
                    CodePurpose::EmailConfirmation,
                    &self.code,
                    |conn| Ok(User::set_status(conn, id, STATUS_CONFIRMED)?),
                )
            })
            .await??;
        Ok(user.into())
    }
}

/// `requestResetPassword`: mails a password reset code. Answers the same whether or not the
/// address has an account.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RequestResetPassword {
    #[schema(format = Email, max_length = 254)]
    pub email: String,
}

impl Call for RequestResetPassword {
    const NAME: &'static str = "requestResetPassword";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Mail a password reset code (same answer for unknown addresses).";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let email = Email::parse(&self.email)?;
        let now = Utc::now();
        let code = ctx
            .state
            .db
            .transaction(move |conn| {
                let Some(user) = User::find_by_email(conn, email.as_str())? else {
                    return Ok(None);
                };
                // Past the issue limit nothing is sent, silently: a refusal would tell that
                // the address has an account.
                let code = codes::issue(conn, user.id, CodePurpose::PasswordReset, now)?;
                Ok(code.map(|c| (user.email, c)))
            })
            .await?;
        if let Some((to, code)) = code {
            codes::mail(&ctx.state.mailer, &to, CodePurpose::PasswordReset, &code).await?;
        }
        Ok(true)
    }
}

/// `checkResetPasswordConfirmCode`: tells whether a reset code is valid, without using it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CheckResetPasswordConfirmCode {
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    /// The mailed code.
    #[schema(pattern = "^[0-9]{4}$")]
    pub code: String,
}

impl Call for CheckResetPasswordConfirmCode {
    const NAME: &'static str = "checkResetPasswordConfirmCode";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Check a password reset code without using it.";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let email = Email::parse(&self.email)?;
        ctx.state
            .db
            .run(move |conn| {
                let Some(user) = User::find_by_email(conn, email.as_str())? else {
                    return Ok(Err(codes::wrong_code()));
                };
                codes::check(
                    conn,
                    user.id,
                    CodePurpose::PasswordReset,
                    &self.code,
                    |_| Ok(true),
                )
            })
            .await?
    }
}

/// `confirmResetPassword`: sets a new password with a reset code, using the code up, and ends
/// the account's sessions (but the caller's own, when signed in as the same person).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmResetPassword {
    #[schema(format = Email, max_length = 254)]
    pub email: String,
    /// The mailed code.
    #[schema(pattern = "^[0-9]{4}$")]
    pub code: String,
    /// With letters and digits.
    #[schema(format = Password, min_length = 8, max_length = 256)]
    pub new_password: String,
}

impl Call for ConfirmResetPassword {
    const NAME: &'static str = "confirmResetPassword";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "Set a new password with a password reset code.";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let email = Email::parse(&self.email)?;
        rules::check_password(&self.new_password)?;
        // Hashed first, so the code row is locked only for the short write.
        let hash = password::hash_on_pool(self.new_password).await?;
        let key = email.as_str().to_string();
        // A caller signed in as the same person keeps their session; every other one ends.
        let (caller, caller_session) = (ctx.user, ctx.session);
        let ended = ctx
            .state
            .db
            .run(move |conn| {
                let Some(user) = User::find_by_email(conn, email.as_str())? else {
                    return Ok(Err(codes::wrong_code()));
                };
                codes::consume(
                    conn,
                    user.id,
                    CodePurpose::PasswordReset,
                    &self.code,
                    |conn| {
                        User::set_password_hash(conn, user.id, &hash)?;
                        // The code arrived by mail, which proves the address too.
                        if user.status != STATUS_CONFIRMED {
                            User::set_status(conn, user.id, STATUS_CONFIRMED)?;
                        }
                        let keep = caller_session.filter(|_| caller == Some(user.id));
                        session::end_all(conn, user.id, keep, Utc::now())
                    },
                )
            })
            .await??;
        ctx.state.sessions.ended(&ended);
        // A new password wipes the slate of failed sign-ins with the old one.
        throttle::record_success(&ctx.state.db, &key).await?;
        Ok(true)
    }
}

/// `authenticatedResetPassword`: changes the signed-in user's password, ending the user's
/// other sessions.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthenticatedResetPassword {
    #[schema(format = Password)]
    pub old_password: String,
    /// With letters and digits.
    #[schema(format = Password, min_length = 8, max_length = 256)]
    pub new_password: String,
}

impl Call for AuthenticatedResetPassword {
    const NAME: &'static str = "authenticatedResetPassword";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Change the password, given the current one.";
    type Output = bool;

    async fn run(self, ctx: Ctx) -> AppResult<bool> {
        let id = ctx.user()?;
        rules::check_password(&self.new_password)?;
        let state = ctx.state;
        let user = state.db.run(move |conn| Ok(User::find(conn, id)?)).await?;
        // Wrong current passwords count like failed sign-ins, so a stolen session cannot be
        // used to guess the password at leisure.
        let key = rules::login_key(&user.email);
        throttle::check(&state.db, &key, ctx.client).await?;
        if !password::verify_on_pool(self.old_password, Some(user.password_hash)).await? {
            throttle::record_failure(&state.db, &key, ctx.client).await?;
            return Err(AppError::bad_request(
                "wrong_password",
                messages::INCORRECT_PASSWORD,
            ));
        }
        let hash = password::hash_on_pool(self.new_password).await?;
        // Whoever else knew the old password is signed out with it; this session stays.
        let keep = ctx.session;
        let ended = state
            .db
            .transaction(move |conn| {
                User::set_password_hash(conn, id, &hash)?;
                session::end_all(conn, id, keep, Utc::now())
            })
            .await?;
        state.sessions.ended(&ended);
        Ok(true)
    }
}

/// `checkEmailExists`: `"password"` when the address has a password account, else `null`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CheckEmailExists {
    #[schema(format = Email, max_length = 254)]
    pub email: String,
}

impl Call for CheckEmailExists {
    const NAME: &'static str = "checkEmailExists";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str = "How an address signs in: \"password\", or null when unknown.";
    type Output = Option<KnownSignIn>;

    async fn run(self, ctx: Ctx) -> AppResult<Option<KnownSignIn>> {
        let email = Email::parse(&self.email)?;
        let user = ctx
            .state
            .db
            .run(move |conn| Ok(User::find_by_email(conn, email.as_str())?))
            .await?;
        Ok(user
            .filter(|u| u.sign_in_method == rules::SIGN_IN_EMAIL)
            .map(|_| KnownSignIn::Password))
    }
}

/// How a known address signs in, as `checkEmailExists` answers it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum KnownSignIn {
    /// With a password.
    Password,
}

/// `updateProfile`: the signed-in user's own name, image, birthday and phone number. Every
/// field is optional; a field left out is left unchanged.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateProfile {
    #[serde(alias = "firstname")]
    #[schema(min_length = 1, max_length = 100)]
    pub first_name: Option<String>,
    #[serde(alias = "lastname")]
    #[schema(min_length = 1, max_length = 100)]
    pub last_name: Option<String>,
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
    /// Whose profile: only the caller's own may be named.
    #[serde(alias = "uid")]
    #[schema(format = Uuid)]
    pub user_id: Option<String>,
}

impl Call for UpdateProfile {
    const NAME: &'static str = "updateProfile";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Update one's own name, image, birthday and phone number.";
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
        if mirror.name || mirror.image {
            // Every store the person works in shows the new name or photo on their record.
            let full_name = format!("{} {}", user.first_name, user.last_name);
            for (_, store) in stores {
                let cmd = MirrorProfile {
                    user: id,
                    full_name: mirror.name.then(|| full_name.clone()),
                    img: mirror.image.then(|| user.profile_image.clone()),
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
        let mirror = MirrorWanted {
            name: first_name.is_some() || last_name.is_some(),
            image: profile_image.is_some(),
        };
        let changes = ProfileChanges {
            first_name,
            last_name,
            profile_image,
            phone_number,
            birthday,
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
}

fn apply_profile(
    conn: &mut PgConnection,
    id: UserId,
    mut changes: ProfileChanges,
    now: DateTime<Utc>,
) -> AppResult<User> {
    let mut user = User::update_profile(conn, id, &changes)?;
    let status = rules::personal_information_status(
        &user.personal_information_status,
        &user.first_name,
        &user.last_name,
        user.birthday,
    );
    if status != user.personal_information_status {
        changes = ProfileChanges {
            personal_information_status: Some(status.to_string()),
            updated_at: Some(now),
            ..ProfileChanges::default()
        };
        user = User::update_profile(conn, id, &changes)?;
    }
    Ok(user)
}

// ---------------------------------------------------------------------------------------------
// Shared answers

/// The answer of a sign-in: a new session's token for `user`, with the user.
async fn session(state: &AppState, user: User) -> AppResult<Session> {
    let token = state.sessions.open(user.id).await?;
    Ok(Session {
        token,
        user: user.into(),
    })
}

fn email_taken() -> AppError {
    AppError::bad_request("email_taken", messages::EMAIL_TAKEN)
}
