// An owner on the free plan, whose five seats are taken, is told why a sixth employee cannot be
// invited and offered the plans; upgrades to premium through the payment provider's hosted
// checkout; comes back to /business-plan, which confirms the payment once the provider's
// webhooks have arrived; and invites the sixth employee. A return that comes before the
// webhooks waits for them. The provider is a stand-in written here (Stripe's API and webhook
// scheme as the server uses them); the server is the real one. The plan screen fits a phone and
// passes axe in Persian and English.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, connected, launchBrowser, ownerWithStore, screenProblems, screenshot, signedIn, startServer } from './fixtures.mjs';

const SECRET_KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(12).toString('hex')}`;
const DAY_S = 24 * 3600;

const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Stripe as far as the server talks to it: its API calls (form-encoded, the secret key as a
 * bearer token, an idempotency key on every POST) are checked and recorded; a checkout
 * session's hosted page has a Pay button that sends the server the webhooks a real checkout
 * would (`checkout.session.completed`, `customer.subscription.created`, `invoice.paid`),
 * signed with the webhook secret, then returns the browser to the session's success URL.
 * `problems` lists whatever the server sent that Stripe would refuse.
 */
async function stripeStandIn() {
  const problems = [];
  const requests = [];
  const sessions = new Map();
  const byIdempotencyKey = new Map();
  let serverUrl = null;
  let next = 0;
  // Payments whose webhooks wait for `release()` (the provider is sometimes slower than the browser).
  let holding = false;
  const held = [];
  const id = (prefix) => `${prefix}_${(next += 1).toString().padStart(6, '0')}${randomBytes(4).toString('hex')}`;

  const answer = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const refuse = (res, status, message) => {
    problems.push(message);
    answer(res, status, { error: { type: 'invalid_request_error', message } });
  };
  const readBody = (req) =>
    new Promise((ok) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => ok(body));
    });

  /** Signs `event` as Stripe does and posts it to the server's webhook; answers its status. */
  async function deliver(type, object) {
    const event = { id: id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } };
    const body = JSON.stringify(event);
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`${t}.${body}`).digest('hex');
    const res = await fetch(`${serverUrl}/api/v1/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
      body,
    });
    if (!res.ok) problems.push(`webhook ${type}: ${res.status} ${await res.text()}`);
  }

  /** What a completed checkout makes: a customer, a subscription and its first invoice, told to the server. */
  async function pay(session) {
    const f = session.form;
    const now = Math.floor(Date.now() / 1000);
    const customer = f.get('customer') ?? id('cus');
    const subscription = id('sub');
    const interval = f.get('line_items[0][price_data][recurring][interval]');
    const quantity = Number(f.get('line_items[0][quantity]'));
    const unitAmount = Number(f.get('line_items[0][price_data][unit_amount]'));
    const currency = f.get('line_items[0][price_data][currency]');
    const trialDays = Number(f.get('subscription_data[trial_period_days]') ?? 0);
    const periodEnd = trialDays > 0 ? now + trialDays * DAY_S : now + (interval === 'year' ? 365 : 30) * DAY_S;
    const metadata = { storeId: f.get('subscription_data[metadata][storeId]'), plan: f.get('subscription_data[metadata][plan]') };
    session.completed = true;
    await deliver('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: trialDays > 0 ? 'no_payment_required' : 'paid',
      client_reference_id: f.get('client_reference_id'),
      customer,
      customer_email: f.get('customer_email'),
      subscription,
      metadata: { storeId: f.get('metadata[storeId]'), plan: f.get('metadata[plan]') },
    });
    await deliver('customer.subscription.created', {
      id: subscription,
      object: 'subscription',
      customer,
      status: trialDays > 0 ? 'trialing' : 'active',
      metadata,
      cancel_at_period_end: false,
      created: now,
      start_date: now,
      trial_start: trialDays > 0 ? now : null,
      trial_end: trialDays > 0 ? periodEnd : null,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            quantity,
            current_period_start: now,
            current_period_end: periodEnd,
            price: { object: 'price', currency, unit_amount: unitAmount, recurring: { interval, interval_count: 1 } },
          },
        ],
      },
    });
    await deliver('invoice.paid', {
      id: id('in'),
      object: 'invoice',
      customer,
      number: `STANDIN-${next.toString().padStart(4, '0')}`,
      status: 'paid',
      total: trialDays > 0 ? 0 : unitAmount * quantity,
      currency,
      created: now,
      period_start: now,
      period_end: now,
      hosted_invoice_url: `https://invoice.stripe.com/i/${subscription}`,
      invoice_pdf: `https://pay.stripe.com/invoice/${subscription}/pdf`,
      parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
    });
  }

  /** The fields a subscription checkout must carry (the server's billing contract). */
  function checkCheckout(f) {
    const missing = [
      'mode',
      'line_items[0][price_data][currency]',
      'line_items[0][price_data][unit_amount]',
      'line_items[0][price_data][recurring][interval]',
      'line_items[0][price_data][product_data][name]',
      'line_items[0][quantity]',
      'success_url',
      'cancel_url',
      'client_reference_id',
      'subscription_data[metadata][storeId]',
      'subscription_data[metadata][plan]',
    ].filter((k) => !f.get(k));
    if (missing.length) return `checkout session without ${missing.join(', ')}`;
    if (f.get('mode') !== 'subscription') return `checkout mode ${f.get('mode')}`;
    if (!f.get('customer') && !f.get('customer_email')) return 'checkout session names neither customer nor customer_email';
    if (f.get('subscription_data[metadata][storeId]') !== f.get('client_reference_id')) return 'checkout metadata names another store';
    if (f.has('subscription_data[trial_period_days]') && f.get('payment_method_collection') !== 'if_required') {
      return 'a trial without a card needs payment_method_collection=if_required';
    }
    if (!/^\d+$/.test(f.get('line_items[0][price_data][unit_amount]'))) return 'unit_amount is not whole cents';
    return null;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://stand-in');
    const body = await readBody(req);

    // The hosted checkout page, which the browser opens: no key.
    const page = /^\/checkout\/(cs_[A-Za-z0-9]+)(\/pay)?$/.exec(url.pathname);
    if (page) {
      const session = sessions.get(page[1]);
      if (!session) return answer(res, 404, { error: { message: 'no such checkout session' } });
      if (req.method === 'POST' && page[2]) {
        if (holding) held.push(() => pay(session));
        else await pay(session);
        res.writeHead(303, { location: session.form.get('success_url').replace('{CHECKOUT_SESSION_ID}', session.id) });
        return res.end();
      }
      const f = (name) => escapeHtml(session.form.get(name) ?? '');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html lang="en"><head><title>Checkout</title></head><body><main>
        <h1>Pay ${f('line_items[0][price_data][product_data][name]')}</h1>
        <p data-testid="amount">${f('line_items[0][quantity]')} × ${f('line_items[0][price_data][unit_amount]')} ${f('line_items[0][price_data][currency]')} a ${f('line_items[0][price_data][recurring][interval]')}</p>
        <form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
        <a href="${f('cancel_url')}">Back</a></main></body></html>`);
    }

    // The API, which the server calls (anything else is a browser's, such as its favicon).
    if (!url.pathname.startsWith('/v1/')) return answer(res, 404, { error: { message: 'not found' } });
    if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) return refuse(res, 401, `${req.method} ${url.pathname} without the secret key`);
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST') {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) {
        return refuse(res, 400, `POST ${url.pathname} not form-encoded`);
      }
      if (!key) return refuse(res, 400, `POST ${url.pathname} without an Idempotency-Key`);
    }
    const form = new URLSearchParams(body);
    requests.push({ method: req.method, path: url.pathname, form });
    // A POST sent again with its key is answered as the first time, as Stripe does.
    if (key && byIdempotencyKey.has(key)) return answer(res, 200, byIdempotencyKey.get(key));
    const remember = (out) => {
      if (key) byIdempotencyKey.set(key, out);
      answer(res, 200, out);
    };

    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const wrong = checkCheckout(form);
      if (wrong) return refuse(res, 400, wrong);
      const session = { id: id('cs'), form, completed: false };
      sessions.set(session.id, session);
      return remember({ id: session.id, object: 'checkout.session', url: `${base}/checkout/${session.id}` });
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!form.get('customer') || !form.get('return_url')) return refuse(res, 400, 'portal session without customer or return_url');
      return remember({ id: id('bps'), object: 'billing_portal.session', url: `${base}/portal` });
    }
    const sub = /^\/v1\/subscriptions\/(sub_[A-Za-z0-9]+)$/.exec(url.pathname);
    if (sub && req.method === 'POST') {
      if (!form.get('items[0][id]') || !/^\d+$/.test(form.get('items[0][quantity]') ?? '')) {
        return refuse(res, 400, 'subscription update without items[0][id] and a whole items[0][quantity]');
      }
      if (form.get('proration_behavior') !== 'create_prorations') return refuse(res, 400, 'seats changed without prorations');
      return remember({ id: sub[1], object: 'subscription' });
    }
    if (sub && req.method === 'DELETE') return answer(res, 200, { id: sub[1], object: 'subscription', status: 'canceled' });
    return refuse(res, 404, `${req.method} ${url.pathname} is not a call the server should make`);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    base,
    problems,
    requests,
    /** The server the webhooks go to. */
    sendTo(url) {
      serverUrl = url;
    },
    /** Holds the webhooks of the payments made from now on, until `release()`. */
    hold() {
      holding = true;
    },
    async release() {
      holding = false;
      for (const send of held.splice(0)) await send();
    },
    close: () => new Promise((ok) => server.close(ok)),
  };
}

let stripe;
let server;
let browser;
before(async () => {
  stripe = await stripeStandIn();
  server = await startServer({ env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.base } });
  stripe.sendTo(server.url);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await stripe?.close();
});

/** Invites `email` to the owner's store over the API (a seat, taken as the invitation is made). */
const invite = (owner, email) =>
  call(server.url, 'inviteEmployee', { store: owner.storeId, employee: { email, fullname: email.split('@')[0], role: [owner.roleId], wage: { [owner.roleId]: 15 }, permissions: [] } }, owner.token);

test('an owner whose free plan is full upgrades to premium through checkout, then invites the sixth employee', async () => {
  const owner = await ownerWithStore(server, { email: 'plan-owner@example.com' });
  Object.assign(owner, { email: 'plan-owner@example.com', password: 'secret123' });
  // The owner's own record and four invitations: the free plan's five seats.
  for (const n of [1, 2, 3, 4]) await invite(owner, `plan-staff${n}@example.com`);
  await assert.rejects(invite(owner, 'plan-staff5@example.com'), /inviteEmployee: 403 The free plan allows 5 employees/);

  // The invitation dialog says why before anything is sent, and offers the plans.
  const page = await signedIn(browser, server, owner, { path: '/team?tab=Employee' });
  await page.getByTestId('invite-employee').click();
  const dialog = page.getByRole('dialog');
  const notice = dialog.getByTestId('plan-limit');
  await notice.getByText('The Free plan allows 5 employees.').waitFor();
  assert.equal(await dialog.getByRole('button', { name: 'Send invitation' }).isDisabled(), true);
  await screenshot(page, 'plan-limit-invite');
  await notice.getByRole('link', { name: 'See the plans and upgrade' }).click();

  // The plan screen: free, every seat taken, the trial offered.
  await page.waitForURL(/\/business-plan$/);
  const current = page.getByTestId('current-plan');
  assert.equal(await current.getByTestId('current-plan-name').textContent(), 'Free');
  assert.equal(await current.getByRole('meter', { name: 'Employees' }).getAttribute('aria-valuetext'), '5 of 5');
  await page.getByTestId('trial-offer').getByText('Try a paid plan free for 60 days: no card needed.').waitFor();
  const premium = page.getByTestId('plan-premium');
  await premium.getByText('$79.99').waitFor();
  await premium.getByText('For your 5 employees: $399.95 a year').waitFor();
  await screenshot(page, 'business-plan-free');

  // Checkout at the provider, whose Pay sends the webhooks and returns the browser.
  await premium.getByRole('button', { name: 'Start free trial' }).click();
  await page.waitForURL(`${stripe.base}/checkout/**`);
  assert.equal(await page.getByTestId('amount').textContent(), '5 × 7999 usd a year');
  const [checkout] = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions');
  assert.equal(checkout.form.get('client_reference_id'), owner.storeId);
  assert.equal(checkout.form.get('subscription_data[metadata][plan]'), 'premium');
  assert.equal(checkout.form.get('subscription_data[trial_period_days]'), '60');
  assert.equal(checkout.form.get('customer_email'), owner.email);
  assert.match(checkout.form.get('success_url'), new RegExp(`^${server.url}/business-plan\\?checkout=success`));
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL(/\/business-plan\?checkout=success/);
  await connected(page);
  await page.getByTestId('checkout-notice').and(page.locator('[data-state="confirmed"]')).waitFor();
  await page.getByTestId('checkout-notice').getByText('Payment confirmed: the store is on the Premium plan.').waitFor();
  assert.equal(await current.getByTestId('current-plan-name').textContent(), 'Premium');
  await current.getByTestId('plan-standing').getByText('Trial').waitFor();
  await current.getByText('5 (unlimited)').waitFor();
  await page.getByTestId('invoices').getByRole('link', { name: /^View invoice STANDIN-/ }).waitFor();
  await screenshot(page, 'business-plan-premium');
  assert.deepEqual(stripe.problems, []);

  // The sixth employee now has a seat.
  await page.getByRole('link', { name: 'Employees' }).click();
  await page.getByTestId('invite-employee').click();
  await dialog.getByLabel('E-mail').fill('plan-staff5@example.com');
  assert.equal(await dialog.getByTestId('plan-limit').count(), 0);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText('Invitation sent.').waitFor();
  await page.getByTestId('employee-plan-staff5@example.com').waitFor();
  await page.context().close();

  assert.deepEqual(stripe.problems, []);

  // The premium screen, with its invoice, in Persian: it fits a phone and passes axe.
  assert.deepEqual(await screenProblems(browser, server, owner, { language: 'fa', paths: ['/business-plan'], shots: 'business-plan-premium' }), []);
});

test('a return from checkout before the provider’s webhooks confirms the payment when they arrive', async () => {
  const owner = await ownerWithStore(server, { email: 'plan-wait@example.com', store: 'Slow Café' });
  Object.assign(owner, { email: 'plan-wait@example.com', password: 'secret123' });
  const page = await signedIn(browser, server, owner, { path: '/business-plan' });
  await page.getByRole('radio', { name: 'Monthly' }).check();
  await page.getByTestId('plan-basic').getByText('$6.94', { exact: true }).waitFor();
  stripe.hold();
  await page.getByTestId('plan-basic').getByRole('button', { name: 'Start free trial' }).click();
  await page.getByRole('button', { name: 'Pay' }).click();

  await page.waitForURL(/\/business-plan\?checkout=success/);
  await connected(page);
  await page.getByTestId('checkout-notice').getByText('Confirming your payment…').waitFor();
  assert.equal(await page.getByTestId('current-plan-name').textContent(), 'Free');
  await stripe.release();
  await page.getByTestId('checkout-notice').getByText('Payment confirmed: the store is on the Basic plan.').waitFor();
  assert.equal(await page.getByTestId('current-plan-name').textContent(), 'Basic');
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await page.waitForURL(/\/business-plan$/);
  assert.deepEqual(stripe.problems, []);
  await page.context().close();
});

test('the free plan screen fits a phone and passes axe, in Persian and in English', async () => {
  const owner = await ownerWithStore(server, { email: 'plan-axe@example.com', store: 'Axe Bakery' });
  Object.assign(owner, { email: 'plan-axe@example.com', password: 'secret123' });
  for (const language of ['fa', 'en']) {
    assert.deepEqual(await screenProblems(browser, server, owner, { language, paths: ['/business-plan'], shots: 'business-plan-free' }), []);
  }
});
