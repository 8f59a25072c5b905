//! A store's plan: what the payment provider's webhooks say of its subscription, applied by
//! the store's actor (so a limit is judged against the same working set that adds the
//! employee or role it counts), and the limits the commands that add or change them check.

use crate::db::models::billing::{InvoiceRow, StorePlan};
use crate::domain::audience::Audience;
use crate::domain::billing::catalogue::{Catalogue, Limits, Plan};
use crate::domain::billing::limits::{Allowance, Counted};
use crate::domain::billing::subscription::{decide, Invoice, Outcome, Subscription};
use crate::domain::ids::{EmployeeId, RoleId};
use crate::error::AppResult;
use crate::store::command::{Command, Effects, EventDraft, Reply};
use crate::store::state::StoreState;
use crate::store::write::Write;
use chrono::{DateTime, Utc};
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// The catalogue the server sells from, or none when it sells nothing (every store is then
/// unlimited). Commands that add what a plan counts carry it from the call.
#[derive(Debug, Clone, Default)]
pub struct Plans(Option<Arc<Catalogue>>);

impl Plans {
    pub fn new(catalogue: Option<Catalogue>) -> Plans {
        Plans(catalogue.map(Arc::new))
    }

    pub fn catalogue(&self) -> Option<&Catalogue> {
        self.0.as_deref()
    }

    /// What the store's plan allows it.
    pub fn allowance<'a>(&'a self, state: &StoreState) -> Allowance<'a> {
        Allowance::of(state.plan.plan(), self.catalogue())
    }

    /// Refuses adding `adding` seats (records neither deactivated nor terminated).
    pub fn admit_employees(&self, state: &StoreState, adding: usize) -> AppResult<()> {
        Ok(self
            .allowance(state)
            .admit(Counted::Employees, seats(state).count(), adding)?)
    }

    /// Refuses adding `adding` roles.
    pub fn admit_roles(&self, state: &StoreState, adding: usize) -> AppResult<()> {
        Ok(self
            .allowance(state)
            .admit(Counted::Roles, state.roles.len(), adding)?)
    }

    /// Refuses changing a seat past the plan's limit (after the store went down a plan): the
    /// newest records are the ones past it.
    pub fn writable_employee(&self, state: &StoreState, id: EmployeeId) -> AppResult<()> {
        let allowance = self.allowance(state);
        let seats: Vec<EmployeeId> = seats(state).map(|e| e.id).collect();
        let past = allowance.past_limit(Counted::Employees, seats.len());
        match seats.get(past).is_some_and(|ids| ids.contains(&id)) {
            true => Err(allowance.read_only(Counted::Employees, seats.len()).into()),
            false => Ok(()),
        }
    }

    /// Refuses changing a role past the plan's limit.
    pub fn writable_role(&self, state: &StoreState, id: RoleId) -> AppResult<()> {
        let allowance = self.allowance(state);
        let mut roles: Vec<(DateTime<Utc>, RoleId)> =
            state.roles.iter().map(|r| (r.created_at, r.id)).collect();
        roles.sort();
        let past = allowance.past_limit(Counted::Roles, roles.len());
        match roles
            .get(past)
            .is_some_and(|r| r.iter().any(|(_, r)| *r == id))
        {
            true => Err(allowance.read_only(Counted::Roles, roles.len()).into()),
            false => Ok(()),
        }
    }
}

/// The records a store pays for, oldest first: neither deactivated nor terminated (invited
/// ones and the owner's included).
pub fn seats(state: &StoreState) -> impl Iterator<Item = &crate::db::models::employee::Employee> {
    let mut seats: Vec<_> = state
        .employees
        .iter()
        .filter(|e| !e.deactive && e.terminated_at.is_none())
        .collect();
    seats.sort_by_key(|e| (e.created_at, e.id));
    seats.into_iter()
}

/// A store's plan as its owner and managers see it (`getCurrentSubscription`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanView {
    /// Whether this server sells plans; when not, every store is unlimited.
    pub billing: bool,
    pub plan: Plan,
    /// The provider's status of the subscription, or `none`.
    pub status: String,
    /// `month` or `year`.
    pub interval: Option<String>,
    /// Seats paid for.
    pub quantity: Option<i32>,
    /// When the trial ends, in epoch milliseconds.
    pub trial_end: Option<i64>,
    /// When the period paid for ends (the next invoice), in epoch milliseconds.
    pub current_period_end: Option<i64>,
    pub cancel_at_period_end: bool,
    pub limits: Limits,
    /// Seats used: records neither deactivated nor terminated.
    pub employees: usize,
    pub roles: usize,
    /// Whether the store's first subscription may still start with the free trial.
    pub trial_available: bool,
}

impl PlanView {
    pub fn of(state: &StoreState, plans: &Plans) -> PlanView {
        let row = &state.plan;
        PlanView {
            billing: plans.catalogue().is_some(),
            plan: row.plan(),
            status: row.status.clone(),
            interval: row.billing_interval.clone(),
            quantity: row.quantity,
            trial_end: row.trial_end.map(|t| t.timestamp_millis()),
            current_period_end: row.current_period_end.map(|t| t.timestamp_millis()),
            cancel_at_period_end: row.cancel_at_period_end,
            limits: plans.allowance(state).limits,
            employees: seats(state).count(),
            roles: state.roles.len(),
            trial_available: !row.trial_used,
        }
    }
}

/// What a subscription event did.
#[derive(Debug)]
pub struct Applied {
    /// The subscription the store left, still in force at the provider: to cancel.
    pub cancel: Option<String>,
}

/// A subscription event (`customer.subscription.*`), verified by its signature. An event
/// already recorded changes nothing; one older than what the store holds, or about a
/// subscription it left, is recorded only.
#[derive(Debug)]
pub struct ApplySubscription {
    pub event: String,
    pub kind: String,
    /// The provider's time of the event, in seconds.
    pub created: i64,
    pub subscription: Subscription,
    pub plans: Plans,
}

impl Command for ApplySubscription {
    fn name(&self) -> &'static str {
        "applySubscription"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let mut effects = Effects::default();
        let outcome = decide(&state.plan.standing(), &self.subscription, self.created);
        let cancel = match outcome {
            Outcome::Ignore => None,
            Outcome::Apply => Some(None),
            Outcome::Replace { cancel } => Some(cancel),
        };
        if cancel.is_some() {
            let mut next = state.plan.clone();
            next.follow(&self.subscription, self.created, now);
            put_plan(&mut effects, state, &self.plans, next);
        }
        effects.writes.push(record(&self.event, &self.kind));
        effects.reply = Reply::new(Applied {
            cancel: cancel.flatten(),
        });
        Ok(effects)
    }
}

/// A completed checkout: the store's customer at the provider, known before its
/// subscription's events (which may come later).
#[derive(Debug)]
pub struct ApplyCheckout {
    pub event: String,
    pub customer: String,
    pub plans: Plans,
}

impl Command for ApplyCheckout {
    fn name(&self) -> &'static str {
        "applyCheckout"
    }

    fn plan(&self, state: &StoreState, now: DateTime<Utc>) -> AppResult<Effects> {
        let mut effects = Effects::default();
        if state.plan.customer_id.as_deref() != Some(&self.customer) {
            let mut next = state.plan.clone();
            next.customer_id = Some(self.customer.clone());
            next.updated_at = now;
            put_plan(&mut effects, state, &self.plans, next);
        }
        effects
            .writes
            .push(record(&self.event, "checkout.session.completed"));
        Ok(effects)
    }
}

/// An invoice event (`invoice.*`): the invoice as of the event, unless a newer one wrote it.
#[derive(Debug)]
pub struct ApplyInvoice {
    pub event: String,
    pub kind: String,
    pub created: i64,
    pub invoice: Invoice,
}

impl Command for ApplyInvoice {
    fn name(&self) -> &'static str {
        "applyInvoice"
    }

    fn plan(&self, state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        let row = InvoiceRow::new(state.store.id, &self.invoice, self.created);
        Ok(Effects {
            writes: vec![
                Write::PutInvoice(Box::new(row)),
                record(&self.event, &self.kind),
            ],
            ..Effects::default()
        })
    }
}

/// The plan written, announced to the owner and managers as `store.plan` (a store change, so
/// other server processes re-read it with the membership).
fn put_plan(effects: &mut Effects, state: &StoreState, plans: &Plans, next: StorePlan) {
    let mut after = PlanView::of(state, plans);
    let before_plan = after.plan;
    after.plan = next.plan();
    after.limits = Allowance::of(after.plan, plans.catalogue()).limits;
    after.status = next.status.clone();
    after.interval = next.billing_interval.clone();
    after.quantity = next.quantity;
    after.trial_end = next.trial_end.map(|t| t.timestamp_millis());
    after.current_period_end = next.current_period_end.map(|t| t.timestamp_millis());
    after.cancel_at_period_end = next.cancel_at_period_end;
    after.trial_available = !next.trial_used;
    tracing::info!(store = %state.store.id, from = %before_plan, to = %after.plan, status = %after.status, "plan");
    effects.events.push(EventDraft {
        kind: "store.plan",
        data: serde_json::to_value(&after).unwrap_or_default(),
        visibility: Audience::Managers,
    });
    effects.writes.push(Write::PutPlan(Box::new(next)));
}

fn record(event: &str, kind: &str) -> Write {
    Write::RecordBillingEvent {
        id: event.to_string(),
        kind: kind.to_string(),
    }
}

/// The store's plan as it stands, and its seats: read through the actor, so it is the one
/// the limits are judged against.
#[derive(Debug)]
pub struct ReadPlan {
    pub plans: Plans,
}

/// What [`ReadPlan`] answers.
#[derive(Debug)]
pub struct PlanNow {
    pub view: PlanView,
    pub row: StorePlan,
}

impl Command for ReadPlan {
    fn name(&self) -> &'static str {
        "getCurrentSubscription"
    }

    fn plan(&self, state: &StoreState, _now: DateTime<Utc>) -> AppResult<Effects> {
        Ok(Effects::nothing(PlanNow {
            view: PlanView::of(state, &self.plans),
            row: state.plan.clone(),
        }))
    }
}
