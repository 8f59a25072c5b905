//! Confirming a templates import: the file is validated again against the store as it is now
//! (a template added since with a row's title is replaced rather than doubled, a role or
//! employee gone since refuses the file), then every template is written in one commit.

use crate::db::models::employee::Employee;
use crate::db::models::template::Template;
use crate::domain::ids::TemplateId;
use crate::domain::import::Table;
use crate::domain::template_import::{self, KnownAssignee, KnownTemplate};
use crate::error::{AppError, AppResult};
use crate::store::command::{Command, Effects, Reply, Write};
use crate::store::imports::{known_roles, stale, ImportApplied};
use crate::store::shifts::Caller;
use crate::store::state::StoreState;
use crate::store::templates::shared::{announce, checked, TemplateView};
use chrono::{DateTime, Utc};

/// The store's templates as imports match them.
pub fn known_templates(templates: &[TemplateView]) -> Vec<KnownTemplate> {
    templates
        .iter()
        .map(|t| KnownTemplate {
            id: t.id.0,
            kind: t.kind,
            title: t.title.clone(),
        })
        .collect()
}

/// The store's employee records as template shifts may name them.
pub fn known_assignees<'a>(records: impl IntoIterator<Item = &'a Employee>) -> Vec<KnownAssignee> {
    records
        .into_iter()
        .map(|e| KnownAssignee {
            id: e.id.0,
            email: e.email.clone(),
            roles: e.role_ids.clone(),
            active: !e.deactive && e.terminated_at.is_none(),
        })
        .collect()
}

/// `confirmImportedShiftTemplates`.
#[derive(Debug)]
pub struct ApplyTemplateImport {
    pub by: Caller,
    pub table: Table,
}

impl Command for ApplyTemplateImport {
    fn name(&self) -> &'static str {
        "confirmImportedShiftTemplates"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let views: Vec<TemplateView> = state.templates.values().map(TemplateView::of).collect();
        let rows = template_import::templates(
            &self.table,
            &known_roles(&state.roles),
            &known_assignees(&state.employees),
            &known_templates(&views),
        )
        .map_err(|e| stale(&e))?;
        let mut effects = Effects::default();
        for t in rows.new.iter().chain(&rows.update) {
            let (title, shifts) = checked(state, t.kind, &t.title, t.shifts.to_vec())?;
            let shifts = serde_json::to_value(shifts).map_err(AppError::internal)?;
            let (row, event) = match t.id.and_then(|id| state.templates.get(&TemplateId(id))) {
                Some(old) => {
                    let mut row = old.clone();
                    row.title = title;
                    row.shifts = shifts;
                    row.updated_at = now;
                    (row, "template.updated")
                }
                None => (
                    Template {
                        id: TemplateId::new(),
                        store_id: state.store.id,
                        kind: t.kind,
                        title,
                        shifts,
                        created_at: now,
                        updated_at: now,
                    },
                    "template.created",
                ),
            };
            effects
                .events
                .push(announce(event, &TemplateView::of(&row)));
            effects.writes.push(Write::PutTemplate(Box::new(row)));
        }
        effects.reply = Reply::new(ImportApplied {
            created: rows.new.len(),
            updated: rows.update.len(),
        });
        Ok(effects)
    }
}
