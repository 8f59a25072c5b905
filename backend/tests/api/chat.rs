//! Chat: the team conversation, direct and group ones, messages with a gap-free sequence (also
//! under racing senders on two nodes), history pages, edits and deletions, reads and unread
//! counts, announcement-only conversations, the dropped-shift message, and who reads nothing.

use crate::helpers::Reply;
use crate::shifts::{berlin, scene, Scene};
use crate::stores::create_store;
use serde_json::{json, Value};

async fn chat(s: &Scene, call: &str, token: &str, body: Value) -> Reply {
    let mut body = body;
    body["store"] = json!(s.store);
    s.app.call(call, body, Some(token)).await
}

async fn conversations(s: &Scene, token: &str) -> Vec<Value> {
    s.app
        .get(
            &format!("/api/v1/stores/{}/conversations", s.store),
            Some(token),
        )
        .await
        .data()
        .as_array()
        .expect("list")
        .clone()
}

/// The store's team conversation, as `token`'s holder lists it.
pub async fn team(s: &Scene, token: &str) -> Value {
    conversations(s, token)
        .await
        .into_iter()
        .find(|c| c["kind"] == "team")
        .expect("team conversation")
}

async fn history(s: &Scene, token: &str, conversation: &Value, query: &str) -> Reply {
    s.app
        .get(
            &format!(
                "/api/v1/stores/{}/conversations/{}/messages?{query}",
                s.store,
                conversation["id"].as_str().expect("id")
            ),
            Some(token),
        )
        .await
}

async fn send(s: &Scene, token: &str, conversation: &Value, text: &str) -> Reply {
    chat(
        s,
        "sendMessage",
        token,
        json!({ "conversationId": conversation["id"], "content": text }),
    )
    .await
}

#[actix_web::test]
async fn the_team_talks_in_its_conversation_with_a_gap_free_sequence() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    assert_eq!(team_conv["unread"], 0);
    assert_eq!(
        send(&s, &s.ana.token, &team_conv, "  \n ").await.error(400),
        "Empty messages are not sent."
    );
    let mut sent = Vec::new();
    for i in 1..=25 {
        let who = if i % 2 == 0 {
            &s.ben.token
        } else {
            &s.ana.token
        };
        let m = send(&s, who, &team_conv, &format!("message {i}")).await;
        assert_eq!(m.data()["seq"], i);
        sent.push(m.data()["id"].clone());
    }
    // Ana edits her first message and deletes her third, both older than the first page.
    let edited = chat(
        &s,
        "editMessage",
        &s.ana.token,
        json!({ "messageId": sent[0], "content": "message 1, corrected" }),
    )
    .await;
    assert_eq!(edited.status, 200);
    let deleted = chat(
        &s,
        "deleteMessage",
        &s.ana.token,
        json!({ "messageId": sent[2] }),
    )
    .await;
    assert_eq!(deleted.status, 200);
    // Sending marks one's own reading: Ben, whose last was 24, has one unread. History gives
    // the 20 newest, then the 5 before.
    let bens = team(&s, &s.ben.token).await;
    assert_eq!(bens["lastSeq"], 25);
    assert_eq!(bens["unread"], 1);
    let page = history(&s, &s.ben.token, &team_conv, "").await;
    let seqs: Vec<i64> = page
        .data()
        .as_array()
        .expect("page")
        .iter()
        .map(|m| m["seq"].as_i64().expect("seq"))
        .collect();
    assert_eq!(seqs, (6..=25).collect::<Vec<_>>());
    // Beside the first page come the newest modified messages older than it, newest change
    // first (the spec's "20 newest plus 10 newest modified").
    let modified: Vec<(i64, bool)> = page.body["modified"]
        .as_array()
        .expect("modified")
        .iter()
        .map(|m| (m["seq"].as_i64().expect("seq"), m["deleted"] == true))
        .collect();
    assert_eq!(modified, vec![(3, true), (1, false)]);
    let older = history(&s, &s.ben.token, &team_conv, "before=6").await;
    assert_eq!(older.data().as_array().expect("page").len(), 5);
    assert_eq!(older.body["modified"], json!([]));
    // A client catching up asks for what came after its last number.
    let missed = history(&s, &s.ben.token, &team_conv, "after=22").await;
    let seqs: Vec<i64> = missed
        .data()
        .as_array()
        .expect("page")
        .iter()
        .map(|m| m["seq"].as_i64().expect("seq"))
        .collect();
    assert_eq!(seqs, vec![23, 24, 25]);

    // Reads: Ben marks it seen; the reads show who saw how far.
    let seen = chat(
        &s,
        "markConversationSeen",
        &s.ben.token,
        json!({ "conversationId": team_conv["id"], "seq": 25 }),
    )
    .await;
    assert_eq!(seen.data()["unread"], 0);
    let reads = s
        .app
        .get(
            &format!(
                "/api/v1/stores/{}/conversations/{}/reads",
                s.store,
                team_conv["id"].as_str().expect("id")
            ),
            Some(&s.ana.token),
        )
        .await;
    let ben_read = reads
        .data()
        .as_array()
        .expect("reads")
        .iter()
        .find(|r| r["employee"] == json!(s.ben_id))
        .cloned();
    assert_eq!(ben_read.map(|r| r["seq"].clone()), Some(json!(25)));
}

#[actix_web::test]
async fn senders_edit_their_messages_and_managers_delete_any() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    let m = send(&s, &s.ana.token, &team_conv, "see you at 9")
        .await
        .data()
        .clone();
    let edit = |token: String, text: &'static str| {
        let s = &s;
        let id = m["id"].clone();
        async move {
            chat(
                s,
                "editMessage",
                &token,
                json!({ "messageId": id, "content": text }),
            )
            .await
        }
    };
    assert_eq!(
        edit(s.ben.token.clone(), "hacked").await.error(403),
        "Only its sender can change a message."
    );
    let edited = edit(s.ana.token.clone(), "see you at 10").await;
    assert_eq!(edited.data()["content"], "see you at 10");
    assert_eq!(edited.data()["modified"], true);
    let delete = |token: String| {
        let s = &s;
        let id = m["id"].clone();
        async move { chat(s, "deleteMessage", &token, json!({ "messageId": id })).await }
    };
    assert_eq!(delete(s.ben.token.clone()).await.status, 403);
    let deleted = delete(s.scheduler.token.clone()).await;
    assert_eq!(deleted.data()["deleted"], true);
    assert_eq!(deleted.data()["content"], "");
    assert_eq!(
        edit(s.ana.token.clone(), "again").await.error(409),
        "This message was deleted."
    );
    // Replies name a message of the conversation.
    let r = chat(&s, "sendMessage", &s.ben.token, json!({ "conversationId": team_conv["id"], "content": "ok", "replyTo": uuid::Uuid::now_v7() })).await;
    assert_eq!(r.error(404), "Message not found.");
    let reply = chat(
        &s,
        "sendMessage",
        &s.ben.token,
        json!({ "conversationId": team_conv["id"], "content": "ok", "replyTo": m["id"] }),
    )
    .await;
    assert_eq!(reply.data()["replyTo"], m["id"]);
}

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
async fn twenty_racing_senders_on_two_nodes_get_twenty_consecutive_numbers() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    let peer = s.app.spawn_peer().await;
    let sends = (0..20).map(|i| {
        let node = if i % 2 == 0 { &s.app } else { &peer };
        let token = if i % 3 == 0 { s.ben.token.clone() } else { s.ana.token.clone() };
        let body = json!({ "store": s.store, "conversationId": team_conv["id"], "content": format!("race {i}") });
        async move { node.call("sendMessage", body, Some(&token)).await }
    });
    let replies = futures_util::future::join_all(sends).await;
    let mut seqs: Vec<i64> = replies
        .iter()
        .map(|r| r.data()["seq"].as_i64().expect("seq"))
        .collect();
    seqs.sort_unstable();
    assert_eq!(seqs, (1..=20).collect::<Vec<_>>());
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
async fn search_finds_words_in_the_conversations_a_member_reads() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    send(
        &s,
        &s.ana.token,
        &team_conv,
        "The espresso machine is broken",
    )
    .await
    .data();
    let gone = send(&s, &s.ana.token, &team_conv, "espresso beans arrived")
        .await
        .data()
        .clone();
    chat(
        &s,
        "deleteMessage",
        &s.ana.token,
        json!({ "messageId": gone["id"] }),
    )
    .await
    .data();
    let direct = chat(
        &s,
        "createConversation",
        &s.ana.token,
        json!({ "kind": "direct", "members": [s.ben_id] }),
    )
    .await
    .data()
    .clone();
    send(&s, &s.ana.token, &direct, "secret espresso recipe")
        .await
        .data();
    let search = |token: String, q: &'static str| {
        let s = &s;
        async move {
            s.app
                .get(
                    &format!("/api/v1/stores/{}/messages/search?q={q}", s.store),
                    Some(&token),
                )
                .await
        }
    };
    let texts = |r: Reply| -> Vec<String> {
        r.data()
            .as_array()
            .expect("list")
            .iter()
            .map(|m| m["content"].as_str().expect("text").to_string())
            .collect()
    };
    // Ben reads both conversations; Sam only the team's; deleted messages never match.
    assert_eq!(
        texts(search(s.ben.token.clone(), "espresso").await),
        vec!["secret espresso recipe", "The espresso machine is broken"]
    );
    assert_eq!(
        texts(search(s.scheduler.token.clone(), "espresso").await),
        vec!["The espresso machine is broken"]
    );
    assert_eq!(
        texts(search(s.ben.token.clone(), "machine%20broken").await),
        vec!["The espresso machine is broken"]
    );
    assert_eq!(search(s.ben.token.clone(), "%20").await.status, 400);
}

#[actix_web::test]
async fn managers_post_polls_members_vote_once_and_results_are_percentages() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    let create = |token: String, body: Value| {
        let s = &s;
        let mut body = body;
        body["conversationId"] = team_conv["id"].clone();
        async move { chat(s, "createSurvey", &token, body).await }
    };
    let poll = json!({ "question": "Summer rota?", "mode": "poll", "answers": ["Early", "Late", "Either"] });
    assert_eq!(create(s.ana.token.clone(), poll.clone()).await.status, 403);
    assert_eq!(
        create(
            s.scheduler.token.clone(),
            json!({ "question": "Q?", "mode": "poll", "answers": ["Only"] })
        )
        .await
        .error(400),
        "A poll offers at least two different answers."
    );
    let posted = create(s.scheduler.token.clone(), poll).await;
    let survey = posted.data()["survey"].clone();
    assert_eq!(posted.data()["message"]["type"], "survey");
    assert_eq!(posted.data()["message"]["action"]["survey"], survey["id"]);
    // Five words at 0.4 s.
    assert_eq!(survey["estimatedSeconds"], 2.0);

    let vote = |token: String, choices: Value| {
        let s = &s;
        let id = survey["id"].clone();
        async move {
            chat(
                s,
                "vote",
                &token,
                json!({ "surveyId": id, "choices": choices }),
            )
            .await
        }
    };
    assert_eq!(vote(s.ana.token.clone(), json!([0, 1])).await.status, 400);
    assert_eq!(
        vote(s.ana.token.clone(), json!([1])).await.data()["results"],
        json!([0.0, 100.0, 0.0])
    );
    assert_eq!(
        vote(s.ana.token.clone(), json!([0])).await.error(409),
        "Couldn't Vote, Either Because You've already participated, or you are not allowed to vote!"
    );
    vote(s.ben.token.clone(), json!([0])).await.data();
    let after = vote(s.scheduler.token.clone(), json!([1])).await;
    assert_eq!(after.data()["results"], json!([33.33, 66.67, 0.0]));
    assert_eq!(after.data()["participants"], 3);
    assert_eq!(after.data()["voters"].as_array().map(Vec::len), Some(3));

    // An anonymous open question hides who answered; a non-reader may not vote.
    let open = create(
        s.scheduler.token.clone(),
        json!({ "question": "Ideas for the terrace?", "mode": "explanational", "isAnonymous": true }),
    )
    .await;
    let open_id = open.data()["survey"]["id"].clone();
    let answered = chat(
        &s,
        "vote",
        &s.ana.token,
        json!({ "surveyId": open_id, "answer": "More plants" }),
    )
    .await;
    assert!(answered.data()["voters"].is_null());
    assert_eq!(
        answered.data()["responses"],
        json!([{ "employee": null, "answer": "More plants" }])
    );
    assert_eq!(
        chat(
            &s,
            "vote",
            &s.ben.token,
            json!({ "surveyId": open_id, "answer": "  " })
        )
        .await
        .error(400),
        "Write an answer."
    );
    // The conversation's surveys, with the reader's own vote marked.
    let listed = s
        .app
        .get(
            &format!(
                "/api/v1/stores/{}/conversations/{}/surveys",
                s.store,
                team_conv["id"].as_str().expect("id")
            ),
            Some(&s.ben.token),
        )
        .await;
    let listed = listed.data().as_array().expect("surveys").clone();
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0]["voted"], true);
    assert_eq!(listed[1]["voted"], false);
    assert_eq!(listed[0]["results"], json!([33.33, 66.67, 0.0]));
}

#[actix_web::test]
async fn twenty_simultaneous_votes_of_one_member_count_once() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    let posted = chat(
        &s,
        "createSurvey",
        &s.scheduler.token,
        json!({ "conversationId": team_conv["id"], "question": "Pizza?", "mode": "poll", "answers": ["Yes", "No"] }),
    )
    .await;
    let id = posted.data()["survey"]["id"].clone();
    let peer = s.app.spawn_peer().await;
    let votes = (0..20).map(|i| {
        let node = if i % 2 == 0 { &s.app } else { &peer };
        let body = json!({ "store": s.store, "surveyId": id, "choices": [i % 2] });
        let token = s.ana.token.clone();
        async move { node.call("vote", body, Some(&token)).await }
    });
    let replies = futures_util::future::join_all(votes).await;
    let (won, lost): (Vec<Reply>, Vec<Reply>) = replies.into_iter().partition(|r| r.status == 200);
    assert_eq!(won.len(), 1);
    assert!(lost.iter().all(|r| r.status == 409));
    assert_eq!(won[0].data()["participants"], 1);
}

#[actix_web::test]
async fn reactions_toggle_and_show_who_reacted() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    let m = send(&s, &s.ana.token, &team_conv, "Inventory done")
        .await
        .data()
        .clone();
    let react = |token: String, emoji: &'static str| {
        let s = &s;
        let id = m["id"].clone();
        async move {
            chat(
                s,
                "reactToMessage",
                &token,
                json!({ "messageId": id, "emoji": emoji }),
            )
            .await
        }
    };
    react(s.ben.token.clone(), "👍").await.data();
    let both = react(s.scheduler.token.clone(), "👍").await;
    assert_eq!(both.data()["reactions"][0]["emoji"], "👍");
    assert_eq!(
        both.data()["reactions"][0]["employees"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    // The same again takes it back; history shows what stands.
    let back = react(s.ben.token.clone(), "👍").await;
    assert_eq!(
        back.data()["reactions"][0]["employees"]
            .as_array()
            .map(Vec::len),
        Some(1)
    );
    assert_eq!(react(s.ben.token.clone(), "two words").await.status, 400);
    let page = history(&s, &s.ana.token, &team_conv, "").await;
    let shown = page
        .data()
        .as_array()
        .expect("page")
        .iter()
        .find(|x| x["id"] == m["id"])
        .cloned()
        .expect("message");
    assert_eq!(shown["reactions"].as_array().map(Vec::len), Some(1));
}
