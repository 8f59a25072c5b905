//! Messages: the team conversation's gap-free sequence (also under racing senders on two
//! nodes), history pages, edits, deletions and replies (of recent messages and of ones older
//! than the actor keeps), reactions, and search.

use crate::fixtures::chat::{chat, fill, history, send, team};
use crate::fixtures::scene::scene;
use crate::fixtures::Reply;
use serde_json::json;

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

#[actix_web::test]
async fn every_message_can_be_edited_deleted_and_replied_to_however_old() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    let first = send(&s, &s.ana.token, &team_conv, "Keys are under the mat")
        .await
        .data()
        .clone();
    let second = send(&s, &s.ben.token, &team_conv, "Noted")
        .await
        .data()
        .clone();
    // 200 newer ones: the actor keeps each conversation's newest 200 only.
    fill(&s, &team_conv, 200).await;

    let edited = chat(
        &s,
        "editMessage",
        &s.ana.token,
        json!({ "messageId": first["id"], "content": "Keys are with Ben" }),
    )
    .await;
    assert_eq!(edited.data()["content"], "Keys are with Ben");
    assert_eq!(edited.data()["modified"], true);
    assert_eq!(edited.data()["seq"], 1);
    // Its rules hold as for a recent one: only its sender edits it.
    let theirs = chat(
        &s,
        "editMessage",
        &s.ben.token,
        json!({ "messageId": first["id"], "content": "mine now" }),
    )
    .await;
    assert_eq!(theirs.error(403), "Only its sender can change a message.");
    let reply = chat(
        &s,
        "sendMessage",
        &s.ben.token,
        json!({ "conversationId": team_conv["id"], "content": "Got them", "replyTo": first["id"] }),
    )
    .await;
    assert_eq!(reply.data()["replyTo"], first["id"]);
    assert_eq!(reply.data()["seq"], 203);
    // This node's actor reads Ben's old message for Ana's edit, which it refuses.
    let not_hers = chat(
        &s,
        "editMessage",
        &s.ana.token,
        json!({ "messageId": second["id"], "content": "Noted!" }),
    )
    .await;
    assert_eq!(not_hers.error(403), "Only its sender can change a message.");
    // A manager deletes it on the other node, whose actor had not read it.
    let peer = s.app.spawn_peer().await;
    let deleted = peer
        .call(
            "deleteMessage",
            json!({ "store": s.store, "messageId": second["id"] }),
            Some(&s.scheduler.token),
        )
        .await;
    assert_eq!(deleted.data()["deleted"], true);
    // This node still holds the message as it read it; the commit finds the store changed,
    // reads it again and refuses as for any deleted message.
    let again = chat(
        &s,
        "editMessage",
        &s.ben.token,
        json!({ "messageId": second["id"], "content": "Noted twice" }),
    )
    .await;
    assert_eq!(again.error(409), "This message was deleted.");
    // The first edit stands, on both nodes' histories.
    for node in [&s.app, &peer] {
        let page = node
            .get(
                &format!(
                    "/api/v1/stores/{}/conversations/{}/messages?before=3",
                    s.store,
                    team_conv["id"].as_str().expect("id")
                ),
                Some(&s.ben.token),
            )
            .await;
        let shown: Vec<(String, bool)> = page
            .data()
            .as_array()
            .expect("page")
            .iter()
            .map(|m| {
                (
                    m["content"].as_str().expect("text").to_string(),
                    m["deleted"] == true,
                )
            })
            .collect();
        assert_eq!(
            shown,
            vec![
                ("Keys are with Ben".to_string(), false),
                (String::new(), true)
            ]
        );
    }
    // Replying to a message of another conversation is not replying to this one's.
    let direct = chat(
        &s,
        "createConversation",
        &s.ana.token,
        json!({ "kind": "direct", "members": [s.ben_id] }),
    )
    .await
    .data()
    .clone();
    let elsewhere = chat(
        &s,
        "sendMessage",
        &s.ana.token,
        json!({ "conversationId": direct["id"], "content": "?", "replyTo": first["id"] }),
    )
    .await;
    assert_eq!(elsewhere.error(404), "Message not found.");
    // Reactions stay with the recent messages, as `reactToMessage` says.
    let react = chat(
        &s,
        "reactToMessage",
        &s.ben.token,
        json!({ "messageId": first["id"], "emoji": "👍" }),
    )
    .await;
    assert_eq!(react.error(404), "Message not found.");
    assert_eq!(react.body["code"], "message_not_found");
}
