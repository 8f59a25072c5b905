use crate::helpers::spawn_app;

#[actix_web::test]
async fn health_answers_ok_when_the_database_answers() {
    let app = spawn_app().await;
    let reply = app.get("/health", None).await;
    assert_eq!(reply.data()["database"], "ok");
}

#[actix_web::test]
async fn health_answers_503_when_the_database_is_unreachable() {
    let app = crate::helpers::spawn_app().await;
    let broken = backend::db::Db::new(
        "postgres://nobody@127.0.0.1:1/none",
        1,
        std::time::Duration::from_millis(200),
    );
    let result = broken.run(|_| Ok(())).await;
    assert_eq!(result.expect_err("must fail").kind.status().as_u16(), 503);
    drop(app);
}

#[actix_web::test]
async fn the_openapi_document_lists_the_routes() {
    let app = spawn_app().await;
    let reply = app.get("/api/v1/openapi.json", None).await;
    assert_eq!(reply.status, 200);
    assert!(reply.body["paths"]["/health"].is_object());
}
