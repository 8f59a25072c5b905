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
    /// Saves the subscription, replacing the keys of one already known for the endpoint.
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
            ))
            .execute(conn)
    }

    /// The subscriptions of a user in a store.
    pub fn of_user(
        conn: &mut PgConnection,
        store: StoreId,
        user: UserId,
    ) -> QueryResult<Vec<PushSubscription>> {
        push_subscriptions::table
            .filter(push_subscriptions::store_id.eq(store))
            .filter(push_subscriptions::user_id.eq(user))
            .select(PushSubscription::as_select())
            .load(conn)
    }

    /// Forgets a subscription the push service reported gone.
    pub fn remove(conn: &mut PgConnection, id: uuid::Uuid) -> QueryResult<usize> {
        diesel::delete(push_subscriptions::table.filter(push_subscriptions::id.eq(id)))
            .execute(conn)
    }
}
