// Lighthouse on the two screens people open most, as a phone sees them (Lighthouse's mobile
// setting with its default throttling: a mid-range phone on slow 4G): the schedule board as
// the demo store's manager and the home screen as its barista; and the public pages the server
// renders (the landing page, pricing, contact, the blog's list and a post) as a first-time
// visitor; the post is written and published first by the demo manager as the blog's editor. Starts the real server
// on the demo store, with the built web app (`npm run build` first) and the debug binary (or
// BACKEND_BIN, for example target/release/backend; STATIC_DIR for another build of the app),
// and Debian's chromium.
//
//   npm run lighthouse            scores and timings on the terminal
//   npm run lighthouse -- --json  the same as JSON; reports go to test-artifacts/lighthouse/
//   npm run lighthouse -- --trace also keeps each load's trace there (<screen>.trace.json), to
//                                 open in Chromium's performance panel
//   npm run lighthouse -- --site  the public pages only (--app: the app's screens only)
//
// Besides Lighthouse's own figures it measures, under the same throttling, the time from the
// start of the navigation until the board's first shift card (the home's and the public
// pages' first heading) is painted.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { startServer } from '../e2e/fixtures.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..');
const dist = process.env.STATIC_DIR ?? resolve(here, '..', 'dist');
const out = resolve(repo, 'test-artifacts', 'lighthouse');
const BINARY = process.env.BACKEND_BIN ?? resolve(repo, 'target', 'debug', 'backend');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const asJson = process.argv.includes('--json');
const keepTrace = process.argv.includes('--trace');
const onlySite = process.argv.includes('--site');
const onlyApp = process.argv.includes('--app');

/** The demo store's accounts (SEED_DEMO). */
const DEMO_PASSWORD = 'demo1234';
const APP_SCREENS = [
  { name: 'board', path: '/schedule', email: 'manager@example.com', ready: '[data-testid="shift"]' },
  { name: 'home', path: '/home', email: 'barista@example.com', ready: 'main h1, main h2' },
];
/** The public pages, opened by a visitor who was never signed in. */
const SITE_PAGES = [
  { name: 'landing', path: '/', ready: 'h1' },
  { name: 'pricing', path: '/pricing', ready: 'h1' },
  { name: 'contact', path: '/contact-us', ready: 'h1' },
  { name: 'blog', path: '/posts?lang=en', ready: 'h1' },
  { name: 'post', path: '/posts/plan-a-week-in-ten-minutes?lang=en', ready: 'h1' },
];
/** The post measured: about 600 words with headings and a list, under the board's screenshot. */
const POST = {
  title: 'Plan a week in ten minutes',
  abstract: 'How a manager plans the whole team’s week from availability, templates and the shift pool, and publishes it before lunch.',
  tags: ['scheduling', 'templates', 'teams'],
  conclusion: 'Plan from what people can do, start from last week, and publish early: the rest is answering swaps.',
  content: [
    'Every manager knows the feeling: it is Thursday, next week is empty, and the phone keeps ringing. Planning does not have to take the afternoon.',
    '## Start from what people can do',
    ...Array.from({ length: 4 }, () =>
      'Availability and accepted time off come first. When the board shows who can work when, the plan is a matter of filling gaps rather than asking around, and nobody is booked on a day they asked to have off.',
    ),
    '## Start from last week',
    ...Array.from({ length: 4 }, () =>
      'A weekly template keeps the shape of a normal week: openings, rushes and closings. Loading it places every shift at its local time, even across a change of the clocks, and reports what does not fit.',
    ),
    '## Publish early',
    '- Open shifts go to the pool, where the right role can grab them.',
    '- Everyone is told at once, on the phone, in their own language.',
    '- Swaps and drops come back to you to approve.',
    ...Array.from({ length: 3 }, () =>
      'A plan published on Thursday gives people the weekend to swap and the manager a quiet Monday. The board stays live while everyone reads it, so a change made now is what everyone sees next.',
    ),
  ].join('\n\n'),
};
const SCREENS = [...(onlySite ? [] : APP_SCREENS), ...(onlyApp ? [] : SITE_PAGES)];

/** The server on a fresh database with the demo store; `stop()` ends it and drops the database. */
async function startDemoServer() {
  if (!existsSync(join(dist, 'index.html'))) throw new Error('no built web app: run `npm run build` first');
  if (!existsSync(BINARY)) throw new Error(`no server binary at ${BINARY}: run \`cargo build -p backend\``);
  const server = await startServer({ env: { SEED_DEMO: 'true', BLOG_EDITOR_EMAILS: APP_SCREENS[0].email }, staticDir: dist });
  const deadline = Date.now() + 60_000;
  for (;;) {
    // The demo store is made at start-up: ready once its manager can sign in.
    const res = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: APP_SCREENS[0].email, password: DEMO_PASSWORD }),
    }).catch(() => null);
    if (res?.ok) break;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error('the demo store was not ready in 60 s');
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return server;
}

/** Publishes the measured post as the demo manager, the blog's editor here, with the board's screenshot as its cover. */
async function publishPost(url) {
  const token = await login(url, APP_SCREENS[0].email);
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('purpose', 'cover');
  const picture = readFileSync(resolve(repo, 'backend', 'src', 'site', 'assets', 'board-1440.webp'));
  form.append('file', new Blob([picture], { type: 'image/webp' }), 'board.webp');
  const uploaded = await fetch(`${url}/api/v1/files`, { method: 'POST', headers: auth, body: form });
  if (!uploaded.ok) throw new Error(`cover upload: ${uploaded.status} ${await uploaded.text()}`);
  const cover = (await uploaded.json()).data.id;
  const send = async (name, body) => {
    const res = await fetch(`${url}/api/v1/${name}`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    return (await res.json()).data;
  };
  const post = await send('savePost', { ...POST, cover, language: 'en' });
  await send('publishPost', { postId: post.id, published: true });
}

async function login(url, email) {
  const res = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return (await res.json()).data.token;
}

/**
 * Signs the browser in as the app leaves it after a visit (the token, the chosen store and its
 * calendar in localStorage, as JSON): the measured load is a returning user's opening of the app. This is
 * done from a page of the origin that is not the app, so that nothing of the app is cached or
 * installed before the measured load.
 */
async function signIn(browser, url, token) {
  const me = await fetch(`${url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`/me: ${me.status}`);
  const store = (await me.json()).data.stores[0]?.id ?? null;
  const detail = store ? (await (await fetch(`${url}/api/v1/stores/${store}`, { headers: { authorization: `Bearer ${token}` } })).json()).data.store : null;
  const calendar = detail ? { id: detail.id, timezoneReference: detail.timezoneReference, weekStart: detail.weekStart } : null;
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${url}/health`);
  await page.evaluate(({ t, s, c }) => {
    localStorage.clear();
    localStorage.setItem('token', JSON.stringify(t));
    if (s) localStorage.setItem('current-store', JSON.stringify(s));
    if (c) localStorage.setItem('store-calendar', JSON.stringify(c));
    localStorage.setItem('tour-run', JSON.stringify({ dashboard: false, main: false }));
  }, { t: token, s: store, c: calendar });
  await page.close();
}

/** A browser that was never signed in: no token, no kept state. */
async function signOut(browser, url) {
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${url}/health`);
  await page.evaluate(() => localStorage.clear());
  await page.close();
}

/** Forgets the app's caches, service worker and HTTP cache, keeping localStorage. */
async function coldStart(browser, url) {
  const page = await browser.contexts()[0].newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin: url, storageTypes: 'service_workers,cache_storage,indexeddb' });
  await page.close();
}

/**
 * The time from the navigation's start until `selector` is first painted, on a cold load under
 * Lighthouse's mobile throttling (4x slower CPU, 150 ms and 1.6 Mbit/s), in a phone's viewport.
 */
async function timeToPaint(browser, url, path, selector) {
  const page = await browser.contexts()[0].newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8 * 0.9, uploadThroughput: (750 * 1024) / 8 * 0.9 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.addInitScript((sel) => {
    const seen = () => {
      if (window.__painted === undefined && document.querySelector(sel)) {
        // The frame after the one that laid it out is the one that shows it.
        requestAnimationFrame(() => requestAnimationFrame(() => { window.__painted ??= performance.now(); }));
      }
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  }, selector);
  await page.goto(`${url}${path}`);
  await page.waitForFunction(() => window.__painted !== undefined, null, { timeout: 60_000 });
  const ms = await page.evaluate(() => window.__painted);
  await page.close();
  return Math.round(ms);
}

async function main() {
  const server = await startDemoServer();
  if (!onlyApp) await publishPost(server.url);
  const profile = mkdtempSync(join(tmpdir(), 'clockto-lighthouse-profile-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    userDataDir: profile,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const results = [];
  try {
    mkdirSync(out, { recursive: true });
    for (const screen of SCREENS) {
      if (screen.email) await signIn(browser, server.url, await login(server.url, screen.email));
      else await signOut(browser, server.url);
      await coldStart(browser, server.url);
      const runner = await lighthouse(
        `${server.url}${screen.path}`,
        {
          port: chrome.port,
          output: 'html',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          // Keep the session in localStorage; the cold start above emptied the caches.
          disableStorageReset: true,
        },
      );
      const { lhr, report } = runner;
      writeFileSync(join(out, `${screen.name}.html`), report);
      writeFileSync(join(out, `${screen.name}.json`), JSON.stringify(lhr));
      if (keepTrace) writeFileSync(join(out, `${screen.name}.trace.json`), JSON.stringify(runner.artifacts.Trace));
      await coldStart(browser, server.url);
      const painted = await timeToPaint(browser, server.url, screen.path, screen.ready);
      const audit = (id) => lhr.audits[id]?.numericValue;
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      results.push({
        screen: screen.name,
        url: screen.email ? `${screen.path} as ${screen.email}` : `${screen.path} as a visitor`,
        finalUrl: lhr.finalDisplayedUrl,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: Math.round(audit('first-contentful-paint')),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        siMs: Math.round(audit('speed-index')),
        cls: Number(audit('cumulative-layout-shift')?.toFixed(3)),
        readyPaintedMs: painted,
        // Lighthouse's measure of this host's speed: its simulated 4x slower phone is 4x this host.
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
        lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
        below90: failing,
      });
    }
  } finally {
    await browser.close().catch(() => undefined);
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
  if (asJson) {
    console.log(JSON.stringify(results, null, 2));
    return;
  }
  for (const r of results) {
    console.log(`\n${r.screen}: ${r.url}${r.finalUrl.endsWith(r.url.split(' ')[0]) ? '' : ` (ended at ${r.finalUrl})`}`);
    console.log(`  performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, SEO ${r.seo}`);
    console.log(`  FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, SI ${r.siMs} ms, CLS ${r.cls}`);
    console.log(`  host benchmark index ${r.benchmarkIndex}`);
    console.log(`  ${r.screen === 'board' ? 'first shift card' : 'first heading'} painted after ${r.readyPaintedMs} ms (throttled, cold)`);
    if (r.lcpElement) console.log(`  LCP element: ${r.lcpElement}`);
    if (r.below90.length) console.log(`  audits below 0.9: ${r.below90.join(', ')}`);
  }
  console.log(`\nReports: ${out}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
