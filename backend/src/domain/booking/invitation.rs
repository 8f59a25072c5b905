//! The calendar invitation a client's mail carries (RFC 5545 with iTIP's METHOD): one stable
//! UID per reservation, its SEQUENCE raised by each change, times in UTC. A confirmation or
//! reschedule is a REQUEST (the client's calendar adds or moves the event), a cancellation a
//! CANCEL.

use chrono::{DateTime, Utc};
use icalendar::{Calendar, Component, Event, EventLike, EventStatus, Property};

/// What an invitation says.
#[derive(Debug, Clone)]
pub struct Invitation<'a> {
    /// The reservation's id: the event's UID, the same in every mail about it.
    pub uid: uuid::Uuid,
    /// Raised by each change the client is told of.
    pub sequence: u32,
    pub cancelled: bool,
    pub title: &'a str,
    pub store: &'a str,
    pub address: Option<&'a str>,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// Who works it, when known.
    pub with: Option<&'a str>,
    pub client_name: &'a str,
    pub client_email: &'a str,
    /// The mail's sender, the organiser.
    pub organiser: &'a str,
    /// Where to cancel or choose another time.
    pub manage_url: Option<&'a str>,
    pub now: DateTime<Utc>,
}

impl Invitation<'_> {
    /// The `.ics` text.
    pub fn ics(&self) -> String {
        let mut event = Event::new();
        event
            .uid(&format!("{}@clockto", self.uid))
            .sequence(self.sequence)
            .timestamp(self.now)
            .starts(self.start)
            .ends(self.end)
            .summary(&format!("{} · {}", self.title, self.store))
            .status(if self.cancelled {
                EventStatus::Cancelled
            } else {
                EventStatus::Confirmed
            })
            .append_property(
                Property::new("ORGANIZER", format!("mailto:{}", self.organiser))
                    .add_parameter("CN", self.store)
                    .done(),
            )
            .append_property(
                Property::new("ATTENDEE", format!("mailto:{}", self.client_email))
                    .add_parameter("CN", self.client_name)
                    .add_parameter("ROLE", "REQ-PARTICIPANT")
                    .add_parameter("PARTSTAT", "ACCEPTED")
                    .done(),
            );
        if let Some(address) = self.address.filter(|a| !a.trim().is_empty()) {
            event.location(address);
        }
        let mut description = String::new();
        if let Some(with) = self.with {
            description.push_str(&format!("With {with}.\n"));
        }
        if let Some(url) = self.manage_url {
            description.push_str(&format!("Cancel or choose another time: {url}\n"));
        }
        if !description.is_empty() {
            event.description(description.trim_end());
        }
        let mut calendar = Calendar::new();
        calendar
            .append_property(Property::new(
                "METHOD",
                if self.cancelled { "CANCEL" } else { "REQUEST" },
            ))
            .push(event.done());
        calendar.done().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Duration;

    fn invitation(cancelled: bool, sequence: u32) -> String {
        let start = DateTime::from_timestamp(1_800_000_000, 0).expect("as set up");
        Invitation {
            uid: uuid::Uuid::from_u128(7),
            sequence,
            cancelled,
            title: "Haircut",
            store: "Demo Café",
            address: Some("Main street 1, Berlin"),
            start,
            end: start + Duration::minutes(30),
            with: Some("Ana"),
            client_name: "Bo Client",
            client_email: "bo@example.com",
            organiser: "booking@example.com",
            manage_url: Some("https://example.com/r/abc"),
            now: start - Duration::days(1),
        }
        .ics()
    }

    /// Unfolds the RFC 5545 lines (a long line continues on one starting with a space).
    fn lines(ics: &str) -> Vec<String> {
        ics.replace("\r\n ", "")
            .split("\r\n")
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn a_confirmation_is_a_request_in_utc() {
        let l = lines(&invitation(false, 0));
        assert!(l.contains(&"METHOD:REQUEST".to_string()), "{l:?}");
        assert!(l.contains(&"UID:00000000-0000-0000-0000-000000000007@clockto".to_string()));
        assert!(l.contains(&"SEQUENCE:0".to_string()));
        assert!(l.contains(&"DTSTART:20270115T080000Z".to_string()), "{l:?}");
        assert!(l.contains(&"DTEND:20270115T083000Z".to_string()));
        assert!(l.contains(&"STATUS:CONFIRMED".to_string()));
        assert!(l
            .iter()
            .any(|x| x.starts_with("ATTENDEE;") && x.ends_with("mailto:bo@example.com")));
        assert!(l.iter().any(|x| x.starts_with("LOCATION:Main street 1")));
    }

    #[test]
    fn a_cancellation_keeps_the_uid_and_raises_the_sequence() {
        let l = lines(&invitation(true, 2));
        assert!(l.contains(&"METHOD:CANCEL".to_string()));
        assert!(l.contains(&"UID:00000000-0000-0000-0000-000000000007@clockto".to_string()));
        assert!(l.contains(&"SEQUENCE:2".to_string()));
        assert!(l.contains(&"STATUS:CANCELLED".to_string()));
    }
}
