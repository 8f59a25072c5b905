//! Spreadsheets: imports of roles and employees in two steps (every bad row reported, nothing
//! changed until confirmed), exports read back, empty forms, and only the caller's store.

use crate::fixtures::reports::{paid_member, week, worked_shift};
use crate::fixtures::sheets::{download, sheet_of, upload};
use crate::fixtures::spawn_app;
use crate::fixtures::stores::{count, create_role, create_store, NOT_ENOUGH_PERMISSION};
use backend::domain::shift::Progress;
use chrono::Duration;
use serde_json::json;

/// A workbook of one sheet with a header row.
fn workbook(header: &[&str], rows: &[Vec<String>]) -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    for (c, h) in header.iter().enumerate() {
        sheet.write_string(0, c as u16, *h).expect("write");
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            sheet
                .write_string(r as u32 + 1, c as u16, cell)
                .expect("write");
        }
    }
    book.save_to_buffer().expect("save")
}

const EMPLOYEE_HEADER: [&str; 6] = [
    "email",
    "fullName",
    "roles",
    "wageType",
    "wage",
    "permissions",
];

#[actix_web::test]
async fn a_thousand_employees_with_fifty_bad_rows_report_the_fifty_and_import_nothing_until_confirmed(
) {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Cafe").await;
    create_role(&app, &owner.token, &store, "Barista").await;
    let employees_before = count(&app, "SELECT * FROM employees");
    let events_before = count(&app, "SELECT * FROM store_events");

    // Every 20th row is bad, in one of five ways.
    let row = |i: usize, bad: bool| -> Vec<String> {
        let email = format!("worker{i}@example.com");
        let mut r = vec![
            email,
            format!("Worker {i}"),
            "Barista".into(),
            "Hourly".into(),
            "13.5".into(),
            String::new(),
        ];
        if bad {
            match (i / 20) % 5 {
                0 => r[0] = format!("worker{i}-at-example.com"),
                1 => r[2] = "Astronaut".into(),
                2 => r[3] = "Monthly".into(),
                3 => r[4] = "lots".into(),
                _ => r[5] = "owner".into(),
            }
        }
        r
    };
    let rows: Vec<Vec<String>> = (0..1000).map(|i| row(i, i % 20 == 7)).collect();
    let bad = upload(
        &app,
        "importEmployees",
        &owner.token,
        &store,
        "team.xlsx",
        &workbook(&EMPLOYEE_HEADER, &rows),
    )
    .await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
    assert_eq!(bad.body["code"], "invalid_rows");
    let errors = bad.body["details"]["errors"].as_array().expect("errors");
    assert_eq!(errors.len(), 50);
    // Each names its row in the file (the header is row 1) and its column.
    let first = &errors[0];
    assert_eq!(first["row"], 9);
    assert_eq!(first["column"], "email");
    assert!(errors
        .iter()
        .any(|e| e["column"] == "roles" && e["text"] == "The store has no role Astronaut."));
    assert!(errors.iter().any(|e| e["column"] == "wageType"));
    assert!(errors.iter().any(|e| e["column"] == "wage"));
    assert!(errors.iter().any(|e| e["column"] == "permissions"));
    assert_eq!(count(&app, "SELECT * FROM import_documents"), 0);

    // Fixed, the file uploads as a temporary document: still nothing imported.
    let rows: Vec<Vec<String>> = (0..1000).map(|i| row(i, false)).collect();
    let ok = upload(
        &app,
        "importEmployees",
        &owner.token,
        &store,
        "team.xlsx",
        &workbook(&EMPLOYEE_HEADER, &rows),
    )
    .await;
    assert_eq!(ok.status, 200, "{:?}", ok.body);
    assert_eq!(ok.body["success"], true);
    assert_eq!(ok.body["data"]["new"].as_array().expect("new").len(), 1000);
    assert_eq!(
        ok.body["data"]["update"].as_array().expect("update").len(),
        0
    );
    let temp = ok.body["id"].as_str().expect("temp doc id").to_string();
    assert_eq!(count(&app, "SELECT * FROM employees"), employees_before);
    assert_eq!(count(&app, "SELECT * FROM store_events"), events_before);

    // Another manager cannot confirm someone else's upload.
    let (helper, _) = paid_member(
        &app,
        &owner,
        &store,
        "helper@example.com",
        &[],
        0.0,
        &["employee"],
    )
    .await;
    let foreign = app
        .call(
            "confirmImportedEmployees",
            json!({ "storeId": store, "tempDocId": temp }),
            Some(&helper.token),
        )
        .await;
    assert_eq!(foreign.status, 404);

    let started = std::time::Instant::now();
    let done = app
        .call(
            "confirmImportedEmployees",
            json!({ "storeId": store, "tempDocId": temp }),
            Some(&owner.token),
        )
        .await;
    println!("confirming 1,000 employees took {:?}", started.elapsed());
    assert_eq!(done.data()["created"], 1000);
    assert_eq!(
        count(&app, "SELECT * FROM employees"),
        employees_before + 1001
    );
    assert_eq!(
        count(&app, "SELECT * FROM invites WHERE NOT resolved"),
        1000
    );
    let again = app
        .call(
            "confirmImportedEmployees",
            json!({ "storeId": store, "tempDocId": temp }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(again.status, 404);

    // The same file again updates the records it names.
    let rows: Vec<Vec<String>> = (0..3)
        .map(|i| {
            let mut r = row(i, false);
            r[4] = "15".into();
            r
        })
        .collect();
    let update = upload(
        &app,
        "importEmployees",
        &owner.token,
        &store,
        "team.xlsx",
        &workbook(&EMPLOYEE_HEADER, &rows),
    )
    .await;
    assert_eq!(
        update.body["data"]["update"]
            .as_array()
            .expect("update")
            .len(),
        3
    );
}

#[actix_web::test]
async fn roles_import_from_csv_is_validated_again_when_confirmed() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Cafe").await;
    create_role(&app, &owner.token, &store, "Barista").await;
    let csv = b"title;color;requireUserAction;swappeable\nbarista;#111111;yes;no\nCook;;no;yes\nHost;#222222;;\n";
    let reply = upload(&app, "importRoles", &owner.token, &store, "roles.csv", csv).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["data"]["update"][0]["title"], "barista");
    assert_eq!(reply.body["data"]["new"].as_array().expect("new").len(), 2);
    let temp = reply.body["id"].as_str().expect("id").to_string();
    assert_eq!(count(&app, "SELECT * FROM roles"), 1);

    // Meanwhile someone adds a Host role: confirming updates it instead of adding a second.
    create_role(&app, &owner.token, &store, "Host").await;
    let done = app
        .call(
            "confirmImportedRoles",
            json!({ "storeId": store, "tempDocId": temp }),
            Some(&owner.token),
        )
        .await;
    assert_eq!(done.data()["created"], 1);
    assert_eq!(done.data()["updated"], 2);
    assert_eq!(count(&app, "SELECT * FROM roles"), 3);
    assert_eq!(
        count(
            &app,
            "SELECT * FROM roles WHERE title = 'barista' AND require_user_action"
        ),
        1
    );

    // Bad rows: each reported, nothing kept.
    let bad = upload(
        &app,
        "importRoles",
        &owner.token,
        &store,
        "roles.csv",
        b"title,swappeable\n,yes\nBar,maybe\n",
    )
    .await;
    assert_eq!(bad.status, 400);
    let errors = bad.body["details"]["errors"].as_array().expect("errors");
    assert_eq!(
        errors[0],
        json!({ "row": 2, "column": "title", "text": "title is required." })
    );
    assert_eq!(errors[1]["row"], 3);
    assert_eq!(errors[1]["column"], "swappeable");
    // A file that is neither a workbook nor text.
    let junk = upload(
        &app,
        "importRoles",
        &owner.token,
        &store,
        "roles.xlsx",
        &[0xff, 0xfe, 0x00, 0x01],
    )
    .await;
    assert_eq!(junk.status, 400);
    // An employee without the employee permission.
    let (employee, _) = paid_member(&app, &owner, &store, "e@example.com", &[], 0.0, &[]).await;
    let denied = upload(
        &app,
        "importRoles",
        &employee.token,
        &store,
        "roles.csv",
        csv,
    )
    .await;
    assert_eq!(denied.status, 403);
    assert_eq!(denied.body["message"], NOT_ENOUGH_PERMISSION);
    assert_eq!(count(&app, "SELECT * FROM roles"), 3);
}

#[actix_web::test]
async fn payroll_exports_read_back_and_hold_only_the_stores_own_rows() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Cafe").await;
    let barista = create_role(&app, &owner.token, &store, "Barista").await;
    let (_, ana) = paid_member(
        &app,
        &owner,
        &store,
        "ana@example.com",
        &[&barista],
        12.5,
        &[],
    )
    .await;
    let (from, to) = week();
    worked_shift(
        &app,
        &store,
        &ana,
        &barista,
        from + Duration::hours(8),
        8,
        Progress::Completed,
    )
    .await;
    worked_shift(
        &app,
        &store,
        &ana,
        &barista,
        from + Duration::hours(32),
        8,
        Progress::NotStarted,
    )
    .await;
    // Another store with its own employee and work.
    let other_owner = app.create_user("other@example.com");
    let other = create_store(&app, &other_owner, "Elsewhere").await;
    let other_role = create_role(&app, &other_owner.token, &other, "Chef").await;
    let (_, zed) = paid_member(
        &app,
        &other_owner,
        &other,
        "zed@example.com",
        &[&other_role],
        30.0,
        &[],
    )
    .await;
    worked_shift(
        &app,
        &other,
        &zed,
        &other_role,
        from + Duration::hours(8),
        8,
        Progress::Completed,
    )
    .await;

    let range = format!(
        "start={}&end={}",
        from.timestamp_millis(),
        to.timestamp_millis()
    );
    let (status, kind, disposition, bytes) = download(
        &app,
        &format!("/api/v1/stores/{store}/exports/payroll?format=xlsx&{range}"),
        &owner.token,
    )
    .await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&bytes));
    assert_eq!(
        kind,
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    );
    assert_eq!(
        disposition,
        "attachment; filename=\"payroll-2026-11-09-2026-11-15.xlsx\""
    );
    let rows = sheet_of(&bytes, "Payroll");
    assert_eq!(
        rows[0][..5],
        ["employee", "email", "role", "wageType", "wage"]
    );
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[1][1], "ana@example.com");
    assert_eq!(rows[1][2], "Barista");
    // 8 worked hours (the unstarted shift left out) at 12.5.
    assert_eq!(rows[1][6], "8");
    assert_eq!(rows[1][8], "100");

    let (status, kind, _, bytes) = download(
        &app,
        &format!("/api/v1/stores/{store}/exports/payroll?format=csv&{range}"),
        &owner.token,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(kind, "text/csv; charset=utf-8");
    let text = String::from_utf8(bytes).expect("utf-8");
    assert!(text.starts_with("\u{feff}employee,email,role,wageType,wage,scheduledHours,workedHours,overtimeHours,cost,currency\n"));
    assert!(
        text.contains("ana,ana@example.com,Barista,Hourly,12.5,8,8,0,100,USD"),
        "{text}"
    );
    assert!(!text.contains("zed@example.com"));

    // A sheet collection: one workbook, a sheet per item, only this store's rows.
    let (status, _, _, bytes) = download(
        &app,
        &format!(
            "/api/v1/stores/{store}/exports/sheetCollection?items=shifts,employees,roles&{range}"
        ),
        &owner.token,
    )
    .await;
    assert_eq!(status, 200);
    let shifts = sheet_of(&bytes, "Shifts");
    assert_eq!(shifts.len(), 3);
    let employees = sheet_of(&bytes, "Employees");
    let all = format!("{employees:?}{shifts:?}{:?}", sheet_of(&bytes, "Roles"));
    assert!(
        all.contains("ana@example.com")
            && !all.contains("zed@example.com")
            && !all.contains("Chef")
    );

    // The other store's owner cannot read this store's exports.
    let (status, _, _, _) = download(
        &app,
        &format!("/api/v1/stores/{store}/exports/payroll?{range}"),
        &other_owner.token,
    )
    .await;
    assert_eq!(status, 403);
    // Nothing in the range.
    let empty = app
        .get(
            &format!(
                "/api/v1/stores/{store}/exports/timeOff?start={}&end={}",
                from.timestamp_millis(),
                to.timestamp_millis()
            ),
            Some(&owner.token),
        )
        .await;
    assert_eq!(empty.error(400), "No data is available");
    let reversed = app
        .get(
            &format!(
                "/api/v1/stores/{store}/exports/shifts?start={}&end={}",
                to.timestamp_millis(),
                from.timestamp_millis()
            ),
            Some(&owner.token),
        )
        .await;
    assert_eq!(reversed.error(400), "Start date has to be before end date");
}

#[actix_web::test]
async fn empty_forms_hold_the_import_columns_and_an_example() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Cafe").await;
    let (status, _, disposition, bytes) = download(
        &app,
        &format!("/api/v1/stores/{store}/forms/employees"),
        &owner.token,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(disposition, "attachment; filename=\"employees-form.xlsx\"");
    let rows = sheet_of(&bytes, "employees");
    assert_eq!(rows[0][0], "email");
    assert_eq!(rows.len(), 2);
    let (status, _, _, bytes) = download(
        &app,
        &format!("/api/v1/stores/{store}/forms/roles?format=csv"),
        &owner.token,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        String::from_utf8(bytes).expect("text"),
        "\u{feff}title,color,requireUserAction,swappeable\nBarista,#2e7d32,no,yes\n"
    );
    // The form imports as it is.
    let (_, _, _, bytes) = download(
        &app,
        &format!("/api/v1/stores/{store}/forms/roles?format=csv"),
        &owner.token,
    )
    .await;
    let reply = upload(
        &app,
        "importRoles",
        &owner.token,
        &store,
        "roles.csv",
        &bytes,
    )
    .await;
    assert_eq!(reply.body["data"]["new"][0]["title"], "Barista");
}

#[actix_web::test]
async fn the_employees_export_imports_again_into_its_own_store_and_into_another_without_making_an_owner(
) {
    use backend::domain::import::OWNER_ROW_SKIPPED;
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Cafe").await;
    let barista = create_role(&app, &owner.token, &store, "Barista").await;
    paid_member(
        &app,
        &owner,
        &store,
        "ana@example.com",
        &[&barista],
        12.5,
        &["schedule"],
    )
    .await;
    let other_owner = app.create_user("boss@example.com");
    let other = create_store(&app, &other_owner, "Elsewhere").await;
    create_role(&app, &other_owner.token, &other, "Barista").await;
    let owners = "SELECT * FROM employees WHERE 'owner' = ANY(permissions)";

    for format in ["xlsx", "csv"] {
        let (status, _, _, file) = download(
            &app,
            &format!("/api/v1/stores/{store}/exports/employees?format={format}"),
            &owner.token,
        )
        .await;
        assert_eq!(status, 200);
        let name = format!("team.{format}");
        // Into its own store: the owner's row is left alone and reported, Ana's updates her.
        let reply = upload(&app, "importEmployees", &owner.token, &store, &name, &file).await;
        assert_eq!(reply.status, 200, "{format}: {:?}", reply.body);
        let skipped = reply.body["data"]["skipped"].as_array().expect("skipped");
        assert_eq!(skipped.len(), 1, "{skipped:?}");
        assert_eq!(skipped[0]["text"], OWNER_ROW_SKIPPED);
        assert_eq!(reply.body["data"]["new"], json!([]));
        assert_eq!(reply.body["data"]["update"][0]["email"], "ana@example.com");
        let done = app
            .call(
                "confirmImportedEmployees",
                json!({ "storeId": store, "tempDocId": reply.body["id"] }),
                Some(&owner.token),
            )
            .await;
        assert_eq!(done.data(), &json!({ "created": 0, "updated": 1 }));

        // Into another store: the source's owner is neither made an owner nor invited, and
        // the rest of the file imports.
        let reply = upload(
            &app,
            "importEmployees",
            &other_owner.token,
            &other,
            &name,
            &file,
        )
        .await;
        assert_eq!(reply.status, 200, "{format}: {:?}", reply.body);
        assert_eq!(reply.body["data"]["skipped"][0]["text"], OWNER_ROW_SKIPPED);
        let done = app
            .call(
                "confirmImportedEmployees",
                json!({ "storeId": other, "tempDocId": reply.body["id"] }),
                Some(&other_owner.token),
            )
            .await;
        assert_eq!(done.status, 200, "{:?}", done.body);
    }
    assert_eq!(count(&app, owners), 2);
    assert_eq!(
        count(
            &app,
            "SELECT * FROM employees WHERE email = 'owner@example.com'"
        ),
        1
    );
    assert_eq!(
        count(
            &app,
            "SELECT * FROM employees WHERE email = 'ana@example.com' AND 'schedule' = ANY(permissions)"
        ),
        2
    );

    // A row that would change the owner's record, or grant `owner`, is still refused.
    let changed =
        b"email,fullName,permissions\nowner@example.com,Someone else,\nbo@example.com,,owner\n";
    let refused = upload(
        &app,
        "importEmployees",
        &owner.token,
        &store,
        "team.csv",
        changed,
    )
    .await;
    assert_eq!(refused.status, 400);
    let texts: Vec<&str> = refused.body["details"]["errors"]
        .as_array()
        .expect("errors")
        .iter()
        .filter_map(|e| e["text"].as_str())
        .collect();
    assert_eq!(
        texts,
        [
            "The owner's record cannot be changed by an import.",
            "owner is not a permission that can be granted."
        ]
    );
}

#[actix_web::test]
async fn a_guarded_csv_cell_imports_as_the_text_it_was_written_from() {
    let app = spawn_app().await;
    let owner = app.create_user("owner@example.com");
    let store = create_store(&app, &owner, "Cafe").await;
    for title in ["@Events", "'tis", "'=x"] {
        create_role(&app, &owner.token, &store, title).await;
    }
    let (_, _, _, csv) = download(
        &app,
        &format!("/api/v1/stores/{store}/exports/roles?format=csv"),
        &owner.token,
    )
    .await;
    let text = String::from_utf8(csv.clone()).expect("text");
    // A spreadsheet shows the guarded cells as text.
    assert!(text.contains("\n'@Events,"), "{text}");
    assert!(text.contains("\n'tis,"), "{text}");
    assert!(text.contains("\n''=x,"), "{text}");
    let reply = upload(&app, "importRoles", &owner.token, &store, "roles.csv", &csv).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["data"]["new"], json!([]));
    let titles: Vec<&str> = reply.body["data"]["update"]
        .as_array()
        .expect("update")
        .iter()
        .filter_map(|r| r["title"].as_str())
        .collect();
    assert_eq!(titles.len(), 3);
    for title in ["@Events", "'tis", "'=x"] {
        assert!(titles.contains(&title), "{titles:?}");
    }
}
