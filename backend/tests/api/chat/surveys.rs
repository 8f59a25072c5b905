//! Polls and open questions: posting, voting once, results in percent, the reading time, and
//! their author's or a manager's changes, closing and deletion, heard live by the
//! conversation's readers.

use crate::fixtures::chat::{chat, fill, history, team};
use crate::fixtures::scene::scene;
use crate::fixtures::Reply;
use serde_json::{json, Value};

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
    // Five words at 0.4 s: two whole seconds.
    assert_eq!(survey["estimatedSeconds"], 2);

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

/// The spec's refusal of a vote.
const CANNOT_VOTE: &str =
    "Couldn't Vote, Either Because You've already participated, or you are not allowed to vote!";

async fn post_poll(
    s: &crate::fixtures::scene::Scene,
    conversation: &Value,
    question: &str,
) -> Value {
    chat(
        s,
        "createSurvey",
        &s.scheduler.token,
        json!({ "conversationId": conversation["id"], "question": question, "mode": "poll", "answers": ["Yes", "No"] }),
    )
    .await
    .data()
    .clone()
}

async fn surveys(
    s: &crate::fixtures::scene::Scene,
    token: &str,
    conversation: &Value,
) -> Vec<Value> {
    s.app
        .get(
            &format!(
                "/api/v1/stores/{}/conversations/{}/surveys",
                s.store,
                conversation["id"].as_str().expect("id")
            ),
            Some(token),
        )
        .await
        .data()
        .as_array()
        .expect("surveys")
        .clone()
}

async fn update(s: &crate::fixtures::scene::Scene, token: &str, body: Value) -> Reply {
    chat(s, "updateSurvey", token, body).await
}

#[actix_web::test]
async fn a_polls_author_has_read_it_as_a_sender_has_read_their_message() {
    let s = scene().await;
    let team_conv = team(&s, &s.scheduler.token).await;
    post_poll(&s, &team_conv, "Pizza on Friday?").await;
    let theirs = team(&s, &s.scheduler.token).await;
    assert_eq!(theirs["lastSeq"], 1);
    assert_eq!(theirs["unread"], 0);
    // Everyone else has it unread.
    assert_eq!(team(&s, &s.ana.token).await["unread"], 1);
}

#[actix_web::test]
async fn a_poll_says_how_long_it_takes_to_read_in_whole_seconds_rounded_up() {
    let s = scene().await;
    let team_conv = team(&s, &s.scheduler.token).await;
    // Seven words at 0.4 s: 2.8 s, three whole seconds.
    let posted = chat(
        &s,
        "createSurvey",
        &s.scheduler.token,
        json!({ "conversationId": team_conv["id"], "question": "Who works on Sunday?", "mode": "poll", "answers": ["Me", "Not me"] }),
    )
    .await;
    assert_eq!(posted.data()["survey"]["estimatedSeconds"], 3);
    let listed = surveys(&s, &s.ana.token, &team_conv).await;
    assert_eq!(listed[0]["estimatedSeconds"], 3);
}

#[actix_web::test]
async fn deleting_a_polls_message_withdraws_the_poll() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    let posted = post_poll(&s, &team_conv, "Close early on Monday?").await;
    let kept = post_poll(&s, &team_conv, "Open late on Tuesday?").await;
    let vote = |token: String| {
        let s = &s;
        let id = posted["survey"]["id"].clone();
        async move { chat(s, "vote", &token, json!({ "surveyId": id, "choices": [0] })).await }
    };
    vote(s.ana.token.clone()).await.data();
    chat(
        &s,
        "deleteMessage",
        &s.scheduler.token,
        json!({ "messageId": posted["message"]["id"] }),
    )
    .await
    .data();
    // No more votes: the spec's "not allowed".
    let refused = vote(s.ben.token.clone()).await;
    assert_eq!(refused.error(409), CANNOT_VOTE);
    assert_eq!(refused.body["code"], "cannot_vote");
    // It leaves the conversation's list; the other stays.
    let listed: Vec<Value> = surveys(&s, &s.ben.token, &team_conv)
        .await
        .iter()
        .map(|x| x["id"].clone())
        .collect();
    assert_eq!(listed, vec![kept["survey"]["id"].clone()]);
}

/// The `survey.updated` changes of a survey in the outbox, oldest first: its status, and
/// whether everyone in the store hears it (the team conversation's changes go to all).
fn announced(s: &crate::fixtures::scene::Scene, survey: &Value) -> Vec<(String, bool)> {
    use diesel::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        status: String,
        #[diesel(sql_type = diesel::sql_types::Bool)]
        everyone: bool,
    }
    let rows: Vec<Row> = diesel::sql_query(format!(
        "SELECT data->>'status' AS status, (NOT managers_only AND user_ids IS NULL) AS everyone
           FROM store_events
          WHERE store_id = '{}' AND kind = 'survey.updated' AND data->>'id' = '{}'
          ORDER BY version",
        s.store,
        survey["id"].as_str().expect("id"),
    ))
    .load(&mut s.app.conn())
    .expect("events");
    rows.into_iter().map(|r| (r.status, r.everyone)).collect()
}

#[actix_web::test]
async fn authors_and_managers_change_close_and_delete_surveys_and_every_member_hears_it() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    let posted = post_poll(&s, &team_conv, "Team dinner on Friday?").await;
    let id = posted["survey"]["id"].clone();
    let message = posted["message"]["id"].clone();

    // Only its author or a manager; only the actions a survey has.
    let hers = update(
        &s,
        &s.ana.token,
        json!({ "surveyId": id, "action": "close" }),
    )
    .await;
    assert_eq!(
        hers.error(403),
        "You don't have enough permission for this operation."
    );
    let undefined = update(
        &s,
        &s.scheduler.token,
        json!({ "surveyId": id, "action": "reopen" }),
    )
    .await;
    assert_eq!(undefined.error(400), "this action isn't defined for survey");
    assert_eq!(undefined.body["code"], "survey_action_undefined");

    // Before anyone votes its author changes it; its message says the new question.
    let changed = update(
        &s,
        &s.scheduler.token,
        json!({ "surveyId": id, "action": "update", "question": "Team dinner on Saturday?", "answers": ["Yes", "No", "Maybe"], "isMultiple": true }),
    )
    .await;
    assert_eq!(changed.data()["question"], "Team dinner on Saturday?");
    assert_eq!(changed.data()["answers"], json!(["Yes", "No", "Maybe"]));
    assert_eq!(changed.data()["isMultiple"], true);
    assert_eq!(changed.data()["status"], "open");
    let shown = history(&s, &s.ben.token, &team_conv, "").await;
    let carrier = shown
        .data()
        .as_array()
        .expect("page")
        .iter()
        .find(|m| m["id"] == message)
        .cloned()
        .expect("the poll's message");
    assert_eq!(carrier["content"], "Team dinner on Saturday?");
    assert_eq!(carrier["modified"], true);
    // The owner (a manager) changes it too; an empty answer is refused as at creation.
    assert_eq!(
        update(
            &s,
            &s.owner.token,
            json!({ "surveyId": id, "action": "update", "answers": ["Yes", " "] }),
        )
        .await
        .error(400),
        "A poll offers at least two different answers."
    );

    // Editing the poll's message would make it say another question than the poll's.
    let edit = chat(
        &s,
        "editMessage",
        &s.scheduler.token,
        json!({ "messageId": message, "content": "Dinner?" }),
    )
    .await;
    assert_eq!(
        edit.error(400),
        "A poll's question is changed by updating the poll."
    );
    assert_eq!(edit.body["code"], "survey_message");
    let listed = surveys(&s, &s.ben.token, &team_conv).await;
    assert_eq!(listed[0]["question"], "Team dinner on Saturday?");

    // Once someone voted it stays as it was asked.
    chat(
        &s,
        "vote",
        &s.ana.token,
        json!({ "surveyId": id, "choices": [0, 2] }),
    )
    .await
    .data();
    assert_eq!(
        update(
            &s,
            &s.scheduler.token,
            json!({ "surveyId": id, "action": "update", "question": "Lunch?" }),
        )
        .await
        .error(409),
        "A survey can be changed only before anyone votes."
    );

    // A manager closes it: its results stand, and nobody votes any more.
    let closed = update(
        &s,
        &s.owner.token,
        json!({ "surveyId": id, "action": "close" }),
    )
    .await;
    assert_eq!(closed.data()["status"], "closed");
    assert_eq!(closed.data()["results"], json!([100.0, 0.0, 100.0]));
    assert_eq!(
        chat(
            &s,
            "vote",
            &s.ben.token,
            json!({ "surveyId": id, "choices": [1] })
        )
        .await
        .error(409),
        CANNOT_VOTE
    );
    assert_eq!(
        surveys(&s, &s.ben.token, &team_conv).await[0]["status"],
        "closed"
    );

    // Its author deletes it, with its message; twice is once.
    let deleted = update(
        &s,
        &s.scheduler.token,
        json!({ "surveyId": id, "action": "delete" }),
    )
    .await;
    assert_eq!(deleted.data()["status"], "withdrawn");
    assert_eq!(
        update(
            &s,
            &s.scheduler.token,
            json!({ "surveyId": id, "action": "delete" }),
        )
        .await
        .data()["status"],
        "withdrawn"
    );
    assert!(surveys(&s, &s.ben.token, &team_conv).await.is_empty());
    let shown = history(&s, &s.ben.token, &team_conv, "").await;
    assert!(shown
        .data()
        .as_array()
        .expect("page")
        .iter()
        .any(|m| m["id"] == message && m["deleted"] == true));
    assert_eq!(
        update(
            &s,
            &s.owner.token,
            json!({ "surveyId": id, "action": "close" }),
        )
        .await
        .error(404),
        "Survey not found."
    );

    // Each change went to every member's socket, as the team conversation's changes do: posted,
    // changed, voted, closed, deleted.
    let statuses: Vec<(&str, bool)> = vec![
        ("open", true),
        ("open", true),
        ("open", true),
        ("closed", true),
        ("withdrawn", true),
    ];
    let heard = announced(&s, &posted["survey"]);
    assert_eq!(
        heard
            .iter()
            .map(|(st, all)| (st.as_str(), *all))
            .collect::<Vec<_>>(),
        statuses
    );
}

#[actix_web::test]
async fn an_old_polls_question_and_message_change_and_go_together() {
    let s = scene().await;
    let team_conv = team(&s, &s.ana.token).await;
    let posted = post_poll(&s, &team_conv, "Inventory on Sunday?").await;
    let id = posted["survey"]["id"].clone();
    // Its message is older than the 200 the actor keeps.
    fill(&s, &team_conv, 200).await;
    let changed = update(
        &s,
        &s.scheduler.token,
        json!({ "surveyId": id, "action": "update", "question": "Inventory on Monday?" }),
    )
    .await;
    assert_eq!(changed.data()["question"], "Inventory on Monday?");
    let first = |r: Reply| r.data().as_array().expect("page")[0].clone();
    let carrier = first(history(&s, &s.ben.token, &team_conv, "before=2").await);
    assert_eq!(carrier["id"], posted["message"]["id"]);
    assert_eq!(carrier["content"], "Inventory on Monday?");
    update(
        &s,
        &s.scheduler.token,
        json!({ "surveyId": id, "action": "delete" }),
    )
    .await
    .data();
    let carrier = first(history(&s, &s.ben.token, &team_conv, "before=2").await);
    assert_eq!(carrier["deleted"], true);
    assert!(surveys(&s, &s.ben.token, &team_conv).await.is_empty());
}

#[actix_web::test]
async fn the_document_says_where_a_survey_stands_beside_where_a_ticket_does() {
    let app = crate::fixtures::spawn_app().await;
    let doc = app.get("/api/v1/openapi.json", None).await.body;
    let schemas = &doc["components"]["schemas"];
    assert_eq!(
        schemas["SurveyStatus"]["enum"],
        json!(["open", "closed", "withdrawn"])
    );
    let view = &schemas["SurveyView"]["properties"];
    assert_eq!(view["status"]["$ref"], "#/components/schemas/SurveyStatus");
    assert_eq!(view["estimatedSeconds"]["type"], "integer");
    // A ticket's status keeps its own name.
    assert_eq!(
        schemas["Status"]["enum"],
        json!(["pending", "inProgress", "resolved"])
    );
}
