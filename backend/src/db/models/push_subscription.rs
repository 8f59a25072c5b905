use crate::db::schema::push_subscriptions;
use crate::domain::ids::{StoreId, UserId};
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// A browser's Web Push subscription for a user in a store.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = push_subscriptions, check_for_backend(diesel::pg::Pg))]
pub struct PushSubscription {
    pub id: uuid::Uuid,
    pub store_id: StoreId,
    pub user_id: UserId,
    pub endpoint: String,
    /// The browser's P-256 public key, base64url.
    pub p256dh: String,
    /// The browser's authentication secret, base64url.
    pub auth: String,
    pub created_at: DateTime<Utc>,
}

impl PushSubscription {
    /// Saves the subscription, replacing the keys (and the time) of one already known for the
    /// endpoint.
    #[tracing::instrument(skip(conn, self), fields(store = %self.store_id))]
    pub fn save(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(push_subscriptions::table)
            .values(self)
            .on_conflict((
                push_subscriptions::store_id,
                push_subscriptions::user_id,
                push_subscriptions::endpoint,
            ))
            .do_update()
            .set((
                push_subscriptions::p256dh.eq(&self.p256dh),
                push_subscriptions::auth.eq(&self.auth),
                push_subscriptions::created_at.eq(self.created_at),
            ))
            .execute(conn)
    }

    /// The subscriptions of any of `readers` (store and user pairs).
    #[tracing::instrument(skip_all, fields(readers = readers.len()))]
    pub fn of_readers(
        conn: &mut PgConnection,
        readers: &[(StoreId, UserId)],
    ) -> QueryResult<Vec<PushSubscription>> {
        if readers.is_empty() {
            return Ok(Vec::new());
        }
        let stores: Vec<StoreId> = readers.iter().map(|(s, _)| *s).collect();
        let users: Vec<UserId> = readers.iter().map(|(_, u)| *u).collect();
        let rows = push_subscriptions::table
            .filter(push_subscriptions::store_id.eq_any(&stores))
            .filter(push_subscriptions::user_id.eq_any(&users))
            .select(PushSubscription::as_select())
            .load::<PushSubscription>(conn)?;
        // The two lists match every store with every user; keep the pairs asked for.
        Ok(rows
            .into_iter()
            .filter(|r| readers.contains(&(r.store_id, r.user_id)))
            .collect())
    }

    /// Forgets subscriptions of a store its push services reported gone.
    #[tracing::instrument(skip(conn))]
    pub fn remove(
        conn: &mut PgConnection,
        store: StoreId,
        ids: &[uuid::Uuid],
    ) -> QueryResult<usize> {
        diesel::delete(
            push_subscriptions::table
                .filter(push_subscriptions::store_id.eq(store))
                .filter(push_subscriptions::id.eq_any(ids)),
        )
        .execute(conn)
    }

    /// Forgets every subscription of a user in a store (their account was deleted).
    #[tracing::instrument(skip(conn))]
    pub fn remove_of_user(
        conn: &mut PgConnection,
        store: StoreId,
        user: UserId,
    ) -> QueryResult<usize> {
        diesel::delete(
            push_subscriptions::table
                .filter(push_subscriptions::store_id.eq(store))
                .filter(push_subscriptions::user_id.eq(user)),
        )
        .execute(conn)
    }

    /// Forgets a user's subscription of a store by its endpoint.
    #[tracing::instrument(skip(conn, endpoint))]
    pub fn remove_endpoint(
        conn: &mut PgConnection,
        store: StoreId,
        user: UserId,
        endpoint: &str,
    ) -> QueryResult<usize> {
        diesel::delete(
            push_subscriptions::table
                .filter(push_subscriptions::store_id.eq(store))
                .filter(push_subscriptions::user_id.eq(user))
                .filter(push_subscriptions::endpoint.eq(endpoint)),
        )
        .execute(conn)
    }

    /// Forgets the endpoint for every user but `user`: a browser that subscribes for one
    /// person no longer shows another's notifications (someone else signed in on it).
    #[tracing::instrument(skip(conn, endpoint))]
    pub fn release_endpoint(
        conn: &mut PgConnection,
        user: UserId,
        endpoint: &str,
    ) -> QueryResult<usize> {
        diesel::delete(
            push_subscriptions::table
                .filter(push_subscriptions::endpoint.eq(endpoint))
                .filter(push_subscriptions::user_id.ne(user)),
        )
        .execute(conn)
    }

    /// Keeps only the `keep` newest subscriptions of a user in a store.
    #[tracing::instrument(skip(conn))]
    pub fn keep_newest(
        conn: &mut PgConnection,
        store: StoreId,
        user: UserId,
        keep: i64,
    ) -> QueryResult<usize> {
        let older: Vec<uuid::Uuid> = push_subscriptions::table
            .filter(push_subscriptions::store_id.eq(store))
            .filter(push_subscriptions::user_id.eq(user))
            .order((
                push_subscriptions::created_at.desc(),
                push_subscriptions::id.desc(),
            ))
            .offset(keep)
            .select(push_subscriptions::id)
            .load(conn)?;
        if older.is_empty() {
            return Ok(0);
        }
        diesel::delete(push_subscriptions::table.filter(push_subscriptions::id.eq_any(&older)))
            .execute(conn)
    }
}
