//! A new store: its row, its first roles and records, written in one transaction before any
//! actor has loaded it (the store does not exist for anyone else until this commits).

use crate::db::models::clock::ClockSession;
use crate::db::models::employee::{Employee, NewEmployee};
use crate::db::models::role::{NewRole, Role};
use crate::db::models::shift::Shift;
use crate::db::models::store::{NewStore, Store};
use crate::domain::ids::ConversationId;
use crate::error::AppResult;
use diesel::PgConnection;

/// Everything a store starts with.
pub struct Founding<'a> {
    pub store: NewStore<'a>,
    pub roles: Vec<NewRole<'a>>,
    /// The owner's record first.
    pub members: Vec<NewEmployee<'a>>,
}

/// What was founded.
pub struct Founded {
    pub store: Store,
    pub roles: Vec<Role>,
    pub members: Vec<Employee>,
    /// The team conversation every store starts with.
    pub team: ConversationId,
}

/// Work a store brings with it from before it was founded here: shifts that were worked and
/// their clock sessions. Written in the founding transaction, as the store's first rows; the
/// commands cannot write them, since they refuse punches older than the store's late-punch
/// bound (at most a week). Only the demo store has a past.
pub struct Past {
    /// Announced shifts, already worked.
    pub shifts: Vec<Shift>,
    /// Their completed clock sessions.
    pub sessions: Vec<ClockSession>,
}

impl Past {
    /// Writes the past in the founding transaction, after [`Founding::write`].
    #[tracing::instrument(skip_all, fields(shifts = self.shifts.len()))]
    pub fn write(&self, conn: &mut PgConnection) -> AppResult<()> {
        Shift::upsert_many(conn, &self.shifts)?;
        for session in &self.sessions {
            session.upsert(conn)?;
        }
        Ok(())
    }
}

impl Founding<'_> {
    /// Writes the store in the caller's transaction.
    #[tracing::instrument(skip_all, fields(store = %self.store.id))]
    pub fn write(&self, conn: &mut PgConnection) -> AppResult<Founded> {
        let store = self.store.insert(conn)?;
        // Every store has its team conversation from the start.
        let team = ConversationId::new();
        crate::db::models::chat::Conversation {
            id: team,
            store_id: store.id,
            kind: crate::domain::chat::Kind::Team,
            title: None,
            announcement: false,
            member_ids: Vec::new(),
            created_by: None,
            last_seq: 0,
            created_at: store.created_at,
            updated_at: store.created_at,
        }
        .upsert(conn)?;
        let roles = self
            .roles
            .iter()
            .map(|r| r.insert(conn))
            .collect::<Result<_, _>>()?;
        let members = self
            .members
            .iter()
            .map(|e| e.insert(conn))
            .collect::<Result<_, _>>()?;
        tracing::info!(store = %store.id, "store created");
        Ok(Founded {
            store,
            roles,
            members,
            team,
        })
    }
}
