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

/// Every `$ref` in a JSON document.
fn refs(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            if let Some(serde_json::Value::String(r)) = m.get("$ref") {
                out.push(r.clone());
            }
            m.values().for_each(|x| refs(x, out));
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| refs(x, out)),
        _ => {}
    }
}

#[actix_web::test]
async fn the_openapi_document_describes_every_answer_and_every_reference_resolves() {
    let app = spawn_app().await;
    let doc = app.get("/api/v1/openapi.json", None).await.body;
    let schemas = doc["components"]["schemas"].as_object().expect("schemas");
    let mut all = Vec::new();
    refs(&doc, &mut all);
    let dangling: Vec<&String> = all
        .iter()
        .filter(|r| {
            let name = r.trim_start_matches("#/components/schemas/");
            !schemas.contains_key(name)
        })
        .collect();
    assert!(dangling.is_empty(), "{dangling:?}");
    let paths = doc["paths"].as_object().expect("paths");
    let calls: Vec<_> = paths
        .iter()
        .filter_map(|(p, item)| Some((p, item.get("post")?)))
        .collect();
    assert!(calls.len() > 40, "{} calls", calls.len());
    for (path, op) in calls {
        let answer = &op["responses"]["200"]["content"]["application/json"]["schema"];
        assert_eq!(answer["required"], serde_json::json!(["data"]), "{path}");
        assert!(answer["properties"]["data"].is_object(), "{path}");
    }
    // A call acting on a store reads `store` (or `storeId`) beside its own fields.
    let create = &paths["/api/v1/createShift"]["post"]["requestBody"]["content"]
        ["application/json"]["schema"];
    assert_eq!(
        create["allOf"][0]["$ref"],
        "#/components/schemas/StoreTarget"
    );
}

#[actix_web::test]
async fn the_listen_connection_honours_sslmode() {
    let app = spawn_app().await;
    let with = |mode: &str| {
        let sep = if app.db_url.contains('?') { '&' } else { '?' };
        format!("{}{sep}sslmode={mode}", app.db_url)
    };
    let ssl_on: bool = {
        use diesel::RunQueryDsl;
        #[derive(diesel::QueryableByName)]
        struct Setting {
            #[diesel(sql_type = diesel::sql_types::Text)]
            ssl: String,
        }
        diesel::sql_query("SHOW ssl")
            .get_result::<Setting>(&mut app.conn())
            .expect("ssl setting")
            .ssl
            == "on"
    };
    let required = tokio_postgres::connect(&with("require"), backend::db::tls::connector()).await;
    if ssl_on {
        // The link is encrypted, whatever certificate the server shows.
        let (client, connection) = required.expect("a TLS connection");
        actix_web::rt::spawn(connection);
        let row = client
            .query_one(
                "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()",
                &[],
            )
            .await
            .expect("ssl status");
        assert!(row.get::<_, bool>(0));
    } else {
        // A server without TLS is refused rather than used in the clear.
        assert!(required.is_err());
    }
    let (client, connection) =
        tokio_postgres::connect(&with("disable"), backend::db::tls::connector())
            .await
            .expect("a plain connection");
    actix_web::rt::spawn(connection);
    client.simple_query("SELECT 1").await.expect("query");
}
