//! Signing in through an OpenID provider (Google by default; any provider with discovery):
//! the provider's metadata and keys, read by discovery and kept for a while; the address a
//! sign-in is sent to, with a state, a nonce and a PKCE challenge; and the return, whose code
//! is traded for an ID token that is checked (signature against the provider's keys, issuer,
//! audience, expiry, nonce) before its claims are believed. The protocol is
//! `openidconnect`'s; the rules of what an identity leads to are
//! [`crate::domain::sign_in`]'s.

pub mod http;

use crate::config::Oidc as Settings;
use crate::domain::sign_in::Identity;
use crate::error::{AppError, AppResult, ErrorKind};
use crate::time::Clock;
use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreProviderMetadata};
use openidconnect::{
    AuthorizationCode, ClaimsVerificationError, ClientId, ClientSecret, CsrfToken, IssuerUrl,
    Nonce, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope, SignatureVerificationError,
    TokenResponse as _,
};
use std::time::{Duration, Instant};

/// How long the provider's metadata and keys are used before they are read again. A token
/// signed with a key not among them reads them again at once (the provider rotated its keys).
const METADATA_TTL: Duration = Duration::from_secs(3600);

/// The path of the return from the provider, under the public address.
pub const CALLBACK_PATH: &str = "/api/v1/auth/google/callback";

/// The configured provider. One per server process.
pub struct Provider {
    settings: Settings,
    issuer: IssuerUrl,
    redirect: RedirectUrl,
    clock: Clock,
    /// The metadata and when it was read; one discovery at a time.
    metadata: tokio::sync::Mutex<Option<(CoreProviderMetadata, Instant)>>,
}

/// A sign-in about to be sent to the provider: where to send the browser, and what its
/// return must match.
#[derive(Debug)]
pub struct Started {
    pub url: String,
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
}

impl Provider {
    /// The provider of `settings`, whose return comes to `public_url`'s callback.
    pub fn new(settings: Settings, public_url: &str, clock: Clock) -> Result<Provider, String> {
        let issuer = IssuerUrl::new(settings.issuer_url.clone())
            .map_err(|e| format!("OIDC_ISSUER_URL: {e}"))?;
        let redirect = RedirectUrl::new(format!(
            "{}{CALLBACK_PATH}",
            public_url.trim_end_matches('/')
        ))
        .map_err(|e| format!("PUBLIC_URL: {e}"))?;
        Ok(Provider {
            settings,
            issuer,
            redirect,
            clock,
            metadata: tokio::sync::Mutex::new(None),
        })
    }

    /// The provider's issuer, as its tokens name it.
    pub fn issuer(&self) -> &str {
        self.issuer.as_str()
    }

    /// The provider's metadata: the kept one while fresh, unless `again`.
    async fn metadata(&self, again: bool) -> AppResult<CoreProviderMetadata> {
        let mut kept = self.metadata.lock().await;
        if let Some((metadata, at)) = kept.as_ref() {
            if !again && at.elapsed() < METADATA_TTL {
                return Ok(metadata.clone());
            }
        }
        let metadata = CoreProviderMetadata::discover_async(self.issuer.clone(), &http::send)
            .await
            .map_err(|e| unavailable(format!("discovery: {e}")))?;
        *kept = Some((metadata.clone(), Instant::now()));
        Ok(metadata)
    }

    fn client(
        &self,
        metadata: CoreProviderMetadata,
    ) -> CoreClient<
        openidconnect::EndpointSet,
        openidconnect::EndpointNotSet,
        openidconnect::EndpointNotSet,
        openidconnect::EndpointNotSet,
        openidconnect::EndpointMaybeSet,
        openidconnect::EndpointMaybeSet,
    > {
        CoreClient::from_provider_metadata(
            metadata,
            ClientId::new(self.settings.client_id.clone()),
            self.settings.client_secret.clone().map(ClientSecret::new),
        )
        .set_redirect_uri(self.redirect.clone())
    }

    /// A new sign-in: the provider's address for the browser, asking for the person's
    /// address and name, with a fresh state, nonce and PKCE challenge.
    pub async fn start(&self) -> AppResult<Started> {
        let client = self.client(self.metadata(false).await?);
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = client
            .authorize_url(
                CoreAuthenticationFlow::AuthorizationCode,
                CsrfToken::new_random,
                Nonce::new_random,
            )
            .add_scope(Scope::new("email".into()))
            .add_scope(Scope::new("profile".into()))
            .set_pkce_challenge(challenge)
            .url();
        Ok(Started {
            url: url.to_string(),
            state: state.secret().clone(),
            nonce: nonce.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
        })
    }

    /// Trades the return's `code` for an ID token and checks it against the provider's keys,
    /// issuer, this client as its audience, its expiry by the product's clock, and `nonce`.
    pub async fn finish(
        &self,
        code: &str,
        pkce_verifier: &str,
        nonce: &str,
    ) -> AppResult<Identity> {
        let metadata = self.metadata(false).await?;
        let client = self.client(metadata);
        let tokens = client
            .exchange_code(AuthorizationCode::new(code.to_string()))
            .map_err(|e| unavailable(format!("no token endpoint: {e}")))?
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier.to_string()))
            .request_async(&http::send)
            .await
            .map_err(|e| refused(format!("token exchange: {e}")))?;
        let token = tokens
            .id_token()
            .ok_or_else(|| refused("the provider sent no ID token".into()))?;
        let nonce = Nonce::new(nonce.to_string());
        let clock = self.clock.clone();
        let checked = {
            let verifier = client.id_token_verifier().set_time_fn(move || clock.now());
            token.claims(&verifier, &nonce).cloned()
        };
        let claims = match checked {
            Ok(claims) => claims,
            // Signed with a key we do not know yet: the provider may have rotated its keys.
            Err(ClaimsVerificationError::SignatureVerification(
                SignatureVerificationError::NoMatchingKey,
            )) => {
                let client = self.client(self.metadata(true).await?);
                let clock = self.clock.clone();
                let verifier = client.id_token_verifier().set_time_fn(move || clock.now());
                token
                    .claims(&verifier, &nonce)
                    .map_err(|e| refused(format!("ID token: {e}")))?
                    .clone()
            }
            Err(e) => return Err(refused(format!("ID token: {e}"))),
        };
        // Names in the provider's default language.
        Ok(Identity {
            issuer: claims.issuer().to_string(),
            subject: claims.subject().to_string(),
            email: claims.email().map(|e| e.to_string()),
            email_verified: claims.email_verified() == Some(true),
            given_name: claims
                .given_name()
                .and_then(|n| n.get(None))
                .map(|n| n.to_string()),
            family_name: claims
                .family_name()
                .and_then(|n| n.get(None))
                .map(|n| n.to_string()),
            name: claims
                .name()
                .and_then(|n| n.get(None))
                .map(|n| n.to_string()),
        })
    }
}

/// The provider could not be reached or answered nonsense.
fn unavailable(cause: String) -> AppError {
    tracing::warn!(%cause, "OpenID provider");
    AppError::new(
        ErrorKind::Unavailable,
        "provider_unavailable",
        "The sign-in provider could not be reached; try again in a moment.",
    )
}

/// The provider's answer failed a check: nothing of it is believed.
fn refused(cause: String) -> AppError {
    tracing::warn!(%cause, "OpenID sign-in refused");
    AppError::unauthorized(
        "token_refused",
        "The sign-in provider's answer was refused.",
    )
}
