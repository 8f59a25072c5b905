//! Polls and open questions in a conversation: managers post them, members vote once, and
//! everyone who reads the conversation sees the results change.

use crate::db::models::chat::{Survey, Vote};
use crate::domain::chat as rules_chat;
use crate::domain::ids::{ConversationId, EmployeeId, MessageId, SurveyId};
use crate::domain::permissions::Perms;
use crate::domain::survey::{self, Mode, Refusal};
use crate::error::{AppError, AppResult};
use crate::store::chat::{audience, post, readable, Draft, MessageView};
use crate::store::command::{Command, Effects, EventDraft, Reply, Write};
use crate::store::shifts::Caller;
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;

/// An answer given in words to an open question.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Response {
    /// Who answered; `null` when the survey is anonymous.
    #[schema(required = true)]
    pub employee: Option<EmployeeId>,
    pub answer: String,
}

/// A survey with its results as everyone who reads its conversation sees them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyView {
    pub id: SurveyId,
    pub conversation: ConversationId,
    pub message: MessageId,
    pub question: String,
    /// poll or explanational.
    pub mode: String,
    pub answers: Vec<String>,
    pub is_multiple: bool,
    pub is_anonymous: bool,
    /// Percent of participants per answer, to 2 decimals (polls).
    pub results: Vec<f64>,
    /// How many voted.
    pub participants: usize,
    /// Who voted, unless the survey is anonymous (then `null`).
    #[schema(required = true)]
    pub voters: Option<Vec<EmployeeId>>,
    /// The answers given in words (open questions).
    pub responses: Vec<Response>,
    /// Reading time at 0.4 s a word.
    pub estimated_seconds: f64,
    pub timestamp: i64,
}

impl SurveyView {
    pub fn new(s: &Survey, votes: &[Vote]) -> SurveyView {
        let chosen: Vec<Vec<i32>> = votes.iter().map(|v| v.choices.clone()).collect();
        SurveyView {
            id: s.id,
            conversation: s.conversation_id,
            message: s.message_id,
            question: s.question.clone(),
            mode: s.mode.clone(),
            answers: s.answers.clone(),
            is_multiple: s.multiple,
            is_anonymous: s.anonymous,
            results: survey::results(s.answers.len(), &chosen),
            participants: votes.len(),
            voters: (!s.anonymous).then(|| votes.iter().map(|v| v.employee_id).collect()),
            responses: votes
                .iter()
                .filter_map(|v| {
                    v.answer.clone().map(|answer| Response {
                        employee: (!s.anonymous).then_some(v.employee_id),
                        answer,
                    })
                })
                .collect(),
            estimated_seconds: survey::duration_seconds(&s.question, &s.answers),
            timestamp: s.created_at.timestamp_millis(),
        }
    }
}

/// The answer of `createSurvey`: the survey and the message that carries it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostedSurvey {
    pub survey: SurveyView,
    pub message: MessageView,
}

fn refused(e: Refusal) -> AppError {
    match e {
        Refusal::CannotVote => AppError::conflict(e.code(), e.to_string()),
        _ => AppError::bad_request(e.code(), e.to_string()),
    }
}

/// `createSurvey`: a manager posts a poll or an open question in a conversation.
#[derive(Debug)]
pub struct CreateSurvey {
    pub by: Caller,
    pub conversation: ConversationId,
    pub question: String,
    pub mode: Mode,
    pub answers: Vec<String>,
    pub multiple: bool,
    pub anonymous: bool,
}

impl Command for CreateSurvey {
    fn name(&self) -> &'static str {
        "createSurvey"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let conversation = readable(state, self.by.employee, self.conversation)?;
        let (question, answers) =
            survey::checked(self.mode, &self.question, &self.answers).map_err(refused)?;
        rules_chat::may_post(conversation.announcement, true)
            .map_err(|e| AppError::forbidden(e.code(), e.to_string()))?;
        let mut effects = Effects::default();
        let id = SurveyId::new();
        let draft = Draft {
            sender: Some(self.by.employee),
            kind: "survey",
            content: question.clone(),
            reply_to: None,
            action: Some(json!({ "survey": id })),
            attachments: Vec::new(),
        };
        let message = post(state, conversation, draft, now, &mut effects);
        let row = Survey {
            id,
            store_id: state.store.id,
            conversation_id: conversation.id,
            message_id: message.id,
            question,
            mode: self.mode.as_str().into(),
            answers,
            multiple: self.multiple && self.mode == Mode::Poll,
            anonymous: self.anonymous,
            created_by: Some(self.by.employee),
            created_at: now,
        };
        let view = SurveyView::new(&row, &[]);
        effects.events.push(EventDraft {
            kind: "survey.updated",
            data: json!(view),
            visibility: audience(state, conversation),
        });
        effects.writes.push(Write::AddSurvey(Box::new(row)));
        effects.reply = Reply::new(PostedSurvey {
            survey: view,
            message,
        });
        Ok(effects)
    }
}

/// `vote`: a member of the conversation answers a survey, once.
#[derive(Debug)]
pub struct CastVote {
    pub by: Caller,
    pub survey: SurveyId,
    pub choices: Vec<i32>,
    pub answer: Option<String>,
}

impl Command for CastVote {
    fn name(&self) -> &'static str {
        "vote"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = state
            .chat
            .surveys
            .get(&self.survey)
            .ok_or_else(|| AppError::not_found("survey_not_found", "Survey not found."))?;
        // Someone who cannot read the conversation is not allowed to vote: the spec's text.
        let conversation = readable(state, self.by.employee, s.conversation_id)
            .map_err(|_| refused(Refusal::CannotVote))?;
        let votes = state
            .chat
            .votes
            .get(&s.id)
            .map(Vec::as_slice)
            .unwrap_or_default();
        if votes.iter().any(|v| v.employee_id == self.by.employee) {
            return Err(refused(Refusal::CannotVote));
        }
        let (choices, answer) = match Mode::parse(&s.mode) {
            Some(Mode::Explanational) => {
                let text = self.answer.as_deref().unwrap_or_default().trim();
                if text.is_empty() {
                    return Err(refused(Refusal::EmptyAnswer));
                }
                if text.chars().count() > survey::TEXT_MAX {
                    return Err(refused(Refusal::TooLong));
                }
                (Vec::new(), Some(text.to_string()))
            }
            _ => (
                survey::choices(s.answers.len(), s.multiple, &self.choices).map_err(refused)?,
                None,
            ),
        };
        let vote = Vote {
            survey_id: s.id,
            employee_id: self.by.employee,
            choices,
            answer,
            created_at: now,
        };
        let mut all = votes.to_vec();
        all.push(vote.clone());
        let view = SurveyView::new(s, &all);
        Ok(Effects {
            events: vec![EventDraft {
                kind: "survey.updated",
                data: json!(view),
                visibility: audience(state, conversation),
            }],
            writes: vec![Write::AddVote(Box::new(vote))],
            reply: Reply::new(view),
        })
    }
}

/// Whether the caller may post surveys: managers.
pub fn may_create(perms: Perms) -> bool {
    perms.covers(Perms::SCHEDULE) || perms.covers(Perms::EMPLOYEE)
}
