//! How far members have read a conversation: marking it seen, and who has seen what.

use crate::api::chat::conversations::{conversation_of, visible};
use crate::api::shifts::caller;
use crate::api::stores::StoreMember;
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx};
use crate::domain::ids::{ConversationId, EmployeeId};
use crate::domain::permissions::Perms;
use crate::error::AppResult;
use crate::store::chat::{ConversationView, MarkSeen};
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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
    tag = "crate::api::chat",
    path = "/api/v1/stores/{storeId}/conversations/{conversationId}/reads",
    params(
        ("storeId" = uuid::Uuid, Path, description = "Store id"),
        ("conversationId" = uuid::Uuid, Path, description = "Conversation id"),
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [Read]}`", body = [ReadView]),
        crate::api::stores::StoreReadRefusals,
        (status = 404, description = "No such store or conversation", body = crate::error::ErrorBody),
    )
)]
pub async fn get_reads(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    path: web::Path<(String, String)>,
) -> AppResult<HttpResponse> {
    let (_, raw_conversation) = path.into_inner();
    let conversation = conversation_of(&state, &member, &raw_conversation).await?;
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
