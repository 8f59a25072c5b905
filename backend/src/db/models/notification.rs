use crate::db::schema::notifications;
use crate::db::upsert::upsert;
use crate::domain::ids::{ConversationId, NotificationId, RequestId, ShiftId, StoreId, UserId};
use crate::domain::notification::{AccessFor, Draft, MergeKey, NotificationKind, Unread};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

upsert! {
    /// The insert of new notifications ([`Notification::insert_query`]): a row already there
    /// is left alone; answers the ids of the rows it inserted.
    NotificationsInsert(Notification) into notifications,
    insert(
        id, store_id, title, content, seen, kind, variant, access_for, source, shift_id,
        drop_request_id, timeoff_request_id, shift_propose_id, reason, created_at,
        conversation_id, message_seq, text_code, text_params,
    ),
    conflict(id),
    keep returning(id),
}

/// A notification row. `access_for` is the user it is for; `None` means everyone in the
/// store.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Identifiable, Insertable)]
#[diesel(table_name = notifications, check_for_backend(diesel::pg::Pg))]
pub struct Notification {
    pub id: NotificationId,
    pub store_id: StoreId,
    pub title: String,
    pub content: String,
    pub seen: bool,
    pub kind: NotificationKind,
    pub variant: i16,
    pub access_for: Option<UserId>,
    pub source: Option<UserId>,
    pub shift_id: Option<ShiftId>,
    pub drop_request_id: Option<RequestId>,
    pub timeoff_request_id: Option<RequestId>,
    pub shift_propose_id: Option<uuid::Uuid>,
    pub reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub conversation_id: Option<ConversationId>,
    pub message_seq: Option<i64>,
    /// What it says as a code for the reader's app; `None` for words a person wrote.
    pub text_code: Option<String>,
    /// The code's parameters (names, titles, times in epoch milliseconds).
    pub text_params: serde_json::Value,
}

/// How many of each (private and public) a listing shows.
pub const PAGE: i64 = 20;

impl Notification {
    /// A new row from a draft.
    pub fn from_draft(store: StoreId, draft: Draft, now: DateTime<Utc>) -> Notification {
        let access_for = match draft.access_for {
            AccessFor::User(u) => Some(u),
            AccessFor::Public => None,
        };
        Notification {
            id: NotificationId::new(),
            store_id: store,
            title: draft.text.title,
            content: draft.text.content,
            seen: false,
            kind: draft.kind,
            variant: draft.variant.code(),
            access_for,
            source: draft.source,
            shift_id: draft.references.shift,
            drop_request_id: draft.references.drop_request,
            timeoff_request_id: draft.references.timeoff_request,
            shift_propose_id: draft.references.shift_propose,
            reason: draft.reason,
            created_at: now,
            conversation_id: draft.references.conversation,
            message_seq: draft.references.message_seq,
            text_code: draft.text.code.map(str::to_string),
            text_params: serde_json::Value::Object(draft.text.params),
        }
    }

    /// For each conversation of a store and reader, the newest message a grouped `message`
    /// notification told them of.
    pub fn told_of_messages(
        conn: &mut PgConnection,
        store: StoreId,
    ) -> QueryResult<Vec<(ConversationId, UserId, i64)>> {
        use diesel::dsl::max;
        let rows: Vec<(Option<ConversationId>, Option<UserId>, Option<i64>)> = notifications::table
            .filter(notifications::store_id.eq(store))
            .filter(notifications::kind.eq(NotificationKind::Message))
            .filter(notifications::message_seq.is_not_null())
            .group_by((notifications::conversation_id, notifications::access_for))
            .select((
                notifications::conversation_id,
                notifications::access_for,
                max(notifications::message_seq),
            ))
            .load(conn)?;
        Ok(rows
            .into_iter()
            .filter_map(|(c, u, seq)| Some((c?, u?, seq?)))
            .collect())
    }

    /// Of these notifications, the ones standing for unread messages whose reader has seen
    /// the message since (their push is no longer wanted).
    pub fn read_since(
        conn: &mut PgConnection,
        ids: &[NotificationId],
    ) -> QueryResult<Vec<NotificationId>> {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::Uuid)]
            id: NotificationId,
        }
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<uuid::Uuid> = ids.iter().map(|i| i.0).collect();
        let rows: Vec<Row> = diesel::sql_query(
            "SELECT n.id FROM notifications n
               JOIN employees e ON e.store_id = n.store_id AND e.user_id = n.access_for
               JOIN conversation_reads r
                 ON r.conversation_id = n.conversation_id AND r.employee_id = e.id
              WHERE n.id = ANY($1) AND n.message_seq IS NOT NULL AND r.seen_seq >= n.message_seq",
        )
        .bind::<diesel::sql_types::Array<diesel::sql_types::Uuid>, _>(ids)
        .load(conn)?;
        Ok(rows.into_iter().map(|r| r.id).collect())
    }

    /// The newest unread notification of each [`MergeKey`] of a store written since `since`:
    /// the ones a new notification of the same kind, shift and reader may still merge into.
    pub fn unread_to_merge(
        conn: &mut PgConnection,
        store: StoreId,
        since: DateTime<Utc>,
    ) -> QueryResult<Vec<(MergeKey, Unread)>> {
        type Row = (
            NotificationId,
            NotificationKind,
            Option<ShiftId>,
            Option<UserId>,
            DateTime<Utc>,
        );
        let rows: Vec<Row> = notifications::table
            .filter(notifications::store_id.eq(store))
            .filter(notifications::seen.eq(false))
            .filter(notifications::access_for.is_not_null())
            .filter(notifications::shift_id.is_not_null())
            .filter(notifications::created_at.ge(since))
            .order(notifications::created_at)
            .select((
                notifications::id,
                notifications::kind,
                notifications::shift_id,
                notifications::access_for,
                notifications::created_at,
            ))
            .load(conn)?;
        // Oldest first: the newest of each key is the one kept.
        let mut newest = std::collections::HashMap::new();
        for (id, kind, shift, reader, at) in rows {
            if let Some(key) = MergeKey::of_row(kind, shift, reader) {
                newest.insert(key, Unread { id, at });
            }
        }
        Ok(newest.into_iter().collect())
    }

    /// Writes a later notification of a burst into the unread one it merges into (`self.id`):
    /// its texts, references and time. Only an unread notification of the same reader and kind
    /// is touched; answers how many rows changed (none when it was seen or deleted meanwhile).
    pub fn merge_into_unread(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::update(
            notifications::table
                .filter(notifications::id.eq(self.id))
                .filter(notifications::store_id.eq(self.store_id))
                .filter(notifications::access_for.eq(self.access_for))
                .filter(notifications::kind.eq(self.kind))
                .filter(notifications::seen.eq(false)),
        )
        .set((
            notifications::title.eq(&self.title),
            notifications::content.eq(&self.content),
            notifications::text_code.eq(&self.text_code),
            notifications::text_params.eq(&self.text_params),
            notifications::variant.eq(self.variant),
            notifications::source.eq(self.source),
            notifications::drop_request_id.eq(self.drop_request_id),
            notifications::timeoff_request_id.eq(self.timeoff_request_id),
            notifications::shift_propose_id.eq(self.shift_propose_id),
            notifications::reason.eq(&self.reason),
            notifications::created_at.eq(self.created_at),
        ))
        .execute(conn)
    }

    /// Marks a reader's `message` notifications of a conversation seen (they opened it).
    pub fn see_conversation(
        conn: &mut PgConnection,
        store: StoreId,
        reader: UserId,
        conversation: ConversationId,
    ) -> QueryResult<usize> {
        diesel::update(
            notifications::table
                .filter(notifications::store_id.eq(store))
                .filter(notifications::access_for.eq(reader))
                .filter(notifications::conversation_id.eq(conversation))
                .filter(notifications::seen.eq(false)),
        )
        .set(notifications::seen.eq(true))
        .execute(conn)
    }

    /// Inserts rows (each once: a row already there is left alone); answers the ids inserted.
    pub fn insert_many(
        conn: &mut PgConnection,
        rows: &[&Notification],
    ) -> QueryResult<Vec<NotificationId>> {
        let mut inserted = Vec::with_capacity(rows.len());
        for chunk in rows.chunks(Notification::MOST_INSERTED) {
            let values: Vec<&Notification> = chunk.to_vec();
            inserted.extend(
                diesel::insert_into(notifications::table)
                    .values(values)
                    .on_conflict_do_nothing()
                    .returning(notifications::id)
                    .get_results::<NotificationId>(conn)?,
            );
        }
        Ok(inserted)
    }

    /// Most rows one statement inserts: 19 columns a row, well under Postgres's 65,535 bind
    /// parameters a statement.
    pub const MOST_INSERTED: usize = 2000;

    /// The insert of up to [`Notification::MOST_INSERTED`] rows, as a statement to nest in a
    /// whole commit.
    pub fn insert_query(rows: &[Notification]) -> NotificationsInsert<'_> {
        NotificationsInsert(rows)
    }

    pub fn insert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(notifications::table)
            .values(self)
            .on_conflict_do_nothing()
            .execute(conn)
    }

    /// The newest private notifications of a user in a store.
    #[tracing::instrument(skip(conn))]
    pub fn latest_private(
        conn: &mut PgConnection,
        store: StoreId,
        user: UserId,
    ) -> QueryResult<Vec<Notification>> {
        notifications::table
            .filter(notifications::store_id.eq(store))
            .filter(notifications::access_for.eq(user))
            .order((notifications::created_at.desc(), notifications::id.desc()))
            .limit(PAGE)
            .select(Notification::as_select())
            .load(conn)
    }

    /// The newest public notifications of a store.
    #[tracing::instrument(skip(conn))]
    pub fn latest_public(
        conn: &mut PgConnection,
        store: StoreId,
    ) -> QueryResult<Vec<Notification>> {
        notifications::table
            .filter(notifications::store_id.eq(store))
            .filter(notifications::access_for.is_null())
            .order((notifications::created_at.desc(), notifications::id.desc()))
            .limit(PAGE)
            .select(Notification::as_select())
            .load(conn)
    }

    /// Marks notifications seen. Only the user's own private ones, plus the store's public
    /// ones when `public` is true, are touched. Returns how many changed.
    #[tracing::instrument(skip(conn))]
    pub fn mark_seen(
        conn: &mut PgConnection,
        store: StoreId,
        user: UserId,
        ids: &[NotificationId],
        public: bool,
    ) -> QueryResult<usize> {
        let mine = notifications::table
            .filter(notifications::store_id.eq(store))
            .filter(notifications::id.eq_any(ids));
        if public {
            diesel::update(
                mine.filter(
                    notifications::access_for
                        .eq(user)
                        .or(notifications::access_for.is_null()),
                ),
            )
            .set(notifications::seen.eq(true))
            .execute(conn)
        } else {
            diesel::update(mine.filter(notifications::access_for.eq(user)))
                .set(notifications::seen.eq(true))
                .execute(conn)
        }
    }

    /// Deletes notifications, with the same ownership rule as [`Notification::mark_seen`].
    #[tracing::instrument(skip(conn))]
    pub fn delete(
        conn: &mut PgConnection,
        store: StoreId,
        user: UserId,
        ids: &[NotificationId],
        public: bool,
    ) -> QueryResult<usize> {
        let mine = notifications::table
            .filter(notifications::store_id.eq(store))
            .filter(notifications::id.eq_any(ids));
        if public {
            diesel::delete(
                mine.filter(
                    notifications::access_for
                        .eq(user)
                        .or(notifications::access_for.is_null()),
                ),
            )
            .execute(conn)
        } else {
            diesel::delete(mine.filter(notifications::access_for.eq(user))).execute(conn)
        }
    }

    /// Deletes every private notification of `user` in a store (their account was deleted);
    /// their deliveries go with them.
    #[tracing::instrument(skip(conn))]
    pub fn delete_of_reader(
        conn: &mut PgConnection,
        store: StoreId,
        user: UserId,
    ) -> QueryResult<usize> {
        diesel::delete(
            notifications::table
                .filter(notifications::store_id.eq(store))
                .filter(notifications::access_for.eq(user)),
        )
        .execute(conn)
    }

    /// Notifications by id, oldest first.
    pub fn by_ids(
        conn: &mut PgConnection,
        ids: &[NotificationId],
    ) -> QueryResult<Vec<Notification>> {
        notifications::table
            .filter(notifications::id.eq_any(ids))
            .order((notifications::created_at, notifications::id))
            .select(Notification::as_select())
            .load(conn)
    }
}

crate::db::models::text_column!(NotificationKind);
