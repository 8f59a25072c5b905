//! Uploaded files: one row per upload, in its uploader's folder. Not a store's table: a
//! person's uploads are theirs (a chat attachment names the store it was sent to, for its
//! readers), and a row never changes once written.

use crate::db::schema::{files, messages};
use crate::domain::ids::{ConversationId, FileId, StoreId, UserId};
use crate::domain::upload::{FileKind, Purpose};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// An uploaded file.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable)]
#[diesel(table_name = files, check_for_backend(diesel::pg::Pg))]
pub struct StoredFile {
    pub id: FileId,
    pub user_id: UserId,
    pub store_id: Option<StoreId>,
    pub purpose: Purpose,
    pub kind: FileKind,
    pub mime: String,
    pub name: String,
    pub size: i64,
    pub sha256: String,
    pub key: String,
    pub thumbnail_key: Option<String>,
    pub width: Option<i32>,
    pub height: Option<i32>,
    pub created_at: DateTime<Utc>,
}

impl StoredFile {
    /// Every upload of `user`, oldest first.
    pub fn of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<Vec<StoredFile>> {
        files::table
            .filter(files::user_id.eq(user))
            .order((files::created_at.asc(), files::id.asc()))
            .select(StoredFile::as_select())
            .load(conn)
    }

    /// Deletes `user`'s uploads of a purpose and returns them (their profile photos, when
    /// their account is deleted).
    #[tracing::instrument(skip(conn))]
    pub fn delete_of_user(
        conn: &mut PgConnection,
        user: UserId,
        purpose: Purpose,
    ) -> QueryResult<Vec<StoredFile>> {
        diesel::delete(
            files::table
                .filter(files::user_id.eq(user))
                .filter(files::purpose.eq(purpose)),
        )
        .returning(StoredFile::as_returning())
        .get_results(conn)
    }

    /// Which of `keys` another row still names, as its file or its thumbnail (the same
    /// bytes uploaded twice share a key).
    pub fn keys_in_use(conn: &mut PgConnection, keys: &[String]) -> QueryResult<Vec<String>> {
        let mut used: Vec<String> = files::table
            .filter(files::key.eq_any(keys))
            .select(files::key)
            .load(conn)?;
        let thumbs: Vec<Option<String>> = files::table
            .filter(files::thumbnail_key.eq_any(keys))
            .select(files::thumbnail_key)
            .load(conn)?;
        used.extend(thumbs.into_iter().flatten());
        Ok(used)
    }

    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(files::table).values(self).execute(conn)
    }

    pub fn find(conn: &mut PgConnection, id: FileId) -> QueryResult<Option<StoredFile>> {
        files::table
            .find(id)
            .select(StoredFile::as_select())
            .first(conn)
            .optional()
    }

    /// The files of `ids` that exist, in no particular order.
    pub fn of_ids(conn: &mut PgConnection, ids: &[FileId]) -> QueryResult<Vec<StoredFile>> {
        files::table
            .filter(files::id.eq_any(ids))
            .select(StoredFile::as_select())
            .load(conn)
    }

    /// The conversations of a store where a message that is not deleted carries this file.
    pub fn conversations_carrying(
        conn: &mut PgConnection,
        store: StoreId,
        file: FileId,
    ) -> QueryResult<Vec<ConversationId>> {
        let pattern = serde_json::json!([{ "id": file }]);
        messages::table
            .filter(messages::store_id.eq(store))
            .filter(messages::deleted.eq(false))
            .filter(messages::attachments.contains(pattern))
            .select(messages::conversation_id)
            .distinct()
            .load(conn)
    }
}

crate::db::models::text_column!(Purpose);
crate::db::models::text_column!(FileKind);
