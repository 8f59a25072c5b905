//! The schedule's clock, moved by hand: unconfirmed published shifts confirm 3 hours before
//! their start, unstarted shifts are marked missed 2 hours after their end, and no tick acts
//! twice on a shift, even when two nodes tick at once.

use crate::fixtures::scene::{berlin, scene, HOUR};
use backend::jobs::schedule::tick;
use chrono::{DateTime, Duration, Utc};
use serde_json::json;

fn at(ms: i64) -> DateTime<Utc> {
    DateTime::from_timestamp_millis(ms).expect("ms")
}

fn events_of(app: &crate::fixtures::TestApp, store: &str) -> i64 {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    diesel::sql_query(format!(
        "SELECT count(*) AS n FROM store_events WHERE store_id = '{store}'"
    ))
    .get_result::<N>(&mut app.conn())
    .expect("count")
    .n
}

#[actix_web::test]
async fn published_shifts_confirm_three_hours_before_they_start() {
    let s = scene().await;
    let start = berlin(3, 9, 0);
    let shift = s.shift(Some(&s.ana_id), start, start + 8 * HOUR).await;
    let draft = s.shift(Some(&s.ben_id), start, start + 8 * HOUR).await;
    s.publish(&[&shift]).await.data();

    // A second before the moment: nothing to do.
    let before = at(start) - Duration::hours(3) - Duration::seconds(1);
    tick(&s.app.state.db, &s.app.state.stores, before)
        .await
        .expect("tick");
    assert_eq!(s.stored(&shift["id"]).await["status"], "published");

    let moment = at(start) - Duration::hours(3);
    assert_eq!(
        tick(&s.app.state.db, &s.app.state.stores, moment)
            .await
            .expect("tick"),
        1
    );
    let confirmed = s.stored(&shift["id"]).await;
    assert_eq!(confirmed["status"], "confirmed");
    assert_eq!(
        s.stored(&draft["id"]).await["status"],
        "draft",
        "drafts stay"
    );

    // Ticking again changes nothing.
    let events = events_of(&s.app, &s.store);
    tick(
        &s.app.state.db,
        &s.app.state.stores,
        moment + Duration::minutes(1),
    )
    .await
    .expect("tick");
    assert_eq!(events_of(&s.app, &s.store), events);
    assert_eq!(
        s.stored(&shift["id"]).await["version"],
        confirmed["version"]
    );
}

#[actix_web::test]
async fn unstarted_shifts_are_marked_missed_once_even_with_two_nodes() {
    let s = scene().await;
    let peer = s.app.spawn_peer().await;
    let start = berlin(2, 9, 0);
    let shift = s.shift(Some(&s.ana_id), start, start + 4 * HOUR).await;
    s.publish(&[&shift]).await.data();
    s.call(
        "confirmShift",
        &s.ana.token,
        json!({ "shiftId": shift["id"] }),
    )
    .await
    .data();

    let end = at(start + 4 * HOUR);
    tick(
        &s.app.state.db,
        &s.app.state.stores,
        end + Duration::hours(2),
    )
    .await
    .expect("tick");
    assert_eq!(s.stored(&shift["id"]).await["progress"], "ns");

    let later = end + Duration::hours(2) + Duration::seconds(1);
    let events = events_of(&s.app, &s.store);
    let (a, b) = futures_util::join!(
        tick(&s.app.state.db, &s.app.state.stores, later),
        tick(&peer.state.db, &peer.state.stores, later)
    );
    a.expect("tick a");
    b.expect("tick b");
    let marked = s.stored(&shift["id"]).await;
    assert_eq!(marked["progress"], "m");
    assert_eq!(events_of(&s.app, &s.store), events + 1, "acted once");

    // Managers may complete a missed shift.
    let done = s
        .call(
            "completeShift",
            &s.scheduler.token,
            json!({ "shiftId": shift["id"] }),
        )
        .await;
    assert_eq!(done.data()["progress"], "c");
}
