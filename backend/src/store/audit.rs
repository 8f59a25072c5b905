//! The store's log of refused and failed calls, kept for its managers and for support.
//! Append-only and never part of an actor's working set, so it is written beside the actor
//! rather than through it: a refusal changes nothing the actor plans with.

use crate::db::models::log::NewLog;
use crate::db::Db;
use crate::domain::ids::{StoreId, UserId};
use std::borrow::Cow;

/// Records that `method` (a call's name, or a read's) failed for `user` with `description`. A
/// log that cannot be written is itself only logged: the caller's answer does not depend on it.
pub async fn failure(
    db: &Db,
    method: impl Into<Cow<'static, str>>,
    description: String,
    user: Option<UserId>,
    store: Option<StoreId>,
) {
    let method = method.into();
    let result = db
        .run(move |conn| {
            NewLog {
                kind: "error",
                method: &method,
                description: &description,
                user_id: user,
                store_id: store,
            }
            .insert(conn)?;
            Ok(())
        })
        .await;
    if let Err(e) = result {
        tracing::warn!(error = %e, "could not write the failure log");
    }
}
