//! Messages: sending, editing, deleting and reacting, a conversation's history and search.

use crate::api::chat::conversations::{conversation_of, visible};
use crate::api::shifts::caller;
use crate::api::stores::StoreMember;
use crate::calls::bounded::{RequiredText, Text};
use crate::calls::input;
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx};
use crate::db::models::chat::{Message, Reaction};
use crate::domain::ids::{ConversationId, FileIdList, MessageId};
use crate::domain::permissions::Perms;
use crate::domain::{chat, upload};
use crate::error::AppResult;
use crate::store::chat::{reaction_views, ChangeMessage, MessageView, React};
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// `sendMessage`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SendMessageCall)]
pub struct SendMessage {
    pub conversation_id: ConversationId,
    // Checked by the store (`domain::chat::text`).
    pub content: Text<{ chat::TEXT_MAX }>,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub reply_to: Option<MessageId>,
    /// Files uploaded for this store (`POST /api/v1/files`), at most 10; the text may then
    /// be empty.
    // Counted by `files::attachments` once a file named twice is one.
    #[serde(default)]
    pub attachments: FileIdList<{ upload::PER_MESSAGE }>,
}

impl Call for SendMessage {
    const NAME: &'static str = "sendMessage";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Send a message (text, pictures or documents uploaded \
         before), perhaps replying to one; it takes the conversation's next sequence number.";
    type Output = MessageView;

    #[tracing::instrument(name = "sendMessage", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<MessageView> {
        let by = caller(&ctx)?;
        let store = ctx.member()?.store_id();
        let attachments =
            crate::api::files::attachments(&ctx.state, by.user, store, &self.attachments).await?;
        let cmd = crate::store::chat::SendMessage {
            by,
            conversation: self.conversation_id,
            content: self.content.0,
            reply_to: self.reply_to,
            attachments,
        };
        ctx.execute(cmd).await
    }
}

/// `editMessage`: its sender changes the text (marked modified).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditMessage {
    pub message_id: MessageId,
    // Checked by the store (`domain::chat::text`).
    pub content: Text<{ chat::TEXT_MAX }>,
}

impl Call for EditMessage {
    const NAME: &'static str = "editMessage";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Edit one's own message; it shows as modified.";
    type Output = MessageView;

    #[tracing::instrument(name = "editMessage", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<MessageView> {
        let cmd = ChangeMessage {
            by: caller(&ctx)?,
            message: self.message_id,
            content: Some(self.content.0),
        };
        ctx.execute(cmd).await
    }
}

/// `deleteMessage`: its sender, or a manager of the store.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeleteMessage {
    pub message_id: MessageId,
}

impl Call for DeleteMessage {
    const NAME: &'static str = "deleteMessage";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str =
        "Delete one's own message (managers delete any); it keeps its place, emptied.";
    type Output = MessageView;

    #[tracing::instrument(name = "deleteMessage", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<MessageView> {
        let cmd = ChangeMessage {
            by: caller(&ctx)?,
            message: self.message_id,
            content: None,
        };
        ctx.execute(cmd).await
    }
}

/// A page of history.
#[derive(Debug, Deserialize, IntoParams)]
pub struct HistoryQuery {
    /// Messages before this sequence number (the 20 newest when absent).
    pub before: Option<i64>,
    /// Messages after this sequence number, oldest first (a client catching up).
    pub after: Option<i64>,
    /// At most this many (default 20, at most 100).
    pub limit: Option<i64>,
}

/// `GET /api/v1/stores/{storeId}/conversations/{conversationId}/messages`: history, 20 at a
/// time backwards (`before`), or what came after a sequence number (`after`).
#[utoipa::path(
    get,
    tag = "crate::api::chat",
    path = "/api/v1/stores/{storeId}/conversations/{conversationId}/messages",
    params(
        ("storeId" = uuid::Uuid, Path, description = "Store id"),
        ("conversationId" = uuid::Uuid, Path, description = "Conversation id"),
        HistoryQuery,
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Message], \"modified\": [Message]}`: the page, oldest first; beside the first page (no `before` or `after`), the 10 newest modified (edited or deleted) messages older than it, newest change first (empty otherwise)", body = [MessageView]),
        crate::api::stores::StoreReadRefusals,
        (status = 404, description = "No such store or conversation", body = crate::error::ErrorBody),
    )
)]
pub async fn get_messages(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    path: web::Path<(String, String)>,
    query: web::Query<HistoryQuery>,
) -> AppResult<HttpResponse> {
    let (_, raw_conversation) = path.into_inner();
    let conversation = conversation_of(&state, &member, &raw_conversation).await?;
    let limit = query.limit.unwrap_or(chat::PAGE).clamp(1, 100);
    let (before, after, id) = (query.before, query.after, conversation.id);
    let first = before.is_none() && after.is_none();
    let (page, modified, reactions) = state
        .db
        .run(move |conn| {
            let page = Message::page(conn, id, before, after, limit)?;
            let modified = match page.first() {
                Some(oldest) if first => {
                    Message::modified_before(conn, id, oldest.seq, chat::MODIFIED_PAGE)?
                }
                _ => Vec::new(),
            };
            let ids: Vec<MessageId> = page.iter().chain(&modified).map(|m| m.id).collect();
            Ok((page, modified, Reaction::of_messages(conn, &ids)?))
        })
        .await?;
    let view = |m: &Message| {
        let mut view = MessageView::from(m);
        view.reactions = reaction_views(reactions.iter().filter(|r| r.message_id == m.id));
        view
    };
    Ok(HttpResponse::Ok().json(MessagePage {
        data: page.iter().map(view).collect(),
        modified: modified.iter().map(view).collect(),
    }))
}

/// A page of history; the first page (neither `before` nor `after`) also carries the newest
/// modified messages older than it.
#[derive(Serialize)]
struct MessagePage {
    data: Vec<MessageView>,
    modified: Vec<MessageView>,
}

/// Longest search text.
pub const SEARCH_MAX: usize = 200;
/// Most results of a search.
const SEARCH_LIMIT: i64 = 50;

/// What to search for.
#[derive(Debug, Deserialize, IntoParams)]
pub struct SearchQuery {
    /// Words to find (all of them), 1 to 200 characters.
    pub q: String,
}

/// `GET /api/v1/stores/{storeId}/messages/search?q=`: the newest 50 messages matching the
/// words, in the conversations the caller reads.
#[utoipa::path(
    get,
    tag = "crate::api::chat",
    path = "/api/v1/stores/{storeId}/messages/search",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), SearchQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Message]}`, newest first", body = [MessageView]),
        (status = 400, description = "Empty or too long a search", body = crate::error::ErrorBody),
        crate::api::stores::StoreReadRefusals,
    )
)]
pub async fn search_messages(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    query: web::Query<SearchQuery>,
) -> AppResult<HttpResponse> {
    let words = input::required_text("q", &query.q, SEARCH_MAX)?;
    input::no_nul(&serde_json::Value::from(words.as_str()))?;
    let store = member.store_id();
    let (mine, _) = visible(&state, store, member.employee.id).await?;
    let ids: Vec<ConversationId> = mine.iter().map(|c| c.id).collect();
    let found = state
        .db
        .run(move |conn| Ok(Message::search(conn, store, &ids, &words, SEARCH_LIMIT)?))
        .await?;
    let views: Vec<MessageView> = found.iter().map(MessageView::from).collect();
    Ok(crate::api::envelope::ok(views))
}

/// `reactToMessage`: add an emoji to a message, or take it back.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReactToMessage {
    pub message_id: MessageId,
    // Checked by the store (`React`).
    pub emoji: RequiredText<{ crate::store::chat::EMOJI_MAX }>,
}

impl Call for ReactToMessage {
    const NAME: &'static str = "reactToMessage";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "React with an emoji to one of a conversation's 200 newest \
         messages (older ones are history: `message_not_found`); the same again takes it back.";
    type Output = MessageView;

    #[tracing::instrument(name = "reactToMessage", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<MessageView> {
        let cmd = React {
            by: caller(&ctx)?,
            message: self.message_id,
            emoji: self.emoji.0,
        };
        ctx.execute(cmd).await
    }
}
