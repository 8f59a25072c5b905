//! Support: a user raises tickets (with one zip or jpg of at most 20 MB) and reads only their
//! own, newest change first; support staff (`SUPPORT_EMAILS`) see every ticket and answer it
//! in progress or resolved, which the user is mailed about and reads as unseen; the user's
//! comment reopens a resolved ticket; feedback is rated 1 to 5.

use crate::fixtures::files::{form, upload_form};
use crate::fixtures::{spawn_app_with, Reply, TestApp, TestUser};
use diesel::RunQueryDsl;
use serde_json::{json, Value};
use std::io::Cursor;

const STAFF: &str = "help@clockto.test";

async fn app() -> TestApp {
    spawn_app_with(|s| s.support_emails = vec![STAFF.to_string()]).await
}

/// A JPEG picture.
fn jpeg() -> Vec<u8> {
    let picture = image::RgbImage::from_fn(40, 30, |x, y| image::Rgb([x as u8, y as u8, 90]));
    let mut out = Cursor::new(Vec::new());
    picture
        .write_to(&mut out, image::ImageFormat::Jpeg)
        .expect("jpeg");
    out.into_inner()
}

/// A small ZIP archive (one empty stored entry).
const ZIP: &[u8] = b"PK\x03\x04\x0a\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x05\x00\x00\x00a.txtPK\x05\x06\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00";

async fn upload(app: &TestApp, token: &str, filename: &str, bytes: &[u8]) -> Reply {
    upload_form(
        app,
        Some(token),
        form(&[("purpose", "support")], Some((filename, bytes))),
    )
    .await
}

async fn raise(app: &TestApp, user: &TestUser, title: &str) -> Value {
    app.call(
        "createTicket",
        json!({ "title": title, "description": "The board does not load.", "priority": "high" }),
        Some(&user.token),
    )
    .await
    .data()
    .clone()
}

fn count(app: &TestApp, sql: &str) -> usize {
    diesel::sql_query(sql)
        .execute(&mut app.conn())
        .expect("count")
}

#[actix_web::test]
async fn a_new_ticket_is_pending_and_unseen_with_its_description_and_attachment() {
    let app = app().await;
    let ada = app.create_user("ada@example.com");
    let file = upload(&app, &ada.token, "screen.jpg", &jpeg()).await;
    let file_id = file.data()["id"].as_str().expect("file id").to_string();
    let reply = app
        .call(
            "createTicket",
            json!({
                "title": "  Clock-in fails ",
                "description": "It says the code is wrong.",
                "priority": "medium",
                "attachment": file_id,
            }),
            Some(&ada.token),
        )
        .await;
    let t = reply.data();
    assert_eq!(t["title"], "Clock-in fails");
    assert_eq!(t["status"], "pending");
    assert_eq!(t["priority"], "medium");
    assert_eq!(t["seen"], false);
    assert_eq!(t["adminResponse"], Value::Null);
    assert_eq!(t["userId"], json!(ada.id));
    assert!(t["ticketNo"].as_i64().expect("number") >= 1);
    assert_eq!(
        t["userDescription"][0]["text"],
        "It says the code is wrong."
    );
    assert_eq!(t["userDescription"][0]["bySupport"], false);
    assert_eq!(t["images"][0]["id"], json!(file_id));
    assert_eq!(t["images"][0]["mime"], "image/jpeg");
    // Numbers follow one another.
    let next = raise(&app, &ada, "Another").await;
    assert_eq!(
        next["ticketNo"].as_i64(),
        t["ticketNo"].as_i64().map(|n| n + 1)
    );
    // The owner and support staff read the attachment; someone else does not.
    let url = t["images"][0]["imageUrl"]
        .as_str()
        .expect("url")
        .to_string();
    let staff = app.create_user(STAFF);
    let bob = app.create_user("bob@example.com");
    for (token, status) in [(&ada.token, 200), (&staff.token, 200), (&bob.token, 404)] {
        let res = app
            .client
            .get(format!("{}{url}", app.address))
            .bearer_auth(token)
            .send()
            .await
            .expect("download");
        assert_eq!(res.status().as_u16(), status);
    }
}

#[actix_web::test]
async fn a_ticket_needs_a_title_a_description_and_a_known_priority() {
    let app = app().await;
    let ada = app.create_user("ada@example.com");
    let bad = [
        json!({ "title": " ", "description": "x", "priority": "low" }),
        json!({ "title": "x", "description": "", "priority": "low" }),
        json!({ "title": "x", "description": "x", "priority": "urgent" }),
        json!({ "title": "x".repeat(201), "description": "x", "priority": "low" }),
        json!({ "title": "x", "description": "x" }),
    ];
    for body in bad {
        let reply = app.call("createTicket", body, Some(&ada.token)).await;
        reply.error(400);
        assert_eq!(reply.body["code"], "invalid_input");
    }
    // Someone else's upload is not an attachment of mine.
    let bob = app.create_user("bob@example.com");
    let file = upload(&app, &bob.token, "b.jpg", &jpeg()).await;
    let reply = app
        .call(
            "createTicket",
            json!({ "title": "x", "description": "x", "priority": "low",
                    "attachment": file.data()["id"] }),
            Some(&ada.token),
        )
        .await;
    reply.error(400);
    assert_eq!(reply.body["code"], "attachment_invalid");
    let anonymous = app
        .call(
            "createTicket",
            json!({ "title": "x", "description": "x", "priority": "low" }),
            None,
        )
        .await;
    anonymous.error(401);
    assert_eq!(count(&app, "SELECT 1 FROM tickets"), 0);
}

#[actix_web::test]
async fn the_attachment_is_one_zip_or_jpg_of_at_most_twenty_megabytes() {
    let app = app().await;
    let ada = app.create_user("ada@example.com");
    let zip = upload(&app, &ada.token, "logs.zip", ZIP).await;
    assert_eq!(zip.data()["type"], "application/zip");
    // A PNG, a PDF or a page dressed as a jpg: refused by their content.
    let png = {
        let picture = image::RgbImage::new(4, 4);
        let mut out = Cursor::new(Vec::new());
        picture
            .write_to(&mut out, image::ImageFormat::Png)
            .expect("png");
        out.into_inner()
    };
    for (name, bytes) in [
        ("shot.jpg", png.as_slice()),
        ("doc.jpg", b"%PDF-1.4\n1 0 obj\n".as_slice()),
        ("page.jpg", b"<!DOCTYPE html><script>1</script>".as_slice()),
    ] {
        let reply = upload(&app, &ada.token, name, bytes).await;
        reply.error(400);
        assert_eq!(reply.body["code"], "file_not_jpg_or_zip", "{name}");
        assert_eq!(reply.body["message"], "Attach one zip or jpg file.");
    }
    let mut big = jpeg();
    big.resize(20 * 1024 * 1024 + 1, 0);
    let reply = upload(&app, &ada.token, "big.jpg", &big).await;
    reply.error(413);
    assert_eq!(reply.body["code"], "file_too_large");
    assert_eq!(
        count(&app, "SELECT 1 FROM files WHERE purpose = 'support'"),
        1
    );
}

#[actix_web::test]
async fn a_user_lists_their_own_tickets_newest_change_first_and_no_one_elses() {
    let app = app().await;
    let ada = app.create_user("ada@example.com");
    let bob = app.create_user("bob@example.com");
    let first = raise(&app, &ada, "First").await;
    let second = raise(&app, &ada, "Second").await;
    let bobs = raise(&app, &bob, "Bob's").await;
    let list = app.get("/api/v1/tickets", Some(&ada.token)).await;
    let titles: Vec<&str> = list.data()["tickets"]
        .as_array()
        .expect("tickets")
        .iter()
        .map(|t| t["title"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(titles, ["Second", "First"]);
    assert_eq!(list.data()["support"], false);
    // A comment brings a ticket to the top.
    app.call(
        "addTicketComment",
        json!({ "ticketId": first["id"], "text": "Still broken." }),
        Some(&ada.token),
    )
    .await
    .data();
    let list = app.get("/api/v1/tickets", Some(&ada.token)).await;
    assert_eq!(list.data()["tickets"][0]["id"], first["id"]);
    assert_eq!(list.data()["tickets"][1]["id"], second["id"]);
    // Bob's ticket is out of Ada's reach, as if it did not exist.
    let path = format!("/api/v1/tickets/{}", bobs["id"].as_str().expect("id"));
    let reply = app.get(&path, Some(&ada.token)).await;
    reply.error(404);
    assert_eq!(reply.body["code"], "ticket_not_found");
    let reply = app
        .call(
            "addTicketComment",
            json!({ "ticketId": bobs["id"], "text": "Mine now" }),
            Some(&ada.token),
        )
        .await;
    reply.error(404);
    assert_eq!(count(&app, "SELECT 1 FROM ticket_comments"), 4);
    app.get("/api/v1/tickets", None).await.error(401);
    app.get("/api/v1/tickets/not-an-id", Some(&ada.token))
        .await
        .error(404);
}

#[actix_web::test]
async fn support_answers_and_the_user_reads_it_unseen_then_seen() {
    let app = app().await;
    let ada = app.create_user("ada@example.com");
    let staff = app.create_user(STAFF);
    let ticket = raise(&app, &ada, "Payroll export").await;
    let id = ticket["id"].as_str().expect("id").to_string();
    // Everyone else is refused, and nothing changes.
    let reply = app
        .call(
            "answerTicket",
            json!({ "ticketId": id, "response": "Done", "status": "resolved" }),
            Some(&ada.token),
        )
        .await;
    reply.error(403);
    assert_eq!(reply.body["code"], "not_support_staff");
    // Support sees every ticket with who raised it.
    let list = app.get("/api/v1/tickets", Some(&staff.token)).await;
    assert_eq!(list.data()["support"], true);
    assert_eq!(
        list.data()["tickets"][0]["user"]["email"],
        "ada@example.com"
    );
    // An answer never makes a ticket pending.
    let reply = app
        .call(
            "answerTicket",
            json!({ "ticketId": id, "response": "Hm", "status": "pending" }),
            Some(&staff.token),
        )
        .await;
    reply.error(400);
    assert_eq!(reply.body["code"], "invalid_ticket_status");
    let answered = app
        .call(
            "answerTicket",
            json!({ "ticketId": id, "response": "We are looking into it.", "status": "inProgress" }),
            Some(&staff.token),
        )
        .await;
    assert_eq!(answered.data()["status"], "inProgress");
    assert_eq!(answered.data()["seen"], false);
    assert_eq!(answered.data()["adminResponse"], "We are looking into it.");
    let mails = app.mails_to("ada@example.com");
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("We are looking into it."));
    assert!(mails[0].contains("Support answered your ticket #"));
    // The user's list shows it unseen; reading it marks it seen.
    let list = app.get("/api/v1/tickets", Some(&ada.token)).await;
    assert_eq!(list.data()["tickets"][0]["seen"], false);
    let read = app
        .get(&format!("/api/v1/tickets/{id}"), Some(&ada.token))
        .await;
    assert_eq!(read.data()["seen"], true);
    assert_eq!(read.data()["adminResponse"], "We are looking into it.");
    // Support reading it does not.
    app.call(
        "answerTicket",
        json!({ "ticketId": id, "response": "Fixed in today's release.", "status": "resolved" }),
        Some(&staff.token),
    )
    .await
    .data();
    let by_staff = app
        .get(&format!("/api/v1/tickets/{id}"), Some(&staff.token))
        .await;
    assert_eq!(by_staff.data()["seen"], false);
    assert_eq!(by_staff.data()["status"], "resolved");
    let unknown = app
        .call(
            "answerTicket",
            json!({ "ticketId": uuid::Uuid::now_v7(), "response": "x", "status": "resolved" }),
            Some(&staff.token),
        )
        .await;
    unknown.error(404);
}

#[actix_web::test]
async fn a_comment_reopens_a_resolved_ticket_and_supports_comment_does_not() {
    let app = app().await;
    let ada = app.create_user("ada@example.com");
    let staff = app.create_user(STAFF);
    let ticket = raise(&app, &ada, "Swap refused").await;
    let id = ticket["id"].clone();
    app.call(
        "answerTicket",
        json!({ "ticketId": id, "response": "Swaps are same role only.", "status": "resolved" }),
        Some(&staff.token),
    )
    .await
    .data();
    let by_staff = app
        .call(
            "addTicketComment",
            json!({ "ticketId": id, "text": "See the help centre." }),
            Some(&staff.token),
        )
        .await;
    assert_eq!(by_staff.data()["status"], "resolved");
    assert_eq!(by_staff.data()["userDescription"][1]["bySupport"], true);
    let reopened = app
        .call(
            "addTicketComment",
            json!({ "ticketId": id, "text": "It is the same role." }),
            Some(&ada.token),
        )
        .await;
    let t = reopened.data();
    assert_eq!(t["status"], "pending");
    let thread: Vec<&str> = t["userDescription"]
        .as_array()
        .expect("thread")
        .iter()
        .map(|d| d["text"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        thread,
        [
            "The board does not load.",
            "See the help centre.",
            "It is the same role."
        ]
    );
    let empty = app
        .call(
            "addTicketComment",
            json!({ "ticketId": id, "text": "  " }),
            Some(&ada.token),
        )
        .await;
    empty.error(400);
    assert_eq!(count(&app, "SELECT 1 FROM ticket_comments"), 3);
}

#[actix_web::test]
async fn feedback_is_rated_from_one_to_five() {
    let app = app().await;
    let ada = app.create_user("ada@example.com");
    for rating in [0, 6, -1] {
        let reply = app
            .call(
                "sendFeedback",
                json!({ "rating": rating, "text": "ok" }),
                Some(&ada.token),
            )
            .await;
        reply.error(400);
        assert_eq!(reply.body["code"], "invalid_rating");
    }
    let reply = app
        .call(
            "sendFeedback",
            json!({ "rating": 2.5, "text": "ok" }),
            Some(&ada.token),
        )
        .await;
    reply.error(400);
    assert_eq!(count(&app, "SELECT 1 FROM feedback"), 0);
    for rating in [1, 5] {
        app.call(
            "sendFeedback",
            json!({ "rating": rating, "text": "Clear and quick." }),
            Some(&ada.token),
        )
        .await
        .data();
    }
    assert_eq!(
        count(
            &app,
            "SELECT 1 FROM feedback WHERE comment = 'Clear and quick.'"
        ),
        2
    );
}

#[actix_web::test]
async fn the_openapi_document_describes_support() {
    let app = app().await;
    let doc = app.get("/api/v1/openapi.json", None).await;
    for p in [
        "/api/v1/tickets",
        "/api/v1/tickets/{ticketId}",
        "/api/v1/createTicket",
        "/api/v1/addTicketComment",
        "/api/v1/answerTicket",
        "/api/v1/sendFeedback",
    ] {
        assert!(doc.body["paths"].get(p).is_some(), "{p} missing");
    }
    assert!(doc.body["components"]["schemas"]
        .get("TicketView")
        .is_some());
}
