// The web app under the server's security headers (no policy violation while it works), and
// sessions: signing out ends the session on the server, signing out everywhere signs out the
// user's other browsers at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, ownerWithStore, screenshot, signInWithForm, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** A context in which every policy violation and page error is recorded. */
async function watchedContext() {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
  await context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  const problems = [];
  context.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) problems.push(message.text());
  });
  context.on('weberror', (error) => problems.push(`page error: ${error.error().message}`));
  return { context, problems };
}

/** The token this browser keeps. */
const tokenOf = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'));

/** Whether the server still accepts `token`. */
async function accepted(token) {
  const res = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  return res.status === 200;
}

test('the app runs under a strict content security policy without a violation', async () => {
  await ownerWithStore(server, { email: 'csp-owner@example.com', store: 'Policy Café' });
  const { context, problems } = await watchedContext();
  const page = await context.newPage();

  const response = await page.goto(`${server.url}/login`);
  const headers = response.headers();
  const csp = headers['content-security-policy'];
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self';/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.ok(csp.includes(`connect-src 'self' ${server.url.replace('http', 'ws')}`), csp);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['x-frame-options'], 'DENY');
  assert.equal(headers['referrer-policy'], 'no-referrer');

  await signInWithForm(page, server.url, 'csp-owner@example.com', 'secret123');
  await page.waitForURL(/\/schedule$/);
  await page.getByTestId('board').waitFor();
  // The socket connects (connect-src), the styles apply (style-src), the font loads (font-src):
  // a first visit draws in the system's face and fetches Rubik once the screen is up; the next
  // page draws in Rubik from the start.
  await page.locator('[data-testid="connection"][data-status="connected"]').waitFor();
  assert.doesNotMatch(await page.evaluate(() => getComputedStyle(document.body).fontFamily), /Rubik/);
  await page.waitForFunction(() => localStorage.getItem('font-ready') === 'true', null, { timeout: 15_000 });
  assert.equal(await page.evaluate(() => document.fonts.check('16px "Rubik Variable"')), true);
  await page.reload();
  await page.getByTestId('board').waitFor();
  assert.match(await page.evaluate(() => getComputedStyle(document.body).fontFamily), /Rubik/);
  // The main screens, a dialog included.
  for (const path of ['/home', '/availability', '/more/shiftpoll', '/notifications', '/settings', '/team']) {
    await page.goto(`${server.url}${path}`);
    await page.locator('[data-testid="connection"][data-status="connected"]').waitFor();
    if (path === '/settings') await page.getByRole('heading', { name: 'Sessions' }).waitFor();
    await page.waitForTimeout(300);
  }
  await page.getByTestId('invite-employee').click();
  await page.getByRole('dialog').waitFor();
  await screenshot(page, 'csp-team-dialog');

  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('signing out ends the session on the server, and signing out everywhere signs out the other browsers at once', async () => {
  await ownerWithStore(server, { email: 'sessions-owner@example.com', store: 'Session Bistro' });
  const signedIn = async () => {
    const { context, problems } = await watchedContext();
    const page = await context.newPage();
    await signInWithForm(page, server.url, 'sessions-owner@example.com', 'secret123');
    await page.waitForURL(/\/schedule$/);
    await page.locator('[data-testid="connection"][data-status="connected"]').waitFor();
    return { context, page, problems, token: await tokenOf(page) };
  };

  // Sign out: the token is worthless afterwards, not only forgotten.
  const laptop = await signedIn();
  assert.equal(await accepted(laptop.token), true);
  await laptop.page.getByRole('button', { name: 'Sign out' }).click();
  await laptop.page.waitForURL(/\/login$/);
  assert.equal(await tokenOf(laptop.page), null);
  assert.equal(await accepted(laptop.token), false);
  await laptop.context.close();

  // Sign out everywhere from one browser: the other one is signed out without a click.
  const phone = await signedIn();
  const desk = await signedIn();
  await desk.page.goto(`${server.url}/settings`);
  await screenshot(desk.page, 'settings-sessions');
  await desk.page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await desk.page.waitForURL(/\/login$/);
  await phone.page.waitForURL(/\/login$/, { timeout: 10_000 });
  assert.equal(await accepted(phone.token), false);
  assert.equal(await accepted(desk.token), false);
  await assert.rejects(call(server.url, 'updateProfile', {}, phone.token), /401/);
  assert.deepEqual([...phone.problems, ...desk.problems], []);
  await phone.context.close();
  await desk.context.close();
});
