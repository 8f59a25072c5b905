//! Plans and payments' rows: a store's subscription as the provider's webhooks last described
//! it, its invoices, and the provider's events received. The first two are written only by
//! the store's actor (`store::billing`); an event is recorded in the same commit.

use crate::db::schema::{billing_events, invoices, store_plans};
use crate::domain::billing::catalogue::{Interval, Plan};
use crate::domain::billing::subscription::{Invoice, Standing, Status, Subscription};
use crate::domain::ids::StoreId;
use chrono::{DateTime, Utc};
use diesel::prelude::*;

/// A store's subscription, as its row holds it.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = store_plans, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct StorePlan {
    pub store_id: StoreId,
    pub customer_id: Option<String>,
    pub subscription_id: Option<String>,
    pub plan: String,
    pub status: String,
    pub billing_interval: Option<String>,
    pub quantity: Option<i32>,
    pub subscription_item: Option<String>,
    pub trial_end: Option<DateTime<Utc>>,
    pub current_period_end: Option<DateTime<Utc>>,
    pub cancel_at_period_end: bool,
    pub trial_used: bool,
    pub event_at: Option<i64>,
    pub updated_at: DateTime<Utc>,
}

/// `status` of a store that never subscribed.
pub const NO_SUBSCRIPTION: &str = "none";

impl StorePlan {
    /// A store that never subscribed: free.
    pub fn none(store_id: StoreId, now: DateTime<Utc>) -> StorePlan {
        StorePlan {
            store_id,
            customer_id: None,
            subscription_id: None,
            plan: Plan::Free.as_str().into(),
            status: NO_SUBSCRIPTION.into(),
            billing_interval: None,
            quantity: None,
            subscription_item: None,
            trial_end: None,
            current_period_end: None,
            cancel_at_period_end: false,
            trial_used: false,
            event_at: None,
            updated_at: now,
        }
    }

    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Option<StorePlan>> {
        store_plans::table
            .find(store)
            .select(StorePlan::as_select())
            .first(conn)
            .optional()
    }

    /// The store of a provider's customer.
    pub fn store_of_customer(
        conn: &mut PgConnection,
        customer: &str,
    ) -> QueryResult<Option<StoreId>> {
        store_plans::table
            .filter(store_plans::customer_id.eq(customer))
            .select(store_plans::store_id)
            .first(conn)
            .optional()
    }

    /// The subscriptions whose seats are to be checked against their stores' employees.
    pub fn subscribed(conn: &mut PgConnection) -> QueryResult<Vec<StorePlan>> {
        store_plans::table
            .filter(store_plans::subscription_id.is_not_null())
            .filter(store_plans::status.eq_any(["trialing", "active", "past_due"]))
            .select(StorePlan::as_select())
            .load(conn)
    }

    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        diesel::insert_into(store_plans::table)
            .values(self)
            .on_conflict(store_plans::store_id)
            .do_update()
            .set(self)
            .execute(conn)
    }

    /// The plan in force: the subscription's while it is, free otherwise.
    pub fn plan(&self) -> Plan {
        match (Plan::parse(&self.plan), Status::parse(&self.status)) {
            (Some(plan), Some(status)) if status.in_force() => plan,
            _ => Plan::Free,
        }
    }

    /// What the subscription rules decide from.
    pub fn standing(&self) -> Standing {
        let subscription = (|| {
            Some(Subscription {
                id: self.subscription_id.clone()?,
                customer: self.customer_id.clone()?,
                plan: Plan::parse(&self.plan)?,
                interval: Interval::parse(self.billing_interval.as_deref()?)?,
                status: Status::parse(&self.status)?,
                quantity: self.quantity?,
                item: self.subscription_item.clone()?,
                trial_end: self.trial_end,
                current_period_end: self.current_period_end,
                cancel_at_period_end: self.cancel_at_period_end,
            })
        })();
        Standing {
            subscription,
            event_at: self.event_at,
        }
    }

    /// Takes a subscription's state, as of the provider's time `event_at`.
    pub fn follow(&mut self, s: &Subscription, event_at: i64, now: DateTime<Utc>) {
        self.customer_id = Some(s.customer.clone());
        self.subscription_id = Some(s.id.clone());
        self.plan = s.plan.as_str().into();
        self.status = s.status.as_str().into();
        self.billing_interval = Some(s.interval.as_str().into());
        self.quantity = Some(s.quantity);
        self.subscription_item = Some(s.item.clone());
        self.trial_end = s.trial_end;
        self.current_period_end = s.current_period_end;
        self.cancel_at_period_end = s.cancel_at_period_end;
        self.trial_used |= s.trial_end.is_some();
        self.event_at = Some(self.event_at.map_or(event_at, |at| at.max(event_at)));
        self.updated_at = now;
    }
}

/// An invoice row.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = invoices, check_for_backend(diesel::pg::Pg), treat_none_as_null = true)]
pub struct InvoiceRow {
    pub id: String,
    pub store_id: StoreId,
    pub subscription_id: Option<String>,
    pub number: Option<String>,
    pub status: String,
    pub total: i64,
    pub currency: String,
    pub created: DateTime<Utc>,
    pub period_start: Option<DateTime<Utc>>,
    pub period_end: Option<DateTime<Utc>>,
    pub hosted_invoice_url: Option<String>,
    pub invoice_pdf: Option<String>,
    pub event_at: i64,
}

/// The most invoices a read answers: years of monthly ones.
pub const INVOICES_READ: i64 = 120;

impl InvoiceRow {
    pub fn new(store_id: StoreId, invoice: &Invoice, event_at: i64) -> InvoiceRow {
        InvoiceRow {
            id: invoice.id.clone(),
            store_id,
            subscription_id: invoice.subscription.clone(),
            number: invoice.number.clone(),
            status: invoice.status.clone(),
            total: invoice.total,
            currency: invoice.currency.clone(),
            created: invoice.created,
            period_start: invoice.period_start,
            period_end: invoice.period_end,
            hosted_invoice_url: invoice.hosted_invoice_url.clone(),
            invoice_pdf: invoice.invoice_pdf.clone(),
            event_at,
        }
    }

    /// The store's newest invoices first.
    pub fn of_store(conn: &mut PgConnection, store: StoreId) -> QueryResult<Vec<InvoiceRow>> {
        invoices::table
            .filter(invoices::store_id.eq(store))
            .order((invoices::created.desc(), invoices::id.desc()))
            .limit(INVOICES_READ)
            .select(InvoiceRow::as_select())
            .load(conn)
    }

    /// Writes the invoice unless a newer event already did (events come in any order).
    pub fn upsert(&self, conn: &mut PgConnection) -> QueryResult<usize> {
        let added = diesel::insert_into(invoices::table)
            .values(self)
            .on_conflict_do_nothing()
            .execute(conn)?;
        if added == 1 {
            return Ok(1);
        }
        diesel::update(invoices::table)
            .filter(invoices::id.eq(&self.id))
            .filter(invoices::event_at.le(self.event_at))
            .set(self)
            .execute(conn)
    }
}

/// A provider's event received.
pub struct BillingEvent;

impl BillingEvent {
    pub fn seen(conn: &mut PgConnection, id: &str) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(billing_events::table.find(id))).get_result(conn)
    }

    /// Records an event; `false` when it was already recorded.
    pub fn record(
        conn: &mut PgConnection,
        id: &str,
        kind: &str,
        store: Option<StoreId>,
    ) -> QueryResult<bool> {
        let added = diesel::insert_into(billing_events::table)
            .values((
                billing_events::id.eq(id),
                billing_events::kind.eq(kind),
                billing_events::store_id.eq(store),
            ))
            .on_conflict_do_nothing()
            .execute(conn)?;
        Ok(added == 1)
    }
}

/// The records a store pays for: neither deactivated nor terminated (invited ones and the
/// owner's included), as `store::billing::seats` counts them in the working set.
pub fn seats_of(conn: &mut PgConnection, store: StoreId) -> QueryResult<i64> {
    use crate::db::schema::employees;
    employees::table
        .filter(employees::store_id.eq(store))
        .filter(employees::deactive.eq(false))
        .filter(employees::terminated_at.is_null())
        .count()
        .get_result(conn)
}
