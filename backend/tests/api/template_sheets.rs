//! Templates in spreadsheets: exports of shift, daily and weekly templates that import again,
//! the empty form, bad rows reported one by one with nothing changed, only the caller's store,
//! and the schedule permission.

use crate::fixtures::scene::{scene, Scene};
use crate::fixtures::sheets::{download, sheet_of, upload};
use crate::fixtures::stores::{count, create_role, create_store, NOT_ENOUGH_PERMISSION};
use chrono::{Duration, TimeZone, Utc};
use chrono_tz::Europe::Berlin;
use serde_json::{json, Value};

const ROLE_MISMATCH: &str = "The employee doesn't have the matching role with the template";

/// Epoch ms of a Berlin wall-clock time a week from today.
fn next_week(h: u32, m: u32) -> i64 {
    let date = (Utc::now().with_timezone(&Berlin) + Duration::days(7)).date_naive();
    Berlin
        .from_local_datetime(&date.and_hms_opt(h, m, 0).expect("time"))
        .earliest()
        .expect("exists")
        .timestamp_millis()
}

async fn export(s: &Scene, kind: &str, format: &str, token: &str) -> (u16, Vec<u8>) {
    let (status, _, _, bytes) = download(
        &s.app,
        &format!("/api/v1/stores/{}/exports/{kind}?format={format}", s.store),
        token,
    )
    .await;
    (status, bytes)
}

/// A shift template (Opening, barista, with tasks) and a daily template with Ana's shift.
async fn two_templates(s: &Scene) {
    let made = s
        .call(
            "createShiftTemplate",
            &s.scheduler.token,
            json!({ "title": "Opening", "start": "06:30", "end": "14:00", "role": s.barista,
                    "tasks": [{ "text": "Unlock" }, { "text": "Count the till" }] }),
        )
        .await;
    assert_eq!(made.status, 200, "{:?}", made.body);
    let day = s
        .call(
            "createRangeTemplate",
            &s.scheduler.token,
            json!({ "title": "Saturday", "type": "daily", "startOfWeek": next_week(0, 0),
                    "shiftRecords": [{ "id": "local-1", "title": "Late", "start": next_week(22, 0),
                                       "end": next_week(22, 0) + 7 * 1_800_000,
                                       "role": s.barista, "assigned": s.ana_id,
                                       "status": "draft", "timestamp": 0 }] }),
        )
        .await;
    assert_eq!(day.status, 200, "{:?}", day.body);
}

fn csv_rows(bytes: &[u8]) -> Vec<String> {
    String::from_utf8(bytes.to_vec())
        .expect("text")
        .trim_start_matches('\u{feff}')
        .lines()
        .map(str::to_string)
        .collect()
}

#[actix_web::test]
async fn exported_templates_import_again_and_a_changed_file_adds_and_replaces_templates() {
    let s = scene().await;
    two_templates(&s).await;
    // Another store's template is never exported.
    let other = s.app.create_user("other@example.com");
    let elsewhere = create_store(&s.app, &other, "Elsewhere").await;
    create_role(&s.app, &other.token, &elsewhere, "Barista").await;
    let theirs = s
        .app
        .call(
            "createShiftTemplate",
            json!({ "storeId": elsewhere, "title": "Secret", "start": "01:00", "end": "02:00" }),
            Some(&other.token),
        )
        .await;
    assert_eq!(theirs.status, 200, "{:?}", theirs.body);

    let (status, xlsx) = export(&s, "shiftTemplates", "xlsx", &s.scheduler.token).await;
    assert_eq!(status, 200);
    let rows = sheet_of(&xlsx, "Shift templates");
    assert_eq!(
        rows[0],
        [
            "templateTitle",
            "kind",
            "day",
            "start",
            "end",
            "role",
            "assignee",
            "shiftTitle",
            "tasks"
        ]
    );
    assert_eq!(
        rows[1],
        [
            "Opening",
            "shift",
            "0",
            "06:30",
            "14:00",
            "Barista",
            "",
            "Opening",
            "Unlock; Count the till"
        ]
    );
    assert_eq!(rows.len(), 2);
    let (status, csv) = export(&s, "dailyTemplates", "csv", &s.scheduler.token).await;
    assert_eq!(status, 200);
    let lines = csv_rows(&csv);
    assert_eq!(
        lines[1],
        "Saturday,daily,0,22:00,01:30,Barista,ana@example.com,Late,"
    );
    assert!(!String::from_utf8_lossy(&csv).contains("Secret"));
    // No weekly templates: nothing to export.
    let (status, _) = export(&s, "weeklyTemplates", "csv", &s.scheduler.token).await;
    assert_eq!(status, 400);
    // The sheet collection holds them as items.
    let (status, _, _, book) = download(
        &s.app,
        &format!(
            "/api/v1/stores/{}/exports/sheetCollection?items=shiftTemplates,dailyTemplates",
            s.store
        ),
        &s.scheduler.token,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(sheet_of(&book, "Daily templates")[1][0], "Saturday");

    // The export imports again: every template is an update, nothing new.
    let reply = upload(
        &s.app,
        "importShiftTemplates",
        &s.scheduler.token,
        &s.store,
        "t.xlsx",
        &xlsx,
    )
    .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["data"]["update"][0]["title"], "Opening");
    assert_eq!(reply.body["data"]["new"], json!([]));
    let again = upload(
        &s.app,
        "importShiftTemplates",
        &s.scheduler.token,
        &s.store,
        "t.csv",
        &csv,
    )
    .await;
    assert_eq!(again.status, 200, "{:?}", again.body);
    assert_eq!(
        again.body["data"]["update"][0]["shifts"][0]["assigned"],
        json!(s.ana_id)
    );

    // A changed file: Opening gets new times, a weekly template of two shifts is added.
    let changed = format!(
        "{}\nOpening,shift,0,07:00,15:00,Barista,,Opening,Unlock\n\
         Usual week,weekly,1,08:00,12:00,Cook,,Prep,\n\
         Usual week,weekly,5,22:00,06:00,Barista,ben@example.com,Night,\n",
        lines[0]
    );
    let reply = upload(
        &s.app,
        "importShiftTemplates",
        &s.scheduler.token,
        &s.store,
        "t.csv",
        changed.as_bytes(),
    )
    .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(
        reply.body["data"]["new"][0]["shifts"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    let temp = reply.body["id"].clone();
    assert_eq!(
        count(&s.app, "SELECT * FROM schedule_templates"),
        3,
        "nothing until confirmed"
    );
    let done = s
        .call(
            "confirmImportedShiftTemplates",
            &s.scheduler.token,
            json!({ "tempDocId": temp }),
        )
        .await;
    assert_eq!(done.data(), &json!({ "created": 1, "updated": 1 }));
    assert_eq!(count(&s.app, "SELECT * FROM schedule_templates"), 4);
    let (_, csv) = export(&s, "shiftTemplates", "csv", &s.scheduler.token).await;
    assert_eq!(
        csv_rows(&csv)[1],
        "Opening,shift,0,07:00,15:00,Barista,,Opening,Unlock"
    );
    let (_, csv) = export(&s, "weeklyTemplates", "csv", &s.scheduler.token).await;
    assert_eq!(
        csv_rows(&csv)[2],
        "Usual week,weekly,5,22:00,06:00,Barista,ben@example.com,Night,"
    );
    // A document is confirmed once.
    let twice = s
        .call(
            "confirmImportedShiftTemplates",
            &s.scheduler.token,
            json!({ "tempDocId": temp }),
        )
        .await;
    assert_eq!(twice.status, 404);
}

#[actix_web::test]
async fn bad_rows_are_each_reported_and_change_nothing() {
    let s = scene().await;
    two_templates(&s).await;
    let before = count(
        &s.app,
        "SELECT * FROM schedule_templates WHERE shifts::text LIKE '%06:30%'",
    );
    let bad = "templateTitle,kind,day,start,end,role,assignee,shiftTitle,tasks\n\
               Opening,shift,0,07:00,15:00,Barista,,,\n\
               Late,daily,0,7pm,23:00,Cook,ana@example.com,,\n\
               ,monthly,0,08:00,09:00,,,,\n";
    let reply = upload(
        &s.app,
        "importShiftTemplates",
        &s.scheduler.token,
        &s.store,
        "t.csv",
        bad.as_bytes(),
    )
    .await;
    assert_eq!(reply.status, 400);
    assert_eq!(reply.body["code"], "invalid_rows");
    let errors = reply.body["details"]["errors"]
        .as_array()
        .expect("errors")
        .clone();
    let at = |row: u64, column: &str| {
        errors
            .iter()
            .find(|e| e["row"] == row && e["column"] == column)
            .map(|e| e["text"].as_str().unwrap_or_default().to_string())
    };
    assert!(at(3, "start").is_some_and(|t| t.contains("HH:mm")));
    assert_eq!(at(3, "assignee").as_deref(), Some(ROLE_MISMATCH));
    assert_eq!(
        at(4, "templateTitle").as_deref(),
        Some("templateTitle is required.")
    );
    assert!(at(4, "kind").is_some());
    assert!(at(2, "start").is_none(), "a good row is not reported");
    assert_eq!(count(&s.app, "SELECT * FROM schedule_templates"), 2);
    assert_eq!(count(&s.app, "SELECT * FROM import_documents"), 0);
    assert_eq!(
        count(
            &s.app,
            "SELECT * FROM schedule_templates WHERE shifts::text LIKE '%06:30%'"
        ),
        before
    );

    // The role is removed after the upload: the confirmation validates again and refuses.
    let upload_ok = "templateTitle,start,end,role\nCooking,08:00,09:00,Cook\n";
    let reply = upload(
        &s.app,
        "importShiftTemplates",
        &s.scheduler.token,
        &s.store,
        "t.csv",
        upload_ok.as_bytes(),
    )
    .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let removed = s
        .call("deleteRole", &s.owner.token, json!({ "roleId": s.cook }))
        .await;
    assert_eq!(removed.status, 200, "{:?}", removed.body);
    let stale = s
        .call(
            "confirmImportedShiftTemplates",
            &s.scheduler.token,
            json!({ "tempDocId": reply.body["id"] }),
        )
        .await;
    assert_eq!(stale.status, 400, "{:?}", stale.body);
    assert_eq!(count(&s.app, "SELECT * FROM schedule_templates"), 2);
}

#[actix_web::test]
async fn templates_sheets_need_the_schedule_permission_and_the_form_imports_as_it_is() {
    let s = scene().await;
    two_templates(&s).await;
    let (status, _) = export(&s, "shiftTemplates", "xlsx", &s.ana.token).await;
    assert_eq!(status, 403);
    let csv = b"templateTitle,start,end\nX,08:00,09:00\n";
    let denied = upload(
        &s.app,
        "importShiftTemplates",
        &s.ana.token,
        &s.store,
        "t.csv",
        csv,
    )
    .await;
    assert_eq!(denied.status, 403);
    assert_eq!(denied.body["message"], NOT_ENOUGH_PERMISSION);
    // A document of the scheduler's is not the employee's to confirm.
    let mine = upload(
        &s.app,
        "importShiftTemplates",
        &s.scheduler.token,
        &s.store,
        "t.csv",
        csv,
    )
    .await;
    let denied = s
        .call(
            "confirmImportedShiftTemplates",
            &s.ana.token,
            json!({ "tempDocId": mine.body["id"] }),
        )
        .await;
    assert_eq!(denied.status, 403);
    assert_eq!(count(&s.app, "SELECT * FROM schedule_templates"), 2);

    let (status, _, disposition, form) = download(
        &s.app,
        &format!("/api/v1/stores/{}/forms/shiftTemplates?format=csv", s.store),
        &s.scheduler.token,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(
        disposition,
        "attachment; filename=\"shiftTemplates-form.csv\""
    );
    let lines = csv_rows(&form);
    assert_eq!(
        lines[0],
        "templateTitle,kind,day,start,end,role,assignee,shiftTitle,tasks"
    );
    assert_eq!(lines.len(), 2);
    let reply = upload(
        &s.app,
        "importShiftTemplates",
        &s.scheduler.token,
        &s.store,
        "form.csv",
        &form,
    )
    .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let t: &Value = &reply.body["data"]["update"][0];
    assert_eq!(t["title"], "Opening");
    assert_eq!(t["shifts"][0]["tasks"][1]["text"], "Count the till");

    // An open-ended shift has an empty end in the file and stays open-ended when imported.
    let on_call = s
        .call(
            "createShiftTemplate",
            &s.scheduler.token,
            json!({ "title": "On call", "start": "20:00", "end": "20:00", "oe": true }),
        )
        .await;
    assert_eq!(on_call.status, 200, "{:?}", on_call.body);
    let (_, csv) = export(&s, "shiftTemplates", "csv", &s.scheduler.token).await;
    assert!(csv_rows(&csv).contains(&"On call,shift,0,20:00,,,,On call,".to_string()));
    let reply = upload(
        &s.app,
        "importShiftTemplates",
        &s.scheduler.token,
        &s.store,
        "t.csv",
        &csv,
    )
    .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let again = &reply.body["data"]["update"][1]["shifts"][0];
    assert_eq!(again["oe"], true);
}

#[actix_web::test]
async fn the_spec_call_delete_daily_template_deletes_a_daily_template_and_nothing_else() {
    let s = scene().await;
    two_templates(&s).await;
    let id_of = |kind: &'static str| {
        let (app, store, token) = (&s.app, s.store.clone(), s.scheduler.token.clone());
        async move {
            app.get(
                &format!("/api/v1/stores/{store}/templates?type={kind}"),
                Some(&token),
            )
            .await
            .data()[0]["id"]
                .clone()
        }
    };
    let (daily, shift) = (id_of("daily").await, id_of("shift").await);
    // The spec's name, space included.
    let call = "deleteDaily%20template";
    let not_daily = s
        .call(call, &s.scheduler.token, json!({ "id": shift }))
        .await;
    assert_eq!(
        not_daily.error(400),
        "this action is not defined for template"
    );
    let denied = s.call(call, &s.ana.token, json!({ "id": daily })).await;
    assert_eq!(denied.error(403), NOT_ENOUGH_PERMISSION);
    assert_eq!(count(&s.app, "SELECT * FROM schedule_templates"), 2);
    let deleted = s
        .call(call, &s.scheduler.token, json!({ "id": daily }))
        .await;
    assert_eq!(deleted.data()["id"], daily);
    assert_eq!(count(&s.app, "SELECT * FROM schedule_templates"), 1);
    assert_eq!(
        count(
            &s.app,
            "SELECT * FROM schedule_templates WHERE kind = 'daily'"
        ),
        0
    );
}
