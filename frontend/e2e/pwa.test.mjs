// The installable app: its manifest and icons, the service worker that keeps the app shell
// for offline use (under the server's strict content security policy), and the prompt that
// offers a new version once it waits. The server serves a copy of the built app, so that a
// new version can be published by changing its sw.js, as a deployment would.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, screenshot, startServer } from './fixtures.mjs';

const dist = resolve(fileURLToPath(new URL('..', import.meta.url)), 'dist');

let server;
let browser;
let staticDir;

before(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'clockto-pwa-'));
  cpSync(dist, staticDir, { recursive: true });
  server = await startServer({ staticDir });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
  if (staticDir) rmSync(staticDir, { recursive: true, force: true });
});

/** A phone-sized context that records policy violations and page errors. */
async function watchedContext() {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
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

/** Waits until a service worker controls the page; answers its script's address. */
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  return page.evaluate(() => navigator.serviceWorker.controller.scriptURL);
}

test('the manifest is linked and names the app, its colours and icons that load', async () => {
  const { context } = await watchedContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  assert.ok(href, 'no manifest link');
  const res = await fetch(new URL(href, server.url));
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /application\/manifest\+json/);
  assert.equal(res.headers.get('cache-control'), 'no-cache');
  const manifest = await res.json();
  assert.equal(manifest.name, 'Clockto');
  assert.ok(manifest.short_name && manifest.short_name.length <= 12, manifest.short_name);
  assert.equal(manifest.display, 'standalone');
  // The app's home: `/` is the public landing page.
  assert.equal(manifest.start_url, '/app');
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
  assert.match(manifest.background_color, /^#[0-9a-f]{6}$/i);
  assert.ok(manifest.lang && manifest.dir);
  for (const size of ['192x192', '512x512']) {
    assert.ok(manifest.icons.some((i) => i.sizes === size && (i.purpose ?? 'any').includes('any')), `no ${size} icon`);
  }
  assert.ok(manifest.icons.some((i) => i.purpose?.includes('maskable')), 'no maskable icon');
  for (const icon of manifest.icons) {
    const image = await fetch(new URL(icon.src, server.url));
    assert.equal(image.status, 200, icon.src);
    assert.equal(image.headers.get('content-type'), icon.type, icon.src);
    if (icon.type === 'image/png') {
      // The PNG's own width and height (IHDR) are the declared size.
      const bytes = Buffer.from(await image.arrayBuffer());
      const [w, h] = icon.sizes.split('x').map(Number);
      assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [w, h], icon.src);
    }
  }
  // Chromium reads the manifest without complaint (what makes the app installable).
  const cdp = await context.newCDPSession(page);
  const { errors } = await cdp.send('Page.getAppManifest');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the service worker controls the page and a reload offline still shows the app', async () => {
  const { context, problems } = await watchedContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: /sign in/i }).waitFor();
  assert.equal(await controlled(page), `${server.url}/sw.js`);
  const sw = await fetch(`${server.url}/sw.js`);
  assert.equal(sw.headers.get('cache-control'), 'no-cache', 'the worker must be checked again on every load');

  // The API is never answered from the cache.
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  assert.ok(cached.includes('/index.html'), cached.join(' '));
  assert.ok(cached.some((u) => /^\/assets\/index-.*\.js$/.test(u)), 'the entry script is not kept');
  assert.ok(!cached.some((u) => u.startsWith('/api/') || u.startsWith('/socket.io/')), cached.join(' '));

  await context.setOffline(true);
  await page.reload();
  await page.getByRole('button', { name: /sign in/i }).waitFor({ timeout: 10_000 });
  assert.equal(await page.title(), 'Clockto');
  // Another screen of the app opens offline too (navigations fall back to index.html)…
  await page.goto(`${server.url}/signup`);
  await page.getByRole('heading').first().waitFor({ timeout: 10_000 });
  // …but the API is not the app: offline it fails instead of answering with the page.
  const api = await page.evaluate(() => fetch('/api/v1/me').then((r) => r.headers.get('content-type'), (e) => `failed: ${e.message}`));
  assert.match(api, /^failed/);
  await screenshot(page, 'pwa-offline-login');
  await context.setOffline(false);

  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a new version waiting shows the update prompt once, Reload brings it in, and onboarding takes it at once', async () => {
  const { context, problems } = await watchedContext();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await controlled(page);
  const first = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).active.scriptURL);
  assert.equal(await page.getByTestId('update-prompt').count(), 0);

  // A new deployment: its worker differs from the running one.
  appendFileSync(join(staticDir, 'sw.js'), `\n// next version ${Date.now()}\n`);
  await page.reload();
  const prompt = page.getByTestId('update-prompt');
  await prompt.waitFor({ timeout: 20_000 });
  assert.match(await prompt.innerText(), /a new version of clockto is available/i);
  assert.equal(await prompt.count(), 1);
  assert.ok(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration()).waiting)));
  await screenshot(page, 'pwa-update-prompt');

  // The prompt does not block the page: the sign-in form still takes input.
  await page.getByLabel(/e-mail/i).fill('someone@example.com');

  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: /reload/i }).click();
  await reloaded;
  await page.getByRole('button', { name: /sign in/i }).waitFor();
  const state = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(registration.waiting), active: registration.active?.state, controller: Boolean(navigator.serviceWorker.controller) };
  });
  assert.deepEqual(state, { waiting: false, active: 'activated', controller: true });
  assert.equal(first, `${server.url}/sw.js`);
  assert.equal(await page.getByTestId('update-prompt').count(), 0);

  // On an onboarding path nothing would be lost: the next version is taken without asking,
  // and the page reloads once into it.
  appendFileSync(join(staticDir, 'sw.js'), `\n// and the one after ${Date.now()}\n`);
  await page.goto(`${server.url}/onboarding`);
  await page.waitForEvent('load', { timeout: 20_000 });
  await page.waitForURL(/\/onboarding$/);
  assert.equal(await page.getByTestId('update-prompt').count(), 0);
  const taken = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return { waiting: Boolean(registration.waiting), active: registration.active?.state };
  });
  assert.deepEqual(taken, { waiting: false, active: 'activated' });

  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assert.deepEqual(problems, []);
  await context.close();
});
