use crate::db::schema::login_failures;
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// What a failed sign-in, or a clock device's wrong identity code, is counted against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// The account, by its normalised e-mail.
    Account,
    /// The caller's network address.
    Client,
    /// A clock device's store and address together (`domain::device_throttle::Attempt::key`).
    Device,
    /// A request for a sign-in code, by the normalised address asked for (an account or not).
    CodeAddress,
    /// A request for a sign-in code, by the caller's network address.
    CodeClient,
}

impl FailureKind {
    fn as_str(self) -> &'static str {
        match self {
            FailureKind::Account => "account",
            FailureKind::Client => "client",
            FailureKind::Device => "device",
            FailureKind::CodeAddress => "code_address",
            FailureKind::CodeClient => "code_client",
        }
    }
}

/// Failed sign-ins, wrong identity codes and requests for sign-in codes, shared by every
/// server process.
pub struct LoginFailure;

impl LoginFailure {
    /// The times of the newest `limit` failures of `key` after `since`, newest first.
    pub fn recent(
        conn: &mut PgConnection,
        kind: FailureKind,
        key: &str,
        since: DateTime<Utc>,
        limit: i64,
    ) -> QueryResult<Vec<DateTime<Utc>>> {
        login_failures::table
            .filter(login_failures::kind.eq(kind.as_str()))
            .filter(login_failures::key.eq(key))
            .filter(login_failures::at.gt(since))
            .order(login_failures::at.desc())
            .limit(limit)
            .select(login_failures::at)
            .load(conn)
    }

    /// Counts one failure of `key` at `at`, and forgets its failures from before `forget_before`
    /// (they no longer count).
    pub fn record(
        conn: &mut PgConnection,
        kind: FailureKind,
        key: &str,
        at: DateTime<Utc>,
        forget_before: DateTime<Utc>,
    ) -> QueryResult<()> {
        diesel::insert_into(login_failures::table)
            .values((
                login_failures::kind.eq(kind.as_str()),
                login_failures::key.eq(key),
                login_failures::at.eq(at),
            ))
            .execute(conn)?;
        diesel::delete(
            login_failures::table
                .filter(login_failures::kind.eq(kind.as_str()))
                .filter(login_failures::key.eq(key))
                .filter(login_failures::at.le(forget_before)),
        )
        .execute(conn)?;
        Ok(())
    }

    /// Forgets every failure of `key`.
    pub fn forget(conn: &mut PgConnection, kind: FailureKind, key: &str) -> QueryResult<usize> {
        diesel::delete(
            login_failures::table
                .filter(login_failures::kind.eq(kind.as_str()))
                .filter(login_failures::key.eq(key)),
        )
        .execute(conn)
    }
}
