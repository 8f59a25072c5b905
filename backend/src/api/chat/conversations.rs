//! Conversations: starting one, the list a member reads with unread counts, and which
//! conversations a member reads.

use crate::api::shifts::caller;
use crate::api::stores::StoreMember;
use crate::calls::bounded::{OptionalText, Text};
use crate::calls::guard::Member;
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx};
use crate::db::models::chat::{Conversation, ConversationRead, Message};
use crate::domain::chat::{self, Kind};
use crate::domain::ids::{ConversationId, EmployeeId, EmployeeIdList, StoreId};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::chat::{ConversationView, MessageView};
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `createConversation` (ours): a direct conversation with one colleague, or a group.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CreateConversationCall)]
pub struct CreateConversation {
    /// direct or group.
    #[schema(pattern = "^(direct|group)$")]
    pub kind: String,
    /// The colleagues' employee records.
    pub members: EmployeeIdList<{ chat::GROUP_MAX }>,
    #[serde(default)]
    pub title: Option<Text<{ chat::TITLE_MAX }>>,
    /// Only managers post (managers only).
    #[serde(default)]
    pub announcement: bool,
}

impl Call for CreateConversation {
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
        let members = self
            .members
            .within(|| AppError::invalid("A group holds at most 200 members."))?;
        let cmd = crate::store::chat::CreateConversation {
            by: caller(&ctx)?,
            kind,
            members,
            title: self.title.optional("title")?,
            announcement: self.announcement,
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

/// The conversations a reader reads, and the store's reads of conversations.
pub async fn visible(
    state: &AppState,
    store: StoreId,
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
        .filter(|c| chat::reads(c.kind, &c.member_ids, reader.0))
        .collect();
    Ok((mine, reads))
}

/// `GET /api/v1/stores/{storeId}/conversations`: the conversations the caller reads, newest
/// activity first, with unread counts and each one's newest message.
#[utoipa::path(
    get,
    tag = "crate::api::chat",
    path = "/api/v1/stores/{storeId}/conversations",
    params(("storeId" = uuid::Uuid, Path, description = "Store id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [ConversationEntry]}`", body = [ConversationEntry]),
        crate::api::stores::StoreReadRefusals,
    )
)]
pub async fn get_conversations(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
) -> AppResult<HttpResponse> {
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

/// The conversation a path names, if the caller (a member of the path's store) reads it.
pub async fn conversation_of(
    state: &AppState,
    member: &Member,
    raw_conversation: &str,
) -> AppResult<Conversation> {
    let id: ConversationId = raw_conversation
        .parse()
        .map_err(|_| AppError::not_found("conversation_not_found", "Conversation not found."))?;
    let (mine, _) = visible(state, member.store_id(), member.employee.id).await?;
    let conversation = mine
        .into_iter()
        .find(|c| c.id == id)
        .ok_or_else(|| AppError::not_found("conversation_not_found", "Conversation not found."))?;
    Ok(conversation)
}
