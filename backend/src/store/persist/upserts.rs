//! Batches whose rows are all upserts (shifts, conversations, messages, how far a member has
//! read), committed in one statement with no `BEGIN`, lock or `COMMIT` of their own (see
//! [`Appended::whole`]). A chat message and a shift's edit, the hottest commits, are such
//! batches: one round trip to Postgres where they took five and seven.

use super::numbered::{finals, number, outbox, Answers, Part};
use crate::db::models::chat::{Conversation, ConversationRead, Message};
use crate::db::models::shift::Shift;
use crate::db::models::store_event::{moved_on, Appended};
use crate::db::upsert::KEPT_ROWS;
use crate::store::write::Write;
use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::QueryFragment;

/// The rows of a group of batches, each once, in its final state.
pub(super) struct Upserts<'a> {
    shifts: Vec<Shift>,
    conversations: Vec<&'a Conversation>,
    messages: Vec<&'a Message>,
    reads: Vec<&'a ConversationRead>,
}

impl<'a> Upserts<'a> {
    /// The rows of the parts, when every write of theirs is an upsert and every part has a
    /// change to announce (its new version is what gates its rows); `None` otherwise.
    pub(super) fn of(parts: &[Part<'a>]) -> Option<Upserts<'a>> {
        let mut shifts = Vec::new();
        let mut conversations = Vec::new();
        let mut messages = Vec::new();
        let mut reads = Vec::new();
        for part in parts {
            if part.batch.iter().all(|effects| effects.events.is_empty()) {
                return None;
            }
            for write in part.writes() {
                match write {
                    Write::PutShift(shift) => shifts.push(&**shift),
                    Write::PutConversation(c) => conversations.push(&**c),
                    Write::PutMessage(m) => messages.push(&**m),
                    Write::PutRead(r) => reads.push(&**r),
                    _ => return None,
                }
            }
        }
        let shifts: Vec<Shift> = finals(shifts, |s| s.id).into_iter().cloned().collect();
        (shifts.len() <= Shift::MOST_UPSERTED).then(|| Upserts {
            shifts,
            conversations: finals(conversations, |c| c.id),
            messages: finals(messages, |m| m.id),
            reads: finals(reads, |r| (r.conversation_id, r.employee_id)),
        })
    }

    /// Whether the statement is one of the hottest commits' few shapes, which a connection
    /// keeps prepared ([`Appended::prepared`]): an edit of a shift or two (one store's, or
    /// two stores' committing together), or one chat message. The text varies only with the
    /// number of rows of each table, so a connection keeps a few texts.
    fn is_common(&self) -> bool {
        self.shifts.len() <= KEPT_ROWS
            && self.conversations.len() <= 1
            && self.messages.len() <= 1
            && self.reads.len() <= 1
    }

    /// One statement for each table's rows: no two write the same row, which two parts of
    /// one statement may not.
    fn statements(&self) -> Vec<Box<dyn QueryFragment<Pg> + '_>> {
        let mut statements: Vec<Box<dyn QueryFragment<Pg> + '_>> = Vec::new();
        if !self.shifts.is_empty() {
            statements.push(Box::new(Shift::upsert_query(&self.shifts)));
        }
        for c in &self.conversations {
            statements.push(Box::new(c.upsert_query()));
        }
        for m in &self.messages {
            statements.push(Box::new(m.upsert_query()));
        }
        for r in &self.reads {
            statements.push(Box::new(r.upsert_query()));
        }
        statements
    }
}

/// Commits every part with its rows in one statement. `Ok(None)`: a store has moved on
/// since its batch was planned, and nothing was written.
pub(super) fn commit(
    conn: &mut PgConnection,
    parts: &[Part],
    upserts: &Upserts,
    now: DateTime<Utc>,
) -> QueryResult<Option<Answers>> {
    let answers: Vec<_> = parts
        .iter()
        .map(|part| Some(number(part, part.expected, now)))
        .collect();
    let (rows, versions) = outbox(&answers);
    // Every part announces a change, so `versions` is in the parts' order.
    let expected = parts.iter().map(|part| part.expected).collect();
    let statement = Appended::new(&rows, &versions, now)
        .whole(expected, upserts.statements())
        .prepared(upserts.is_common());
    match statement.execute(conn) {
        Ok(_) => Ok(Some(answers)),
        Err(e) if moved_on(&e) => Ok(None),
        Err(e) => Err(e),
    }
}
