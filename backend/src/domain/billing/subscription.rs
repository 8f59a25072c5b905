//! The payment provider's subscriptions and invoices as the server keeps them, read from the
//! objects its webhooks carry, and which subscription a store's plan follows when events come
//! late, twice or out of order.

use super::catalogue::{Interval, Plan};
use chrono::{DateTime, Utc};
use serde_json::Value;

/// A subscription's state at the provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Incomplete,
    IncompleteExpired,
    Trialing,
    Active,
    PastDue,
    Canceled,
    Unpaid,
    Paused,
}

impl Status {
    const NAMES: [(Status, &'static str); 8] = [
        (Status::Incomplete, "incomplete"),
        (Status::IncompleteExpired, "incomplete_expired"),
        (Status::Trialing, "trialing"),
        (Status::Active, "active"),
        (Status::PastDue, "past_due"),
        (Status::Canceled, "canceled"),
        (Status::Unpaid, "unpaid"),
        (Status::Paused, "paused"),
    ];

    pub fn as_str(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(s, _)| *s == self)
            .map_or("canceled", |(_, n)| n)
    }

    pub fn parse(text: &str) -> Option<Status> {
        Self::NAMES
            .iter()
            .find(|(_, n)| *n == text)
            .map(|(s, _)| *s)
    }

    /// Whether the plan paid for applies: in its trial, paid, or paid late (the provider
    /// retries the card for a while before it gives up and cancels).
    pub fn in_force(self) -> bool {
        matches!(self, Status::Trialing | Status::Active | Status::PastDue)
    }
}

/// A subscription as the server keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub id: String,
    pub customer: String,
    pub plan: Plan,
    pub interval: Interval,
    pub status: Status,
    /// Seats paid for: the store's active employees when it was last counted.
    pub quantity: i32,
    /// The subscription's one item, whose quantity follows the seats.
    pub item: String,
    pub trial_end: Option<DateTime<Utc>>,
    pub current_period_end: Option<DateTime<Utc>>,
    pub cancel_at_period_end: bool,
}

impl Subscription {
    /// The plan it leaves a store on.
    pub fn plan_in_force(&self) -> Plan {
        if self.status.in_force() {
            self.plan
        } else {
            Plan::Free
        }
    }
}

/// Why an object was not read.
pub type Unreadable = String;

/// Reads a subscription object (`customer.subscription.*` events' `data.object`). The plan
/// is the one its checkout wrote into its metadata; the store, too (`storeId`).
pub fn read_subscription(object: &Value) -> Result<(Option<String>, Subscription), Unreadable> {
    let text = |v: &Value, what: &str| {
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| format!("the subscription has no {what}"))
    };
    let item = &object["items"]["data"][0];
    let plan = object["metadata"]["plan"]
        .as_str()
        .and_then(Plan::parse)
        .ok_or("the subscription's metadata names no plan")?;
    let interval = item["price"]["recurring"]["interval"]
        .as_str()
        .or_else(|| object["metadata"]["interval"].as_str())
        .and_then(Interval::parse)
        .ok_or("the subscription has no interval")?;
    let status = object["status"]
        .as_str()
        .and_then(Status::parse)
        .ok_or("the subscription has no known status")?;
    // Newer API versions keep the period on the item, older ones on the subscription.
    let period_end = item["current_period_end"]
        .as_i64()
        .or_else(|| object["current_period_end"].as_i64());
    let subscription = Subscription {
        id: text(&object["id"], "id")?,
        customer: text(&object["customer"], "customer")?,
        plan,
        interval,
        status,
        quantity: item["quantity"]
            .as_i64()
            .and_then(|q| i32::try_from(q).ok())
            .ok_or("the subscription's item has no quantity")?,
        item: text(&item["id"], "item")?,
        trial_end: object["trial_end"].as_i64().and_then(instant),
        current_period_end: period_end.and_then(instant),
        cancel_at_period_end: object["cancel_at_period_end"].as_bool().unwrap_or(false),
    };
    let store = object["metadata"]["storeId"].as_str().map(str::to_string);
    Ok((store, subscription))
}

/// An invoice as the server keeps it (`invoice.*` events).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invoice {
    pub id: String,
    pub customer: String,
    pub subscription: Option<String>,
    pub number: Option<String>,
    /// `draft`, `open`, `paid`, `uncollectible` or `void`.
    pub status: String,
    /// In cents, taxes included.
    pub total: i64,
    pub currency: String,
    pub created: DateTime<Utc>,
    pub period_start: Option<DateTime<Utc>>,
    pub period_end: Option<DateTime<Utc>>,
    pub hosted_invoice_url: Option<String>,
    pub invoice_pdf: Option<String>,
}

/// Reads an invoice object, and the store its subscription's metadata names, if it does.
pub fn read_invoice(object: &Value) -> Result<(Option<String>, Invoice), Unreadable> {
    let text = |v: &Value| v.as_str().map(str::to_string);
    let required =
        |v: &Value, what: &str| text(v).ok_or_else(|| format!("the invoice has no {what}"));
    // Newer API versions put the subscription under `parent`, older ones on the invoice.
    let details = if object["parent"]["subscription_details"].is_object() {
        &object["parent"]["subscription_details"]
    } else {
        &object["subscription_details"]
    };
    let subscription = text(&details["subscription"]).or_else(|| text(&object["subscription"]));
    let status = required(&object["status"], "status")?;
    if !["draft", "open", "paid", "uncollectible", "void"].contains(&status.as_str()) {
        return Err(format!("the invoice's status {status:?} is unknown"));
    }
    let invoice = Invoice {
        id: required(&object["id"], "id")?,
        customer: required(&object["customer"], "customer")?,
        subscription,
        number: text(&object["number"]),
        status,
        total: object["total"].as_i64().ok_or("the invoice has no total")?,
        currency: required(&object["currency"], "currency")?,
        created: object["created"]
            .as_i64()
            .and_then(instant)
            .ok_or("the invoice has no time")?,
        period_start: object["period_start"].as_i64().and_then(instant),
        period_end: object["period_end"].as_i64().and_then(instant),
        hosted_invoice_url: text(&object["hosted_invoice_url"]).filter(|u| is_https(u)),
        invoice_pdf: text(&object["invoice_pdf"]).filter(|u| is_https(u)),
    };
    Ok((text(&details["metadata"]["storeId"]), invoice))
}

/// Links the web app opens must be web addresses, not `javascript:`.
fn is_https(url: &str) -> bool {
    url.starts_with("https://") || url.starts_with("http://")
}

fn instant(seconds: i64) -> Option<DateTime<Utc>> {
    DateTime::from_timestamp(seconds, 0)
}

/// What a store's plan follows now: its subscription and the time of the newest event
/// applied to it (the provider's event `created`, in seconds).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standing {
    pub subscription: Option<Subscription>,
    pub event_at: Option<i64>,
}

/// What an event about a subscription does to a store's standing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The subscription is the store's (now): its state replaces the standing's.
    Apply,
    /// Another subscription takes over, and the one it replaces, still in force, is to be
    /// cancelled (a store pays for one plan at a time).
    Replace { cancel: Option<String> },
    /// Older than what the standing already holds, or about a subscription the store left:
    /// recorded as received, applied to nothing.
    Ignore,
}

/// Decides what an event created at `created` carrying `incoming` does to `standing`.
/// Events may come twice and in any order: the newest state of the store's subscription wins,
/// and a subscription the store moved away from cannot take the plan back.
pub fn decide(standing: &Standing, incoming: &Subscription, created: i64) -> Outcome {
    let newer = standing.event_at.is_none_or(|at| created >= at);
    match &standing.subscription {
        None => Outcome::Apply,
        Some(current) if current.id == incoming.id => {
            if newer {
                Outcome::Apply
            } else {
                Outcome::Ignore
            }
        }
        Some(current) => {
            let takes_over = incoming.status.in_force() && (!current.status.in_force() || newer);
            if takes_over {
                Outcome::Replace {
                    cancel: current.status.in_force().then(|| current.id.clone()),
                }
            } else {
                Outcome::Ignore
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn object(id: &str, status: &str) -> Value {
        json!({
            "id": id,
            "object": "subscription",
            "customer": "cus_1",
            "status": status,
            "metadata": { "plan": "premium", "storeId": "store-1" },
            "items": { "data": [{
                "id": "si_1",
                "quantity": 6,
                "current_period_end": 1_800_000_000,
                "price": { "recurring": { "interval": "year" } }
            }]},
            "trial_end": 1_790_000_000,
            "cancel_at_period_end": false
        })
    }

    fn sub(id: &str, status: &str) -> Subscription {
        read_subscription(&object(id, status)).expect("readable").1
    }

    #[test]
    fn a_subscription_object_is_read() {
        let (store, s) = read_subscription(&object("sub_1", "trialing")).expect("readable");
        assert_eq!(store.as_deref(), Some("store-1"));
        assert_eq!(s.plan, Plan::Premium);
        assert_eq!(s.interval, Interval::Year);
        assert_eq!(s.status, Status::Trialing);
        assert_eq!(s.quantity, 6);
        assert_eq!(s.item, "si_1");
        assert_eq!(
            s.current_period_end.map(|t| t.timestamp()),
            Some(1_800_000_000)
        );
        assert_eq!(s.trial_end.map(|t| t.timestamp()), Some(1_790_000_000));
        assert_eq!(s.plan_in_force(), Plan::Premium);

        let mut older = object("sub_1", "active");
        older["items"]["data"][0]["current_period_end"] = Value::Null;
        older["current_period_end"] = json!(1_700_000_000);
        let s = read_subscription(&older).expect("readable").1;
        assert_eq!(
            s.current_period_end.map(|t| t.timestamp()),
            Some(1_700_000_000)
        );

        let mut planless = object("sub_1", "active");
        planless["metadata"] = json!({});
        assert!(read_subscription(&planless).is_err());
        assert!(read_subscription(&object("sub_1", "sleeping")).is_err());
    }

    #[test]
    fn only_a_trial_a_paid_or_a_late_subscription_holds_its_plan() {
        for (status, held) in [
            ("trialing", true),
            ("active", true),
            ("past_due", true),
            ("incomplete", false),
            ("incomplete_expired", false),
            ("canceled", false),
            ("unpaid", false),
            ("paused", false),
        ] {
            let s = Status::parse(status).expect("known");
            assert_eq!(s.as_str(), status);
            assert_eq!(s.in_force(), held, "{status}");
            let plan = sub("sub_1", status).plan_in_force();
            assert_eq!(plan == Plan::Premium, held, "{status}");
        }
    }

    #[test]
    fn the_newest_event_of_the_stores_subscription_wins() {
        let standing = Standing {
            subscription: Some(sub("sub_1", "active")),
            event_at: Some(100),
        };
        assert_eq!(
            decide(&standing, &sub("sub_1", "canceled"), 101),
            Outcome::Apply
        );
        assert_eq!(
            decide(&standing, &sub("sub_1", "active"), 100),
            Outcome::Apply
        );
        // An update from before the cancellation, delivered after it, changes nothing.
        assert_eq!(
            decide(&standing, &sub("sub_1", "trialing"), 99),
            Outcome::Ignore
        );
        assert_eq!(
            decide(&Standing::default(), &sub("sub_1", "incomplete"), 5),
            Outcome::Apply
        );
    }

    #[test]
    fn a_new_subscription_replaces_the_old_one_which_cannot_take_the_plan_back() {
        let standing = Standing {
            subscription: Some(sub("sub_old", "active")),
            event_at: Some(100),
        };
        assert_eq!(
            decide(&standing, &sub("sub_new", "active"), 150),
            Outcome::Replace {
                cancel: Some("sub_old".into())
            }
        );
        // The old one's cancellation, or its late updates, are recorded and ignored.
        let moved = Standing {
            subscription: Some(sub("sub_new", "active")),
            event_at: Some(150),
        };
        assert_eq!(
            decide(&moved, &sub("sub_old", "canceled"), 160),
            Outcome::Ignore
        );
        assert_eq!(
            decide(&moved, &sub("sub_old", "active"), 120),
            Outcome::Ignore
        );
        // A subscription not in force never takes over one that is.
        assert_eq!(
            decide(&moved, &sub("sub_x", "incomplete"), 200),
            Outcome::Ignore
        );
        // After a cancellation, any subscription in force takes over, whatever its time.
        let lapsed = Standing {
            subscription: Some(sub("sub_old", "canceled")),
            event_at: Some(300),
        };
        assert_eq!(
            decide(&lapsed, &sub("sub_new", "trialing"), 200),
            Outcome::Replace { cancel: None }
        );
    }

    #[test]
    fn an_invoice_object_is_read_with_its_store() {
        let object = json!({
            "id": "in_1",
            "customer": "cus_1",
            "number": "ABC-0001",
            "status": "paid",
            "total": 47_994,
            "currency": "usd",
            "created": 1_790_000_000,
            "period_start": 1_790_000_000,
            "period_end": 1_821_536_000,
            "hosted_invoice_url": "https://invoice.stripe.com/i/1",
            "invoice_pdf": "javascript:alert(1)",
            "parent": { "subscription_details": {
                "subscription": "sub_1",
                "metadata": { "storeId": "store-1" }
            }}
        });
        let (store, invoice) = read_invoice(&object).expect("readable");
        assert_eq!(store.as_deref(), Some("store-1"));
        assert_eq!(invoice.subscription.as_deref(), Some("sub_1"));
        assert_eq!(invoice.total, 47_994);
        assert_eq!(invoice.number.as_deref(), Some("ABC-0001"));
        assert_eq!(
            invoice.hosted_invoice_url.as_deref(),
            Some("https://invoice.stripe.com/i/1")
        );
        assert_eq!(invoice.invoice_pdf, None);

        let mut odd = object.clone();
        odd["status"] = json!("lost");
        assert!(read_invoice(&odd).is_err());
        let mut older = object;
        older["parent"] = Value::Null;
        older["subscription"] = json!("sub_2");
        let (store, invoice) = read_invoice(&older).expect("readable");
        assert_eq!(
            (store, invoice.subscription.as_deref()),
            (None, Some("sub_2"))
        );
    }
}
