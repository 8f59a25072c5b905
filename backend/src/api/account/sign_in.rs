//! Signing up, in and out (here or everywhere), and how an address signs in.

use super::profile::UserView;
use crate::auth::jwt::Keys;
use crate::auth::{codes, password, session, throttle};
use crate::calls::bounded::{EmailAddress, NewPassword, RequiredText};
use crate::calls::{Access, Call, Ctx};
use crate::db::models::oidc_identity::OidcIdentity;
use crate::db::models::user::{NewUser, User};
use crate::domain::account::{self as rules, AccountStatus, CodePurpose, Email, SignInMethod};
use crate::domain::ids::UserId;
use crate::domain::language::Language;
use crate::domain::sign_in::{Method, SignedIn};
use crate::error::{AppError, AppResult};
use crate::messages;
use diesel::PgConnection;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The answer of `signup` and `login`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Session {
    /// Bearer token for the `Authorization` header and the socket handshake.
    pub token: String,
    pub user: UserView,
}

/// `signup`: creates an account (pending e-mail confirmation) and mails the confirmation code.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Signup {
    pub email: EmailAddress,
    /// With letters and digits.
    pub password: NewPassword,
    // Checked, as the last name, by `account::parse_name`.
    #[serde(alias = "firstname")]
    pub first_name: RequiredText<{ rules::NAME_MAX_CHARS }>,
    #[serde(alias = "lastname")]
    pub last_name: RequiredText<{ rules::NAME_MAX_CHARS }>,
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
        let hash = password::hash_on_pool(self.password.0).await?;
        let now = state.clock.now();
        let language = ctx.language;
        let keys = state.sessions.keys().clone();
        let (session, code) = state
            .db
            .transaction(move |conn| {
                let user = NewUser {
                    id: UserId::new(),
                    email: email.as_str(),
                    password_hash: Some(&hash),
                    first_name: &first_name,
                    last_name: &last_name,
                    status: AccountStatus::PendingConfirm,
                    sign_in_method: SignInMethod::Email,
                    language,
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
                let signed_in = SignedIn {
                    method: Method::Password,
                    at: now,
                };
                Ok((sign_in(conn, &keys, user.id, signed_in, language)?, code))
            })
            .await?;
        if let Some(code) = code {
            // The account exists whatever happens to the mail: a failure here must not make
            // the sign-up look failed (a retry would find the address taken). A new code can
            // be requested once signed in.
            if let Err(e) = codes::mail(
                &state.mailer,
                &session.user.email,
                CodePurpose::EmailConfirmation,
                language.unwrap_or_default(),
                &code,
            )
            .await
            {
                tracing::warn!(error = %e, "could not mail the confirmation code");
            }
        }
        Ok(session)
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
        // An account without a password (made by a Google sign-in) is checked against the
        // dummy hash, as an unknown address is: the same answer in the same time.
        let hash = user.as_ref().and_then(|u| u.password_hash.clone());
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
        let signed_in = SignedIn {
            method: Method::Password,
            at: state.clock.now(),
        };
        let (keys, language) = (state.sessions.keys().clone(), ctx.language);
        state
            .db
            .transaction(move |conn| sign_in(conn, &keys, user.id, signed_in, language))
            .await
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

/// `checkEmailExists`: `"password"` when the address has an account with a password (a
/// Google account that added one included), `"google"` when its account signs in through
/// Google only, else `null`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CheckEmailExists {
    pub email: EmailAddress,
}

impl Call for CheckEmailExists {
    const NAME: &'static str = "checkEmailExists";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str =
        "How an address signs in: \"password\", \"google\", or null when unknown.";
    type Output = Option<KnownSignIn>;

    async fn run(self, ctx: Ctx) -> AppResult<Option<KnownSignIn>> {
        let email = Email::parse(&self.email)?;
        let issuer = ctx.state.oidc.as_ref().map(|p| p.issuer().to_string());
        ctx.state
            .db
            .run(move |conn| {
                let Some(user) = User::find_by_email(conn, email.as_str())? else {
                    return Ok(None);
                };
                if user.password_hash.is_some() {
                    return Ok(Some(KnownSignIn::Password));
                }
                let google = match &issuer {
                    Some(issuer) => OidcIdentity::is_linked(conn, user.id, issuer)?,
                    None => false,
                };
                Ok(google.then_some(KnownSignIn::Google))
            })
            .await
    }
}

/// How a known address signs in, as `checkEmailExists` answers it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum KnownSignIn {
    /// With a password (and maybe Google too).
    Password,
    /// Through Google only.
    Google,
}

/// Records a sign-in of `user` on `conn` (the language it was made in, when the request said
/// one) and opens its session: the answer of every way of signing in.
pub fn sign_in(
    conn: &mut PgConnection,
    keys: &Keys,
    user: UserId,
    signed_in: SignedIn,
    language: Option<Language>,
) -> AppResult<Session> {
    let user = User::touch_last_login(conn, user, signed_in.at, language)?;
    let token = session::open(conn, keys, user.id, signed_in)?;
    Ok(Session {
        token,
        user: user.into(),
    })
}

fn email_taken() -> AppError {
    AppError::bad_request("email_taken", messages::EMAIL_TAKEN)
}
