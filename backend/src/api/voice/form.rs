//! The assistant's form: the recorded command (`command`, a WAV file), the store
//! (`storeId`), or a typed command (`text`), or the confirmation of a proposed action
//! (`confirmation`).

use crate::domain::voice::wav;
use crate::error::{AppError, AppResult, ErrorKind};
use actix_multipart::Multipart;
use futures_util::StreamExt as _;

/// The longest typed command, in bytes.
pub const TEXT_MAX: usize = 500;
/// The longest other field (a confirmation token is a few hundred bytes).
const FIELD_MAX: usize = 4096;

/// What the form held.
#[derive(Debug, Default)]
pub struct VoiceForm {
    pub command: Option<Vec<u8>>,
    pub store: Option<String>,
    pub text: Option<String>,
    pub confirmation: Option<String>,
}

pub fn too_large() -> AppError {
    AppError::new(
        ErrorKind::PayloadTooLarge,
        wav::Refusal::TooLong.code(),
        wav::Refusal::TooLong.message(),
    )
}

/// Reads the form: the recording up to [`wav::BYTES_MAX`], the typed command up to
/// [`TEXT_MAX`], other fields up to a few kB; unknown fields are ignored.
pub async fn read(mut form: Multipart) -> AppResult<VoiceForm> {
    let mut out = VoiceForm::default();
    while let Some(field) = form.next().await {
        let mut field =
            field.map_err(|e| AppError::invalid(format!("Could not read the form: {e}")))?;
        let name = field.name().unwrap_or_default().to_string();
        let limit = match name.as_str() {
            "command" => wav::BYTES_MAX,
            "text" => TEXT_MAX,
            _ => FIELD_MAX,
        };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk =
                chunk.map_err(|e| AppError::invalid(format!("Could not read the form: {e}")))?;
            if bytes.len() + chunk.len() > limit {
                return Err(match name.as_str() {
                    "command" => too_large(),
                    _ => AppError::invalid(format!("{name} is too long.")),
                });
            }
            bytes.extend_from_slice(&chunk);
        }
        let text = || {
            String::from_utf8(bytes.clone())
                .map(|t| t.trim().to_string())
                .map_err(|_| AppError::invalid(format!("{name} must be UTF-8 text.")))
        };
        match name.as_str() {
            "command" if out.command.is_some() => {
                return Err(AppError::invalid("Send one command at a time."));
            }
            "command" => out.command = Some(bytes),
            "storeId" | "store" => out.store = Some(text()?),
            "text" => out.text = Some(text()?).filter(|t| !t.is_empty()),
            "confirmation" => out.confirmation = Some(text()?).filter(|t| !t.is_empty()),
            _ => {}
        }
    }
    Ok(out)
}
