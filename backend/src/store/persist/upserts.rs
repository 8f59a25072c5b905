//! Batches whose rows are all upserts (shifts, conversations, messages, how far a member has
//! read) or new notifications, committed in one statement with no `BEGIN`, lock or `COMMIT`
//! of their own (see [`Appended::whole`]). A chat message (with the notifications it tells
//! readers) and a shift's edit, the hottest commits, are such batches: one round trip to
//! Postgres where they took five to ten (two when a reader's settings are not kept in
//! memory, `store::reader_settings`, and are read first).

use super::numbered::{finals, number, outbox, Answers, Part};
use crate::db::models::chat::{Conversation, ConversationRead, Message};
use crate::db::models::notification::Notification;
use crate::db::models::notification_delivery::{Channels, Queue};
use crate::db::models::shift::Shift;
use crate::db::models::store_event::{moved_on, Appended, With};
use crate::db::upsert::KEPT_ROWS;
use crate::store::reader_settings::ReaderSettings;
use crate::store::write::Write;
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// The rows of a group of batches, each once, in its final state.
pub(super) struct Upserts<'a> {
    shifts: Vec<Shift>,
    conversations: Vec<&'a Conversation>,
    messages: Vec<&'a Message>,
    reads: Vec<&'a ConversationRead>,
    notifications: Vec<(&'a Notification, Channels)>,
}

impl<'a> Upserts<'a> {
    /// The rows of the parts, when every write of theirs is an upsert and every part has a
    /// change to announce (its new version is what gates its rows); `None` otherwise.
    pub(super) fn of(parts: &[Part<'a>]) -> Option<Upserts<'a>> {
        let mut shifts = Vec::new();
        let mut conversations = Vec::new();
        let mut messages = Vec::new();
        let mut reads = Vec::new();
        let mut notifications = Vec::new();
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
                    Write::AddNotification(n, channels) => notifications.push((&**n, *channels)),
                    _ => return None,
                }
            }
        }
        let shifts: Vec<Shift> = finals(shifts, |s| s.id).into_iter().cloned().collect();
        let fits = shifts.len() <= Shift::MOST_UPSERTED
            && notifications.len() <= Notification::MOST_INSERTED;
        fits.then(|| Upserts {
            shifts,
            conversations: finals(conversations, |c| c.id),
            messages: finals(messages, |m| m.id),
            reads: finals(reads, |r| (r.conversation_id, r.employee_id)),
            notifications,
        })
    }

    /// Whether the statement is one of the hottest commits' few shapes, which a connection
    /// keeps prepared ([`Appended::prepared`]): an edit of a shift or two (one store's, or
    /// two stores' committing together), or one chat message telling a reader or two. The
    /// text varies only with the number of rows of each table, so a connection keeps a few
    /// texts.
    fn is_common(&self) -> bool {
        self.shifts.len() <= KEPT_ROWS
            && self.conversations.len() <= 1
            && self.messages.len() <= 1
            && self.reads.len() <= 1
            && self.notifications.len() <= KEPT_ROWS
    }

    /// One statement for each table's rows: no two write the same row, which two parts of
    /// one statement may not. The notifications' queue rows are those of the notifications
    /// inserted, on the channels `queued` gives them.
    fn statements<'s>(
        &'s self,
        notified: &'s [Notification],
        queued: &'s [(&Notification, Channels)],
    ) -> Vec<With<'s>> {
        let mut statements: Vec<With<'s>> = Vec::new();
        if !self.shifts.is_empty() {
            statements.push(("shifts".into(), Box::new(Shift::upsert_query(&self.shifts))));
        }
        for (i, c) in self.conversations.iter().enumerate() {
            statements.push((format!("conversation{i}"), Box::new(c.upsert_query())));
        }
        for (i, m) in self.messages.iter().enumerate() {
            statements.push((format!("message{i}"), Box::new(m.upsert_query())));
        }
        for (i, r) in self.reads.iter().enumerate() {
            statements.push((format!("read{i}"), Box::new(r.upsert_query())));
        }
        if !notified.is_empty() {
            statements.push((
                "notified".into(),
                Box::new(Notification::insert_query(notified)),
            ));
            let queue = Queue::of(queued).inserted_by("notified");
            if !queue.is_empty() {
                statements.push(("queued".into(), Box::new(queue)));
            }
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
    readers: &ReaderSettings,
) -> QueryResult<Option<Answers>> {
    let answers: Vec<_> = parts
        .iter()
        .map(|part| Some(number(part, part.expected, now)))
        .collect();
    let (rows, versions) = outbox(&answers);
    // Every part announces a change, so `versions` is in the parts' order.
    let expected = parts.iter().map(|part| part.expected).collect();
    let queued = readers.as_set(conn, upserts.notifications.clone())?;
    let notified: Vec<Notification> = queued.iter().map(|(n, _)| (*n).clone()).collect();
    let statement = Appended::new(&rows, &versions, now)
        .whole(expected, upserts.statements(&notified, &queued))
        .prepared(upserts.is_common());
    match statement.execute(conn) {
        Ok(_) => Ok(Some(answers)),
        Err(e) if moved_on(&e) => Ok(None),
        Err(e) => Err(e),
    }
}
