//! The chat as store commands: conversations, messages (with a gap-free sequence per
//! conversation), edits, deletions and reads, planned against the working set and committed
//! before they are delivered, like every change of a store.

use crate::db::models::chat::{Conversation, ConversationRead, Message, Reaction};
use crate::db::models::employee::Employee;
use crate::domain::audience::Audience;
use crate::domain::chat::{self, Kind, Refusal};
use crate::domain::ids::{ConversationId, EmployeeId, FileId, MessageId, StoreId, UserId};
use crate::domain::notification::{self, AccessFor, NotificationKind, References, Variant};
use crate::domain::permissions::Perms;
use crate::domain::upload::FileKind;
use crate::error::{AppError, AppResult};
use crate::store::command::{Command, Effects, EventDraft, Reply, Write};
use crate::store::shifts::Caller;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

/// A conversation as a member sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationView {
    pub id: ConversationId,
    pub store: StoreId,
    /// team, direct or group.
    pub kind: String,
    #[schema(required = true)]
    pub title: Option<String>,
    /// Only managers post.
    pub announcement: bool,
    /// Employee records listed (empty for the team conversation: every member).
    pub members: Vec<EmployeeId>,
    /// The sequence number of its newest message.
    pub last_seq: i64,
    /// Messages after what the reader has seen.
    pub unread: i64,
    pub timestamp: i64,
    pub modified: i64,
}

impl ConversationView {
    pub fn new(c: &Conversation, seen: i64) -> ConversationView {
        ConversationView {
            id: c.id,
            store: c.store_id,
            kind: c.kind.clone(),
            title: c.title.clone(),
            announcement: c.announcement,
            members: c.member_ids.iter().copied().map(EmployeeId).collect(),
            last_seq: c.last_seq,
            unread: chat::unread(c.last_seq, seen),
            timestamp: c.created_at.timestamp_millis(),
            modified: c.updated_at.timestamp_millis(),
        }
    }
}

/// A file a message carries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    pub id: FileId,
    /// image or document.
    pub kind: String,
    pub name: String,
    /// Its type, read from its content.
    #[serde(rename = "type")]
    pub mime: String,
    pub size: i64,
    /// A picture's size in pixels.
    #[schema(required = true)]
    pub width: Option<i32>,
    #[schema(required = true)]
    pub height: Option<i32>,
}

impl Attachment {
    /// Where it is downloaded (by readers of its conversation).
    pub fn url(&self) -> String {
        file_url(self.id)
    }
}

/// Where a file is downloaded.
pub fn file_url(id: FileId) -> String {
    format!("/api/v1/files/{id}")
}

/// Where a picture's thumbnail is downloaded.
pub fn thumbnail_url(id: FileId) -> String {
    format!("/api/v1/files/{id}/thumbnail")
}

/// A document as the spec lists a message's documents.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct DocumentLink {
    pub name: String,
    pub url: String,
    #[serde(rename = "type")]
    pub mime: String,
}

/// A message as readers see it (a deleted one keeps its place, without its content).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageView {
    pub id: MessageId,
    pub conversation: ConversationId,
    /// Gap-free within its conversation, from 1.
    pub seq: i64,
    /// The sender's employee record; `null` for the product's own messages.
    #[schema(required = true)]
    pub sender: Option<EmployeeId>,
    /// text, image, document, dropshift or survey.
    #[serde(rename = "type")]
    pub kind: String,
    pub content: String,
    #[schema(required = true)]
    pub reply_to: Option<MessageId>,
    /// What the message opens (a dropped shift's request and shift).
    #[schema(value_type = Option<Object>, required = true)]
    pub action: Option<serde_json::Value>,
    pub modified: bool,
    pub deleted: bool,
    /// Epoch ms.
    pub timestamp: i64,
    /// Reactions by emoji, with who reacted.
    pub reactions: Vec<ReactionView>,
    /// The files it carries.
    pub attachments: Vec<Attachment>,
    /// Its pictures' addresses (the spec's `images`), and their thumbnails'.
    pub images: Vec<String>,
    pub thumbnails: Vec<String>,
    /// Its documents (the spec's `documents`).
    pub documents: Vec<DocumentLink>,
}

/// One emoji's reactions to a message.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReactionView {
    pub emoji: String,
    pub employees: Vec<EmployeeId>,
}

/// Reactions grouped by emoji, in the order they were first given.
pub fn reaction_views<'a>(reactions: impl IntoIterator<Item = &'a Reaction>) -> Vec<ReactionView> {
    let mut out: Vec<ReactionView> = Vec::new();
    for r in reactions {
        match out.iter_mut().find(|v| v.emoji == r.emoji) {
            Some(v) => v.employees.push(r.employee_id),
            None => out.push(ReactionView {
                emoji: r.emoji.clone(),
                employees: vec![r.employee_id],
            }),
        }
    }
    out
}

impl From<&Message> for MessageView {
    fn from(m: &Message) -> Self {
        let attachments: Vec<Attachment> = if m.deleted {
            Vec::new()
        } else {
            serde_json::from_value(m.attachments.clone()).unwrap_or_default()
        };
        let images: Vec<&Attachment> = attachments
            .iter()
            .filter(|a| a.kind == FileKind::Image.as_str())
            .collect();
        MessageView {
            images: images.iter().map(|a| a.url()).collect(),
            thumbnails: images.iter().map(|a| thumbnail_url(a.id)).collect(),
            documents: attachments
                .iter()
                .filter(|a| a.kind == FileKind::Document.as_str())
                .map(|a| DocumentLink {
                    name: a.name.clone(),
                    url: a.url(),
                    mime: a.mime.clone(),
                })
                .collect(),
            attachments,
            id: m.id,
            conversation: m.conversation_id,
            seq: m.seq,
            sender: m.sender,
            kind: m.kind.clone(),
            content: if m.deleted {
                String::new()
            } else {
                m.content.clone()
            },
            reply_to: m.reply_to,
            action: if m.deleted { None } else { m.action.clone() },
            modified: m.modified,
            deleted: m.deleted,
            timestamp: m.created_at.timestamp_millis(),
            reactions: Vec::new(),
        }
    }
}

fn refused(e: Refusal) -> AppError {
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

fn message_not_found() -> AppError {
    AppError::not_found("message_not_found", "Message not found.")
}

fn is_manager(by: &Caller) -> bool {
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
        .filter(|c| Kind::parse(&c.kind).is_some_and(|k| chat::reads(k, &c.member_ids, reader.0)))
        .ok_or_else(conversation_not_found)
}

/// Who hears of a conversation's changes: everyone for the team's, else its members.
pub fn audience(state: &StoreState, c: &Conversation) -> Audience {
    if c.kind == Kind::Team.as_str() {
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

/// What a new message holds.
#[derive(Debug, Clone)]
pub struct Draft {
    /// The sender's record; `None` for the product's own messages.
    pub sender: Option<EmployeeId>,
    /// text, image, document, dropshift or survey.
    pub kind: &'static str,
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
        kind: kind.into(),
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
    view
}

/// `createConversation`: a direct conversation with one colleague (the existing one when there
/// is one) or a group; managers may make a group announcement-only.
#[derive(Debug)]
pub struct CreateConversation {
    pub by: Caller,
    pub kind: Kind,
    pub members: Vec<EmployeeId>,
    pub title: Option<String>,
    pub announcement: bool,
}

impl Command for CreateConversation {
    fn name(&self) -> &'static str {
        "createConversation"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if self.kind == Kind::Team {
            return Err(AppError::bad_request(
                "invalid_kind",
                "The team conversation exists already.",
            ));
        }
        for m in &self.members {
            state.employee(*m).filter(|e| !e.deactive).ok_or_else(|| {
                AppError::not_found("employee_not_found", crate::messages::NO_EMPLOYEE_DOCUMENT)
            })?;
        }
        let chosen: Vec<uuid::Uuid> = self.members.iter().map(|m| m.0).collect();
        let members = chat::members(
            self.kind,
            self.by.employee.0,
            &chosen,
            self.announcement,
            is_manager(&self.by),
        )
        .map_err(refused)?;
        if self.kind == Kind::Direct {
            if let Some(existing) = state
                .chat
                .conversations
                .values()
                .find(|c| c.kind == Kind::Direct.as_str() && c.member_ids == members)
            {
                let seen = state
                    .chat
                    .reads
                    .get(&(existing.id, self.by.employee))
                    .copied()
                    .unwrap_or(0);
                return Ok(Effects::nothing(ConversationView::new(existing, seen)));
            }
        }
        let conversation = Conversation {
            id: ConversationId::new(),
            store_id: state.store.id,
            kind: self.kind.as_str().into(),
            title: self.title.clone(),
            announcement: self.announcement,
            member_ids: members,
            created_by: Some(self.by.employee),
            last_seq: 0,
            created_at: now,
            updated_at: now,
        };
        let view = ConversationView::new(&conversation, 0);
        Ok(Effects {
            events: vec![EventDraft {
                kind: "conversation.created",
                data: json!(view),
                visibility: audience(state, &conversation),
            }],
            writes: vec![Write::PutConversation(Box::new(conversation))],
            reply: Reply::new(view),
        })
    }
}

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
        if let Some(reply) = self.reply_to {
            state
                .chat
                .recent
                .get(&conversation.id)
                .and_then(|r| r.iter().find(|m| m.id == reply))
                .ok_or_else(message_not_found)?;
        }
        let mut effects = Effects::default();
        let images = self
            .attachments
            .iter()
            .filter(|a| a.kind == FileKind::Image.as_str())
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
        // The sender has read their own message.
        effects
            .writes
            .push(Write::PutRead(Box::new(ConversationRead {
                conversation_id: conversation.id,
                employee_id: self.by.employee,
                seen_seq: view.seq,
                updated_at: now,
            })));
        effects.reply = Reply::new(view);
        Ok(effects)
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
        .filter(|e| {
            Kind::parse(&conversation.kind)
                .is_some_and(|k| chat::reads(k, &conversation.member_ids, e.id.0))
        })
        .collect();
    let sender_name = state
        .employee(sender)
        .map(|e| e.shown_name().to_string())
        .unwrap_or_default();
    let names: Vec<(uuid::Uuid, &str)> = readers.iter().map(|e| (e.id.0, e.shown_name())).collect();
    let mentioned = chat::mentioned(&message.content, &names);
    let title = match Kind::parse(&conversation.kind) {
        Some(Kind::Team) => Some(state.store.name.as_str()),
        _ => conversation.title.as_deref(),
    };
    let preview = match (message.content.is_empty(), message.kind.as_str()) {
        (false, _) => chat::preview(&message.content),
        (true, "image") => "📷".to_string(),
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
        let message = state
            .chat
            .message(self.message)
            .ok_or_else(message_not_found)?;
        let conversation = readable(state, self.by.employee, message.conversation_id)
            .map_err(|_| message_not_found())?;
        let sender = message.sender.map(|s| s.0);
        let mut next = message.clone();
        match &self.content {
            Some(text) => {
                chat::may_edit(sender, self.by.employee.0, message.deleted).map_err(refused)?;
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
            }
        }
        next.version += 1;
        next.updated_at = now;
        let view = MessageView::from(&next);
        Ok(Effects {
            events: vec![EventDraft {
                kind: "message.updated",
                data: json!(view),
                visibility: audience(state, conversation),
            }],
            writes: vec![Write::PutMessage(Box::new(next))],
            reply: Reply::new(view),
        })
    }
}

/// `markConversationSeen`: the reader has seen the conversation up to `seq`.
#[derive(Debug)]
pub struct MarkSeen {
    pub by: Caller,
    pub conversation: ConversationId,
    pub seq: i64,
}

impl Command for MarkSeen {
    fn name(&self) -> &'static str {
        "markConversationSeen"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let conversation = readable(state, self.by.employee, self.conversation)?;
        let key = (conversation.id, self.by.employee);
        let before = state.chat.reads.get(&key).copied().unwrap_or(0);
        let seen = self.seq.clamp(0, conversation.last_seq);
        if seen <= before {
            return Ok(Effects::nothing(ConversationView::new(
                conversation,
                before,
            )));
        }
        let view = ConversationView::new(conversation, seen);
        // Members learn who saw what ("seen by"); in the team conversation only the reader
        // hears (the whole store would otherwise hear every read).
        let visibility = if conversation.kind == Kind::Team.as_str() {
            Audience::Users(state.user_of(Some(self.by.employee)).into_iter().collect())
        } else {
            audience(state, conversation)
        };
        Ok(Effects {
            events: vec![EventDraft {
                kind: "conversation.read",
                data: json!({ "conversation": conversation.id, "employee": self.by.employee, "seq": seen }),
                visibility,
            }],
            writes: vec![
                Write::PutRead(Box::new(ConversationRead {
                    conversation_id: conversation.id,
                    employee_id: self.by.employee,
                    seen_seq: seen,
                    updated_at: now,
                })),
                Write::SeeConversationNotifications(self.by.user, conversation.id),
            ],
            reply: Reply::new(view),
        })
    }
}

/// The longest reaction (an emoji, perhaps with modifiers).
pub const EMOJI_MAX: usize = 16;

/// `reactToMessage`: a member adds an emoji to a recent message, or takes it back.
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
        let message = state
            .chat
            .message(self.message)
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
