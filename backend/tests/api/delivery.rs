//! Notification mail goes out at least once: the server talks SMTP to a real server on
//! loopback (a small one written here, over TCP) that refuses the first tries for now, or
//! for good, and the queue shows what became of each mail.

use crate::fixtures::stores::create_store;
use crate::fixtures::wait::eventually;
use crate::fixtures::{spawn_app_with, TestApp, TestUser};
use backend::db::models::notification_delivery::{Channel, Delivery};
use backend::domain::ids::{StoreId, UserId};
use backend::domain::notification::{
    AccessFor, Draft, NotificationKind, References, Text, Variant,
};
use backend::store::command::{Command, Effects, Reply};
use backend::store::state::StoreState;
use chrono::{DateTime, Utc};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the SMTP server saw.
#[derive(Debug, Default)]
struct Log {
    /// Messages it took, as sent.
    accepted: Vec<String>,
    /// Messages it refused.
    refused: usize,
    /// Answers still to give to the next messages, instead of taking them.
    refusals: Vec<String>,
}

/// An SMTP server on loopback, enough of one for lettre: it takes every message but answers
/// the first ones with the refusals it was given.
struct SmtpServer {
    port: u16,
    log: Arc<Mutex<Log>>,
}

impl SmtpServer {
    fn start(refusals: &[&str]) -> SmtpServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind SMTP server");
        let port = listener.local_addr().expect("address").port();
        let log = Arc::new(Mutex::new(Log {
            refusals: refusals.iter().rev().map(|r| r.to_string()).collect(),
            ..Log::default()
        }));
        let shared = log.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let log = shared.clone();
                std::thread::spawn(move || {
                    // A connection that breaks is the client's business.
                    let _ = serve(stream, &log);
                });
            }
        });
        SmtpServer { port, log }
    }

    fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    fn accepted(&self) -> Vec<String> {
        self.log.lock().expect("log").accepted.clone()
    }

    fn refused(&self) -> usize {
        self.log.lock().expect("log").refused
    }
}

/// One SMTP session (RFC 5321): greeting, EHLO, MAIL, RCPT, DATA, QUIT.
fn serve(stream: TcpStream, log: &Mutex<Log>) -> std::io::Result<()> {
    let mut out = stream.try_clone()?;
    let mut lines = BufReader::new(stream);
    out.write_all(b"220 smtp.test ESMTP\r\n")?;
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line)? == 0 {
            return Ok(());
        }
        let verb = line.get(..4).unwrap_or_default().to_ascii_uppercase();
        let answer = match verb.as_str() {
            "EHLO" | "HELO" => "250 smtp.test".to_string(),
            "MAIL" | "RCPT" | "RSET" | "NOOP" => "250 OK".to_string(),
            "QUIT" => {
                out.write_all(b"221 Bye\r\n")?;
                return Ok(());
            }
            "DATA" => {
                out.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n")?;
                let mut message = String::new();
                loop {
                    line.clear();
                    if lines.read_line(&mut line)? == 0 {
                        return Ok(());
                    }
                    if line == ".\r\n" {
                        break;
                    }
                    message.push_str(&line);
                }
                let mut log = log.lock().expect("log");
                match log.refusals.pop() {
                    Some(refusal) => {
                        log.refused += 1;
                        refusal
                    }
                    None => {
                        log.accepted.push(message);
                        "250 OK: queued".to_string()
                    }
                }
            }
            _ => "502 Command not implemented".to_string(),
        };
        out.write_all(format!("{answer}\r\n").as_bytes())?;
    }
}

/// A store command that notifies one user of a new shift, as publishing does: the commit
/// writes the notification, queues its mail and wakes the mail loop.
struct NotifyOf(Draft);

impl Command for NotifyOf {
    fn name(&self) -> &'static str {
        "testNotify"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> backend::error::AppResult<Effects> {
        let (writes, events) = backend::store::notify::effects(state, vec![self.0.clone()], now);
        Ok(Effects {
            writes,
            events,
            reply: Reply::new(()),
        })
    }
}

/// The notification of a new shift, which goes out by mail.
fn new_shift_for(user: UserId) -> Draft {
    Draft {
        kind: NotificationKind::NewShift,
        variant: Variant::Info,
        text: Text::written("A new shift", "You work on Monday from 9:00 to 17:00."),
        access_for: AccessFor::User(user),
        source: None,
        references: References::default(),
        reason: None,
    }
}

/// An app that sends its mail to `smtp` and gives up after `max_attempts`, with a store
/// whose owner gets one notification mail.
async fn notify_owner(smtp: &SmtpServer, max_attempts: i32) -> (TestApp, TestUser) {
    let url = smtp.url();
    let app = spawn_app_with(|settings| {
        settings.smtp_url = Some(url);
        settings.delivery_retry.max_attempts = max_attempts;
    })
    .await;
    let owner = app.create_user("owner@example.com");
    let store: StoreId = create_store(&app, &owner, "Café")
        .await
        .parse()
        .expect("store id");
    app.state
        .stores
        .execute::<()>(store, NotifyOf(new_shift_for(owner.id)))
        .await
        .expect("notify");
    (app, owner)
}

fn queued_mail(app: &TestApp) -> i64 {
    Delivery::waiting(&mut app.conn(), Channel::Mail).expect("count")
}

/// Waits until no mail is queued, claimed or not. The app's one mail loop settles a row only
/// once the SMTP server answered its mail, and no other sender runs: from then on no send is
/// under way, and what the SMTP server counted is final.
async fn until_settled(app: &TestApp) {
    eventually("the queue to empty", async || queued_mail(app) == 0).await;
}

#[actix_web::test]
async fn a_mail_the_smtp_server_refuses_for_now_is_sent_again_later_and_once() {
    let smtp = SmtpServer::start(&[
        "451 4.3.0 Temporary failure, try again later",
        "421 4.7.0 Too busy, try again later",
    ]);
    let (app, owner) = notify_owner(&smtp, 12).await;

    eventually("the mail is accepted", async || !smtp.accepted().is_empty()).await;
    until_settled(&app).await;
    assert_eq!(smtp.refused(), 2);
    let accepted = smtp.accepted();
    assert_eq!(accepted.len(), 1, "sent once");
    assert!(accepted[0].contains(&format!("To: {}", owner.email)));
    assert!(accepted[0].contains("Subject: A new shift"));
    assert!(accepted[0].contains("You work on Monday from 9:00 to 17:00."));
}

#[actix_web::test]
async fn a_mail_the_smtp_server_refuses_for_good_is_dropped() {
    let smtp = SmtpServer::start(&["550 5.1.1 No such mailbox"]);
    let (app, _) = notify_owner(&smtp, 12).await;

    eventually("the mail is refused", async || smtp.refused() == 1).await;
    until_settled(&app).await;
    assert_eq!(smtp.refused(), 1, "not tried again");
    assert!(smtp.accepted().is_empty());
}

#[actix_web::test]
async fn a_mail_is_given_up_after_the_last_attempt() {
    let refusals = ["451 4.3.0 Try again later"; 5];
    let smtp = SmtpServer::start(&refusals);
    let (app, _) = notify_owner(&smtp, 3).await;

    until_settled(&app).await;
    assert_eq!(smtp.refused(), 3, "three attempts, then no more");
    assert!(smtp.accepted().is_empty());
}

#[actix_web::test]
async fn a_mail_whose_sender_died_is_sent_by_another_when_the_lease_ends() {
    use backend::db::models::notification::Notification;
    use backend::db::models::notification_delivery::{Channels, Settle};
    use diesel::{Connection, RunQueryDsl};
    let smtp = SmtpServer::start(&[]);
    let url = smtp.url();
    let app = spawn_app_with(|settings| settings.smtp_url = Some(url)).await;
    let owner = app.create_user("owner@example.com");
    let store = app.insert_store(&owner, "Café");
    // A sender queues and claims the mail in one go (so no other sees it first), then dies.
    let notification = Notification::from_draft(store, new_shift_for(owner.id), Utc::now());
    let dead = app
        .conn()
        .transaction(|conn| {
            notification.insert(conn)?;
            let channels = Channels {
                mail: true,
                push: false,
                ..Channels::default()
            };
            Delivery::queue(conn, &notification, channels)?;
            Delivery::claim(conn, Channel::Mail, 50)
        })
        .expect("claim");
    assert_eq!(dead.len(), 1);

    // While the lease runs, nobody sends it: a round finds nothing to claim.
    let sent = backend::jobs::deliver::run_once(&app.state.db, &app.state.mailer)
        .await
        .expect("mail round");
    assert_eq!(sent, 0);
    assert!(smtp.accepted().is_empty());
    assert_eq!(queued_mail(&app), 1);

    // The lease ends (as it would five minutes on): the next round sends it.
    diesel::sql_query("UPDATE notification_deliveries SET next_attempt_at = now()")
        .execute(&mut app.conn())
        .expect("end the lease");
    app.state.mailer.wake();
    eventually("the mail is accepted", async || smtp.accepted().len() == 1).await;
    until_settled(&app).await;

    // The dead sender's lease is no longer its own: settling under it changes nothing.
    let late = Settle::Retry {
        after: Duration::ZERO,
        done_subscriptions: Vec::new(),
    };
    assert!(!Delivery::settle(&mut app.conn(), Channel::Mail, &dead[0], &late).expect("settle"));
    // Nothing queued again: nothing is left to send, and the count is final.
    assert_eq!(queued_mail(&app), 0);
    assert_eq!(smtp.accepted().len(), 1, "sent once");
}

#[actix_web::test]
async fn rows_settled_together_go_only_under_their_own_lease() {
    use backend::db::models::notification::Notification;
    use backend::db::models::notification_delivery::{Channels, Claimed};
    use diesel::{Connection, RunQueryDsl};
    let app = spawn_app_with(|_| {}).await;
    let owner = app.create_user("owner@example.com");
    let store = app.insert_store(&owner, "Café");
    // Queued and claimed in one go, so that the server's own push loop takes neither; the
    // owner has a browser subscribed, or no push would be queued.
    let claimed: Vec<Claimed> = app
        .conn()
        .transaction(|conn| {
            crate::fixtures::push::subscribed_browser(conn, store, owner.id, "owner")?;
            for _ in 0..2 {
                let n = Notification::from_draft(store, new_shift_for(owner.id), Utc::now());
                n.insert(conn)?;
                let push = Channels {
                    push: true,
                    ..Channels::default()
                };
                Delivery::queue(conn, &n, push)?;
            }
            Delivery::claim(conn, Channel::Push, 50)
        })
        .expect("claim");
    assert_eq!(claimed.len(), 2);
    // The second's lease ran out and another sender took it: it is no longer this one's.
    diesel::sql_query(
        "UPDATE notification_deliveries SET leased_until = leased_until + interval '1 second'
          WHERE notification_id = $1",
    )
    .bind::<diesel::sql_types::Uuid, _>(claimed[1].notification.id)
    .execute(&mut app.conn())
    .expect("another lease");

    let refs: Vec<&Claimed> = claimed.iter().collect();
    let settled = Delivery::settle_done(&mut app.conn(), Channel::Push, &refs).expect("settle");
    assert_eq!(settled, vec![claimed[0].notification.id]);
    assert_eq!(
        Delivery::waiting(&mut app.conn(), Channel::Push).expect("count"),
        1,
        "the other sender's row stays"
    );
    assert!(Delivery::settle_done(&mut app.conn(), Channel::Push, &[])
        .expect("nothing")
        .is_empty());
}
