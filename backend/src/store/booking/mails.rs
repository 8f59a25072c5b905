//! The mails a change to a client's place queues, in its commit: composed here from the
//! working set (`domain::booking::mail`), sent after the commit by the booking mail job.

use super::state::BookingWrite;
use crate::db::models::booking::{BookedClient, BookedSession, BookingMail};
use crate::domain::booking::link::{self, Purpose};
use crate::domain::booking::mail::{self, About, MailKind};
use crate::domain::ids::BookingMailId;
use crate::store::command::{Effects, Write};
use crate::store::state::StoreState;
use chrono::{DateTime, Utc};
use std::sync::Arc;

/// What the links of a client's mail are made with: the server's signing key and its public
/// address.
#[derive(Debug, Clone)]
pub struct Links {
    pub secret: Arc<[u8]>,
    pub base: Arc<str>,
    /// The mails' sender (the invitation's organiser).
    pub from: Arc<str>,
}

impl Links {
    /// The links of a server: signed with a key derived from its secret (so a booking link
    /// can never pass for a session token, or the other way round), pointing at its public
    /// address, sent from the address of `mail_from` (`Name <address>` or an address).
    pub fn new(secret: &str, public_url: &str, mail_from: &str) -> Links {
        use hmac::{Hmac, Mac};
        let key = Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes())
            .map(|mut m| {
                m.update(b"clockto booking links");
                m.finalize().into_bytes().to_vec()
            })
            .unwrap_or_default();
        let from = mail_from
            .rsplit('<')
            .next()
            .unwrap_or_default()
            .trim_end_matches('>')
            .trim();
        Links {
            secret: Arc::from(key),
            base: Arc::from(public_url),
            from: Arc::from(from),
        }
    }

    pub fn url(&self, purpose: Purpose, place: &BookedClient, until: DateTime<Utc>) -> String {
        let page = match purpose {
            Purpose::Confirm => "confirm",
            Purpose::Cancel => "cancel",
            Purpose::Reschedule => "reschedule",
        };
        let token = link::sign(&self.secret, place.id.0, purpose, until);
        format!(
            "{}/reservation/{page}/{token}",
            self.base.trim_end_matches('/')
        )
    }
}

/// A mail about a client's place: which one, and a manager's reason it carries.
pub struct Mail<'a> {
    pub kind: MailKind,
    pub place: &'a BookedClient,
    pub session: &'a BookedSession,
    pub reason: Option<&'a str>,
}

/// Queues a mail (and, for a confirmation or a move, its reminders). Nothing is queued for a
/// client the working set does not know.
pub fn queue(
    state: &StoreState,
    links: &Links,
    mail: Mail<'_>,
    now: DateTime<Utc>,
    effects: &mut Effects,
) {
    let Mail {
        kind,
        place,
        session,
        reason,
    } = mail;
    let Some(client) = state.booking.clients.get(&place.client_id) else {
        return;
    };
    let with = session
        .employee_id
        .and_then(|e| state.employees.iter().find(|x| x.id == e))
        .map(|e| e.shown_name().to_string());
    let title = session.event_snapshot["title"].as_str().unwrap_or_default();
    let address = Some(state.store.address.as_str()).filter(|a| !a.trim().is_empty());
    let cancel_url = links.url(Purpose::Cancel, place, session.end_at);
    let reschedule_url = links.url(Purpose::Reschedule, place, session.end_at);
    let about = About {
        invitation_id: place.invitation_id,
        sequence: place.sequence.max(0) as u32,
        event: title,
        store: &state.store.name,
        address,
        zone: state.zone(),
        start: session.start_at,
        end: session.end_at,
        with: with.as_deref(),
        client_name: &client.name,
        client_email: &client.email,
        organiser: &links.from,
        cancel_url: &cancel_url,
        reschedule_url: &reschedule_url,
        reason,
    };
    let mut put = |kind: MailKind, due: DateTime<Utc>| {
        let m = mail::compose(kind, &about, now);
        effects
            .writes
            .push(Write::Booking(BookingWrite::QueueMail(Box::new(
                BookingMail {
                    id: BookingMailId::new(),
                    store_id: state.store.id,
                    booked_client_id: place.id,
                    kind,
                    to_email: client.email.clone(),
                    subject: m.subject,
                    body: m.body,
                    ics: m.ics,
                    due_at: due,
                    attempts: 0,
                    leased_until: None,
                    created_at: now,
                },
            ))));
    };
    put(kind, now);
    if matches!(kind, MailKind::Confirmation | MailKind::Reschedule) {
        for reminder in [MailKind::ReminderDay, MailKind::ReminderHour] {
            if let Some(due) = reminder
                .ahead()
                .map(|a| session.start_at - a)
                .filter(|d| *d > now)
            {
                put(reminder, due);
            }
        }
    }
}

/// Forgets a place's waiting reminders.
pub fn drop_reminders(place: &BookedClient, effects: &mut Effects) {
    effects
        .writes
        .push(Write::Booking(BookingWrite::DropReminders(place.id)));
}
