//! An action the assistant proposed, waiting for its caller to confirm it. Nothing changes
//! until the caller sends the confirmation back: a short-lived token naming the store, the
//! caller and the action, signed with the server's key, so the second request need not be
//! remembered by any server process and cannot be altered or used by someone else.

use crate::domain::ids::{EmployeeId, RequestId, ShiftId, StoreId, UserId};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sha2::Sha256;

/// How long a proposed action waits for its confirmation.
pub const CONFIRM_WITHIN: Duration = Duration::minutes(2);

/// What the assistant does once confirmed: a call of the API, with the caller's rights.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Action {
    ClockIn {
        shift: ShiftId,
    },
    ClockOut {
        shift: ShiftId,
    },
    /// Give an open shift, as it was when proposed (`version`), to an employee.
    GiveShift {
        shift: ShiftId,
        version: i64,
        to: EmployeeId,
    },
    ApproveTimeOff {
        request: RequestId,
    },
}

impl Action {
    /// The call that carries the action out, and its payload: the same call the screens
    /// make, so its permissions, rules and refusals are the screens'.
    pub fn call(&self, store: StoreId) -> (&'static str, Value) {
        match self {
            Action::ClockIn { shift } => ("startShift", json!({ "store": store, "shift": shift })),
            Action::ClockOut { shift } => {
                ("completeShift", json!({ "store": store, "shift": shift }))
            }
            Action::GiveShift { shift, version, to } => (
                "updateShift",
                json!({
                    "storeId": store,
                    "shiftId": shift,
                    "updatedShift": { "assigned": to, "version": version },
                }),
            ),
            Action::ApproveTimeOff { request } => (
                "approveTimeOff",
                json!({ "storeId": store, "requestId": request }),
            ),
        }
    }
}

/// A proposed action, as its token carries it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    #[serde(rename = "s")]
    pub store: StoreId,
    #[serde(rename = "u")]
    pub user: UserId,
    #[serde(rename = "a")]
    pub action: Action,
    /// What to say once it is done.
    #[serde(rename = "d")]
    pub done: String,
    /// Epoch ms after which the token is refused.
    #[serde(rename = "e")]
    pub expires: i64,
}

/// Why a confirmation is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not one the server signed, or another person's or store's.
    Invalid,
    Expired,
}

impl Refusal {
    pub fn code(self) -> &'static str {
        match self {
            Refusal::Invalid => "confirmation_invalid",
            Refusal::Expired => "confirmation_expired",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Refusal::Invalid => "This confirmation is not valid. Ask the assistant again.",
            Refusal::Expired => "This confirmation has expired. Ask the assistant again.",
        }
    }
}

fn mac(key: &[u8], body: &str) -> Hmac<Sha256> {
    // HMAC takes keys of any length.
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(b"voice-confirmation\0");
    mac.update(body.as_bytes());
    mac
}

/// The token of a pending action.
pub fn seal(pending: &Pending, key: &[u8]) -> String {
    let body = URL_SAFE_NO_PAD.encode(serde_json::to_vec(pending).unwrap_or_default());
    let tag = URL_SAFE_NO_PAD.encode(mac(key, &body).finalize().into_bytes());
    format!("{body}.{tag}")
}

/// The pending action of a token, when it is the server's, the caller's, for this store and
/// not expired at `now`.
pub fn open(
    token: &str,
    key: &[u8],
    store: StoreId,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<Pending, Refusal> {
    let (body, tag) = token.split_once('.').ok_or(Refusal::Invalid)?;
    let tag = URL_SAFE_NO_PAD.decode(tag).map_err(|_| Refusal::Invalid)?;
    mac(key, body)
        .verify_slice(&tag)
        .map_err(|_| Refusal::Invalid)?;
    let bytes = URL_SAFE_NO_PAD.decode(body).map_err(|_| Refusal::Invalid)?;
    let pending: Pending = serde_json::from_slice(&bytes).map_err(|_| Refusal::Invalid)?;
    if pending.store != store || pending.user != user {
        return Err(Refusal::Invalid);
    }
    if now.timestamp_millis() > pending.expires {
        return Err(Refusal::Expired);
    }
    Ok(pending)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn pending(now: DateTime<Utc>) -> Pending {
        Pending {
            store: StoreId(uuid::Uuid::from_u128(1)),
            user: UserId(uuid::Uuid::from_u128(2)),
            action: Action::GiveShift {
                shift: ShiftId(uuid::Uuid::from_u128(3)),
                version: 4,
                to: EmployeeId(uuid::Uuid::from_u128(5)),
            },
            done: "Ana has the shift.".into(),
            expires: (now + CONFIRM_WITHIN).timestamp_millis(),
        }
    }

    #[test]
    fn a_token_opens_for_its_caller_and_store_until_it_expires() {
        let now = Utc.with_ymd_and_hms(2026, 12, 4, 9, 0, 0).unwrap();
        let p = pending(now);
        let token = seal(&p, b"key");
        assert_eq!(open(&token, b"key", p.store, p.user, now), Ok(p.clone()));
        let later = now + CONFIRM_WITHIN + Duration::seconds(1);
        assert_eq!(
            open(&token, b"key", p.store, p.user, later),
            Err(Refusal::Expired)
        );
        let other = UserId(uuid::Uuid::from_u128(9));
        assert_eq!(
            open(&token, b"key", p.store, other, now),
            Err(Refusal::Invalid)
        );
        let store = StoreId(uuid::Uuid::from_u128(9));
        assert_eq!(
            open(&token, b"key", store, p.user, now),
            Err(Refusal::Invalid)
        );
    }

    #[test]
    fn an_altered_or_foreign_token_is_refused() {
        let now = Utc.with_ymd_and_hms(2026, 12, 4, 9, 0, 0).unwrap();
        let p = pending(now);
        let token = seal(&p, b"key");
        assert_eq!(
            open(&token, b"other", p.store, p.user, now),
            Err(Refusal::Invalid)
        );
        let mut forged = p.clone();
        forged.action = Action::ApproveTimeOff {
            request: RequestId(uuid::Uuid::from_u128(7)),
        };
        let (_, tag) = token.split_once('.').expect("a sealed token has a tag");
        let body = URL_SAFE_NO_PAD.encode(serde_json::to_vec(&forged).expect("serialisable"));
        assert_eq!(
            open(&format!("{body}.{tag}"), b"key", p.store, p.user, now),
            Err(Refusal::Invalid)
        );
        for junk in ["", ".", "abc", "a.b", "!!.??"] {
            assert_eq!(
                open(junk, b"key", p.store, p.user, now),
                Err(Refusal::Invalid)
            );
        }
    }

    #[test]
    fn each_action_is_the_screens_call() {
        let store = StoreId(uuid::Uuid::from_u128(1));
        let shift = ShiftId(uuid::Uuid::from_u128(3));
        assert_eq!(Action::ClockIn { shift }.call(store).0, "startShift");
        assert_eq!(Action::ClockOut { shift }.call(store).0, "completeShift");
        let (name, payload) = pending(Utc::now()).action.call(store);
        assert_eq!(name, "updateShift");
        assert_eq!(payload["updatedShift"]["version"], 4);
        let request = RequestId(uuid::Uuid::from_u128(7));
        assert_eq!(
            Action::ApproveTimeOff { request }.call(store).0,
            "approveTimeOff"
        );
    }
}
