//! `GET /api/v1/me/archive`: everything the product holds about the signed-in person, as one
//! JSON document to download: the profile, linked accounts, sign-in sessions, notification
//! settings, uploaded files (their details and where to download them), support tickets and
//! feedback, and for each store the person has a record in (left ones too) that record, their
//! shifts, clock sessions, requests, availability and the messages they sent. Only what is the
//! person's own: another person's records, messages or requests never come with it.

use crate::api::account::notification_settings::NotificationSettingsView;
use crate::api::account::profile::{LinkedAccount, UserView};
use crate::calls::guard::SignedIn;
use crate::calls::AppState;
use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::chat::Message;
use crate::db::models::clock::ClockSession;
use crate::db::models::employee::Employee;
use crate::db::models::file::StoredFile;
use crate::db::models::notification_setting::NotificationSetting;
use crate::db::models::oidc_identity::OidcIdentity;
use crate::db::models::request::Request;
use crate::db::models::session::Session;
use crate::db::models::shift::Shift;
use crate::db::models::ticket::{Feedback, Ticket, TicketComment};
use crate::db::models::user::User;
use crate::domain::ids::{FileId, StoreId, TicketId, UserId};
use crate::domain::support::{Priority, Status};
use crate::error::{AppResult, ErrorBody};
use crate::store::chat::MessageView;
use crate::store::clock::ClockSessionView;
use crate::store::request_views::{AvailabilityView, RequestView};
use crate::store::team_views::EmployeeView;
use crate::store::views::ShiftView;
use actix_web::http::header::{ContentDisposition, DispositionParam, DispositionType};
use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use diesel::PgConnection;
use serde::Serialize;
use utoipa::ToSchema;

/// Where the archive is downloaded: a JSON file answered whole, not in the `{"data"}` envelope.
pub const PATH: &str = "/api/v1/me/archive";

/// What the document calls itself, so a reader can tell it from other JSON.
pub const FORMAT: &str = "clockto-archive";
/// The document's shape; a change of it changes the number.
pub const VERSION: u32 = 1;

fn ms(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

/// A sign-in session (its token is never kept, so never exported).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionEntry {
    /// How it signed in: `password`, `code` or `google`.
    pub method: String,
    pub created_at: i64,
    pub signed_in_at: i64,
    pub expires_at: i64,
    #[schema(required = true)]
    pub ended_at: Option<i64>,
}

/// An uploaded file: its details, and the address that downloads it with one's token.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileEntry {
    pub id: FileId,
    pub name: String,
    pub mime: String,
    pub size: i64,
    /// chat, logo, profile or support.
    pub purpose: String,
    #[schema(required = true)]
    pub store_id: Option<StoreId>,
    pub created_at: i64,
    /// `/api/v1/files/{id}`.
    pub url: String,
}

/// A support ticket with what one wrote in its thread and support's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketEntry {
    pub id: TicketId,
    pub ticket_no: i64,
    pub title: String,
    pub status: Status,
    pub priority: Priority,
    #[schema(required = true)]
    pub store_id: Option<StoreId>,
    #[schema(required = true)]
    pub admin_response: Option<String>,
    /// What the person wrote, oldest first.
    pub written: Vec<String>,
    pub created_at: i64,
    pub modified_at: i64,
}

/// A piece of feedback.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackEntry {
    pub rating: i16,
    pub comment: String,
    #[schema(required = true)]
    pub store_id: Option<StoreId>,
    pub created_at: i64,
}

/// The store a record belongs to.
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreName {
    pub id: StoreId,
    pub name: String,
}

/// What one store holds of the person, through one of their records there.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoreArchive {
    pub store: StoreName,
    /// The person's record, in full.
    pub employee: EmployeeView,
    /// Their shifts the store announced (drafts are the managers' until published).
    pub shifts: Vec<ShiftView>,
    pub clock_sessions: Vec<ClockSessionView>,
    /// Time off and dropped shifts.
    pub requests: Vec<RequestView>,
    pub availability: Vec<AvailabilityView>,
    /// The messages they sent and did not delete.
    pub messages_sent: Vec<MessageView>,
}

/// Everything the product holds about one person.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Archive {
    /// `clockto-archive`.
    pub format: &'static str,
    pub version: u32,
    /// When it was made, epoch ms.
    pub exported_at: i64,
    pub profile: UserView,
    pub linked_accounts: Vec<LinkedAccount>,
    pub sessions: Vec<SessionEntry>,
    pub notification_settings: NotificationSettingsView,
    pub stores: Vec<StoreArchive>,
    pub files: Vec<FileEntry>,
    pub tickets: Vec<TicketEntry>,
    pub feedback: Vec<FeedbackEntry>,
}

/// What one store holds of the person's `record` there.
fn store_part(
    conn: &mut PgConnection,
    user: UserId,
    record: Employee,
    store: StoreName,
    now: DateTime<Utc>,
) -> AppResult<StoreArchive> {
    let (s, e) = (store.id, record.id);
    let shifts = Shift::announced_to(conn, s, e)?;
    let sessions = ClockSession::of_employee(conn, s, e)?;
    let requests = Request::of_employee(conn, s, e)?;
    let availability = AvailabilityWindow::of_employee(conn, s, e)?;
    let sent = Message::sent_by(conn, s, e)?;
    Ok(StoreArchive {
        shifts: shifts.iter().map(|x| ShiftView::of(x, now)).collect(),
        clock_sessions: sessions.iter().map(ClockSessionView::of).collect(),
        requests: requests
            .iter()
            .map(|r| RequestView::new(r, Some(&record)))
            .collect(),
        availability: availability
            .iter()
            .map(|a| AvailabilityView::new(a, Some(user)))
            .collect(),
        messages_sent: sent.iter().map(MessageView::from).collect(),
        employee: EmployeeView::full(&record),
        store,
    })
}

/// Reads the archive of `user` in one transaction, so its parts agree with each other.
fn read(conn: &mut PgConnection, user: UserId, now: DateTime<Utc>) -> AppResult<Archive> {
    let account = User::find_opt(conn, user)?.ok_or_else(crate::calls::guard::not_authenticated)?;
    let mut stores = Vec::new();
    for (record, store) in Employee::records_of_user(conn, user)? {
        let name = StoreName {
            id: store.id,
            name: store.name,
        };
        stores.push(store_part(conn, user, record, name, now)?);
    }
    let linked_accounts = OidcIdentity::of_user(conn, user)?
        .into_iter()
        .map(|a| LinkedAccount {
            issuer: a.issuer,
            email: a.email,
            linked_at: ms(a.linked_at),
        })
        .collect();
    let sessions = Session::of_user(conn, user)?
        .into_iter()
        .map(|s| SessionEntry {
            method: s.method.as_str().to_string(),
            created_at: ms(s.created_at),
            signed_in_at: ms(s.signed_in_at),
            expires_at: ms(s.expires_at),
            ended_at: s.ended_at.map(ms),
        })
        .collect();
    let files = StoredFile::of_user(conn, user)?
        .into_iter()
        .map(|f| FileEntry {
            url: format!("/api/v1/files/{}", f.id),
            id: f.id,
            name: f.name,
            mime: f.mime,
            size: f.size,
            purpose: f.purpose.as_str().to_string(),
            store_id: f.store_id,
            created_at: ms(f.created_at),
        })
        .collect();
    let written = TicketComment::written_by(conn, user)?;
    let tickets = Ticket::of_user(conn, user)?
        .into_iter()
        .map(|t| TicketEntry {
            written: written
                .iter()
                .filter(|c| c.ticket_id == t.id && !c.by_support)
                .map(|c| c.text.clone())
                .collect(),
            id: t.id,
            ticket_no: t.ticket_no,
            title: t.title,
            status: t.status,
            priority: t.priority,
            store_id: t.store_id,
            admin_response: t.admin_response,
            created_at: ms(t.created_at),
            modified_at: ms(t.modified_at),
        })
        .collect();
    let feedback = Feedback::of_user(conn, user)?
        .into_iter()
        .map(|f| FeedbackEntry {
            rating: f.rating,
            comment: f.comment,
            store_id: f.store_id,
            created_at: ms(f.created_at),
        })
        .collect();
    Ok(Archive {
        format: FORMAT,
        version: VERSION,
        exported_at: ms(now),
        notification_settings: (&NotificationSetting::of_user(conn, user)?).into(),
        profile: account.into(),
        linked_accounts,
        sessions,
        stores,
        files,
        tickets,
        feedback,
    })
}

/// `GET /api/v1/me/archive`: the signed-in person's archive, as a JSON file to save.
#[utoipa::path(
    get,
    tag = "crate::api::account",
    path = "/api/v1/me/archive",
    responses(
        (status = 200, description = "The archive, as an attachment `clockto-archive-<date>.json`", body = Archive),
        (status = 401, description = "Not signed in", body = ErrorBody)
    ),
    security(("bearer" = []))
)]
#[tracing::instrument(skip(state))]
pub async fn archive(
    state: web::Data<AppState>,
    SignedIn(user): SignedIn,
) -> AppResult<HttpResponse> {
    let now = state.clock.now();
    let archive = state
        .db
        .transaction(move |conn| read(conn, user, now))
        .await?;
    let body = serde_json::to_vec_pretty(&archive)
        .map_err(|e| crate::error::AppError::internal(e.to_string()))?;
    let name = format!("clockto-archive-{}.json", now.format("%Y-%m-%d"));
    Ok(HttpResponse::Ok()
        .content_type("application/json")
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            parameters: vec![DispositionParam::Filename(name)],
        })
        // Personal data: no cache keeps a copy.
        .insert_header(("Cache-Control", "no-store"))
        .body(body))
}
