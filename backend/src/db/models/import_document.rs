//! Imports' temporary documents: an uploaded file's cells and what they would change, until
//! confirmed or expired. Not a store's table: the uploader's, like a file, and never changed
//! once written (confirming deletes it).

use crate::db::schema::import_documents;
use crate::domain::ids::{StoreId, UserId};
use crate::domain::import::ImportKind;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use uuid::Uuid;

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = import_documents, check_for_backend(diesel::pg::Pg))]
pub struct ImportDocument {
    pub id: Uuid,
    pub store_id: StoreId,
    pub kind: ImportKind,
    pub created_by: UserId,
    pub cells: serde_json::Value,
    pub result: serde_json::Value,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

impl ImportDocument {
    /// Writes the document, and drops every expired one on the way.
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::delete(
            import_documents::table.filter(import_documents::expires_at.le(self.created_at)),
        )
        .execute(conn)?;
        diesel::insert_into(import_documents::table)
            .values(self)
            .execute(conn)
    }

    /// The caller's unexpired document of this store and kind.
    pub fn find(
        conn: &mut PgConnection,
        id: Uuid,
        store: StoreId,
        kind: ImportKind,
        user: UserId,
        now: DateTime<Utc>,
    ) -> QueryResult<Option<ImportDocument>> {
        import_documents::table
            .filter(import_documents::id.eq(id))
            .filter(import_documents::store_id.eq(store))
            .filter(import_documents::kind.eq(kind))
            .filter(import_documents::created_by.eq(user))
            .filter(import_documents::expires_at.gt(now))
            .select(ImportDocument::as_select())
            .first(conn)
            .optional()
    }

    pub fn delete(conn: &mut PgConnection, id: Uuid) -> QueryResult<usize> {
        diesel::delete(import_documents::table.find(id)).execute(conn)
    }
}

crate::db::models::text_column!(ImportKind);
