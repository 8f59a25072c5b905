//! The links of a client's mail: to confirm a held reservation, to cancel it, to choose
//! another time. Each names the booked client and what it allows, expires, and is signed
//! with the server's secret (HMAC-SHA256), so it can be neither guessed from an id nor
//! forged; a used cancel link finds the reservation cancelled and changes nothing.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;
use uuid::Uuid;

/// What a link allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Confirm,
    Cancel,
    Reschedule,
}

impl Purpose {
    fn tag(self) -> u8 {
        match self {
            Purpose::Confirm => b'c',
            Purpose::Cancel => b'x',
            Purpose::Reschedule => b'r',
        }
    }
}

/// Signs a link for `client` and `purpose`, valid until `expires`.
pub fn sign(secret: &[u8], client: Uuid, purpose: Purpose, expires: DateTime<Utc>) -> String {
    let mut body = Vec::with_capacity(25 + 32);
    body.push(purpose.tag());
    body.extend_from_slice(client.as_bytes());
    body.extend_from_slice(&expires.timestamp().to_be_bytes());
    let mac = mac(secret, &body);
    body.extend_from_slice(&mac);
    URL_SAFE_NO_PAD.encode(body)
}

/// Why a link was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Not a link we signed, or for another purpose.
    Forged,
    Expired,
}

/// The booked client a link names, if it is ours, for `purpose`, and not expired at `now`.
pub fn open(
    secret: &[u8],
    token: &str,
    purpose: Purpose,
    now: DateTime<Utc>,
) -> Result<Uuid, Refused> {
    let bytes = URL_SAFE_NO_PAD
        .decode(token.trim())
        .map_err(|_| Refused::Forged)?;
    if bytes.len() != 25 + 32 || bytes[0] != purpose.tag() {
        return Err(Refused::Forged);
    }
    let (body, sig) = bytes.split_at(25);
    let mut check = Hmac::<Sha256>::new_from_slice(secret).map_err(|_| Refused::Forged)?;
    check.update(body);
    check.verify_slice(sig).map_err(|_| Refused::Forged)?;
    let client = Uuid::from_slice(&body[1..17]).map_err(|_| Refused::Forged)?;
    let mut secs = [0u8; 8];
    secs.copy_from_slice(&body[17..25]);
    if i64::from_be_bytes(secs) < now.timestamp() {
        return Err(Refused::Expired);
    }
    Ok(client)
}

fn mac(secret: &[u8], body: &[u8]) -> [u8; 32] {
    // HMAC takes a key of any length.
    let mut m = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    m.update(body);
    m.finalize().into_bytes().into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    #[test]
    fn a_link_opens_for_its_purpose_until_it_expires() {
        let now = DateTime::from_timestamp(1_800_000_000, 0).expect("as set up");
        let client = Uuid::now_v7();
        let token = sign(b"secret", client, Purpose::Cancel, now + Duration::days(1));
        assert_eq!(open(b"secret", &token, Purpose::Cancel, now), Ok(client));
        assert_eq!(
            open(b"secret", &token, Purpose::Confirm, now),
            Err(Refused::Forged)
        );
        assert_eq!(
            open(b"other", &token, Purpose::Cancel, now),
            Err(Refused::Forged)
        );
        assert_eq!(
            open(b"secret", &token, Purpose::Cancel, now + Duration::days(2)),
            Err(Refused::Expired)
        );
    }

    #[test]
    fn a_changed_or_made_up_link_is_refused() {
        let now = DateTime::from_timestamp(1_800_000_000, 0).expect("as set up");
        let token = sign(
            b"secret",
            Uuid::now_v7(),
            Purpose::Cancel,
            now + Duration::days(1),
        );
        let mut bytes = URL_SAFE_NO_PAD.decode(&token).expect("as set up");
        bytes[5] ^= 1;
        let changed = URL_SAFE_NO_PAD.encode(&bytes);
        assert_eq!(
            open(b"secret", &changed, Purpose::Cancel, now),
            Err(Refused::Forged)
        );
        assert_eq!(
            open(b"secret", "abc", Purpose::Cancel, now),
            Err(Refused::Forged)
        );
        assert_eq!(
            open(b"secret", "%%%", Purpose::Cancel, now),
            Err(Refused::Forged)
        );
        let id = Uuid::now_v7().to_string();
        assert_eq!(
            open(b"secret", &id, Purpose::Cancel, now),
            Err(Refused::Forged)
        );
    }
}
