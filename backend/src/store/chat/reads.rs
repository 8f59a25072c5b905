//! `markConversationSeen`: how far a member has read a conversation.

use crate::db::models::chat::ConversationRead;
use crate::domain::audience::Audience;
use crate::domain::chat::Kind;
use crate::domain::ids::ConversationId;
use crate::error::AppResult;
use crate::store::chat::access::{audience, readable};
use crate::store::chat::views::ConversationView;
use crate::store::command::{Command, Effects, EventDraft, Reply, Write};
use crate::store::shifts::Caller;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde_json::json;

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
        let visibility = if conversation.kind == Kind::Team {
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
