//! Plans and payments: the limits of a store's plan on every path that adds what it counts,
//! the checkout and portal as the provider's stand-in sees them, the webhooks (signatures,
//! replays, out of order), seats following employees, and a downgrade that leaves a store
//! over its limit.

use crate::fixtures::scene::{scene_with, Scene};
use crate::fixtures::stores::{count, create_role, invite, snapshot, NOT_ENOUGH_PERMISSION};
use crate::fixtures::stripe::{deliver, deliver_signed, event, Stripe, WEBHOOK_SECRET};
use crate::fixtures::{spawn_app, Reply};
use backend::domain::billing::signature;
use serde_json::{json, Value};

const FREE_EMPLOYEES: &str = "The free plan allows 5 employees. Upgrade to starter to add more.";
const FREE_ROLES: &str = "The free plan allows 3 roles. Upgrade to starter to add more.";

/// The scene (an owner, a scheduler, two baristas: 4 seats; 2 roles) on a server that sells
/// plans through the stand-in.
async fn selling() -> (Scene, Stripe) {
    let stripe = Stripe::start();
    let billing = stripe.billing();
    let s = scene_with(move |settings| settings.billing = Some(billing)).await;
    (s, stripe)
}

async fn plan_of(s: &Scene) -> Value {
    let reply = s
        .app
        .get(
            &format!("/api/v1/stores/{}/subscription", s.store),
            Some(&s.owner.token),
        )
        .await;
    reply.data().clone()
}

async fn pay(s: &Scene, plan: &str, interval: &str) -> Reply {
    s.call(
        "createPayment",
        &s.owner.token,
        json!({ "storeId": s.store, "productId": plan, "interval": interval, "currency": "USD" }),
    )
    .await
}

/// The store upgraded to premium: checkout opened, paid, and its events delivered.
async fn premium(s: &Scene, stripe: &Stripe) -> Value {
    let checkout = pay(s, "premium", "year").await;
    let session = checkout.data()["id"].as_str().expect("session").to_string();
    let now = s.app.clock.now().timestamp();
    let paid = stripe.pay(&session, now);
    assert_eq!(deliver(&s.app, &paid.completed).await.status, 200);
    assert_eq!(deliver(&s.app, &paid.created).await.status, 200);
    paid.subscription
}

#[actix_web::test]
async fn without_billing_every_store_is_unlimited() {
    let s = scene_with(|_| {}).await;
    for n in 0..4 {
        let reply = invite(
            &s.app,
            &s.owner.token,
            &s.store,
            &format!("e{n}@example.com"),
            &[],
            &[],
        )
        .await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
    }
    for n in 0..3 {
        create_role(&s.app, &s.owner.token, &s.store, &format!("Role {n}")).await;
    }
    let plan = plan_of(&s).await;
    assert_eq!(plan["billing"], false);
    assert_eq!(plan["limits"]["employees"], Value::Null);
    assert_eq!(plan["employees"], 8);
    let products = s.app.get("/api/v1/products", None).await;
    assert_eq!(products.data()["billing"], false);
    assert_eq!(products.data()["nonProfitOffered"], false);
    let refused = pay(&s, "premium", "year").await;
    assert_eq!(
        refused.error(400),
        "Plans are not sold on this server: every store is unlimited."
    );
}

#[actix_web::test]
async fn products_are_the_catalogue_and_public() {
    let app = spawn_app().await;
    let reply = app.get("/api/v1/products", None).await;
    assert_eq!(reply.status, 200);
    let data = reply.data();
    assert_eq!(data["trialDays"], 60);
    assert_eq!(data["nonProfitDiscountPercent"], 20);
    assert_eq!(data["yearlySavingPercent"], 40);
    assert_eq!(data["currency"], "usd");
    assert_eq!(data["nonProfitOffered"], false);
    let premium = &data["products"][3];
    assert_eq!(premium["id"], "premium");
    assert_eq!(premium["limits"]["assistant"], true);
    assert!(premium["prices"]
        .as_array()
        .expect("prices")
        .contains(&json!({ "interval": "year", "unitAmount": 7999 })));
    assert_eq!(
        data["products"][0]["limits"],
        json!({ "employees": 5, "roles": 3, "assistant": false })
    );
}

#[actix_web::test]
async fn a_free_store_holds_five_employees_on_every_path() {
    let (s, _stripe) = selling().await;
    let app = &s.app;
    // The fifth seat is taken; the sixth is refused, naming the limit and the plan lifting it.
    assert_eq!(
        invite(app, &s.owner.token, &s.store, "fifth@example.com", &[], &[])
            .await
            .status,
        200
    );
    let before = snapshot(app);
    let sixth = invite(app, &s.owner.token, &s.store, "sixth@example.com", &[], &[]).await;
    assert_eq!(sixth.error(403), FREE_EMPLOYEES);
    assert_eq!(sixth.body["code"], "plan_limit");
    assert_eq!(sixth.body["details"]["lifting"], "starter");
    assert_eq!(sixth.body["details"]["allowed"], 5);
    assert_eq!(
        snapshot(app),
        before,
        "a refused invitation changes nothing"
    );

    // Deactivating frees a seat; activating again takes it back only while one is free.
    let ana = s.ana_id.clone();
    let off = s
        .call(
            "deactivateEmployee",
            &s.owner.token,
            json!({ "store": s.store, "employeeId": ana }),
        )
        .await;
    assert_eq!(off.status, 200, "{:?}", off.body);
    assert_eq!(
        invite(app, &s.owner.token, &s.store, "sixth@example.com", &[], &[])
            .await
            .status,
        200
    );
    let on = s
        .call(
            "activateEmployee",
            &s.owner.token,
            json!({ "store": s.store, "employeeId": ana }),
        )
        .await;
    assert_eq!(on.error(403), FREE_EMPLOYEES);

    let plan = plan_of(&s).await;
    assert_eq!(plan["employees"], 5);
    assert_eq!(plan["plan"], "free");
    assert_eq!(plan["limits"]["employees"], 5);
}

#[actix_web::test]
async fn a_free_store_holds_three_roles() {
    let (s, _stripe) = selling().await;
    create_role(&s.app, &s.owner.token, &s.store, "Third").await;
    let fourth = s
        .call(
            "createRole",
            &s.owner.token,
            json!({ "store": s.store, "roleData": { "title": "Fourth", "color": "#123456" } }),
        )
        .await;
    assert_eq!(fourth.error(403), FREE_ROLES);
    assert_eq!(count(&s.app, "SELECT 1 FROM roles"), 3);
}

#[actix_web::test]
async fn twenty_simultaneous_invitations_across_two_processes_leave_exactly_five() {
    let (s, _stripe) = selling().await;
    let peer = s.app.spawn_peer().await;
    let calls = (0..20).map(|n| {
        let app = if n % 2 == 0 { &s.app } else { &peer };
        let email = format!("rush{n}@example.com");
        let (token, store) = (s.owner.token.clone(), s.store.clone());
        async move { invite(app, &token, &store, &email, &[], &[]).await }
    });
    let replies = futures_util::future::join_all(calls).await;
    let accepted = replies.iter().filter(|r| r.status == 200).count();
    assert_eq!(
        accepted,
        1,
        "{:?}",
        replies.iter().map(|r| &r.body).collect::<Vec<_>>()
    );
    assert!(replies
        .iter()
        .filter(|r| r.status != 200)
        .all(|r| r.status == 403 && r.body["code"] == "plan_limit"));
    assert_eq!(
        count(
            &s.app,
            "SELECT 1 FROM employees WHERE NOT deactive AND terminated_at IS NULL"
        ),
        5
    );
}

#[actix_web::test]
async fn checkout_charges_the_catalogues_price_for_the_stores_seats() {
    let (s, stripe) = selling().await;
    let reply = s
        .call(
            "createPayment",
            &s.owner.token,
            json!({
                "storeId": s.store, "productId": "premium", "interval": "year",
                "currency": "USD", "pricePerUnit": 0.01, "quantity": 1000, "nonProfit": true,
                "successUrl": "https://evil.example.com/", "cancelUrl": "https://evil.example.com/"
            }),
        )
        .await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert!(reply.data()["url"]
        .as_str()
        .expect("url")
        .starts_with(&stripe.base));
    let sent = stripe.to("POST", "/v1/checkout/sessions");
    assert_eq!(sent.len(), 1);
    let c = &sent[0];
    assert!(c.idempotency.is_some());
    assert_eq!(
        c.field("line_items[0][price_data][unit_amount]"),
        Some("7999")
    );
    assert_eq!(
        c.field("line_items[0][price_data][recurring][interval]"),
        Some("year")
    );
    assert_eq!(c.field("line_items[0][price_data][currency]"), Some("usd"));
    assert_eq!(c.field("line_items[0][quantity]"), Some("4"));
    assert_eq!(c.field("subscription_data[trial_period_days]"), Some("60"));
    assert_eq!(c.field("payment_method_collection"), Some("if_required"));
    assert_eq!(c.field("discounts[0][coupon]"), Some("NONPROFIT20"));
    assert_eq!(c.field("client_reference_id"), Some(s.store.as_str()));
    assert_eq!(
        c.field("subscription_data[metadata][plan]"),
        Some("premium")
    );
    assert_eq!(c.field("customer_email"), Some("owner@example.com"));
    let origin = s.app.state.settings.public_url.clone();
    assert!(c
        .field("success_url")
        .expect("success")
        .starts_with(&format!("{origin}/business-plan?checkout=success")));
    assert_eq!(
        c.field("cancel_url"),
        Some(format!("{origin}/business-plan?checkout=cancelled").as_str())
    );

    // Bad input is refused before the provider hears of it.
    for (body, said) in [
        (
            json!({ "storeId": s.store, "productId": "free", "interval": "year" }),
            "productId must be starter, basic or premium.",
        ),
        (
            json!({ "storeId": s.store, "productId": "gold", "interval": "year" }),
            "productId must be starter, basic or premium.",
        ),
        (
            json!({ "storeId": s.store, "productId": "basic", "interval": "week" }),
            "interval must be month or year.",
        ),
        (
            json!({ "storeId": s.store, "productId": "basic", "interval": "year", "currency": "EUR" }),
            "currency must be USD.",
        ),
    ] {
        assert_eq!(
            s.call("createPayment", &s.owner.token, body)
                .await
                .error(400),
            said
        );
    }
    assert_eq!(stripe.to("POST", "/v1/checkout/sessions").len(), 1);
}

#[actix_web::test]
async fn only_the_owner_manages_payments_and_employees_see_no_plan() {
    let (s, stripe) = selling().await;
    let by_manager = s
        .call(
            "createPayment",
            &s.scheduler.token,
            json!({ "storeId": s.store, "productId": "premium", "interval": "year" }),
        )
        .await;
    assert_eq!(
        by_manager.error(403),
        "Only the store's owner manages payments."
    );
    let portal = s
        .call(
            "openBillingPortal",
            &s.scheduler.token,
            json!({ "storeId": s.store }),
        )
        .await;
    assert_eq!(portal.status, 403);
    assert!(stripe.received().is_empty());
    // Managers see the plan, not the invoices; employees neither.
    let path = format!("/api/v1/stores/{}/subscription", s.store);
    let seen = s.app.get(&path, Some(&s.scheduler.token)).await;
    assert_eq!(seen.status, 200);
    assert_eq!(seen.data()["canManage"], false);
    assert_eq!(
        s.app.get(&path, Some(&s.ana.token)).await.error(403),
        NOT_ENOUGH_PERMISSION
    );
    let invoices = format!("/api/v1/stores/{}/invoices", s.store);
    assert_eq!(
        s.app.get(&invoices, Some(&s.scheduler.token)).await.status,
        403
    );
    assert_eq!(s.app.get(&invoices, Some(&s.ana.token)).await.status, 403);
    assert_eq!(s.app.get(&invoices, Some(&s.owner.token)).await.status, 200);
}

#[actix_web::test]
async fn a_paid_checkout_makes_the_store_premium_through_its_webhooks_only() {
    let (s, stripe) = selling().await;
    let checkout = pay(&s, "premium", "year").await;
    // Opening a checkout changes nothing: the plan waits for the provider.
    assert_eq!(plan_of(&s).await["plan"], "free");
    let session = checkout.data()["id"].as_str().expect("session").to_string();
    let now = s.app.clock.now().timestamp();
    let paid = stripe.pay(&session, now);
    assert_eq!(deliver(&s.app, &paid.completed).await.status, 200);
    assert_eq!(deliver(&s.app, &paid.created).await.status, 200);
    let plan = plan_of(&s).await;
    assert_eq!(plan["plan"], "premium");
    assert_eq!(plan["status"], "trialing");
    assert_eq!(plan["interval"], "year");
    assert_eq!(plan["trialAvailable"], false);
    assert_eq!(plan["trialEnd"], json!((now + 60 * 86_400) * 1000));
    assert_eq!(plan["limits"]["employees"], Value::Null);
    assert_eq!(plan["canManage"], true);
    // Premium lifts the limit.
    for n in 0..3 {
        assert_eq!(
            invite(
                &s.app,
                &s.owner.token,
                &s.store,
                &format!("more{n}@example.com"),
                &[],
                &[]
            )
            .await
            .status,
            200
        );
    }
    // The same plan again is refused; the portal opens for the store's customer.
    assert_eq!(
        pay(&s, "premium", "year").await.error(400),
        "The store is on this plan already."
    );
    let portal = s
        .call(
            "openBillingPortal",
            &s.owner.token,
            json!({ "storeId": s.store }),
        )
        .await;
    assert!(portal.data()["url"]
        .as_str()
        .expect("url")
        .ends_with("/portal/cus_2"));
    let sent = stripe.to("POST", "/v1/billing_portal/sessions");
    assert_eq!(sent[0].field("customer"), Some("cus_2"));
    // A second checkout names the customer, and offers no second trial.
    let again = pay(&s, "basic", "month").await;
    assert_eq!(again.status, 200, "{:?}", again.body);
    let c = stripe.to("POST", "/v1/checkout/sessions");
    let second = c.last().expect("second checkout");
    assert_eq!(second.field("customer"), Some("cus_2"));
    assert_eq!(second.field("subscription_data[trial_period_days]"), None);
}

#[actix_web::test]
async fn webhooks_with_a_bad_signature_change_nothing() {
    let (s, stripe) = selling().await;
    let checkout = pay(&s, "premium", "year").await;
    let session = checkout.data()["id"].as_str().expect("session").to_string();
    let now = s.app.clock.now().timestamp();
    let paid = stripe.pay(&session, now);
    let body = serde_json::to_vec(&paid.created).expect("json");
    let before = count(&s.app, "SELECT 1 FROM billing_events");
    // The server's clock goes on while the test runs: each signature's time is taken from
    // it just before sending, a second further from the tolerance's edge than the refusal
    // needs (the edge itself is the signature rule's unit test).
    let clock = || s.app.clock.now().timestamp();
    let cases: [(&dyn Fn() -> String, &str); 5] = [
        (
            &|| signature::sign("whsec_wrong", &body, clock()),
            "The webhook's signature does not match its body.",
        ),
        (
            &|| signature::sign(WEBHOOK_SECRET, &body, clock() - 302),
            "The webhook's signature is outside the tolerance.",
        ),
        (
            &|| signature::sign(WEBHOOK_SECRET, &body, clock() + 302),
            "The webhook's signature is outside the tolerance.",
        ),
        (
            &|| "t=abc,v1=00".to_string(),
            "The webhook's signature header is malformed.",
        ),
        (&String::new, "The webhook's signature header is malformed."),
    ];
    for (header, said) in cases {
        let reply = deliver_signed(&s.app, &body, &header()).await;
        assert_eq!(reply.error(400), said);
    }
    // The body changed after signing.
    let header = signature::sign(WEBHOOK_SECRET, &body, clock());
    let mut forged = paid.created.clone();
    forged["data"]["object"]["metadata"]["plan"] = json!("premium");
    forged["data"]["object"]["status"] = json!("active");
    let forged = serde_json::to_vec(&forged).expect("json");
    assert_eq!(deliver_signed(&s.app, &forged, &header).await.status, 400);
    assert_eq!(count(&s.app, "SELECT 1 FROM billing_events"), before);
    assert_eq!(plan_of(&s).await["plan"], "free");
    // Signed a second inside the tolerance's edge, it is taken.
    let inside = signature::sign(WEBHOOK_SECRET, &body, clock() - 299);
    assert_eq!(deliver_signed(&s.app, &body, &inside).await.status, 200);
    assert_eq!(plan_of(&s).await["plan"], "premium");
}

#[actix_web::test]
async fn an_event_sent_again_applies_once_and_late_events_cannot_undo_newer_ones() {
    let (s, stripe) = selling().await;
    let subscription = premium(&s, &stripe).await;
    let now = s.app.clock.now().timestamp();
    let mut cancelled = subscription.clone();
    cancelled["status"] = json!("canceled");
    let mut active = subscription.clone();
    active["status"] = json!("active");
    let deleted = event(
        "evt_deleted",
        "customer.subscription.deleted",
        now + 20,
        cancelled,
    );
    let stale = event(
        "evt_stale",
        "customer.subscription.updated",
        now + 10,
        active.clone(),
    );
    // The cancellation arrives first, then an older update: the store stays free.
    assert_eq!(deliver(&s.app, &deleted).await.status, 200);
    assert_eq!(plan_of(&s).await["plan"], "free");
    assert_eq!(deliver(&s.app, &stale).await.status, 200);
    let plan = plan_of(&s).await;
    assert_eq!(
        (plan["plan"].clone(), plan["status"].clone()),
        (json!("free"), json!("canceled"))
    );
    // Sent again, an event is recognised and applies once.
    let replay = deliver(&s.app, &deleted).await;
    assert_eq!(replay.status, 200);
    assert_eq!(replay.body["duplicate"], true);
    assert_eq!(
        count(
            &s.app,
            "SELECT 1 FROM billing_events WHERE id = 'evt_deleted'"
        ),
        1
    );
    // A newer update applies.
    let renewed = event(
        "evt_renewed",
        "customer.subscription.updated",
        now + 30,
        active,
    );
    assert_eq!(deliver(&s.app, &renewed).await.status, 200);
    assert_eq!(plan_of(&s).await["plan"], "premium");
}

#[actix_web::test]
async fn invoices_are_stored_from_their_events_newest_state_first() {
    let (s, stripe) = selling().await;
    let subscription = premium(&s, &stripe).await;
    let now = s.app.clock.now().timestamp();
    let invoice = |status: &str| {
        json!({
            "id": "in_1", "object": "invoice", "customer": subscription["customer"],
            "number": "CLK-0001", "status": status, "total": 31_996, "currency": "usd",
            "created": now, "period_start": now, "period_end": now + 365 * 86_400,
            "hosted_invoice_url": "https://invoice.example.com/in_1",
            "invoice_pdf": "https://invoice.example.com/in_1.pdf",
            "parent": { "subscription_details": { "subscription": subscription["id"], "metadata": {} } }
        })
    };
    let paid = event("evt_paid", "invoice.paid", now + 5, invoice("paid"));
    let finalized = event("evt_final", "invoice.finalized", now + 1, invoice("open"));
    assert_eq!(deliver(&s.app, &paid).await.status, 200);
    assert_eq!(deliver(&s.app, &finalized).await.status, 200);
    let list = s
        .app
        .get(
            &format!("/api/v1/stores/{}/invoices", s.store),
            Some(&s.owner.token),
        )
        .await;
    let invoices = list.data()["invoices"]
        .as_array()
        .expect("invoices")
        .clone();
    assert_eq!(invoices.len(), 1);
    assert_eq!(invoices[0]["status"], "paid");
    assert_eq!(invoices[0]["total"], 31_996);
    assert_eq!(invoices[0]["number"], "CLK-0001");
    assert_eq!(invoices[0]["periodEnd"], json!((now + 365 * 86_400) * 1000));
    assert_eq!(
        invoices[0]["invoicePdf"],
        "https://invoice.example.com/in_1.pdf"
    );
    // An invoice of a customer no store has yet is retried later by the provider.
    let mut stranger = invoice("open");
    stranger["id"] = json!("in_2");
    stranger["customer"] = json!("cus_unknown");
    let early = deliver(
        &s.app,
        &event("evt_early", "invoice.created", now, stranger),
    )
    .await;
    assert_eq!(early.status, 404);
    assert_eq!(
        count(
            &s.app,
            "SELECT 1 FROM billing_events WHERE id = 'evt_early'"
        ),
        0
    );
}

#[actix_web::test]
async fn seats_follow_the_stores_employees() {
    let (s, stripe) = selling().await;
    let subscription = premium(&s, &stripe).await;
    let id = subscription["id"].as_str().expect("id").to_string();
    assert_eq!(
        invite(
            &s.app,
            &s.owner.token,
            &s.store,
            "new@example.com",
            &[],
            &[]
        )
        .await
        .status,
        200
    );
    let billing = s.app.state.settings.billing.clone().expect("billing");
    let set = backend::jobs::billing_seats::run_once(&s.app.state.db, &billing)
        .await
        .expect("seats");
    assert_eq!(set, 1);
    let sent = stripe.to("POST", &format!("/v1/subscriptions/{id}"));
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].field("items[0][quantity]"), Some("5"));
    assert_eq!(
        sent[0].field("items[0][id]"),
        subscription["items"]["data"][0]["id"].as_str()
    );
    // Until the provider's update arrives, asking again sends the same key: charged once.
    backend::jobs::billing_seats::run_once(&s.app.state.db, &billing)
        .await
        .expect("seats");
    let again = stripe.to("POST", &format!("/v1/subscriptions/{id}"));
    assert_eq!(
        again.len(),
        1,
        "the stand-in answered the repeated key from its books"
    );
    let now = s.app.clock.now().timestamp();
    let updated = event(
        "evt_seats",
        "customer.subscription.updated",
        now + 60,
        stripe.subscription(&id),
    );
    assert_eq!(deliver(&s.app, &updated).await.status, 200);
    assert_eq!(plan_of(&s).await["quantity"], 5);
    assert_eq!(
        backend::jobs::billing_seats::run_once(&s.app.state.db, &billing)
            .await
            .expect("seats"),
        0
    );
}

#[actix_web::test]
async fn a_downgrade_keeps_everything_and_makes_what_is_past_the_limit_read_only() {
    let (s, stripe) = selling().await;
    let subscription = premium(&s, &stripe).await;
    let mut newest = Vec::new();
    for n in 0..3 {
        let reply = invite(
            &s.app,
            &s.owner.token,
            &s.store,
            &format!("late{n}@example.com"),
            &[],
            &[],
        )
        .await;
        newest.push(
            reply.data()["employee"]["id"]
                .as_str()
                .expect("id")
                .to_string(),
        );
    }
    let now = s.app.clock.now().timestamp();
    let mut cancelled = subscription;
    cancelled["status"] = json!("canceled");
    let deleted = event(
        "evt_gone",
        "customer.subscription.deleted",
        now + 100,
        cancelled,
    );
    assert_eq!(deliver(&s.app, &deleted).await.status, 200);
    let plan = plan_of(&s).await;
    assert_eq!(
        (plan["plan"].clone(), plan["employees"].clone()),
        (json!("free"), json!(7))
    );
    // Nothing was deleted.
    assert_eq!(count(&s.app, "SELECT 1 FROM employees"), 7);
    // No more may come, and the newest two records past the limit are read-only.
    let refused = invite(
        &s.app,
        &s.owner.token,
        &s.store,
        "one-more@example.com",
        &[],
        &[],
    )
    .await;
    assert_eq!(refused.body["code"], "plan_limit");
    let s = &s;
    let edit = |id: String| async move {
        let body =
            json!({ "store": s.store, "employeeId": id, "employee": { "wageType": "Weekly" } });
        s.call("updateEmployee", &s.owner.token, body).await
    };
    let read_only = edit(newest[2].clone()).await;
    assert_eq!(
        read_only.body["code"], "plan_read_only",
        "{:?}",
        read_only.body
    );
    assert_eq!(
        read_only.error(403),
        "The free plan allows 5 employees and this store has 7: the newest are read-only until \
         it fits. Upgrade to starter, or remove employees."
    );
    assert_eq!(edit(newest[0].clone()).await.status, 200);
    // Deactivating is always allowed, and once the store fits, everything is writable again.
    for id in &newest[1..] {
        let off = s
            .call(
                "deactivateEmployee",
                &s.owner.token,
                json!({ "store": s.store, "employeeId": id }),
            )
            .await;
        assert_eq!(off.status, 200, "{:?}", off.body);
    }
    assert_eq!(edit(newest[0].clone()).await.status, 200);
}

#[actix_web::test]
async fn imports_past_the_limit_are_refused_whole() {
    use crate::fixtures::sheets::upload;
    let (s, _stripe) = selling().await;
    let confirm = |call: &'static str, temp: String| {
        let s = &s;
        async move {
            s.call(
                call,
                &s.owner.token,
                json!({ "storeId": s.store, "tempDocId": temp }),
            )
            .await
        }
    };
    // Two new records on a store with four seats: one too many, and none is added.
    let csv = b"email;fullName;roles;wageType;wage;permissions\n\
        one@example.com;One;;Hourly;;\ntwo@example.com;Two;;Hourly;;\n";
    let uploaded = upload(
        &s.app,
        "importEmployees",
        &s.owner.token,
        &s.store,
        "team.csv",
        csv,
    )
    .await;
    assert_eq!(uploaded.status, 200, "{:?}", uploaded.body);
    let temp = uploaded.body["id"].as_str().expect("temp").to_string();
    let before = snapshot(&s.app);
    let refused = confirm("confirmImportedEmployees", temp.clone()).await;
    assert_eq!(refused.error(403), FREE_EMPLOYEES);
    assert_eq!(snapshot(&s.app), before);
    // Two new roles on a store with two: one too many.
    let csv = b"title;color;requireUserAction;swappeable\nHost;#222222;;\nPorter;#333333;;\n";
    let uploaded = upload(
        &s.app,
        "importRoles",
        &s.owner.token,
        &s.store,
        "roles.csv",
        csv,
    )
    .await;
    assert_eq!(uploaded.status, 200, "{:?}", uploaded.body);
    let temp = uploaded.body["id"].as_str().expect("temp").to_string();
    let refused = confirm("confirmImportedRoles", temp).await;
    assert_eq!(refused.error(403), FREE_ROLES);
    assert_eq!(count(&s.app, "SELECT 1 FROM roles"), 2);
}

#[actix_web::test]
async fn a_role_past_the_limit_after_a_downgrade_is_read_only() {
    let (s, stripe) = selling().await;
    let subscription = premium(&s, &stripe).await;
    let third = create_role(&s.app, &s.owner.token, &s.store, "Third").await;
    let fourth = create_role(&s.app, &s.owner.token, &s.store, "Fourth").await;
    let now = s.app.clock.now().timestamp();
    let mut cancelled = subscription;
    cancelled["status"] = json!("canceled");
    let gone = event(
        "evt_roles",
        "customer.subscription.deleted",
        now + 10,
        cancelled,
    );
    assert_eq!(deliver(&s.app, &gone).await.status, 200);
    let rename = |id: String, title: &'static str| {
        let s = &s;
        async move {
            s.call(
                "updateRole",
                &s.owner.token,
                json!({ "store": s.store, "roleId": id, "roleData": { "title": title, "color": "#654321" } }),
            )
            .await
        }
    };
    let refused = rename(fourth.clone(), "Renamed").await;
    assert_eq!(refused.body["code"], "plan_read_only", "{:?}", refused.body);
    assert_eq!(rename(third, "Renamed").await.status, 200);
    // Deleting is allowed, and the store fits again.
    let deleted = s
        .call(
            "deleteRole",
            &s.owner.token,
            json!({ "store": s.store, "roleId": fourth }),
        )
        .await;
    assert_eq!(deleted.status, 200, "{:?}", deleted.body);
    assert_eq!(count(&s.app, "SELECT 1 FROM roles"), 3);
}
