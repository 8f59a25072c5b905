//! The one-click unsubscribe link of a notification mail (RFC 8058): it names the reader and
//! the kind of notification whose mail it turns off, signed with the server's secret
//! (HMAC-SHA256) so it can be neither guessed nor altered. It does not expire: a mail read a
//! year later must still let its reader stop the next ones.

use crate::domain::ids::UserId;
use crate::domain::notification::NotificationKind;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Signs the link's token for `user` and `kind`.
pub fn sign(secret: &[u8], user: UserId, kind: NotificationKind) -> String {
    let mut body = Vec::with_capacity(16 + 16 + 32);
    body.extend_from_slice(user.0.as_bytes());
    body.extend_from_slice(kind.as_str().as_bytes());
    let mac = mac(secret, &body);
    body.extend_from_slice(&mac);
    URL_SAFE_NO_PAD.encode(body)
}

/// The reader and kind a token names, if the server signed it.
pub fn open(secret: &[u8], token: &str) -> Option<(UserId, NotificationKind)> {
    let bytes = URL_SAFE_NO_PAD.decode(token.trim()).ok()?;
    if bytes.len() < 16 + 1 + 32 {
        return None;
    }
    let (body, sig) = bytes.split_at(bytes.len() - 32);
    let mut check = Hmac::<Sha256>::new_from_slice(secret).ok()?;
    check.update(body);
    check.verify_slice(sig).ok()?;
    let (user, kind) = body.split_at(16);
    let user = uuid::Uuid::from_slice(user).ok()?;
    let kind = NotificationKind::parse(std::str::from_utf8(kind).ok()?)?;
    Some((UserId(user), kind))
}

fn mac(secret: &[u8], body: &[u8]) -> Vec<u8> {
    let mut m = Hmac::<Sha256>::new_from_slice(secret).expect("HMAC takes any key length");
    m.update(body);
    m.finalize().into_bytes().to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_token_opens_to_its_reader_and_kind() {
        let user = UserId::new();
        let token = sign(b"key", user, NotificationKind::NewShift);
        assert_eq!(
            open(b"key", &token),
            Some((user, NotificationKind::NewShift))
        );
        assert_eq!(
            open(b"key", &format!(" {token} ")),
            Some((user, NotificationKind::NewShift))
        );
    }

    #[test]
    fn another_key_or_an_altered_token_opens_nothing() {
        let user = UserId::new();
        let token = sign(b"key", user, NotificationKind::TimeOff);
        assert_eq!(open(b"other", &token), None);
        let mut bytes = URL_SAFE_NO_PAD.decode(&token).expect("base64");
        bytes[20] ^= 1;
        assert_eq!(open(b"key", &URL_SAFE_NO_PAD.encode(&bytes)), None);
        assert_eq!(open(b"key", "not a token"), None);
        assert_eq!(open(b"key", ""), None);
    }
}
