//! The worker's wire: every message, both ways, is a JSON header and a binary body, each
//! preceded by its length as a 4-byte big-endian integer.

use serde_json::Value;
use std::io::{self, Read, Write};

/// The largest frame either side sends (a 15-second command is under 500 kB; a long answer
/// spoken is a few MB).
pub const FRAME_MAX: usize = 16 * 1024 * 1024;

/// Writes one message.
pub fn write_message(out: &mut impl Write, header: &Value, body: &[u8]) -> io::Result<()> {
    let head = serde_json::to_vec(header)?;
    let mut frame = Vec::with_capacity(8 + head.len() + body.len());
    for part in [&head[..], body] {
        let len = u32::try_from(part.len())
            .ok()
            .filter(|n| *n as usize <= FRAME_MAX)
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "frame too large"))?;
        frame.extend_from_slice(&len.to_be_bytes());
        frame.extend_from_slice(part);
    }
    out.write_all(&frame)?;
    out.flush()
}

fn read_frame(input: &mut impl Read) -> io::Result<Vec<u8>> {
    let mut len = [0u8; 4];
    input.read_exact(&mut len)?;
    let len = u32::from_be_bytes(len) as usize;
    if len > FRAME_MAX {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            "frame too large",
        ));
    }
    let mut buf = vec![0u8; len];
    input.read_exact(&mut buf)?;
    Ok(buf)
}

/// Reads one message.
pub fn read_message(input: &mut impl Read) -> io::Result<(Value, Vec<u8>)> {
    let head = read_frame(input)?;
    let header = serde_json::from_slice(&head)?;
    let body = read_frame(input)?;
    Ok((header, body))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_message_reads_back_as_written() {
        let mut wire = Vec::new();
        write_message(&mut wire, &json!({"op": "ping"}), b"").expect("write");
        write_message(&mut wire, &json!({"op": "recognise"}), &[1, 2, 3]).expect("write");
        let mut input = &wire[..];
        assert_eq!(
            read_message(&mut input).expect("read"),
            (json!({"op": "ping"}), vec![])
        );
        assert_eq!(
            read_message(&mut input).expect("read"),
            (json!({"op": "recognise"}), vec![1, 2, 3])
        );
        assert!(read_message(&mut input).is_err(), "nothing more");
    }

    #[test]
    fn an_oversized_or_cut_frame_is_an_error() {
        let mut wire = Vec::new();
        wire.extend_from_slice(&(FRAME_MAX as u32 + 1).to_be_bytes());
        assert!(read_message(&mut &wire[..]).is_err());
        let mut cut = Vec::new();
        write_message(&mut cut, &json!({}), &[9; 10]).expect("write");
        cut.truncate(cut.len() - 1);
        assert!(read_message(&mut &cut[..]).is_err());
    }
}
