// The first screens in Persian (right to left) and at a phone's width.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { employeeJoined, ownerWithStore, screenshot, signInWithForm, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

test('the first screens read right to left in Persian', async () => {
  const context = await browser.newContext({ locale: 'fa-IR', viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole('heading', { name: 'ورود' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fa');
  // The form lays out from the right: the field's label starts at the right edge of its input.
  const label = await page.getByText('ایمیل', { exact: true }).boundingBox();
  const input = await page.getByLabel('ایمیل').boundingBox();
  assert.ok(Math.abs(label.x + label.width - (input.x + input.width)) < 2, 'label aligned to the right');
  await page.getByRole('button', { name: 'ورود' }).click();
  assert.deepEqual(await page.getByRole('alert').allTextContents(), ['پر کردن این فیلد لازم است.', 'پر کردن این فیلد لازم است.']);
  await screenshot(page, 'fa-login');

  await page.getByRole('link', { name: 'ساخت حساب' }).click();
  await page.getByRole('heading', { name: 'به کلاک‌تو خوش آمدید' }).waitFor();
  await screenshot(page, 'fa-onboarding');
  await page.getByTestId('choose-owner').click();
  await page.getByRole('button', { name: 'ادامه' }).click();
  await page.getByText('پر کردن این فیلد لازم است.').first().waitFor();
  await screenshot(page, 'fa-onboard-owner');

  // The choice sticks: switching back to English turns the page left to right.
  await page.getByTestId('language-picker').selectOption('en');
  await page.getByRole('heading', { name: 'Your account' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'ltr');
  await context.close();
});

test('at a phone’s width the app uses the bottom navigation and fits the screen', async () => {
  const owner = await ownerWithStore(server, { email: 'phone-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'phone-ana@example.com' });
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await screenshot(page, 'phone-login');
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  assert.ok(await fits(), 'login fits the width');

  await signInWithForm(page, server.url, 'phone-owner@example.com', 'secret123');
  await page.waitForURL(/\/schedule$/);
  await page.getByTestId('bottom-nav').waitFor();
  assert.equal(await page.getByTestId('sidebar').isVisible(), false);
  await screenshot(page, 'phone-schedule');
  await page.getByTestId('bottom-nav').getByRole('link', { name: 'Employees' }).click();
  await page.getByTestId(`employee-${ana.email}`).waitFor();
  assert.ok(await fits(), 'team fits the width');
  await screenshot(page, 'phone-team');
  // The owner's availability screen has four tabs: they scroll within their row, the page
  // keeps the phone's width, and the bottom bar stays on the screen.
  await page.goto(`${server.url}/availability`);
  await page.getByRole('tablist').first().waitFor();
  assert.ok(await fits(), 'availability fits the width');
  const barBox = await page.getByTestId('bottom-nav').boundingBox();
  assert.ok(barBox && barBox.x >= 0 && barBox.x + barBox.width <= 391, `the bottom bar stays on screen: ${JSON.stringify(barBox)}`);
  await screenshot(page, 'phone-availability');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInWithForm(page, server.url, ana.email, ana.password);
  await page.waitForURL(/\/home$/);
  await page.getByRole('heading', { name: 'Hello, Ana' }).waitFor();
  const bar = page.getByTestId('bottom-nav');
  // Entry names without icons and counts.
  const names = async (links) => (await links.allTextContents()).map((t) => t.replace(/^[\W\d+]+/u, '').trim());
  assert.deepEqual(await names(bar.getByRole('link')), ['Notifications', 'Calendar', 'Home']);
  assert.ok(await fits(), 'home fits the width');
  await screenshot(page, 'phone-home');

  // More opens the rest of the menu; choosing an entry goes there and closes it.
  await bar.getByRole('button', { name: 'More' }).click();
  const sheet = page.getByTestId('bottom-nav-sheet');
  assert.deepEqual(await names(sheet.getByRole('link')), ['Time clock', 'Availability', 'Shift pool', 'Messages', 'Help', 'Support', 'Settings']);
  await screenshot(page, 'phone-more');
  await sheet.getByRole('link', { name: 'Shift pool' }).click();
  await page.waitForURL(/\/more\/shiftpoll$/);
  await sheet.waitFor({ state: 'detached' });
  assert.ok(await fits(), 'the pool fits the width');
  await context.close();
});
