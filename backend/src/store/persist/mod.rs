//! Committing batches of planned effects: one transaction, serialised per store across every
//! server process by the lock on the store's row, with the outbox rows and the version bump;
//! or, for a batch of upserts and new notifications only, one statement ([`upserts`]).

use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::billing::BillingEvent;
use crate::db::models::clock::PeriodApproval;
use crate::db::models::invite::Invite;
use crate::db::models::notification::Notification;
use crate::db::models::notification_delivery::{Channels, Delivery};
use crate::db::models::push_subscription::PushSubscription;
use crate::db::models::request::Request;
use crate::db::models::role::Role;
use crate::db::models::shift::Shift;
use crate::db::models::store_event::StoreEvent;
use crate::db::models::template::Template;
use crate::db::schema::stores;
use crate::domain::ids::{ShiftId, StoreId};
use crate::error::AppError;
use crate::store::command::Effects;
use crate::store::reader_settings::ReaderSettings;
use crate::store::write::Write;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use std::collections::HashMap;
use upserts::Upserts;

mod numbered;
mod upserts;

use numbered::{finals, number, outbox};
pub use numbered::{Answers, CommittedEvent, Part};

/// Why a batch did not commit.
#[derive(Debug)]
pub enum PersistError {
    /// Another server process changed the store since this actor loaded it.
    Stale,
    Failed(AppError),
}

impl From<diesel::result::Error> for PersistError {
    fn from(e: diesel::result::Error) -> Self {
        PersistError::Failed(e.into())
    }
}

/// Commits every effect of the batch in one transaction, checking first that the store is
/// still at `expected` version. Returns the committed events of each effect, in order.
/// Notifications are queued as their readers set them (`readers`).
pub fn persist(
    conn: &mut PgConnection,
    store: StoreId,
    expected: i64,
    batch: &[&Effects],
    now: DateTime<Utc>,
    readers: &ReaderSettings,
) -> Result<Vec<Vec<CommittedEvent>>, PersistError> {
    let part = Part {
        store,
        expected,
        batch,
    };
    persist_all(conn, &[part], now, readers)?
        .pop()
        .flatten()
        .ok_or(PersistError::Stale)
}

/// Commits the batches of several stores in one transaction, so that they share one flush
/// of the write-ahead log. Each store's row is locked, in the order of the stores' ids (every
/// commit locks in that order, so two commits of several stores cannot deadlock), and a
/// store no longer at its part's `expected` version (another server process changed it) is
/// left out: its answer is `None`. The others' answers are their committed events, per
/// effect, in order. Any failure rolls back every part. Batches of upserts and new
/// notifications only commit in one statement ([`upserts`]), which locks the same way.
pub fn persist_all(
    conn: &mut PgConnection,
    parts: &[Part],
    now: DateTime<Utc>,
    readers: &ReaderSettings,
) -> Result<Answers, PersistError> {
    if let Some(upserts) = Upserts::of(parts) {
        match upserts::commit(conn, parts, &upserts, now, readers) {
            Ok(Some(answers)) => return Ok(answers),
            // A store moved on, or Postgres refused the statement (which wrote nothing):
            // the transaction below tells which parts commit, or why none does.
            Ok(None) | Err(diesel::result::Error::DatabaseError(..)) => {}
            Err(e) => return Err(e.into()),
        }
    }
    conn.transaction(|conn| {
        let ids: Vec<StoreId> = parts.iter().map(|p| p.store).collect();
        let current: HashMap<StoreId, i64> = stores::table
            .filter(stores::id.eq_any(&ids))
            .order(stores::id)
            .select((stores::id, stores::version))
            .for_update()
            .load(conn)?
            .into_iter()
            .collect();
        // Whether each part's store is still at the version its batch was planned on.
        let fresh = parts
            .iter()
            .map(|part| match current.get(&part.store) {
                None => Err(diesel::result::Error::NotFound),
                Some(&at) => Ok(at == part.expected),
            })
            .collect::<Result<Vec<bool>, _>>()?;
        let written: Vec<&Part> = parts
            .iter()
            .zip(&fresh)
            .filter_map(|(part, &fresh)| fresh.then_some(part))
            .collect();
        write_rows(conn, &written, readers)?;
        let answers: Vec<_> = parts
            .iter()
            .zip(&fresh)
            .map(|(part, &fresh)| fresh.then(|| number(part, part.expected, now)))
            .collect();
        let (rows, versions) = outbox(&answers);
        StoreEvent::append(conn, &rows, &versions, now)?;
        Ok(answers)
    })
}

/// Writes the rows of the parts' batches. Each store's settings, roles, records and
/// invitations go first (shifts and requests refer to them). A busy store's batch often
/// changes one shift many times: only each shift's final state is written, with one statement
/// for the shifts of every part, before the other rows (which may refer to the shifts); the
/// notifications of every part go in one statement too; deleted shifts, roles and invitations
/// go last.
fn write_rows(
    conn: &mut PgConnection,
    parts: &[&Part],
    readers: &ReaderSettings,
) -> Result<(), PersistError> {
    for part in parts {
        for write in part.writes() {
            match write {
                Write::PutStore(settings) => {
                    settings.save_settings(conn)?;
                }
                Write::PutRole(role) => {
                    role.upsert(conn)?;
                }
                Write::PutEmployee(employee) => {
                    employee.upsert(conn)?;
                }
                Write::PutInvite(invite) => {
                    invite.upsert(conn)?;
                }
                _ => {}
            }
        }
    }
    let finals: Vec<ShiftFinals> = parts.iter().map(|p| ShiftFinals::of(p.writes())).collect();
    let puts: Vec<Shift> = finals.iter().flat_map(ShiftFinals::puts).cloned().collect();
    if !puts.is_empty() {
        Shift::upsert_many(conn, &puts)?;
    }
    let mut notifications: Vec<(&Notification, Channels)> = Vec::new();
    let mut merged: Vec<&Notification> = Vec::new();
    for part in parts {
        let store = part.store;
        for write in part.writes() {
            match write {
                Write::PutShift(_)
                | Write::DeleteShift(_)
                | Write::PutStore(_)
                | Write::PutRole(_)
                | Write::PutEmployee(_)
                | Write::PutInvite(_)
                | Write::DeleteRole(_)
                | Write::DeleteInvite(_) => {}
                Write::PutAvailability(window) => {
                    window.upsert(conn)?;
                }
                Write::DeleteAvailability(id) => {
                    AvailabilityWindow::delete(conn, store, *id)?;
                }
                Write::PutRequest(request) => {
                    request.upsert(conn)?;
                }
                Write::DeleteRequest(id) => {
                    Request::delete(conn, store, *id)?;
                }
                Write::AddNotification(n, channels) => {
                    notifications.push((&**n, *channels));
                }
                Write::MergeNotification(n) => {
                    merged.push(n);
                }
                Write::MarkNotificationsSeen {
                    reader,
                    ids,
                    public,
                    changed,
                } => {
                    changed.set(Notification::mark_seen(conn, store, *reader, ids, *public)?);
                }
                Write::DeleteNotifications {
                    reader,
                    ids,
                    public,
                    deleted,
                } => {
                    deleted.set(Notification::delete(conn, store, *reader, ids, *public)?);
                }
                Write::PutPushSubscription { subscription, keep } => {
                    PushSubscription::release_endpoint(
                        conn,
                        subscription.user_id,
                        &subscription.endpoint,
                    )?;
                    subscription.save(conn)?;
                    PushSubscription::keep_newest(conn, store, subscription.user_id, *keep)?;
                }
                Write::DeletePushSubscription {
                    user,
                    endpoint,
                    deleted,
                } => {
                    deleted.set(PushSubscription::remove_endpoint(
                        conn, store, *user, endpoint,
                    )?);
                }
                Write::ForgetPushSubscriptions(ids) => {
                    PushSubscription::remove(conn, store, ids)?;
                }
                // A conversation before its messages; a message before what replies to it.
                Write::PutConversation(c) => {
                    c.upsert(conn)?;
                }
                Write::PutMessage(m) => {
                    m.upsert(conn)?;
                }
                Write::PutRead(r) => {
                    r.upsert(conn)?;
                }
                Write::SeeConversationNotifications(reader, conversation) => {
                    Notification::see_conversation(conn, store, *reader, *conversation)?;
                }
                Write::PutSurvey(s) => {
                    s.upsert(conn)?;
                }
                Write::AddVote(v) => {
                    v.insert(conn)?;
                }
                Write::ToggleReaction(r, on) => {
                    r.toggle(conn, *on)?;
                }
                // Proposals before sessions: a session refers to its proposal.
                Write::PutProposal(p) => {
                    p.upsert(conn)?;
                }
                Write::PutClockSession(s) => {
                    s.upsert(conn)?;
                }
                Write::PutClockSecret(s) => {
                    s.upsert(conn)?;
                }
                Write::AddPunch(p) => {
                    p.insert(conn)?;
                }
                Write::AddCodeUse(u) => {
                    u.insert(conn)?;
                }
                Write::AddSessionEdit(e) => {
                    e.insert(conn)?;
                }
                Write::ApprovePeriod(a) => {
                    a.insert(conn)?;
                }
                Write::ReopenPeriod(start) => {
                    PeriodApproval::delete(conn, store, *start)?;
                }
                Write::PutTemplate(t) => {
                    t.upsert(conn)?;
                }
                Write::DeleteTemplate(id) => {
                    Template::delete(conn, store, *id)?;
                }
                Write::Booking(w) => w.persist(conn, store)?,
                Write::PutPlan(plan) => {
                    plan.upsert(conn)?;
                }
                Write::PutInvoice(invoice) => {
                    invoice.upsert(conn)?;
                }
                Write::RecordBillingEvent { id, kind } => {
                    BillingEvent::record(conn, id, kind, Some(store))?;
                }
                Write::ForgetPerson { user, records } => {
                    for (employee, email) in records {
                        Shift::rename_assignee(conn, store, *employee, email)?;
                    }
                    Notification::delete_of_reader(conn, store, *user)?;
                    PushSubscription::remove_of_user(conn, store, *user)?;
                }
            }
        }
    }
    // A message to a large team tells hundreds of readers: their notifications go in one
    // statement, and their deliveries in another, after the rows they refer to.
    if !notifications.is_empty() {
        let rows: Vec<&Notification> = notifications.iter().map(|(n, _)| *n).collect();
        let inserted = Notification::insert_many(conn, &rows)?;
        let queued: Vec<_> = notifications
            .into_iter()
            .filter(|(n, _)| inserted.contains(&n.id))
            .collect();
        let queued = readers.as_set(conn, queued)?;
        Delivery::queue_many(conn, &queued)?;
    }
    // After the new ones: a burst may merge into a notification of the same batch. One seen
    // or deleted meanwhile by another server process (whose commands this actor does not see)
    // takes in nothing: the batch is planned again on a fresh working set, where it is new.
    for n in merged {
        if n.merge_into_unread(conn)? == 0 {
            return Err(PersistError::Stale);
        }
    }
    for (part, finals) in parts.iter().zip(&finals) {
        let deletes = finals.deletes();
        if !deletes.is_empty() {
            Shift::delete_many(conn, part.store, &deletes)?;
        }
        for write in part.writes() {
            match write {
                Write::DeleteRole(role) => {
                    Role::delete(conn, part.store, *role)?;
                }
                Write::DeleteInvite(employee) => {
                    Invite::delete_of_employee(conn, *employee)?;
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// The final state of each shift a batch writes (`None`: deleted), in first-written order.
struct ShiftFinals<'a>(Vec<(ShiftId, Option<&'a Shift>)>);

impl<'a> ShiftFinals<'a> {
    fn of(writes: impl Iterator<Item = &'a Write>) -> ShiftFinals<'a> {
        let changes = writes.filter_map(|write| match write {
            Write::PutShift(shift) => Some((shift.id, Some(&**shift))),
            Write::DeleteShift(id) => Some((*id, None)),
            _ => None,
        });
        ShiftFinals(finals(changes, |(id, _)| *id))
    }

    fn puts(&self) -> impl Iterator<Item = &'a Shift> + '_ {
        self.0.iter().filter_map(|(_, after)| *after)
    }

    fn deletes(&self) -> Vec<ShiftId> {
        self.0
            .iter()
            .filter(|(_, after)| after.is_none())
            .map(|(id, _)| *id)
            .collect()
    }
}
