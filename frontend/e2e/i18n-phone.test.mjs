// The first screens in Persian (right to left) and at a phone's width.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { employeeJoined, launchBrowser, ownerWithStore, screenshot, signInWithForm, startServer } from './support.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
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

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInWithForm(page, server.url, ana.email, ana.password);
  await page.waitForURL(/\/home$/);
  await page.getByRole('heading', { name: 'Hello, Ana' }).waitFor();
  const nav = await page.getByTestId('bottom-nav').getByRole('link').allTextContents();
  assert.deepEqual(nav.map((t) => t.replace(/^\W+/u, '').trim()), ['Notifications', 'Home', 'Settings']);
  assert.ok(await fits(), 'home fits the width');
  await screenshot(page, 'phone-home');
  await context.close();
});
