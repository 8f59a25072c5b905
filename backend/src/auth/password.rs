//! Password hashing with argon2id. Hashing is slow on purpose, so request paths use the
//! `_on_pool` variants, which run on the blocking pool, never on an async worker.

use crate::error::{AppError, AppResult};
use actix_web::web;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::sync::LazyLock;

/// Hashes a password into a PHC string.
pub fn hash(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
}

/// True when `password` matches the stored PHC `hash`. A malformed hash never matches.
pub fn verify(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A hash no password matches in practice, verified against for unknown addresses. Made on
/// first use; if hashing ever failed, an empty hash simply never matches.
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash("no account has this password 0").unwrap_or_default());

/// [`hash`] on the blocking pool.
pub async fn hash_on_pool(plain: String) -> AppResult<String> {
    web::block(move || hash(&plain))
        .await?
        .map_err(|e| AppError::internal(e.to_string()))
}

/// [`verify`] on the blocking pool. Without a hash (an unknown address) the password is
/// checked against a dummy one, so the answer takes as long as for a wrong password: its
/// timing must not tell which addresses have accounts.
pub async fn verify_on_pool(plain: String, stored: Option<String>) -> AppResult<bool> {
    Ok(web::block(move || match stored {
        Some(stored) => verify(&plain, &stored),
        None => {
            verify(&plain, &DUMMY_HASH);
            false
        }
    })
    .await?)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_hash_verifies_only_its_password() {
        let h = super::hash("s3cretpass").expect("hash");
        assert!(h.starts_with("$argon2id$"));
        assert!(super::verify("s3cretpass", &h));
        assert!(!super::verify("s3cretpasS", &h));
        assert!(!super::verify("s3cretpass", "garbage"));
    }
}
