use crate::fixtures::spawn_app;

#[actix_web::test]
async fn health_answers_ok_when_the_database_answers() {
    let app = spawn_app().await;
    let reply = app.get("/health", None).await;
    assert_eq!(reply.data()["database"], "ok");
}

#[actix_web::test]
async fn health_answers_503_when_the_database_is_unreachable() {
    let app = crate::fixtures::spawn_app().await;
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
        // `{"data": ...}`; an import's result also names its temporary document beside it.
        let required = answer["required"].as_array().expect("required fields");
        assert!(required.contains(&serde_json::json!("data")), "{path}");
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

/// The schema a `$ref` names in the document, or the schema itself.
fn resolve<'a>(doc: &'a serde_json::Value, schema: &'a serde_json::Value) -> &'a serde_json::Value {
    match schema["$ref"].as_str() {
        Some(r) => {
            let name = r.trim_start_matches("#/components/schemas/");
            resolve(doc, &doc["components"]["schemas"][name])
        }
        None => schema,
    }
}

/// The schema of a property of a named schema, looking through `allOf`, `oneOf` and `$ref`.
fn property<'a>(doc: &'a serde_json::Value, schema: &str, name: &str) -> &'a serde_json::Value {
    fn find<'a>(
        doc: &'a serde_json::Value,
        node: &'a serde_json::Value,
        name: &str,
    ) -> Option<&'a serde_json::Value> {
        let node = resolve(doc, node);
        if let Some(p) = node["properties"].get(name) {
            return Some(p);
        }
        ["allOf", "oneOf"]
            .iter()
            .filter_map(|k| node[*k].as_array())
            .flatten()
            .find_map(|item| find(doc, item, name))
    }
    find(doc, &doc["components"]["schemas"][schema], name)
        .unwrap_or_else(|| panic!("{schema}.{name} is not in the document"))
}

/// Whether a schema (or one of its `oneOf` items) has the keyword with the value.
fn states(
    doc: &serde_json::Value,
    schema: &serde_json::Value,
    key: &str,
    value: &serde_json::Value,
) -> bool {
    let schema = resolve(doc, schema);
    schema.get(key) == Some(value)
        || schema["oneOf"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|item| states(doc, item, key, value))
}

#[actix_web::test]
async fn the_openapi_document_states_the_bounds_the_calls_check() {
    use backend::calls::input::{INSTANT_MAX, INSTANT_MIN, NAME_MAX};
    use backend::domain::account::PASSWORD_MIN_CHARS;
    use backend::domain::shift::{RATE_MAX, RATE_MIN};
    use backend::store::shifts::{MAX_BATCH_IDS, MAX_REPEAT};
    use serde_json::json;
    let app = spawn_app().await;
    let doc = app.get("/api/v1/openapi.json", None).await.body;
    let has = |schema: &str, name: &str, key: &str, value: serde_json::Value| {
        let p = property(&doc, schema, name);
        assert!(
            states(&doc, p, key, &value),
            "{schema}.{name}: {key} {value} in {p}"
        );
    };
    // Lengths of texts.
    has("CreateShift", "title", "maxLength", json!(NAME_MAX));
    has("CreateShift", "title", "minLength", json!(1));
    has("Signup", "password", "minLength", json!(PASSWORD_MIN_CHARS));
    // Formats.
    has("Signup", "email", "format", json!("email"));
    has("InviteData", "email", "format", json!("email"));
    has("Login", "password", "format", json!("password"));
    // Ranges of numbers and instants.
    has("RateShiftCall", "rate", "minimum", json!(RATE_MIN));
    has("RateShiftCall", "rate", "maximum", json!(RATE_MAX));
    has("CreateShift", "start", "minimum", json!(INSTANT_MIN));
    has("CreateShift", "start", "maximum", json!(INSTANT_MAX));
    // Sizes of lists.
    has("CreateShift", "repeat", "maxItems", json!(MAX_REPEAT));
    has(
        "PublishShiftsCall",
        "shifts",
        "maxItems",
        json!(MAX_BATCH_IDS),
    );
    // Patterns.
    has(
        "UpdateBusinessTiming",
        "open",
        "pattern",
        json!(backend::domain::business::TimeOfDay::INPUT_PATTERN),
    );
    // Enumerations given as strings: grantable permissions leave `owner` out.
    let granted = &property(&doc, "InviteData", "permissions")["items"];
    assert_eq!(
        resolve(&doc, granted)["enum"],
        json!(["employee", "schedule", "availabletime"])
    );
    let held = &property(&doc, "StoreDetail", "permissions")["items"];
    assert_eq!(
        resolve(&doc, held)["enum"],
        json!(["employee", "schedule", "availabletime", "owner"])
    );
    let kind = property(&doc, "CreateBusiness", "type");
    assert!(resolve(&doc, kind)["enum"]
        .as_array()
        .is_some_and(|kinds| kinds.contains(&json!("hospitality and leisure"))));
    has(
        "InviteData",
        "wageType",
        "enum",
        json!(["Hourly", "Weekly"]),
    );
    let scope = doc["paths"]["/api/v1/stores/{storeId}/shifts"]["get"]["parameters"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["name"] == "scope"))
        .expect("scope parameter");
    assert_eq!(scope["schema"]["enum"], json!(["all", "mine", "open"]));
    // Answers: a field always present is required, `null` or not.
    let shift = &doc["components"]["schemas"]["ShiftView"];
    for field in ["assigned", "role", "rate", "cancelReason"] {
        let required = shift["required"].as_array().expect("required");
        assert!(required.contains(&json!(field)), "ShiftView.{field}");
    }
    has("ShiftView", "assigned", "type", json!("null"));
    // Resource reads answer `{data}` like the calls.
    let read = &doc["paths"]["/api/v1/stores/{storeId}/shifts"]["get"]["responses"]["200"]
        ["content"]["application/json"]["schema"];
    assert_eq!(read["required"], json!(["data"]));
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
