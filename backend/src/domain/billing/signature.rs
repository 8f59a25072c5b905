//! The payment provider's webhook signatures (Stripe's scheme): the `Stripe-Signature` header
//! holds `t=<unix seconds>` and one or more `v1=<hex>`, each an HMAC-SHA256 of `<t>.<body>`
//! under the endpoint's secret. A signature is accepted within `TOLERANCE` of its time, which
//! bounds how long a captured request could be replayed.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// How far a signature's time may be from now, in seconds (the provider's own default).
pub const TOLERANCE: i64 = 300;

/// Why a webhook's signature was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// No `t=` or no `v1=` in the header, or one that does not parse.
    Malformed,
    /// No `v1` matches the body under the secret.
    Mismatch,
    /// Signed too long ago, or too far ahead.
    Stale,
}

impl Refused {
    pub fn message(self) -> &'static str {
        match self {
            Refused::Malformed => "The webhook's signature header is malformed.",
            Refused::Mismatch => "The webhook's signature does not match its body.",
            Refused::Stale => "The webhook's signature is outside the tolerance.",
        }
    }
}

/// Checks `header` against `body` at `now` (unix seconds).
pub fn verify(secret: &str, header: &str, body: &[u8], now: i64) -> Result<(), Refused> {
    let mut time = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => time = Some(t.parse::<i64>().map_err(|_| Refused::Malformed)?),
            // Other schemes (`v0`, test-mode ones) are not ours to check.
            Some(("v1", sig)) => signatures.push(hex_bytes(sig).ok_or(Refused::Malformed)?),
            _ => {}
        }
    }
    let time = time.ok_or(Refused::Malformed)?;
    if signatures.is_empty() {
        return Err(Refused::Malformed);
    }
    // Each candidate is compared in constant time (`verify_slice` consumes its MAC).
    let mac = mac_of(secret, time, body);
    let matched = signatures
        .iter()
        .any(|sig| mac.clone().verify_slice(sig).is_ok());
    if !matched {
        return Err(Refused::Mismatch);
    }
    if (now - time).abs() > TOLERANCE {
        return Err(Refused::Stale);
    }
    Ok(())
}

/// The header the provider would send for `body` signed at `time` (for the stand-in).
pub fn sign(secret: &str, body: &[u8], time: i64) -> String {
    let sig = mac_of(secret, time, body).finalize().into_bytes();
    let hex: String = sig.iter().map(|b| format!("{b:02x}")).collect();
    format!("t={time},v1={hex}")
}

fn mac_of(secret: &str, time: i64, body: &[u8]) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key");
    mac.update(time.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

fn hex_bytes(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(text.get(i..i + 2)?, 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"invoice.paid"}"#;

    #[test]
    fn a_signature_made_with_the_secret_is_accepted_within_the_tolerance() {
        let header = sign(SECRET, BODY, 1_000);
        assert_eq!(verify(SECRET, &header, BODY, 1_000), Ok(()));
        assert_eq!(verify(SECRET, &header, BODY, 1_000 + TOLERANCE), Ok(()));
        assert_eq!(verify(SECRET, &header, BODY, 1_000 - TOLERANCE), Ok(()));
        assert_eq!(
            verify(SECRET, &header, BODY, 1_000 + TOLERANCE + 1),
            Err(Refused::Stale)
        );
        assert_eq!(
            verify(SECRET, &header, BODY, 1_000 - TOLERANCE - 1),
            Err(Refused::Stale)
        );
    }

    #[test]
    fn another_secret_or_body_or_time_does_not_match() {
        let header = sign(SECRET, BODY, 1_000);
        assert_eq!(
            verify("whsec_other", &header, BODY, 1_000),
            Err(Refused::Mismatch)
        );
        assert_eq!(
            verify(SECRET, &header, b"{}", 1_000),
            Err(Refused::Mismatch)
        );
        let moved = header.replace("t=1000", "t=1001");
        assert_eq!(verify(SECRET, &moved, BODY, 1_000), Err(Refused::Mismatch));
    }

    #[test]
    fn any_v1_may_match_and_other_schemes_are_ignored() {
        let good = sign(SECRET, BODY, 1_000);
        let v1 = good.split_once(",v1=").expect("v1").1;
        let header = format!("t=1000,v0=00ff,v1={},v1={v1}", "ab".repeat(32));
        assert_eq!(verify(SECRET, &header, BODY, 1_000), Ok(()));
    }

    #[test]
    fn a_malformed_header_is_refused() {
        for header in [
            "",
            "t=1000",
            "v1=abcd",
            "t=x,v1=abcd",
            "t=1000,v1=abc",
            "t=1000,v1=zz",
        ] {
            assert_eq!(
                verify(SECRET, header, BODY, 1_000),
                Err(Refused::Malformed),
                "{header}"
            );
        }
    }
}
