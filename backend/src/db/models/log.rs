use crate::db::schema::logs;
use crate::domain::ids::{StoreId, UserId};
use diesel::prelude::*;

/// A record of a notable failure or success, kept for the store's managers and support.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = logs)]
pub struct NewLog<'a> {
    /// `success`, `error` or `warning`.
    pub kind: &'a str,
    pub method: &'a str,
    pub description: &'a str,
    pub user_id: Option<UserId>,
    pub store_id: Option<StoreId>,
}

impl NewLog<'_> {
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(logs::table).values(self).execute(conn)
    }
}
