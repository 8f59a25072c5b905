use crate::db::schema::schedule_templates;
use crate::domain::ids::{StoreId, TemplateId};
use crate::domain::template::{Kind, TemplateShift};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// A shift, weekly or daily template of a store, with its shifts in local times.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = schedule_templates, check_for_backend(diesel::pg::Pg))]
pub struct Template {
    pub id: TemplateId,
    pub store_id: StoreId,
    pub kind: Kind,
    pub title: String,
    /// The template shifts (`domain::template::TemplateShift`), as a JSON list.
    pub shifts: serde_json::Value,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Template {
    /// The template shifts. Rows are written only from checked shifts; one that no longer
    /// reads (never expected) holds none.
    pub fn template_shifts(&self) -> Vec<TemplateShift> {
        serde_json::from_value(self.shifts.clone()).unwrap_or_default()
    }

    /// The templates of a store, of one kind or all, oldest first (the working set, the
    /// template screens and the exports).
    pub fn of_store(
        conn: &mut PgConnection,
        store: StoreId,
        kind: Option<Kind>,
    ) -> QueryResult<Vec<Template>> {
        let mut q = schedule_templates::table
            .filter(schedule_templates::store_id.eq(store))
            .into_boxed();
        if let Some(k) = kind {
            q = q.filter(schedule_templates::kind.eq(k));
        }
        q.order((
            schedule_templates::created_at.asc(),
            schedule_templates::id.asc(),
        ))
        .select(Template::as_select())
        .load(conn)
    }

    /// Writes the whole template (the store actor's planned state of it).
    #[tracing::instrument(skip_all, fields(template = %self.id))]
    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(schedule_templates::table)
            .values(self)
            .on_conflict(schedule_templates::id)
            .do_update()
            .set(self)
            .execute(conn)
    }

    #[tracing::instrument(skip(conn))]
    pub fn delete(conn: &mut PgConnection, store: StoreId, id: TemplateId) -> QueryResult<usize> {
        diesel::delete(
            schedule_templates::table
                .filter(schedule_templates::store_id.eq(store))
                .filter(schedule_templates::id.eq(id)),
        )
        .execute(conn)
    }
}

crate::db::models::text_column!(Kind);
