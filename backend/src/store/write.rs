//! Row-level writes a command plans, and how the actor applies them to its working set and
//! takes them back when their batch does not commit.

use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::chat::{Conversation, ConversationRead, Message, Reaction, Survey, Vote};
use crate::db::models::clock::{
    AppliedPunch, ClockSecret, ClockSession, CodeUse, PeriodApproval, Proposal, SessionEdit,
};
use crate::db::models::employee::Employee;
use crate::db::models::invite::Invite;
use crate::db::models::notification::Notification;
use crate::db::models::notification_delivery::Channels;
use crate::db::models::push_subscription::PushSubscription;
use crate::db::models::request::Request;
use crate::db::models::role::Role;
use crate::db::models::shift::Shift;
use crate::db::models::store::Store;
use crate::db::models::template::Template;
use crate::domain::clock::PunchOp;
use crate::domain::ids::{
    ClockSessionId, ConversationId, EmployeeId, NotificationId, ProposalId, RequestId, RoleId,
    ShiftId, SurveyId, TemplateId, UserId,
};
use crate::domain::notification::{MergeKey, Unread};
use crate::store::state::StoreState;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// One row-level write.
#[derive(Debug, Clone)]
pub enum Write {
    /// The store's settings (not its version, which the commit sets).
    PutStore(Box<Store>),
    PutEmployee(Box<Employee>),
    PutRole(Box<Role>),
    /// Deletes a role; shifts of it lose it. Employees who held it are separate writes.
    DeleteRole(RoleId),
    PutInvite(Box<Invite>),
    /// Deletes the invitation of a record (its code stops working).
    DeleteInvite(EmployeeId),
    PutShift(Box<Shift>),
    DeleteShift(ShiftId),
    PutAvailability(Box<AvailabilityWindow>),
    DeleteAvailability(RequestId),
    PutRequest(Box<Request>),
    DeleteRequest(RequestId),
    /// A notification, written in the same transaction as the change that causes it, and the
    /// channels it goes out on after the commit.
    AddNotification(Box<Notification>, Channels),
    /// A later notification of a burst, written into the reader's unread one it merges into
    /// (the row's id): its texts and time replace that one's. Nothing more is queued: mail and
    /// pushes still waiting read the row when they go, and ones gone are not sent again. The
    /// commit finds it stale when that notification was seen or deleted meanwhile (on another
    /// server process), and the batch is planned again.
    MergeNotification(Box<Notification>),
    /// Marks the named notifications of the store seen that are `reader`'s: their private
    /// ones, and the public ones when `public`. How many changed lands in `changed`.
    MarkNotificationsSeen {
        reader: UserId,
        ids: Vec<NotificationId>,
        public: bool,
        changed: RowCount,
    },
    /// Deletes notifications, chosen as [`Write::MarkNotificationsSeen`] chooses them.
    DeleteNotifications {
        reader: UserId,
        ids: Vec<NotificationId>,
        public: bool,
        deleted: RowCount,
    },
    /// Saves a browser's subscription of a member of the store: the endpoint is taken from
    /// any other user first (someone else signed in on that browser), and only the `keep`
    /// newest subscriptions of the member in the store stay.
    PutPushSubscription {
        subscription: Box<PushSubscription>,
        keep: i64,
    },
    /// Deletes a user's subscription of the store by its endpoint.
    DeletePushSubscription {
        user: UserId,
        endpoint: String,
        deleted: RowCount,
    },
    /// Deletes subscriptions of the store by id (their push service said they are gone).
    ForgetPushSubscriptions(Vec<uuid::Uuid>),
    PutClockSession(Box<ClockSession>),
    PutProposal(Box<Proposal>),
    /// The store's clock secret (a new one retires every device pass).
    PutClockSecret(Box<ClockSecret>),
    /// A punch applied, remembered by its phone's id.
    AddPunch(Box<AppliedPunch>),
    /// A clock code used by an employee for an operation.
    AddCodeUse(Box<CodeUse>),
    /// A manager's edit of a session, for its audit trail (not in the working set).
    AddSessionEdit(Box<SessionEdit>),
    ApprovePeriod(Box<PeriodApproval>),
    ReopenPeriod(chrono::NaiveDate),
    PutConversation(Box<Conversation>),
    /// A new or changed message (a new one also moves its conversation's `last_seq`, which
    /// comes as its own `PutConversation`).
    PutMessage(Box<Message>),
    PutRead(Box<ConversationRead>),
    /// A reader opened a conversation: its `message` notifications are seen.
    SeeConversationNotifications(UserId, ConversationId),
    /// A new or changed survey (a new one after the message that carries it).
    PutSurvey(Box<Survey>),
    /// A member's vote (once: the table's key refuses a second).
    AddVote(Box<Vote>),
    /// A reaction added (`true`) or taken back.
    ToggleReaction(Box<Reaction>, bool),
    PutTemplate(Box<Template>),
    DeleteTemplate(TemplateId),
    /// Client booking's rows (`store::booking`).
    Booking(crate::store::booking::state::BookingWrite),
    /// The store's subscription as the provider last described it (`store::billing`).
    PutPlan(Box<crate::db::models::billing::StorePlan>),
    /// An invoice, unless a newer event wrote it already (invoices are not in the working set).
    PutInvoice(Box<crate::db::models::billing::InvoiceRow>),
    /// A provider's event received, so it applies once.
    RecordBillingEvent {
        id: String,
        kind: String,
    },
    /// A deleted account's traces in the store beyond its records (`store::forget`): every
    /// shift of each record, loaded or not, names the record's new address; the person's
    /// notifications and push subscriptions of the store go.
    ForgetPerson {
        user: UserId,
        /// Each record of the person, with the address it now has.
        records: Vec<(EmployeeId, String)>,
    },
}

/// How many rows a write changed, for writes of rows outside the working set, which the plan
/// cannot count. The commit sets it; the command's caller reads it once answered, and the
/// answer is only sent after the commit.
#[derive(Debug, Clone, Default)]
pub struct RowCount(Arc<AtomicUsize>);

impl RowCount {
    pub fn set(&self, n: usize) {
        self.0.store(n, Ordering::Release);
    }

    pub fn get(&self) -> usize {
        self.0.load(Ordering::Acquire)
    }
}

/// How to take one write back when its batch fails to commit.
#[derive(Debug)]
pub enum Undo {
    RestoreStore(Box<Store>),
    RestoreEmployee(Box<Employee>),
    RemoveEmployee(EmployeeId),
    RestoreRole(Box<Role>, Vec<(ShiftId, Option<RoleId>)>),
    RemoveRole(RoleId),
    RestoreInvite(Box<Invite>),
    RemoveInvite(EmployeeId),
    Restore(Box<Shift>),
    Remove(ShiftId),
    RestoreAvailability(Box<AvailabilityWindow>),
    RemoveAvailability(RequestId),
    RestoreRequest(Box<Request>),
    RemoveRequest(RequestId),
    RestoreClockSession(Box<ClockSession>),
    RemoveClockSession(ClockSessionId),
    RestoreProposal(Box<Proposal>),
    RemoveProposal(ProposalId),
    RestoreClockSecret(Option<Box<ClockSecret>>),
    RemovePunch(uuid::Uuid),
    RemoveCodeUse((EmployeeId, i64, PunchOp)),
    RestoreTold((ConversationId, UserId), Option<i64>),
    /// The unread notifications to merge into, of each key, as they were.
    RestoreUnmerged(Vec<(MergeKey, Option<Unread>)>),
    /// Whether the period was approved before.
    RestorePeriod(chrono::NaiveDate, bool),
    RestoreConversation(Box<Conversation>),
    RemoveConversation(ConversationId),
    /// The conversation's recent messages as they were.
    RestoreMessages(ConversationId, std::collections::VecDeque<Message>),
    /// An older message read for a command, as it was.
    RestoreOlder(Box<Message>),
    RestoreRead((ConversationId, EmployeeId), Option<i64>),
    RestoreSurvey(Box<Survey>),
    RemoveSurvey(SurveyId),
    RestoreReactions(crate::domain::ids::MessageId, Vec<Reaction>),
    RemoveVote(SurveyId, EmployeeId),
    RestoreTemplate(Box<Template>),
    RemoveTemplate(TemplateId),
    Booking(crate::store::booking::state::BookingUndo),
    RestorePlan(Box<crate::db::models::billing::StorePlan>),
    /// The addresses loaded shifts named before a person was forgotten.
    RestoreAssigneeEmails(Vec<(ShiftId, Option<String>)>),
    Nothing,
}

impl Write {
    /// Whether the write changes who is a member of the store or with which permissions
    /// (the store's owner, an employee record).
    pub fn touches_members(&self) -> bool {
        matches!(self, Write::PutStore(_) | Write::PutEmployee(_))
    }
}

impl StoreState {
    /// Applies a write and returns how to take it back.
    pub fn apply(&mut self, write: &Write) -> Undo {
        match write {
            Write::PutStore(store) => {
                let mut next = (**store).clone();
                next.version = self.store.version;
                Undo::RestoreStore(Box::new(std::mem::replace(&mut self.store, next)))
            }
            Write::PutEmployee(e) => match self.employees.iter_mut().find(|old| old.id == e.id) {
                Some(old) => Undo::RestoreEmployee(Box::new(std::mem::replace(old, (**e).clone()))),
                None => {
                    self.employees.push((**e).clone());
                    Undo::RemoveEmployee(e.id)
                }
            },
            Write::PutRole(r) => match self.roles.iter_mut().find(|old| old.id == r.id) {
                Some(old) => {
                    Undo::RestoreRole(Box::new(std::mem::replace(old, (**r).clone())), Vec::new())
                }
                None => {
                    self.roles.push((**r).clone());
                    Undo::RemoveRole(r.id)
                }
            },
            Write::DeleteRole(id) => {
                let Some(at) = self.roles.iter().position(|r| r.id == *id) else {
                    return Undo::Nothing;
                };
                let role = self.roles.remove(at);
                // The database clears the role of its shifts (`ON DELETE SET NULL`); so does
                // the working set, remembering them for an undo.
                let mut cleared = Vec::new();
                for s in self.shifts.values_mut().filter(|s| s.role_id == Some(*id)) {
                    cleared.push((s.id, s.role_id.take()));
                }
                Undo::RestoreRole(Box::new(role), cleared)
            }
            Write::PutInvite(i) => match self.invites.insert(i.employee_id, (**i).clone()) {
                Some(old) => Undo::RestoreInvite(Box::new(old)),
                None => Undo::RemoveInvite(i.employee_id),
            },
            Write::DeleteInvite(employee) => match self.invites.remove(employee) {
                Some(old) => Undo::RestoreInvite(Box::new(old)),
                None => Undo::Nothing,
            },
            Write::PutShift(shift) => match self.shifts.insert(shift.id, (**shift).clone()) {
                Some(old) => Undo::Restore(Box::new(old)),
                None => Undo::Remove(shift.id),
            },
            Write::DeleteShift(id) => match self.shifts.remove(id) {
                Some(old) => Undo::Restore(Box::new(old)),
                None => Undo::Nothing,
            },
            Write::PutAvailability(a) => match self.availability.insert(a.id, (**a).clone()) {
                Some(old) => Undo::RestoreAvailability(Box::new(old)),
                None => Undo::RemoveAvailability(a.id),
            },
            Write::DeleteAvailability(id) => match self.availability.remove(id) {
                Some(old) => Undo::RestoreAvailability(Box::new(old)),
                None => Undo::Nothing,
            },
            Write::PutRequest(r) => match self.requests.insert(r.id, (**r).clone()) {
                Some(old) => Undo::RestoreRequest(Box::new(old)),
                None => Undo::RemoveRequest(r.id),
            },
            Write::DeleteRequest(id) => match self.requests.remove(id) {
                Some(old) => Undo::RestoreRequest(Box::new(old)),
                None => Undo::Nothing,
            },
            Write::PutClockSession(s) => match self.clock.sessions.insert(s.id, (**s).clone()) {
                Some(old) => Undo::RestoreClockSession(Box::new(old)),
                None => Undo::RemoveClockSession(s.id),
            },
            Write::PutProposal(p) => match self.clock.proposals.insert(p.id, (**p).clone()) {
                Some(old) => Undo::RestoreProposal(Box::new(old)),
                None => Undo::RemoveProposal(p.id),
            },
            Write::PutClockSecret(s) => {
                Undo::RestoreClockSecret(self.clock.secret.replace((**s).clone()).map(Box::new))
            }
            Write::AddPunch(p) => {
                self.clock.punches.insert(p.punch_id, (**p).clone());
                Undo::RemovePunch(p.punch_id)
            }
            Write::AddCodeUse(u) => {
                let key = (u.employee_id, u.time_window, u.op);
                self.clock.code_uses.insert(key);
                Undo::RemoveCodeUse(key)
            }
            Write::ApprovePeriod(a) => {
                Undo::RestorePeriod(a.period_start, !self.clock.approved.insert(a.period_start))
            }
            Write::ReopenPeriod(start) => {
                Undo::RestorePeriod(*start, self.clock.approved.remove(start))
            }
            Write::PutConversation(c) => {
                match self.chat.conversations.insert(c.id, (**c).clone()) {
                    Some(old) => Undo::RestoreConversation(Box::new(old)),
                    None => Undo::RemoveConversation(c.id),
                }
            }
            // A message older than the recent ones (read for a command) changes where it is.
            Write::PutMessage(m) if self.chat.older.contains_key(&m.id) => self
                .chat
                .older
                .insert(m.id, (**m).clone())
                .map_or(Undo::Nothing, |old| Undo::RestoreOlder(Box::new(old))),
            Write::PutMessage(m) => {
                let recent = self.chat.recent.entry(m.conversation_id).or_default();
                let before = recent.clone();
                match recent.iter_mut().find(|old| old.id == m.id) {
                    Some(old) => *old = (**m).clone(),
                    None => {
                        recent.push_back((**m).clone());
                        while recent.len() > crate::store::state::RECENT_MESSAGES {
                            recent.pop_front();
                        }
                    }
                }
                Undo::RestoreMessages(m.conversation_id, before)
            }
            Write::PutRead(r) => {
                let key = (r.conversation_id, r.employee_id);
                Undo::RestoreRead(key, self.chat.reads.insert(key, r.seen_seq))
            }
            Write::ToggleReaction(r, on) => {
                let list = self.chat.reactions.entry(r.message_id).or_default();
                let before = list.clone();
                list.retain(|x| !(x.employee_id == r.employee_id && x.emoji == r.emoji));
                if *on {
                    list.push((**r).clone());
                }
                Undo::RestoreReactions(r.message_id, before)
            }
            Write::PutSurvey(s) => match self.chat.surveys.insert(s.id, (**s).clone()) {
                Some(old) => Undo::RestoreSurvey(Box::new(old)),
                None => Undo::RemoveSurvey(s.id),
            },
            Write::AddVote(v) => {
                self.chat
                    .votes
                    .entry(v.survey_id)
                    .or_default()
                    .push((**v).clone());
                Undo::RemoveVote(v.survey_id, v.employee_id)
            }
            // A grouped `message` notification: the reader was told up to its message.
            Write::AddNotification(n, _) | Write::MergeNotification(n) => {
                match (n.conversation_id, n.access_for, n.message_seq) {
                    (Some(c), Some(u), Some(seq)) => {
                        Undo::RestoreTold((c, u), self.chat.told.insert((c, u), seq))
                    }
                    _ => self.unmerged_written(n),
                }
            }
            // A notification seen or deleted takes in no more.
            Write::MarkNotificationsSeen { reader, ids, .. }
            | Write::DeleteNotifications { reader, ids, .. } => {
                let done: Vec<MergeKey> = self
                    .unmerged
                    .unread
                    .iter()
                    .filter(|(key, u)| key.reader == *reader && ids.contains(&u.id))
                    .map(|(key, _)| *key)
                    .collect();
                Undo::RestoreUnmerged(
                    done.into_iter()
                        .map(|key| (key, self.unmerged.unread.remove(&key)))
                        .collect(),
                )
            }
            Write::PutTemplate(t) => match self.templates.insert(t.id, (**t).clone()) {
                Some(old) => Undo::RestoreTemplate(Box::new(old)),
                None => Undo::RemoveTemplate(t.id),
            },
            Write::DeleteTemplate(id) => match self.templates.remove(id) {
                Some(old) => Undo::RestoreTemplate(Box::new(old)),
                None => Undo::Nothing,
            },
            // Session edits are not part of the working set.
            Write::AddSessionEdit(_) => Undo::Nothing,
            Write::Booking(w) => Undo::Booking(self.booking.apply(w)),
            Write::PutPlan(plan) => Undo::RestorePlan(Box::new(std::mem::replace(
                &mut self.plan,
                (**plan).clone(),
            ))),
            Write::PutInvoice(_) | Write::RecordBillingEvent { .. } => Undo::Nothing,
            // The notifications and subscriptions it deletes are not in the working set (an
            // unread one kept to merge into is found gone by the merge, which plans again).
            Write::ForgetPerson { records, .. } => {
                let mut before = Vec::new();
                for (employee, email) in records {
                    for s in self
                        .shifts
                        .values_mut()
                        .filter(|s| s.assigned == Some(*employee))
                    {
                        let old = s.assignee_email.replace(email.clone());
                        before.push((s.id, old));
                    }
                }
                Undo::RestoreAssigneeEmails(before)
            }
            // Neither are a conversation's seen marks (only `message` notifications, which do
            // not merge) nor the push subscriptions.
            Write::SeeConversationNotifications(..)
            | Write::PutPushSubscription { .. }
            | Write::DeletePushSubscription { .. }
            | Write::ForgetPushSubscriptions(_) => Undo::Nothing,
        }
    }

    /// A new or merged notification becomes the one later notifications of its key merge
    /// into. Entries too old to take in anything more leave as new ones come (an undo does not
    /// bring them back: they would not merge again anyway).
    fn unmerged_written(&mut self, n: &Notification) -> Undo {
        let Some(key) = MergeKey::of_row(n.kind, n.shift_id, n.access_for) else {
            return Undo::Nothing;
        };
        let window = self.unmerged.window;
        if window.is_zero() {
            return Undo::Nothing;
        }
        self.unmerged
            .unread
            .retain(|_, u| u.absorbs(n.created_at, window));
        let unread = Unread {
            id: n.id,
            at: n.created_at,
        };
        Undo::RestoreUnmerged(vec![(key, self.unmerged.unread.insert(key, unread))])
    }

    pub fn undo(&mut self, undo: Undo) {
        match undo {
            Undo::RestoreStore(store) => {
                let version = self.store.version;
                self.store = *store;
                self.store.version = version;
            }
            Undo::RestoreEmployee(e) => {
                if let Some(old) = self.employees.iter_mut().find(|old| old.id == e.id) {
                    *old = *e;
                }
            }
            Undo::RemoveEmployee(id) => self.employees.retain(|e| e.id != id),
            Undo::RestoreRole(role, cleared) => {
                for (shift, role_id) in cleared {
                    if let Some(s) = self.shifts.get_mut(&shift) {
                        s.role_id = role_id;
                    }
                }
                match self.roles.iter_mut().find(|old| old.id == role.id) {
                    Some(old) => *old = *role,
                    None => self.roles.push(*role),
                }
            }
            Undo::RemoveRole(id) => self.roles.retain(|r| r.id != id),
            Undo::RestoreInvite(i) => {
                self.invites.insert(i.employee_id, *i);
            }
            Undo::RemoveInvite(employee) => {
                self.invites.remove(&employee);
            }
            Undo::Restore(shift) => {
                self.shifts.insert(shift.id, *shift);
            }
            Undo::Remove(id) => {
                self.shifts.remove(&id);
            }
            Undo::RestoreTemplate(t) => {
                self.templates.insert(t.id, *t);
            }
            Undo::RemoveTemplate(id) => {
                self.templates.remove(&id);
            }
            Undo::Booking(u) => self.booking.undo(u),
            Undo::RestorePlan(plan) => self.plan = *plan,
            Undo::RestoreAvailability(a) => {
                self.availability.insert(a.id, *a);
            }
            Undo::RemoveAvailability(id) => {
                self.availability.remove(&id);
            }
            Undo::RestoreRequest(r) => {
                self.requests.insert(r.id, *r);
            }
            Undo::RemoveRequest(id) => {
                self.requests.remove(&id);
            }
            Undo::RestoreClockSession(s) => {
                self.clock.sessions.insert(s.id, *s);
            }
            Undo::RemoveClockSession(id) => {
                self.clock.sessions.remove(&id);
            }
            Undo::RestoreProposal(p) => {
                self.clock.proposals.insert(p.id, *p);
            }
            Undo::RemoveProposal(id) => {
                self.clock.proposals.remove(&id);
            }
            Undo::RestoreClockSecret(secret) => self.clock.secret = secret.map(|s| *s),
            Undo::RemovePunch(id) => {
                self.clock.punches.remove(&id);
            }
            Undo::RemoveCodeUse(key) => {
                self.clock.code_uses.remove(&key);
            }
            Undo::RestoreReactions(id, before) => {
                self.chat.reactions.insert(id, before);
            }
            Undo::RestoreSurvey(s) => {
                self.chat.surveys.insert(s.id, *s);
            }
            Undo::RemoveSurvey(id) => {
                self.chat.surveys.remove(&id);
            }
            Undo::RemoveVote(survey, employee) => {
                if let Some(votes) = self.chat.votes.get_mut(&survey) {
                    votes.retain(|v| v.employee_id != employee);
                }
            }
            Undo::RestoreConversation(c) => {
                self.chat.conversations.insert(c.id, *c);
            }
            Undo::RemoveConversation(id) => {
                self.chat.conversations.remove(&id);
            }
            Undo::RestoreMessages(id, before) => {
                self.chat.recent.insert(id, before);
            }
            Undo::RestoreOlder(m) => {
                self.chat.older.insert(m.id, *m);
            }
            Undo::RestoreTold(key, told) => match told {
                Some(seq) => {
                    self.chat.told.insert(key, seq);
                }
                None => {
                    self.chat.told.remove(&key);
                }
            },
            Undo::RestoreUnmerged(entries) => {
                for (key, unread) in entries.into_iter().rev() {
                    match unread {
                        Some(u) => self.unmerged.unread.insert(key, u),
                        None => self.unmerged.unread.remove(&key),
                    };
                }
            }
            Undo::RestoreRead(key, seen) => match seen {
                Some(seq) => {
                    self.chat.reads.insert(key, seq);
                }
                None => {
                    self.chat.reads.remove(&key);
                }
            },
            Undo::RestorePeriod(start, approved) => {
                if approved {
                    self.clock.approved.insert(start);
                } else {
                    self.clock.approved.remove(&start);
                }
            }
            Undo::RestoreAssigneeEmails(before) => {
                for (id, email) in before {
                    if let Some(s) = self.shifts.get_mut(&id) {
                        s.assignee_email = email;
                    }
                }
            }
            Undo::Nothing => {}
        }
    }
}
