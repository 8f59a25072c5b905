//! The recorded command: a WAV file of 16 kHz mono 16-bit PCM, as the web app records it with
//! the Web Audio API, so the server needs no audio decoder. Anything else is refused.

/// The sample rate a command is recorded at.
pub const RATE: u32 = 16_000;
/// The longest command, in seconds.
pub const SECONDS_MAX: u32 = 15;
/// The largest command file: 15 seconds of samples and a generous header.
pub const BYTES_MAX: usize = (RATE * 2 * SECONDS_MAX) as usize + 4096;

/// Why a recording is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not a WAV file of 16 kHz mono 16-bit PCM.
    Format,
    TooLong,
    Empty,
}

impl Refusal {
    pub fn code(self) -> &'static str {
        match self {
            Refusal::Format => "audio_format",
            Refusal::TooLong => "audio_too_long",
            Refusal::Empty => "audio_empty",
        }
    }

    pub fn message(self) -> &'static str {
        match self {
            Refusal::Format => "The command must be a WAV recording of 16 kHz mono 16-bit PCM.",
            Refusal::TooLong => "A command can be at most 15 seconds long.",
            Refusal::Empty => "The recording is empty.",
        }
    }
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// Mono 16-bit PCM samples (little-endian bytes) at their sample rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pcm<'a> {
    pub rate: u32,
    pub data: &'a [u8],
}

/// The samples of a WAV file of mono 16-bit PCM at any rate (the speech worker's voices speak
/// at their own); anything else is [`Refusal::Format`].
pub fn mono16(file: &[u8]) -> Result<Pcm<'_>, Refusal> {
    if file.len() < 12 || &file[0..4] != b"RIFF" || &file[8..12] != b"WAVE" {
        return Err(Refusal::Format);
    }
    let mut at = 12;
    let mut rate = None;
    while at + 8 <= file.len() {
        let id = &file[at..at + 4];
        let size = u32_at(file, at + 4).ok_or(Refusal::Format)? as usize;
        let body = at + 8;
        match (id, rate) {
            (b"fmt ", _) => {
                let pcm = u16_at(file, body) == Some(1);
                let mono = u16_at(file, body + 2) == Some(1);
                let bits = u16_at(file, body + 14) == Some(16);
                rate = u32_at(file, body + 4).filter(|r| pcm && mono && bits && *r > 0);
                if rate.is_none() {
                    return Err(Refusal::Format);
                }
            }
            (b"data", Some(rate)) => {
                // A recorder that streams may leave the size unknown (0 or too large): the
                // samples then run to the end of the file.
                let end = match body.checked_add(size) {
                    Some(end) if size > 0 && end <= file.len() => end,
                    _ => file.len(),
                };
                let data = &file[body..end - (end - body) % 2];
                return Ok(Pcm { rate, data });
            }
            (b"data", None) => return Err(Refusal::Format),
            _ => {}
        }
        // Chunks are padded to an even size.
        at = body.saturating_add(size + size % 2);
    }
    Err(Refusal::Format)
}

/// The PCM samples of a recorded command (little-endian bytes), checked to be 16 kHz mono
/// 16-bit and at most [`SECONDS_MAX`] long.
pub fn samples(file: &[u8]) -> Result<&[u8], Refusal> {
    let pcm = mono16(file)?;
    if pcm.rate != RATE {
        return Err(Refusal::Format);
    }
    if pcm.data.len() > (RATE * 2 * SECONDS_MAX) as usize {
        return Err(Refusal::TooLong);
    }
    if pcm.data.is_empty() {
        return Err(Refusal::Empty);
    }
    Ok(pcm.data)
}

/// A WAV file of 16 kHz mono 16-bit samples (for tests and the benchmark's recordings).
pub fn encode(samples: &[i16]) -> Vec<u8> {
    let data = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + samples.len() * 2);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes());
    out.extend_from_slice(&2u16.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_16k_mono_recording_gives_its_samples() {
        let file = encode(&[1, -1, 300]);
        assert_eq!(samples(&file), Ok(&file[44..]));
    }

    #[test]
    fn a_voice_s_own_rate_is_read() {
        let mut file = encode(&[5, 6]);
        file[24..28].copy_from_slice(&22_050u32.to_le_bytes());
        assert_eq!(
            mono16(&file),
            Ok(Pcm {
                rate: 22_050,
                data: &file[44..]
            })
        );
        assert_eq!(samples(&file), Err(Refusal::Format));
    }

    #[test]
    fn a_streamed_size_runs_to_the_end() {
        let mut file = encode(&[1, 2, 3, 4]);
        file[40..44].copy_from_slice(&u32::MAX.to_le_bytes());
        assert_eq!(samples(&file).map(<[u8]>::len), Ok(8));
    }

    #[test]
    fn other_formats_and_lengths_are_refused() {
        assert_eq!(samples(b"not a wav"), Err(Refusal::Format));
        let mut stereo = encode(&[1, 2]);
        stereo[22] = 2;
        assert_eq!(samples(&stereo), Err(Refusal::Format));
        let mut rate = encode(&[1, 2]);
        rate[24..28].copy_from_slice(&44_100u32.to_le_bytes());
        assert_eq!(samples(&rate), Err(Refusal::Format));
        let mut float = encode(&[1, 2]);
        float[20] = 3;
        assert_eq!(samples(&float), Err(Refusal::Format));
        assert_eq!(samples(&encode(&[])), Err(Refusal::Empty));
        let long = vec![0i16; (RATE * SECONDS_MAX) as usize + 1];
        assert_eq!(samples(&encode(&long)), Err(Refusal::TooLong));
        let exact = vec![0i16; (RATE * SECONDS_MAX) as usize];
        assert!(samples(&encode(&exact)).is_ok());
        // A truncated header never panics.
        let file = encode(&[1, 2, 3]);
        for n in 0..file.len() {
            let _ = samples(&file[..n]);
        }
    }
}
