//! Client booking over HTTP: events and who may change them, the public pages' calls, holds
//! and their expiry, capacity under a race across two server processes, confirmation putting
//! the work on the schedule, the client's mails and links, and sessions whose employee can no
//! longer work them.

use crate::fixtures::booking::{berlin_date, booking, booking_with, mails, token_of, Booking};
use crate::fixtures::scene::{berlin, find_in, HOUR};
use crate::fixtures::stores::count;
use crate::fixtures::wait::eventually;
use serde_json::{json, Value};
use std::time::Duration;

const NINE: fn() -> i64 = || berlin(1, 9, 0);

#[actix_web::test]
async fn events_are_created_disabled_and_only_with_booking_on() {
    let b = booking().await;
    let added = b.add_event(json!({})).await;
    let event = &added.data()["event"];
    assert_eq!(event["isActive"], json!(false));
    assert_eq!(added.data()["eventId"], event["id"]);
    assert_eq!(event["sessionDuration"], json!(60));
    assert!(event["url"]
        .as_str()
        .is_some_and(|u| u.starts_with("haircut-")));
    // Its page does not answer until it is enabled.
    let page =
        b.s.app
            .call("getEventByUrl", json!({ "eventURL": event["url"] }), None)
            .await;
    assert_eq!(page.status, 404);
    let listed = b.s.call("getEvents", &b.s.scheduler.token, json!({})).await;
    assert_eq!(listed.data()["events"].as_array().map(Vec::len), Some(1));
    // An employee without the schedule permission may not.
    assert_eq!(
        b.s.call("getEvents", &b.cleo.token, json!({})).await.status,
        403
    );
    assert_eq!(
        b.s.call("addEvent", &b.cleo.token, json!({ "event": {} }))
            .await
            .status,
        403
    );
    // With booking off, no new events.
    b.s.call(
        "toggleBookingFeature",
        &b.s.owner.token,
        json!({ "bookingEnabled": false }),
    )
    .await
    .data();
    let refused = b.add_event(json!({})).await;
    assert_eq!(refused.status, 403);
    assert_eq!(refused.body["code"], json!("booking_disabled"));
}

#[actix_web::test]
async fn an_event_is_checked_with_the_specs_texts() {
    let b = booking().await;
    let cases = [
        (json!({ "title": " " }), "Title is required."),
        (json!({ "role": null }), "Role is required."),
        (json!({ "sessionDuration": null }), "Duration is required."),
        (
            json!({ "sessionDuration": 20 }),
            "A session lasts 15, 30, 45 or 60 minutes.",
        ),
        (
            json!({ "end": berlin(1, 9, 0) }),
            "Start date has to be before end date",
        ),
        (
            json!({ "capacity": 0 }),
            "A session takes 1 to 500 clients.",
        ),
        (
            json!({ "url": "-x" }),
            "The address takes 3 to 64 lower-case letters, digits and hyphens.",
        ),
        (
            json!({ "repeatPattern": { "frequency": "w", "interval": 0, "weekdays": [] } }),
            "The interval is a whole number from 1 to 99.",
        ),
    ];
    for (fields, text) in cases {
        let r = b.add_event(fields.clone()).await;
        assert_eq!(r.error(400), text, "{fields}");
    }
    let bad_role = b.add_event(json!({ "role": uuid::Uuid::now_v7() })).await;
    assert_eq!(bad_role.status, 404);
    assert_eq!(count(&b.s.app, "SELECT 1 FROM booking_events"), 0);
    // An address another event has is refused.
    b.add_event(json!({ "url": "cuts" })).await.data();
    assert_eq!(b.add_event(json!({ "url": "cuts" })).await.status, 409);
}

#[actix_web::test]
async fn the_public_page_shows_free_slots_and_a_reservation_is_held() {
    let b = booking().await;
    let event = b
        .live_event(json!({ "maxRoomsPerSession": 2, "capacity": 2 }))
        .await;
    let page =
        b.s.app
            .call("getEventByUrl", json!({ "eventURL": event["url"] }), None)
            .await;
    assert_eq!(page.data()["event"]["title"], json!("Haircut"));
    assert_eq!(page.data()["store"]["timezone"], json!("Europe/Berlin"));
    assert_eq!(page.data()["event"]["dates"], json!([berlin_date(1)]));
    let slots =
        b.s.app
            .call(
                "getReservationDetails",
                json!({ "eventURL": event["url"], "chosenDate": berlin_date(1) }),
                None,
            )
            .await;
    let list = slots.data()["slots"].as_array().expect("slots").clone();
    assert_eq!(list.len(), 3);
    assert_eq!(list[0]["start"], json!(NINE()));
    // Two rooms of two places, and two stylists to open them.
    assert_eq!(list[0]["free"], json!(4));
    let held = b.reserve(&event, NINE(), "eve@example.com").await;
    let held = held.data();
    assert!(held["confirmURL"]
        .as_str()
        .is_some_and(|u| u.contains("/reservation/confirm/")));
    assert!(held["cancelURL"]
        .as_str()
        .is_some_and(|u| u.contains("/reservation/cancel/")));
    // The same request again holds nothing more and answers the same reservation.
    let again = b.reserve(&event, NINE(), "EVE@example.com").await;
    assert_eq!(again.data()["holdUntil"], held["holdUntil"]);
    assert_eq!(count(&b.s.app, "SELECT 1 FROM booked_clients"), 1);
    let after =
        b.s.app
            .call(
                "getReservationDetails",
                json!({ "eventURL": event["url"], "chosenDate": berlin_date(1) }),
                None,
            )
            .await;
    assert_eq!(after.data()["slots"][0]["free"], json!(3));
}

#[actix_web::test]
async fn bad_reservations_get_the_specs_texts_and_change_nothing() {
    let b = booking().await;
    let event = b.live_event(json!({})).await;
    let base = json!({
        "eventURL": event["url"], "name": "Eve", "email": "eve@example.com",
        "phonenumber": "+49 151 2345678",
        "reservationSlot": { "date": berlin_date(1), "session": NINE() },
    });
    let with = |k: &str, v: Value| {
        let mut body = base.clone();
        body[k] = v;
        body
    };
    let cases = [
        (with("name", json!("")), 400, "Name is required."),
        (with("email", json!(null)), 400, "Email is required."),
        (
            with("email", json!("not-an-email")),
            400,
            "Invalid email address.",
        ),
        (with("phonenumber", json!("")), 400, "Phone is required."),
        (
            with("phonenumber", json!("12")),
            400,
            "Please enter a valid mobile number.",
        ),
        (
            with("reservationSlot", json!(null)),
            400,
            "Time slot is required.",
        ),
        (
            with("reservationSlot", json!({ "date": berlin_date(1) })),
            400,
            "Session is required.",
        ),
        (
            with("reservationSlot", json!({ "session": NINE() })),
            400,
            "Book date is required.",
        ),
        (
            with(
                "reservationSlot",
                json!({ "date": berlin_date(1), "session": NINE() + 60_000 }),
            ),
            400,
            "This event has no session at that time.",
        ),
        (
            with("eventURL", json!("no-such-event")),
            404,
            "Event not found.",
        ),
        (
            with("website", json!("http://spam")),
            400,
            "Your reservation could not be taken.",
        ),
        (
            with("employeeUid", json!(b.cleo.id)),
            400,
            "This event does not let clients choose the employee.",
        ),
    ];
    for (body, status, text) in cases {
        let r = b.s.app.call("reserveEvent", body.clone(), None).await;
        assert_eq!(r.error(status), text, "{body}");
    }
    assert_eq!(count(&b.s.app, "SELECT 1 FROM booked_clients"), 0);
    assert_eq!(count(&b.s.app, "SELECT 1 FROM booked_sessions"), 0);
}

#[actix_web::test]
async fn public_calls_are_rate_limited_per_address() {
    let b = booking_with(|s| s.public_rate_per_minute = 30).await;
    let event = b.live_event(json!({ "capacity": 50 })).await;
    let mut statuses = Vec::new();
    for i in 0..4 {
        statuses.push(
            b.reserve(&event, NINE(), &format!("c{i}@example.com"))
                .await
                .status,
        );
    }
    assert_eq!(statuses, vec![200, 200, 200, 429]);
}

#[actix_web::test]
async fn a_hold_runs_out_and_frees_the_place() {
    let b = booking().await;
    let event = b.live_event(json!({ "maxRoomsPerSession": 2 })).await;
    // Two rooms of one place, and two stylists: two clients fit, a third does not.
    let first = b
        .reserve(&event, NINE(), "a@example.com")
        .await
        .data()
        .clone();
    b.reserve(&event, NINE(), "b@example.com").await.data();
    let full = b.reserve(&event, NINE(), "c@example.com").await;
    assert_eq!(
        full.error(409),
        "This time is fully booked. Please choose another."
    );
    b.s.app.clock.advance(Duration::from_secs(6 * 60));
    b.reserve(&event, NINE(), "c@example.com").await.data();
    let late =
        b.s.app
            .call(
                "confirmReservation",
                json!({ "token": token_of(&first["confirmURL"]) }),
                None,
            )
            .await;
    assert_eq!(
        late.error(409),
        "This reservation was not confirmed in time. Please book again."
    );
}

#[actix_web::test]
async fn twenty_clients_racing_for_the_last_place_on_two_processes_book_once() {
    let b = booking().await;
    let peer = b.s.app.spawn_peer().await;
    let event = b.live_event(json!({ "maxRoomsPerSession": 2 })).await;
    // One stylist takes the first place, so one place (the other's room) is left.
    b.booked(&event, NINE(), "first@example.com").await;
    let emails: Vec<String> = (0..20).map(|i| format!("r{i}@example.com")).collect();
    let calls = emails.iter().enumerate().map(|(i, email)| {
        let app = if i % 2 == 0 { &b.s.app } else { &peer };
        b.reserve_on(app, &event, 1, NINE(), email)
    });
    let answers = futures_util::future::join_all(calls).await;
    let won = answers.iter().filter(|r| r.status == 200).count();
    let full = answers
        .iter()
        .filter(|r| r.status == 409 && r.body["code"] == json!("slot_full"))
        .count();
    assert_eq!((won, full), (1, 19), "{answers:?}");
    assert_eq!(
        count(
            &b.s.app,
            "SELECT 1 FROM booked_clients WHERE status IN ('pending', 'confirmed')"
        ),
        2
    );
}

#[actix_web::test]
async fn a_confirmed_booking_is_a_shift_on_the_board_and_a_mail_with_an_invitation() {
    let b = booking().await;
    let event = b.live_event(json!({})).await;
    b.booked(&event, NINE(), "eve@example.com").await;
    let sessions = b.sessions(&b.s.scheduler.token).await;
    assert_eq!(sessions.len(), 1);
    let session = &sessions[0];
    assert_eq!(session["status"], json!(1));
    assert_eq!(session["bookedClients"][0]["status"], json!(1));
    assert_eq!(session["bookedClients"][0]["state"], json!("upcoming"));
    assert_eq!(
        session["bookedClients"][0]["email"],
        json!("eve@example.com")
    );
    let shift = b.s.stored(&session["adjacentShift"]).await;
    assert_eq!(shift["title"], json!("Haircut"));
    assert_eq!(shift["start"], json!(NINE()));
    assert_eq!(shift["end"], json!(NINE() + HOUR));
    assert_eq!(shift["assigned"], session["assigned"]);
    // The worker sees it on their own schedule, without the client's contact details.
    let worker = if session["assigned"] == json!(b.cleo_id) {
        &b.cleo
    } else {
        &b.dan
    };
    assert!(b
        .s
        .shift_seen_by(&worker.token, &session["adjacentShift"])
        .await
        .is_some());
    let own = b.sessions(&worker.token).await;
    assert_eq!(own[0]["bookedClients"][0]["email"], json!(""));
    eventually("the confirmation mail", async || {
        !mails(&b.s.app, "eve@example.com").is_empty()
    })
    .await;
    let (subject, text, ics) = mails(&b.s.app, "eve@example.com").remove(0);
    assert_eq!(subject, "Booked: Haircut at Café");
    assert!(text.contains("/reservation/cancel/"), "{text}");
    let ics = ics.expect("an invitation").replace("\r\n ", "");
    assert!(
        ics.contains("METHOD:REQUEST") && ics.contains("SEQUENCE:0"),
        "{ics}"
    );
    // The reminders wait for their time: a day before has passed already (tomorrow 09:00 is
    // less than a day away only late in the day), an hour before has not.
    assert!(
        count(
            &b.s.app,
            "SELECT 1 FROM booking_mails WHERE kind = 'reminder_hour'"
        ) == 1
    );
}

#[actix_web::test]
async fn a_cancel_link_works_once_and_a_forged_one_never() {
    let b = booking().await;
    let event = b.live_event(json!({})).await;
    let held = b.booked(&event, NINE(), "eve@example.com").await;
    let shift = b.sessions(&b.s.scheduler.token).await[0]["adjacentShift"].clone();
    let token = token_of(&held["cancelURL"]);
    let mut forged = token.clone().into_bytes();
    forged[10] = if forged[10] == b'A' { b'B' } else { b'A' };
    let forged = String::from_utf8(forged).expect("ascii");
    for bad in [forged.as_str(), "x", &uuid::Uuid::now_v7().to_string()] {
        let r =
            b.s.app
                .call("cancelReservation", json!({ "token": bad }), None)
                .await;
        assert_eq!(r.error(404), "This link is not valid.");
    }
    let cancelled =
        b.s.app
            .call("cancelReservation", json!({ "token": token }), None)
            .await;
    assert_eq!(cancelled.data()["status"], json!(3));
    let again =
        b.s.app
            .call("cancelReservation", json!({ "token": token }), None)
            .await;
    assert_eq!(again.data()["status"], json!(3));
    // The session is gone from the schedule; the client got one cancellation, with the same
    // invitation UID and a higher SEQUENCE.
    assert!(b
        .s
        .shift_seen_by(&b.s.scheduler.token, &shift)
        .await
        .is_none());
    eventually("two mails", async || {
        mails(&b.s.app, "eve@example.com").len() == 2
    })
    .await;
    let all = mails(&b.s.app, "eve@example.com");
    let uid = |ics: &str| {
        ics.lines()
            .find(|l| l.starts_with("UID:"))
            .map(str::to_string)
    };
    let (first, last) = (
        all[0].2.clone().expect("ics"),
        all[1].2.clone().expect("ics"),
    );
    assert_eq!(uid(&first), uid(&last));
    assert!(
        last.contains("METHOD:CANCEL") && last.contains("SEQUENCE:1"),
        "{last}"
    );
    eventually("the mails' rows gone once sent", async || {
        count(
            &b.s.app,
            "SELECT 1 FROM booking_mails WHERE kind IN ('confirmation', 'cancellation')",
        ) == 0
    })
    .await;
    // The reminders of the cancelled place went with it.
    assert_eq!(count(&b.s.app, "SELECT 1 FROM booking_mails"), 0);
}

#[actix_web::test]
async fn time_off_flags_a_session_and_a_manager_reassigns_it() {
    let b = booking().await;
    let event = b.live_event(json!({})).await;
    b.booked(&event, NINE(), "eve@example.com").await;
    let session = b.sessions(&b.s.scheduler.token).await.remove(0);
    let (worker, other_id, other) = if session["assigned"] == json!(b.cleo_id) {
        (&b.cleo, &b.dan_id, &b.dan)
    } else {
        (&b.dan, &b.cleo_id, &b.cleo)
    };
    let request =
        b.s.call(
            "requestTimeOff",
            &worker.token,
            json!({ "start": berlin(1, 0, 0), "end": berlin(1, 0, 0), "entireDay": true }),
        )
        .await
        .data()["id"]
            .clone();
    b.s.call(
        "approveTimeOff",
        &b.s.owner.token,
        json!({ "requestId": request }),
    )
    .await
    .data();
    let flagged = b.sessions(&b.s.scheduler.token).await.remove(0);
    assert_eq!(flagged["status"], json!(2));
    assert_eq!(
        flagged["reason"],
        json!("The employee takes time off then.")
    );
    let told = crate::fixtures::scene::private_notifications(&b.s, &b.s.scheduler).await;
    assert!(told
        .iter()
        .any(|n| n["title"] == json!("A booked session needs another employee")));
    // The one on time off cannot take it back; the other can.
    let refused =
        b.s.call(
            "reassignSession",
            &b.s.scheduler.token,
            json!({ "eventSessionId": session["id"], "employeeUid": worker.id }),
        )
        .await;
    assert_eq!(
        refused.error(400),
        "This employee cannot work the session then."
    );
    let moved =
        b.s.call(
            "reassignSession",
            &b.s.scheduler.token,
            json!({ "eventSessionId": session["id"], "employeeUid": other.id }),
        )
        .await;
    let moved = moved.data();
    assert_eq!(moved["status"], json!(1));
    assert_eq!(moved["assigned"], json!(other_id));
    let shift = b.s.stored(&moved["adjacentShift"]).await;
    assert_eq!(shift["assigned"], json!(other_id));
}

#[actix_web::test]
async fn clients_go_round_robin_to_the_least_loaded_stylist() {
    let b = booking().await;
    let event = b.live_event(json!({})).await;
    for (i, hour) in [9, 10, 11].into_iter().enumerate() {
        b.booked(&event, berlin(1, hour, 0), &format!("c{i}@example.com"))
            .await;
    }
    let sessions = b.sessions(&b.s.scheduler.token).await;
    let cleo = sessions
        .iter()
        .filter(|s| s["assigned"] == json!(b.cleo_id))
        .count();
    let dan = sessions
        .iter()
        .filter(|s| s["assigned"] == json!(b.dan_id))
        .count();
    assert_eq!(cleo + dan, 3);
    assert!(cleo.abs_diff(dan) == 1, "cleo {cleo}, dan {dan}");
    // Back-to-back sessions of one stylist are one shift.
    let shifts: std::collections::HashSet<String> = sessions
        .iter()
        .map(|s| s["adjacentShift"].to_string())
        .collect();
    assert!(shifts.len() <= 3);
}

#[actix_web::test]
async fn managers_cancel_reschedule_and_remove_clients() {
    let b = booking().await;
    let event = b.live_event(json!({ "capacity": 3 })).await;
    b.booked(&event, NINE(), "eve@example.com").await;
    b.booked(&event, NINE(), "fay@example.com").await;
    let session = b.sessions(&b.s.scheduler.token).await.remove(0);
    let client = |email: &str| {
        session["bookedClients"]
            .as_array()
            .expect("clients")
            .iter()
            .find(|c| c["email"] == json!(email))
            .expect("booked")["client"]
            .clone()
    };
    let moved =
        b.s.call(
            "rescheduleClient",
            &b.s.scheduler.token,
            json!({ "eventId": event["id"], "currentSessionId": session["id"],
                "clientId": client("eve@example.com"),
                "reservationSlot": { "date": berlin_date(1), "session": berlin(1, 10, 0) } }),
        )
        .await;
    assert_eq!(moved.data()["start"], json!(berlin(1, 10, 0)));
    let removed =
        b.s.call(
            "removeBookedClientFromSession",
            &b.s.scheduler.token,
            json!({ "sessionId": session["id"], "clientId": client("fay@example.com") }),
        )
        .await;
    // Nobody is left at nine: the session is cancelled.
    assert_eq!(removed.data()["status"], json!(4));
    let list = b.sessions(&b.s.scheduler.token).await;
    let nine = list
        .iter()
        .find(|s| s["id"] == session["id"])
        .expect("listed");
    let states: Vec<&Value> = nine["bookedClients"]
        .as_array()
        .expect("clients")
        .iter()
        .map(|c| &c["state"])
        .collect();
    assert!(
        states.contains(&&json!("rescheduledByManager")),
        "{states:?}"
    );
    eventually("the move's mail", async || {
        mails(&b.s.app, "eve@example.com")
            .iter()
            .any(|m| m.0.starts_with("Moved:"))
    })
    .await;
    let ten = list
        .iter()
        .find(|s| s["start"] == json!(berlin(1, 10, 0)))
        .expect("ten");
    let cancelled =
        b.s.call(
            "cancelSession",
            &b.s.scheduler.token,
            json!({ "eventSessionId": ten["id"], "reason": "Closed for a fire drill" }),
        )
        .await;
    assert_eq!(cancelled.data()["status"], json!(4));
    eventually("the cancellation", async || {
        mails(&b.s.app, "eve@example.com")
            .iter()
            .any(|m| m.0.starts_with("Cancelled:") && m.1.contains("fire drill"))
    })
    .await;
    let deleted =
        b.s.call(
            "deleteSession",
            &b.s.scheduler.token,
            json!({ "sessionId": ten["id"] }),
        )
        .await;
    deleted.data();
    assert!(find_in(&json!(b.sessions(&b.s.scheduler.token).await), &ten["id"]).is_none());
    // Another store's manager reaches none of it.
    let other = crate::fixtures::stores::create_store(
        &b.s.app,
        &b.s.app.create_user("x@example.com"),
        "Other",
    )
    .await;
    let _ = other;
}

#[actix_web::test]
async fn another_stores_manager_cannot_touch_the_sessions() {
    let b = booking().await;
    let event = b.live_event(json!({})).await;
    b.booked(&event, NINE(), "eve@example.com").await;
    let session = b.sessions(&b.s.scheduler.token).await.remove(0);
    let stranger = b.s.app.create_user("x@example.com");
    let theirs = crate::fixtures::stores::create_store(&b.s.app, &stranger, "Other").await;
    for (name, body) in [
        ("cancelSession", json!({ "eventSessionId": session["id"] })),
        ("deleteSession", json!({ "sessionId": session["id"] })),
        ("deleteEvent", json!({ "eventId": event["id"] })),
    ] {
        let mut body = body;
        body["storeId"] = json!(theirs);
        let r = b.s.app.call(name, body, Some(&stranger.token)).await;
        assert!(r.status == 404 || r.status == 403, "{name}: {:?}", r.body);
    }
    assert_eq!(
        b.sessions(&b.s.scheduler.token).await[0]["status"],
        json!(1)
    );
}

#[actix_web::test]
async fn deleting_an_event_cancels_its_upcoming_sessions() {
    let b = booking().await;
    let event = b.live_event(json!({})).await;
    b.booked(&event, NINE(), "eve@example.com").await;
    b.s.call(
        "deleteEvent",
        &b.s.scheduler.token,
        json!({ "eventId": event["id"] }),
    )
    .await
    .data();
    assert_eq!(
        b.sessions(&b.s.scheduler.token).await[0]["status"],
        json!(4)
    );
    let page =
        b.s.app
            .call("getEventByUrl", json!({ "eventURL": event["url"] }), None)
            .await;
    assert_eq!(page.status, 404);
    let _ = Booking::sessions;
}

/// The worker of the only session, with the other stylist: (worker, worker's id, other).
fn worker_of<'a>(
    b: &'a Booking,
    session: &Value,
) -> (
    &'a crate::fixtures::TestUser,
    &'a str,
    &'a crate::fixtures::TestUser,
) {
    if session["assigned"] == json!(b.cleo_id) {
        (&b.cleo, &b.cleo_id, &b.dan)
    } else {
        (&b.dan, &b.dan_id, &b.cleo)
    }
}

#[actix_web::test]
async fn reminders_go_a_day_and_an_hour_before_once_each() {
    let b = booking().await;
    // Three days ahead, so both reminders lie ahead.
    let start = berlin(3, 9, 0);
    let event = b
        .live_event(json!({ "start": start, "end": berlin(3, 12, 0) }))
        .await;
    let held = b
        .reserve_on(&b.s.app, &event, 3, start, "eve@example.com")
        .await;
    b.s.app
        .call(
            "confirmReservation",
            json!({ "token": token_of(&held.data()["confirmURL"]) }),
            None,
        )
        .await
        .data();
    eventually("the confirmation", async || {
        mails(&b.s.app, "eve@example.com").len() == 1
    })
    .await;
    let reminders = |app: &crate::fixtures::TestApp| {
        mails(app, "eve@example.com")
            .into_iter()
            .filter(|m| m.0.starts_with("Reminder:"))
            .count()
    };
    let until_start = start - chrono::Utc::now().timestamp_millis();
    let to = |before_ms: i64| Duration::from_millis((until_start - before_ms).max(0) as u64);
    b.s.app.clock.advance(to(24 * HOUR - 60_000));
    b.s.app.state.mailer.wake_booking();
    eventually("the day's reminder", async || reminders(&b.s.app) == 1).await;
    b.s.app
        .clock
        .advance(to(HOUR - 60_000) - to(24 * HOUR - 60_000));
    b.s.app.state.mailer.wake_booking();
    eventually("the hour's reminder", async || reminders(&b.s.app) == 2).await;
    // Nothing is left to send, and nothing goes twice.
    eventually("the queue emptied", async || {
        count(&b.s.app, "SELECT 1 FROM booking_mails") == 0
    })
    .await;
    b.s.app.state.mailer.wake_booking();
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(reminders(&b.s.app), 2);
    let last = mails(&b.s.app, "eve@example.com").pop().expect("a mail");
    assert!(last.2.is_none(), "a reminder carries no invitation");
}

#[actix_web::test]
async fn a_booked_session_counts_in_its_employees_estimate() {
    let b = booking().await;
    let event = b.live_event(json!({})).await;
    b.booked(&event, NINE(), "eve@example.com").await;
    let session = b.sessions(&b.s.scheduler.token).await.remove(0);
    let (worker, _, _) = worker_of(&b, &session);
    let now = chrono::Utc::now().timestamp_millis();
    let estimate =
        b.s.app
            .get(
                &format!(
                    "/api/v1/stores/{}/earnings?start={now}&end={}",
                    b.s.store,
                    berlin(2, 0, 0)
                ),
                Some(&worker.token),
            )
            .await;
    assert_eq!(estimate.data()["expectedMinutes"], json!(60));
    assert_eq!(estimate.data()["shifts"], json!(1));
}

#[actix_web::test]
async fn a_manager_cancels_one_client_who_is_told() {
    let b = booking().await;
    let event = b.live_event(json!({ "capacity": 2 })).await;
    b.booked(&event, NINE(), "eve@example.com").await;
    b.booked(&event, NINE(), "fay@example.com").await;
    let session = b.sessions(&b.s.scheduler.token).await.remove(0);
    let eve = session["bookedClients"]
        .as_array()
        .expect("clients")
        .iter()
        .find(|c| c["email"] == json!("eve@example.com"))
        .expect("eve")["client"]
        .clone();
    let after =
        b.s.call(
            "cancelClientBookedSession",
            &b.s.scheduler.token,
            json!({ "sessionId": session["id"], "clientId": eve, "reason": "Double booked" }),
        )
        .await;
    // Fay still comes: the session and its shift stay.
    assert_eq!(after.data()["status"], json!(1));
    assert!(b
        .s
        .shift_seen_by(&b.s.scheduler.token, &session["adjacentShift"])
        .await
        .is_some());
    eventually("eve is told", async || {
        mails(&b.s.app, "eve@example.com")
            .iter()
            .any(|m| m.0.starts_with("Cancelled:") && m.1.contains("Double booked"))
    })
    .await;
    let again =
        b.s.call(
            "cancelClientBookedSession",
            &b.s.scheduler.token,
            json!({ "sessionId": session["id"], "clientId": eve }),
        )
        .await;
    assert_eq!(again.error(409), "This reservation was cancelled.");
}

#[actix_web::test]
async fn a_deactivated_employee_or_a_dropped_shift_flags_the_session() {
    let b = booking().await;
    let event = b.live_event(json!({ "maxRoomsPerSession": 2 })).await;
    b.booked(&event, NINE(), "eve@example.com").await;
    b.booked(&event, NINE(), "fay@example.com").await;
    let sessions = b.sessions(&b.s.scheduler.token).await;
    let of = |id: &str| {
        sessions
            .iter()
            .find(|s| s["assigned"] == json!(id))
            .expect("one each")
            .clone()
    };
    let (cleos, dans) = (of(&b.cleo_id), of(&b.dan_id));
    b.s.app
        .call(
            "deactivateEmployee",
            json!({ "store": b.s.store, "employeeId": b.cleo_id }),
            Some(&b.s.owner.token),
        )
        .await
        .data();
    b.s.call(
        "dropShift",
        &b.dan.token,
        json!({ "shift": dans["adjacentShift"] }),
    )
    .await
    .data();
    let now = b.sessions(&b.s.scheduler.token).await;
    let status = |id: &Value| now.iter().find(|s| s["id"] == *id).expect("listed").clone();
    assert_eq!(status(&cleos["id"])["status"], json!(2));
    assert_eq!(
        status(&cleos["id"])["reason"],
        json!("The employee was deactivated.")
    );
    assert_eq!(status(&dans["id"])["status"], json!(2));
    assert_eq!(
        status(&dans["id"])["reason"],
        json!("The employee's shift was dropped or changed.")
    );
}
