//! Template commands: shift, weekly and daily templates are store state, written through the
//! store's actor like every other change of its schedule. Their shifts keep local times
//! (`domain::template`); checking and loading place them on the dates asked.

mod capture;
mod import;
mod load;
mod save;
mod shared;

pub use capture::{CaptureTemplate, ShiftRecord, Source};
pub use import::{known_assignees, known_templates, ApplyTemplateImport};
pub use load::{CheckEntry, CheckTemplate, EntryKind, LoadTemplate, LoadedTemplate, PlacedShift};
pub use save::{CreateTemplates, DeleteTemplate, DeletedTemplate, TemplateDraft, UpdateTemplate};
pub use shared::{TemplateView, RANGE, SHIFT};

use crate::db::models::template::Template;
use crate::domain::ids::StoreId;
use crate::domain::template::Kind;
use crate::error::AppResult;

/// The templates of a store with their shifts, oldest first: what the template screens and
/// the spreadsheet exports read.
pub fn list(
    conn: &mut diesel::PgConnection,
    store: StoreId,
    kind: Option<Kind>,
) -> AppResult<Vec<TemplateView>> {
    Ok(Template::of_store(conn, store, kind)?
        .iter()
        .map(TemplateView::of)
        .collect())
}
