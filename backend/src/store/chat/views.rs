//! What readers see of the chat: conversations, messages with their files and reactions.

use crate::db::models::chat::{Conversation, Message, Reaction};
use crate::domain::chat;
use crate::domain::ids::{ConversationId, EmployeeId, FileId, MessageId, StoreId};
use crate::domain::upload::FileKind;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A conversation as a member sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationView {
    pub id: ConversationId,
    pub store: StoreId,
    pub kind: chat::Kind,
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
            kind: c.kind,
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
    pub kind: FileKind,
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
    #[serde(rename = "type")]
    pub kind: chat::MessageKind,
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
            .filter(|a| a.kind == FileKind::Image)
            .collect();
        MessageView {
            images: images.iter().map(|a| a.url()).collect(),
            thumbnails: images.iter().map(|a| thumbnail_url(a.id)).collect(),
            documents: attachments
                .iter()
                .filter(|a| a.kind == FileKind::Document)
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
            kind: m.kind,
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
