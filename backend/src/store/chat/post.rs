//! A new message (the next number of its conversation) and a changed one, announced to the
//! conversation's readers.

use crate::db::models::chat::{Conversation, ConversationRead, Message};
use crate::domain::chat::MessageKind;
use crate::domain::ids::{EmployeeId, MessageId};
use crate::store::chat::access::audience;
use crate::store::chat::views::{reaction_views, Attachment, MessageView};
use crate::store::command::{Effects, EventDraft, Write};
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde_json::json;

/// What a new message holds.
#[derive(Debug, Clone)]
pub struct Draft {
    /// The sender's record; `None` for the product's own messages.
    pub sender: Option<EmployeeId>,
    pub kind: MessageKind,
    pub content: String,
    pub reply_to: Option<MessageId>,
    pub action: Option<serde_json::Value>,
    pub attachments: Vec<Attachment>,
}

/// The effects of a new message in `conversation`: the message with the next sequence number
/// and the conversation moved on, announced to its readers.
pub fn post(
    state: &StoreState,
    conversation: &Conversation,
    draft: Draft,
    now: DateTime<Utc>,
    effects: &mut Effects,
) -> MessageView {
    let Draft {
        sender,
        kind,
        content,
        reply_to,
        action,
        attachments,
    } = draft;
    let mut next = conversation.clone();
    next.last_seq += 1;
    next.updated_at = now;
    let message = Message {
        id: MessageId::new(),
        store_id: state.store.id,
        conversation_id: conversation.id,
        seq: next.last_seq,
        sender,
        kind,
        content,
        reply_to,
        action,
        modified: false,
        deleted: false,
        version: 1,
        created_at: now,
        updated_at: now,
        attachments: serde_json::to_value(&attachments).unwrap_or_default(),
    };
    let view = MessageView::from(&message);
    effects.events.push(EventDraft {
        kind: "message.created",
        data: json!(view),
        visibility: audience(state, conversation),
    });
    effects.writes.push(Write::PutConversation(Box::new(next)));
    effects.writes.push(Write::PutMessage(Box::new(message)));
    // Its sender has read it (and so everything before it).
    if let Some(sender) = sender {
        effects
            .writes
            .push(Write::PutRead(Box::new(ConversationRead {
                conversation_id: conversation.id,
                employee_id: sender,
                seen_seq: view.seq,
                updated_at: now,
            })));
    }
    view
}

/// The effects of a changed message (`next`, edited or deleted): written with its next
/// version and announced with its reactions to the conversation's readers.
pub fn change(
    state: &StoreState,
    conversation: &Conversation,
    mut next: Message,
    now: DateTime<Utc>,
    effects: &mut Effects,
) -> MessageView {
    next.version += 1;
    next.updated_at = now;
    let mut view = MessageView::from(&next);
    if !next.deleted {
        view.reactions = reaction_views(state.chat.reactions.get(&next.id).into_iter().flatten());
    }
    effects.events.push(EventDraft {
        kind: "message.updated",
        data: json!(view),
        visibility: audience(state, conversation),
    });
    effects.writes.push(Write::PutMessage(Box::new(next)));
    view
}
