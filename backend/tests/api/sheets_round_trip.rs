//! Spreadsheets round trip: every export kind in XLSX and CSV from a store of awkward values
//! (text a spreadsheet would run as a formula, quotes, commas, right-to-left names, emoji)
//! holds the text as it was written, and each importable kind imports into a fresh store with
//! the same rows. The spec's export calls answer the same files over HTTP and the socket.

use crate::fixtures::scene::{scene, Scene};
use crate::fixtures::sheets::{download, upload};
use crate::fixtures::stores::{create_role, create_store, NOT_ENOUGH_PERMISSION};
use crate::fixtures::{Reply, TestApp};
use backend::sheets::read;
use base64::Engine as _;
use chrono::{Duration, TimeZone, Utc};
use chrono_tz::Europe::Berlin;
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{json, Value};

/// Role titles that test the file formats: formula characters, quotes and a comma, an
/// apostrophe before plain and before formula-like text, a right-to-left script, emoji.
const ROLES: [&str; 9] = [
    "=SUM(A1)",
    "+Cook",
    "-Dish",
    "@Events",
    "Chef \"Big\", night",
    "مدير الوردية",
    "🍕 Pizza",
    "'tis",
    "'=x",
];

/// Epoch ms of a Berlin wall-clock time a week from today.
fn next_week(h: u32, m: u32) -> i64 {
    let date = (Utc::now().with_timezone(&Berlin) + Duration::days(7)).date_naive();
    Berlin
        .from_local_datetime(&date.and_hms_opt(h, m, 0).expect("time"))
        .earliest()
        .expect("exists")
        .timestamp_millis()
}

/// An invitation with the given names, roles (one wage for each) and permissions; the
/// record's id.
async fn invite(
    s: &Scene,
    email: &str,
    full_name: &str,
    roles: &[&str],
    wage: f64,
    permissions: &[&str],
) -> String {
    let wages: serde_json::Map<String, Value> =
        roles.iter().map(|r| (r.to_string(), json!(wage))).collect();
    let reply = s
        .call(
            "inviteEmployee",
            &s.owner.token,
            json!({ "store": s.store, "employee": {
                "email": email, "fullname": full_name, "role": roles, "wageType": "Hourly",
                "wage": wages, "permissions": permissions } }),
        )
        .await;
    reply.data()["employee"]["id"]
        .as_str()
        .expect("employee id")
        .to_string()
}

fn ok(reply: Reply) -> Value {
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body
}

/// The scene's store with awkward roles, employees, templates, a worked shift, time off and
/// availability; answers the range its shift, time off and clock session lie in.
async fn awkward(s: &Scene) -> (i64, i64) {
    let mut ids = Vec::new();
    for title in ROLES {
        ids.push(create_role(&s.app, &s.owner.token, &s.store, title).await);
    }
    let (events, chef, rtl, pizza) = (&ids[3], &ids[4], &ids[5], &ids[6]);
    let eve = invite(
        s,
        "eve@example.com",
        "=HYPERLINK(\"http://x\",\"y\")",
        &[events, chef],
        12.5,
        &["schedule"],
    )
    .await;
    let maryam = invite(s, "maryam@example.com", "مريم 🌙", &[rtl, pizza], 10.0, &[]).await;
    invite(s, "-dash@example.com", "+Dash, \"D\"", &[], 0.0, &[]).await;

    ok(s.call(
        "createShiftTemplate",
        &s.scheduler.token,
        json!({ "title": "=Opening", "start": "06:30", "end": "14:00", "role": events,
                "tasks": [{ "text": "@Unlock" }, { "text": "-Count, the \"till\"" }] }),
    )
    .await);
    for (kind, title, role, assigned) in [
        ("daily", "+Saturday 🍕", events, &eve),
        ("weekly", "مدير week", pizza, &maryam),
    ] {
        ok(s.call(
            "createRangeTemplate",
            &s.scheduler.token,
            json!({ "title": title, "type": kind, "startOfWeek": next_week(0, 0),
                    "shiftRecords": [{ "id": "local-1", "title": "-Late \"shift\"",
                                       "start": next_week(22, 0),
                                       "end": next_week(22, 0) + 7 * 1_800_000,
                                       "role": role, "assigned": assigned,
                                       "status": "draft", "timestamp": 0 }] }),
        )
        .await);
    }

    // Ana works a shift with an awkward title (started and completed), asks for time off
    // and is available.
    let now = Utc::now().timestamp_millis();
    let made = ok(s
        .create(
            &s.scheduler.token,
            json!({ "title": "=Late, \"night\" 🍕", "assigned": s.ana_id,
                    "start": now - 600_000, "end": now + 4 * 3_600_000 }),
        )
        .await);
    let shift = made["data"]["shifts"][0]["id"].clone();
    ok(s.publish(&[&json!({ "id": shift })]).await);
    for step in ["startShift", "completeShift"] {
        ok(s.app
            .call(
                step,
                json!({ "store": s.store, "shift": shift }),
                Some(&s.ana.token),
            )
            .await);
    }
    ok(s.call(
        "requestTimeOff",
        &s.ana.token,
        json!({ "start": now + 3_600_000, "end": now + 7_200_000,
                "description": "@family, \"away\" ✈" }),
    )
    .await);
    ok(s.call(
        "addEmployeeAvailableTime",
        &s.owner.token,
        json!({ "availability": { "start": "09:00", "end": "17:00", "days": [1],
                                  "type": "available", "reason": "-mornings, \"only\"" },
                "userId": s.ana.id }),
    )
    .await);
    (now - 86_400_000, now + 86_400_000)
}

const KINDS: [&str; 10] = [
    "shifts",
    "timeTracking",
    "timeOff",
    "payroll",
    "availability",
    "roles",
    "employees",
    "shiftTemplates",
    "dailyTemplates",
    "weeklyTemplates",
];

/// An export's cells as text, read as an import reads them.
fn cells(bytes: &[u8], format: &str) -> Vec<Vec<String>> {
    let table = if format == "csv" {
        read::csv(bytes).expect("readable CSV")
    } else {
        read::xlsx(bytes).expect("readable workbook")
    };
    std::iter::once(table.header).chain(table.rows).collect()
}

async fn export(app: &TestApp, store: &str, kind: &str, query: &str, token: &str) -> Vec<u8> {
    let (status, _, _, bytes) = download(
        app,
        &format!("/api/v1/stores/{store}/exports/{kind}?{query}"),
        token,
    )
    .await;
    assert_eq!(status, 200, "{kind}: {}", String::from_utf8_lossy(&bytes));
    bytes
}

/// Uploads a file and confirms it; answers the upload's result.
async fn import(
    app: &TestApp,
    store: &str,
    token: &str,
    kind: &str,
    file: &[u8],
    format: &str,
) -> Value {
    let upload_call = format!("import{kind}");
    let reply = upload(
        app,
        &upload_call,
        token,
        store,
        &format!("f.{format}"),
        file,
    )
    .await;
    assert_eq!(reply.status, 200, "{kind} {format}: {:?}", reply.body);
    let done = app
        .call(
            &format!("confirmImported{kind}"),
            json!({ "storeId": store, "tempDocId": reply.body["id"] }),
            Some(token),
        )
        .await;
    assert_eq!(done.status, 200, "{kind} {format}: {:?}", done.body);
    reply.body
}

/// A table's data rows, sorted, without the columns named in `without` (and with its
/// header checked against the other's).
fn rows(table: &[Vec<String>], without: &[&str]) -> Vec<Vec<String>> {
    let keep: Vec<usize> = (0..table[0].len())
        .filter(|i| !without.contains(&table[0][*i].as_str()))
        .collect();
    let mut out: Vec<Vec<String>> = table[1..]
        .iter()
        .map(|r| keep.iter().map(|i| r[*i].clone()).collect())
        .collect();
    out.sort();
    out
}

#[actix_web::test]
async fn every_kind_exports_awkward_text_as_written_and_imports_into_a_fresh_store_with_the_same_rows(
) {
    let s = scene().await;
    let (from, to) = awkward(&s).await;
    let range = format!("start={from}&end={to}");
    let token = &s.owner.token;

    for format in ["xlsx", "csv"] {
        let query = format!("format={format}&{range}");
        let mut files = std::collections::BTreeMap::new();
        for kind in KINDS {
            let bytes = export(&s.app, &s.store, kind, &query, token).await;
            files.insert(kind, cells(&bytes, format));
        }
        let text = |kind: &str| format!("{:?}", files[kind]);
        // Each awkward text is a cell as it was written: no guard left on it.
        for title in ROLES {
            let cell = title.to_string();
            assert!(
                files["roles"].iter().any(|r| r[0] == cell),
                "{format}: {title}"
            );
        }
        assert!(!text("roles").contains("\"'@Events\""), "{format}");
        assert!(files["shifts"]
            .iter()
            .any(|r| r[0] == "=Late, \"night\" 🍕"));
        assert!(files["timeTracking"]
            .iter()
            .any(|r| r[2] == "=Late, \"night\" 🍕"));
        assert!(files["timeOff"]
            .iter()
            .any(|r| r[6] == "@family, \"away\" ✈"));
        assert!(files["availability"]
            .iter()
            .any(|r| r[7] == "-mornings, \"only\""));
        assert!(files["payroll"].iter().any(|r| r[1] == "ana@example.com"));
        assert!(files["employees"]
            .iter()
            .any(|r| r[0] == "-dash@example.com" && r[1] == "+Dash, \"D\""));
        assert!(files["employees"]
            .iter()
            .any(|r| r[1] == "مريم 🌙" && r[3] == "مدير الوردية; 🍕 Pizza"));
        assert!(files["shiftTemplates"]
            .iter()
            .any(|r| r[0] == "=Opening" && r[8] == "@Unlock; -Count, the \"till\""));

        // A fresh store of another owner takes every importable kind.
        let boss = s.app.create_user(&format!("boss-{format}@example.com"));
        let fresh = create_store(&s.app, &boss, "Fresh").await;
        let by_kind = |kind: &str| {
            let query = format!("format={format}");
            let app = &s.app;
            let store = s.store.clone();
            let token = token.clone();
            let kind = kind.to_string();
            async move { export(app, &store, &kind, &query, &token).await }
        };
        import(
            &s.app,
            &fresh,
            &boss.token,
            "Roles",
            &by_kind("roles").await,
            format,
        )
        .await;
        let team = import(
            &s.app,
            &fresh,
            &boss.token,
            "Employees",
            &by_kind("employees").await,
            format,
        )
        .await;
        // The source's owner is left out, reported, and not made anything here.
        assert_eq!(
            team["data"]["skipped"].as_array().map(Vec::len),
            Some(1),
            "{team:?}"
        );
        for kind in ["shiftTemplates", "dailyTemplates", "weeklyTemplates"] {
            import(
                &s.app,
                &fresh,
                &boss.token,
                "ShiftTemplates",
                &by_kind(kind).await,
                format,
            )
            .await;
        }

        // The fresh store's exports hold the same rows.
        let again = |kind: &'static str| {
            let query = format!("format={format}");
            let (app, fresh, boss) = (&s.app, fresh.clone(), boss.token.clone());
            async move { cells(&export(app, &fresh, kind, &query, &boss).await, format) }
        };
        assert_eq!(rows(&again("roles").await, &[]), rows(&files["roles"], &[]));
        for kind in ["shiftTemplates", "dailyTemplates", "weeklyTemplates"] {
            assert_eq!(
                rows(&again(kind).await, &[]),
                rows(&files[kind], &[]),
                "{kind} {format}"
            );
        }
        // Employees: the same but each store's owner, and every imported one is invited.
        let team = |table: &[Vec<String>]| -> Vec<Vec<String>> {
            let status = table[0].iter().position(|c| c == "status").expect("status");
            let members: Vec<Vec<String>> = std::iter::once(table[0].clone())
                .chain(table[1..].iter().filter(|r| r[status] != "owner").cloned())
                .collect();
            rows(&members, &["status"])
        };
        let imported = again("employees").await;
        assert_eq!(team(&imported), team(&files["employees"]), "{format}");
        assert!(imported[1..]
            .iter()
            .all(|r| r[7] == "invited" || r[0] == boss.email));
        assert!(!format!("{imported:?}").contains("owner@example.com"));
    }
}

#[actix_web::test]
async fn the_spec_export_calls_answer_the_file_over_http_and_the_socket() {
    let s = scene().await;
    create_role(&s.app, &s.owner.token, &s.store, "@Events").await;
    let (status, _, _, read_file) = download(
        &s.app,
        &format!("/api/v1/stores/{}/exports/roles?format=csv", s.store),
        &s.owner.token,
    )
    .await;
    assert_eq!(status, 200);

    // Over HTTP, the file itself, as the read answers it.
    let mut res = s
        .app
        .client
        .post(format!("{}/api/v1/exportRoles", s.app.address))
        .bearer_auth(&s.owner.token)
        .send_json(&json!({ "storeId": s.store, "format": "csv" }))
        .await
        .expect("send");
    assert_eq!(res.status().as_u16(), 200);
    let header = |name: &str| {
        res.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(header("content-type"), "text/csv; charset=utf-8");
    assert_eq!(
        header("content-disposition"),
        "attachment; filename=\"roles.csv\""
    );
    assert_eq!(header("x-content-type-options"), "nosniff");
    let bytes = res.body().await.expect("body");
    assert_eq!(bytes.as_ref(), read_file.as_slice());

    // A caller taking JSON only gets the socket's answer.
    let mut res = s
        .app
        .client
        .post(format!("{}/api/v1/exportEmployees", s.app.address))
        .insert_header(("accept", "application/json"))
        .bearer_auth(&s.owner.token)
        .send_json(&json!({ "storeId": s.store }))
        .await
        .expect("send");
    let body: Value = res.json().await.expect("json");
    assert_eq!(body["data"]["name"], "employees.xlsx");
    let book = base64::engine::general_purpose::STANDARD
        .decode(body["data"]["base64"].as_str().expect("base64"))
        .expect("decodes");
    let sheet = read::xlsx(&book).expect("a workbook");
    assert!(sheet.rows.iter().any(|r| r[0] == "ana@example.com"));

    // A sheet collection: a workbook of the items, the range required for ranged ones.
    let collection = s
        .app
        .call(
            "exportSheetCollection",
            json!({ "storeId": s.store, "items": ["roles", "shifts"] }),
            Some(&s.owner.token),
        )
        .await;
    assert_eq!(
        collection.error(400),
        "start and end are required for this export."
    );
    let mut res = s
        .app
        .client
        .post(format!("{}/api/v1/exportSheetCollection", s.app.address))
        .bearer_auth(&s.owner.token)
        .send_json(&json!({ "storeId": s.store, "items": ["roles", "employees"] }))
        .await
        .expect("send");
    assert_eq!(res.status().as_u16(), 200);
    let book = res.body().await.expect("body");
    let sheets = read::workbook(&book).expect("a workbook");
    let names: Vec<&str> = sheets.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["Roles", "Employees"]);

    // The one guard of calls: an employee without the employee permission is refused, and
    // another store's owner too.
    let denied = s
        .app
        .call(
            "exportRoles",
            json!({ "storeId": s.store }),
            Some(&s.ana.token),
        )
        .await;
    assert_eq!(denied.error(403), NOT_ENOUGH_PERMISSION);
    let denied = s
        .app
        .call(
            "exportSheetCollection",
            json!({ "storeId": s.store, "items": ["roles"] }),
            Some(&s.scheduler.token),
        )
        .await;
    assert_eq!(denied.error(403), NOT_ENOUGH_PERMISSION);
    let stranger = s.app.create_user("stranger@example.com");
    create_store(&s.app, &stranger, "Elsewhere").await;
    let foreign = s
        .app
        .call(
            "exportEmployees",
            json!({ "storeId": s.store }),
            Some(&stranger.token),
        )
        .await;
    assert_eq!(foreign.status, 403);

    // Over the socket, `{"data": FileAnswer}` with the same bytes.
    let url = format!(
        "{}/socket.io/?EIO=4&transport=websocket",
        s.app.address.replacen("http", "ws", 1)
    );
    let (_, mut ws) = awc::Client::new()
        .ws(url)
        .connect()
        .await
        .expect("websocket");
    let call = json!(["call", "exportRoles", { "storeId": s.store, "format": "csv" }]);
    let mut answer = None;
    for (send, expect) in [
        (None, "0"),
        (
            Some(format!("40{}", json!({ "token": s.owner.token }))),
            "40",
        ),
        (Some(format!("421{call}")), "431"),
    ] {
        if let Some(packet) = send {
            ws.send(awc::ws::Message::Text(packet.into()))
                .await
                .expect("send");
        }
        loop {
            let frame = ws.next().await.expect("open").expect("frame");
            if let awc::ws::Frame::Text(t) = frame {
                if t.starts_with(expect.as_bytes()) {
                    answer = Some(String::from_utf8_lossy(&t[expect.len()..]).into_owned());
                    break;
                }
            }
        }
    }
    let ack: Value = serde_json::from_str(&answer.expect("an answer")).expect("json");
    let file = &ack[0]["data"];
    assert_eq!(file["name"], "roles.csv");
    assert_eq!(file["contentType"], "text/csv; charset=utf-8");
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(file["base64"].as_str().expect("base64"))
        .expect("decodes");
    assert_eq!(bytes, read_file);
}
