//! Committing a batch of planned effects: one transaction, serialised per store across every
//! server process by an advisory lock, with the outbox rows and the version bump.

use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::clock::PeriodApproval;
use crate::db::models::invite::Invite;
use crate::db::models::notification::Notification;
use crate::db::models::notification_delivery::{Channels, Delivery};
use crate::db::models::push_subscription::PushSubscription;
use crate::db::models::request::Request;
use crate::db::models::role::Role;
use crate::db::models::shift::Shift;
use crate::db::models::store::Store;
use crate::db::models::store_event::StoreEvent;
use crate::db::models::template::Template;
use crate::db::schema::stores;
use crate::domain::ids::{ShiftId, StoreId};
use crate::error::AppError;
use crate::store::command::{Effects, Visibility};
use crate::store::write::Write;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;

/// A committed change, as broadcast: `{"storeId", "version", "type", "data", "at"}`.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CommittedEvent {
    pub store_id: StoreId,
    pub version: i64,
    #[serde(rename = "type")]
    pub kind: String,
    pub data: Value,
    /// Epoch milliseconds.
    pub at: i64,
    #[serde(skip)]
    pub visibility: Visibility,
}

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
pub fn persist(
    conn: &mut PgConnection,
    store: StoreId,
    expected: i64,
    batch: &[&Effects],
    now: DateTime<Utc>,
) -> Result<Vec<Vec<CommittedEvent>>, PersistError> {
    conn.transaction(|conn| {
        Store::lock_for_write(conn, store)?;
        let current: i64 = stores::table
            .find(store)
            .select(stores::version)
            .for_update()
            .first(conn)?;
        if current != expected {
            return Err(PersistError::Stale);
        }
        write_rows(conn, store, batch)?;
        let mut version = current;
        let mut committed = Vec::with_capacity(batch.len());
        for effects in batch {
            let mut events = Vec::with_capacity(effects.events.len());
            for draft in &effects.events {
                version += 1;
                events.push(CommittedEvent {
                    store_id: store,
                    version,
                    kind: draft.kind.to_string(),
                    data: draft.data.clone(),
                    at: now.timestamp_millis(),
                    visibility: draft.visibility.clone(),
                });
            }
            committed.push(events);
        }
        let rows: Vec<_> = committed
            .iter()
            .flatten()
            .map(|e| (e.version, e.kind.as_str(), &e.data, &e.visibility))
            .collect();
        StoreEvent::insert_many(conn, store, &rows, now)?;
        if version != current {
            diesel::update(stores::table.find(store))
                .set(stores::version.eq(version))
                .execute(conn)?;
            StoreEvent::announce(conn, store, version)?;
        }
        Ok(committed)
    })
}

/// Writes the rows of a batch. The store's settings, roles, records and invitations go first
/// (shifts and requests refer to them). A busy store's batch often changes one shift many
/// times: only each shift's final state is written, with one statement for all of them,
/// before the other rows (which may refer to the shifts); deleted shifts, roles and
/// invitations go last.
fn write_rows(
    conn: &mut PgConnection,
    store: StoreId,
    batch: &[&Effects],
) -> Result<(), PersistError> {
    for write in batch.iter().flat_map(|e| &e.writes) {
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
    let mut finals: HashMap<ShiftId, Option<&Shift>> = HashMap::new();
    let mut order = Vec::new();
    for write in batch.iter().flat_map(|e| &e.writes) {
        let (id, after) = match write {
            Write::PutShift(shift) => (shift.id, Some(&**shift)),
            Write::DeleteShift(id) => (*id, None),
            _ => continue,
        };
        if finals.insert(id, after).is_none() {
            order.push(id);
        }
    }
    let puts: Vec<Shift> = order
        .iter()
        .filter_map(|id| finals.get(id).copied().flatten().cloned())
        .collect();
    if !puts.is_empty() {
        Shift::upsert_many(conn, &puts)?;
    }
    let mut notifications: Vec<(&Notification, Channels)> = Vec::new();
    let mut merged: Vec<&Notification> = Vec::new();
    for write in batch.iter().flat_map(|e| &e.writes) {
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
            Write::AddSurvey(s) => {
                s.insert(conn)?;
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
    let deletes: Vec<ShiftId> = order
        .iter()
        .filter(|id| matches!(finals.get(id), Some(None)))
        .copied()
        .collect();
    if !deletes.is_empty() {
        Shift::delete_many(conn, store, &deletes)?;
    }
    for write in batch.iter().flat_map(|e| &e.writes) {
        match write {
            Write::DeleteRole(role) => {
                Role::delete(conn, store, *role)?;
            }
            Write::DeleteInvite(employee) => {
                Invite::delete_of_employee(conn, *employee)?;
            }
            _ => {}
        }
    }
    Ok(())
}
