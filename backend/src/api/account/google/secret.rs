//! The one-time secrets of a Google sign-in (the browser's cookie, the handoff code): made at
//! random, kept only as hashes.

use rand::RngCore;
use sha2::{Digest, Sha256};

/// A fresh secret: 32 random bytes, base64url.
pub fn fresh() -> String {
    use base64::Engine as _;
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The stored form of a secret: its SHA-256, in hex.
pub fn hash(secret: &str) -> String {
    format!("{:x}", Sha256::digest(secret.as_bytes()))
}
