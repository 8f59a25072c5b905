//! The working set of one store, held by its actor.

use crate::db::models::availability::AvailabilityWindow;
use crate::db::models::billing::StorePlan;
use crate::db::models::chat::{Conversation, ConversationRead, Message, Reaction, Survey, Vote};
use crate::db::models::clock::{
    AppliedPunch, ClockSecret, ClockSession, CodeUse, PeriodApproval, Proposal,
};
use crate::db::models::employee::Employee;
use crate::db::models::invite::Invite;
use crate::db::models::request::Request;
use crate::db::models::role::Role;
use crate::db::models::shift::Shift;
use crate::db::models::store::Store;
use crate::db::models::template::Template;
use crate::domain::clock::PunchOp;
use crate::domain::ids::{
    ClockSessionId, ConversationId, EmployeeId, MessageId, ProposalId, RequestId, RoleId, ShiftId,
    StoreId, SurveyId, TemplateId, UserId,
};
use crate::domain::notification::{MergeKey, Unread};
use crate::error::{AppError, AppResult};
use crate::messages;
use chrono::{DateTime, Duration, Utc};
use diesel::PgConnection;
use std::collections::{BTreeSet, HashMap, HashSet};

/// The part of the working set that says who belongs to the store, read together.
#[derive(Debug, Clone)]
pub struct Roster {
    pub store: Store,
    pub employees: Vec<Employee>,
    pub roles: Vec<Role>,
    pub invites: HashMap<EmployeeId, Invite>,
    /// The store's subscription (a store that never subscribed has a free one).
    pub plan: StorePlan,
}

impl Roster {
    pub fn load(conn: &mut PgConnection, id: StoreId) -> AppResult<Roster> {
        let store = Store::find(conn, id)?
            .ok_or_else(|| AppError::not_found("no_active_store", messages::NO_ACTIVE_STORE))?;
        Ok(Roster {
            store,
            employees: Employee::all_of_store(conn, id)?,
            roles: Role::of_store(conn, id)?,
            invites: Invite::of_store(conn, id)?
                .into_iter()
                .map(|i| (i.employee_id, i))
                .collect(),
            plan: StorePlan::of_store(conn, id)?.unwrap_or_else(|| StorePlan::none(id, Utc::now())),
        })
    }
}

/// How far back finished shifts stay in memory (later ones are loaded on demand).
pub const HISTORY: Duration = Duration::days(62);

/// How far back clock sessions, punch ids and used codes stay in memory: past the longest
/// a late punch may be (a week), so a punch sent again is still recognised.
pub const CLOCK_HISTORY: Duration = Duration::days(8);

/// What the time clock's part of the working set holds.
#[derive(Debug, Clone, Default)]
pub struct ClockState {
    /// Open sessions, and those started within [`CLOCK_HISTORY`].
    pub sessions: HashMap<ClockSessionId, ClockSession>,
    /// Pending proposals, and those started within [`CLOCK_HISTORY`].
    pub proposals: HashMap<ProposalId, Proposal>,
    /// The secret the store's clock codes are signed with, once a device was authorised.
    pub secret: Option<ClockSecret>,
    /// Punches applied within [`CLOCK_HISTORY`], by the id their phone gave them.
    pub punches: HashMap<uuid::Uuid, AppliedPunch>,
    /// Codes used: (employee, window, operation).
    pub code_uses: HashSet<(EmployeeId, i64, PunchOp)>,
    /// Approved pay periods, by their first day.
    pub approved: BTreeSet<chrono::NaiveDate>,
}

impl ClockState {
    fn load(conn: &mut PgConnection, id: StoreId, now: DateTime<Utc>) -> AppResult<ClockState> {
        let from = now - CLOCK_HISTORY;
        Ok(ClockState {
            sessions: ClockSession::working_set(conn, id, from)?
                .into_iter()
                .map(|s| (s.id, s))
                .collect(),
            proposals: Proposal::working_set(conn, id, from)?
                .into_iter()
                .map(|p| (p.id, p))
                .collect(),
            secret: ClockSecret::of_store(conn, id)?,
            punches: AppliedPunch::since(conn, id, from)?
                .into_iter()
                .map(|p| (p.punch_id, p))
                .collect(),
            code_uses: CodeUse::since(conn, id, from)?
                .into_iter()
                .map(|u| (u.employee_id, u.time_window, u.op))
                .collect(),
            approved: PeriodApproval::of_store(conn, id)?
                .into_iter()
                .map(|a| a.period_start)
                .collect(),
        })
    }

    /// The open session of an employee (at most one).
    pub fn open_of(&self, employee: EmployeeId) -> Option<&ClockSession> {
        self.sessions
            .values()
            .find(|s| s.employee_id == employee && s.is_open())
    }

    /// The session of a shift, open or completed.
    pub fn of_shift(&self, shift: ShiftId) -> Option<&ClockSession> {
        self.sessions.values().find(|s| s.shift_id == Some(shift))
    }

    /// The session of a proposal.
    pub fn of_proposal(&self, proposal: ProposalId) -> Option<&ClockSession> {
        self.sessions
            .values()
            .find(|s| s.proposal_id == Some(proposal))
    }
}

/// How many of each conversation's newest messages stay in memory (for edits, deletions and
/// replies; older ones are history).
pub const RECENT_MESSAGES: usize = 200;

/// What the chat's part of the working set holds.
#[derive(Debug, Clone, Default)]
pub struct ChatState {
    pub conversations: HashMap<ConversationId, Conversation>,
    /// The newest [`RECENT_MESSAGES`] of each conversation, oldest first.
    pub recent: HashMap<ConversationId, std::collections::VecDeque<Message>>,
    /// How far each member has read each conversation.
    pub reads: HashMap<(ConversationId, EmployeeId), i64>,
    /// The reactions to the recent messages.
    pub reactions: HashMap<MessageId, Vec<Reaction>>,
    /// The store's polls and open questions, and their votes.
    pub surveys: HashMap<SurveyId, Survey>,
    pub votes: HashMap<SurveyId, Vec<Vote>>,
    /// The newest message each reader was told of by a grouped `message` notification.
    pub told: HashMap<(ConversationId, UserId), i64>,
    /// Messages older than the recent ones that commands needed (an edit, a deletion or a
    /// reply to one), read by the actor before planning them ([`Need::Message`]); at most
    /// [`OLDER_KEPT`], until the working set is read again.
    pub older: HashMap<MessageId, Message>,
}

/// How many older messages the working set keeps once read.
pub const OLDER_KEPT: usize = 200;

/// What a command's plan needs that the working set does not keep: the actor reads it into
/// the working set before planning the command (`Command::needs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// A message older than its conversation's recent ones.
    Message(MessageId),
}

/// What was read for a [`Need`].
#[derive(Debug)]
pub enum Fetched {
    /// The message, if the store has it.
    Message(Option<Box<Message>>),
}

impl Need {
    /// Reads what is needed (blocking: on the database's threads).
    pub fn read(self, conn: &mut PgConnection, store: StoreId) -> AppResult<Fetched> {
        match self {
            Need::Message(id) => Ok(Fetched::Message(
                Message::find(conn, store, id)?.map(Box::new),
            )),
        }
    }
}

impl ChatState {
    fn load(conn: &mut PgConnection, id: StoreId) -> AppResult<ChatState> {
        let mut recent: HashMap<ConversationId, std::collections::VecDeque<Message>> =
            HashMap::new();
        let mut messages = Message::recent(conn, id, RECENT_MESSAGES as i64)?;
        messages.sort_by_key(|m| (m.conversation_id, m.seq));
        let ids: Vec<MessageId> = messages.iter().map(|m| m.id).collect();
        let reactions = Reaction::of_messages(conn, &ids)?.into_iter().fold(
            HashMap::new(),
            |mut by: HashMap<MessageId, Vec<Reaction>>, r| {
                by.entry(r.message_id).or_default().push(r);
                by
            },
        );
        for m in messages {
            recent.entry(m.conversation_id).or_default().push_back(m);
        }
        Ok(ChatState {
            conversations: Conversation::of_store(conn, id)?
                .into_iter()
                .map(|c| (c.id, c))
                .collect(),
            recent,
            reactions,
            reads: ConversationRead::of_store(conn, id)?
                .into_iter()
                .map(|r| ((r.conversation_id, r.employee_id), r.seen_seq))
                .collect(),
            surveys: Survey::of_store(conn, id)?
                .into_iter()
                .map(|s| (s.id, s))
                .collect(),
            votes: Vote::of_store(conn, id)?
                .into_iter()
                .fold(HashMap::new(), |mut by, v| {
                    by.entry(v.survey_id).or_insert_with(Vec::new).push(v);
                    by
                }),
            told: crate::db::models::notification::Notification::told_of_messages(conn, id)?
                .into_iter()
                .map(|(c, u, seq)| ((c, u), seq))
                .collect(),
            older: HashMap::new(),
        })
    }

    /// Keeps what was read for a command. A message the recent ones hold already (it came in
    /// meanwhile) is not kept twice.
    pub fn keep(&mut self, fetched: Fetched) {
        match fetched {
            Fetched::Message(Some(m)) if self.message(m.id).is_none() => {
                if self.older.len() >= OLDER_KEPT {
                    self.older.clear();
                }
                self.older.insert(m.id, *m);
            }
            Fetched::Message(_) => {}
        }
    }

    /// The store's team conversation.
    pub fn team(&self) -> Option<&Conversation> {
        self.conversations
            .values()
            .find(|c| c.kind == crate::domain::chat::Kind::Team)
    }

    /// A message the working set holds: a recent one, or an older one read for a command.
    pub fn message(&self, id: MessageId) -> Option<&Message> {
        self.recent
            .values()
            .flatten()
            .find(|m| m.id == id)
            .or_else(|| self.older.get(&id))
    }

    /// A recent message (one of its conversation's newest [`RECENT_MESSAGES`]).
    pub fn recent_message(&self, id: MessageId) -> Option<&Message> {
        self.recent.values().flatten().find(|m| m.id == id)
    }

    /// What a command needs read to find message `id`: nothing when the working set holds it.
    pub fn needs_message(&self, id: MessageId) -> Option<Need> {
        self.message(id).is_none().then_some(Need::Message(id))
    }
}

/// The notifications a new one may merge into: the newest unread one of each kind, shift and
/// reader written within the merge window (`NOTIFICATION_MERGE_SECONDS`). Notifications
/// themselves are not part of the working set; this is what the plan needs of them, kept by
/// the writes (a new or merged notification, marking seen, deleting).
#[derive(Debug, Clone, Default)]
pub struct Unmerged {
    /// How long after a notification (or its last merge) another of its key merges into it.
    pub window: std::time::Duration,
    pub unread: HashMap<MergeKey, Unread>,
}

impl Unmerged {
    fn load(
        conn: &mut PgConnection,
        id: StoreId,
        now: DateTime<Utc>,
        window: std::time::Duration,
    ) -> AppResult<Unmerged> {
        if window.is_zero() {
            // Merging is off.
            return Ok(Unmerged::default());
        }
        let since = Duration::from_std(window)
            .ok()
            .and_then(|w| now.checked_sub_signed(w))
            .unwrap_or(DateTime::<Utc>::MIN_UTC);
        let unread =
            crate::db::models::notification::Notification::unread_to_merge(conn, id, since)?
                .into_iter()
                .collect();
        Ok(Unmerged { window, unread })
    }

    /// The unread notification a new one of `key` made at `now` merges into, if any.
    pub fn target(&self, key: MergeKey, now: DateTime<Utc>) -> Option<Unread> {
        self.unread
            .get(&key)
            .copied()
            .filter(|u| u.absorbs(now, self.window))
    }
}

/// What the actor knows about its store.
#[derive(Debug, Clone)]
pub struct StoreState {
    /// The store's settings. Its `version` is the last committed version this working set
    /// reflects, plus the events planned so far in the batch being planned.
    pub store: Store,
    /// Every employee record of the store, terminated ones included (a former employee can
    /// be invited again); [`StoreState::employee`] finds only current ones.
    pub employees: Vec<Employee>,
    pub roles: Vec<Role>,
    /// The invitation of each invited record, by record.
    pub invites: HashMap<EmployeeId, Invite>,
    /// The version up to which the membership (store, records, roles, invitations) is known
    /// to match the database; it runs ahead of `store.version` after another node changed a
    /// membership and this actor re-read it.
    pub members_at: i64,
    pub shifts: HashMap<ShiftId, Shift>,
    /// Every availability window of the store's employees.
    pub availability: HashMap<RequestId, AvailabilityWindow>,
    /// Unresolved requests, drop requests, and time off from `now - HISTORY` on.
    pub requests: HashMap<RequestId, Request>,
    /// The time clock's sessions, proposals, secret and used punches and codes.
    pub clock: ClockState,
    /// The chat's conversations, their newest messages and the members' reads.
    pub chat: ChatState,
    /// The unread notifications new ones of a burst merge into.
    pub unmerged: Unmerged,
    /// The store's shift, weekly and daily templates.
    pub templates: HashMap<TemplateId, Template>,
    /// Client booking's events, upcoming sessions, places and clients.
    pub booking: crate::store::booking::state::BookingState,
    /// The store's subscription, which decides its plan's limits.
    pub plan: StorePlan,
}

impl StoreState {
    /// Loads the store's working set: settings, employees, and shifts from `now - HISTORY` on;
    /// `merge_window` is how long a notification takes in later ones of its kind, shift and
    /// reader.
    pub fn load(
        conn: &mut PgConnection,
        id: StoreId,
        now: DateTime<Utc>,
        merge_window: std::time::Duration,
    ) -> AppResult<StoreState> {
        let Roster {
            store,
            employees,
            roles,
            invites,
            plan,
        } = Roster::load(conn, id)?;
        let shifts = Shift::load_from(conn, id, now - HISTORY)?
            .into_iter()
            .map(|s| (s.id, s))
            .collect();
        let availability = AvailabilityWindow::of_store(conn, id)?
            .into_iter()
            .map(|a| (a.id, a))
            .collect();
        let requests = Request::working_set(conn, id, now - HISTORY)?
            .into_iter()
            .map(|r| (r.id, r))
            .collect();
        let clock = ClockState::load(conn, id, now)?;
        let chat = ChatState::load(conn, id)?;
        let unmerged = Unmerged::load(conn, id, now, merge_window)?;
        let templates = Template::of_store(conn, id, None)?
            .into_iter()
            .map(|t| (t.id, t))
            .collect();
        let booking = crate::store::booking::state::BookingState::load(conn, id, now)?;
        Ok(StoreState {
            plan,
            templates,
            booking,
            chat,
            unmerged,
            members_at: store.version,
            clock,
            store,
            employees,
            roles,
            invites,
            shifts,
            availability,
            requests,
        })
    }

    pub fn version(&self) -> i64 {
        self.store.version
    }

    /// Takes in a membership read again from the database (another node changed it). The
    /// working set's own version stays: shifts and requests are still as they were.
    pub fn refresh_members(&mut self, roster: Roster) {
        if roster.store.version <= self.members_at {
            // Read before what this working set already knows (a reload overtook it).
            return;
        }
        let version = self.store.version;
        self.members_at = self.members_at.max(roster.store.version);
        self.store = roster.store;
        self.store.version = version;
        self.employees = roster.employees;
        self.roles = roster.roles;
        self.invites = roster.invites;
        self.plan = roster.plan;
    }

    /// The current (not terminated) employee records, in order of joining.
    pub fn current_employees(&self) -> impl Iterator<Item = &Employee> {
        self.employees.iter().filter(|e| e.terminated_at.is_none())
    }

    /// Any record of the store for this e-mail (case-insensitive), terminated ones included.
    pub fn employee_by_email(&self, email: &str) -> Option<&Employee> {
        self.employees
            .iter()
            .find(|e| crate::domain::invite::same_email(&e.email, email))
    }

    /// The store's IANA zone (UTC if the stored name is unknown).
    pub fn zone(&self) -> chrono_tz::Tz {
        self.store.zone()
    }

    /// A shift's start in the store's zone, as notification texts name it.
    pub fn shift_when(&self, s: &Shift) -> crate::domain::notification::texts::When {
        crate::domain::notification::texts::When {
            at: s.start_at,
            zone: self.zone(),
        }
    }

    /// A current (not terminated) employee record.
    pub fn employee(&self, id: EmployeeId) -> Option<&Employee> {
        self.current_employees().find(|e| e.id == id)
    }

    /// An assignee as named by a client: an employee record id, or the id of the user behind
    /// one (the spec's `assigned` is a user).
    pub fn resolve_employee(&self, id: EmployeeId) -> EmployeeId {
        if self.employee(id).is_some() {
            return id;
        }
        self.current_employees()
            .find(|e| e.user_id.map(|u| u.0) == Some(id.0))
            .map_or(id, |e| e.id)
    }

    pub fn role(&self, id: RoleId) -> Option<&Role> {
        self.roles.iter().find(|r| r.id == id)
    }

    /// The user behind an employee record, once the invitation is accepted.
    pub fn user_of(&self, employee: Option<EmployeeId>) -> Option<UserId> {
        employee
            .and_then(|id| self.employee(id))
            .and_then(|e| e.user_id)
    }

    /// The shifts of an employee that still occupy their time.
    pub fn occupying_shifts_of(&self, employee: EmployeeId) -> impl Iterator<Item = &Shift> {
        self.shifts
            .values()
            .filter(move |s| s.assigned == Some(employee) && s.status.occupies_assignee())
    }

    /// The availability windows of one employee.
    pub fn availability_of(
        &self,
        employee: EmployeeId,
    ) -> impl Iterator<Item = &AvailabilityWindow> {
        self.availability
            .values()
            .filter(move |a| a.employee_id == employee)
    }
}
