//! `createConversation`: direct conversations and groups.

use crate::db::models::chat::Conversation;
use crate::domain::chat::{self, Kind};
use crate::domain::ids::{ConversationId, EmployeeId};
use crate::error::{AppError, AppResult};
use crate::store::chat::access::{audience, is_manager, refused};
use crate::store::chat::views::ConversationView;
use crate::store::command::{Command, Effects, EventDraft, Reply, Write};
use crate::store::shifts::Caller;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde_json::json;

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
                .find(|c| c.kind == Kind::Direct && c.member_ids == members)
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
            kind: self.kind,
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
