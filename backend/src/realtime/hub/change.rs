//! A committed change as the sockets get it: encoded once, with who may see it.

use crate::domain::audience::Audience;
use crate::domain::ids::{StoreId, UserId};
use crate::domain::membership;
use crate::realtime::outbound::{Frame, Outbound};
use crate::store::notify::NOTIFICATION_EVENT;
use crate::store::persist::CommittedEvent;
use serde::Serialize;
use serde_json::Value;

/// One committed change, encoded once for every socket that may see it.
#[derive(Debug)]
pub struct Change {
    pub version: i64,
    pub audience: Audience,
    /// A change of an employee record, after which members' permissions are read again.
    pub touches_members: bool,
    pub frame: Frame,
    /// For a new notification, the `notification` event its reader's sockets also get, so a
    /// client can show it without reading every change.
    pub alert: Option<Frame>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChangeBody<'a> {
    store_id: StoreId,
    version: i64,
    #[serde(rename = "type")]
    kind: &'a str,
    data: &'a Value,
    at: i64,
}

impl Change {
    /// Encodes `change {storeId, version, type, data, at}`.
    pub fn new(
        store: StoreId,
        version: i64,
        kind: &str,
        data: &Value,
        at: i64,
        audience: Audience,
    ) -> Change {
        let body = ChangeBody {
            store_id: store,
            version,
            kind,
            data,
            at,
        };
        Change {
            version,
            audience,
            touches_members: membership::touches_membership(kind),
            frame: event_frame("change", &body),
            alert: (kind == NOTIFICATION_EVENT).then(|| alert_frame(data)),
        }
    }

    /// The users whose own room a new notification also goes to: its reader (none for a
    /// notification to the whole store, which its room delivers).
    pub fn readers(&self) -> &[UserId] {
        match (&self.alert, &self.audience) {
            (Some(_), Audience::Users(users)) => users,
            _ => &[],
        }
    }

    /// Pushes the change (and its alert) to a socket's queue.
    pub(super) fn push_to(&self, out: &Outbound) {
        if self.enqueue_to(out) {
            out.wake();
        }
    }

    /// Queues the change (and its alert) for a socket without sending it. Returns whether
    /// anything was queued.
    pub(super) fn enqueue_to(&self, out: &Outbound) -> bool {
        let queued = out.enqueue(self.frame.clone());
        match &self.alert {
            Some(alert) => out.enqueue(alert.clone()) || queued,
            None => queued,
        }
    }

    pub fn from_committed(e: &CommittedEvent) -> Change {
        Change::new(
            e.store_id,
            e.version,
            &e.kind,
            &e.data,
            e.at,
            e.visibility.clone(),
        )
    }
}

/// Encodes the `notification` event of a new notification.
pub(super) fn alert_frame(data: &Value) -> Frame {
    event_frame("notification", data)
}

/// Encodes a server event `42["<name>",<payload>]` (Engine.IO message, Socket.IO EVENT).
pub fn event_frame<T: Serialize + ?Sized>(name: &str, payload: &T) -> Frame {
    let json = serde_json::to_string(&(name, payload))
        // Serialising our own values to JSON cannot fail; keep a valid frame if it ever did.
        .unwrap_or_else(|_| format!("[{}]", serde_json::Value::from(name)));
    let mut s = String::with_capacity(2 + json.len());
    s.push_str("42");
    s.push_str(&json);
    Frame::from(s)
}
