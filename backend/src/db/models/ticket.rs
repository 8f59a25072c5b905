//! Support tickets, their threads and feedback. Not a store's tables: a ticket belongs to the
//! person who raised it (like a session), and may name the store it was raised from.

use crate::db::schema::{feedback, ticket_comments, tickets};
use crate::domain::ids::{FeedbackId, FileId, StoreId, TicketCommentId, TicketId, UserId};
use crate::domain::support::{Priority, Status};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// A support ticket.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable)]
#[diesel(table_name = tickets, check_for_backend(diesel::pg::Pg))]
pub struct Ticket {
    pub id: TicketId,
    /// The number a person quotes, from one sequence for the installation.
    pub ticket_no: i64,
    pub user_id: UserId,
    pub store_id: Option<StoreId>,
    pub title: String,
    pub priority: Priority,
    pub status: Status,
    /// Whether the user has read support's latest answer.
    pub seen: bool,
    pub admin_response: Option<String>,
    pub attachment_id: Option<FileId>,
    pub created_at: DateTime<Utc>,
    pub modified_at: DateTime<Utc>,
}

/// A new ticket (its number is the sequence's).
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = tickets)]
pub struct TicketInsertForm {
    pub id: TicketId,
    pub user_id: UserId,
    pub store_id: Option<StoreId>,
    pub title: String,
    pub priority: Priority,
    pub status: Status,
    pub seen: bool,
    pub attachment_id: Option<FileId>,
    pub created_at: DateTime<Utc>,
    pub modified_at: DateTime<Utc>,
}

/// What an answer, a comment or a reading changes of a ticket.
#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = tickets)]
pub struct TicketUpdateForm {
    pub status: Option<Status>,
    pub seen: Option<bool>,
    pub admin_response: Option<Option<String>>,
    pub modified_at: Option<DateTime<Utc>>,
}

/// An entry of a ticket's thread: its first description or a comment.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable)]
#[diesel(table_name = ticket_comments, check_for_backend(diesel::pg::Pg))]
pub struct TicketComment {
    pub id: TicketCommentId,
    pub ticket_id: TicketId,
    pub author_id: Option<UserId>,
    /// Written by support staff rather than the ticket's user.
    pub by_support: bool,
    pub text: String,
    pub created_at: DateTime<Utc>,
}

/// A piece of feedback on the product.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable)]
#[diesel(table_name = feedback, check_for_backend(diesel::pg::Pg))]
pub struct Feedback {
    pub id: FeedbackId,
    pub user_id: UserId,
    pub store_id: Option<StoreId>,
    pub rating: i16,
    pub comment: String,
    pub created_at: DateTime<Utc>,
}

impl TicketInsertForm {
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<Ticket> {
        diesel::insert_into(tickets::table)
            .values(self)
            .returning(Ticket::as_returning())
            .get_result(conn)
    }
}

impl Ticket {
    pub fn find(conn: &mut PgConnection, id: TicketId) -> QueryResult<Option<Ticket>> {
        tickets::table
            .find(id)
            .select(Ticket::as_select())
            .first(conn)
            .optional()
    }

    /// The ticket, locked until the end of the caller's transaction (a comment and an answer
    /// arriving together change it one after the other).
    pub fn find_for_update(conn: &mut PgConnection, id: TicketId) -> QueryResult<Option<Ticket>> {
        tickets::table
            .find(id)
            .select(Ticket::as_select())
            .for_update()
            .first(conn)
            .optional()
    }

    /// A user's tickets, or every ticket when `user` is none: newest change first.
    pub fn list(
        conn: &mut PgConnection,
        user: Option<UserId>,
        limit: i64,
    ) -> QueryResult<Vec<Ticket>> {
        let mut query = tickets::table
            .select(Ticket::as_select())
            .order((tickets::modified_at.desc(), tickets::ticket_no.desc()))
            .limit(limit)
            .into_boxed();
        if let Some(user) = user {
            query = query.filter(tickets::user_id.eq(user));
        }
        query.load(conn)
    }

    pub fn change(
        conn: &mut PgConnection,
        id: TicketId,
        form: &TicketUpdateForm,
    ) -> QueryResult<Ticket> {
        diesel::update(tickets::table.find(id))
            .set(form)
            .returning(Ticket::as_returning())
            .get_result(conn)
    }
}

impl TicketComment {
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(ticket_comments::table)
            .values(self)
            .execute(conn)
    }

    /// A ticket's thread, oldest first.
    pub fn of_ticket(
        conn: &mut PgConnection,
        ticket: TicketId,
        limit: i64,
    ) -> QueryResult<Vec<TicketComment>> {
        ticket_comments::table
            .filter(ticket_comments::ticket_id.eq(ticket))
            .order((ticket_comments::created_at.asc(), ticket_comments::id.asc()))
            .limit(limit)
            .select(TicketComment::as_select())
            .load(conn)
    }

    /// How many entries a ticket's thread has.
    pub fn count(conn: &mut PgConnection, ticket: TicketId) -> QueryResult<i64> {
        ticket_comments::table
            .filter(ticket_comments::ticket_id.eq(ticket))
            .count()
            .get_result(conn)
    }
}

impl Feedback {
    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(feedback::table)
            .values(self)
            .execute(conn)
    }
}

crate::db::models::text_column!(Priority);
crate::db::models::text_column!(Status);

impl Ticket {
    /// Every ticket `user` raised, oldest first.
    pub fn of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<Vec<Ticket>> {
        tickets::table
            .filter(tickets::user_id.eq(user))
            .order((tickets::created_at.asc(), tickets::id.asc()))
            .select(Ticket::as_select())
            .load(conn)
    }
}

impl TicketComment {
    /// What `user` wrote in their tickets' threads, oldest first.
    pub fn written_by(conn: &mut PgConnection, user: UserId) -> QueryResult<Vec<TicketComment>> {
        ticket_comments::table
            .filter(ticket_comments::author_id.eq(user))
            .order((ticket_comments::created_at.asc(), ticket_comments::id.asc()))
            .select(TicketComment::as_select())
            .load(conn)
    }
}

impl Feedback {
    /// Every piece of feedback `user` gave, oldest first.
    pub fn of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<Vec<Feedback>> {
        feedback::table
            .filter(feedback::user_id.eq(user))
            .order((feedback::created_at.asc(), feedback::id.asc()))
            .select(Feedback::as_select())
            .load(conn)
    }
}
