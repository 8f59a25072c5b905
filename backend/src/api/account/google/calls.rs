//! The web app's calls around a Google sign-in: trading the return's one-time code for a
//! session (`finishGoogleSignIn`), proving the account of the same address to link Google to
//! it (`linkGoogleAccount`), and starting a link from a signed-in session
//! (`requestGoogleLink`).

use super::accounts;
use super::secret;
use crate::api::account::passwords::refusal;
use crate::api::account::sign_in::{sign_in, Session};
use crate::auth::jwt::LinkTicket;
use crate::auth::{codes, password, throttle};
use crate::calls::{Access, Call, Ctx};
use crate::db::models::oidc_handoff::OidcHandoff;
use crate::db::models::user::User;
use crate::domain::account::{self as rules, AccountStatus, CodePurpose};
use crate::domain::sign_in::{Handoff, Identity, Method, SignedIn};
use crate::error::{AppError, AppResult};
use crate::messages;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// What a Google sign-in's one-time code leads to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "outcome", rename_all = "camelCase")]
pub enum GoogleSignIn {
    /// Signed in: the same answer as `login`.
    SignedIn(Box<Session>),
    /// An account has the Google account's address: its person proves it with
    /// `linkGoogleAccount` (the password, or a code from `sendSignInCode`) before Google is
    /// linked to it.
    LinkRequired(LinkPrompt),
}

/// The account a Google account would be linked to.
#[derive(Debug, Serialize, ToSchema)]
pub struct LinkPrompt {
    #[schema(format = Email)]
    pub email: String,
}

/// `finishGoogleSignIn`: trades the one-time code the return left in the web app's address.
#[derive(Debug, Deserialize, ToSchema)]
pub struct FinishGoogleSignIn {
    /// The code of `/auth/google#code=`.
    pub code: String,
}

impl Call for FinishGoogleSignIn {
    const NAME: &'static str = "finishGoogleSignIn";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str =
        "Trade a Google sign-in's one-time code for a session, or the prompt to link an account.";
    type Output = GoogleSignIn;

    async fn run(self, ctx: Ctx) -> AppResult<GoogleSignIn> {
        let state = ctx.state;
        let code_hash = secret::hash(&self.code);
        let signed_in = SignedIn {
            method: Method::Google,
            at: state.clock.now(),
        };
        let (keys, language) = (state.sessions.keys().clone(), ctx.language);
        state
            .db
            .transaction(move |conn| {
                let handoff = OidcHandoff::current_for_update(conn, &code_hash, signed_in.at)?
                    .ok_or_else(expired)?;
                match handoff.kind {
                    Handoff::Session => {
                        OidcHandoff::delete(conn, &code_hash)?;
                        let session = sign_in(conn, &keys, handoff.user_id, signed_in, language)?;
                        Ok(GoogleSignIn::SignedIn(Box::new(session)))
                    }
                    Handoff::Link => Ok(GoogleSignIn::LinkRequired(LinkPrompt {
                        email: handoff.email,
                    })),
                }
            })
            .await
    }
}

/// `linkGoogleAccount`: links the Google account of a `linkRequired` sign-in to the account of
/// its address, once its person proves that account with its password or a code mailed to
/// it by `sendSignInCode`; then signs in. Wrong passwords and codes count like failed
/// sign-ins.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkGoogleAccount {
    /// The code of `/auth/google#code=`.
    pub code: String,
    /// The account's password.
    #[serde(default)]
    #[schema(format = Password)]
    pub password: Option<String>,
    /// A code `sendSignInCode` mailed to the account.
    #[serde(default)]
    #[schema(pattern = "^[0-9]{4}$")]
    pub email_code: Option<String>,
}

/// How the person proves the account.
enum Proof {
    Password(String),
    Code(String),
}

impl Call for LinkGoogleAccount {
    const NAME: &'static str = "linkGoogleAccount";
    const ACCESS: Access = Access::Public;
    const SUMMARY: &'static str =
        "Link Google to the account of its address, proven by its password or a mailed code.";
    type Output = Session;

    async fn run(self, ctx: Ctx) -> AppResult<Session> {
        let proof = match (self.password, self.email_code) {
            (Some(password), None) => Proof::Password(password),
            (None, Some(code)) => Proof::Code(code),
            _ => return Err(AppError::invalid(messages::PROOF_NEEDED)),
        };
        let state = ctx.state;
        let now = state.clock.now();
        let code_hash = secret::hash(&self.code);
        let lookup = code_hash.clone();
        let (handoff, user) = state
            .db
            .run(move |conn| {
                let handoff = OidcHandoff::current_for_update(conn, &lookup, now)?
                    .filter(|h| h.kind == Handoff::Link)
                    .ok_or_else(expired)?;
                let user = User::find(conn, handoff.user_id)?;
                Ok((handoff, user))
            })
            .await?;
        let key = rules::login_key(&user.email);
        throttle::check(&state.db, &key, ctx.client).await?;
        if let Proof::Password(password) = &proof {
            let proven =
                password::verify_on_pool(password.clone(), user.password_hash.clone()).await?;
            if !proven {
                throttle::record_failure(&state.db, &key, ctx.client).await?;
                return Err(AppError::bad_request(
                    "wrong_password",
                    messages::INCORRECT_PASSWORD,
                ));
            }
        }
        let identity = Identity {
            issuer: handoff.issuer,
            subject: handoff.subject,
            email: Some(handoff.email),
            email_verified: true,
            given_name: None,
            family_name: None,
            name: None,
        };
        let signed_in = SignedIn {
            method: Method::Google,
            at: now,
        };
        let (keys, language) = (state.sessions.keys().clone(), ctx.language);
        let linked = move |conn: &mut diesel::PgConnection| {
            // Used once: a second link with the same code finds nothing.
            if OidcHandoff::current_for_update(conn, &code_hash, now)?.is_none() {
                return Err(expired());
            }
            OidcHandoff::delete(conn, &code_hash)?;
            accounts::link(conn, &identity, user.id)?;
            // Google vouched for the address the person just proved.
            if user.status != AccountStatus::Confirmed {
                User::set_status(conn, user.id, AccountStatus::Confirmed)?;
            }
            sign_in(conn, &keys, user.id, signed_in, language)
        };
        let session = match proof {
            Proof::Password(_) => state.db.transaction(linked).await?,
            Proof::Code(code) => {
                let id = user.id;
                let answer = state
                    .db
                    .run(move |conn| {
                        codes::consume(conn, id, CodePurpose::SignIn, &code, now, linked)
                    })
                    .await?;
                match answer {
                    Ok(session) => session,
                    Err(refused) => {
                        throttle::record_failure(&state.db, &key, ctx.client).await?;
                        return Err(refused);
                    }
                }
            }
        };
        throttle::record_success(&state.db, &key).await?;
        Ok(session)
    }
}

/// `requestGoogleLink`: a ticket for the web app to start linking a Google account to the
/// signed-in account (`/api/v1/auth/google/start?link=`). A change of what signs in: only
/// from a recent sign-in.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RequestGoogleLink {}

/// Where the browser goes to link a Google account.
#[derive(Debug, Serialize, ToSchema)]
pub struct GoogleLinkStart {
    /// The start's path with its one-time ticket, good for two minutes.
    pub url: String,
}

impl Call for RequestGoogleLink {
    const NAME: &'static str = "requestGoogleLink";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Start linking a Google account to the signed-in account.";
    type Output = GoogleLinkStart;

    async fn run(self, ctx: Ctx) -> AppResult<GoogleLinkStart> {
        if ctx.state.oidc.is_none() {
            return Err(AppError::not_found(
                "google_not_configured",
                messages::GOOGLE_NOT_CONFIGURED,
            ));
        }
        let (user, session) = (ctx.user()?, ctx.session()?);
        ctx.state
            .sessions
            .signed_in(session, user)
            .await?
            .ok_or_else(crate::calls::guard::not_authenticated)?
            .may_change_credentials(ctx.state.clock.now())
            .map_err(refusal)?;
        let ticket = LinkTicket {
            user,
            session,
            id: uuid::Uuid::new_v4(),
        };
        let signed = ctx
            .state
            .sessions
            .keys()
            .issue_link_ticket(ticket, chrono::Utc::now().timestamp())
            .map_err(AppError::internal)?;
        Ok(GoogleLinkStart {
            url: format!("/api/v1/auth/google/start?link={signed}"),
        })
    }
}

fn expired() -> AppError {
    AppError::bad_request("sign_in_expired", messages::GOOGLE_SIGN_IN_EXPIRED)
}
