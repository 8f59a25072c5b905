//! Web Push: the subscription a browser hands over, the server's VAPID key (RFC 8292), and the
//! message a notification becomes. Encryption and sending are the job's; everything here is
//! pure.

use base64::alphabet;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig, URL_SAFE_NO_PAD};
use base64::engine::DecodePaddingMode;
use base64::Engine as _;
use p256::elliptic_curve::rand_core::CryptoRngCore;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::pkcs8::EncodePrivateKey;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use url::{Host, Url};

/// Longest endpoint URL accepted (push services hand out a few hundred characters).
pub const ENDPOINT_MAX: usize = 2048;
/// How long a push service keeps a message for a browser that is offline, in seconds.
pub const TTL_SECONDS: u64 = 24 * 3600;
/// The page a pushed notification opens when clicked.
pub const NOTIFICATIONS_URL: &str = "/notifications";
/// Largest plaintext sent. Push services accept at least 4096 bytes of encrypted body; the
/// aes128gcm header with its key takes 86 of them and the record's padding and tag 17.
pub const PAYLOAD_MAX: usize = 4096 - 86 - 17;
/// Longest title and body put into a message before shortening for size.
const TITLE_MAX_CHARS: usize = 120;
const BODY_MAX_CHARS: usize = 1000;

/// Why a subscription was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SubscriptionError {
    #[error("the subscription is missing")]
    Missing,
    #[error("the subscription is not a PushSubscription in JSON")]
    Malformed,
    #[error("the endpoint is too long")]
    EndpointTooLong,
    #[error("the endpoint is not a URL")]
    EndpointInvalid,
    #[error("the endpoint is not https")]
    EndpointInsecure,
    #[error("the endpoint is on a local or private network")]
    EndpointPrivate,
    #[error("p256dh is not a P-256 public key")]
    BadP256dh,
    #[error("auth is not a 16-byte secret")]
    BadAuth,
}

/// Which endpoints are acceptable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndpointRules {
    /// Accept `http://` endpoints and hosts on loopback or private networks (a push service
    /// run locally, tests). Off, only `https://` endpoints on public hosts are accepted: the
    /// server makes requests to these addresses, so they must not reach into its own network.
    pub allow_local: bool,
}

/// A push service endpoint: an absolute `https` (or, when allowed, `http`) URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint(Url);

impl Endpoint {
    pub fn parse(raw: &str, rules: EndpointRules) -> Result<Endpoint, SubscriptionError> {
        let raw = raw.trim();
        if raw.len() > ENDPOINT_MAX {
            return Err(SubscriptionError::EndpointTooLong);
        }
        let url = Url::parse(raw).map_err(|_| SubscriptionError::EndpointInvalid)?;
        match url.scheme() {
            "https" => {}
            "http" if rules.allow_local => {}
            "http" => return Err(SubscriptionError::EndpointInsecure),
            _ => return Err(SubscriptionError::EndpointInvalid),
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(SubscriptionError::EndpointInvalid);
        }
        let host = url.host().ok_or(SubscriptionError::EndpointInvalid)?;
        if !rules.allow_local && is_local(&host) {
            return Err(SubscriptionError::EndpointPrivate);
        }
        Ok(Endpoint(url))
    }

    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    /// The origin (`scheme://host[:port]`), the audience of the VAPID token.
    pub fn origin(&self) -> String {
        self.0.origin().ascii_serialization()
    }

    /// The host, for logs (the path is the subscription's secret).
    pub fn host(&self) -> &str {
        self.0.host_str().unwrap_or_default()
    }

    /// The host name to resolve and the port to reach, for a host given by name (an address
    /// literal was already judged by [`Endpoint::parse`]).
    pub fn name_and_port(&self) -> Option<(&str, u16)> {
        match self.0.host()? {
            Host::Domain(d) => Some((d, self.0.port_or_known_default()?)),
            Host::Ipv4(_) | Host::Ipv6(_) => None,
        }
    }
}

/// Whether a push endpoint whose host name resolved to `addresses` may be posted to: only
/// when every address is public. A name pointing into a private, loopback, link-local or
/// multicast network would let a client make the server reach into its own network.
pub fn addresses_allowed(
    addresses: &[IpAddr],
    rules: EndpointRules,
) -> Result<(), SubscriptionError> {
    if rules.allow_local || addresses.iter().all(|ip| !is_local_ip(*ip)) {
        Ok(())
    } else {
        Err(SubscriptionError::EndpointPrivate)
    }
}

fn is_local_ip(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_local_v4(v4),
        IpAddr::V6(v6) => is_local_v6(v6),
    }
}

/// Hosts that name this machine or a private network. Names are judged by their form only
/// (they are not resolved): `localhost`, single labels, and the `.localhost`, `.local` and
/// `.internal` suffixes.
fn is_local(host: &Host<&str>) -> bool {
    match host {
        Host::Domain(d) => {
            let d = d.trim_end_matches('.').to_ascii_lowercase();
            d == "localhost"
                || !d.contains('.')
                || [".localhost", ".local", ".internal"]
                    .iter()
                    .any(|s| d.ends_with(s))
        }
        Host::Ipv4(ip) => is_local_v4(*ip),
        Host::Ipv6(ip) => is_local_v6(*ip),
    }
}

fn is_local_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        // Carrier-grade NAT, 100.64.0.0/10.
        || (a == 100 && (b & 0xc0) == 64)
        // Reserved, 240.0.0.0/4.
        || a >= 240
}

fn is_local_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_local_v4(v4);
    }
    let first = ip.segments()[0];
    ip.is_loopback()
        || ip.is_unspecified()
        || ip.is_multicast()
        // Unique local, fc00::/7.
        || (first & 0xfe00) == 0xfc00
        // Link local, fe80::/10.
        || (first & 0xffc0) == 0xfe80
}

/// A validated subscription: where to send and the browser's keys (base64url, no padding).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub endpoint: Endpoint,
    pub p256dh: String,
    pub auth: String,
}

/// A browser's `PushSubscription` as [`Subscription::parse`] reads it, for the API document:
/// its JSON text, or the object itself.
pub struct PushSubscriptionJson;

impl utoipa::PartialSchema for PushSubscriptionJson {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        let text = |description: &str| {
            ObjectBuilder::new()
                .schema_type(Type::String)
                .description(Some(description))
        };
        let keys = ObjectBuilder::new()
            .property(
                "p256dh",
                text(
                    "The browser's P-256 public key, an uncompressed point of 65 bytes, base64url.",
                ),
            )
            .required("p256dh")
            .property("auth", text("The browser's 16-byte secret, base64url."))
            .required("auth");
        let object = ObjectBuilder::new()
            .property(
                "endpoint",
                text("The push service's URL (https).")
                    .format(Some(utoipa::openapi::SchemaFormat::Custom("uri".into())))
                    .max_length(Some(ENDPOINT_MAX)),
            )
            .required("endpoint")
            .property("keys", keys)
            .required("keys");
        OneOfBuilder::new()
            .item(text("The subscription's JSON text.").min_length(Some(1)))
            .item(object)
            .into()
    }
}

impl utoipa::ToSchema for PushSubscriptionJson {}

/// The JSON of a browser's `PushSubscription`; other fields (`expirationTime`) are ignored.
#[derive(Deserialize)]
struct RawSubscription {
    endpoint: String,
    keys: RawKeys,
}

#[derive(Deserialize)]
struct RawKeys {
    p256dh: String,
    auth: String,
}

impl Subscription {
    /// Reads a subscription given as JSON text (as the spec sends it) or as the object itself.
    pub fn parse(value: &Value, rules: EndpointRules) -> Result<Subscription, SubscriptionError> {
        let raw: RawSubscription = match value {
            Value::Null => return Err(SubscriptionError::Missing),
            Value::String(text) if text.trim().is_empty() => {
                return Err(SubscriptionError::Missing)
            }
            Value::String(text) => {
                serde_json::from_str(text).map_err(|_| SubscriptionError::Malformed)?
            }
            Value::Object(_) => {
                serde_json::from_value(value.clone()).map_err(|_| SubscriptionError::Malformed)?
            }
            _ => return Err(SubscriptionError::Malformed),
        };
        let endpoint = Endpoint::parse(&raw.endpoint, rules)?;
        let keys = BrowserKeys::decode(&raw.keys.p256dh, &raw.keys.auth)?;
        Ok(Subscription {
            endpoint,
            p256dh: URL_SAFE_NO_PAD.encode(keys.p256dh_bytes()),
            auth: URL_SAFE_NO_PAD.encode(keys.auth),
        })
    }
}

/// A browser's keys, decoded: what a message is encrypted for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrowserKeys {
    pub p256dh: p256::PublicKey,
    pub auth: [u8; 16],
}

impl BrowserKeys {
    /// Decodes base64url (padded or not; the standard alphabet is accepted too) keys: `p256dh`
    /// an uncompressed P-256 point of 65 bytes, `auth` 16 bytes.
    pub fn decode(p256dh: &str, auth: &str) -> Result<BrowserKeys, SubscriptionError> {
        let point = decode_b64(p256dh).ok_or(SubscriptionError::BadP256dh)?;
        if point.len() != 65 || point[0] != 0x04 {
            return Err(SubscriptionError::BadP256dh);
        }
        let p256dh =
            p256::PublicKey::from_sec1_bytes(&point).map_err(|_| SubscriptionError::BadP256dh)?;
        let auth = decode_b64(auth)
            .and_then(|a| <[u8; 16]>::try_from(a).ok())
            .ok_or(SubscriptionError::BadAuth)?;
        Ok(BrowserKeys { p256dh, auth })
    }

    fn p256dh_bytes(&self) -> Vec<u8> {
        self.p256dh.to_encoded_point(false).as_bytes().to_vec()
    }
}

/// Base64url with or without padding, also accepting the standard alphabet's `+` and `/`.
fn decode_b64(text: &str) -> Option<Vec<u8>> {
    const LENIENT: GeneralPurpose = GeneralPurpose::new(
        &alphabet::URL_SAFE,
        GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent),
    );
    let text: String = text
        .trim()
        .chars()
        .map(|c| match c {
            '+' => '-',
            '/' => '_',
            c => c,
        })
        .collect();
    LENIENT.decode(text).ok()
}

/// What the service worker receives: it shows `title` and `body`, replaces an earlier
/// message with the same `tag`, and opens `url` on a click.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    pub title: String,
    pub body: String,
    /// The notification's id.
    pub tag: String,
    pub url: String,
    /// The store the notification belongs to.
    pub store: String,
}

impl Message {
    /// The message of a notification, its texts shortened so that the JSON fits
    /// [`PAYLOAD_MAX`].
    pub fn new(title: &str, body: &str, tag: String, store: String) -> Message {
        let mut message = Message {
            title: shorten(title, TITLE_MAX_CHARS),
            body: shorten(body, BODY_MAX_CHARS),
            tag,
            url: NOTIFICATIONS_URL.to_string(),
            store,
        };
        while message.to_bytes().len() > PAYLOAD_MAX && !message.body.is_empty() {
            let half = message.body.chars().count() / 2;
            message.body = shorten(&message.body, half);
        }
        message
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        // Serialising strings into JSON cannot fail.
        serde_json::to_vec(self).unwrap_or_default()
    }
}

/// At most `max` characters, with an ellipsis when cut.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// The server's VAPID key: a P-256 key pair that identifies it to push services. Browsers
/// subscribe with its public half, and every push is signed with it.
#[derive(Clone)]
pub struct VapidKey {
    secret: p256::SecretKey,
}

/// The claims of a VAPID token.
#[derive(Debug, Serialize, Deserialize)]
pub struct VapidClaims {
    /// The push service's origin.
    pub aud: String,
    /// Expiry, seconds since the epoch (at most 24 hours ahead).
    pub exp: i64,
    /// A contact for the push service's operator: `mailto:` or `https:`.
    pub sub: String,
}

impl VapidKey {
    /// A new random key.
    pub fn generate(rng: &mut impl CryptoRngCore) -> VapidKey {
        VapidKey {
            secret: p256::SecretKey::random(rng),
        }
    }

    /// Reads the base64url raw 32-byte private scalar (the form `web-push` tools print).
    pub fn from_base64url(text: &str) -> Option<VapidKey> {
        let bytes: [u8; 32] = decode_b64(text)?.try_into().ok()?;
        let secret = p256::SecretKey::from_bytes(&bytes.into()).ok()?;
        Some(VapidKey { secret })
    }

    /// The private scalar, base64url without padding.
    pub fn to_base64url(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.secret.to_bytes())
    }

    /// The public key as browsers take it for `applicationServerKey`: the uncompressed
    /// 65-byte point, base64url without padding.
    pub fn public_key(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.secret.public_key().to_encoded_point(false).as_bytes())
    }

    /// The `Authorization` header value for a push to `endpoint`: `vapid t=<jwt>, k=<key>`.
    pub fn authorization(
        &self,
        endpoint: &Endpoint,
        subject: &str,
        expires_at: i64,
    ) -> Result<String, jsonwebtoken::errors::Error> {
        let der = self
            .secret
            .to_pkcs8_der()
            .map_err(|_| jsonwebtoken::errors::ErrorKind::InvalidEcdsaKey)?;
        let claims = VapidClaims {
            aud: endpoint.origin(),
            exp: expires_at,
            sub: subject.to_string(),
        };
        let token = jsonwebtoken::encode(
            &jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256),
            &claims,
            &jsonwebtoken::EncodingKey::from_ec_der(der.as_bytes()),
        )?;
        Ok(format!("vapid t={token}, k={}", self.public_key()))
    }
}

impl std::fmt::Debug for VapidKey {
    // The private half is never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("VapidKey")
            .field("public", &self.public_key())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const STRICT: EndpointRules = EndpointRules { allow_local: false };
    const LOCAL: EndpointRules = EndpointRules { allow_local: true };

    fn browser() -> (String, String) {
        let secret = p256::SecretKey::random(&mut rand::rngs::OsRng);
        let point = secret.public_key().to_encoded_point(false);
        (
            URL_SAFE_NO_PAD.encode(point.as_bytes()),
            URL_SAFE_NO_PAD.encode([7u8; 16]),
        )
    }

    fn sub(endpoint: &str, p256dh: &str, auth: &str) -> Value {
        json!({ "endpoint": endpoint, "expirationTime": null, "keys": { "p256dh": p256dh, "auth": auth } })
    }

    #[test]
    fn a_browser_subscription_is_read_from_json_text_or_an_object() {
        let (p256dh, auth) = browser();
        let value = sub("https://fcm.googleapis.com/fcm/send/abc", &p256dh, &auth);
        let from_object = Subscription::parse(&value, STRICT).expect("object");
        let from_text =
            Subscription::parse(&Value::String(value.to_string()), STRICT).expect("text");
        assert_eq!(from_object, from_text);
        assert_eq!(
            from_object.endpoint.as_str(),
            "https://fcm.googleapis.com/fcm/send/abc"
        );
        assert_eq!(from_object.p256dh, p256dh);
        assert_eq!(from_object.auth, auth);
        assert_eq!(from_object.endpoint.origin(), "https://fcm.googleapis.com");
    }

    #[test]
    fn padded_and_standard_alphabet_keys_are_stored_in_one_form() {
        let (p256dh, auth) = browser();
        let bytes = URL_SAFE_NO_PAD.decode(&p256dh).expect("b64");
        let standard = base64::engine::general_purpose::STANDARD.encode(&bytes);
        let padded_auth = format!("{auth}==");
        let parsed = Subscription::parse(
            &sub("https://push.example.com/x", &standard, &padded_auth),
            STRICT,
        )
        .expect("accepted");
        assert_eq!(parsed.p256dh, p256dh);
        assert_eq!(parsed.auth, auth);
    }

    #[test]
    fn broken_subscriptions_are_refused_with_their_reason() {
        let (p256dh, auth) = browser();
        let url = "https://push.example.com/x";
        let cases = [
            (Value::Null, SubscriptionError::Missing),
            (json!(""), SubscriptionError::Missing),
            (json!("{not json"), SubscriptionError::Malformed),
            (json!(42), SubscriptionError::Malformed),
            (json!({ "endpoint": url }), SubscriptionError::Malformed),
            (
                sub("not a url", &p256dh, &auth),
                SubscriptionError::EndpointInvalid,
            ),
            (
                sub("ftp://push.example.com/x", &p256dh, &auth),
                SubscriptionError::EndpointInvalid,
            ),
            (
                sub("https://u:p@push.example.com/x", &p256dh, &auth),
                SubscriptionError::EndpointInvalid,
            ),
            (
                sub(
                    &format!("https://push.example.com/{}", "a".repeat(ENDPOINT_MAX)),
                    &p256dh,
                    &auth,
                ),
                SubscriptionError::EndpointTooLong,
            ),
            (sub(url, "AAAA", &auth), SubscriptionError::BadP256dh),
            (
                sub(url, "not base64 !", &auth),
                SubscriptionError::BadP256dh,
            ),
            // 65 bytes with the right prefix that are not a point of the curve.
            (
                sub(url, &URL_SAFE_NO_PAD.encode([4u8; 65]), &auth),
                SubscriptionError::BadP256dh,
            ),
            (
                sub(url, &p256dh, &URL_SAFE_NO_PAD.encode([1u8; 15])),
                SubscriptionError::BadAuth,
            ),
            (sub(url, &p256dh, ""), SubscriptionError::BadAuth),
        ];
        for (value, expected) in cases {
            assert_eq!(
                Subscription::parse(&value, STRICT),
                Err(expected),
                "{value}"
            );
        }
    }

    #[test]
    fn a_compressed_point_is_refused() {
        let secret = p256::SecretKey::random(&mut rand::rngs::OsRng);
        let compressed =
            URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(true).as_bytes());
        assert_eq!(
            BrowserKeys::decode(&compressed, &URL_SAFE_NO_PAD.encode([0u8; 16])),
            Err(SubscriptionError::BadP256dh)
        );
    }

    #[test]
    fn only_https_on_public_hosts_unless_local_endpoints_are_allowed() {
        for refused in [
            "http://push.example.com/x",
            "http://127.0.0.1:8080/push/abc",
        ] {
            assert_eq!(
                Endpoint::parse(refused, STRICT),
                Err(SubscriptionError::EndpointInsecure),
                "{refused}"
            );
        }
        for private in [
            "https://127.0.0.1/x",
            "https://localhost/x",
            "https://push.localhost/x",
            "https://printer.local/x",
            "https://metadata.google.internal/x",
            "https://intranet/x",
            "https://10.1.2.3/x",
            "https://172.16.0.1/x",
            "https://192.168.1.1/x",
            "https://169.254.169.254/latest",
            "https://100.64.0.1/x",
            "https://0.0.0.0/x",
            "https://[::1]/x",
            "https://[fd00::1]/x",
            "https://[fe80::1]/x",
            "https://[::ffff:127.0.0.1]/x",
        ] {
            assert_eq!(
                Endpoint::parse(private, STRICT),
                Err(SubscriptionError::EndpointPrivate),
                "{private}"
            );
            assert!(Endpoint::parse(private, LOCAL).is_ok(), "{private}");
        }
        for public in [
            "https://fcm.googleapis.com/fcm/send/x",
            "https://updates.push.services.mozilla.com/wpush/v2/x",
            "https://web.push.apple.com/x",
            "https://8.8.8.8/x",
            "https://[2001:4860::8888]/x",
        ] {
            assert!(Endpoint::parse(public, STRICT).is_ok(), "{public}");
        }
        let local = Endpoint::parse("http://127.0.0.1:4567/push/abc", LOCAL).expect("allowed");
        assert_eq!(local.origin(), "http://127.0.0.1:4567");
        assert_eq!(local.host(), "127.0.0.1");
    }

    #[test]
    fn a_message_carries_the_notification_and_fits_a_push() {
        let m = Message::new("New shift", "Mon 9:00", "n1".into(), "s1".into());
        let json: Value = serde_json::from_slice(&m.to_bytes()).expect("json");
        assert_eq!(
            json,
            json!({ "title": "New shift", "body": "Mon 9:00", "tag": "n1", "url": "/notifications", "store": "s1" })
        );

        // Texts that escape to six bytes a character still fit.
        let noisy = "\u{1}".repeat(5000);
        let m = Message::new(&noisy, &noisy, "n".into(), "s".into());
        assert!(m.to_bytes().len() <= PAYLOAD_MAX);
        assert!(m.title.ends_with('…'));
        let long = "é".repeat(3000);
        let m = Message::new("t", &long, "n".into(), "s".into());
        assert!(m.to_bytes().len() <= PAYLOAD_MAX);
        assert_eq!(m.body.chars().count(), BODY_MAX_CHARS);
    }

    #[test]
    fn the_vapid_key_round_trips_and_signs_a_token_for_the_endpoint_origin() {
        let key = VapidKey::generate(&mut rand::rngs::OsRng);
        let again = VapidKey::from_base64url(&key.to_base64url()).expect("round trip");
        assert_eq!(again.public_key(), key.public_key());
        let public = URL_SAFE_NO_PAD.decode(key.public_key()).expect("b64");
        assert_eq!(public.len(), 65);
        assert_eq!(public[0], 4);
        assert!(VapidKey::from_base64url("short").is_none());
        assert!(!format!("{key:?}").contains(&key.to_base64url()));

        let endpoint =
            Endpoint::parse("https://push.example.com:8443/send/abc", STRICT).expect("ok");
        let exp = chrono::Utc::now().timestamp() + 3600;
        let header = key
            .authorization(&endpoint, "mailto:ops@example.com", exp)
            .expect("signed");
        let rest = header.strip_prefix("vapid t=").expect("scheme");
        let (token, k) = rest.split_once(", k=").expect("two parts");
        assert_eq!(k, key.public_key());

        let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::ES256);
        validation.set_audience(&["https://push.example.com:8443"]);
        let decoding = jsonwebtoken::DecodingKey::from_ec_components(
            &URL_SAFE_NO_PAD.encode(&public[1..33]),
            &URL_SAFE_NO_PAD.encode(&public[33..]),
        )
        .expect("key");
        let claims = jsonwebtoken::decode::<VapidClaims>(token, &decoding, &validation)
            .expect("verifies")
            .claims;
        assert_eq!(claims.sub, "mailto:ops@example.com");
        assert_eq!(claims.exp, exp);

        // Another key's token does not verify.
        let other = VapidKey::generate(&mut rand::rngs::OsRng)
            .authorization(&endpoint, "mailto:ops@example.com", exp)
            .expect("signed");
        let other_token = other
            .strip_prefix("vapid t=")
            .and_then(|r| r.split_once(", k="))
            .expect("parts")
            .0;
        assert!(jsonwebtoken::decode::<VapidClaims>(other_token, &decoding, &validation).is_err());
    }

    #[test]
    fn names_resolving_into_private_networks_are_refused() {
        let strict = EndpointRules { allow_local: false };
        let public: IpAddr = "142.250.185.74".parse().expect("ip");
        assert_eq!(addresses_allowed(&[public], strict), Ok(()));
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.1.1",
            "172.16.0.9",
            "169.254.169.254",
            "224.0.0.1",
            "100.64.0.1",
            "::1",
            "fe80::1",
            "fd00::1",
            "ff02::1",
            "::ffff:10.0.0.1",
        ] {
            let ip: IpAddr = private.parse().expect("ip");
            // One bad address among good ones is enough to refuse.
            assert_eq!(
                addresses_allowed(&[public, ip], strict),
                Err(SubscriptionError::EndpointPrivate),
                "{private}"
            );
            assert_eq!(
                addresses_allowed(&[ip], EndpointRules { allow_local: true }),
                Ok(())
            );
        }
    }
}
