//! Session tokens: HS256 JWTs whose subject is the user id and whose `sid` names the
//! server-side session ([`crate::auth::session`]) that signing out ends.

use crate::domain::ids::{SessionId, UserId};
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use std::time::Duration;

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: UserId,
    /// The session. Tokens from before sessions existed lack it and are refused.
    sid: SessionId,
    iat: i64,
    exp: i64,
}

/// Who a valid token speaks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TokenClaims {
    pub user: UserId,
    pub session: SessionId,
}

/// Signing and verification keys, built once at start-up.
#[derive(Clone)]
pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    ttl: Duration,
}

impl Keys {
    pub fn new(secret: &str, ttl: Duration) -> Keys {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 5;
        validation.set_required_spec_claims(&["exp", "sub"]);
        Keys {
            encoding: EncodingKey::from_secret(secret.as_bytes()),
            decoding: DecodingKey::from_secret(secret.as_bytes()),
            validation,
            ttl,
        }
    }

    /// How long a token stays valid.
    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    /// The TTL in whole seconds, as the claims count it.
    fn ttl_secs(&self) -> i64 {
        i64::try_from(self.ttl.as_secs()).unwrap_or(i64::MAX / 2)
    }

    /// When a token issued at `now` (seconds since the epoch) expires.
    pub fn expiry(&self, now: i64) -> i64 {
        now.saturating_add(self.ttl_secs())
    }

    /// Issues a token of `session` for `user`, valid from `now` (seconds since the epoch)
    /// for the TTL.
    pub fn issue(
        &self,
        user: UserId,
        session: SessionId,
        now: i64,
    ) -> Result<String, jsonwebtoken::errors::Error> {
        let claims = Claims {
            sub: user,
            sid: session,
            iat: now,
            exp: self.expiry(now),
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
    }

    /// The user and session of a well-signed, unexpired token. Whether the session is still
    /// open is [`crate::auth::session::Sessions`]' question.
    pub fn verify(&self, token: &str) -> Result<TokenClaims, jsonwebtoken::errors::Error> {
        decode::<Claims>(token, &self.decoding, &self.validation).map(|d| TokenClaims {
            user: d.claims.sub,
            session: d.claims.sid,
        })
    }
}

/// What a store clock device's pass says: the store, and the clock secret it was given
/// under (a new secret retires the pass).
#[derive(Debug, Serialize, Deserialize)]
struct DeviceClaims {
    sub: uuid::Uuid,
    gen: uuid::Uuid,
    aud: String,
    iat: i64,
    exp: i64,
}

/// The audience of device passes: a session token is no pass, and a pass no session token
/// (it names no session).
const DEVICE_AUDIENCE: &str = "clock-device";
/// How long a device pass lasts.
const DEVICE_TTL_SECS: i64 = 365 * 24 * 3600;

impl Keys {
    /// A pass for a store's clock device, valid a year from `now` (seconds).
    pub fn issue_device(
        &self,
        store: uuid::Uuid,
        generation: uuid::Uuid,
        now: i64,
    ) -> Result<String, jsonwebtoken::errors::Error> {
        let claims = DeviceClaims {
            sub: store,
            gen: generation,
            aud: DEVICE_AUDIENCE.into(),
            iat: now,
            exp: now.saturating_add(DEVICE_TTL_SECS),
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
    }

    /// The store and secret generation of a well-signed, unexpired device pass.
    pub fn verify_device(
        &self,
        pass: &str,
    ) -> Result<(uuid::Uuid, uuid::Uuid), jsonwebtoken::errors::Error> {
        let mut validation = self.validation.clone();
        validation.set_audience(&[DEVICE_AUDIENCE]);
        decode::<DeviceClaims>(pass, &self.decoding, &validation)
            .map(|d| (d.claims.sub, d.claims.gen))
    }
}

/// What a link ticket says: the signed-in person and session that asked to link an OpenID
/// provider's account, and the ticket's id, which starts one sign-in only.
#[derive(Debug, Serialize, Deserialize)]
struct LinkClaims {
    sub: UserId,
    sid: SessionId,
    jti: uuid::Uuid,
    aud: String,
    iat: i64,
    exp: i64,
}

/// The audience of link tickets: neither a session token nor a device pass is one.
const LINK_AUDIENCE: &str = "oidc-link";
/// How long a link ticket lasts: the moment the browser takes to go to the start.
const LINK_TTL_SECS: i64 = 120;

/// A link ticket's contents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LinkTicket {
    pub user: UserId,
    pub session: SessionId,
    pub id: uuid::Uuid,
}

impl Keys {
    /// A ticket for `session` of `user` to start linking an OpenID provider's account, valid
    /// two minutes from `now` (seconds).
    pub fn issue_link_ticket(
        &self,
        ticket: LinkTicket,
        now: i64,
    ) -> Result<String, jsonwebtoken::errors::Error> {
        let claims = LinkClaims {
            sub: ticket.user,
            sid: ticket.session,
            jti: ticket.id,
            aud: LINK_AUDIENCE.into(),
            iat: now,
            exp: now.saturating_add(LINK_TTL_SECS),
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
    }

    /// The contents of a well-signed, unexpired link ticket.
    pub fn verify_link_ticket(
        &self,
        ticket: &str,
    ) -> Result<LinkTicket, jsonwebtoken::errors::Error> {
        let mut validation = self.validation.clone();
        validation.set_audience(&[LINK_AUDIENCE]);
        decode::<LinkClaims>(ticket, &self.decoding, &validation).map(|d| LinkTicket {
            user: d.claims.sub,
            session: d.claims.sid,
            id: d.claims.jti,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> i64 {
        chrono::Utc::now().timestamp()
    }

    #[test]
    fn device_passes_and_session_tokens_are_not_interchangeable() {
        let keys = Keys::new("secret-secret-secret", Duration::from_secs(60));
        let (store, generation) = (uuid::Uuid::now_v7(), uuid::Uuid::now_v7());
        let pass = keys.issue_device(store, generation, now()).expect("issue");
        assert_eq!(
            keys.verify_device(&pass).expect("verify"),
            (store, generation)
        );
        assert!(keys.verify(&pass).is_err());
        let token = keys
            .issue(UserId::new(), SessionId::new(), now())
            .expect("issue");
        assert!(keys.verify_device(&token).is_err());
        let other = Keys::new("another-secret-entirely", Duration::from_secs(60));
        assert!(keys
            .verify_device(&other.issue_device(store, generation, now()).expect("issue"))
            .is_err());
    }

    #[test]
    fn a_link_ticket_is_neither_a_session_token_nor_a_pass() {
        let keys = Keys::new("secret-secret-secret", Duration::from_secs(60));
        let ticket = LinkTicket {
            user: UserId::new(),
            session: SessionId::new(),
            id: uuid::Uuid::new_v4(),
        };
        let signed = keys.issue_link_ticket(ticket, now()).expect("issue");
        assert_eq!(keys.verify_link_ticket(&signed).expect("verify"), ticket);
        assert!(keys.verify(&signed).is_err());
        assert!(keys.verify_device(&signed).is_err());
        let token = keys
            .issue(ticket.user, ticket.session, now())
            .expect("issue");
        assert!(keys.verify_link_ticket(&token).is_err());
        let old = keys.issue_link_ticket(ticket, now() - 600).expect("issue");
        assert!(keys.verify_link_ticket(&old).is_err());
    }

    #[test]
    fn a_token_verifies_to_its_user_and_session() {
        let keys = Keys::new("secret-secret-secret", Duration::from_secs(60));
        let (user, session) = (UserId::new(), SessionId::new());
        let token = keys.issue(user, session, now()).expect("issue");
        assert_eq!(
            keys.verify(&token).expect("verify"),
            TokenClaims { user, session }
        );
    }

    #[test]
    fn an_expired_or_foreign_token_is_refused() {
        let keys = Keys::new("secret-secret-secret", Duration::from_secs(60));
        let old = keys
            .issue(UserId::new(), SessionId::new(), now() - 3600)
            .expect("issue");
        assert!(keys.verify(&old).is_err());
        let other = Keys::new("another-secret-entirely", Duration::from_secs(60));
        let forged = other
            .issue(UserId::new(), SessionId::new(), now())
            .expect("issue");
        assert!(keys.verify(&forged).is_err());
        assert!(keys.verify("not.a.token").is_err());
    }

    #[test]
    fn a_token_without_a_session_is_refused() {
        #[derive(Serialize)]
        struct Old {
            sub: UserId,
            iat: i64,
            exp: i64,
        }
        let secret = "secret-secret-secret";
        let keys = Keys::new(secret, Duration::from_secs(60));
        let old = encode(
            &Header::new(Algorithm::HS256),
            &Old {
                sub: UserId::new(),
                iat: now(),
                exp: now() + 60,
            },
            &EncodingKey::from_secret(secret.as_bytes()),
        )
        .expect("encode");
        assert!(keys.verify(&old).is_err());
    }
}
