//! The chat's rows: conversations, their messages, and how far each member has read.

use crate::db::schema::{
    conversation_reads, conversations, message_reactions, messages, survey_votes, surveys,
};
use crate::db::upsert::upsert;
use crate::domain::chat::{Kind, MessageKind};
use crate::domain::ids::{ConversationId, EmployeeId, MessageId, StoreId, SurveyId};
use crate::domain::survey::Mode;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::query_dsl::methods::ExecuteDsl;

upsert! {
    /// The upsert of conversations ([`Conversation::upsert_query`]): every column but the
    /// id is overwritten.
    ConversationsUpsert(Conversation) into conversations,
    insert(
        id, store_id, kind, title, announcement, member_ids, created_by, last_seq, created_at,
        updated_at,
    ),
    conflict(id),
    update(
        store_id, kind, title, announcement, member_ids, created_by, last_seq, created_at,
        updated_at,
    ),
}

upsert! {
    /// The upsert of messages ([`Message::upsert_query`]): every column but the id is
    /// overwritten.
    MessagesUpsert(Message) into messages,
    insert(
        id, store_id, conversation_id, seq, sender, kind, content, reply_to, action, modified,
        deleted, version, created_at, updated_at, attachments,
    ),
    conflict(id),
    update(
        store_id, conversation_id, seq, sender, kind, content, reply_to, action, modified,
        deleted, version, created_at, updated_at, attachments,
    ),
}

upsert! {
    /// The upsert of how far members have read ([`ConversationRead::upsert_query`]).
    ReadsUpsert(ConversationRead) into conversation_reads,
    insert(conversation_id, employee_id, seen_seq, updated_at),
    conflict(conversation_id, employee_id),
    update(seen_seq, updated_at),
}

/// A conversation of a store.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = conversations, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct Conversation {
    pub id: ConversationId,
    pub store_id: StoreId,
    pub kind: Kind,
    pub title: Option<String>,
    pub announcement: bool,
    pub member_ids: Vec<uuid::Uuid>,
    pub created_by: Option<EmployeeId>,
    pub last_seq: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Conversation {
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<Conversation>> {
        conversations::table
            .filter(conversations::store_id.eq(store))
            .select(Conversation::as_select())
            .load(conn)
    }

    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        ExecuteDsl::execute(self.upsert_query(), conn)
    }

    /// The upsert of [`Conversation::upsert`], as a statement to run or to nest.
    pub fn upsert_query(&self) -> ConversationsUpsert<'_> {
        ConversationsUpsert(std::slice::from_ref(self))
    }
}

/// A chat message.
#[derive(
    Debug,
    Clone,
    PartialEq,
    Queryable,
    QueryableByName,
    Selectable,
    Identifiable,
    Insertable,
    AsChangeset,
)]
#[diesel(table_name = messages, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct Message {
    pub id: MessageId,
    pub store_id: StoreId,
    pub conversation_id: ConversationId,
    pub seq: i64,
    pub sender: Option<EmployeeId>,
    pub kind: MessageKind,
    pub content: String,
    pub reply_to: Option<MessageId>,
    pub action: Option<serde_json::Value>,
    pub modified: bool,
    pub deleted: bool,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The files it carries (`store::chat::Attachment`s).
    pub attachments: serde_json::Value,
}

impl Message {
    /// The newest messages of every conversation of a store, up to `per_conversation` each:
    /// the ones its actor keeps for edits, deletions and replies.
    pub fn recent(
        conn: &mut PgConnection,
        store: StoreId,
        per_conversation: i64,
    ) -> QueryResult<Vec<Message>> {
        use diesel::sql_types::{BigInt, Uuid as SqlUuid};
        diesel::sql_query(
            "SELECT m.* FROM conversations c, LATERAL (
                 SELECT * FROM messages WHERE conversation_id = c.id
                 ORDER BY seq DESC LIMIT $2) m
             WHERE c.store_id = $1",
        )
        .bind::<SqlUuid, _>(store.0)
        .bind::<BigInt, _>(per_conversation)
        .load(conn)
    }

    /// A page of a conversation: up to `limit` messages before `before` (exclusive), newest
    /// last; or those after `after` (a reconnecting client's last number), oldest first.
    pub fn page(
        conn: &mut PgConnection,
        conversation: ConversationId,
        before: Option<i64>,
        after: Option<i64>,
        limit: i64,
    ) -> QueryResult<Vec<Message>> {
        let mut q = messages::table
            .filter(messages::conversation_id.eq(conversation))
            .select(Message::as_select())
            .into_boxed();
        if let Some(after) = after {
            return q
                .filter(messages::seq.gt(after))
                .order(messages::seq.asc())
                .limit(limit)
                .load(conn);
        }
        if let Some(before) = before {
            q = q.filter(messages::seq.lt(before));
        }
        let mut page: Vec<Message> = q.order(messages::seq.desc()).limit(limit).load(conn)?;
        page.reverse();
        Ok(page)
    }

    /// The newest modified (edited or deleted) messages before `before`, newest change first.
    pub fn modified_before(
        conn: &mut PgConnection,
        conversation: ConversationId,
        before: i64,
        limit: i64,
    ) -> QueryResult<Vec<Message>> {
        messages::table
            .filter(messages::conversation_id.eq(conversation))
            .filter(messages::seq.lt(before))
            .filter(messages::modified.or(messages::deleted))
            .order(messages::updated_at.desc())
            .limit(limit)
            .select(Message::as_select())
            .load(conn)
    }

    /// Messages of the given conversations matching a search (full-text, any language),
    /// newest first; deleted ones never match.
    pub fn search(
        conn: &mut PgConnection,
        store: StoreId,
        conversations: &[ConversationId],
        query: &str,
        limit: i64,
    ) -> QueryResult<Vec<Message>> {
        use diesel::sql_types::{Array, BigInt, Text, Uuid as SqlUuid};
        let ids: Vec<uuid::Uuid> = conversations.iter().map(|c| c.0).collect();
        diesel::sql_query(
            "SELECT * FROM messages
             WHERE store_id = $1 AND conversation_id = ANY($2) AND NOT deleted
               AND to_tsvector('simple', content) @@ plainto_tsquery('simple', $3)
             ORDER BY created_at DESC LIMIT $4",
        )
        .bind::<SqlUuid, _>(store.0)
        .bind::<Array<SqlUuid>, _>(ids)
        .bind::<Text, _>(query)
        .bind::<BigInt, _>(limit)
        .load(conn)
    }

    /// One message of a store (the actor reads one older than those it keeps this way).
    pub fn find(
        conn: &mut PgConnection,
        store: StoreId,
        id: MessageId,
    ) -> QueryResult<Option<Message>> {
        messages::table
            .filter(messages::store_id.eq(store))
            .filter(messages::id.eq(id))
            .select(Message::as_select())
            .first(conn)
            .optional()
    }

    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        ExecuteDsl::execute(self.upsert_query(), conn)
    }

    /// The upsert of [`Message::upsert`], as a statement to run or to nest.
    pub fn upsert_query(&self) -> MessagesUpsert<'_> {
        MessagesUpsert(std::slice::from_ref(self))
    }
}

/// How far a member has read a conversation.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = conversation_reads, check_for_backend(diesel::pg::Pg))]
pub struct ConversationRead {
    pub conversation_id: ConversationId,
    pub employee_id: EmployeeId,
    pub seen_seq: i64,
    pub updated_at: DateTime<Utc>,
}

impl ConversationRead {
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<ConversationRead>> {
        conversation_reads::table
            .inner_join(conversations::table)
            .filter(conversations::store_id.eq(store))
            .select(ConversationRead::as_select())
            .load(conn)
    }

    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        ExecuteDsl::execute(self.upsert_query(), conn)
    }

    /// The upsert of [`ConversationRead::upsert`], as a statement to run or to nest.
    pub fn upsert_query(&self) -> ReadsUpsert<'_> {
        ReadsUpsert(std::slice::from_ref(self))
    }
}

/// A poll or an open question.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable, AsChangeset)]
#[diesel(table_name = surveys, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct Survey {
    pub id: SurveyId,
    pub store_id: StoreId,
    pub conversation_id: ConversationId,
    pub message_id: MessageId,
    pub question: String,
    pub mode: Mode,
    pub answers: Vec<String>,
    pub multiple: bool,
    pub anonymous: bool,
    pub created_by: Option<EmployeeId>,
    pub created_at: DateTime<Utc>,
    /// When its author or a manager closed it (no more votes).
    pub closed_at: Option<DateTime<Utc>>,
    /// When it was withdrawn: deleted, or its message deleted.
    pub withdrawn_at: Option<DateTime<Utc>>,
}

impl Survey {
    /// Where it stands.
    pub fn status(&self) -> crate::domain::survey::Status {
        crate::domain::survey::Status::of(self.closed_at.is_some(), self.withdrawn_at.is_some())
    }

    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<Survey>> {
        surveys::table
            .filter(surveys::store_id.eq(store))
            .select(Survey::as_select())
            .load(conn)
    }

    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(surveys::table)
            .values(self)
            .on_conflict(surveys::id)
            .do_update()
            .set(self)
            .execute(conn)
    }

    /// The surveys of a conversation that are not withdrawn, with their votes, oldest first.
    pub fn of_conversation(
        conn: &mut PgConnection,
        conversation: ConversationId,
    ) -> QueryResult<Vec<(Survey, Vec<Vote>)>> {
        let found: Vec<Survey> = surveys::table
            .filter(surveys::conversation_id.eq(conversation))
            .filter(surveys::withdrawn_at.is_null())
            .order(surveys::created_at)
            .select(Survey::as_select())
            .load(conn)?;
        let ids: Vec<SurveyId> = found.iter().map(|s| s.id).collect();
        let votes: Vec<Vote> = survey_votes::table
            .filter(survey_votes::survey_id.eq_any(ids))
            .order(survey_votes::created_at)
            .select(Vote::as_select())
            .load(conn)?;
        Ok(found
            .into_iter()
            .map(|s| {
                let mine = votes
                    .iter()
                    .filter(|v| v.survey_id == s.id)
                    .cloned()
                    .collect();
                (s, mine)
            })
            .collect())
    }
}

/// A member's vote.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = survey_votes, check_for_backend(diesel::pg::Pg))]
pub struct Vote {
    pub survey_id: SurveyId,
    pub employee_id: EmployeeId,
    pub choices: Vec<i32>,
    pub answer: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl Vote {
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<Vote>> {
        survey_votes::table
            .inner_join(surveys::table)
            .filter(surveys::store_id.eq(store))
            .select(Vote::as_select())
            .load(conn)
    }

    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(survey_votes::table)
            .values(self)
            .execute(conn)
    }
}

/// A member's reaction to a message.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = message_reactions, check_for_backend(diesel::pg::Pg))]
pub struct Reaction {
    pub message_id: MessageId,
    pub employee_id: EmployeeId,
    pub emoji: String,
    pub created_at: DateTime<Utc>,
}

impl Reaction {
    /// The reactions to the given messages.
    pub fn of_messages(conn: &mut PgConnection, ids: &[MessageId]) -> QueryResult<Vec<Reaction>> {
        message_reactions::table
            .filter(message_reactions::message_id.eq_any(ids))
            .order(message_reactions::created_at)
            .select(Reaction::as_select())
            .load(conn)
    }

    /// Adds the reaction, or takes it back (`on` false).
    pub fn toggle(&self, conn: &mut PgConnection, on: bool) -> QueryResult<usize> {
        if on {
            diesel::insert_into(message_reactions::table)
                .values(self)
                .on_conflict_do_nothing()
                .execute(conn)
        } else {
            diesel::delete(
                message_reactions::table
                    .filter(message_reactions::message_id.eq(self.message_id))
                    .filter(message_reactions::employee_id.eq(self.employee_id))
                    .filter(message_reactions::emoji.eq(&self.emoji)),
            )
            .execute(conn)
        }
    }
}

crate::db::models::text_column!(Kind);
crate::db::models::text_column!(MessageKind);
crate::db::models::text_column!(Mode);

impl Message {
    /// The messages `sender` sent in a store and did not delete, oldest first.
    pub fn sent_by(
        conn: &mut PgConnection,
        store: StoreId,
        sender: EmployeeId,
    ) -> QueryResult<Vec<Message>> {
        messages::table
            .filter(messages::store_id.eq(store))
            .filter(messages::sender.eq(sender))
            .filter(messages::deleted.eq(false))
            .order((messages::created_at.asc(), messages::id.asc()))
            .select(Message::as_select())
            .load(conn)
    }
}
