//! Polls and open questions in a conversation: managers post them, members vote once, and
//! everyone who reads the conversation sees the results change. Their author or a manager
//! changes one before anyone votes, closes it, or deletes it (with its message); deleting a
//! poll's message withdraws the poll the same way.

use crate::db::models::chat::{Conversation, Survey, Vote};
use crate::domain::chat::{self as rules_chat, MessageKind};
use crate::domain::ids::{ConversationId, EmployeeId, MessageId, SurveyId};
use crate::domain::permissions::Perms;
use crate::domain::survey::{self, Action, Mode, Refusal, Status};
use crate::error::{AppError, AppResult};
use crate::store::chat::access::{audience, is_manager, readable};
use crate::store::chat::post::{change, post, Draft};
use crate::store::chat::views::MessageView;
use crate::store::command::{Command, Effects, EventDraft, Reply, Write};
use crate::store::shifts::Caller;
use crate::store::state::{Need, StoreState};
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
    /// Who posted it (their employee record); `null` once that record is gone.
    #[schema(required = true)]
    pub author: Option<EmployeeId>,
    pub question: String,
    pub mode: Mode,
    pub answers: Vec<String>,
    pub is_multiple: bool,
    pub is_anonymous: bool,
    /// Open (takes votes), closed (its results stand) or withdrawn (deleted).
    pub status: Status,
    /// Percent of participants per answer, to 2 decimals (polls).
    pub results: Vec<f64>,
    /// How many voted.
    pub participants: usize,
    /// Who voted, unless the survey is anonymous (then `null`).
    #[schema(required = true)]
    pub voters: Option<Vec<EmployeeId>>,
    /// The answers given in words (open questions).
    pub responses: Vec<Response>,
    /// Reading time: 0.4 s a word of the question and answers, rounded up to whole seconds.
    pub estimated_seconds: u64,
    pub timestamp: i64,
}

impl SurveyView {
    pub fn new(s: &Survey, votes: &[Vote]) -> SurveyView {
        let chosen: Vec<Vec<i32>> = votes.iter().map(|v| v.choices.clone()).collect();
        SurveyView {
            id: s.id,
            conversation: s.conversation_id,
            message: s.message_id,
            author: s.created_by,
            question: s.question.clone(),
            mode: s.mode,
            answers: s.answers.clone(),
            is_multiple: s.multiple,
            is_anonymous: s.anonymous,
            status: s.status(),
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

/// A survey rule's refusal as the answer.
pub fn refused(e: Refusal) -> AppError {
    match e {
        Refusal::CannotVote | Refusal::HasVotes | Refusal::Closed => {
            AppError::conflict(e.code(), e.to_string())
        }
        Refusal::NotAllowed => AppError::forbidden(e.code(), e.to_string()),
        _ => AppError::bad_request(e.code(), e.to_string()),
    }
}

fn survey_not_found() -> AppError {
    AppError::not_found("survey_not_found", "Survey not found.")
}

/// The votes of a survey.
fn votes_of(state: &StoreState, id: SurveyId) -> &[Vote] {
    state
        .chat
        .votes
        .get(&id)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

/// The survey a message carries, if it carries one.
pub fn of_message(state: &StoreState, message: MessageId) -> Option<&Survey> {
    state
        .chat
        .surveys
        .values()
        .find(|s| s.message_id == message)
}

/// The survey `s` changed to `next`: written and announced to the conversation's readers.
fn put(
    state: &StoreState,
    conversation: &Conversation,
    next: Survey,
    effects: &mut Effects,
) -> SurveyView {
    let view = SurveyView::new(&next, votes_of(state, next.id));
    effects.events.push(EventDraft {
        kind: "survey.updated",
        data: json!(view),
        visibility: audience(state, conversation),
    });
    effects.writes.push(Write::PutSurvey(Box::new(next)));
    view
}

/// Withdraws the survey a message carries (its message is being deleted), if it carries one
/// that is not withdrawn yet: it takes no more votes and leaves the conversation's list.
pub fn withdraw_with(
    state: &StoreState,
    conversation: &Conversation,
    message: MessageId,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    if let Some(s) = of_message(state, message).filter(|s| s.withdrawn_at.is_none()) {
        let next = Survey {
            withdrawn_at: Some(now),
            ..s.clone()
        };
        put(state, conversation, next, effects);
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
            kind: MessageKind::Survey,
            content: question.clone(),
            reply_to: None,
            action: Some(json!({ "survey": id })),
            attachments: Vec::new(),
        };
        // Posted as its author's message, which its author has read.
        let message = post(state, conversation, draft, now, &mut effects);
        let row = Survey {
            id,
            store_id: state.store.id,
            conversation_id: conversation.id,
            message_id: message.id,
            question,
            mode: self.mode,
            answers,
            multiple: self.multiple && self.mode == Mode::Poll,
            anonymous: self.anonymous,
            created_by: Some(self.by.employee),
            created_at: now,
            closed_at: None,
            withdrawn_at: None,
        };
        let survey = put(state, conversation, row, &mut effects);
        effects.reply = Reply::new(PostedSurvey { survey, message });
        Ok(effects)
    }
}

/// `vote`: a member of the conversation answers an open survey, once.
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
            .ok_or_else(survey_not_found)?;
        // Someone who cannot read the conversation is not allowed to vote, nor is anyone in a
        // closed or withdrawn survey: the spec's text.
        let conversation = readable(state, self.by.employee, s.conversation_id)
            .map_err(|_| refused(Refusal::CannotVote))?;
        survey::may_vote(s.status()).map_err(refused)?;
        let votes = votes_of(state, s.id);
        if votes.iter().any(|v| v.employee_id == self.by.employee) {
            return Err(refused(Refusal::CannotVote));
        }
        let (choices, answer) = match s.mode {
            Mode::Explanational => {
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

/// A survey's new question and answers (`updateSurvey`'s update); what is left out stays.
#[derive(Debug, Default)]
pub struct SurveyChange {
    pub question: Option<String>,
    pub answers: Option<Vec<String>>,
    pub multiple: Option<bool>,
    pub anonymous: Option<bool>,
}

/// `updateSurvey`: its author or a manager changes a survey before anyone votes, closes it,
/// or deletes it with its message.
#[derive(Debug)]
pub struct UpdateSurvey {
    pub by: Caller,
    pub survey: SurveyId,
    pub action: Action,
    /// For [`Action::Update`].
    pub change: SurveyChange,
}

impl Command for UpdateSurvey {
    fn name(&self) -> &'static str {
        "updateSurvey"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let s = state
            .chat
            .surveys
            .get(&self.survey)
            .ok_or_else(survey_not_found)?;
        let conversation =
            readable(state, self.by.employee, s.conversation_id).map_err(|_| survey_not_found())?;
        let author = s.created_by.map(|e| e.0);
        survey::may_manage(author, self.by.employee.0, is_manager(&self.by)).map_err(refused)?;
        let status = s.status();
        let mut effects = Effects::default();
        let view = match (self.action, status) {
            // Deleting twice, or closing twice, changes nothing.
            (Action::Delete, Status::Withdrawn) | (Action::Close, Status::Closed) => {
                return Ok(Effects::nothing(SurveyView::new(s, votes_of(state, s.id))));
            }
            (Action::Update | Action::Close, Status::Withdrawn) => return Err(survey_not_found()),
            (Action::Close, _) => {
                let next = Survey {
                    closed_at: Some(now),
                    ..s.clone()
                };
                put(state, conversation, next, &mut effects)
            }
            (Action::Delete, _) => {
                let next = Survey {
                    withdrawn_at: Some(now),
                    ..s.clone()
                };
                let view = put(state, conversation, next, &mut effects);
                if let Some(m) = state.chat.message(s.message_id).filter(|m| !m.deleted) {
                    let deleted = crate::db::models::chat::Message {
                        deleted: true,
                        ..m.clone()
                    };
                    change(state, conversation, deleted, now, &mut effects);
                }
                view
            }
            (Action::Update, _) => {
                survey::may_change(status, votes_of(state, s.id).len()).map_err(refused)?;
                let mode = s.mode;
                let c = &self.change;
                let (question, answers) = survey::checked(
                    mode,
                    c.question.as_deref().unwrap_or(&s.question),
                    c.answers.as_deref().unwrap_or(&s.answers),
                )
                .map_err(refused)?;
                // The message says the question: both change together.
                if let Some(m) = state.chat.message(s.message_id).filter(|m| !m.deleted) {
                    if m.content != question {
                        let edited = crate::db::models::chat::Message {
                            content: question.clone(),
                            modified: true,
                            ..m.clone()
                        };
                        change(state, conversation, edited, now, &mut effects);
                    }
                }
                let next = Survey {
                    question,
                    answers,
                    multiple: c.multiple.unwrap_or(s.multiple) && mode == Mode::Poll,
                    anonymous: c.anonymous.unwrap_or(s.anonymous),
                    ..s.clone()
                };
                put(state, conversation, next, &mut effects)
            }
        };
        effects.reply = Reply::new(view);
        Ok(effects)
    }

    fn needs(&self, state: &StoreState) -> Option<Need> {
        let s = state.chat.surveys.get(&self.survey)?;
        match self.action {
            Action::Update | Action::Delete => state.chat.needs_message(s.message_id),
            Action::Close => None,
        }
    }
}

/// Whether the caller may post surveys: managers.
pub fn may_create(perms: Perms) -> bool {
    perms.covers(Perms::SCHEDULE) || perms.covers(Perms::EMPLOYEE)
}
