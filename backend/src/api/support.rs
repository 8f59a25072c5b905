//! Support: tickets a user raises (with one zip or jpg attachment), their threads of
//! descriptions and comments, support staff's answers (the user is mailed), and feedback on
//! the product. A ticket is its user's, not a store's (like a session), so it is written here
//! rather than by a store's actor. Support staff are the accounts `SUPPORT_EMAILS` names.

use crate::calls::bounded::{OptionalText, RequiredText, Text};
use crate::calls::guard::{self, SignedIn};
use crate::calls::{input, Access, AppState, Call, Ctx, Registry};
use crate::db::models::file::StoredFile;
use crate::db::models::ticket::{
    Feedback, Ticket, TicketComment, TicketInsertForm, TicketUpdateForm,
};
use crate::db::models::user::User;
use crate::domain::ids::{FeedbackId, FileId, StoreId, TicketCommentId, TicketId, UserId};
use crate::domain::permissions::Perms;
use crate::domain::support::{
    self as rules, Priority, Status, SupportRuleError, ATTACHMENTS_MAX, FEEDBACK_MAX, TEXT_MAX,
    THREAD_MAX, TITLE_MAX,
};
use crate::domain::upload::Purpose;
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::chat::{file_url, thumbnail_url};
use actix_web::{web, HttpResponse};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn register(r: &mut Registry) {
    r.add::<CreateTicket>()
        .add::<AddTicketComment>()
        .add::<AnswerTicket>()
        .add::<SendFeedback>();
}

/// Mounts the reads (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tickets", web::get().to(get_tickets))
        .route("/tickets/{ticketId}", web::get().to(get_ticket));
}

/// The spec's failure text for tickets, said when a ticket cannot be found for the caller.
pub fn ticket_not_found() -> AppError {
    AppError::not_found("ticket_not_found", "Ticket not found.")
}

fn rule(e: SupportRuleError) -> AppError {
    AppError::bad_request(e.code(), e.to_string())
}

/// Whether the user is support staff (their address is in `SUPPORT_EMAILS`).
pub async fn is_support_staff(state: &AppState, user: UserId) -> AppResult<bool> {
    let staff = state.settings.support_emails.clone();
    if staff.is_empty() {
        return Ok(false);
    }
    let email = state
        .db
        .run(move |conn| Ok(User::find_opt(conn, user)?.map(|u| u.email)))
        .await?;
    Ok(email.is_some_and(|e| rules::is_support(&staff, &e)))
}

/// Checks that the caller is a member of the store a payload names, if it names one.
async fn named_store(ctx: &Ctx, user: UserId, method: &'static str) -> AppResult<Option<StoreId>> {
    match ctx.store {
        None => Ok(None),
        Some(store) => {
            let member = guard::member_of(
                &ctx.state,
                user,
                Some(store),
                Perms::NONE,
                messages::NOT_ENOUGH_PERMISSION,
                method,
            )
            .await?;
            Ok(Some(member.store_id()))
        }
    }
}

/// The file attached to a ticket, as its readers get it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketImage {
    #[schema(value_type = String, format = Uuid)]
    pub id: FileId,
    /// Where it is downloaded (with the token): the ticket's user and support staff.
    pub image_url: String,
    /// A picture's thumbnail; none for a zip archive.
    #[schema(required = true)]
    pub thumbnail_url: Option<String>,
    pub name: String,
    /// image/jpeg or application/zip.
    pub mime: String,
    /// Bytes.
    pub size: i64,
    /// When it was shared, epoch milliseconds.
    pub shared_timestamp: i64,
}

crate::domain::list::component_list!(TicketImageList = TicketImage);

/// An entry of a ticket's thread: the first description, or a comment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketDescription {
    #[schema(value_type = String, format = Uuid)]
    pub id: TicketCommentId,
    pub text: String,
    /// Written by support staff rather than the ticket's user.
    pub by_support: bool,
    /// When it was written, epoch milliseconds.
    pub shared_timestamp: i64,
}

crate::domain::list::component_list!(TicketDescriptionList = TicketDescription);

/// Who raised a ticket, for support staff.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketOwner {
    pub name: String,
    pub email: String,
}

/// A ticket as a list shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketSummary {
    #[schema(value_type = String, format = Uuid)]
    pub id: TicketId,
    /// The number a person quotes.
    pub ticket_no: i64,
    pub title: String,
    pub priority: Priority,
    pub status: Status,
    /// Whether the user has read support's latest answer (false for a new ticket).
    pub seen: bool,
    /// Support's latest answer.
    #[schema(required = true)]
    pub admin_response: Option<String>,
    #[schema(value_type = String, format = Uuid)]
    pub user_id: UserId,
    /// The store it was raised from.
    #[schema(value_type = Option<String>, format = Uuid, required = true)]
    pub store_id: Option<StoreId>,
    /// Who raised it: for support staff only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user: Option<TicketOwner>,
    /// Epoch milliseconds.
    pub created_at: i64,
    /// Last change (a comment, an answer), epoch milliseconds.
    pub modified_at: i64,
}

crate::domain::list::component_list!(TicketSummaryList = TicketSummary);

impl TicketSummary {
    fn of(t: &Ticket, user: Option<TicketOwner>) -> TicketSummary {
        TicketSummary {
            id: t.id,
            ticket_no: t.ticket_no,
            title: t.title.clone(),
            priority: t.priority,
            status: t.status,
            seen: t.seen,
            admin_response: t.admin_response.clone(),
            user_id: t.user_id,
            store_id: t.store_id,
            user,
            created_at: t.created_at.timestamp_millis(),
            modified_at: t.modified_at.timestamp_millis(),
        }
    }
}

/// A ticket with its thread and attachment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketView {
    #[serde(flatten)]
    pub ticket: TicketSummary,
    /// The attachment (one at most).
    pub images: TicketImageList<{ ATTACHMENTS_MAX }>,
    /// The thread, oldest first: the first description, then the comments.
    pub user_description: TicketDescriptionList<{ THREAD_MAX }>,
}

/// The tickets a caller sees.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketList {
    /// Newest change first: the caller's own, or every ticket for support staff.
    pub tickets: TicketSummaryList<{ rules::LIST_MAX as usize }>,
    /// Whether the caller is support staff (and so sees and answers every ticket).
    pub support: bool,
}

/// Reads a ticket and what its view shows, in one go.
fn view_of(
    conn: &mut diesel::PgConnection,
    ticket: &Ticket,
    with_owner: bool,
) -> AppResult<TicketView> {
    let thread = TicketComment::of_ticket(conn, ticket.id, THREAD_MAX as i64)?;
    let file = match ticket.attachment_id {
        Some(id) => StoredFile::find(conn, id)?,
        None => None,
    };
    let owner = if with_owner {
        User::find_opt(conn, ticket.user_id)?.map(owner_of)
    } else {
        None
    };
    Ok(TicketView {
        ticket: TicketSummary::of(ticket, owner),
        images: file
            .iter()
            .map(|f| TicketImage {
                id: f.id,
                image_url: file_url(f.id),
                thumbnail_url: f.thumbnail_key.as_ref().map(|_| thumbnail_url(f.id)),
                name: f.name.clone(),
                mime: f.mime.clone(),
                size: f.size,
                shared_timestamp: f.created_at.timestamp_millis(),
            })
            .collect(),
        user_description: thread
            .iter()
            .map(|c| TicketDescription {
                id: c.id,
                text: c.text.clone(),
                by_support: c.by_support,
                shared_timestamp: c.created_at.timestamp_millis(),
            })
            .collect(),
    })
}

fn owner_of(u: User) -> TicketOwner {
    TicketOwner {
        name: format!("{} {}", u.first_name, u.last_name)
            .trim()
            .to_string(),
        email: u.email,
    }
}

/// `createTicket`: raises a ticket, pending and unseen.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateTicket {
    pub title: RequiredText<{ TITLE_MAX }>,
    /// The first entry of the thread.
    pub description: RequiredText<{ TEXT_MAX }>,
    pub priority: Priority,
    /// The id of one file the caller uploaded with `purpose=support` (a zip or a jpg, at most
    /// 20 MB).
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub attachment: Option<FileId>,
}

impl Call for CreateTicket {
    const NAME: &'static str = "createTicket";
    const ACCESS: Access = Access::SignedIn;
    const NAMES_STORE: bool = true;
    const SUMMARY: &'static str =
        "Raise a support ticket (title, description, priority, one zip or jpg).";
    type Output = TicketView;

    #[tracing::instrument(name = "createTicket", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<TicketView> {
        let user = ctx.user()?;
        let title = self.title.required("title")?;
        let description = self.description.required("description")?;
        let store = named_store(&ctx, user, Self::NAME).await?;
        let attachment = self.attachment;
        let priority = self.priority;
        ctx.state
            .db
            .transaction(move |conn| {
                if let Some(id) = attachment {
                    let own = StoredFile::find(conn, id)?
                        .is_some_and(|f| f.user_id == user && f.purpose == Purpose::Support);
                    if !own {
                        return Err(AppError::bad_request(
                            "attachment_invalid",
                            "Attach a zip or jpg file uploaded for support.",
                        ));
                    }
                }
                let now = Utc::now();
                let standing = rules::raised();
                let ticket = TicketInsertForm {
                    id: TicketId::new(),
                    user_id: user,
                    store_id: store,
                    title,
                    priority,
                    status: standing.status,
                    seen: standing.seen,
                    attachment_id: attachment,
                    created_at: now,
                    modified_at: now,
                }
                .insert(conn)?;
                TicketComment {
                    id: TicketCommentId::new(),
                    ticket_id: ticket.id,
                    author_id: Some(user),
                    by_support: false,
                    text: description,
                    created_at: now,
                }
                .insert(conn)?;
                view_of(conn, &ticket, false)
            })
            .await
    }
}

/// `addTicketComment`: adds to a ticket's thread, by its user or by support staff. The user's
/// comment on a resolved ticket reopens it as pending.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddTicketComment {
    #[schema(value_type = String, format = Uuid)]
    pub ticket_id: TicketId,
    pub text: RequiredText<{ TEXT_MAX }>,
}

impl Call for AddTicketComment {
    const NAME: &'static str = "addTicketComment";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str = "Comment on a ticket (a resolved ticket is reopened).";
    type Output = TicketView;

    #[tracing::instrument(name = "addTicketComment", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<TicketView> {
        let user = ctx.user()?;
        let text = self.text.required("text")?;
        let support = is_support_staff(&ctx.state, user).await?;
        let id = self.ticket_id;
        ctx.state
            .db
            .transaction(move |conn| {
                let ticket = Ticket::find_for_update(conn, id)?.ok_or_else(ticket_not_found)?;
                let own = ticket.user_id == user;
                if !own && !support {
                    return Err(ticket_not_found());
                }
                if TicketComment::count(conn, id)? >= THREAD_MAX as i64 {
                    return Err(AppError::bad_request(
                        "ticket_thread_full",
                        "This ticket has as many comments as it can hold: raise a new one.",
                    ));
                }
                let before = rules::Standing {
                    status: ticket.status,
                    seen: ticket.seen,
                };
                // Support staff writing on their own ticket write as its user.
                let by_support = !own;
                let after = rules::commented(before, by_support);
                let now = Utc::now();
                TicketComment {
                    id: TicketCommentId::new(),
                    ticket_id: id,
                    author_id: Some(user),
                    by_support,
                    text,
                    created_at: now,
                }
                .insert(conn)?;
                let changed = Ticket::change(
                    conn,
                    id,
                    &TicketUpdateForm {
                        status: Some(after.status),
                        seen: Some(after.seen),
                        admin_response: None,
                        modified_at: Some(now),
                    },
                )?;
                view_of(conn, &changed, support)
            })
            .await
    }
}

/// `answerTicket`: support staff answer a ticket and set it in progress or resolved; the user
/// has it unseen and is mailed.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerTicket {
    #[schema(value_type = String, format = Uuid)]
    pub ticket_id: TicketId,
    pub response: RequiredText<{ TEXT_MAX }>,
    /// inProgress or resolved.
    pub status: Status,
}

impl Call for AnswerTicket {
    const NAME: &'static str = "answerTicket";
    const ACCESS: Access = Access::SignedIn;
    const SUMMARY: &'static str =
        "Support staff: answer a ticket, in progress or resolved (the user is mailed).";
    type Output = TicketView;

    #[tracing::instrument(name = "answerTicket", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<TicketView> {
        let user = ctx.user()?;
        if !is_support_staff(&ctx.state, user).await? {
            return Err(AppError::forbidden(
                "not_support_staff",
                "Only support staff answer tickets.",
            ));
        }
        let response = self.response.required("response")?;
        let after = rules::answered(self.status).map_err(rule)?;
        let id = self.ticket_id;
        let (view, to) = ctx
            .state
            .db
            .transaction(move |conn| {
                Ticket::find_for_update(conn, id)?.ok_or_else(ticket_not_found)?;
                let changed = Ticket::change(
                    conn,
                    id,
                    &TicketUpdateForm {
                        status: Some(after.status),
                        seen: Some(after.seen),
                        admin_response: Some(Some(response)),
                        modified_at: Some(Utc::now()),
                    },
                )?;
                let to = User::find_opt(conn, changed.user_id)?.map(|u| u.email);
                Ok((view_of(conn, &changed, true)?, to))
            })
            .await?;
        // The answer is kept whatever happens to the mail; a failure is logged.
        if let Some(to) = to {
            let t = &view.ticket;
            let link = format!(
                "{}/support/ticket/ticketDetails?id={}",
                ctx.state.settings.public_url.trim_end_matches('/'),
                t.id
            );
            let status = match t.status {
                Status::Pending => "pending",
                Status::InProgress => "in progress",
                Status::Resolved => "resolved",
            };
            let body = format!(
                "Support answered your ticket #{} \"{}\" (now {status}):\n\n{}\n\nRead it and reply: {link}\n",
                t.ticket_no,
                t.title,
                t.admin_response.as_deref().unwrap_or_default(),
            );
            let subject = format!("Support answered your ticket #{}", t.ticket_no);
            if let Err(e) = ctx.state.mailer.deliver(&to, &subject, body).await {
                tracing::warn!(error = %e, ticket = %t.id, "the ticket's answer was not mailed");
            }
        }
        Ok(view)
    }
}

/// `sendFeedback`: a rating from 1 to 5 and a text.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendFeedback {
    #[schema(minimum = 1, maximum = 5)]
    pub rating: i64,
    #[serde(default)]
    pub text: Option<Text<{ FEEDBACK_MAX }>>,
}

/// The answer of `sendFeedback`.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeedbackSent {
    #[schema(value_type = String, format = Uuid)]
    pub id: FeedbackId,
}

impl Call for SendFeedback {
    const NAME: &'static str = "sendFeedback";
    const ACCESS: Access = Access::SignedIn;
    const NAMES_STORE: bool = true;
    const SUMMARY: &'static str = "Give feedback on the product: a rating from 1 to 5 and a text.";
    type Output = FeedbackSent;

    #[tracing::instrument(name = "sendFeedback", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<FeedbackSent> {
        let user = ctx.user()?;
        let rating = rules::rating(self.rating).map_err(rule)?;
        let text = self.text.optional("text")?;
        let store = named_store(&ctx, user, Self::NAME).await?;
        let row = Feedback {
            id: FeedbackId::new(),
            user_id: user,
            store_id: store,
            rating,
            comment: text.unwrap_or_default(),
            created_at: Utc::now(),
        };
        let id = row.id;
        ctx.state
            .db
            .run(move |conn| {
                row.insert(conn)?;
                Ok(())
            })
            .await?;
        Ok(FeedbackSent { id })
    }
}

/// `GET /api/v1/tickets`: the caller's tickets, newest change first; support staff see every
/// ticket, with who raised it.
#[utoipa::path(
    get,
    path = "/api/v1/tickets",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": TicketList}`", body = TicketList),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user))]
pub async fn get_tickets(state: web::Data<AppState>, user: SignedIn) -> AppResult<HttpResponse> {
    let support = is_support_staff(&state, user.0).await?;
    let whose = if support { None } else { Some(user.0) };
    let tickets = state
        .db
        .run(move |conn| {
            let tickets = Ticket::list(conn, whose, rules::LIST_MAX)?;
            let mut out = Vec::with_capacity(tickets.len());
            for t in &tickets {
                let owner = if support {
                    User::find_opt(conn, t.user_id)?.map(owner_of)
                } else {
                    None
                };
                out.push(TicketSummary::of(t, owner));
            }
            Ok(out)
        })
        .await?;
    Ok(crate::api::envelope::ok(TicketList {
        tickets: tickets.into(),
        support,
    }))
}

/// `GET /api/v1/tickets/{ticketId}`: a ticket with its thread, for its user (who has then
/// seen support's answer) or support staff.
#[utoipa::path(
    get,
    path = "/api/v1/tickets/{ticketId}",
    params(("ticketId" = uuid::Uuid, Path, description = "Ticket id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": TicketView}`", body = TicketView),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 404, description = "No such ticket, or another person's", body = crate::error::ErrorBody),
    )
)]
#[tracing::instrument(skip(state, user))]
pub async fn get_ticket(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let id: TicketId = path.parse().map_err(|_| ticket_not_found())?;
    let support = is_support_staff(&state, user.0).await?;
    let me = user.0;
    let view = state
        .db
        .transaction(move |conn| {
            let ticket = Ticket::find(conn, id)?.ok_or_else(ticket_not_found)?;
            let own = ticket.user_id == me;
            if !own && !support {
                return Err(ticket_not_found());
            }
            // Its user reading it has seen support's answer; the ticket's order stays.
            let ticket = if own && !ticket.seen {
                Ticket::change(
                    conn,
                    id,
                    &TicketUpdateForm {
                        seen: Some(true),
                        ..TicketUpdateForm::default()
                    },
                )?
            } else {
                ticket
            };
            view_of(conn, &ticket, support)
        })
        .await?;
    Ok(crate::api::envelope::ok(view))
}
