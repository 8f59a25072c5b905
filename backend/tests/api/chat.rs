//! Chat: the team conversation, direct and group ones, who reads them, the dropped-shift
//! message, and the upload form's document. Messages and reads are in [`messages`], polls and
//! open questions in [`surveys`].

mod messages;
mod surveys;

use crate::fixtures::chat::{chat, conversations, history, send, team};
use crate::fixtures::scene::{berlin, scene};
use crate::fixtures::stores::create_store;
use serde_json::json;

#[actix_web::test]
async fn direct_and_group_conversations_are_read_by_their_members_only() {
    let s = scene().await;
    let employees = s
        .app
        .get(
            &format!("/api/v1/stores/{}/employees", s.store),
            Some(&s.owner.token),
        )
        .await;
    let sam_id = employees
        .data()
        .as_array()
        .expect("employees")
        .iter()
        .find(|e| e["email"] == "sam@example.com")
        .map(|e| e["id"].clone())
        .expect("sam");
    let direct = chat(
        &s,
        "createConversation",
        &s.ana.token,
        json!({ "kind": "direct", "members": [s.ben_id] }),
    )
    .await;
    let direct = direct.data().clone();
    assert_eq!(direct["kind"], "direct");
    // Asking again answers the same conversation.
    let again = chat(
        &s,
        "createConversation",
        &s.ben.token,
        json!({ "kind": "direct", "members": [s.ana_id] }),
    )
    .await;
    assert_eq!(again.data()["id"], direct["id"]);
    send(&s, &s.ana.token, &direct, "just us").await.data();
    // Sam (a manager, not a member) neither lists nor reads nor writes it.
    assert!(conversations(&s, &s.scheduler.token)
        .await
        .iter()
        .all(|c| c["id"] != direct["id"]));
    assert_eq!(
        history(&s, &s.scheduler.token, &direct, "")
            .await
            .error(404),
        "Conversation not found."
    );
    assert_eq!(
        send(&s, &s.scheduler.token, &direct, "hi").await.error(404),
        "Conversation not found."
    );
    assert_eq!(
        chat(
            &s,
            "createConversation",
            &s.ana.token,
            json!({ "kind": "direct", "members": [s.ana_id] })
        )
        .await
        .error(400),
        "A direct conversation is with exactly one colleague."
    );
    assert_eq!(
        chat(
            &s,
            "createConversation",
            &s.ana.token,
            json!({ "kind": "group", "members": [s.ben_id] })
        )
        .await
        .error(400),
        "A group needs at least two colleagues."
    );
    // Announcements: only managers make them and post in them.
    assert_eq!(
        chat(
            &s,
            "createConversation",
            &s.ana.token,
            json!({ "kind": "group", "members": [s.ben_id, sam_id], "announcement": true })
        )
        .await
        .error(403),
        "Only managers start announcement conversations."
    );
    let news = chat(
        &s,
        "createConversation",
        &s.scheduler.token,
        json!({ "kind": "group", "members": [s.ana_id, s.ben_id], "title": "News", "announcement": true }),
    )
    .await
    .data()
    .clone();
    assert_eq!(
        send(&s, &s.ana.token, &news, "me too").await.error(403),
        "Only managers post in this conversation."
    );
    send(&s, &s.scheduler.token, &news, "Inventory on Monday")
        .await
        .data();
}

#[actix_web::test]
async fn another_stores_members_and_former_members_read_nothing() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    send(&s, &s.ana.token, &team_conv, "team only").await.data();
    let stranger = s.app.create_user("stranger@example.com");
    let theirs = create_store(&s.app, &stranger, "Elsewhere").await;
    let r = s
        .app
        .get(
            &format!("/api/v1/stores/{}/conversations", s.store),
            Some(&stranger.token),
        )
        .await;
    assert_eq!(r.status, 403);
    // This store's conversation named on their own store: not found there.
    let r = s
        .app
        .call(
            "sendMessage",
            json!({ "store": theirs, "conversationId": team_conv["id"], "content": "hi" }),
            Some(&stranger.token),
        )
        .await;
    assert_eq!(r.error(404), "Conversation not found.");
    let r = s
        .app
        .get(
            &format!(
                "/api/v1/stores/{theirs}/conversations/{}/messages",
                team_conv["id"].as_str().expect("id")
            ),
            Some(&stranger.token),
        )
        .await;
    assert_eq!(r.error(404), "Conversation not found.");
    // Ben is deactivated: he loses access at once.
    s.app
        .call(
            "deactivateEmployee",
            json!({ "store": s.store, "employeeId": s.ben_id }),
            Some(&s.owner.token),
        )
        .await
        .data();
    assert_eq!(history(&s, &s.ben.token, &team_conv, "").await.status, 403);
    assert_eq!(
        send(&s, &s.ben.token, &team_conv, "still here?")
            .await
            .status,
        403
    );
}

#[actix_web::test]
async fn a_dropped_shift_is_posted_to_the_team() {
    let s = scene().await;
    let shift = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    s.publish(&[&shift]).await.data();
    let dropped = s
        .app
        .call(
            "dropShift",
            json!({ "store": s.store, "shift": shift["id"] }),
            Some(&s.ana.token),
        )
        .await;
    let request = dropped.data()["request"]["id"].clone();
    let team_conv = team(&s, &s.ben.token).await;
    let page = history(&s, &s.ben.token, &team_conv, "").await;
    let last = page
        .data()
        .as_array()
        .expect("page")
        .last()
        .cloned()
        .expect("a message");
    assert_eq!(last["type"], "dropshift");
    assert!(last["sender"].is_null());
    assert_eq!(last["action"]["dropRequest"], request);
    assert_eq!(last["action"]["shift"], shift["id"]);
}

#[actix_web::test]
async fn the_upload_forms_document_names_the_store_field_the_server_reads() {
    let app = crate::fixtures::spawn_app().await;
    let doc = app.get("/api/v1/openapi.json", None).await.body;
    let form = &doc["components"]["schemas"]["UploadForm"]["properties"];
    assert!(form["storeId"].is_object(), "UploadForm: {form}");
    assert!(form.get("store_id").is_none(), "UploadForm: {form}");
    // The form's other fields, as the server reads them (`storeId` is what the file tests
    // send).
    assert!(form["file"].is_object() && form["purpose"].is_object());
}
