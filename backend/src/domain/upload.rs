//! The rules of uploaded files: how large, which types (read from the content, never from the
//! name), what a kept name may hold, how large a thumbnail is, and who reads a file.

use std::fmt;

/// The largest upload (the spec's 20 MB).
pub const MAX_BYTES: usize = 20 * 1024 * 1024;
/// A thumbnail's longest side (the spec: webp, 200 px, quality 50).
pub const THUMB_SIDE: u32 = 200;
/// A thumbnail's webp quality.
pub const THUMB_QUALITY: f32 = 50.0;
/// The widest or tallest image decoded (a larger one is refused, not resized: it would take
/// more memory than an upload should).
pub const IMAGE_SIDE_MAX: u32 = 12_000;
/// The longest kept file name.
pub const NAME_MAX: usize = 200;
/// Files one message carries.
pub const PER_MESSAGE: usize = 10;

/// What an upload is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// An attachment of a chat message in a store.
    Chat,
    /// A store's logo.
    Logo,
    /// A person's profile photo.
    Profile,
    /// The attachment of a support ticket: one JPEG picture or ZIP archive.
    Support,
    /// A blog post's cover picture, uploaded by an editor and shown to anyone.
    Cover,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Chat => "chat",
            Purpose::Logo => "logo",
            Purpose::Profile => "profile",
            Purpose::Support => "support",
            Purpose::Cover => "cover",
        }
    }

    pub fn parse(s: &str) -> Option<Purpose> {
        [
            Purpose::Chat,
            Purpose::Logo,
            Purpose::Profile,
            Purpose::Support,
            Purpose::Cover,
        ]
        .into_iter()
        .find(|p| p.as_str() == s)
    }

    /// Logos and profile photos are pictures; a chat takes documents too.
    pub fn takes_documents(self) -> bool {
        matches!(self, Purpose::Chat | Purpose::Support)
    }

    /// Whether this purpose takes a file of this type (a ticket's attachment is a JPEG
    /// picture or a ZIP archive, by its content), beside [`Purpose::takes_documents`].
    pub fn accepts(self, sniffed: &Sniffed) -> Result<(), Refusal> {
        match self {
            Purpose::Support if !matches!(sniffed.mime, "image/jpeg" | "application/zip") => {
                Err(Refusal::NotJpgOrZip)
            }
            Purpose::Support => Ok(()),
            _ if sniffed.kind != FileKind::Image && !self.takes_documents() => {
                Err(Refusal::NotImage)
            }
            _ => Ok(()),
        }
    }
}

/// Whether a file is shown as a picture or handed over as a document.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    Image,
    Document,
}

impl FileKind {
    pub fn as_str(self) -> &'static str {
        match self {
            FileKind::Image => "image",
            FileKind::Document => "document",
        }
    }

    pub fn parse(s: &str) -> Option<FileKind> {
        [FileKind::Image, FileKind::Document]
            .into_iter()
            .find(|k| k.as_str() == s)
    }
}

/// A file's type as read from its content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sniffed {
    pub kind: FileKind,
    pub mime: &'static str,
    pub extension: &'static str,
}

/// Why an upload is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    Empty,
    TooLarge,
    /// The content is of a type the product does not keep (markup, scripts, programs, or
    /// nothing it recognises), whatever the name says.
    Type,
    /// A logo or profile photo must be a picture.
    NotImage,
    /// The picture cannot be decoded, or is too large to.
    BadImage,
    /// A ticket's attachment must be a zip or a jpg.
    NotJpgOrZip,
}

impl Refusal {
    pub fn code(&self) -> &'static str {
        match self {
            Refusal::Empty => "file_empty",
            Refusal::TooLarge => "file_too_large",
            Refusal::Type => "file_type_not_allowed",
            Refusal::NotImage => "file_not_image",
            Refusal::BadImage => "image_unreadable",
            Refusal::NotJpgOrZip => "file_not_jpg_or_zip",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Empty => f.write_str("The file is empty."),
            Refusal::TooLarge => f.write_str("A file is at most 20 MB."),
            Refusal::Type => f.write_str(
                "This type of file is not accepted: send a picture (JPEG, PNG, GIF, WebP), a PDF, \
                 an office document, a ZIP archive or a plain text file.",
            ),
            Refusal::NotImage => f.write_str("Choose a picture (JPEG, PNG, GIF or WebP)."),
            Refusal::BadImage => f.write_str("The picture cannot be read."),
            Refusal::NotJpgOrZip => f.write_str("Attach one zip or jpg file."),
        }
    }
}

const IMAGES: [(&str, &str); 4] = [
    ("image/jpeg", "jpg"),
    ("image/png", "png"),
    ("image/gif", "gif"),
    ("image/webp", "webp"),
];

/// Documents kept, by the type their content shows. None of them is run by a browser, and
/// they are handed over as downloads.
const DOCUMENTS: [&str; 12] = [
    "application/pdf",
    "application/zip",
    "application/msword",
    "application/vnd.ms-excel",
    "application/vnd.ms-powerpoint",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    "application/vnd.oasis.opendocument.text",
    "application/vnd.oasis.opendocument.spreadsheet",
    "application/vnd.oasis.opendocument.presentation",
    "application/rtf",
];

/// The type of an upload, from its bytes. Plain text (which has no signature) is accepted
/// when the name says `.txt` or `.csv` and the content is UTF-8 without control characters
/// or markup; everything else must be recognised by its signature.
pub fn classify(content: &[u8], name: &str) -> Result<Sniffed, Refusal> {
    if content.is_empty() {
        return Err(Refusal::Empty);
    }
    if content.len() > MAX_BYTES {
        return Err(Refusal::TooLarge);
    }
    if let Some(found) = infer::get(content) {
        let mime = found.mime_type();
        if let Some((mime, extension)) = IMAGES.iter().find(|(m, _)| *m == mime) {
            return Ok(Sniffed {
                kind: FileKind::Image,
                mime,
                extension,
            });
        }
        if let Some(mime) = DOCUMENTS.iter().find(|m| **m == mime) {
            return Ok(Sniffed {
                kind: FileKind::Document,
                mime,
                extension: found.extension(),
            });
        }
        return Err(Refusal::Type);
    }
    let extension = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
    let (mime, extension) = match extension.as_deref() {
        Some("txt") => ("text/plain", "txt"),
        Some("csv") => ("text/csv", "csv"),
        _ => return Err(Refusal::Type),
    };
    if !plain_text(content) {
        return Err(Refusal::Type);
    }
    Ok(Sniffed {
        kind: FileKind::Document,
        mime,
        extension,
    })
}

/// UTF-8 with no control characters but line breaks and tabs, and not markup a browser
/// would render as a page (whatever type it is served with, nothing is kept that could be
/// mistaken for one).
fn plain_text(content: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(content) else {
        return false;
    };
    let clean = !text
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'));
    let head = text.trim_start_matches('\u{feff}').trim_start();
    let lower: String = head.chars().take(64).collect::<String>().to_lowercase();
    let markup = [
        "<!doctype",
        "<html",
        "<script",
        "<svg",
        "<?xml",
        "<head",
        "<body",
        "<iframe",
    ]
    .iter()
    .any(|tag| lower.starts_with(tag));
    clean && !markup
}

/// A name to keep for a file: the last part of what the browser sent, without control
/// characters or quotes, at most [`NAME_MAX`] characters; `file.<ext>` when nothing is left.
pub fn file_name(raw: &str, extension: &str) -> String {
    let last = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = last
        .chars()
        .filter(|c| !c.is_control() && !matches!(c, '"' | '\u{202e}' | '\u{202d}'))
        .collect();
    let trimmed = cleaned.trim().trim_start_matches('.').trim();
    if trimmed.is_empty() {
        return format!("file.{extension}");
    }
    let mut name: String = trimmed.chars().take(NAME_MAX).collect();
    if name.len() < trimmed.len() {
        // Keep the extension visible on a shortened name.
        let suffix = format!(".{extension}");
        let keep = NAME_MAX.saturating_sub(suffix.chars().count());
        name = trimmed.chars().take(keep).collect::<String>() + &suffix;
    }
    name
}

/// A thumbnail's size: the picture scaled so its longest side is at most [`THUMB_SIDE`],
/// never enlarged, at least 1 px each way.
pub fn thumbnail_size(width: u32, height: u32) -> (u32, u32) {
    scaled_size(width, height, THUMB_SIDE)
}

/// The picture's size scaled so its longest side is at most `most`, never enlarged, at least
/// 1 px each way.
pub fn scaled_size(width: u32, height: u32, most: u32) -> (u32, u32) {
    let longest = width.max(height).max(1);
    if longest <= most {
        return (width.max(1), height.max(1));
    }
    let scale = |side: u32| -> u32 {
        let scaled =
            (u64::from(side) * u64::from(most) + u64::from(longest) / 2) / u64::from(longest);
        u32::try_from(scaled).unwrap_or(most).max(1)
    };
    (scale(width), scale(height))
}

/// A cover's resized copy (its "thumbnail"): the longest side a post's page and link
/// previews need, at a quality a phone's connection carries quickly.
pub const COVER_SIDE: u32 = 1200;
pub const COVER_QUALITY: f32 = 70.0;
/// A cover's phone-sized copy: a phone's screen at twice its pixels (390 px wide, 2 dots a
/// pixel, less the page's margins) takes it rather than the large one.
pub const COVER_SMALL_SIDE: u32 = 800;

/// The storage key of a cover's phone-sized copy (beside its thumbnail, from the same
/// content's hash).
pub fn cover_small_key(user: uuid::Uuid, sha256: &str) -> String {
    format!("users/{user}/{sha256}.{COVER_SMALL_SIDE}.webp")
}

impl Purpose {
    /// The longest side and the webp quality of a picture's resized copy.
    pub fn resized(self) -> (u32, f32) {
        match self {
            Purpose::Cover => (COVER_SIDE, COVER_QUALITY),
            _ => (THUMB_SIDE, THUMB_QUALITY),
        }
    }
}

/// Who may read a file, once its store membership is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// The person who uploaded it.
    Uploader,
    /// A current member of the file's store who reads a conversation where a message carries
    /// it.
    InConversation,
    /// Support staff (a ticket's attachment).
    Support,
    /// Anyone else.
    Other,
}

/// Whether a reader may download a file. Logos and profile photos are shown wherever their
/// store or person is, so their unguessable address is enough; a chat attachment is read by
/// its uploader and by the readers of a conversation it was sent in, and only while they are
/// members of its store (the caller checks membership before asking).
pub fn may_read(purpose: Purpose, reader: Reader) -> bool {
    match purpose {
        Purpose::Logo | Purpose::Profile | Purpose::Cover => true,
        Purpose::Chat => matches!(reader, Reader::Uploader | Reader::InConversation),
        Purpose::Support => matches!(reader, Reader::Uploader | Reader::Support),
    }
}

/// The storage key of a file: its uploader's folder, its content's hash, its extension.
pub fn key(user: uuid::Uuid, sha256: &str, extension: &str) -> String {
    format!("users/{user}/{sha256}.{extension}")
}

/// The storage key of a file's thumbnail.
pub fn thumbnail_key(user: uuid::Uuid, sha256: &str) -> String {
    format!("users/{user}/{sha256}.thumb.webp")
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = &[
        0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, b'I', b'H', b'D', b'R',
    ];
    const JPEG: &[u8] = &[0xff, 0xd8, 0xff, 0xe0, 0, 0x10, b'J', b'F', b'I', b'F', 0];

    #[test]
    fn the_content_decides_the_type_not_the_name() {
        let png = classify(PNG, "holiday.jpg").expect("png");
        assert_eq!(
            (png.kind, png.mime, png.extension),
            (FileKind::Image, "image/png", "png")
        );
        let jpeg = classify(JPEG, "noname").expect("jpeg");
        assert_eq!(jpeg.mime, "image/jpeg");
        let page = b"<!DOCTYPE html><html><script>alert(1)</script></html>";
        assert_eq!(classify(page, "photo.jpg"), Err(Refusal::Type));
        assert_eq!(classify(page, "notes.txt"), Err(Refusal::Type));
        assert_eq!(classify(b"  <svg onload=x>", "a.txt"), Err(Refusal::Type));
        assert_eq!(
            classify(b"MZ\x90\x00\x03\x00\x00\x00", "a.pdf"),
            Err(Refusal::Type)
        );
    }

    #[test]
    fn documents_and_plain_text() {
        let pdf = classify(b"%PDF-1.7\n%\xe2\xe3\n1 0 obj", "rota").expect("pdf");
        assert_eq!(
            (pdf.kind, pdf.mime, pdf.extension),
            (FileKind::Document, "application/pdf", "pdf")
        );
        let csv = classify("name;hours\nAda;8\n".as_bytes(), "Hours.CSV").expect("csv");
        assert_eq!((csv.mime, csv.extension), ("text/csv", "csv"));
        assert_eq!(
            classify(b"plain words", "words.txt").map(|s| s.mime),
            Ok("text/plain")
        );
        assert_eq!(classify(b"plain words", "words"), Err(Refusal::Type));
        assert_eq!(classify(b"bell\x07", "a.txt"), Err(Refusal::Type));
        assert_eq!(classify(b"\xff\xfe\x00", "a.txt"), Err(Refusal::Type));
        assert_eq!(classify(b"", "a.txt"), Err(Refusal::Empty));
    }

    #[test]
    fn at_most_twenty_megabytes() {
        let mut big = PNG.to_vec();
        big.resize(MAX_BYTES, 0);
        assert!(classify(&big, "big.png").is_ok());
        big.push(0);
        assert_eq!(classify(&big, "big.png"), Err(Refusal::TooLarge));
        assert_eq!(Refusal::TooLarge.to_string(), "A file is at most 20 MB.");
    }

    #[test]
    fn kept_names() {
        assert_eq!(
            file_name("C:\\Users\\ada\\Rota May.pdf", "pdf"),
            "Rota May.pdf"
        );
        assert_eq!(file_name("../../etc/passwd", "txt"), "passwd");
        assert_eq!(
            file_name("\"quoted\"\u{202e}fdp.exe", "pdf"),
            "quotedfdp.exe"
        );
        assert_eq!(file_name(" .. ", "png"), "file.png");
        assert_eq!(file_name(".hidden", "txt"), "hidden");
        let long = format!("{}.pdf", "a".repeat(300));
        let kept = file_name(&long, "pdf");
        assert_eq!(kept.chars().count(), NAME_MAX);
        assert!(kept.ends_with(".pdf"));
    }

    #[test]
    fn thumbnails_fit_in_two_hundred_pixels() {
        assert_eq!(thumbnail_size(4000, 3000), (200, 150));
        assert_eq!(thumbnail_size(300, 1200), (50, 200));
        assert_eq!(thumbnail_size(120, 80), (120, 80));
        assert_eq!(thumbnail_size(10_000, 1), (200, 1));
        assert_eq!(thumbnail_size(0, 0), (1, 1));
    }

    #[test]
    fn who_reads_a_file() {
        assert!(may_read(Purpose::Chat, Reader::Uploader));
        assert!(may_read(Purpose::Chat, Reader::InConversation));
        assert!(!may_read(Purpose::Chat, Reader::Other));
        assert!(may_read(Purpose::Logo, Reader::Other));
        assert!(may_read(Purpose::Profile, Reader::Other));
        assert_eq!(Purpose::parse("logo"), Some(Purpose::Logo));
        assert_eq!(Purpose::parse("x"), None);
        assert!(Purpose::Chat.takes_documents() && !Purpose::Profile.takes_documents());
        assert!(may_read(Purpose::Support, Reader::Uploader));
        assert!(may_read(Purpose::Support, Reader::Support));
        assert!(!may_read(Purpose::Support, Reader::Other));
        assert!(!may_read(Purpose::Support, Reader::InConversation));
    }

    #[test]
    fn a_tickets_attachment_is_a_jpg_or_a_zip() {
        let zip = classify(b"PK\x03\x04\x14\x00\x00\x00\x08\x00", "logs.zip").expect("zip");
        assert_eq!(Purpose::Support.accepts(&zip), Ok(()));
        let jpeg = classify(JPEG, "shot.jpg").expect("jpeg");
        assert_eq!(Purpose::Support.accepts(&jpeg), Ok(()));
        let png = classify(PNG, "shot.jpg").expect("png");
        assert_eq!(Purpose::Support.accepts(&png), Err(Refusal::NotJpgOrZip));
        let pdf = classify(b"%PDF-1.7\n", "a.pdf").expect("pdf");
        assert_eq!(Purpose::Support.accepts(&pdf), Err(Refusal::NotJpgOrZip));
        assert_eq!(Purpose::Profile.accepts(&pdf), Err(Refusal::NotImage));
        assert_eq!(Purpose::Chat.accepts(&pdf), Ok(()));
    }

    #[test]
    fn files_live_in_their_uploaders_folder() {
        let user = uuid::Uuid::from_u128(7);
        assert_eq!(
            key(user, "ab12", "png"),
            "users/00000000-0000-0000-0000-000000000007/ab12.png"
        );
        assert!(thumbnail_key(user, "ab12").ends_with("/ab12.thumb.webp"));
    }
}
