//! A narration's Ogg Vorbis stream, encoded as its pieces arrive on a thread of its own
//! (libvorbis's encoder is not to move between threads), so that a long post is never held
//! whole as samples.

use std::num::{NonZeroU32, NonZeroU8};
use std::sync::mpsc::{channel, Sender};
use tokio::sync::oneshot;
use vorbis_rs::{VorbisBitrateManagementStrategy, VorbisEncoderBuilder};

/// Vorbis's quality, from -0.2 to 1: plenty for a voice (about 40 kbit/s at 22 kHz mono).
const QUALITY: f32 = 0.1;
/// Samples handed to the encoder at a time (libvorbis's documentation suggests 1024).
const BLOCK: usize = 1024;

/// Why no stream was made.
#[derive(Debug, thiserror::Error)]
pub enum OggError {
    #[error("the pieces' sample rates differ ({0} Hz, then {1} Hz)")]
    Rate(u32, u32),
    #[error("cannot encode the narration: {0}")]
    Encoder(String),
}

/// An Ogg Vorbis stream being written: mono, at the voice's sample rate.
pub struct OggWriter {
    rate: u32,
    samples: u64,
    blocks: Sender<Vec<f32>>,
    done: oneshot::Receiver<Result<Vec<u8>, OggError>>,
}

impl OggWriter {
    /// A stream of samples at `rate` Hz, its encoder started.
    pub fn start(rate: u32) -> Result<OggWriter, OggError> {
        let frequency = NonZeroU32::new(rate).ok_or(OggError::Rate(0, 0))?;
        let (blocks, incoming) = channel::<Vec<f32>>();
        let (finished, done) = oneshot::channel();
        std::thread::Builder::new()
            .name("narration-ogg".into())
            .spawn(move || {
                let encoded = (|| {
                    let mut encoder = VorbisEncoderBuilder::new_with_serial(
                        frequency,
                        NonZeroU8::MIN,
                        Vec::new(),
                        rand::random(),
                    )
                    .bitrate_management_strategy(VorbisBitrateManagementStrategy::QualityVbr {
                        target_quality: QUALITY,
                    })
                    .build()?;
                    // Until the writer is dropped or finished.
                    for samples in incoming {
                        for block in samples.chunks(BLOCK) {
                            encoder.encode_audio_block([block])?;
                        }
                    }
                    encoder.finish()
                })();
                let _ = finished.send(encoded.map_err(|e| OggError::Encoder(e.to_string())));
            })
            .map_err(|e| OggError::Encoder(e.to_string()))?;
        Ok(OggWriter {
            rate,
            samples: 0,
            blocks,
            done,
        })
    }

    /// Adds 16-bit little-endian samples at `rate` Hz.
    pub fn push(&mut self, pcm: &[u8], rate: u32) -> Result<(), OggError> {
        if rate != self.rate {
            return Err(OggError::Rate(self.rate, rate));
        }
        let samples: Vec<f32> = pcm
            .chunks_exact(2)
            .map(|s| f32::from(i16::from_le_bytes([s[0], s[1]])) / 32768.0)
            .collect();
        self.send(samples)
    }

    /// Adds `seconds` of silence.
    pub fn pause(&mut self, seconds: f64) -> Result<(), OggError> {
        let n = (seconds * f64::from(self.rate)).round() as usize;
        self.send(vec![0.0; n])
    }

    fn send(&mut self, samples: Vec<f32>) -> Result<(), OggError> {
        self.samples += samples.len() as u64;
        self.blocks
            .send(samples)
            .map_err(|_| OggError::Encoder("the encoder stopped".into()))
    }

    /// How long the stream plays, in seconds.
    pub fn seconds(&self) -> f64 {
        self.samples as f64 / f64::from(self.rate)
    }

    /// The finished stream.
    pub async fn finish(self) -> Result<Vec<u8>, OggError> {
        drop(self.blocks);
        self.done
            .await
            .map_err(|_| OggError::Encoder("the encoder stopped".into()))?
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tone(rate: u32, seconds: f64) -> Vec<u8> {
        let n = (f64::from(rate) * seconds) as usize;
        (0..n)
            .flat_map(|i| {
                let t = i as f64 / f64::from(rate);
                (((t * 440.0 * std::f64::consts::TAU).sin() * 8000.0) as i16).to_le_bytes()
            })
            .collect()
    }

    #[tokio::test]
    async fn pieces_and_pauses_make_one_ogg_stream_of_their_length() {
        let mut ogg = OggWriter::start(22_050).expect("encoder");
        ogg.push(&tone(22_050, 1.0), 22_050).expect("piece");
        ogg.pause(0.5).expect("pause");
        ogg.push(&tone(22_050, 1.0), 22_050).expect("piece");
        assert!((ogg.seconds() - 2.5).abs() < 1e-6);
        let bytes = ogg.finish().await.expect("stream");
        assert_eq!(&bytes[..4], b"OggS");
        // Decoded, it plays as long as what went in.
        let mut decoder =
            vorbis_rs::VorbisDecoder::new(std::io::Cursor::new(bytes)).expect("decoder");
        assert_eq!(decoder.sampling_frequency().get(), 22_050);
        let mut decoded = 0;
        while let Some(block) = decoder.decode_audio_block().expect("block") {
            decoded += block.samples()[0].len();
        }
        assert_eq!(decoded, 22_050 * 5 / 2);
    }

    #[tokio::test]
    async fn a_piece_at_another_rate_is_refused() {
        let mut ogg = OggWriter::start(22_050).expect("encoder");
        assert!(matches!(
            ogg.push(&tone(16_000, 0.1), 16_000),
            Err(OggError::Rate(22_050, 16_000))
        ));
    }
}
