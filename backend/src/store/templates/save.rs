//! Creating, changing and deleting templates.

use crate::db::models::template::Template;
use crate::domain::ids::TemplateId;
use crate::domain::template::{Kind, TemplateShift};
use crate::error::{AppError, AppResult};
use crate::store::command::{Command, Effects, Reply, Write};
use crate::store::shifts::Caller;
use crate::store::state::StoreState;
use crate::store::templates::shared::{announce, checked, find, TemplateView};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// Most templates one command creates (an import of a spreadsheet's rows).
pub const MAX_NEW_TEMPLATES: usize = 500;

/// A template to create: its kind, title and shifts in local times.
#[derive(Debug, Clone)]
pub struct TemplateDraft {
    pub kind: Kind,
    pub title: String,
    pub shifts: Vec<TemplateShift>,
}

/// Creates templates, all or none: one from a template call, many from an import.
#[derive(Debug)]
pub struct CreateTemplates {
    pub by: Caller,
    pub templates: Vec<TemplateDraft>,
}

impl Command for CreateTemplates {
    fn name(&self) -> &'static str {
        "createTemplates"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        if self.templates.len() > MAX_NEW_TEMPLATES {
            return Err(AppError::invalid(format!(
                "At most {MAX_NEW_TEMPLATES} templates at once."
            )));
        }
        let mut effects = Effects::default();
        let mut views = Vec::with_capacity(self.templates.len());
        for draft in &self.templates {
            let (title, shifts) = checked(state, draft.kind, &draft.title, draft.shifts.clone())?;
            let row = Template {
                id: TemplateId::new(),
                store_id: state.store.id,
                kind: draft.kind,
                title,
                shifts: serde_json::to_value(shifts).map_err(AppError::internal)?,
                created_at: now,
                updated_at: now,
            };
            let view = TemplateView::of(&row);
            effects.events.push(announce("template.created", &view));
            effects.writes.push(Write::PutTemplate(Box::new(row)));
            views.push(view);
        }
        effects.reply = Reply::new(views);
        Ok(effects)
    }
}

/// Renames a template or replaces its shifts.
#[derive(Debug)]
pub struct UpdateTemplate {
    pub by: Caller,
    pub id: TemplateId,
    /// The kinds the call may change (`super::SHIFT` or `super::RANGE`).
    pub kinds: &'static [Kind],
    pub title: Option<String>,
    pub shifts: Option<Vec<TemplateShift>>,
}

impl Command for UpdateTemplate {
    fn name(&self) -> &'static str {
        "updateTemplate"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let old = find(state, self.id, self.kinds)?;
        let kind = old.kind;
        let title = self.title.as_deref().unwrap_or(&old.title);
        let shifts = match &self.shifts {
            Some(s) => s.clone(),
            None => old.template_shifts(),
        };
        let (title, shifts) = checked(state, kind, title, shifts)?;
        let mut row = old.clone();
        row.title = title;
        row.shifts = serde_json::to_value(shifts).map_err(AppError::internal)?;
        if row == *old {
            return Ok(Effects::nothing(TemplateView::of(old)));
        }
        row.updated_at = now;
        let view = TemplateView::of(&row);
        Ok(Effects {
            events: vec![announce("template.updated", &view)],
            writes: vec![Write::PutTemplate(Box::new(row))],
            reply: Reply::new(view),
        })
    }
}

/// The answer of a template deletion.
#[derive(Debug, Serialize, ToSchema)]
pub struct DeletedTemplate {
    pub id: TemplateId,
}

#[derive(Debug)]
pub struct DeleteTemplate {
    pub by: Caller,
    pub id: TemplateId,
    /// The kinds the call may delete (`super::SHIFT` or `super::RANGE`).
    pub kinds: &'static [Kind],
}

impl Command for DeleteTemplate {
    fn name(&self) -> &'static str {
        "deleteTemplate"
    }

    fn plan(&self, state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        let old = find(state, self.id, self.kinds)?;
        let gone = DeletedTemplate { id: old.id };
        Ok(Effects {
            events: vec![crate::store::shifts::event(
                "template.deleted",
                serde_json::json!({ "id": old.id, "type": old.kind }),
                crate::domain::audience::Audience::Managers,
            )],
            writes: vec![Write::DeleteTemplate(old.id)],
            reply: Reply::new(gone),
        })
    }
}
