use crate::db::models::notification::Notification;
use crate::db::rows;
use crate::db::schema::notification_deliveries;
use crate::domain::ids::NotificationId;
use chrono::{DateTime, Utc};
use diesel::pg::Pg;
use diesel::prelude::*;
use diesel::query_builder::{AstPass, QueryFragment, QueryId};
use diesel::sql_types::{Array, BigInt, Double, Integer, Nullable, Text, Timestamptz};
use std::collections::HashMap;
use std::time::Duration;

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
    /// How long the push waits before its first attempt.
    pub push_hold: Duration,
}

impl Channels {
    /// The queue rows these channels make: each channel on, with how long it waits.
    fn rows(self) -> impl Iterator<Item = (Channel, Duration)> {
        [
            (self.mail, Channel::Mail, Duration::ZERO),
            (self.push, Channel::Push, self.push_hold),
        ]
        .into_iter()
        .filter_map(|(on, channel, hold)| on.then_some((channel, hold)))
    }
}

#[derive(QueryableByName)]
struct ClaimedRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    notification_id: NotificationId,
    #[diesel(sql_type = Integer)]
    attempts: i32,
    #[diesel(sql_type = Timestamptz)]
    leased_until: DateTime<Utc>,
    #[diesel(sql_type = Array<diesel::sql_types::Uuid>)]
    done_subscriptions: Vec<uuid::Uuid>,
}

/// A notification a sender holds under lease, to send on one channel.
#[derive(Debug, Clone)]
pub struct Claimed {
    pub notification: Notification,
    /// The number of this attempt, from 1.
    pub attempt: i32,
    /// When the lease ends. It also names the lease: settling checks it, so a sender whose
    /// lease ran out, and whose row another sender took meanwhile, changes nothing.
    pub lease: DateTime<Utc>,
    /// Web Push: the subscriptions earlier attempts are done with (accepted, gone, refused).
    pub done_subscriptions: Vec<uuid::Uuid>,
}

/// What became of a claimed row once its sender is through with it.
#[derive(Debug, Clone, PartialEq)]
pub enum Settle {
    /// Sent, refused for good, given up or with nowhere to go: off the queue.
    Done,
    /// Failed for now: back on the queue after `after`; subscriptions done with meanwhile
    /// are not pushed to again.
    Retry {
        after: Duration,
        done_subscriptions: Vec<uuid::Uuid>,
    },
    /// Not tried (the lease was running out before its turn): back on the queue at once,
    /// and this attempt does not count.
    Untried { done_subscriptions: Vec<uuid::Uuid> },
}

/// The queue of notifications waiting to go out, one row per channel.
pub struct Delivery;

impl Delivery {
    /// How long a claim holds its rows. A sender starts no send it could not finish within it;
    /// a sender that dies leaves its rows to another when it ends.
    pub const LEASE: Duration = Duration::from_secs(300);

    /// Queues a notification (written in the same transaction) on its channels.
    pub fn queue(
        conn: &mut PgConnection,
        notification: &Notification,
        channels: Channels,
    ) -> QueryResult<usize> {
        Self::queue_many(conn, &[(notification, channels)])
    }

    /// Queues many notifications (written in the same transaction) on their channels, in one
    /// statement; a push that holds waits that long before its first attempt.
    pub fn queue_many(
        conn: &mut PgConnection,
        rows: &[(&Notification, Channels)],
    ) -> QueryResult<usize> {
        let queue = Queue::of(rows);
        if queue.is_empty() {
            return Ok(0);
        }
        queue.execute(conn)
    }

    /// Leases up to `limit` of the notifications due on `channel`, the longest waiting first,
    /// for [`Delivery::LEASE`]. The rows stay queued until their sender settles them. Rows
    /// another process is leasing at this moment are skipped, and leased rows are not due
    /// until the lease ends, so no two senders hold the same row at once.
    #[tracing::instrument(skip(conn))]
    pub fn claim(
        conn: &mut PgConnection,
        channel: Channel,
        limit: i64,
    ) -> QueryResult<Vec<Claimed>> {
        let rows: Vec<ClaimedRow> = diesel::sql_query(
            "UPDATE notification_deliveries d
                SET attempts = d.attempts + 1,
                    leased_until = now() + make_interval(secs => $3),
                    next_attempt_at = now() + make_interval(secs => $3)
              WHERE (d.channel, d.notification_id) IN (
                    SELECT channel, notification_id FROM notification_deliveries
                     WHERE channel = $1 AND next_attempt_at <= now()
                     ORDER BY next_attempt_at
                     LIMIT $2
                       FOR UPDATE SKIP LOCKED)
          RETURNING d.notification_id, d.attempts, d.leased_until, d.done_subscriptions",
        )
        .bind::<Text, _>(channel.as_str())
        .bind::<BigInt, _>(limit)
        .bind::<Double, _>(Self::LEASE.as_secs_f64())
        .load(conn)?;
        if rows.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<NotificationId> = rows.iter().map(|r| r.notification_id).collect();
        let mut leases: HashMap<NotificationId, ClaimedRow> =
            rows.into_iter().map(|r| (r.notification_id, r)).collect();
        Ok(Notification::by_ids(conn, &ids)?
            .into_iter()
            .filter_map(|n| {
                leases.remove(&n.id).map(|r| Claimed {
                    notification: n,
                    attempt: r.attempts,
                    lease: r.leased_until,
                    done_subscriptions: r.done_subscriptions,
                })
            })
            .collect())
    }

    /// Settles a row this sender leased, if the lease is still its own. Returns whether it
    /// was.
    #[tracing::instrument(skip(conn, claimed), fields(notification = %claimed.notification.id))]
    pub fn settle(
        conn: &mut PgConnection,
        channel: Channel,
        claimed: &Claimed,
        outcome: &Settle,
    ) -> QueryResult<bool> {
        let mine = notification_deliveries::table
            .filter(notification_deliveries::channel.eq(channel.as_str()))
            .filter(notification_deliveries::notification_id.eq(claimed.notification.id))
            .filter(notification_deliveries::leased_until.eq(claimed.lease));
        let changed = match outcome {
            Settle::Done => diesel::delete(mine).execute(conn)?,
            Settle::Retry {
                after,
                done_subscriptions,
            } => diesel::sql_query(
                "UPDATE notification_deliveries
                    SET leased_until = NULL,
                        next_attempt_at = now() + make_interval(secs => $4),
                        done_subscriptions = done_subscriptions || $5
                  WHERE channel = $1 AND notification_id = $2 AND leased_until = $3",
            )
            .bind::<Text, _>(channel.as_str())
            .bind::<diesel::sql_types::Uuid, _>(claimed.notification.id)
            .bind::<Timestamptz, _>(claimed.lease)
            .bind::<Double, _>(after.as_secs_f64())
            .bind::<Array<diesel::sql_types::Uuid>, _>(done_subscriptions)
            .execute(conn)?,
            Settle::Untried { done_subscriptions } => diesel::sql_query(
                "UPDATE notification_deliveries
                    SET leased_until = NULL,
                        next_attempt_at = now(),
                        attempts = attempts - 1,
                        done_subscriptions = done_subscriptions || $4
                  WHERE channel = $1 AND notification_id = $2 AND leased_until = $3",
            )
            .bind::<Text, _>(channel.as_str())
            .bind::<diesel::sql_types::Uuid, _>(claimed.notification.id)
            .bind::<Timestamptz, _>(claimed.lease)
            .bind::<Array<diesel::sql_types::Uuid>, _>(done_subscriptions)
            .execute(conn)?,
        };
        Ok(changed > 0)
    }

    /// Settles as [`Settle::Done`] every row of `claimed` this sender leased, in one
    /// statement (a busy team's held pushes mostly end so, a round's worth a second).
    /// Returns the notifications whose lease was still its own.
    pub fn settle_done(
        conn: &mut PgConnection,
        channel: Channel,
        claimed: &[&Claimed],
    ) -> QueryResult<Vec<NotificationId>> {
        if claimed.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<uuid::Uuid> = claimed.iter().map(|c| c.notification.id.0).collect();
        let leases: Vec<DateTime<Utc>> = claimed.iter().map(|c| c.lease).collect();
        #[derive(QueryableByName)]
        struct Settled {
            #[diesel(sql_type = diesel::sql_types::Uuid)]
            notification_id: NotificationId,
        }
        let settled: Vec<Settled> = diesel::sql_query(
            "DELETE FROM notification_deliveries d
              USING unnest($2::uuid[], $3::timestamptz[]) AS x(n, lease)
              WHERE d.channel = $1 AND d.notification_id = x.n AND d.leased_until = x.lease
          RETURNING d.notification_id",
        )
        .bind::<Text, _>(channel.as_str())
        .bind::<Array<diesel::sql_types::Uuid>, _>(ids)
        .bind::<Array<Timestamptz>, _>(leases)
        .load(conn)?;
        Ok(settled.into_iter().map(|s| s.notification_id).collect())
    }

    /// How long until a row of `channel` is due (zero when one is), if any is queued: a
    /// retry, or a lease that ends.
    pub fn next_due(conn: &mut PgConnection, channel: Channel) -> QueryResult<Option<Duration>> {
        // Kept prepared (no SQL literal in it): every loop asks after each commit that wakes
        // it. With the database's clock, which set `next_attempt_at`.
        let (soonest, now): (Option<DateTime<Utc>>, DateTime<Utc>) = notification_deliveries::table
            .filter(notification_deliveries::channel.eq(channel.as_str()))
            .select((
                diesel::dsl::min(notification_deliveries::next_attempt_at),
                diesel::dsl::now.into_sql::<Timestamptz>(),
            ))
            .get_result(conn)?;
        Ok(soonest.map(|s| (s - now).to_std().unwrap_or(Duration::ZERO)))
    }

    /// How many notifications wait on `channel`, leased ones included.
    pub fn waiting(conn: &mut PgConnection, channel: Channel) -> QueryResult<i64> {
        notification_deliveries::table
            .filter(notification_deliveries::channel.eq(channel.as_str()))
            .count()
            .get_result(conn)
    }
}

/// The queue rows of notifications on their channels, as one statement to run or to nest in a
/// whole commit ([`Queue::inserted_by`]).
#[derive(Default)]
pub struct Queue<'a> {
    channels: Vec<&'static str>,
    ids: Vec<uuid::Uuid>,
    created: Vec<DateTime<Utc>>,
    holds: Vec<f64>,
    /// Each row's store and reader (none: a notification for no one in particular): a push
    /// is queued only for a reader with a browser subscribed in the store.
    stores: Vec<uuid::Uuid>,
    readers: Vec<Option<uuid::Uuid>>,
    inserted_by: Option<&'a str>,
}

impl<'a> Queue<'a> {
    /// The rows of each notification's channels; a push that holds waits that long before its
    /// first attempt.
    pub fn of(rows: &[(&Notification, Channels)]) -> Queue<'a> {
        let mut queue = Queue::default();
        for (n, channels) in rows {
            for (channel, hold) in channels.rows() {
                queue.channels.push(channel.as_str());
                queue.ids.push(n.id.0);
                queue.created.push(n.created_at);
                queue.holds.push(hold.as_secs_f64());
                queue.stores.push(n.store_id.0);
                queue.readers.push(n.access_for.map(|u| u.0));
            }
        }
        queue
    }

    /// Only the rows of the notifications that the `WITH` named `name`, of the same
    /// statement, answers as inserted (a notification already there was queued with it).
    pub fn inserted_by(mut self, name: &'a str) -> Queue<'a> {
        self.inserted_by = Some(name);
        self
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }
}

impl QueryFragment<Pg> for Queue<'_> {
    fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
        // `next_attempt_at` is the database's clock, which every claim reads.
        out.push_sql(
            "INSERT INTO notification_deliveries
                    (channel, notification_id, created_at, next_attempt_at)
             SELECT c, n, t, now() + make_interval(secs => h) FROM ",
        );
        rows::rows(
            &mut out,
            "x",
            "c, n, t, h, s, u",
            &[
                &rows::column::<Text, _>(&self.channels, "text"),
                &rows::column::<diesel::sql_types::Uuid, _>(&self.ids, "uuid"),
                &rows::column::<Timestamptz, _>(&self.created, "timestamptz"),
                &rows::column::<Double, _>(&self.holds, "float8"),
                &rows::column::<diesel::sql_types::Uuid, _>(&self.stores, "uuid"),
                &rows::column::<Nullable<diesel::sql_types::Uuid>, _>(&self.readers, "uuid"),
            ],
        )?;
        // A push waits on the queue only for a reader with somewhere to send it (so none for
        // a notification to no one in particular): most of a large team has no browser
        // subscribed, and each of their rows would be claimed, looked at and settled for
        // nothing, on the cores a busy chat's deliveries need. (A browser subscribed later
        // receives what comes after it, as push services do.)
        out.push_sql(
            "
             WHERE (c <> 'push' OR EXISTS (SELECT 1 FROM push_subscriptions p
                                            WHERE p.user_id = x.u AND p.store_id = x.s))",
        );
        if let Some(name) = self.inserted_by {
            out.push_sql(" AND n IN (SELECT id FROM ");
            out.push_sql(name);
            out.push_sql(")");
        }
        out.push_sql(" ON CONFLICT DO NOTHING");
        Ok(())
    }
}

impl QueryId for Queue<'_> {
    type QueryId = ();
    const HAS_STATIC_QUERY_ID: bool = false;
}

impl<Conn> RunQueryDsl<Conn> for Queue<'_> {}
