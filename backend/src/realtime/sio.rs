//! Socket.IO v5 packets, carried in Engine.IO message packets:
//! `<type>[<attachments>-][<namespace>,][<ack id>][<JSON data>]`.

use serde_json::Value;
use std::fmt::Write as _;

/// The main namespace, the only one this server serves.
pub const MAIN_NAMESPACE: &str = "/";

/// The kind of a Socket.IO packet, encoded as its digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Connect,
    Disconnect,
    Event,
    Ack,
    ConnectError,
    BinaryEvent,
    BinaryAck,
}

impl Kind {
    fn digit(self) -> char {
        match self {
            Kind::Connect => '0',
            Kind::Disconnect => '1',
            Kind::Event => '2',
            Kind::Ack => '3',
            Kind::ConnectError => '4',
            Kind::BinaryEvent => '5',
            Kind::BinaryAck => '6',
        }
    }

    fn from_digit(c: u8) -> Option<Kind> {
        Some(match c {
            b'0' => Kind::Connect,
            b'1' => Kind::Disconnect,
            b'2' => Kind::Event,
            b'3' => Kind::Ack,
            b'4' => Kind::ConnectError,
            b'5' => Kind::BinaryEvent,
            b'6' => Kind::BinaryAck,
            _ => return None,
        })
    }
}

/// A Socket.IO packet.
#[derive(Debug, Clone, PartialEq)]
pub struct Packet {
    pub kind: Kind,
    pub namespace: String,
    pub ack_id: Option<u64>,
    pub data: Option<Value>,
}

/// Why a message is not a valid Socket.IO packet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseError {
    Empty,
    UnknownType,
    /// Binary attachments; the API speaks JSON only.
    Binary,
    BadAckId,
    BadJson,
    /// An EVENT whose data is not an array starting with the event name.
    BadEvent,
}

impl Packet {
    /// A packet of the main namespace.
    pub fn new(kind: Kind, ack_id: Option<u64>, data: Option<Value>) -> Packet {
        Packet {
            kind,
            namespace: MAIN_NAMESPACE.to_string(),
            ack_id,
            data,
        }
    }

    /// Parses the data of an Engine.IO message packet.
    pub fn parse(s: &str) -> Result<Packet, ParseError> {
        let bytes = s.as_bytes();
        let kind = Kind::from_digit(*bytes.first().ok_or(ParseError::Empty)?)
            .ok_or(ParseError::UnknownType)?;
        if matches!(kind, Kind::BinaryEvent | Kind::BinaryAck) {
            return Err(ParseError::Binary);
        }
        let mut rest = &s[1..];
        let namespace = if rest.starts_with('/') {
            let end = rest.find(',').unwrap_or(rest.len());
            let ns = &rest[..end];
            rest = rest.get(end + 1..).unwrap_or("");
            ns.to_string()
        } else {
            MAIN_NAMESPACE.to_string()
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let ack_id = if digits > 0 {
            let id = rest[..digits].parse().map_err(|_| ParseError::BadAckId)?;
            rest = &rest[digits..];
            Some(id)
        } else {
            None
        };
        let data: Option<Value> = if rest.is_empty() {
            None
        } else {
            Some(serde_json::from_str(rest).map_err(|_| ParseError::BadJson)?)
        };
        // The protocol's payloads: an array for EVENT and ACK, an object (or nothing) for
        // CONNECT, nothing for DISCONNECT, an object or a text for CONNECT_ERROR. Anything else
        // is no packet (a number right after an ack id would also read back as more digits).
        match (kind, &data) {
            (Kind::Event | Kind::Ack, Some(Value::Array(_)))
            | (Kind::Connect, None | Some(Value::Object(_)))
            | (Kind::Disconnect, None)
            | (Kind::ConnectError, Some(Value::Object(_) | Value::String(_))) => {}
            (Kind::Event | Kind::Ack, _) => return Err(ParseError::BadEvent),
            _ => return Err(ParseError::BadJson),
        }
        Ok(Packet {
            kind,
            namespace,
            ack_id,
            data,
        })
    }

    /// For an EVENT: its name and arguments.
    pub fn event(&self) -> Result<(&str, &[Value]), ParseError> {
        match &self.data {
            Some(Value::Array(items)) => match items.split_first() {
                Some((Value::String(name), args)) => Ok((name, args)),
                _ => Err(ParseError::BadEvent),
            },
            _ => Err(ParseError::BadEvent),
        }
    }

    /// Encodes the packet (without the Engine.IO type).
    pub fn encode(&self) -> String {
        let data = self.data.as_ref().map(Value::to_string);
        let mut s = String::with_capacity(
            1 + self.namespace.len() + 21 + data.as_ref().map_or(0, String::len),
        );
        s.push(self.kind.digit());
        if self.namespace != MAIN_NAMESPACE {
            s.push_str(&self.namespace);
            s.push(',');
        }
        if let Some(id) = self.ack_id {
            // Writing to a String cannot fail.
            let _ = write!(s, "{id}");
        }
        if let Some(data) = data {
            s.push_str(&data);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_and_acks_carry_arrays_and_connects_objects() {
        // Found by fuzzing: a number after an ack id parsed, and encoded back as more digits.
        assert_eq!(
            Packet::parse("29999\r99999999999999999999992999"),
            Err(ParseError::BadEvent)
        );
        assert_eq!(Packet::parse("3/admin,7{}"), Err(ParseError::BadEvent));
        assert_eq!(Packet::parse("0[1]"), Err(ParseError::BadJson));
        assert_eq!(Packet::parse("1 99999.999"), Err(ParseError::BadJson));
        assert!(Packet::parse("1").is_ok());
        assert!(Packet::parse("4\"refused\"").is_ok());
        assert!(Packet::parse("0").is_ok());
        assert!(Packet::parse("0{\"token\":\"t\"}").is_ok());
        assert!(Packet::parse("31[]").is_ok());
        let event = Packet::parse("21[\"call\",{}]").expect("event");
        assert!(Packet::parse(&event.encode()).is_ok());
    }
    use serde_json::json;

    #[test]
    fn a_connect_with_auth_parses() {
        let p = Packet::parse(r#"0{"token":"abc"}"#).expect("parses");
        assert_eq!(p.kind, Kind::Connect);
        assert_eq!(p.namespace, "/");
        assert_eq!(p.ack_id, None);
        assert_eq!(p.data, Some(json!({"token": "abc"})));
        let bare = Packet::parse("0").expect("parses");
        assert_eq!(bare.data, None);
    }

    #[test]
    fn namespaces_and_ack_ids_parse() {
        let p = Packet::parse(r#"2/admin,12["join",{"storeId":"s"}]"#).expect("parses");
        assert_eq!(p.kind, Kind::Event);
        assert_eq!(p.namespace, "/admin");
        assert_eq!(p.ack_id, Some(12));
        let (name, args) = p.event().expect("event");
        assert_eq!(name, "join");
        assert_eq!(args, &[json!({"storeId": "s"})]);

        let p = Packet::parse("0/admin,").expect("parses");
        assert_eq!(p.namespace, "/admin");
        assert_eq!(p.data, None);

        let p = Packet::parse("1/admin").expect("parses");
        assert_eq!(p.kind, Kind::Disconnect);
        assert_eq!(p.namespace, "/admin");

        let p = Packet::parse(r#"37["ok"]"#).expect("parses");
        assert_eq!(p.kind, Kind::Ack);
        assert_eq!(p.ack_id, Some(7));
    }

    #[test]
    fn bad_packets_are_refused() {
        assert_eq!(Packet::parse(""), Err(ParseError::Empty));
        assert_eq!(Packet::parse("9"), Err(ParseError::UnknownType));
        assert_eq!(
            Packet::parse(r#"51-["a",{"_placeholder":true,"num":0}]"#),
            Err(ParseError::Binary)
        );
        assert_eq!(Packet::parse("2[oops"), Err(ParseError::BadJson));
        assert_eq!(
            Packet::parse("299999999999999999999999[]"),
            Err(ParseError::BadAckId)
        );
        assert_eq!(Packet::parse(r#"2{"a":1}"#), Err(ParseError::BadEvent));
        let nameless = Packet::parse("2[1,2]").expect("parses");
        assert_eq!(nameless.event(), Err(ParseError::BadEvent));
    }

    #[test]
    fn packets_encode_with_namespace_and_ack_id() {
        let ack = Packet::new(Kind::Ack, Some(3), Some(json!([{"data": {"version": 4}}])));
        assert_eq!(ack.encode(), r#"33[{"data":{"version":4}}]"#);
        let err = Packet {
            kind: Kind::ConnectError,
            namespace: "/admin".into(),
            ack_id: None,
            data: Some(json!({"message": "Invalid namespace"})),
        };
        assert_eq!(err.encode(), r#"4/admin,{"message":"Invalid namespace"}"#);
        let event = Packet::new(Kind::Event, None, Some(json!(["change", {"v": 1}])));
        let round = Packet::parse(&event.encode()).expect("parses");
        assert_eq!(round, event);
        assert_eq!(Packet::new(Kind::Disconnect, None, None).encode(), "1");
    }
}
