//! Engine.IO v4 packets: one character of type, then the data. Over HTTP long-polling several
//! packets travel in one body, separated by the record separator (`\x1e`).

/// Separates packets in a long-polling body.
pub const SEPARATOR: char = '\x1e';

/// The kind of an Engine.IO packet, encoded as its digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PacketType {
    Open,
    Close,
    Ping,
    Pong,
    Message,
    Upgrade,
    Noop,
}

impl PacketType {
    pub fn digit(self) -> char {
        match self {
            PacketType::Open => '0',
            PacketType::Close => '1',
            PacketType::Ping => '2',
            PacketType::Pong => '3',
            PacketType::Message => '4',
            PacketType::Upgrade => '5',
            PacketType::Noop => '6',
        }
    }

    fn from_digit(c: u8) -> Option<PacketType> {
        Some(match c {
            b'0' => PacketType::Open,
            b'1' => PacketType::Close,
            b'2' => PacketType::Ping,
            b'3' => PacketType::Pong,
            b'4' => PacketType::Message,
            b'5' => PacketType::Upgrade,
            b'6' => PacketType::Noop,
            _ => return None,
        })
    }
}

/// A decoded text packet, borrowing its data from the frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Packet<'a> {
    pub kind: PacketType,
    pub data: &'a str,
}

/// Why a frame is not a packet this server accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecodeError {
    Empty,
    UnknownType,
    /// Base64 binary (`b...`); the API speaks JSON only.
    Binary,
}

/// Decodes one text packet.
pub fn decode(frame: &str) -> Result<Packet<'_>, DecodeError> {
    let first = *frame.as_bytes().first().ok_or(DecodeError::Empty)?;
    if first == b'b' {
        return Err(DecodeError::Binary);
    }
    let kind = PacketType::from_digit(first).ok_or(DecodeError::UnknownType)?;
    // The type is one ASCII byte, so index 1 is a character boundary.
    Ok(Packet {
        kind,
        data: &frame[1..],
    })
}

/// Encodes one packet.
pub fn encode(kind: PacketType, data: &str) -> String {
    let mut s = String::with_capacity(1 + data.len());
    s.push(kind.digit());
    s.push_str(data);
    s
}

/// Splits a long-polling body into its packets.
pub fn split_payload(body: &str) -> impl Iterator<Item = &str> {
    body.split(SEPARATOR)
}

/// Joins encoded packets into one long-polling body.
pub fn join_payload<S: AsRef<str>>(packets: &[S]) -> String {
    let len = packets.iter().map(|p| p.as_ref().len() + 1).sum();
    let mut body = String::with_capacity(len);
    for (i, p) in packets.iter().enumerate() {
        if i > 0 {
            body.push(SEPARATOR);
        }
        body.push_str(p.as_ref());
    }
    body
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packets_round_trip_through_their_digit() {
        for kind in [
            PacketType::Open,
            PacketType::Close,
            PacketType::Ping,
            PacketType::Pong,
            PacketType::Message,
            PacketType::Upgrade,
            PacketType::Noop,
        ] {
            let encoded = encode(kind, "probe");
            assert_eq!(
                decode(&encoded),
                Ok(Packet {
                    kind,
                    data: "probe"
                })
            );
        }
        assert_eq!(encode(PacketType::Message, "hello"), "4hello");
    }

    #[test]
    fn empty_unknown_and_binary_frames_are_refused() {
        assert_eq!(decode(""), Err(DecodeError::Empty));
        assert_eq!(decode("9x"), Err(DecodeError::UnknownType));
        assert_eq!(decode("x"), Err(DecodeError::UnknownType));
        assert_eq!(decode("bAQID"), Err(DecodeError::Binary));
    }

    #[test]
    fn a_packet_of_multibyte_text_keeps_its_data() {
        let p = decode("4€€€").expect("decodes");
        assert_eq!(p.data, "€€€");
    }

    #[test]
    fn payloads_join_and_split_on_the_record_separator() {
        let body = join_payload(&["4hello", "4€€€", "2"]);
        assert_eq!(body, "4hello\u{1e}4€€€\u{1e}2");
        let parts: Vec<&str> = split_payload(&body).collect();
        assert_eq!(parts, vec!["4hello", "4€€€", "2"]);
        assert_eq!(join_payload::<&str>(&[]), "");
        assert_eq!(split_payload("6").collect::<Vec<_>>(), vec!["6"]);
    }
}
