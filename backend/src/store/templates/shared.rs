//! What the template commands share: the template as answered, its announcement, finding one
//! by id and kind, and checking a template's title and shifts against the store.

use crate::db::models::template::Template;
use crate::domain::audience::Audience;
use crate::domain::ids::{StoreId, TemplateId};
use crate::domain::template::{
    self, Kind, TemplateShift, TemplateShiftList, MAX_SHIFTS, TITLE_MAX,
};
use crate::error::{AppError, AppResult};
use crate::messages;
use crate::store::command::EventDraft;
use crate::store::state::StoreState;
use serde::Serialize;
use utoipa::ToSchema;

/// A template as answered and announced. Instants are epoch milliseconds.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateView {
    pub id: TemplateId,
    pub store_id: StoreId,
    pub title: String,
    /// shift, weekly or daily.
    #[serde(rename = "type")]
    #[schema(inline)]
    pub kind: Kind,
    /// The template's shifts, in local times.
    pub shifts: TemplateShiftList<{ MAX_SHIFTS }>,
    pub timestamp: i64,
    pub modified: i64,
}

impl TemplateView {
    pub fn of(t: &Template) -> TemplateView {
        TemplateView {
            id: t.id,
            store_id: t.store_id,
            title: t.title.clone(),
            kind: t.kind,
            shifts: t.template_shifts().into(),
            timestamp: t.created_at.timestamp_millis(),
            modified: t.updated_at.timestamp_millis(),
        }
    }
}

pub(super) fn announce(kind: &'static str, view: &TemplateView) -> EventDraft {
    crate::store::shifts::event(
        kind,
        serde_json::to_value(view).unwrap_or_default(),
        Audience::Managers,
    )
}

/// The kinds a shift template call acts on.
pub const SHIFT: &[Kind] = &[Kind::Shift];
/// The kinds a range template call acts on.
pub const RANGE: &[Kind] = &[Kind::Weekly, Kind::Daily];

/// The template `id`, of one of `kinds`, or the spec's refusals.
pub(super) fn find<'a>(
    state: &'a StoreState,
    id: TemplateId,
    kinds: &[Kind],
) -> AppResult<&'a Template> {
    let t = state
        .templates
        .get(&id)
        .ok_or_else(|| AppError::not_found("template_not_found", template::NOT_FOUND))?;
    if !kinds.contains(&t.kind) {
        return Err(AppError::bad_request(
            "wrong_template_type",
            template::WRONG_KIND,
        ));
    }
    Ok(t)
}

/// Checks a template's title and shifts against the store: the spec's empty-template rule,
/// each shift's day within the template, its times, its role, and its assignee (a current
/// employee holding the role). Answers the shifts as stored (assignees by record, titles
/// trimmed).
pub(super) fn checked(
    state: &StoreState,
    kind: Kind,
    title: &str,
    shifts: Vec<TemplateShift>,
) -> AppResult<(String, Vec<TemplateShift>)> {
    let title = title_text(title)?;
    if shifts.is_empty() {
        return Err(AppError::bad_request("empty_template", template::EMPTY));
    }
    if shifts.len() > MAX_SHIFTS {
        return Err(AppError::invalid(format!(
            "A template holds at most {MAX_SHIFTS} shifts."
        )));
    }
    if kind == Kind::Shift && shifts.len() != 1 {
        return Err(AppError::invalid("A shift template holds one shift."));
    }
    shifts
        .into_iter()
        .map(|mut s| {
            s.title = title_text(&s.title)?;
            if s.day >= kind.days() {
                return Err(AppError::invalid(format!(
                    "A shift of a {} template starts on day 0 to {}.",
                    kind.as_str(),
                    kind.days() - 1
                )));
            }
            if !s.open_ended && s.start == s.end {
                return Err(AppError::bad_request(
                    "start_after_end",
                    messages::START_BEFORE_END,
                ));
            }
            crate::store::shifts::check_role(state, s.role)?;
            if let Some(e) = s.assigned {
                let id = state.resolve_employee(e);
                let employee = state.employee(id).filter(|e| !e.deactive).ok_or_else(|| {
                    AppError::bad_request("employee_not_found", messages::NO_EMPLOYEE_DOCUMENT)
                })?;
                if s.role.is_some_and(|r| !employee.role_ids.contains(&r.0)) {
                    return Err(AppError::bad_request(
                        "mismatched_roles",
                        template::ROLE_MISMATCH,
                    ));
                }
                s.assigned = Some(id);
            }
            if !s.tasks.is_array() {
                s.tasks = serde_json::Value::Array(Vec::new());
            }
            Ok(s)
        })
        .collect::<AppResult<Vec<_>>>()
        .map(|shifts| (title, shifts))
}

/// A title trimmed, present and at most `TITLE_MAX` characters: what the calls check, checked
/// again for commands that come from elsewhere (an imported file).
fn title_text(value: &str) -> AppResult<String> {
    let v = value.trim();
    if v.is_empty() {
        return Err(AppError::invalid("title is required."));
    }
    if v.chars().count() > TITLE_MAX {
        return Err(AppError::invalid(format!(
            "title must be at most {TITLE_MAX} characters."
        )));
    }
    Ok(v.to_string())
}
