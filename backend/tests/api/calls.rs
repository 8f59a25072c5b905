use crate::helpers::spawn_app;
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
