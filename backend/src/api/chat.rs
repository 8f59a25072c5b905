//! The chat's calls (conversations, messages, reads) and its reads: the conversations a member
//! reads with their unread counts, a conversation's history, and who has seen a message.

use crate::api::shifts::caller;
use crate::calls::guard::SignedIn;
use crate::calls::input;
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx, Registry};
use crate::db::models::chat::{Conversation, ConversationRead, Message};
use crate::domain::chat::{self, Kind};
use crate::domain::ids::{ConversationId, EmployeeId, MessageId};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::chat::{
    ChangeMessage, ConversationView, CreateConversation, MarkSeen, MessageView, SendMessage,
};
use crate::store::survey::{CastVote, CreateSurvey, PostedSurvey, SurveyView};
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub fn register(r: &mut Registry) {
    r.add::<CreateConversationCall>()
        .add::<SendMessageCall>()
        .add::<EditMessage>()
        .add::<DeleteMessage>()
        .add::<MarkConversationSeen>()
        .add::<CreateSurveyCall>()
        .add::<VoteCall>()
        .add::<ReactToMessage>();
}

/// Mounts the chat's reads (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/stores/{storeId}/conversations",
        web::get().to(get_conversations),
    )
    .route(
        "/stores/{storeId}/conversations/{conversationId}/messages",
        web::get().to(get_messages),
    )
    .route(
        "/stores/{storeId}/conversations/{conversationId}/reads",
        web::get().to(get_reads),
    )
    .route(
        "/stores/{storeId}/messages/search",
        web::get().to(search_messages),
    )
    .route(
        "/stores/{storeId}/conversations/{conversationId}/surveys",
        web::get().to(get_surveys),
    );
}

/// `createConversation` (ours): a direct conversation with one colleague, or a group.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateConversationCall {
    /// direct or group.
    #[schema(pattern = "^(direct|group)$")]
    pub kind: String,
    /// The colleagues' employee records.
    #[schema(max_items = 200)]
    pub members: Vec<EmployeeId>,
    #[serde(default)]
    #[schema(max_length = 120)]
    pub title: Option<String>,
    /// Only managers post (managers only).
    #[serde(default)]
    pub announcement: bool,
}

impl Call for CreateConversationCall {
    const NAME: &'static str = "createConversation";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Start a direct conversation with one colleague (the existing \
         one is answered if there is one) or a group; managers may make it announcement-only.";
    type Output = ConversationView;

    #[tracing::instrument(name = "createConversation", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ConversationView> {
        let kind = Kind::parse(&self.kind)
            .filter(|k| *k != Kind::Team)
            .ok_or_else(|| AppError::invalid("kind must be direct or group."))?;
        if self.members.len() > chat::GROUP_MAX {
            return Err(AppError::invalid("A group holds at most 200 members."));
        }
        let cmd = CreateConversation {
            by: caller(&ctx)?,
            kind,
            members: self.members,
            title: input::optional_text("title", self.title.as_deref(), chat::TITLE_MAX)?,
            announcement: self.announcement,
        };
        ctx.execute(cmd).await
    }
}

/// `sendMessage`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendMessageCall {
    pub conversation_id: ConversationId,
    #[schema(max_length = 4000)]
    pub content: String,
    #[serde(default, deserialize_with = "input::opt_id")]
    #[schema(value_type = Option<String>, format = Uuid)]
    pub reply_to: Option<MessageId>,
    /// Files uploaded for this store (`POST /api/v1/files`), at most 10; the text may then
    /// be empty.
    #[serde(default)]
    #[schema(max_items = 10)]
    pub attachments: Vec<crate::domain::ids::FileId>,
}

impl Call for SendMessageCall {
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
        let cmd = SendMessage {
            by,
            conversation: self.conversation_id,
            content: self.content,
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
    #[schema(max_length = 4000)]
    pub content: String,
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
            content: Some(self.content),
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

/// `markConversationSeen`: the caller has seen a conversation up to a sequence number.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarkConversationSeen {
    pub conversation_id: ConversationId,
    #[schema(minimum = 0)]
    pub seq: i64,
}

impl Call for MarkConversationSeen {
    const NAME: &'static str = "markConversationSeen";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Mark a conversation seen up to a message; unread counts follow.";
    type Output = ConversationView;

    #[tracing::instrument(name = "markConversationSeen", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<ConversationView> {
        let cmd = MarkSeen {
            by: caller(&ctx)?,
            conversation: self.conversation_id,
            seq: self.seq,
        };
        ctx.execute(cmd).await
    }
}

/// A conversation in the list, with its newest message.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationEntry {
    #[serde(flatten)]
    pub conversation: ConversationView,
    /// Its newest message, when it has one.
    #[schema(required = true)]
    pub last: Option<MessageView>,
}

/// The conversations a reader reads, and their reads of it.
async fn visible(
    state: &AppState,
    store: crate::domain::ids::StoreId,
    reader: EmployeeId,
) -> AppResult<(Vec<Conversation>, Vec<ConversationRead>)> {
    let (all, reads) = state
        .db
        .run(move |conn| {
            Ok((
                Conversation::of_store(conn, store)?,
                ConversationRead::of_store(conn, store)?,
            ))
        })
        .await?;
    let mine = all
        .into_iter()
        .filter(|c| Kind::parse(&c.kind).is_some_and(|k| chat::reads(k, &c.member_ids, reader.0)))
        .collect();
    Ok((mine, reads))
}

/// `GET /api/v1/stores/{storeId}/conversations`: the conversations the caller reads, newest
/// activity first, with unread counts and each one's newest message.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/conversations",
    params(("storeId" = uuid::Uuid, Path, description = "Store id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [ConversationEntry]}`", body = [ConversationEntry]),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
    )
)]
pub async fn get_conversations(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
) -> AppResult<HttpResponse> {
    let member = crate::api::stores::member(&state, user, &path, "getConversations").await?;
    let store = member.store_id();
    let me = member.employee.id;
    let (mut mine, reads) = visible(&state, store, me).await?;
    mine.sort_by_key(|c| std::cmp::Reverse(c.updated_at));
    let ids: Vec<ConversationId> = mine.iter().map(|c| c.id).collect();
    let lasts = state
        .db
        .run(move |conn| {
            ids.into_iter()
                .map(|id| Ok((id, Message::page(conn, id, None, None, 1)?.pop())))
                .collect::<AppResult<Vec<_>>>()
        })
        .await?;
    let entries: Vec<ConversationEntry> = mine
        .iter()
        .zip(lasts)
        .map(|(c, (_, last))| {
            let seen = reads
                .iter()
                .find(|r| r.conversation_id == c.id && r.employee_id == me)
                .map_or(0, |r| r.seen_seq);
            ConversationEntry {
                conversation: ConversationView::new(c, seen),
                last: last.as_ref().map(MessageView::from),
            }
        })
        .collect();
    Ok(crate::api::envelope::ok(entries))
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

async fn conversation_of(
    state: &AppState,
    user: SignedIn,
    raw_store: &str,
    raw_conversation: &str,
    method: &'static str,
) -> AppResult<(Conversation, crate::calls::guard::Member)> {
    let member = crate::api::stores::member(state, user, raw_store, method).await?;
    let id: ConversationId = raw_conversation
        .parse()
        .map_err(|_| AppError::not_found("conversation_not_found", "Conversation not found."))?;
    let (mine, _) = visible(state, member.store_id(), member.employee.id).await?;
    let conversation = mine
        .into_iter()
        .find(|c| c.id == id)
        .ok_or_else(|| AppError::not_found("conversation_not_found", "Conversation not found."))?;
    Ok((conversation, member))
}

/// `GET /api/v1/stores/{storeId}/conversations/{conversationId}/messages`: history, 20 at a
/// time backwards (`before`), or what came after a sequence number (`after`).
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/conversations/{conversationId}/messages",
    params(
        ("storeId" = uuid::Uuid, Path, description = "Store id"),
        ("conversationId" = uuid::Uuid, Path, description = "Conversation id"),
        HistoryQuery,
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Message], \"modified\": [Message]}`: the page, oldest first; beside the first page (no `before` or `after`), the 10 newest modified (edited or deleted) messages older than it, newest change first (empty otherwise)", body = [MessageView]),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member", body = crate::error::ErrorBody),
        (status = 404, description = "No such store or conversation", body = crate::error::ErrorBody),
    )
)]
pub async fn get_messages(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<(String, String)>,
    query: web::Query<HistoryQuery>,
) -> AppResult<HttpResponse> {
    let (raw_store, raw_conversation) = path.into_inner();
    let (conversation, _) =
        conversation_of(&state, user, &raw_store, &raw_conversation, "getMessages").await?;
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
            Ok((
                page,
                modified,
                crate::db::models::chat::Reaction::of_messages(conn, &ids)?,
            ))
        })
        .await?;
    let view = |m: &Message| {
        let mut view = MessageView::from(m);
        view.reactions =
            crate::store::chat::reaction_views(reactions.iter().filter(|r| r.message_id == m.id));
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

/// How far one member has read a conversation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadView {
    pub employee: EmployeeId,
    /// The newest message they have seen.
    pub seq: i64,
}

/// `GET /api/v1/stores/{storeId}/conversations/{conversationId}/reads`: how far each member has
/// read: a message of sequence `n` is seen by those at `n` or beyond ("seen by").
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/conversations/{conversationId}/reads",
    params(
        ("storeId" = uuid::Uuid, Path, description = "Store id"),
        ("conversationId" = uuid::Uuid, Path, description = "Conversation id"),
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Read]}`", body = [ReadView]),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member", body = crate::error::ErrorBody),
        (status = 404, description = "No such store or conversation", body = crate::error::ErrorBody),
    )
)]
pub async fn get_reads(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<(String, String)>,
) -> AppResult<HttpResponse> {
    let (raw_store, raw_conversation) = path.into_inner();
    let (conversation, member) =
        conversation_of(&state, user, &raw_store, &raw_conversation, "getReads").await?;
    let (_, reads) = visible(&state, member.store_id(), member.employee.id).await?;
    let views: Vec<ReadView> = reads
        .into_iter()
        .filter(|r| r.conversation_id == conversation.id)
        .map(|r| ReadView {
            employee: r.employee_id,
            seq: r.seen_seq,
        })
        .collect();
    Ok(crate::api::envelope::ok(views))
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
    path = "/api/v1/stores/{storeId}/messages/search",
    params(("storeId" = uuid::Uuid, Path, description = "Store id"), SearchQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Message]}`, newest first", body = [MessageView]),
        (status = 400, description = "Empty or too long a search", body = crate::error::ErrorBody),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member", body = crate::error::ErrorBody),
        (status = 404, description = "No such store", body = crate::error::ErrorBody),
    )
)]
pub async fn search_messages(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<String>,
    query: web::Query<SearchQuery>,
) -> AppResult<HttpResponse> {
    let member = crate::api::stores::member(&state, user, &path, "searchMessages").await?;
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

/// `createSurvey` (ours; the spec's surveys): a manager posts a poll or an open question.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateSurveyCall {
    pub conversation_id: ConversationId,
    #[schema(max_length = 500)]
    pub question: String,
    /// poll or explanational.
    #[schema(pattern = "^(poll|explanational)$")]
    pub mode: String,
    /// A poll's answers, 2 to 20.
    #[serde(default)]
    #[schema(max_items = 20)]
    pub answers: Vec<String>,
    #[serde(default)]
    pub is_multiple: bool,
    #[serde(default)]
    pub is_anonymous: bool,
}

impl Call for CreateSurveyCall {
    const NAME: &'static str = "createSurvey";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str =
        "Post a poll (single or multiple choice, anonymous or not) or an \
         open question in a conversation (managers).";
    type Output = PostedSurvey;

    #[tracing::instrument(name = "createSurvey", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<PostedSurvey> {
        let by = caller(&ctx)?;
        if !crate::store::survey::may_create(by.perms) {
            return Err(AppError::forbidden(
                "permission_denied",
                crate::messages::NOT_ENOUGH_PERMISSION,
            ));
        }
        let mode = crate::domain::survey::Mode::parse(&self.mode)
            .ok_or_else(|| AppError::invalid("mode must be poll or explanational."))?;
        if self.answers.len() > crate::domain::survey::ANSWERS_MAX {
            return Err(AppError::invalid("A poll offers at most 20 answers."));
        }
        let cmd = CreateSurvey {
            by,
            conversation: self.conversation_id,
            question: self.question,
            mode,
            answers: self.answers,
            multiple: self.is_multiple,
            anonymous: self.is_anonymous,
        };
        ctx.execute(cmd).await
    }
}

/// `vote`: choose a poll's answers (one unless it allows several) or answer an open question.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoteCall {
    pub survey_id: crate::domain::ids::SurveyId,
    /// Indexes of the chosen answers (polls).
    #[serde(default)]
    #[schema(max_items = 20)]
    pub choices: Vec<i32>,
    /// The answer in words (open questions).
    #[serde(default)]
    #[schema(max_length = 500)]
    pub answer: Option<String>,
}

impl Call for VoteCall {
    const NAME: &'static str = "vote";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Vote once in a survey of a conversation one reads.";
    type Output = SurveyView;

    #[tracing::instrument(name = "vote", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SurveyView> {
        if self.choices.len() > crate::domain::survey::ANSWERS_MAX {
            return Err(AppError::invalid("A vote names at most 20 answers."));
        }
        let cmd = CastVote {
            by: caller(&ctx)?,
            survey: self.survey_id,
            choices: self.choices,
            answer: self.answer,
        };
        ctx.execute(cmd).await
    }
}

/// A survey as its reader sees it: everyone's view, and whether the reader has voted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyEntry {
    #[serde(flatten)]
    pub survey: SurveyView,
    pub voted: bool,
}

/// `GET /api/v1/stores/{storeId}/conversations/{conversationId}/surveys`: the conversation's
/// polls and open questions with their results, oldest first.
#[utoipa::path(
    get,
    path = "/api/v1/stores/{storeId}/conversations/{conversationId}/surveys",
    params(
        ("storeId" = uuid::Uuid, Path, description = "Store id"),
        ("conversationId" = uuid::Uuid, Path, description = "Conversation id"),
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [SurveyEntry]}`", body = [SurveyEntry]),
        (status = 401, description = "Not signed in", body = crate::error::ErrorBody),
        (status = 403, description = "Not a member", body = crate::error::ErrorBody),
        (status = 404, description = "No such store or conversation", body = crate::error::ErrorBody),
    )
)]
pub async fn get_surveys(
    state: web::Data<AppState>,
    user: SignedIn,
    path: web::Path<(String, String)>,
) -> AppResult<HttpResponse> {
    let (raw_store, raw_conversation) = path.into_inner();
    let (conversation, member) =
        conversation_of(&state, user, &raw_store, &raw_conversation, "getSurveys").await?;
    let id = conversation.id;
    let found = state
        .db
        .run(move |conn| Ok(crate::db::models::chat::Survey::of_conversation(conn, id)?))
        .await?;
    let me = member.employee.id;
    let entries: Vec<SurveyEntry> = found
        .iter()
        .map(|(s, votes)| SurveyEntry {
            survey: SurveyView::new(s, votes),
            voted: votes.iter().any(|v| v.employee_id == me),
        })
        .collect();
    Ok(crate::api::envelope::ok(entries))
}

/// `reactToMessage`: add an emoji to a message, or take it back.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReactToMessage {
    pub message_id: MessageId,
    #[schema(min_length = 1, max_length = 16)]
    pub emoji: String,
}

impl Call for ReactToMessage {
    const NAME: &'static str = "reactToMessage";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str =
        "React to a recent message with an emoji; the same again takes it back.";
    type Output = MessageView;

    #[tracing::instrument(name = "reactToMessage", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<MessageView> {
        let cmd = crate::store::chat::React {
            by: caller(&ctx)?,
            message: self.message_id,
            emoji: self.emoji,
        };
        ctx.execute(cmd).await
    }
}
