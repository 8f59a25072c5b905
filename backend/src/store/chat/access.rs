//! Who reads a conversation and hears of its changes, finding a message the working set
//! holds, and the chat's refusals as answers.

use crate::db::models::chat::{Conversation, Message};
use crate::domain::audience::Audience;
use crate::domain::chat::{self, Kind, Refusal};
use crate::domain::ids::{ConversationId, EmployeeId, MessageId, UserId};
use crate::domain::permissions::Perms;
use crate::error::{AppError, AppResult};
use crate::store::shifts::Caller;
use crate::store::state::StoreState;

/// A chat rule's refusal as the answer.
pub fn refused(e: Refusal) -> AppError {
    match e {
        Refusal::NotYours | Refusal::AnnouncementOnly | Refusal::AnnouncementByManagers => {
            AppError::forbidden(e.code(), e.to_string())
        }
        Refusal::Deleted => AppError::conflict(e.code(), e.to_string()),
        _ => AppError::bad_request(e.code(), e.to_string()),
    }
}

fn conversation_not_found() -> AppError {
    AppError::not_found("conversation_not_found", "Conversation not found.")
}

pub fn message_not_found() -> AppError {
    AppError::not_found("message_not_found", "Message not found.")
}

/// Whether the caller manages the store's people or schedule (deletes any message, posts in
/// announcement conversations, runs surveys).
pub fn is_manager(by: &Caller) -> bool {
    by.perms.covers(Perms::SCHEDULE) || by.perms.covers(Perms::EMPLOYEE)
}

/// A conversation the caller reads.
pub fn readable(
    state: &StoreState,
    reader: EmployeeId,
    id: ConversationId,
) -> AppResult<&Conversation> {
    state
        .chat
        .conversations
        .get(&id)
        .filter(|c| chat::reads(c.kind, &c.member_ids, reader.0))
        .ok_or_else(conversation_not_found)
}

/// Who hears of a conversation's changes: everyone for the team's, else its members.
pub fn audience(state: &StoreState, c: &Conversation) -> Audience {
    if c.kind == Kind::Team {
        return Audience::Everyone;
    }
    let users: Vec<UserId> = c
        .member_ids
        .iter()
        .filter_map(|e| state.employees.iter().find(|r| r.id.0 == *e))
        .filter_map(|r| r.user_id)
        .collect();
    Audience::Users(users)
}

/// A message of a conversation the reader reads, with its conversation: a recent one or an
/// older one the actor read for the command (`Command::needs`). Any other is not found, as is
/// one of a conversation the reader does not read.
pub fn message_of(
    state: &StoreState,
    reader: EmployeeId,
    id: MessageId,
) -> AppResult<(&Message, &Conversation)> {
    let message = state.chat.message(id).ok_or_else(message_not_found)?;
    let conversation =
        readable(state, reader, message.conversation_id).map_err(|_| message_not_found())?;
    Ok((message, conversation))
}
