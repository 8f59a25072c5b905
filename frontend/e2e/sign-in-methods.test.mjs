// Signing in without the password: with a code read from the mail the server wrote, and
// through a local OpenID provider (the npm registry's oidc-provider, standing in for Google)
// that this file starts: a first Google sign-in makes an account, which adds a password in
// Settings; an account of the same address is linked only once its password is given. The
// login screen on a phone in Persian, right to left.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Provider from 'oidc-provider';
import { PHONE, call, overflows, ownerWithStore, screenshot, useServerAndBrowser } from './fixtures.mjs';

const CLIENT_ID = 'clockto-e2e';
const CLIENT_SECRET = 'clockto-e2e-secret';

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

// The provider's address is the server's setting, so its port is chosen before the server
// starts; the provider itself starts once the server's return address is known.
const providerPort = await freePort();
const issuer = `http://127.0.0.1:${providerPort}`;
const options = {
  env: { OIDC_CLIENT_ID: CLIENT_ID, OIDC_CLIENT_SECRET: CLIENT_SECRET, OIDC_ISSUER_URL: issuer },
};

let server;
let browser;
let listening;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
  listening = startProvider(`${s.url}/api/v1/auth/google/callback`);
}, options);
after(() => listening?.close());

/** The provider, sending people back to `redirect`: whoever signs in is their own address. */
function startProvider(redirect) {
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [redirect],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // Anyone signs in with any login, which is their address (verified), as Google would say.
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true, given_name: 'Grace', family_name: 'Hopper' }),
    }),
    claims: { email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The address and names in the ID token itself, as Google puts them.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['clockto-e2e-cookie-key'] },
  });
  return provider.listen(providerPort);
}

/** Signs in at the provider's own pages as `email`, and agrees to share the address. */
async function atProvider(page, email) {
  await page.waitForURL((url) => url.port === String(providerPort));
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** A mail's text, its body decoded (base64 or quoted-printable, as the mail library chose). */
function mailText(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The mails already written: a code mailed later is in none of them. */
const mailsNow = () => new Set(readdirSync(server.mailDir));

/**
 * The sign-in code mailed to `to` in a mail not in `before`, in whatever language the mail is
 * in. Not by time: the account's confirmation mail may be less than a second older.
 */
async function signInCode(to, before) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const files = readdirSync(server.mailDir)
      .filter((f) => f.endsWith('.eml'))
      .filter((f) => !before.has(f))
      .map((f) => join(server.mailDir, f))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = readFileSync(file, 'utf8');
      if (!new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw)) continue;
      const code = mailText(raw).split(/\r?\n/)[0]?.match(/(\d{4})$/)?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no sign-in code mailed to ${to}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

test('a person signs in with a code the server mailed', async () => {
  const email = 'code-owner@example.com';
  await ownerWithStore(server, { email, store: 'Code Café' });
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByLabel(/e-mail/i).fill(email);
  const before = mailsNow();
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await page.waitForURL(/\/login\/code$/);
  // The address typed on the login screen comes along.
  assert.equal(await page.getByLabel(/e-mail/i).inputValue(), email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('status').filter({ hasText: /has an account, a 4-digit code is on its way/ }).waitFor();
  const code = await signInCode(email, before);
  await page.getByLabel('Code').fill('0000' === code ? '1111' : '0000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'This code is wrong.' }).waitFor();
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/schedule$/);
  await context.close();
});

test('on a phone in Persian the sign-in screens fit and read right to left', async () => {
  const email = 'fa-owner@example.com';
  await ownerWithStore(server, { email, store: 'کافه' });
  const context = await browser.newContext({ locale: 'en-US', viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/login?lng=fa`);
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await page.getByRole('button', { name: 'کد را برایم ایمیل کن' }).waitFor();
  await page.getByRole('button', { name: 'ادامه با Google' }).waitFor();
  assert.equal(await overflows(page), false, 'the login screen fits the phone');
  await screenshot(page, 'sign-in-methods-phone-fa');
  await page.getByRole('button', { name: 'کد را برایم ایمیل کن' }).click();
  await page.waitForURL(/\/login\/code$/);
  // The code screen's own field: until it is drawn, the login screen's e-mail field (loaded
  // first) is still the page's.
  const send = page.getByRole('button', { name: 'ارسال کد' });
  await send.waitFor();
  await page.locator('input[type="email"]').fill(email);
  // From now: the account's own confirmation mail, moments old, is not the code's.
  const before = mailsNow();
  await send.click();
  await page.getByRole('status').filter({ hasText: email }).waitFor();
  const code = await signInCode(email, before);
  // The code's mail is in the language the person asked in.
  const mails = readdirSync(server.mailDir).map((f) => mailText(readFileSync(join(server.mailDir, f), 'utf8')));
  assert.ok(mails.some((m) => m.startsWith(`کد شما: ${code}`)), 'a Persian mail');
  assert.equal(await overflows(page), false, 'the code screen fits the phone');
  // Typed with Persian digits, as a Persian keyboard does.
  await page.locator('input[inputmode="numeric"]').fill(code.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d))));
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/schedule$/);
  await context.close();
});

test('a first Google sign-in makes an account, which adds a password in Settings', async () => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await atProvider(page, 'grace@example.com');
  // Back in the app, signed in, with the one-time code gone from the address.
  await page.waitForURL(/\/onboarding$/);
  assert.doesNotMatch(page.url(), /code=/);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'));
  const me = await (await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } })).json();
  assert.equal(me.data.email, 'grace@example.com');
  assert.equal(me.data.signInMethod, 'Google');
  assert.equal(me.data.status, 'confirmed');
  // Grace opens her business (as onboarding does), so the app's screens are hers.
  await call(server.url, 'createBusiness', { name: 'Grace Labs', type: 'others', timezoneReference: 'Europe/Berlin', address: 'Main St 2', open: '08:00', close: '18:00', daysoff: [] }, token);

  await page.goto(`${server.url}/settings`);
  const form = page.getByTestId('add-password');
  await form.getByLabel('New password').fill('graces-pass1');
  await form.getByLabel('Confirm password').fill('graces-pass1');
  await form.getByRole('button', { name: 'Add password' }).click();
  await page.getByText('Your password was added.').waitFor();
  await page.getByRole('heading', { name: 'Password' }).waitFor();
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'grace@example.com', password: 'graces-pass1' }),
  });
  assert.equal(login.status, 200);
  await context.close();
});

test('Google is linked to the account of its address only once its password is given', async () => {
  const email = 'linked-owner@example.com';
  await ownerWithStore(server, { email, store: 'Linked Bistro' });
  const context = await browser.newContext({ locale: 'en-US', viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await atProvider(page, email);
  const prompt = page.getByTestId('link-google');
  await prompt.waitFor();
  await prompt.getByText(`An account for`, { exact: false }).waitFor();
  assert.equal(await overflows(page), false, 'the prompt fits the phone');
  await screenshot(page, 'sign-in-methods-link-prompt');
  await prompt.getByLabel('Password').fill('not-the-password1');
  await prompt.getByRole('button', { name: 'Link and sign in' }).click();
  await prompt.getByRole('alert').filter({ hasText: 'Incorrect password.' }).waitFor();
  await prompt.getByLabel('Password').fill('secret123');
  await prompt.getByRole('button', { name: 'Link and sign in' }).click();
  await page.waitForURL(/\/schedule$/);
  await context.close();

  // From now on Google signs the owner in directly.
  const again = await browser.newContext({ locale: 'en-US' });
  const next = await again.newPage();
  await next.goto(`${server.url}/login`);
  await next.getByRole('button', { name: 'Continue with Google' }).click();
  await atProvider(next, email);
  await next.waitForURL(/\/schedule$/);
  await again.close();
});
