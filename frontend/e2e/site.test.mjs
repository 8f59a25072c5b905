// The public site the server renders (the landing page, pricing, contact) in Debian's chromium:
// a visitor on a phone goes from the landing page to the contact form, books a demo without a
// script and lands on the app's thank-you page, the sales team gets the mail; the three pages
// pass axe in English and Persian (right to left) and fit the phone; a browser signed in to the
// app goes from `/` to its home; the app's service worker leaves the site's pages to the server,
// and a link inside the app to one of them loads it from the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readCode, ownerWithStore, overflows, PHONE, screenshot, useServerAndBrowser, violations } from './fixtures.mjs';

const SALES = 'sales@clockto.test';
const PAGES = ['/', '/pricing', '/contact-us'];

let server;
let browser;
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { env: { SALES_EMAIL: SALES } },
);

/** A phone's context, recording what the page's policy refused and the page's errors. */
async function phone({ bypassCSP = false, locale = 'en-US' } = {}) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale, ...(bypassCSP ? { bypassCSP: true } : {}) });
  const problems = [];
  context.on('weberror', (error) => problems.push(`page error: ${error.error().message}`));
  context.on('console', (message) => {
    if (/content.security.policy|refused/i.test(message.text())) problems.push(message.text());
  });
  return { context, problems };
}

test('a visitor on a phone goes from the landing page to a booked demo', async () => {
  const { context, problems } = await phone();
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.getByRole('heading', { level: 1, name: 'Shift planning your whole team sees live' }).waitFor();
  assert.equal(await page.title(), 'Clockto: shift scheduling and time tracking for your team');
  assert.equal(await overflows(page), false, 'the landing page is wider than the phone');
  await screenshot(page, 'site-landing-phone', { fullPage: false });

  await page.getByRole('link', { name: 'Book a 15-minute demo' }).first().click();
  await page.waitForURL(/\/contact-us\?lang=en$/);
  await page.getByLabel('Your name').fill('Dana Demo');
  await page.getByLabel('E-mail').fill('dana@example.com');
  await page.getByLabel('Phone').fill('+49 30 1234567');
  const time = page.getByLabel('Time');
  const first = await time.locator('option[value]:not([value=""])').first().getAttribute('value');
  await time.selectOption(first);
  assert.equal(await overflows(page), false, 'the contact page is wider than the phone');
  await page.getByRole('button', { name: 'Book the demo' }).click();

  await page.waitForURL(/\/thank-you\?for=demo&lng=en$/);
  await page.getByRole('heading', { name: 'Thank you, your demo is booked!' }).waitFor();
  await screenshot(page, 'site-thank-you-phone', { fullPage: false });
  // The sales team is mailed the request, its time in UTC.
  const when = await readCode(server.mailDir, SALES, /When: +(.+ UTC)/);
  const slot = new Date(Number(first));
  assert.ok(when.includes(`${String(slot.getUTCHours()).padStart(2, '0')}:${String(slot.getUTCMinutes()).padStart(2, '0')}-`), when);
  assert.equal(await readCode(server.mailDir, SALES, /E-mail: (\S+)/), 'dana@example.com');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a refused form comes back in Persian with what was typed, and a good one thanks in Persian', async () => {
  const { context, problems } = await phone();
  const page = await context.newPage();
  await page.goto(`${server.url}/contact-us?lang=fa`);
  assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
  await page.locator('#email').fill('omid@example.com');
  await page.locator('#phonenumber').fill('+98 21 1234 5678');
  await page.getByRole('button', { name: 'رزرو دمو' }).click();
  await page.getByRole('alert').waitFor();
  assert.match(await page.getByRole('alert').innerText(), /لطفاً نامتان را وارد کنید/);
  assert.equal(await page.locator('#email').inputValue(), 'omid@example.com');
  assert.equal(await page.locator('#name').getAttribute('aria-invalid'), 'true');
  await page.locator('#name').fill('امید');
  await page.locator('#slot').selectOption({ index: 2 });
  await page.getByRole('button', { name: 'رزرو دمو' }).click();
  await page.waitForURL(/\/thank-you\?for=demo&lng=fa$/);
  await page.getByRole('heading', { name: 'سپاسگزاریم، دموی شما رزرو شد!' }).waitFor();
  assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the three pages pass axe in English and Persian and fit the phone', async () => {
  const { context } = await phone({ bypassCSP: true });
  const page = await context.newPage();
  const found = [];
  for (const lang of ['en', 'fa']) {
    for (const path of PAGES) {
      await page.goto(`${server.url}${path}?lang=${lang}`);
      assert.equal(await page.getAttribute('html', 'lang'), lang);
      assert.equal(await page.getAttribute('html', 'dir'), lang === 'fa' ? 'rtl' : 'ltr');
      if (await overflows(page)) found.push(`${path} in ${lang}: wider than the phone`);
      for (const v of await violations(page)) found.push(`${path} in ${lang}: ${v}`);
    }
  }
  await screenshot(page, 'site-contact-fa-phone');
  assert.deepEqual(found, []);
  await context.close();
});

test('a browser signed in to the app goes from / to its home', async () => {
  const owner = await ownerWithStore(server, { email: 'site-owner@example.com' });
  const { context, problems } = await phone();
  await context.addInitScript((token) => {
    // As the app leaves a browser once signed in.
    if (location.pathname === '/' && !sessionStorage.getItem('seeded')) {
      localStorage.setItem('token', JSON.stringify(token));
      sessionStorage.setItem('seeded', '1');
    }
  }, owner.token);
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.waitForURL(/\/schedule$/);
  assert.deepEqual(problems, []);
  await context.close();
});

test("the app's service worker leaves the site's pages to the server", async () => {
  const { context } = await phone();
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20_000 });
  for (const path of PAGES) {
    await page.goto(`${server.url}${path}?lang=en`);
    // The server's page, not the app's shell.
    await page.locator('header.top').waitFor();
    assert.equal(await page.locator('#root').count(), 0, path);
  }
  // A link inside the app to a public page (the router reaches it) loads it from the server.
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: /sign in/i }).waitFor();
  await page.evaluate(() => {
    history.pushState({}, '', '/pricing?lang=de');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByRole('heading', { level: 1, name: 'Einfache Preise pro Mitarbeiter' }).waitFor();
  // The installed app still opens on the app.
  const manifest = await (await fetch(`${server.url}/manifest.webmanifest`)).json();
  await page.goto(new URL(manifest.start_url, server.url).href);
  await page.getByRole('button', { name: /sign in/i }).waitFor();
  await context.close();
});
