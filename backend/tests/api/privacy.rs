//! A person's privacy: who sees their phone number and birthday (a co-worker, a manager,
//! themself; in the lists, the answers and the live changes), the archive of everything held
//! about them, deleting their account (what every table keeps and forgets, the refusals,
//! the sessions and sockets ended), and the profile's own texts.

use crate::fixtures::chat::{send, team};
use crate::fixtures::files::{form, upload_form};
use crate::fixtures::push::{subscribe, Browser, PushService};
use crate::fixtures::scene::{berlin, scene, Scene, HOUR};
use crate::fixtures::stores::{add_member, count, create_store, snapshot};
use crate::fixtures::wait::eventually;
use crate::fixtures::{Reply, TestApp, TestUser};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::rc::Rc;
use std::time::Duration;

const PHONE: &str = "+49 30 1234567";
/// 1990-01-01.
const BIRTHDAY: i64 = 631_152_000_000;
const NO_PERMISSION_UPDATE: &str = "You don't have permission to update employees";
const OWNS_STORE: &str =
    "You own a store, so your account can't be deleted: a store can't be left without its owner.";
const NOT_CONFIRMED: &str = "Type your account's email address to confirm.";
const SIGN_IN_AGAIN: &str = "Please sign in again to make this change.";

/// Ana's record in the scene's store as `who` reads it in the employee list.
async fn ana_as_seen_by(s: &Scene, who: &TestUser) -> Value {
    let list = s
        .app
        .get(
            &format!("/api/v1/stores/{}/employees", s.store),
            Some(&who.token),
        )
        .await;
    list.data()
        .as_array()
        .expect("list")
        .iter()
        .find(|e| e["id"] == s.ana_id.as_str())
        .cloned()
        .expect("Ana is listed")
}

/// What `who` sees of Ana's phone and birthday: `(phone shown, birthday shown)`.
async fn sees(s: &Scene, who: &TestUser) -> (bool, bool) {
    let ana = ana_as_seen_by(s, who).await;
    (ana["phonenumber"] == PHONE, ana["birthday"] == BIRTHDAY)
}

async fn choose(s: &Scene, who: &TestUser, body: Value) -> Reply {
    s.app
        .call("updatePrivacySettings", body, Some(&who.token))
        .await
}

/// Ana puts her phone and birthday on her record.
async fn ana_fills_her_record(s: &Scene) {
    s.call(
        "updateEmployee",
        &s.ana.token,
        json!({ "employeeId": s.ana_id, "employee": { "phonenumber": PHONE, "birthday": BIRTHDAY } }),
    )
    .await
    .data();
}

#[actix_web::test]
async fn a_coworker_a_manager_and_the_person_see_the_phone_and_birthday_as_the_person_chose() {
    let s = scene().await;
    ana_fills_her_record(&s).await;

    // By default: managers and Ana, not her co-workers.
    assert_eq!(sees(&s, &s.ben).await, (false, false), "a co-worker");
    assert_eq!(sees(&s, &s.scheduler).await, (true, true), "a manager");
    assert_eq!(sees(&s, &s.owner).await, (true, true), "the owner");
    assert_eq!(sees(&s, &s.ana).await, (true, true), "herself");
    let me = s.app.get("/api/v1/me", Some(&s.ana.token)).await;
    assert_eq!(
        me.data()["privacy"],
        json!({ "phone": "managers", "birthday": "managers" })
    );

    // Everyone sees the phone; only Ana the birthday.
    let chosen = choose(
        &s,
        &s.ana,
        json!({ "phone": "everyone", "birthday": "onlyMe" }),
    )
    .await;
    assert_eq!(
        chosen.data(),
        &json!({ "phone": "everyone", "birthday": "onlyMe" })
    );
    assert_eq!(sees(&s, &s.ben).await, (true, false));
    assert_eq!(sees(&s, &s.scheduler).await, (true, false));
    assert_eq!(sees(&s, &s.owner).await, (true, false));
    assert_eq!(sees(&s, &s.ana).await, (true, true));

    // A field left out keeps its choice.
    choose(&s, &s.ana, json!({ "phone": "onlyMe" }))
        .await
        .data();
    let me = s.app.get("/api/v1/me", Some(&s.ana.token)).await;
    assert_eq!(
        me.data()["privacy"],
        json!({ "phone": "onlyMe", "birthday": "onlyMe" })
    );
    assert_eq!(sees(&s, &s.ben).await, (false, false));
    assert_eq!(sees(&s, &s.owner).await, (false, false));
    assert_eq!(sees(&s, &s.ana).await, (true, true));
    // Her own store answer has her record in full.
    let own = s
        .app
        .get(&format!("/api/v1/stores/{}", s.store), Some(&s.ana.token))
        .await;
    assert_eq!(own.data()["employee"]["phonenumber"], PHONE);

    // A manager cannot overwrite what is hidden from them; nothing changes.
    let before = snapshot(&s.app);
    for field in [
        json!({ "phonenumber": "+1 555 0100" }),
        json!({ "birthday": 0 }),
    ] {
        let reply = s
            .call(
                "updateEmployee",
                &s.owner.token,
                json!({ "employeeId": s.ana_id, "employee": field }),
            )
            .await;
        assert_eq!(reply.error(403), NO_PERMISSION_UPDATE, "{field}");
    }
    // Nor may a co-worker choose for her, and a made-up audience is refused.
    for body in [
        json!({ "phone": "nobody" }),
        json!({ "phone": "OnlyMe" }),
        json!({ "birthday": 3 }),
    ] {
        let reply = choose(&s, &s.ana, body.clone()).await;
        assert_eq!(reply.status, 400, "{body}: {:?}", reply.body);
    }
    assert_eq!(snapshot(&s.app), before);
    let none = s
        .app
        .call(
            "updatePrivacySettings",
            json!({ "phone": "everyone" }),
            None,
        )
        .await;
    assert_eq!(none.status, 401);

    // A manager's change of a field they see is answered as they see the record.
    choose(
        &s,
        &s.ana,
        json!({ "phone": "managers", "birthday": "onlyMe" }),
    )
    .await
    .data();
    let reply = s
        .call(
            "updateEmployee",
            &s.owner.token,
            json!({ "employeeId": s.ana_id, "employee": { "phonenumber": "+49 30 7654321" } }),
        )
        .await;
    assert_eq!(reply.data()["phonenumber"], "+49 30 7654321");
    assert_eq!(reply.data()["birthday"], Value::Null);
}

#[actix_web::test]
async fn the_phone_and_birthday_of_the_profile_reach_the_record_as_the_privacy_allows() {
    let s = scene().await;
    s.app
        .call(
            "updateProfile",
            json!({ "phoneNumber": PHONE, "birthday": BIRTHDAY }),
            Some(&s.ana.token),
        )
        .await
        .data();
    assert_eq!(sees(&s, &s.ana).await, (true, true), "her record took them");
    assert_eq!(sees(&s, &s.owner).await, (true, true));
    assert_eq!(sees(&s, &s.ben).await, (false, false));
    choose(&s, &s.ana, json!({ "birthday": "everyone" }))
        .await
        .data();
    assert_eq!(sees(&s, &s.ben).await, (false, true));
    // Cleared in the profile, cleared on the record.
    s.app
        .call(
            "updateProfile",
            json!({ "phoneNumber": "" }),
            Some(&s.ana.token),
        )
        .await
        .data();
    assert_eq!(ana_as_seen_by(&s, &s.ana).await["phonenumber"], Value::Null);
}

#[actix_web::test]
async fn a_choice_and_a_profile_made_before_joining_go_with_the_person_into_the_store() {
    let s = scene().await;
    let invited = crate::fixtures::stores::invite(
        &s.app,
        &s.owner.token,
        &s.store,
        "cleo@example.com",
        &[&s.barista],
        &[],
    )
    .await;
    let cleo = s.app.create_user("cleo@example.com");
    choose(
        &s,
        &cleo,
        json!({ "phone": "everyone", "birthday": "onlyMe" }),
    )
    .await
    .data();
    s.app
        .call(
            "updateProfile",
            json!({ "phoneNumber": PHONE, "birthday": BIRTHDAY }),
            Some(&cleo.token),
        )
        .await
        .data();
    let code = crate::fixtures::stores::code_from_mail(&s.app, "cleo@example.com");
    s.app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "cleo@example.com", "code": code }),
            Some(&cleo.token),
        )
        .await
        .data();
    let id = invited.data()["employee"]["id"].as_str().expect("id");
    assert_eq!(
        count(
            &s.app,
            &format!(
                "SELECT 1 FROM employees WHERE id = '{id}' \
                 AND phone_visibility = 'everyone' AND birthday_visibility = 'onlyMe' \
                 AND phone_number = '{PHONE}' AND birthday IS NOT NULL"
            )
        ),
        1
    );
}

/// A Socket.IO client on the WebSocket transport that joins a store and records the
/// `change` events it hears, and whether the server closed it.
struct LiveSocket {
    events: Rc<RefCell<Vec<Value>>>,
    closed: Rc<RefCell<bool>>,
    task: actix_web::rt::task::JoinHandle<()>,
}

impl LiveSocket {
    async fn join(app: &TestApp, token: &str, store: &str) -> LiveSocket {
        use awc::ws::{Frame, Message};
        use futures_util::{SinkExt, StreamExt};
        let url = format!(
            "{}/socket.io/?EIO=4&transport=websocket",
            app.address.replacen("http", "ws", 1)
        );
        let (_, mut ws) = awc::Client::new()
            .ws(url)
            .connect()
            .await
            .expect("websocket");
        for (send, answer) in [
            (None, "0"),
            (Some(format!("40{}", json!({ "token": token }))), "40"),
            (
                Some(format!("420{}", json!(["join", { "storeId": store }]))),
                "430",
            ),
        ] {
            if let Some(packet) = send {
                ws.send(Message::Text(packet.into())).await.expect("send");
            }
            loop {
                let frame = ws.next().await.expect("open").expect("frame");
                if let Frame::Text(t) = frame {
                    if String::from_utf8_lossy(&t).starts_with(answer) {
                        break;
                    }
                }
            }
        }
        let events = Rc::new(RefCell::new(Vec::new()));
        let closed = Rc::new(RefCell::new(false));
        let (heard, ended) = (events.clone(), closed.clone());
        let task = actix_web::rt::spawn(async move {
            while let Some(Ok(frame)) = ws.next().await {
                let text = match frame {
                    Frame::Text(t) => String::from_utf8_lossy(&t).into_owned(),
                    Frame::Close(_) => break,
                    _ => continue,
                };
                if text == "2" {
                    let _ = ws.send(Message::Text("3".into())).await;
                } else if let Some(body) = text.strip_prefix("42") {
                    if let Ok(Value::Array(parts)) = serde_json::from_str::<Value>(body) {
                        if parts[0] == "change" {
                            heard.borrow_mut().push(parts[1].clone());
                        }
                    }
                } else if text.starts_with("41") {
                    break;
                }
            }
            *ended.borrow_mut() = true;
        });
        LiveSocket {
            events,
            closed,
            task,
        }
    }

    /// The records of `employee` carried by the `employee.*` changes heard.
    fn records_of(&self, employee: &str) -> Vec<Value> {
        self.events
            .borrow()
            .iter()
            .filter(|c| {
                c["type"]
                    .as_str()
                    .is_some_and(|t| t.starts_with("employee."))
            })
            .map(|c| c["data"].clone())
            .filter(|d| d["id"] == employee)
            .collect()
    }

    fn closed(&self) -> bool {
        *self.closed.borrow()
    }
}

impl Drop for LiveSocket {
    fn drop(&mut self) {
        self.task.abort();
    }
}

#[actix_web::test]
async fn live_changes_carry_the_phone_only_to_whom_it_is_shown() {
    let s = scene().await;
    let ben = LiveSocket::join(&s.app, &s.ben.token, &s.store).await;
    let sam = LiveSocket::join(&s.app, &s.scheduler.token, &s.store).await;
    let ana = LiveSocket::join(&s.app, &s.ana.token, &s.store).await;
    // Shown to managers (the default): Ana's change of her record reaches Sam and Ana with
    // the number and the birthday; Ben hears nothing of her record.
    ana_fills_her_record(&s).await;
    eventually("Sam and Ana to hear Ana's change", async || {
        !sam.records_of(&s.ana_id).is_empty() && !ana.records_of(&s.ana_id).is_empty()
    })
    .await;
    assert!(sam
        .records_of(&s.ana_id)
        .iter()
        .all(|r| r["phonenumber"] == PHONE));
    assert_eq!(
        ana.records_of(&s.ana_id).last().expect("hers")["birthday"],
        BIRTHDAY
    );
    assert!(ben.records_of(&s.ana_id).is_empty());

    // Shown to everyone: Ben hears the number (and still not the birthday).
    let sam_heard = sam.records_of(&s.ana_id).len();
    choose(&s, &s.ana, json!({ "phone": "everyone" }))
        .await
        .data();
    // Each change is heard before the next, so what follows is told apart.
    eventually("Ben and Sam to hear Ana's record", async || {
        !ben.records_of(&s.ana_id).is_empty() && sam.records_of(&s.ana_id).len() > sam_heard
    })
    .await;
    let heard = ben.records_of(&s.ana_id);
    assert_eq!(heard.last().expect("one")["phonenumber"], PHONE);
    assert!(heard.iter().all(|r| r["birthday"].is_null()));
    assert!(
        heard.iter().all(|r| r.get("wage").is_none()),
        "no pay for a co-worker"
    );

    // Only her: whatever is heard from now on carries neither, to anyone but Ana.
    let (ben_before, sam_before) = (
        ben.records_of(&s.ana_id).len(),
        sam.records_of(&s.ana_id).len(),
    );
    choose(
        &s,
        &s.ana,
        json!({ "phone": "onlyMe", "birthday": "onlyMe" }),
    )
    .await
    .data();
    eventually("Ben and Sam to hear the change", async || {
        ben.records_of(&s.ana_id).len() > ben_before && sam.records_of(&s.ana_id).len() > sam_before
    })
    .await;
    for (who, socket, before) in [("Ben", &ben, ben_before), ("Sam", &sam, sam_before)] {
        for r in &socket.records_of(&s.ana_id)[before..] {
            assert!(r["phonenumber"].is_null(), "{who} heard {r}");
            assert!(r["birthday"].is_null(), "{who} heard {r}");
        }
    }
    // The outbox, which replays to sockets that come back, keeps the change as it was sent.
    assert_eq!(
        count(
            &s.app,
            &format!(
                "SELECT 1 FROM store_events WHERE store_id = '{0}' \
                 AND version = (SELECT max(version) FROM store_events WHERE store_id = '{0}') \
                 AND kind = 'employee.updated' AND user_ids IS NULL AND data->>'id' = '{1}' \
                 AND data->>'phonenumber' IS NULL AND data->>'birthday' IS NULL",
                s.store, s.ana_id
            )
        ),
        1
    );
}

/// A multipart upload of one file of `purpose`.
async fn upload(
    app: &TestApp,
    token: &str,
    purpose: &str,
    store: Option<&str>,
    name: &str,
    bytes: &[u8],
) -> Value {
    let mut fields = vec![("purpose", purpose)];
    if let Some(store) = store {
        fields.push(("storeId", store));
    }
    let reply = upload_form(app, Some(token), form(&fields, Some((name, bytes)))).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.body["data"].clone()
}

/// A small PNG picture.
fn png() -> Vec<u8> {
    let picture =
        image::RgbImage::from_fn(8, 8, |x, y| image::Rgb([x as u8 * 30, y as u8 * 30, 90]));
    let mut out = std::io::Cursor::new(Vec::new());
    picture
        .write_to(&mut out, image::ImageFormat::Png)
        .expect("png");
    out.into_inner()
}

/// The archive as `token`'s person downloads it: `(status, content disposition, document)`.
async fn archive(app: &TestApp, token: Option<&str>) -> (u16, String, Value) {
    let mut req = app.client.get(format!("{}/api/v1/me/archive", app.address));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let mut res = req.send().await.expect("archive");
    let disposition = res
        .headers()
        .get("content-disposition")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let bytes = res.body().limit(16 << 20).await.expect("body");
    (
        res.status().as_u16(),
        disposition,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

fn ids(list: &Value) -> BTreeSet<String> {
    list.as_array()
        .expect("list")
        .iter()
        .map(|x| x["id"].as_str().expect("id").to_string())
        .collect()
}

#[actix_web::test]
async fn the_archive_holds_the_persons_own_data_in_every_store_and_nothing_of_anyone_else() {
    let s = scene().await;
    ana_fills_her_record(&s).await;
    // A second store, of another owner, where Ana works too and Ben does not.
    let other_owner = s.app.create_user("olga@example.com");
    let bakery = create_store(&s.app, &other_owner, "Bakery").await;
    let baker =
        crate::fixtures::stores::create_role(&s.app, &other_owner.token, &bakery, "Baker").await;
    let invited = crate::fixtures::stores::invite(
        &s.app,
        &other_owner.token,
        &bakery,
        "ana@example.com",
        &[&baker],
        &[],
    )
    .await;
    let code = crate::fixtures::stores::code_from_mail(&s.app, "ana@example.com");
    s.app
        .call(
            "joinBusinessWithInvitation",
            json!({ "email": "ana@example.com", "code": code }),
            Some(&s.ana.token),
        )
        .await
        .data();
    let ana_in_bakery = invited.data()["employee"]["id"]
        .as_str()
        .expect("id")
        .to_string();

    // Shifts: Ana's published one, her draft, Ben's.
    let anas = s
        .shift(Some(&s.ana_id), berlin(2, 9, 0), berlin(2, 17, 0))
        .await;
    let bens = s
        .shift(Some(&s.ben_id), berlin(2, 9, 0), berlin(2, 17, 0))
        .await;
    s.publish(&[&anas, &bens]).await.data();
    let draft = s
        .shift(Some(&s.ana_id), berlin(4, 9, 0), berlin(4, 17, 0))
        .await;
    // Requests: hers and his.
    for (who, what) in [(&s.ana, "ana's holiday"), (&s.ben, "ben's holiday")] {
        s.app
            .call(
                "requestTimeOff",
                json!({ "store": s.store, "start": berlin(20, 0, 0), "end": berlin(21, 0, 0), "entireDay": true, "description": what }),
                Some(&who.token),
            )
            .await
            .data();
    }
    // Messages: hers and his, in the team conversation.
    let conversation = team(&s, &s.ana.token).await;
    send(&s, &s.ana.token, &conversation, "ana says hello")
        .await
        .data();
    send(&s, &s.ben.token, &conversation, "ben says hello")
        .await
        .data();
    // Files: her photo and a chat file; his chat file.
    let photo = upload(&s.app, &s.ana.token, "profile", None, "me.png", &png()).await;
    let anas_file = upload(
        &s.app,
        &s.ana.token,
        "chat",
        Some(&s.store),
        "ana.txt",
        b"ana's notes",
    )
    .await;
    let bens_file = upload(
        &s.app,
        &s.ben.token,
        "chat",
        Some(&s.store),
        "ben.txt",
        b"ben's notes",
    )
    .await;
    s.app
        .call(
            "updateProfile",
            json!({ "aboutMe": "Barista, climber." }),
            Some(&s.ana.token),
        )
        .await
        .data();

    let (status, disposition, doc) = archive(&s.app, Some(&s.ana.token)).await;
    assert_eq!(status, 200, "{doc}");
    assert!(
        disposition.starts_with("attachment") && disposition.contains("clockto-archive-"),
        "{disposition}"
    );
    assert_eq!(doc["format"], "clockto-archive");
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["profile"]["email"], "ana@example.com");
    assert_eq!(doc["profile"]["aboutMe"], "Barista, climber.");
    assert!(!doc["sessions"].as_array().expect("sessions").is_empty());
    assert!(
        doc["sessions"].to_string().find("token").is_none(),
        "no token is kept"
    );
    assert_eq!(
        doc["notificationSettings"]["kinds"]
            .as_array()
            .expect("kinds")
            .len(),
        9
    );

    let stores = doc["stores"].as_array().expect("stores");
    assert_eq!(stores.len(), 2, "both of her stores");
    let cafe = stores
        .iter()
        .find(|x| x["store"]["id"] == s.store.as_str())
        .expect("the café");
    assert_eq!(cafe["employee"]["id"], s.ana_id.as_str());
    assert_eq!(cafe["employee"]["phonenumber"], PHONE);
    assert_eq!(cafe["employee"]["birthday"], BIRTHDAY);
    assert_eq!(
        ids(&cafe["shifts"]),
        BTreeSet::from([anas["id"].as_str().expect("id").to_string()]),
        "her announced shift; not her draft {draft}, not Ben's"
    );
    let requests = cafe["requests"].as_array().expect("requests");
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0]["description"], "ana's holiday");
    let sent: Vec<&Value> = cafe["messagesSent"]
        .as_array()
        .expect("messages")
        .iter()
        .collect();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0]["content"], "ana says hello");
    let bakery_part = stores
        .iter()
        .find(|x| x["store"]["id"] == bakery.as_str())
        .expect("the bakery");
    assert_eq!(bakery_part["employee"]["id"], ana_in_bakery.as_str());
    assert_eq!(bakery_part["shifts"], json!([]));

    let files = ids(&doc["files"]);
    assert_eq!(
        files,
        BTreeSet::from([
            photo["id"].as_str().expect("id").to_string(),
            anas_file["id"].as_str().expect("id").to_string()
        ])
    );
    // Each file's link downloads it with her token.
    for f in doc["files"].as_array().expect("files") {
        let url = f["url"].as_str().expect("url");
        let got = s
            .app
            .client
            .get(format!("{}{url}", s.app.address))
            .bearer_auth(&s.ana.token)
            .send()
            .await
            .expect("download");
        assert_eq!(got.status().as_u16(), 200, "{url}");
    }

    // Nothing of anyone else, anywhere in the document.
    let text = doc.to_string();
    for other in [
        "ben@example.com",
        "ben says hello",
        "ben's holiday",
        bens["id"].as_str().expect("id"),
        bens_file["id"].as_str().expect("id"),
        s.ben_id.as_str(),
        "sam@example.com",
        "owner@example.com",
        "olga@example.com",
    ] {
        assert!(!text.contains(other), "the archive holds {other}");
    }

    // Ben's archive is his own, and nobody's without a token.
    let (_, _, his) = archive(&s.app, Some(&s.ben.token)).await;
    assert!(!his.to_string().contains("ana says hello"));
    assert_eq!(his["stores"].as_array().expect("stores").len(), 1);
    assert_eq!(archive(&s.app, None).await.0, 401);

    // The API document describes the file as it comes: the archive itself, no envelope.
    let doc = s.app.get("/api/v1/openapi.json", None).await;
    assert_eq!(
        doc.body["paths"]["/api/v1/me/archive"]["get"]["responses"]["200"]["content"]
            ["application/json"]["schema"]["$ref"],
        "#/components/schemas/Archive"
    );
}

/// The columns that hold a person's own data, and the tables that have one of them.
const PERSONAL_COLUMNS: &[&str] = &[
    "email",
    "phone",
    "phone_number",
    "birthday",
    "user_id",
    "link_user",
    "access_for",
    "full_name",
    "first_name",
    "profile_image",
    "assignee_email",
];

/// Every table with a column of [`PERSONAL_COLUMNS`].
fn tables_with_personal_columns(app: &TestApp) -> BTreeSet<String> {
    #[derive(diesel::QueryableByName)]
    struct Name {
        #[diesel(sql_type = diesel::sql_types::Text)]
        table_name: String,
    }
    use diesel::RunQueryDsl;
    let list = PERSONAL_COLUMNS
        .iter()
        .map(|c| format!("'{c}'"))
        .collect::<Vec<_>>()
        .join(", ");
    diesel::sql_query(format!(
        "SELECT DISTINCT table_name::text AS table_name FROM information_schema.columns \
         WHERE table_schema = current_schema() AND column_name IN ({list})"
    ))
    .load::<Name>(&mut app.conn())
    .expect("columns")
    .into_iter()
    .map(|n| n.table_name)
    .collect()
}

async fn delete_account(app: &TestApp, token: &str, confirmation: &str) -> Reply {
    app.call(
        "deleteAccount",
        json!({ "confirmation": confirmation }),
        Some(token),
    )
    .await
}

async fn sign_in(app: &TestApp, email: &str) -> String {
    app.call(
        "login",
        json!({ "email": email, "password": "password123" }),
        None,
    )
    .await
    .data()["token"]
        .as_str()
        .expect("token")
        .to_string()
}

#[actix_web::test]
async fn deleting_an_account_forgets_the_person_in_every_table_and_keeps_the_work() {
    let s = scene().await;
    let app = &s.app;
    ana_fills_her_record(&s).await;
    app.call(
        "updateProfile",
        json!({ "phoneNumber": PHONE, "birthday": BIRTHDAY, "description": "Latte art", "aboutMe": "Climber." }),
        Some(&s.ana.token),
    )
    .await
    .data();
    let photo = upload(app, &s.ana.token, "profile", None, "me.png", &png()).await;
    app.call(
        "updateProfile",
        json!({ "profile": photo["url"] }),
        Some(&s.ana.token),
    )
    .await
    .data();
    let chat_file = upload(
        app,
        &s.ana.token,
        "chat",
        Some(&s.store),
        "notes.txt",
        b"notes",
    )
    .await;
    app.call(
        "updateNotificationSettings",
        json!({ "kinds": { "newshift": { "mail": false, "push": true } } }),
        Some(&s.ana.token),
    )
    .await
    .data();
    let push = PushService::start();
    subscribe(&s, &s.ana.token, &Browser::new(), &push.endpoint("ana")).await;
    // Her work: a shift she worked (kept for pay) and one to come (released).
    let worked = s
        .create(
            &s.scheduler.token,
            json!({ "assigned": s.ana_id, "start": berlin(-2, 9, 0), "end": berlin(-2, 9, 0) + 8 * HOUR }),
        )
        .await
        .data()["shifts"][0]
        .clone();
    let upcoming = s
        .shift(Some(&s.ana_id), berlin(3, 9, 0), berlin(3, 17, 0))
        .await;
    s.publish(&[&upcoming]).await.data();
    let conversation = team(&s, &s.ana.token).await;
    send(&s, &s.ana.token, &conversation, "see you tomorrow")
        .await
        .data();
    // A code and a Google link of hers; a failed sign-in with her address.
    app.call(
        "sendSignInCode",
        json!({ "email": "ana@example.com" }),
        None,
    )
    .await
    .data();
    eventually("the sign-in code to be kept", async || {
        count(
            app,
            &format!(
                "SELECT 1 FROM one_time_codes WHERE user_id = '{}'",
                s.ana.id
            ),
        ) > 0
    })
    .await;
    {
        use diesel::RunQueryDsl;
        diesel::sql_query(format!(
            "INSERT INTO oidc_identities (issuer, subject, user_id, email) \
             VALUES ('https://accounts.google.com', 'ana-sub', '{0}', 'ana@gmail.example'); \
             ",
            s.ana.id
        ))
        .execute(&mut app.conn())
        .expect("identity");
        diesel::sql_query(format!(
            "INSERT INTO oidc_handoffs (code_hash, kind, user_id, issuer, subject, email, expires_at) \
             VALUES ('h', 'session', '{}', 'https://accounts.google.com', 'ana-sub', 'ana@gmail.example', now() + interval '2 minutes')",
            s.ana.id
        ))
        .execute(&mut app.conn())
        .expect("handoff");
    }
    let wrong = app
        .call(
            "login",
            json!({ "email": "ana@example.com", "password": "wrong-one1" }),
            None,
        )
        .await;
    assert_eq!(wrong.status, 401);
    // A second session of hers, and her live socket.
    let second = sign_in(app, "ana@example.com").await;
    let socket = LiveSocket::join(app, &second, &s.store).await;

    // Refusals, which change nothing.
    let before = snapshot(app);
    let owner = delete_account(app, &s.owner.token, "owner@example.com").await;
    assert_eq!(owner.error(400), OWNS_STORE);
    for typed in ["", "ana", "ben@example.com"] {
        let reply = delete_account(app, &s.ana.token, typed).await;
        assert_eq!(reply.status, 400, "{typed}");
        if !typed.is_empty() {
            assert_eq!(reply.error(400), NOT_CONFIRMED);
        }
    }
    app.clock.advance(Duration::from_secs(13 * 3600));
    let stale = delete_account(app, &s.ana.token, "ana@example.com").await;
    assert_eq!(stale.error(403), SIGN_IN_AGAIN);
    assert_eq!(stale.body["code"], "sign_in_again");
    assert_eq!(snapshot(app), before);
    assert_eq!(
        count(
            app,
            &format!(
                "SELECT 1 FROM users WHERE id = '{}' AND deleted_at IS NULL",
                s.ana.id
            )
        ),
        1
    );

    // From a fresh sign-in, typed as she likes.
    let fresh = sign_in(app, "ana@example.com").await;
    let deleted = delete_account(app, &fresh, " ANA@example.com ").await;
    assert_eq!(deleted.data(), &json!(true));

    // Every session ended: her tokens are refused, her socket closed.
    for token in [&s.ana.token, &second, &fresh] {
        eventually("the token to be refused", async || {
            app.get("/api/v1/me", Some(token)).await.status == 401
        })
        .await;
    }
    eventually("her socket to be closed", async || socket.closed()).await;
    let ana = &s.ana.id;
    let record = &s.ana_id;

    // Each table that holds personal data, and what must be left of her there.
    let forgotten: &[(&str, String)] = &[
        ("users", format!(
            "SELECT 1 FROM users WHERE id = '{ana}' AND (email ILIKE '%ana@example.com%' OR password_hash IS NOT NULL \
             OR first_name <> '' OR last_name <> '' OR profile_image IS NOT NULL OR phone_number IS NOT NULL \
             OR birthday IS NOT NULL OR description IS NOT NULL OR about_me IS NOT NULL OR deleted_at IS NULL)")),
        ("employees", format!(
            "SELECT 1 FROM employees WHERE user_id = '{ana}' AND (email ILIKE '%ana%' OR full_name ILIKE '%ana%' \
             OR display_name IS NOT NULL OR phone_number IS NOT NULL OR birthday IS NOT NULL OR img IS NOT NULL \
             OR display_img IS NOT NULL OR terminated_at IS NULL)")),
        ("invites", format!("SELECT 1 FROM invites WHERE employee_id = '{record}' OR email ILIKE 'ana@%' OR user_id = '{ana}'")),
        ("shifts", "SELECT 1 FROM shifts WHERE assignee_email ILIKE 'ana@%'".to_string()),
        ("sessions", format!("SELECT 1 FROM sessions WHERE user_id = '{ana}' AND ended_at IS NULL")),
        ("one_time_codes", format!("SELECT 1 FROM one_time_codes WHERE user_id = '{ana}'")),
        ("oidc_identities", format!("SELECT 1 FROM oidc_identities WHERE user_id = '{ana}'")),
        ("oidc_handoffs", format!("SELECT 1 FROM oidc_handoffs WHERE user_id = '{ana}'")),
        ("oidc_flows", format!("SELECT 1 FROM oidc_flows WHERE link_user = '{ana}'")),
        ("notification_settings", format!("SELECT 1 FROM notification_settings WHERE user_id = '{ana}'")),
        ("push_subscriptions", format!("SELECT 1 FROM push_subscriptions WHERE user_id = '{ana}'")),
        ("notifications", format!("SELECT 1 FROM notifications WHERE access_for = '{ana}'")),
        ("files", format!("SELECT 1 FROM files WHERE user_id = '{ana}' AND purpose = 'profile'")),
        ("login_failures", "SELECT 1 FROM login_failures WHERE key ILIKE 'ana@%'".to_string()),
        ("blog_comments", format!("SELECT 1 FROM blog_comments WHERE user_id = '{ana}'")),
    ];
    for (table, sql) in forgotten {
        assert_eq!(count(app, sql), 0, "{table} still holds her: {sql}");
    }
    // What is kept, on purpose: the work and its history, naming the anonymous record.
    let kept: &[(&str, &str)] = &[
        ("clock_sessions", "the hours worked (payroll)"),
        ("requests", "time off taken and shifts dropped (history)"),
        (
            "files",
            "files sent in chats, which the conversations still show",
        ),
        ("tickets", "support's record of its answers"),
        ("feedback", "anonymous once the account is"),
        ("logs", "the audit of refused calls"),
        ("conversation_reads", "read marks"),
    ];
    assert_eq!(
        count(
            app,
            &format!(
                "SELECT 1 FROM shifts WHERE id = '{}' AND assigned = '{record}'",
                worked["id"].as_str().expect("id")
            )
        ),
        1,
        "the shift she worked stays hers, for pay"
    );
    assert_eq!(
        count(
            app,
            &format!(
                "SELECT 1 FROM shifts WHERE id = '{}' AND assigned IS NULL",
                upcoming["id"].as_str().expect("id")
            )
        ),
        1,
        "the shift to come is released"
    );
    assert_eq!(
        count(
            app,
            &format!(
                "SELECT 1 FROM messages WHERE sender = '{record}' AND content = 'see you tomorrow'"
            )
        ),
        1,
        "her message stays in the conversation"
    );
    assert_eq!(
        count(
            app,
            &format!(
                "SELECT 1 FROM files WHERE id = '{}'",
                chat_file["id"].as_str().expect("id")
            )
        ),
        1
    );
    // Every table with a personal column is either checked above or kept for a reason.
    let covered: BTreeSet<String> = forgotten
        .iter()
        .map(|(t, _)| t.to_string())
        .chain(kept.iter().map(|(t, _)| t.to_string()))
        .chain(
            // Other people's data, never an account's: booking clients, demo visitors, mails
            // to clients.
            ["booking_clients", "demo_requests", "booking_mails"].map(String::from),
        )
        .collect();
    let missing: Vec<String> = tables_with_personal_columns(app)
        .into_iter()
        .filter(|t| !covered.contains(t))
        .collect();
    assert_eq!(missing, Vec::<String>::new(), "tables no one decided about");

    // Managers see an anonymous former employee; her address is free again.
    let list = app
        .get(
            &format!("/api/v1/stores/{}/employees", s.store),
            Some(&s.owner.token),
        )
        .await;
    let hers = list
        .data()
        .as_array()
        .expect("list")
        .iter()
        .find(|e| e["id"] == record.as_str())
        .cloned();
    assert!(
        hers.is_none(),
        "a terminated record leaves the current list"
    );
    assert_eq!(
        count(app, &format!("SELECT 1 FROM employees WHERE id = '{record}' AND full_name LIKE 'Deleted user %' AND deactive")),
        1
    );
    let exists = app
        .call(
            "checkEmailExists",
            json!({ "email": "ana@example.com" }),
            None,
        )
        .await;
    assert_ne!(exists.data(), &json!("password"));
    let again = app
        .call(
            "signup",
            json!({ "email": "ana@example.com", "password": "password123", "firstName": "Ana", "lastName": "New" }),
            None,
        )
        .await;
    assert_eq!(again.status, 200, "{:?}", again.body);
    drop(push);

    // Even a code mailed to the emptied account's own address opens no session.
    let anonymous = format!("{}@deleted.invalid", ana.0.simple());
    app.call("sendSignInCode", json!({ "email": anonymous }), None)
        .await
        .data();
    eventually("the code to be mailed", async || {
        !app.mails_to(&anonymous).is_empty()
    })
    .await;
    let raw = app.mails_to(&anonymous).remove(0);
    let message = mail_parser::MessageParser::default()
        .parse(raw.as_bytes())
        .expect("a mail");
    let body = message.body_text(0).expect("a text body").to_string();
    let first = body.lines().next().expect("a first line").to_string();
    let code = first.rsplit(' ').next().expect("a code").to_string();
    let refused = app
        .call(
            "signInWithCode",
            json!({ "email": anonymous, "code": code }),
            None,
        )
        .await;
    assert_eq!(refused.status, 401, "{:?}", refused.body);
}

#[actix_web::test]
async fn a_person_who_owns_a_store_and_works_in_another_is_refused_and_keeps_everything() {
    let s = scene().await;
    // Ana founds her own store: she may not delete her account while she owns it.
    let own = create_store(&s.app, &s.ana, "Ana's kiosk").await;
    let before = snapshot(&s.app);
    let reply = delete_account(&s.app, &s.ana.token, "ana@example.com").await;
    assert_eq!(reply.error(400), OWNS_STORE);
    assert_eq!(reply.body["code"], "owns_store");
    assert_eq!(snapshot(&s.app), before);
    assert_eq!(
        s.app.get("/api/v1/me", Some(&s.ana.token)).await.status,
        200
    );
    assert!(!own.is_empty());
    // A member of several stores loses her records in each.
    let (cleo, _) = add_member(
        &s.app,
        &s.owner,
        &s.store,
        "cleo@example.com",
        &[&s.barista],
        &[],
    )
    .await;
    let other = s.app.create_user("olga@example.com");
    let bakery = create_store(&s.app, &other, "Bakery").await;
    let baker = crate::fixtures::stores::create_role(&s.app, &other.token, &bakery, "Baker").await;
    add_member_existing(&s.app, &other, &bakery, &cleo, &[&baker]).await;
    delete_account(&s.app, &cleo.token, "cleo@example.com")
        .await
        .data();
    assert_eq!(
        count(&s.app, &format!("SELECT 1 FROM employees WHERE user_id = '{}' AND terminated_at IS NOT NULL AND email LIKE '%@deleted.invalid'", cleo.id)),
        2
    );
}

/// Invites an existing user into a store and joins them.
async fn add_member_existing(
    app: &TestApp,
    manager: &TestUser,
    store: &str,
    who: &TestUser,
    roles: &[&str],
) {
    crate::fixtures::stores::invite(app, &manager.token, store, &who.email, roles, &[]).await;
    let code = crate::fixtures::stores::code_from_mail(app, &who.email);
    app.call(
        "joinBusinessWithInvitation",
        json!({ "email": who.email, "code": code }),
        Some(&who.token),
    )
    .await
    .data();
}

#[actix_web::test]
async fn the_profile_takes_a_description_and_about_me_within_their_lengths() {
    let s = scene().await;
    let app = &s.app;
    let token = &s.ana.token;
    let saved = app
        .call(
            "updateProfile",
            json!({ "description": "  Head barista  ", "aboutMe": "Latte art.\nClimbing on Sundays." }),
            Some(token),
        )
        .await;
    assert_eq!(saved.data()["description"], "Head barista");
    assert_eq!(saved.data()["aboutMe"], "Latte art.\nClimbing on Sundays.");
    let me = app.get("/api/v1/me", Some(token)).await;
    assert_eq!(me.data()["description"], "Head barista");
    assert_eq!(me.data()["linkedAccounts"], json!([]));
    assert_eq!(me.data()["hasPassword"], true);
    assert_eq!(me.data()["signInMethod"], "Email");

    // At the limits: 160 and 2000 characters (counted as characters, not bytes).
    let at_limit = app
        .call(
            "updateProfile",
            json!({ "description": "é".repeat(160), "aboutMe": "ü".repeat(2000) }),
            Some(token),
        )
        .await;
    assert_eq!(at_limit.status, 200, "{:?}", at_limit.body);
    let before = snapshot(app);
    let user_before = count(
        app,
        &format!(
            "SELECT 1 FROM users WHERE id = '{}' AND description = '{}'",
            s.ana.id,
            "é".repeat(160)
        ),
    );
    assert_eq!(user_before, 1);
    for (body, said) in [
        (
            json!({ "description": "x".repeat(161) }),
            "description must be at most 160 characters.",
        ),
        (
            json!({ "aboutMe": "x".repeat(2001) }),
            "aboutMe must be at most 2000 characters.",
        ),
        (
            json!({ "description": "fine", "aboutMe": "x".repeat(2001) }),
            "aboutMe must be at most 2000 characters.",
        ),
    ] {
        let reply = app.call("updateProfile", body, Some(token)).await;
        assert_eq!(reply.error(400), said);
    }
    assert_eq!(snapshot(app), before);
    assert_eq!(
        count(
            app,
            &format!(
                "SELECT 1 FROM users WHERE id = '{}' AND description = '{}'",
                s.ana.id,
                "é".repeat(160)
            )
        ),
        1,
        "a refused change changes nothing"
    );
    // Blank clears.
    let cleared = app
        .call(
            "updateProfile",
            json!({ "description": " ", "aboutMe": "" }),
            Some(token),
        )
        .await;
    assert_eq!(cleared.data()["description"], Value::Null);
    assert_eq!(cleared.data()["aboutMe"], Value::Null);

    // The last sign-in is shown to the person.
    let token2 = sign_in(app, "ana@example.com").await;
    let me = app.get("/api/v1/me", Some(&token2)).await;
    let last = me.data()["lastLogin"].as_i64().expect("last sign-in");
    assert!((last - app.clock.now().timestamp_millis()).abs() < 60_000);
}
