//! Guessing business identity codes on a clock device is slow: wrong codes count against the
//! store the device names and the address they come from, together, and only that pair is
//! refused once it has too many. So wrong codes for one store, or from one address, never
//! block another store or another address: a typo at one store's door locks that door for a
//! while, never every store's clock.
//!
//! A device that names no store has its codes checked against every store, so its wrong codes
//! name none: they count against its address, apart from every named store. Either way an
//! address gets as many guesses per store as it would get in all, so naming stores adds no
//! chance of finding a code. The wrong codes are kept where every server process sees them
//! (see `auth::throttle`); this is the rule over them.

use crate::domain::ids::StoreId;
use crate::domain::login_throttle::blocked_until;
use chrono::{DateTime, Duration, Utc};
use std::net::IpAddr;

/// The limits of the clock device's throttle.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Wrong codes of one store and address within the window before that pair is refused.
    pub per_device: usize,
    /// How far back wrong codes count.
    pub window: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            per_device: 5,
            window: Duration::minutes(15),
        }
    }
}

/// An attempt at a business identity code, as the throttle counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Attempt {
    /// The store the device names; `None` when it names none.
    pub store: Option<StoreId>,
    /// The caller's network address, when known.
    pub client: Option<IpAddr>,
}

impl Attempt {
    /// The key its wrong codes are kept under, one per pair of store and address:
    /// `<store>@<address>`, with `*` for no store and `?` for an unknown address. An IPv4
    /// address is the same client whether it arrives as such or mapped into IPv6.
    pub fn key(&self) -> String {
        let store = self
            .store
            .map_or_else(|| "*".to_string(), |s| s.to_string());
        let client = self
            .client
            .map_or_else(|| "?".to_string(), |c| c.to_canonical().to_string());
        format!("{store}@{client}")
    }
}

/// When an attempt may try again, if it may not now, given the recent wrong codes of its pair
/// (newest first, at most `limits.per_device` of them).
pub fn refused_until(
    recent: &[DateTime<Utc>],
    limits: Limits,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    blocked_until(recent, limits.per_device, limits.window, now)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashMap;
    use std::net::{Ipv4Addr, Ipv6Addr};
    use uuid::Uuid;

    fn at(minutes: i64) -> DateTime<Utc> {
        DateTime::<Utc>::from_timestamp(1_800_000_000, 0).expect("instant")
            + Duration::minutes(minutes)
    }

    fn store(n: u128) -> StoreId {
        StoreId(Uuid::from_u128(n))
    }

    fn address(last: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(203, 0, 113, last))
    }

    /// Wrong codes as `auth::throttle` keeps them: by key, newest first.
    #[derive(Default)]
    struct Ledger(HashMap<String, Vec<DateTime<Utc>>>);

    impl Ledger {
        fn wrong(&mut self, attempt: Attempt, when: DateTime<Utc>) {
            self.0.entry(attempt.key()).or_default().insert(0, when);
        }

        fn refused_until(&self, attempt: Attempt, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
            let recent = self.0.get(&attempt.key()).cloned().unwrap_or_default();
            refused_until(&recent, Limits::default(), now)
        }
    }

    #[test]
    fn five_wrong_codes_for_a_store_from_an_address_refuse_that_pair_only() {
        let (a, b) = (store(1), store(2));
        let (x, y) = (address(1), address(2));
        let a_from_x = Attempt {
            store: Some(a),
            client: Some(x),
        };
        let mut ledger = Ledger::default();
        for minute in 0..4 {
            ledger.wrong(a_from_x, at(minute));
        }
        assert_eq!(
            ledger.refused_until(a_from_x, at(4)),
            None,
            "four are allowed"
        );
        ledger.wrong(a_from_x, at(4));
        assert_eq!(ledger.refused_until(a_from_x, at(5)), Some(at(15)));
        let others = [
            Attempt {
                store: Some(b),
                client: Some(x),
            },
            Attempt {
                store: Some(a),
                client: Some(y),
            },
            Attempt {
                store: None,
                client: Some(x),
            },
            Attempt {
                store: Some(a),
                client: None,
            },
        ];
        for other in others {
            assert_eq!(ledger.refused_until(other, at(5)), None, "{other:?}");
        }
        // The pair is free again once its oldest wrong code leaves the window.
        assert_eq!(ledger.refused_until(a_from_x, at(15)), None);
    }

    #[test]
    fn wrong_codes_naming_no_store_refuse_their_address_only() {
        let unnamed_from_x = Attempt {
            store: None,
            client: Some(address(1)),
        };
        let mut ledger = Ledger::default();
        for minute in 0..5 {
            ledger.wrong(unnamed_from_x, at(minute));
        }
        assert_eq!(ledger.refused_until(unnamed_from_x, at(5)), Some(at(15)));
        let elsewhere = Attempt {
            store: None,
            client: Some(address(2)),
        };
        assert_eq!(ledger.refused_until(elsewhere, at(5)), None);
        let named = Attempt {
            store: Some(store(1)),
            client: Some(address(1)),
        };
        assert_eq!(ledger.refused_until(named, at(5)), None);
    }

    #[test]
    fn an_ipv4_client_is_one_client_also_when_mapped_into_ipv6() {
        let v4 = Ipv4Addr::new(198, 51, 100, 7);
        let plain = Attempt {
            store: Some(store(1)),
            client: Some(IpAddr::V4(v4)),
        };
        let mapped = Attempt {
            client: Some(IpAddr::V6(v4.to_ipv6_mapped())),
            ..plain
        };
        assert_eq!(plain.key(), mapped.key());
    }

    fn attempts() -> impl Strategy<Value = Attempt> {
        let store = prop::option::of(any::<u128>().prop_map(store));
        let client = prop::option::of(prop_oneof![
            any::<u32>().prop_map(|n| IpAddr::V4(Ipv4Addr::from(n))),
            any::<u128>().prop_map(|n| IpAddr::V6(Ipv6Addr::from(n))),
        ]);
        (store, client).prop_map(|(store, client)| Attempt { store, client })
    }

    fn canonical(a: Attempt) -> (Option<StoreId>, Option<IpAddr>) {
        (a.store, a.client.map(|c| c.to_canonical()))
    }

    proptest! {
        /// Two attempts share a key only when they name the same store from the same client,
        /// so the wrong codes of one pair never count against another: not against another
        /// store from the same address, nor against the same store from another address.
        #[test]
        fn pairs_share_a_key_only_when_they_are_the_same_pair(a in attempts(), b in attempts()) {
            let other_store = Attempt { store: b.store, ..a };
            let other_client = Attempt { client: b.client, ..a };
            for other in [b, other_store, other_client] {
                prop_assert_eq!(a.key() == other.key(), canonical(a) == canonical(other));
            }
        }
    }
}
