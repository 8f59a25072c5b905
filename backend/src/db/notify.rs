//! `NOTIFY`, kept prepared: the processes tell each other of changes with it after many
//! commits (presence, notification alerts, ended sessions, changed settings).

use diesel::pg::PgConnection;
use diesel::sql_types::Text;
use diesel::{QueryResult, RunQueryDsl};

#[diesel::declare_sql_function]
extern "SQL" {
    /// Postgres's `pg_notify`. Its answer (`void`) is never read.
    fn pg_notify(channel: Text, payload: Text) -> Text;
}

/// Announces `payload` on `channel` when the transaction commits (at once outside one).
pub fn notify(conn: &mut PgConnection, channel: &str, payload: &str) -> QueryResult<()> {
    diesel::select(pg_notify(channel, payload))
        .execute(conn)
        .map(drop)
}
