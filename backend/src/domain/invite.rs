//! Invitations: their codes and how long they stay open; and the business identity code.

use chrono::{DateTime, Duration, Utc};
use rand::Rng;

/// How long an invitation can be accepted after it was (re)sent.
pub const INVITE_TTL_DAYS: i64 = 7;

/// Length of an invitation code.
pub const INVITE_CODE_LEN: usize = 8;

/// Length of a business identity code (it names a whole store, so it is longer).
pub const IDENTITY_CODE_LEN: usize = 10;

/// An invitation code as it may be typed (any case; spaces around are trimmed), as a JSON
/// Schema pattern: [`INVITE_CODE_LEN`] letters or digits.
pub const INVITE_CODE_PATTERN: &str = "^[A-Za-z0-9]{8}$";

/// A business identity code as [`generate_code`] makes it, as a JSON Schema pattern:
/// [`IDENTITY_CODE_LEN`] characters of its alphabet.
pub const IDENTITY_CODE_PATTERN: &str = "^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$";

/// Letters and digits that cannot be mistaken for one another when read aloud or typed
/// from a mail (no 0/O, 1/I/L).
const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// A random code of `len` characters from an unambiguous upper-case alphabet.
pub fn generate_code(rng: &mut impl Rng, len: usize) -> String {
    (0..len)
        .map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())]))
        .collect()
}

/// A code as typed by a person: trimmed and upper-cased, so `" abcd2345"` is `"ABCD2345"`.
pub fn normalize_code(input: &str) -> String {
    input.trim().to_uppercase()
}

/// When an invitation sent at `now` stops being valid.
pub fn expiry(now: DateTime<Utc>) -> DateTime<Utc> {
    now + Duration::days(INVITE_TTL_DAYS)
}

/// True while an invitation can be accepted: not resolved, and its expiry, compared in
/// whole seconds as the spec says, still ahead of `now`.
pub fn is_open(resolved: bool, expires_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    !resolved && expires_at.timestamp() > now.timestamp()
}

/// An e-mail as the product keeps it: trimmed. Comparisons are case-insensitive.
pub fn normalize_email(input: &str) -> String {
    input.trim().to_string()
}

/// True when two e-mail addresses are the same, ignoring case and surrounding spaces.
pub fn same_email(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    fn at(s: i64) -> DateTime<Utc> {
        Utc.timestamp_opt(s, 0).single().expect("valid instant")
    }

    #[test]
    fn codes_have_the_asked_length_and_only_unambiguous_characters() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..200 {
            let code = generate_code(&mut rng, INVITE_CODE_LEN);
            assert_eq!(code.len(), INVITE_CODE_LEN);
            assert!(code.bytes().all(|b| ALPHABET.contains(&b)), "{code}");
            assert!(!code.contains(['0', 'O', '1', 'I', 'L']));
        }
        assert_eq!(generate_code(&mut rng, IDENTITY_CODE_LEN).len(), 10);
    }

    #[test]
    fn codes_match_the_documented_patterns_in_any_case() {
        let mut rng = StdRng::seed_from_u64(11);
        let typed = regex_lite::Regex::new(INVITE_CODE_PATTERN).expect("valid pattern");
        let identity = regex_lite::Regex::new(IDENTITY_CODE_PATTERN).expect("valid pattern");
        for _ in 0..100 {
            let code = generate_code(&mut rng, INVITE_CODE_LEN);
            assert!(typed.is_match(&code), "{code}");
            assert!(typed.is_match(&code.to_lowercase()), "{code}");
            let code = generate_code(&mut rng, IDENTITY_CODE_LEN);
            assert!(identity.is_match(&code), "{code}");
        }
        assert_eq!(
            IDENTITY_CODE_PATTERN,
            format!(
                "^[{}]{{{IDENTITY_CODE_LEN}}}$",
                String::from_utf8_lossy(ALPHABET)
            )
        );
        assert_eq!(
            INVITE_CODE_PATTERN,
            format!("^[A-Za-z0-9]{{{INVITE_CODE_LEN}}}$")
        );
    }

    #[test]
    fn codes_differ_from_one_draw_to_the_next() {
        let mut rng = StdRng::seed_from_u64(1);
        let a = generate_code(&mut rng, INVITE_CODE_LEN);
        let b = generate_code(&mut rng, INVITE_CODE_LEN);
        assert_ne!(a, b);
    }

    #[test]
    fn typed_codes_are_trimmed_and_upper_cased() {
        assert_eq!(normalize_code("  abcd2345 "), "ABCD2345");
    }

    #[test]
    fn an_invite_is_open_for_seven_days_and_closes_on_the_second() {
        let sent = at(1_000_000);
        let expires = expiry(sent);
        assert_eq!((expires - sent).num_days(), 7);
        assert!(is_open(false, expires, sent));
        assert!(is_open(false, expires, at(expires.timestamp() - 1)));
        assert!(!is_open(false, expires, expires));
        // Milliseconds do not matter: the spec compares seconds.
        let expires_mid_second = expires + Duration::milliseconds(900);
        assert!(!is_open(
            false,
            expires_mid_second,
            expires + Duration::milliseconds(100)
        ));
        assert!(!is_open(true, expires, sent));
    }

    #[test]
    fn emails_compare_without_case_or_spaces() {
        assert!(same_email(" Ann@Example.com", "ann@example.COM "));
        assert!(!same_email("ann@example.com", "anna@example.com"));
        assert_eq!(normalize_email("  Ann@Example.com \n"), "Ann@Example.com");
    }
}
