//! The outbox keeps a bounded history: changes older than the age limit go, and so do those
//! beyond the newest of each store, except the last minutes' changes, which a node catching
//! up may still read. Pruning goes in batches and runs on several nodes at once.

use crate::fixtures::{spawn_app, TestApp};
use backend::config::OutboxRetention;
use backend::domain::ids::StoreId;
use backend::jobs::outbox::{prune, NEWEST_KEPT};
use chrono::{DateTime, Duration, Utc};
use diesel::sql_types::{BigInt, Timestamptz, Uuid};
use diesel::RunQueryDsl;

const RETENTION: OutboxRetention = OutboxRetention {
    keep_for: std::time::Duration::from_secs(7 * 24 * 3600),
    keep_per_store: 10,
    prune_every: std::time::Duration::ZERO,
};

/// Writes `n` more changes of `store` straight into the outbox, made at `at`, as a busy store
/// would have.
fn write_changes(app: &TestApp, store: StoreId, n: i64, at: DateTime<Utc>) {
    diesel::sql_query(
        "WITH bumped AS (UPDATE stores SET version = version + $2 WHERE id = $1 RETURNING version)
         INSERT INTO store_events (store_id, version, kind, data, managers_only, created_at)
         SELECT $1, v, 'store.updated', '{}'::jsonb, false, $3
           FROM bumped, generate_series(bumped.version - $2 + 1, bumped.version) AS v",
    )
    .bind::<Uuid, _>(store)
    .bind::<BigInt, _>(n)
    .bind::<Timestamptz, _>(at)
    .execute(&mut app.conn())
    .expect("write changes");
}

/// The versions the outbox holds for `store`, oldest first.
fn kept(app: &TestApp, store: StoreId) -> Vec<i64> {
    use backend::db::schema::store_events;
    use diesel::{ExpressionMethods, QueryDsl};
    store_events::table
        .filter(store_events::store_id.eq(store))
        .select(store_events::version)
        .order(store_events::version)
        .load(&mut app.conn())
        .expect("versions")
}

#[actix_web::test]
async fn the_outbox_keeps_changes_by_age_and_by_count_per_store() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let (busy, quiet) = (
        app.insert_store(&owner, "Busy"),
        app.insert_store(&owner, "Quiet"),
    );
    let now = Utc::now();
    // More than a batch of old changes, a day's worth, and a few just now.
    write_changes(&app, busy, 2_500, now - Duration::days(9));
    write_changes(&app, busy, 20, now - Duration::days(1));
    write_changes(&app, busy, 3, now);
    write_changes(&app, quiet, 4, now - Duration::hours(1));

    let pruned = prune(&app.state.db, RETENTION, now).await.expect("prune");
    assert_eq!(pruned, 2_500 + 13);
    assert_eq!(kept(&app, busy), (2_514..=2_523).collect::<Vec<_>>());
    assert_eq!(kept(&app, quiet), vec![1, 2, 3, 4], "under both limits");

    // The last minutes' changes stay whatever their number, until they are older.
    write_changes(&app, quiet, 15, now);
    prune(&app.state.db, RETENTION, now).await.expect("prune");
    assert_eq!(kept(&app, quiet), (5..=19).collect::<Vec<_>>());
    let later = now + NEWEST_KEPT + Duration::seconds(1);
    prune(&app.state.db, RETENTION, later).await.expect("prune");
    assert_eq!(kept(&app, quiet), (10..=19).collect::<Vec<_>>());

    // A week on, nothing is left of either; pruning again finds nothing.
    let week = now + Duration::days(7) + Duration::seconds(1);
    prune(&app.state.db, RETENTION, week).await.expect("prune");
    assert!(kept(&app, busy).is_empty());
    assert!(kept(&app, quiet).is_empty());
    assert_eq!(
        prune(&app.state.db, RETENTION, week).await.expect("prune"),
        0
    );
}

#[actix_web::test]
async fn two_nodes_prune_side_by_side_and_each_row_goes_once() {
    let app = spawn_app().await;
    let peer = app.spawn_peer().await;
    let owner = app.create_user("owner@example.com");
    let stores: Vec<StoreId> = (0..3)
        .map(|i| app.insert_store(&owner, &format!("Store {i}")))
        .collect();
    let now = Utc::now();
    for store in &stores {
        write_changes(&app, *store, 1_500, now - Duration::days(8));
        write_changes(&app, *store, 30, now - Duration::hours(2));
    }

    let (a, b) = futures_util::join!(
        prune(&app.state.db, RETENTION, now),
        prune(&peer.state.db, RETENTION, now),
    );
    assert_eq!(a.expect("node a") + b.expect("node b"), 3 * (1_500 + 20));
    for store in stores {
        assert_eq!(kept(&app, store), (1_521..=1_530).collect::<Vec<_>>());
    }
}
