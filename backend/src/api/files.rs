//! Uploads and downloads. `POST /api/v1/files` takes one file (multipart), reads its type
//! from its content, keeps it in its uploader's folder of the upload storage under its hash,
//! and makes a webp thumbnail of a picture. `GET /api/v1/files/{id}` (and `/thumbnail`) hands
//! it back to those who may read it, with headers that keep a browser from running it.

use crate::calls::guard::SignedIn;
use crate::calls::AppState;
use crate::db::models::chat::Conversation;
use crate::db::models::file::StoredFile;
use crate::domain::chat;
use crate::domain::ids::{FileId, StoreId, UserId};
use crate::domain::upload::{self, FileKind, Purpose, Reader, Refusal};
use crate::error::{AppError, AppResult, ErrorKind};
use crate::files::storage::StorageError;
use crate::store::chat::{file_url, thumbnail_url, Attachment};
use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

/// Mounts the file routes (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/files", web::post().to(upload))
        .route("/files/{fileId}", web::get().to(download))
        .route(
            "/files/{fileId}/thumbnail",
            web::get().to(download_thumbnail),
        )
        .route("/files/{fileId}/small", web::get().to(download_small));
}

/// Room for the multipart framing and the small fields around the file.
const FORM_OVERHEAD: usize = 64 * 1024;
/// The longest text field of the form.
const FIELD_MAX: usize = 64;

/// An uploaded file, as its uploader gets it back: what a message carries of it, and where
/// it is downloaded.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileView {
    #[serde(flatten)]
    pub file: Attachment,
    /// Where it is downloaded.
    pub url: String,
    /// A picture's thumbnail (webp, at most 200 px).
    #[schema(required = true)]
    pub thumbnail_url: Option<String>,
}

impl From<&StoredFile> for FileView {
    fn from(f: &StoredFile) -> Self {
        FileView {
            file: Attachment::from(f),
            url: file_url(f.id),
            thumbnail_url: f.thumbnail_key.as_ref().map(|_| thumbnail_url(f.id)),
        }
    }
}

impl From<&StoredFile> for Attachment {
    fn from(f: &StoredFile) -> Self {
        Attachment {
            id: f.id,
            kind: f.kind,
            name: f.name.clone(),
            mime: f.mime.clone(),
            size: f.size,
            width: f.width,
            height: f.height,
        }
    }
}

/// The upload form, as documented.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    /// The file, at most 20 MB: a picture (JPEG, PNG, GIF, WebP), a PDF, an office document,
    /// a ZIP archive, or a `.txt` / `.csv` text.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// chat (the default), logo, profile, support or cover. Logos, profile photos and covers
    /// must be pictures; a support ticket's attachment a JPEG picture or a ZIP archive; a
    /// blog post's cover is uploaded by the blog's editors, and resized to at most 1200 px.
    #[schema(pattern = "^(chat|logo|profile|support|cover)$")]
    purpose: Option<String>,
    /// The store a chat attachment is for (required for chat). The form's field is
    /// `storeId`, as the server reads it.
    #[serde(rename = "storeId")]
    #[schema(value_type = Option<String>, format = Uuid)]
    store_id: Option<String>,
}

fn refused(e: Refusal) -> AppError {
    match e {
        Refusal::TooLarge => AppError::new(ErrorKind::PayloadTooLarge, e.code(), e.to_string()),
        _ => AppError::bad_request(e.code(), e.to_string()),
    }
}

fn storage_failed(e: StorageError) -> AppError {
    match e {
        StorageError::Missing => file_not_found(),
        StorageError::Failed(cause) => AppError::internal(cause),
    }
}

pub fn file_not_found() -> AppError {
    AppError::not_found("file_not_found", "File not found.")
}

/// What an upload form held: one file with its name, and the short text fields the calls read.
#[derive(Default)]
pub(crate) struct Form {
    pub file: Option<(String, Vec<u8>)>,
    pub purpose: Option<String>,
    pub store: Option<String>,
}

/// Reads a multipart upload form: the file up to `file_max` bytes (else `too_large`), other
/// fields up to `FIELD_MAX`; a second file is refused, unknown fields are ignored.
pub(crate) async fn read_form(
    mut form: Multipart,
    file_max: usize,
    too_large: fn() -> AppError,
) -> AppResult<Form> {
    let mut out = Form::default();
    while let Some(field) = form.next().await {
        let mut field =
            field.map_err(|e| AppError::invalid(format!("Could not read the form: {e}")))?;
        let name = field.name().unwrap_or_default().to_string();
        let filename = field
            .content_disposition()
            .and_then(|d| d.get_filename())
            .unwrap_or_default()
            .to_string();
        let limit = if name == "file" { file_max } else { FIELD_MAX };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.next().await {
            let chunk =
                chunk.map_err(|e| AppError::invalid(format!("Could not read the form: {e}")))?;
            if bytes.len() + chunk.len() > limit {
                return Err(if name == "file" {
                    too_large()
                } else {
                    AppError::invalid(format!("{name} is too long."))
                });
            }
            bytes.extend_from_slice(&chunk);
        }
        let text = || String::from_utf8_lossy(&bytes).trim().to_string();
        match name.as_str() {
            "file" if out.file.is_some() => {
                return Err(AppError::invalid("Send one file at a time."));
            }
            "file" => out.file = Some((filename, bytes)),
            "purpose" => out.purpose = Some(text()),
            "storeId" | "store" => out.store = Some(text()),
            // Other fields are ignored, as unknown JSON fields are.
            _ => {}
        }
    }
    Ok(out)
}

/// `POST /api/v1/files`: uploads one file (multipart form: `file`, `purpose`, `storeId`).
#[utoipa::path(
    post,
    path = "/api/v1/files",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": File}`", body = FileView),
        (status = 400, description = "Not a form, no file, a type that is not accepted (`file_type_not_allowed`; `file_not_image` for a logo or photo; `file_not_jpg_or_zip` for a ticket), an unreadable picture", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member of the store; a cover, not a blog editor", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
        (status = 413, description = "Larger than 20 MB", body = crate::error::ErrorBody),
    )
)]
pub async fn upload(
    state: web::Data<AppState>,
    user: SignedIn,
    req: HttpRequest,
    form: Multipart,
) -> AppResult<HttpResponse> {
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<usize>().ok());
    if declared.is_some_and(|n| n > upload::MAX_BYTES + FORM_OVERHEAD) {
        return Err(refused(Refusal::TooLarge));
    }
    let form = read_form(form, upload::MAX_BYTES, || refused(Refusal::TooLarge)).await?;
    let purpose = match form.purpose.as_deref() {
        None | Some("") => Purpose::Chat,
        Some(p) => Purpose::parse(p).ok_or_else(|| {
            AppError::invalid("purpose must be chat, logo, profile, support or cover.")
        })?,
    };
    if purpose == Purpose::Cover && !crate::api::blog::is_editor(&state, user.0).await? {
        return Err(crate::api::blog::not_editor());
    }
    let store: Option<StoreId> = match (purpose, form.store.as_deref()) {
        (Purpose::Chat, None | Some("")) => {
            return Err(AppError::invalid("storeId is required for a chat file."));
        }
        (_, None | Some("")) => None,
        (_, Some(raw)) => {
            let member = crate::api::stores::member(&state, user, raw, "uploadFile").await?;
            Some(member.store_id())
        }
    };
    let (raw_name, content) = form
        .file
        .ok_or_else(|| AppError::invalid("file is required."))?;
    let stored = keep(&state, user.0, store, purpose, &raw_name, content).await?;
    Ok(crate::api::envelope::ok(FileView::from(&stored)))
}

/// Classifies, stores and records one upload.
async fn keep(
    state: &AppState,
    user: UserId,
    store: Option<StoreId>,
    purpose: Purpose,
    raw_name: &str,
    content: Vec<u8>,
) -> AppResult<StoredFile> {
    let sniffed = match upload::classify(&content, raw_name) {
        // A ticket takes a jpg or a zip only: say so, rather than list what a chat takes.
        Err(Refusal::Type) if purpose == Purpose::Support => Err(Refusal::NotJpgOrZip),
        other => other,
    }
    .map_err(refused)?;
    purpose.accepts(&sniffed).map_err(refused)?;
    let content = bytes::Bytes::from(content);
    let hash = hex(&Sha256::digest(&content));
    let thumb = if sniffed.kind == FileKind::Image {
        let picture = content.clone();
        let (side, quality) = purpose.resized();
        let made = web::block(move || crate::files::thumbnail::make_sized(&picture, side, quality))
            .await
            .map_err(AppError::internal)?
            .map_err(refused)?;
        Some(made)
    } else {
        None
    };
    let key = upload::key(user.0, &hash, sniffed.extension);
    state
        .files
        .put(&key, content.clone())
        .await
        .map_err(storage_failed)?;
    let thumbnail_key = match &thumb {
        Some(t) => {
            let key = upload::thumbnail_key(user.0, &hash);
            state
                .files
                .put(&key, bytes::Bytes::from(t.webp.clone()))
                .await
                .map_err(storage_failed)?;
            Some(key)
        }
        None => None,
    };
    // A cover also gets a copy sized for a phone's screen, which its pages offer beside the
    // large one.
    if purpose == Purpose::Cover {
        let picture = content.clone();
        let small = web::block(move || {
            crate::files::thumbnail::make_sized(
                &picture,
                upload::COVER_SMALL_SIDE,
                upload::COVER_QUALITY,
            )
        })
        .await
        .map_err(AppError::internal)?
        .map_err(refused)?;
        state
            .files
            .put(
                &upload::cover_small_key(user.0, &hash),
                bytes::Bytes::from(small.webp),
            )
            .await
            .map_err(storage_failed)?;
    }
    let side = |v: u32| i32::try_from(v).ok();
    let row = StoredFile {
        id: FileId::new(),
        user_id: user,
        store_id: store,
        purpose,
        kind: sniffed.kind,
        mime: sniffed.mime.into(),
        name: upload::file_name(raw_name, sniffed.extension),
        size: i64::try_from(content.len()).unwrap_or(i64::MAX),
        sha256: hash,
        key,
        thumbnail_key,
        width: thumb.as_ref().and_then(|t| side(t.width)),
        height: thumb.as_ref().and_then(|t| side(t.height)),
        created_at: chrono::Utc::now(),
    };
    let inserted = row.clone();
    state.db.run(move |conn| Ok(inserted.insert(conn)?)).await?;
    Ok(row)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `GET /api/v1/files/{fileId}`: a file, for those who may read it.
#[utoipa::path(
    get,
    path = "/api/v1/files/{fileId}",
    params(("fileId" = uuid::Uuid, Path, description = "File id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The file: a picture inline, anything else as a download", content_type = "application/octet-stream"),
        (status = 401, description = "A chat file, not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member of the file's store", body = crate::error::ErrorBody),
        (status = 404, description = "No such file, or not one the caller reads", body = crate::error::ErrorBody),
    )
)]
pub async fn download(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let file = readable(&state, &req, &path).await?;
    let bytes = state.files.get(&file.key).await.map_err(storage_failed)?;
    Ok(served(&file, &file.mime, bytes, false))
}

/// `GET /api/v1/files/{fileId}/thumbnail`: a picture's webp thumbnail.
#[utoipa::path(
    get,
    path = "/api/v1/files/{fileId}/thumbnail",
    params(("fileId" = uuid::Uuid, Path, description = "File id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The thumbnail (image/webp, at most 200 px)", content_type = "image/webp"),
        (status = 401, description = "A chat file, not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member of the file's store", body = crate::error::ErrorBody),
        (status = 404, description = "No such file or thumbnail, or not one the caller reads", body = crate::error::ErrorBody),
    )
)]
pub async fn download_thumbnail(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let file = readable(&state, &req, &path).await?;
    let key = file.thumbnail_key.clone().ok_or_else(file_not_found)?;
    let bytes = state.files.get(&key).await.map_err(storage_failed)?;
    Ok(served(&file, "image/webp", bytes, true))
}

/// `GET /api/v1/files/{fileId}/small`: a post's cover sized for a phone (webp, at most 800
/// px); its resized copy where it has no such copy.
#[utoipa::path(
    get,
    path = "/api/v1/files/{fileId}/small",
    params(("fileId" = uuid::Uuid, Path, description = "File id")),
    responses(
        (status = 200, description = "The copy (image/webp, at most 800 px)", content_type = "image/webp"),
        (status = 404, description = "No such cover", body = crate::error::ErrorBody),
    )
)]
pub async fn download_small(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let file = readable(&state, &req, &path).await?;
    if file.purpose != Purpose::Cover {
        return Err(file_not_found());
    }
    let small = upload::cover_small_key(file.user_id.0, &file.sha256);
    let bytes = match state.files.get(&small).await {
        Ok(bytes) => bytes,
        Err(StorageError::Missing) => {
            let key = file.thumbnail_key.clone().ok_or_else(file_not_found)?;
            state.files.get(&key).await.map_err(storage_failed)?
        }
        Err(e) => return Err(storage_failed(e)),
    };
    Ok(served(&file, "image/webp", bytes, true))
}

/// The file, if the caller may read it: anyone for a logo or profile photo; for a chat file,
/// a current member of its store who uploaded it or reads a conversation it was sent in.
async fn readable(state: &AppState, req: &HttpRequest, raw: &str) -> AppResult<StoredFile> {
    let id: FileId = raw.parse().map_err(|_| file_not_found())?;
    let file = state
        .db
        .run(move |conn| Ok(StoredFile::find(conn, id)?))
        .await?
        .ok_or_else(file_not_found)?;
    let purpose = file.purpose;
    if upload::may_read(purpose, Reader::Other) {
        return Ok(file);
    }
    let user = state
        .sessions
        .bearer(req)
        .await?
        .user()
        .ok_or_else(crate::calls::guard::not_authenticated)?;
    if purpose == Purpose::Support {
        // A ticket's attachment: its owner (who uploaded it) and support staff.
        let reader = if file.user_id == user {
            Reader::Uploader
        } else if crate::api::support::is_support_staff(state, user).await? {
            Reader::Support
        } else {
            Reader::Other
        };
        return if upload::may_read(purpose, reader) {
            Ok(file)
        } else {
            Err(file_not_found())
        };
    }
    let store = file.store_id.ok_or_else(file_not_found)?;
    // A former member, or a member of another store, is refused here.
    let member =
        crate::api::stores::member(state, SignedIn(user), &store.to_string(), "getFile").await?;
    let reader = if file.user_id == user {
        Reader::Uploader
    } else {
        let me = member.employee.id.0;
        let carrying = state
            .db
            .run(move |conn| {
                let ids = StoredFile::conversations_carrying(conn, store, id)?;
                Ok(Conversation::of_store(conn, store)?
                    .into_iter()
                    .filter(|c| ids.contains(&c.id))
                    .collect::<Vec<_>>())
            })
            .await?;
        let reads = |c: &Conversation| chat::reads(c.kind, &c.member_ids, me);
        if carrying.iter().any(reads) {
            Reader::InConversation
        } else {
            Reader::Other
        }
    };
    if upload::may_read(purpose, reader) {
        Ok(file)
    } else {
        Err(file_not_found())
    }
}

/// The response for a file: its own type, never sniffed, in a sandbox with no scripts; a
/// picture inline, anything else as a download under its kept name.
fn served(file: &StoredFile, mime: &str, bytes: bytes::Bytes, thumbnail: bool) -> HttpResponse {
    let inline = thumbnail || file.kind == FileKind::Image;
    let disposition = if inline {
        "inline".to_string()
    } else {
        format!(
            "attachment; filename=\"{}\"; filename*=UTF-8''{}",
            ascii_name(&file.name),
            url::form_urlencoded::byte_serialize(file.name.as_bytes()).collect::<String>()
        )
    };
    let cache = if matches!(file.purpose, Purpose::Chat | Purpose::Support) {
        "private, max-age=86400"
    } else {
        "public, max-age=31536000, immutable"
    };
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, mime.to_string()))
        .insert_header((header::CONTENT_DISPOSITION, disposition))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; sandbox",
        ))
        .insert_header((header::CACHE_CONTROL, cache))
        // Pictures and archives are compressed already; the API's compression leaves them be.
        .insert_header(header::ContentEncoding::Identity)
        .body(bytes)
}

/// A name for the plain `filename=` parameter: ASCII letters, digits and a few marks.
fn ascii_name(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ' ' | '(' | ')') {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The files of a message: the caller's own chat uploads for this store, in the order named,
/// each once.
pub async fn attachments(
    state: &AppState,
    user: UserId,
    store: StoreId,
    ids: &[FileId],
) -> AppResult<Vec<Attachment>> {
    let mut wanted: Vec<FileId> = Vec::new();
    for id in ids {
        if !wanted.contains(id) {
            wanted.push(*id);
        }
    }
    if wanted.len() > upload::PER_MESSAGE {
        return Err(AppError::invalid("A message carries at most 10 files."));
    }
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let query = wanted.clone();
    let found = state
        .db
        .run(move |conn| Ok(StoredFile::of_ids(conn, &query)?))
        .await?;
    wanted
        .iter()
        .map(|id| {
            found
                .iter()
                .find(|f| {
                    f.id == *id
                        && f.user_id == user
                        && f.store_id == Some(store)
                        && f.purpose == Purpose::Chat
                })
                .map(Attachment::from)
                .ok_or_else(file_not_found)
        })
        .collect()
}
