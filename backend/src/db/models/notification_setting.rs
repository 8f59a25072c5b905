//! A person's notification settings (`domain::notification_settings`), kept by user: they
//! hold in every store the person works in.

use crate::db::schema::notification_settings;
use crate::domain::ids::UserId;
use crate::domain::notification_settings::{Quiet, Settings, Ways};
use chrono::{DateTime, NaiveTime, Timelike, Utc};
use diesel::prelude::*;
use std::collections::{BTreeMap, HashMap};

/// The channel a change of a person's settings is announced on (their user id), which every
/// process hears to forget what it kept of them (`store::reader_settings`).
pub const CHANNEL: &str = "notification_settings";

/// Announces a change of `user`'s settings, when the transaction making it commits.
fn announce(conn: &mut PgConnection, user: UserId) -> QueryResult<()> {
    crate::db::notify::notify(conn, CHANNEL, &user.to_string())?;
    Ok(())
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = notification_settings, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct NotificationSetting {
    pub user_id: UserId,
    pub ways: serde_json::Value,
    pub quiet_from: Option<i16>,
    pub quiet_until: Option<i16>,
    pub time_zone: Option<String>,
    pub updated_at: DateTime<Utc>,
}

fn time(minute: i16) -> Option<NaiveTime> {
    let m = u32::try_from(minute).ok()?;
    NaiveTime::from_hms_opt(m / 60, m % 60, 0)
}

impl NotificationSetting {
    /// Deletes `user`'s settings (their account was deleted), and announces it.
    #[tracing::instrument(skip(conn))]
    pub fn delete_of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<usize> {
        announce(conn, user)?;
        diesel::delete(notification_settings::table.filter(notification_settings::user_id.eq(user)))
            .execute(conn)
    }

    /// The row of `settings` for `user`.
    pub fn new(user: UserId, settings: &Settings, now: DateTime<Utc>) -> NotificationSetting {
        let minute = |t: NaiveTime| (t.hour() * 60 + t.minute()) as i16;
        NotificationSetting {
            user_id: user,
            ways: serde_json::to_value(&settings.ways).unwrap_or_default(),
            quiet_from: settings.quiet.map(|q| minute(q.from)),
            quiet_until: settings.quiet.map(|q| minute(q.until)),
            time_zone: settings.quiet.map(|q| q.zone.name().to_string()),
            updated_at: now,
        }
    }

    /// The settings it holds, over the defaults (a kind no longer known is left out).
    pub fn settings(&self) -> Settings {
        let set: BTreeMap<String, Ways> =
            serde_json::from_value(self.ways.clone()).unwrap_or_default();
        let mut settings = Settings::default();
        for (kind, ways) in set {
            let one = BTreeMap::from([(kind, ways)]);
            if let Ok(next) = settings.clone().with(&one) {
                settings = next;
            }
        }
        let zone = self
            .time_zone
            .as_deref()
            .and_then(crate::domain::business::parse_zone);
        settings.quiet = match (
            self.quiet_from.and_then(time),
            self.quiet_until.and_then(time),
            zone,
        ) {
            (Some(from), Some(until), Some(zone)) => Some(Quiet { from, until, zone }),
            _ => None,
        };
        settings
    }

    /// The settings of a user (the defaults without a row).
    pub fn of_user(conn: &mut PgConnection, user: UserId) -> QueryResult<Settings> {
        Ok(notification_settings::table
            .find(user)
            .select(NotificationSetting::as_select())
            .first(conn)
            .optional()?
            .map_or_else(Settings::default, |row| row.settings()))
    }

    /// The settings of the users who have any (the others have the defaults).
    pub fn of_users(
        conn: &mut PgConnection,
        users: &[UserId],
    ) -> QueryResult<HashMap<UserId, Settings>> {
        if users.is_empty() {
            return Ok(HashMap::new());
        }
        Ok(notification_settings::table
            .filter(notification_settings::user_id.eq_any(users))
            .select(NotificationSetting::as_select())
            .load(conn)?
            .into_iter()
            .map(|row| (row.user_id, row.settings()))
            .collect())
    }

    /// Writes the row and announces the change.
    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        announce(conn, self.user_id)?;
        diesel::insert_into(notification_settings::table)
            .values(self)
            .on_conflict(notification_settings::user_id)
            .do_update()
            .set(self)
            .execute(conn)
    }
}
