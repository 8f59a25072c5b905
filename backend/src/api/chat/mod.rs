//! The chat's calls and reads: conversations ([`conversations`]), messages and search
//! ([`messages`]), reads ([`reads`]) and surveys ([`surveys`]).

pub mod conversations;
pub mod messages;
pub mod reads;
pub mod surveys;

use crate::calls::Registry;
use actix_web::web;

pub fn register(r: &mut Registry) {
    r.add::<conversations::CreateConversationCall>()
        .add::<messages::SendMessageCall>()
        .add::<messages::EditMessage>()
        .add::<messages::DeleteMessage>()
        .add::<reads::MarkConversationSeen>()
        .add::<surveys::CreateSurveyCall>()
        .add::<surveys::VoteCall>()
        .add::<surveys::UpdateSurveyCall>()
        .add::<messages::ReactToMessage>();
}

/// Mounts the chat's reads (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route(
        "/stores/{storeId}/conversations",
        web::get().to(conversations::get_conversations),
    )
    .route(
        "/stores/{storeId}/conversations/{conversationId}/messages",
        web::get().to(messages::get_messages),
    )
    .route(
        "/stores/{storeId}/conversations/{conversationId}/reads",
        web::get().to(reads::get_reads),
    )
    .route(
        "/stores/{storeId}/messages/search",
        web::get().to(messages::search_messages),
    )
    .route(
        "/stores/{storeId}/conversations/{conversationId}/surveys",
        web::get().to(surveys::get_surveys),
    );
}
