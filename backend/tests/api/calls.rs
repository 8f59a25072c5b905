use crate::fixtures::spawn_app;
use serde_json::json;

#[actix_web::test]
async fn an_unknown_call_is_a_404_with_a_message() {
    let app = spawn_app().await;
    let reply = app.call("noSuchCall", json!({}), None).await;
    assert!(reply.error(404).contains("noSuchCall"));
    assert_eq!(reply.body["code"], "unknown_call");
}

#[actix_web::test]
async fn a_ten_megabyte_body_is_refused_with_413() {
    let app = spawn_app().await;
    let body = vec![b' '; 10 * 1024 * 1024];
    let reply = app.call_raw("login", body, None).await;
    assert_eq!(reply.status, 413);
    assert_eq!(reply.body["code"], "payload_too_large");
}

#[actix_web::test]
async fn integers_written_with_a_zero_fraction_are_integers() {
    let s = crate::fixtures::scene::scene().await;
    let start = crate::fixtures::scene::berlin(2, 9, 0);
    // `1.7e12`-style numbers, as some JSON writers put them.
    let body = json!({ "assigned": s.ana_id, "start": start as f64, "end": (start + crate::fixtures::scene::HOUR) as f64 });
    let created = s.create(&s.scheduler.token, body).await;
    assert_eq!(created.data()["shifts"][0]["start"], json!(start));
    // A fraction is still no integer.
    let body = json!({ "assigned": s.ana_id, "start": start as f64 + 0.5, "end": start + crate::fixtures::scene::HOUR });
    assert_eq!(s.create(&s.scheduler.token, body).await.status, 400);
}

#[actix_web::test]
async fn a_nul_character_in_any_text_is_a_400_and_changes_nothing() {
    let s = crate::fixtures::scene::scene().await;
    let body = json!({ "roleData": { "title": "Bar\u{0}ista", "color": "#ffffff" } });
    let r = s.call("createRole", &s.owner.token, body).await;
    assert_eq!(r.error(400), "Text may not contain NUL characters.");
    let r = s
        .app
        .call(
            "updateProfile",
            json!({ "firstName": "A\u{0}", "lastName": "B" }),
            Some(&s.ana.token),
        )
        .await;
    assert_eq!(r.error(400), "Text may not contain NUL characters.");
    let roles = s
        .app
        .get(
            &format!("/api/v1/stores/{}/roles", s.store),
            Some(&s.owner.token),
        )
        .await;
    assert_eq!(roles.data().as_array().map(Vec::len), Some(2));
}
