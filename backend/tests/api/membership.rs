//! Membership belongs to the store's actor: a change of a record commits with everything it
//! implies, and reaches the actor of every other node through the outbox.

use crate::fixtures::scene::{berlin, scene, HOUR};
use crate::fixtures::wait::eventually_ok;
use diesel::RunQueryDsl;
use serde_json::json;
use std::time::Duration;

#[derive(diesel::QueryableByName, Debug, PartialEq)]
struct Event {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    version: i64,
    #[diesel(sql_type = diesel::sql_types::Text)]
    kind: String,
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    created_at: chrono::DateTime<chrono::Utc>,
}

#[actix_web::test]
async fn a_member_deactivated_on_one_node_cannot_act_on_another_and_their_shifts_go_in_the_same_commit(
) {
    let s = scene().await;
    let start = berlin(2, 9, 0);
    let shift = s.shift(Some(&s.ana_id), start, start + 6 * HOUR).await;
    s.publish(&[&shift]).await.data();
    let node_b = s.app.spawn_peer().await;
    let pool = format!("/api/v1/stores/{}/pool", s.store);
    // Node B's actor knows Ana as an active member.
    assert_eq!(node_b.get(&pool, Some(&s.ana.token)).await.status, 200);

    let done = s
        .call(
            "deactivateEmployee",
            &s.owner.token,
            json!({ "employeeId": s.ana_id }),
        )
        .await;
    assert_eq!(done.data()["deactive"], true);

    let what = "node B to refuse Ana";
    let refused = eventually_ok(Duration::from_secs(1), what, async || {
        let reply = node_b.get(&pool, Some(&s.ana.token)).await;
        if reply.status == 403 {
            Ok(reply)
        } else {
            Err(reply)
        }
    })
    .await;
    assert_eq!(
        refused.error(403),
        crate::fixtures::stores::NOT_ENOUGH_PERMISSION
    );
    assert_eq!(refused.body["code"], "employee_deactivated");

    // The record and the release of her shift are one commit (written at the same instant,
    // the release after the record, colleagues' notices in between), the shift announced
    // without her.
    let events: Vec<Event> = diesel::sql_query(format!(
        "SELECT version, kind, created_at FROM store_events
          WHERE store_id = '{}' AND (kind = 'employee.updated' OR data->>'id' = '{}')
          ORDER BY version DESC LIMIT 2",
        s.store,
        shift["id"].as_str().expect("shift id"),
    ))
    .load(&mut s.app.conn())
    .expect("events");
    let [released, deactivated] = &events[..] else {
        panic!("two events expected: {events:?}");
    };
    assert_eq!(deactivated.kind, "employee.updated");
    assert_eq!(released.kind, "shift.updated");
    assert!(released.version > deactivated.version);
    assert_eq!(released.created_at, deactivated.created_at);
    let read = s.read(&s.owner.token, &s.week_query()).await.data().clone();
    let now = read
        .as_array()
        .expect("shifts")
        .iter()
        .find(|x| x["id"] == shift["id"])
        .expect("shift")
        .clone();
    assert_eq!(now["assigned"], serde_json::Value::Null);
    assert_eq!(now["status"], "published");
}
