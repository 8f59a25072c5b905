//! Messages as store commands: sending (with its notifications), editing, deleting and
//! reacting, planned against the working set and committed before they are delivered.

use crate::db::models::chat::{Conversation, Reaction};
use crate::db::models::employee::Employee;
use crate::domain::chat::{self, Kind, MessageKind, Refusal};
use crate::domain::ids::{ConversationId, EmployeeId, MessageId};
use crate::domain::notification::{self, AccessFor, NotificationKind, References, Variant};
use crate::domain::upload::FileKind;
use crate::error::{AppError, AppResult};
use crate::store::chat::access::{
    audience, is_manager, message_not_found, message_of, readable, refused,
};
use crate::store::chat::post::{change, post, Draft};
use crate::store::chat::views::{reaction_views, Attachment, MessageView};
use crate::store::command::{Command, Effects, EventDraft, Reply, Write};
use crate::store::shifts::Caller;
use crate::store::state::{Need, StoreState};
use chrono::{DateTime, Utc};
use serde_json::json;

/// `sendMessage`.
#[derive(Debug)]
pub struct SendMessage {
    pub by: Caller,
    pub conversation: ConversationId,
    pub content: String,
    pub reply_to: Option<MessageId>,
    /// Files the sender uploaded for this store, checked by the call.
    pub attachments: Vec<Attachment>,
}

impl Command for SendMessage {
    fn name(&self) -> &'static str {
        "sendMessage"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let conversation = readable(state, self.by.employee, self.conversation)?;
        chat::may_post(conversation.announcement, is_manager(&self.by)).map_err(refused)?;
        let content = chat::body(&self.content, self.attachments.len()).map_err(refused)?;
        // Any message of the conversation, however old (read by the actor when needed).
        if let Some(reply) = self.reply_to {
            state
                .chat
                .message(reply)
                .filter(|m| m.conversation_id == conversation.id)
                .ok_or_else(message_not_found)?;
        }
        let mut effects = Effects::default();
        let images = self
            .attachments
            .iter()
            .filter(|a| a.kind == FileKind::Image)
            .count();
        let draft = Draft {
            sender: Some(self.by.employee),
            kind: chat::message_kind(images, self.attachments.len() - images),
            content,
            reply_to: self.reply_to,
            action: None,
            attachments: self.attachments.clone(),
        };
        let view = post(state, conversation, draft, now, &mut effects);
        let drafts = tell_readers(state, conversation, self.by.employee, &view);
        let (writes, events) = crate::store::notify::effects(state, drafts, now);
        effects.writes.extend(writes);
        effects.events.extend(events);
        effects.reply = Reply::new(view);
        Ok(effects)
    }

    fn needs(&self, state: &StoreState) -> Option<Need> {
        self.reply_to.and_then(|id| state.chat.needs_message(id))
    }
}

/// The `message` notifications of a new message: to each reader named with `@` in it, and to
/// each other reader who was not told of the conversation's unread messages yet (one per
/// stretch of unread messages, not one per message).
fn tell_readers(
    state: &StoreState,
    conversation: &Conversation,
    sender: EmployeeId,
    message: &MessageView,
) -> Vec<notification::Draft> {
    let readers: Vec<&Employee> = state
        .employees
        .iter()
        .filter(|e| e.terminated_at.is_none() && !e.deactive && e.user_id.is_some())
        .filter(|e| chat::reads(conversation.kind, &conversation.member_ids, e.id.0))
        .collect();
    let sender_name = state
        .employee(sender)
        .map(|e| e.shown_name().to_string())
        .unwrap_or_default();
    let names: Vec<(uuid::Uuid, &str)> = readers.iter().map(|e| (e.id.0, e.shown_name())).collect();
    let mentioned = chat::mentioned(&message.content, &names);
    let title = match conversation.kind {
        Kind::Team => Some(state.store.name.as_str()),
        _ => conversation.title.as_deref(),
    };
    let preview = match (message.content.is_empty(), message.kind) {
        (false, _) => chat::preview(&message.content),
        (true, MessageKind::Image) => "📷".to_string(),
        (true, _) => "📎".to_string(),
    };
    let sender_user = state.user_of(Some(sender));
    let mut drafts = Vec::new();
    for reader in readers.iter().filter(|e| e.id != sender) {
        let Some(user) = reader.user_id else { continue };
        let mention = mentioned.contains(&reader.id.0);
        let seen = state
            .chat
            .reads
            .get(&(conversation.id, reader.id))
            .copied()
            .unwrap_or(0);
        let told = state
            .chat
            .told
            .get(&(conversation.id, user))
            .copied()
            .unwrap_or(0);
        if !mention && !chat::tell_of_new(told, seen) {
            continue;
        }
        let text = if mention {
            notification::texts::mentioned(&sender_name, title, &preview)
        } else {
            notification::texts::new_message(&sender_name, title, &preview)
        };
        drafts.push(notification::Draft {
            kind: NotificationKind::Message,
            variant: Variant::Info,
            text,
            access_for: AccessFor::User(user),
            source: sender_user,
            references: References {
                conversation: Some(conversation.id),
                // A mention is always pushed; the first of a stretch of unread messages is
                // pushed only if still unread when its turn comes.
                message_seq: (!mention).then_some(message.seq),
                ..References::default()
            },
            reason: None,
        });
    }
    drafts
}

/// `editMessage` (its sender) and `deleteMessage` (its sender or a manager).
#[derive(Debug)]
pub struct ChangeMessage {
    pub by: Caller,
    pub message: MessageId,
    /// The new text; `None` deletes.
    pub content: Option<String>,
}

impl Command for ChangeMessage {
    fn name(&self) -> &'static str {
        if self.content.is_some() {
            "editMessage"
        } else {
            "deleteMessage"
        }
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let (message, conversation) = message_of(state, self.by.employee, self.message)?;
        let sender = message.sender.map(|s| s.0);
        let mut next = message.clone();
        let mut effects = Effects::default();
        match &self.content {
            Some(text) => {
                let survey = crate::store::survey::of_message(state, message.id).is_some();
                chat::may_edit(sender, self.by.employee.0, message.deleted, survey)
                    .map_err(refused)?;
                next.content = chat::text(text).map_err(refused)?;
                next.modified = true;
            }
            None => {
                if message.deleted {
                    return Ok(Effects::nothing(MessageView::from(message)));
                }
                chat::may_delete(sender, self.by.employee.0, is_manager(&self.by))
                    .map_err(refused)?;
                next.deleted = true;
                // A poll goes with its message: it takes no more votes and leaves the list.
                crate::store::survey::withdraw_with(
                    state,
                    conversation,
                    message.id,
                    now,
                    &mut effects,
                );
            }
        }
        let view = change(state, conversation, next, now, &mut effects);
        effects.reply = Reply::new(view);
        Ok(effects)
    }

    fn needs(&self, state: &StoreState) -> Option<Need> {
        state.chat.needs_message(self.message)
    }
}

/// The longest reaction (an emoji, perhaps with modifiers).
pub const EMOJI_MAX: usize = 16;

/// `reactToMessage`: a member adds an emoji to a recent message (one of its conversation's
/// newest `RECENT_MESSAGES`), or takes it back.
#[derive(Debug)]
pub struct React {
    pub by: Caller,
    pub message: MessageId,
    pub emoji: String,
}

impl Command for React {
    fn name(&self) -> &'static str {
        "reactToMessage"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let emoji = self.emoji.trim();
        if emoji.is_empty() || emoji.len() > EMOJI_MAX || emoji.chars().any(char::is_whitespace) {
            return Err(AppError::invalid("A reaction is one emoji."));
        }
        // Only recent messages (the working set keeps their reactions): no `needs`.
        let message = state
            .chat
            .recent_message(self.message)
            .ok_or_else(message_not_found)?;
        let conversation = readable(state, self.by.employee, message.conversation_id)
            .map_err(|_| message_not_found())?;
        if message.deleted {
            return Err(refused(Refusal::Deleted));
        }
        let current = state
            .chat
            .reactions
            .get(&message.id)
            .map(Vec::as_slice)
            .unwrap_or_default();
        let on = !current
            .iter()
            .any(|r| r.employee_id == self.by.employee && r.emoji == emoji);
        let reaction = Reaction {
            message_id: message.id,
            employee_id: self.by.employee,
            emoji: emoji.to_string(),
            created_at: now,
        };
        let mut after: Vec<Reaction> = current
            .iter()
            .filter(|r| !(r.employee_id == self.by.employee && r.emoji == emoji))
            .cloned()
            .collect();
        if on {
            after.push(reaction.clone());
        }
        let mut view = MessageView::from(message);
        view.reactions = reaction_views(&after);
        Ok(Effects {
            events: vec![EventDraft {
                kind: "message.updated",
                data: json!(view),
                visibility: audience(state, conversation),
            }],
            writes: vec![Write::ToggleReaction(Box::new(reaction), on)],
            reply: Reply::new(view),
        })
    }
}
