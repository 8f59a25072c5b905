//! The chat's calls and reads: conversations ([`conversations`]), messages and search
//! ([`messages`]), reads ([`reads`]) and surveys ([`surveys`]).

pub mod conversations;
pub mod messages;
pub mod reads;
pub mod surveys;

use crate::api::stores::read;
use crate::calls::Registry;
use actix_web::web;

pub fn register(r: &mut Registry) {
    r.add::<conversations::CreateConversation>()
        .add::<messages::SendMessage>()
        .add::<messages::EditMessage>()
        .add::<messages::DeleteMessage>()
        .add::<reads::MarkConversationSeen>()
        .add::<surveys::CreateSurvey>()
        .add::<surveys::Vote>()
        .add::<surveys::UpdateSurvey>()
        .add::<messages::ReactToMessage>();
}

/// Mounts the chat's reads (inside `/api/v1`).
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(read(
        "/stores/{storeId}/conversations",
        "getConversations",
        conversations::get_conversations,
    ))
    .service(read(
        "/stores/{storeId}/conversations/{conversationId}/messages",
        "getMessages",
        messages::get_messages,
    ))
    .service(read(
        "/stores/{storeId}/conversations/{conversationId}/reads",
        "getReads",
        reads::get_reads,
    ))
    .service(read(
        "/stores/{storeId}/messages/search",
        "searchMessages",
        messages::search_messages,
    ))
    .service(read(
        "/stores/{storeId}/conversations/{conversationId}/surveys",
        "getSurveys",
        surveys::get_surveys,
    ));
}
