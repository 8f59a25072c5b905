//! The store clock's codes: the store and the 30-second window signed with the store's secret
//! (HMAC-SHA256) and written in Crockford's base 32, accepted in their window and the next.

use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// How long one clock code is shown; a code is accepted in its window and the next.
pub const CODE_WINDOW_SECS: i64 = 30;

/// Characters of a clock code: Crockford's base 32 (no I, L, O, U), easy to read and type.
const CODE_ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// Length of a clock code.
pub const CODE_LEN: usize = 8;

/// The 30-second window an instant falls in.
pub fn window_of(at: DateTime<Utc>) -> i64 {
    at.timestamp().div_euclid(CODE_WINDOW_SECS)
}

/// When a window's code stops being shown.
pub fn window_end(window: i64) -> DateTime<Utc> {
    DateTime::from_timestamp((window + 1).saturating_mul(CODE_WINDOW_SECS), 0)
        .unwrap_or(DateTime::<Utc>::MAX_UTC)
}

/// The code of a store's window: the store and the window signed with the store's secret,
/// written in Crockford's base 32. The code reveals nothing of the secret.
pub fn code_for(secret: &[u8], store: uuid::Uuid, window: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(store.as_bytes());
    mac.update(&window.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    // 8 characters of 5 bits: the first 40 bits of the digest.
    let mut bits = digest[..5]
        .iter()
        .fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
    let mut out = [0u8; CODE_LEN];
    for slot in out.iter_mut().rev() {
        *slot = CODE_ALPHABET[(bits & 31) as usize];
        bits >>= 5;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A code as typed or scanned: case, spaces and dashes do not matter, and the letters
/// Crockford's alphabet leaves out read as the digits they look like.
pub fn normalise_code(input: &str) -> String {
    input
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            other => other,
        })
        .collect()
}

/// The window whose code `input` is, if it is the code of the current window or the one
/// before (a code shown just before the change still works).
pub fn code_window(
    secret: &[u8],
    store: uuid::Uuid,
    input: &str,
    now: DateTime<Utc>,
) -> Option<i64> {
    let code = normalise_code(input);
    if code.len() != CODE_LEN {
        return None;
    }
    let current = window_of(now);
    [current, current - 1]
        .into_iter()
        .find(|w| constant_time_eq(code_for(secret, store, *w).as_bytes(), code.as_bytes()))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    use crate::domain::clock::test_support::t;

    #[test]
    fn codes_change_every_window_and_last_two_windows() {
        let store = uuid::Uuid::from_u128(7);
        let secret = b"0123456789abcdef0123456789abcdef";
        let now = t(9, 0);
        let w = window_of(now);
        let code = code_for(secret, store, w);
        assert_eq!(code.len(), CODE_LEN);
        assert!(code.bytes().all(|b| CODE_ALPHABET.contains(&b)));
        assert_ne!(code, code_for(secret, store, w + 1));
        assert_ne!(code, code_for(secret, uuid::Uuid::from_u128(8), w));
        assert_ne!(code, code_for(b"another secret", store, w));
        assert_eq!(code_window(secret, store, &code, now), Some(w));
        // Typed in lower case with a dash, it still works.
        let typed = format!("{}-{}", &code[..4], &code[4..]).to_lowercase();
        assert_eq!(code_window(secret, store, &typed, now), Some(w));
        // Valid in the next window, not the one after.
        let next = now + Duration::seconds(CODE_WINDOW_SECS);
        assert_eq!(code_window(secret, store, &code, next), Some(w));
        let later = now + Duration::seconds(2 * CODE_WINDOW_SECS);
        assert_eq!(code_window(secret, store, &code, later), None);
        assert_eq!(code_window(secret, store, "", now), None);
        assert_eq!(code_window(secret, store, "00000000", now), None);
        assert_eq!(
            window_end(w),
            DateTime::from_timestamp((w + 1) * 30, 0).expect("in range")
        );
    }

    #[test]
    fn normalised_codes_read_lookalikes_as_digits() {
        assert_eq!(normalise_code(" ab-cd ol1i "), "ABCD0111");
    }
}
