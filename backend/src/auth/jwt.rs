//! Session tokens: HS256 JWTs whose subject is the user id.

use crate::domain::ids::UserId;
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use std::time::Duration;

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: UserId,
    iat: i64,
    exp: i64,
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

    /// Issues a token for `user`, valid from `now` (seconds since the epoch) for the TTL.
    pub fn issue(&self, user: UserId, now: i64) -> Result<String, jsonwebtoken::errors::Error> {
        let ttl = i64::try_from(self.ttl.as_secs()).unwrap_or(i64::MAX / 2);
        let claims = Claims {
            sub: user,
            iat: now,
            exp: now.saturating_add(ttl),
        };
        encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
    }

    /// Returns the user of a valid, unexpired token.
    pub fn verify(&self, token: &str) -> Result<UserId, jsonwebtoken::errors::Error> {
        decode::<Claims>(token, &self.decoding, &self.validation).map(|d| d.claims.sub)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> i64 {
        chrono::Utc::now().timestamp()
    }

    #[test]
    fn a_token_verifies_to_its_user() {
        let keys = Keys::new("secret-secret-secret", Duration::from_secs(60));
        let user = UserId::new();
        let token = keys.issue(user, now()).expect("issue");
        assert_eq!(keys.verify(&token).expect("verify"), user);
    }

    #[test]
    fn an_expired_or_foreign_token_is_refused() {
        let keys = Keys::new("secret-secret-secret", Duration::from_secs(60));
        let old = keys.issue(UserId::new(), now() - 3600).expect("issue");
        assert!(keys.verify(&old).is_err());
        let other = Keys::new("another-secret-entirely", Duration::from_secs(60));
        let forged = other.issue(UserId::new(), now()).expect("issue");
        assert!(keys.verify(&forged).is_err());
        assert!(keys.verify("not.a.token").is_err());
    }
}
