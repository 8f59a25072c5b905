//! Polls and open questions: posting, voting, changing, closing and deleting them, and a
//! conversation's list of them.

use crate::api::chat::conversations::conversation_of;
use crate::api::shifts::caller;
use crate::api::stores::StoreMember;
use crate::calls::bounded::Text;
use crate::calls::AppState;
use crate::calls::{Access, Call, Ctx};
use crate::domain::ids::{ConversationId, SurveyId};
use crate::domain::list::{Int32List, StringList};
use crate::domain::permissions::Perms;
use crate::domain::survey::{Action, Mode, ANSWERS_MAX, TEXT_MAX};
use crate::error::{AppError, AppResult};
use crate::store::survey::{may_create, refused, CastVote, PostedSurvey, SurveyChange, SurveyView};
use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The refusal of a poll of more than `ANSWERS_MAX` answers.
fn too_many_answers() -> AppError {
    AppError::invalid("A poll offers at most 20 answers.")
}

/// `createSurvey` (ours; the spec's surveys): a manager posts a poll or an open question.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CreateSurveyCall)]
pub struct CreateSurvey {
    pub conversation_id: ConversationId,
    // Checked by the store (`domain::survey`), as are the answers.
    pub question: Text<{ TEXT_MAX }>,
    /// poll or explanational.
    #[schema(pattern = "^(poll|explanational)$")]
    pub mode: String,
    /// A poll's answers, 2 to 20.
    #[serde(default)]
    pub answers: StringList<{ ANSWERS_MAX }>,
    #[serde(default)]
    pub is_multiple: bool,
    #[serde(default)]
    pub is_anonymous: bool,
}

impl Call for CreateSurvey {
    const NAME: &'static str = "createSurvey";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str =
        "Post a poll (single or multiple choice, anonymous or not) or an \
         open question in a conversation (managers).";
    type Output = PostedSurvey;

    #[tracing::instrument(name = "createSurvey", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<PostedSurvey> {
        let by = caller(&ctx)?;
        if !may_create(by.perms) {
            return Err(AppError::forbidden(
                "permission_denied",
                crate::messages::NOT_ENOUGH_PERMISSION,
            ));
        }
        let mode = Mode::parse(&self.mode)
            .ok_or_else(|| AppError::invalid("mode must be poll or explanational."))?;
        let answers = self.answers.within(too_many_answers)?;
        let cmd = crate::store::survey::CreateSurvey {
            by,
            conversation: self.conversation_id,
            question: self.question.0,
            mode,
            answers,
            multiple: self.is_multiple,
            anonymous: self.is_anonymous,
        };
        ctx.execute(cmd).await
    }
}

/// `vote`: choose a poll's answers (one unless it allows several) or answer an open question.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = VoteCall)]
pub struct Vote {
    pub survey_id: SurveyId,
    /// Indexes of the chosen answers (polls).
    #[serde(default)]
    pub choices: Int32List<{ ANSWERS_MAX }>,
    /// The answer in words (open questions).
    #[serde(default)]
    pub answer: Option<Text<{ TEXT_MAX }>>,
}

impl Call for Vote {
    const NAME: &'static str = "vote";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Vote once in an open survey of a conversation one reads \
         (a closed or deleted one takes no votes).";
    type Output = SurveyView;

    #[tracing::instrument(name = "vote", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SurveyView> {
        let choices = self
            .choices
            .within(|| AppError::invalid("A vote names at most 20 answers."))?;
        let cmd = CastVote {
            by: caller(&ctx)?,
            survey: self.survey_id,
            choices,
            answer: self.answer.map(|a| a.0),
        };
        ctx.execute(cmd).await
    }
}

/// `updateSurvey`: its author or a manager changes a survey's question and answers before
/// anyone votes (`update`), ends the voting (`close`), or withdraws it with its message
/// (`delete`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = UpdateSurveyCall)]
pub struct UpdateSurvey {
    pub survey_id: SurveyId,
    /// update, close or delete.
    #[schema(pattern = "^(update|close|delete)$")]
    pub action: String,
    /// update: the new question (the current one when absent).
    #[serde(default)]
    pub question: Option<Text<{ TEXT_MAX }>>,
    /// update: a poll's new answers, 2 to 20 (the current ones when absent).
    #[serde(default)]
    pub answers: Option<StringList<{ ANSWERS_MAX }>>,
    /// update: whether a poll takes several answers.
    #[serde(default)]
    pub is_multiple: Option<bool>,
    /// update: whether votes are anonymous.
    #[serde(default)]
    pub is_anonymous: Option<bool>,
}

impl Call for UpdateSurvey {
    const NAME: &'static str = "updateSurvey";
    const ACCESS: Access = Access::Store(Perms::NONE);
    const SUMMARY: &'static str = "Change a survey before anyone votes (`update`), close it \
         (`close`: its results stand) or delete it with its message (`delete`: no more votes, \
         no longer listed); its author or a manager. Every reader of the conversation hears \
         of it (`survey.updated`). Any other action: `this action isn't defined for survey`.";
    type Output = SurveyView;

    #[tracing::instrument(name = "updateSurvey", skip_all)]
    async fn run(self, ctx: Ctx) -> AppResult<SurveyView> {
        let action = Action::parse(&self.action).map_err(refused)?;
        let answers = self
            .answers
            .map(|a| a.within(too_many_answers))
            .transpose()?;
        let cmd = crate::store::survey::UpdateSurvey {
            by: caller(&ctx)?,
            survey: self.survey_id,
            action,
            change: SurveyChange {
                question: self.question.map(|q| q.0),
                answers,
                multiple: self.is_multiple,
                anonymous: self.is_anonymous,
            },
        };
        ctx.execute(cmd).await
    }
}

/// A survey as its reader sees it: everyone's view, and whether the reader has voted.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyEntry {
    #[serde(flatten)]
    pub survey: SurveyView,
    pub voted: bool,
}

/// `GET /api/v1/stores/{storeId}/conversations/{conversationId}/surveys`: the conversation's
/// polls and open questions with their results, oldest first; withdrawn ones are left out.
#[utoipa::path(
    get,
    tag = "crate::api::chat",
    path = "/api/v1/stores/{storeId}/conversations/{conversationId}/surveys",
    params(
        ("storeId" = uuid::Uuid, Path, description = "Store id"),
        ("conversationId" = uuid::Uuid, Path, description = "Conversation id"),
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"data\": [SurveyEntry]}`", body = [SurveyEntry]),
        crate::api::stores::StoreReadRefusals,
        (status = 404, description = "No such store or conversation", body = crate::error::ErrorBody),
    )
)]
pub async fn get_surveys(
    state: web::Data<AppState>,
    StoreMember(member): StoreMember,
    path: web::Path<(String, String)>,
) -> AppResult<HttpResponse> {
    let (_, raw_conversation) = path.into_inner();
    let conversation = conversation_of(&state, &member, &raw_conversation).await?;
    let id = conversation.id;
    let found = state
        .db
        .run(move |conn| Ok(crate::db::models::chat::Survey::of_conversation(conn, id)?))
        .await?;
    let me = member.employee.id;
    let entries: Vec<SurveyEntry> = found
        .iter()
        .map(|(s, votes)| SurveyEntry {
            survey: SurveyView::new(s, votes),
            voted: votes.iter().any(|v| v.employee_id == me),
        })
        .collect();
    Ok(crate::api::envelope::ok(entries))
}
