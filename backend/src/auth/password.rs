//! Password hashing with argon2id.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

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
