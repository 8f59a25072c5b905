//! What holds spam off the comments, besides the per-address rate: a hidden field people
//! leave empty, and a ticket issued with the page (its time, signed by the server) that must
//! be a few seconds old, since a person reads before they write and a robot posts at once.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The least time between the page and its comment.
pub const MIN_SECONDS: i64 = 3;
/// The oldest page a comment is taken from.
pub const MAX_AGE_SECONDS: i64 = 24 * 60 * 60;

/// Why a ticket is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TicketRefusal {
    /// Sent sooner than a person could have read and written.
    TooFast,
    /// Not one of ours, for another post, or too old.
    Invalid,
}

/// The key tickets are signed with, derived from the server's secret (so a ticket can never
/// pass for a token or a booking link).
pub fn key(secret: &str) -> Vec<u8> {
    let mut mac =
        Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
    mac.update(b"clockto blog comment tickets");
    mac.finalize().into_bytes().to_vec()
}

fn signature(key: &[u8], post: uuid::Uuid, issued_ms: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(format!("blog-comment:{post}:{issued_ms}").as_bytes());
    mac.finalize()
        .into_bytes()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The ticket of a page of `post` shown at `now_ms`: `<ms>.<signature>`.
pub fn issue(key: &[u8], post: uuid::Uuid, now_ms: i64) -> String {
    format!("{now_ms}.{}", signature(key, post, now_ms))
}

/// Checks a comment's ticket at `now_ms`.
pub fn check(key: &[u8], post: uuid::Uuid, ticket: &str, now_ms: i64) -> Result<(), TicketRefusal> {
    let (issued, sig) = ticket.split_once('.').ok_or(TicketRefusal::Invalid)?;
    let issued: i64 = issued.parse().map_err(|_| TicketRefusal::Invalid)?;
    let expected = signature(key, post, issued);
    // Equal lengths; a difference anywhere refuses it (the ticket guards no secret, so the
    // comparison's time tells nothing worth having).
    if sig.len() != expected.len() || sig != expected {
        return Err(TicketRefusal::Invalid);
    }
    let age = now_ms - issued;
    if age < MIN_SECONDS * 1000 {
        return Err(TicketRefusal::TooFast);
    }
    if age > MAX_AGE_SECONDS * 1000 {
        return Err(TicketRefusal::Invalid);
    }
    Ok(())
}

/// Whether the hidden field was filled: a robot's comment, answered as taken and kept nowhere.
pub fn trapped(hidden_field: Option<&str>) -> bool {
    hidden_field.is_some_and(|v| !v.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    const KEY: &[u8] = b"a server secret";

    #[test]
    fn a_ticket_is_taken_after_a_few_seconds_and_for_a_day() {
        let post = Uuid::now_v7();
        let t = issue(KEY, post, 1_000_000);
        assert_eq!(check(KEY, post, &t, 1_000_500), Err(TicketRefusal::TooFast));
        assert_eq!(check(KEY, post, &t, 1_003_000), Ok(()));
        assert_eq!(
            check(KEY, post, &t, 1_000_000 + MAX_AGE_SECONDS * 1000),
            Ok(())
        );
        assert_eq!(
            check(KEY, post, &t, 1_000_001 + MAX_AGE_SECONDS * 1000),
            Err(TicketRefusal::Invalid)
        );
    }

    #[test]
    fn a_forged_or_borrowed_ticket_is_refused() {
        let post = Uuid::now_v7();
        let t = issue(KEY, post, 1_000_000);
        let later = 1_010_000;
        assert_eq!(
            check(b"another key", post, &t, later),
            Err(TicketRefusal::Invalid)
        );
        assert_eq!(
            check(KEY, Uuid::now_v7(), &t, later),
            Err(TicketRefusal::Invalid)
        );
        let older = t.replacen("1000000", "990000", 1);
        assert_eq!(check(KEY, post, &older, later), Err(TicketRefusal::Invalid));
        for junk in ["", ".", "abc", "12.", ".deadbeef", "x.y"] {
            assert_eq!(
                check(KEY, post, junk, later),
                Err(TicketRefusal::Invalid),
                "{junk}"
            );
        }
    }

    #[test]
    fn the_hidden_field_traps_robots() {
        assert!(!trapped(None));
        assert!(!trapped(Some(" ")));
        assert!(trapped(Some("https://spam.test")));
    }
}
