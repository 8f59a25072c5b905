//! The mails to a booking client: what each says, with its calendar invitation. The client
//! has no account and so no language of their own; the mails are in English, with times in
//! the store's zone and the zone named.

use crate::domain::booking::invitation::Invitation;
use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;

/// Which mail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MailKind {
    Confirmation,
    Reschedule,
    Cancellation,
    /// A day before.
    ReminderDay,
    /// An hour before.
    ReminderHour,
}

impl MailKind {
    pub fn as_str(self) -> &'static str {
        match self {
            MailKind::Confirmation => "confirmation",
            MailKind::Reschedule => "reschedule",
            MailKind::Cancellation => "cancellation",
            MailKind::ReminderDay => "reminder_day",
            MailKind::ReminderHour => "reminder_hour",
        }
    }

    pub fn parse(s: &str) -> Option<MailKind> {
        [
            MailKind::Confirmation,
            MailKind::Reschedule,
            MailKind::Cancellation,
            MailKind::ReminderDay,
            MailKind::ReminderHour,
        ]
        .into_iter()
        .find(|k| k.as_str() == s)
    }

    /// How long before the session a reminder goes.
    pub fn ahead(self) -> Option<Duration> {
        match self {
            MailKind::ReminderDay => Some(Duration::hours(24)),
            MailKind::ReminderHour => Some(Duration::hours(1)),
            _ => None,
        }
    }
}

/// What a reservation's mails are made of.
#[derive(Debug, Clone)]
pub struct About<'a> {
    pub invitation_id: uuid::Uuid,
    pub sequence: u32,
    pub event: &'a str,
    pub store: &'a str,
    pub address: Option<&'a str>,
    pub zone: Tz,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub with: Option<&'a str>,
    pub client_name: &'a str,
    pub client_email: &'a str,
    pub organiser: &'a str,
    pub cancel_url: &'a str,
    pub reschedule_url: &'a str,
    /// A manager's reason, for a cancellation or a move.
    pub reason: Option<&'a str>,
}

/// A composed mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Composed {
    pub subject: String,
    pub body: String,
    /// The invitation, for the mails that change the client's calendar.
    pub ics: Option<String>,
}

/// The session's time as the store's clocks show it, with the zone.
pub fn when(zone: Tz, start: DateTime<Utc>, end: DateTime<Utc>) -> String {
    let (s, e) = (start.with_timezone(&zone), end.with_timezone(&zone));
    format!(
        "{} {}–{} ({})",
        s.format("%A %-d %B %Y"),
        s.format("%H:%M"),
        e.format("%H:%M"),
        zone.name()
    )
}

pub fn compose(kind: MailKind, a: &About<'_>, now: DateTime<Utc>) -> Composed {
    let when = when(a.zone, a.start, a.end);
    let with = a.with.map(|w| format!(" with {w}")).unwrap_or_default();
    let place = a
        .address
        .map(|p| format!("\nWhere: {p}"))
        .unwrap_or_default();
    let reason = a
        .reason
        .filter(|r| !r.trim().is_empty())
        .map(|r| format!("\nReason: {r}"))
        .unwrap_or_default();
    let links = format!(
        "\n\nTo cancel: {}\nTo choose another time: {}",
        a.cancel_url, a.reschedule_url
    );
    let (subject, text, cancelled) = match kind {
        MailKind::Confirmation => (
            format!("Booked: {} at {}", a.event, a.store),
            format!(
                "Your booking of {}{with} is confirmed.\nWhen: {when}{place}{links}",
                a.event
            ),
            false,
        ),
        MailKind::Reschedule => (
            format!("Moved: {} at {}", a.event, a.store),
            format!(
                "Your booking of {}{with} has a new time.\nWhen: {when}{place}{reason}{links}",
                a.event
            ),
            false,
        ),
        MailKind::Cancellation => (
            format!("Cancelled: {} at {}", a.event, a.store),
            format!(
                "Your booking of {} on {when} is cancelled.{reason}",
                a.event
            ),
            true,
        ),
        MailKind::ReminderDay | MailKind::ReminderHour => (
            format!("Reminder: {} at {}", a.event, a.store),
            format!(
                "A reminder of your booking of {}{with}.\nWhen: {when}{place}{links}",
                a.event
            ),
            false,
        ),
    };
    let body = format!("Hello {},\n\n{text}\n\n{}\n", a.client_name, a.store);
    // Reminders carry no invitation: the calendar has the event already.
    let ics = (kind.ahead().is_none()).then(|| {
        Invitation {
            uid: a.invitation_id,
            sequence: a.sequence,
            cancelled,
            title: a.event,
            store: a.store,
            address: a.address,
            start: a.start,
            end: a.end,
            with: a.with,
            client_name: a.client_name,
            client_email: a.client_email,
            organiser: a.organiser,
            manage_url: (!cancelled).then_some(a.reschedule_url),
            now,
        }
        .ics()
    });
    Composed { subject, body, ics }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::Europe::Berlin;

    fn about(start: DateTime<Utc>) -> About<'static> {
        About {
            invitation_id: uuid::Uuid::from_u128(1),
            sequence: 1,
            event: "Haircut",
            store: "Demo Café",
            address: None,
            zone: Berlin,
            start,
            end: start + Duration::minutes(30),
            with: Some("Ana"),
            client_name: "Bo",
            client_email: "bo@example.com",
            organiser: "booking@example.com",
            cancel_url: "https://x/c",
            reschedule_url: "https://x/r",
            reason: Some("Ana is ill"),
        }
    }

    #[test]
    fn each_mail_says_its_part() {
        let start = DateTime::from_timestamp(1_800_000_000, 0).expect("as set up");
        let a = about(start);
        let c = compose(MailKind::Confirmation, &a, start);
        assert_eq!(c.subject, "Booked: Haircut at Demo Café");
        assert!(
            c.body
                .contains("Friday 15 January 2027 09:00–09:30 (Europe/Berlin)"),
            "{}",
            c.body
        );
        assert!(c.body.contains("https://x/c") && c.body.contains("with Ana"));
        assert!(c
            .ics
            .as_deref()
            .is_some_and(|i| i.contains("METHOD:REQUEST")));
        let x = compose(MailKind::Cancellation, &a, start);
        assert!(x
            .ics
            .as_deref()
            .is_some_and(|i| i.contains("METHOD:CANCEL")));
        assert!(x.body.contains("Reason: Ana is ill") && !x.body.contains("https://x/c"));
        let r = compose(MailKind::ReminderHour, &a, start);
        assert!(r.ics.is_none() && r.subject.starts_with("Reminder"));
        assert_eq!(MailKind::ReminderDay.ahead(), Some(Duration::hours(24)));
        for k in [
            "confirmation",
            "reschedule",
            "cancellation",
            "reminder_day",
            "reminder_hour",
        ] {
            assert_eq!(MailKind::parse(k).map(MailKind::as_str), Some(k));
        }
    }
}
