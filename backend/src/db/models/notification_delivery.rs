use crate::db::models::notification::Notification;
use crate::db::schema::notification_deliveries;
use crate::domain::ids::NotificationId;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};

/// A way a notification goes out besides the live socket event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Mail,
    Push,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Mail => "mail",
            Channel::Push => "push",
        }
    }
}

/// The channels a new notification waits on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Channels {
    pub mail: bool,
    pub push: bool,
}

#[derive(QueryableByName)]
struct Claimed {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    notification_id: NotificationId,
}

/// The queue of notifications waiting to go out, one row per channel.
pub struct Delivery;

impl Delivery {
    /// Queues a notification (written in the same transaction) on its channels.
    pub fn queue(
        conn: &mut PgConnection,
        notification: &Notification,
        channels: Channels,
    ) -> QueryResult<usize> {
        let rows: Vec<_> = [
            (channels.mail, Channel::Mail),
            (channels.push, Channel::Push),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, channel)| {
            (
                notification_deliveries::channel.eq(channel.as_str()),
                notification_deliveries::notification_id.eq(notification.id),
                notification_deliveries::created_at.eq(notification.created_at),
            )
        })
        .collect();
        if rows.is_empty() {
            return Ok(0);
        }
        diesel::insert_into(notification_deliveries::table)
            .values(rows)
            .on_conflict_do_nothing()
            .execute(conn)
    }

    /// Takes up to `limit` of the oldest notifications waiting on `channel` off the queue, in
    /// the caller's transaction. Rows another process is taking are skipped: they are its to
    /// send, so each notification goes out once per channel.
    pub fn claim(
        conn: &mut PgConnection,
        channel: Channel,
        limit: i64,
    ) -> QueryResult<Vec<Notification>> {
        let claimed: Vec<Claimed> = diesel::sql_query(
            "DELETE FROM notification_deliveries
              WHERE (channel, notification_id) IN (
                    SELECT channel, notification_id FROM notification_deliveries
                     WHERE channel = $1
                     ORDER BY created_at
                     LIMIT $2
                       FOR UPDATE SKIP LOCKED)
          RETURNING notification_id",
        )
        .bind::<Text, _>(channel.as_str())
        .bind::<BigInt, _>(limit)
        .load(conn)?;
        if claimed.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<NotificationId> = claimed.into_iter().map(|c| c.notification_id).collect();
        Notification::by_ids(conn, &ids)
    }

    /// How many notifications wait on `channel`.
    pub fn waiting(conn: &mut PgConnection, channel: Channel) -> QueryResult<i64> {
        notification_deliveries::table
            .filter(notification_deliveries::channel.eq(channel.as_str()))
            .count()
            .get_result(conn)
    }
}
