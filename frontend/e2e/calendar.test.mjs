// The employee's calendar on a 390 px phone, in English and in Persian (right to left, Persian
// digits): their published shifts in the month's day cells, today marked, a shift's details
// with the answers they may give (confirmed here), the phone's bottom navigation with Calendar,
// nothing wider than the screen and no serious or critical accessibility violation (axe-core).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, employeeJoined, overflows, ownerWithStore, screenshot, signInWithForm, useServerAndBrowser, violations } from './fixtures.mjs';

const HOUR = 3_600_000;
const ZONE = 'Europe/Berlin';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** `yyyy-MM-dd` of `at` in the store's zone. */
const dayKey = (at) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Entry names without their icons and counts. */
const names = async (links) => (await links.allTextContents()).map((t) => t.replace(/^[^\p{L}]+/u, '').trim());

test('an employee reads their shifts by month, opens one and confirms it, in English and Persian', async () => {
  const owner = await ownerWithStore(server, { email: 'cal-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'cal-ana@example.com', firstName: 'Ana' });
  const res = await fetch(`${server.url}/api/v1/stores/${owner.storeId}/employees`, { headers: { authorization: `Bearer ${owner.token}` } });
  const anaId = (await res.json()).data.find((e) => e.email === ana.email).id;

  // Tomorrow two published shifts for Ana (09:00–13:00 and 15:00–19:00 in Berlin, winter or
  // summer: 08:00 and 14:00 UTC stay on the same local day).
  const tomorrow = new Date();
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  tomorrow.setUTCHours(8, 0, 0, 0);
  const start = tomorrow.getTime();
  const morning = await call(server.url, 'createShift', { storeId: owner.storeId, title: 'Morning', start, end: start + 4 * HOUR, role: owner.roleId, assigned: anaId }, owner.token);
  const late = await call(server.url, 'createShift', { storeId: owner.storeId, title: 'Late', start: start + 6 * HOUR, end: start + 10 * HOUR, role: owner.roleId, assigned: anaId }, owner.token);
  const ids = [morning.shifts[0].id, late.shifts[0].id];
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: ids }, owner.token);
  const shiftDay = dayKey(start);
  const nextMonth = shiftDay.slice(0, 7) !== dayKey(Date.now()).slice(0, 7);

  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });
  const page = await context.newPage();
  await signInWithForm(page, server.url, ana.email, ana.password);
  await page.waitForURL(/\/home$/);

  // A plain employee's bottom bar: Notifications, Calendar, Home.
  const bar = page.getByTestId('bottom-nav');
  await page.getByRole('heading', { name: 'Hello, Ana' }).waitFor();
  await bar.getByRole('link', { name: 'Calendar' }).waitFor();
  assert.deepEqual(await names(bar.getByRole('link')), ['Notifications', 'Calendar', 'Home']);
  await bar.getByRole('link', { name: 'Calendar' }).click();
  await page.waitForURL(/\/calendar$/);
  await page.getByRole('heading', { name: 'My calendar' }).waitFor();
  const month = page.getByTestId('calendar-month');
  await month.waitFor();

  // Today is marked once, in the store's zone.
  const today = month.locator('td[aria-current="date"]');
  assert.equal(await today.count(), 1);
  assert.equal(await today.getAttribute('data-day'), dayKey(Date.now()));

  if (nextMonth) await page.getByTestId('calendar-next').click();
  const cell = month.locator(`td[data-day="${shiftDay}"]`);
  await cell.getByTestId('calendar-shift').nth(1).waitFor();
  assert.deepEqual(await cell.getByTestId('calendar-shift').allTextContents(), ['09:00', '15:00']);
  // Navigation between months: forward and back again.
  const title = await page.getByTestId('calendar-title').textContent();
  await page.getByTestId('calendar-next').click();
  await page.waitForFunction((t) => document.querySelector('[data-testid="calendar-title"]')?.textContent !== t, title);
  await page.getByTestId('calendar-previous').click();
  await page.waitForFunction((t) => document.querySelector('[data-testid="calendar-title"]')?.textContent === t, title);
  await cell.getByTestId('calendar-shift').nth(1).waitFor();

  assert.equal(await overflows(page), false, 'the calendar fits the phone');
  assert.deepEqual(await violations(page), []);
  await screenshot(page, 'calendar-en');

  // The week view lists the same shifts with their times.
  await page.getByRole('tab', { name: 'Week' }).click();
  await page.getByTestId('calendar-week').waitFor();
  // The week shown is the month view's anchor's (a month on from today when the shift is next
  // month's): step towards the shift's day until its week is shown.
  const week = page.getByTestId('calendar-week');
  for (let step = 0; step < 8 && !(await week.locator(`[data-day="${shiftDay}"]`).count()); step += 1) {
    const first = await week.locator('[data-day]').first().getAttribute('data-day');
    await page.getByTestId(first > shiftDay ? 'calendar-previous' : 'calendar-next').click();
    await page.waitForFunction((f) => document.querySelector('[data-testid="calendar-week"] [data-day]')?.getAttribute('data-day') !== f, first);
  }
  await page.locator(`[data-testid="calendar-week"] [data-day="${shiftDay}"]`).getByText('09:00–13:00 · Morning · Published').waitFor();
  assert.equal(await overflows(page), false, 'the week fits the phone');
  await page.getByRole('tab', { name: 'Month' }).click();
  // Back on the month of the week shown, which holds the shift's day.
  await month.waitFor();

  // The morning shift's details, and its confirmation.
  await cell.getByTestId('calendar-shift').first().click();
  await page.waitForURL(/\/calendar-shift-details\?shift=/);
  const details = page.getByTestId('shift-details');
  await details.waitFor();
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Morning');
  assert.equal(await page.getByTestId('shift-details-time').textContent(), '09:00–13:00 (4 hours)');
  assert.equal(await page.getByTestId('shift-details-status').textContent(), 'Published');
  await details.getByText('Barista').waitFor();
  assert.equal(await overflows(page), false, 'the details fit the phone');
  assert.deepEqual(await violations(page), []);
  await screenshot(page, 'calendar-details-en');
  await page.getByTestId('confirm-shift').click();
  await page.getByText('Shift confirmed.').waitFor();
  await page.getByTestId('shift-details').and(page.locator('[data-status="confirmed"]')).waitFor();
  assert.equal(await page.getByTestId('shift-details-status').textContent(), 'Confirmed');
  assert.equal(await page.getByTestId('confirm-shift').count(), 0, 'a confirmed shift is not confirmed twice');

  // In Persian: right to left, Persian digits in day numbers and times alike.
  await page.goto(`${server.url}/settings`);
  await page.getByTestId('language-picker').selectOption('fa');
  await page.goto(`${server.url}/calendar`);
  await page.getByRole('heading', { name: 'تقویم من' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  assert.deepEqual(await names(bar.getByRole('link')), ['اعلان‌ها', 'تقویم', 'خانه']);
  if (nextMonth) await page.getByTestId('calendar-next').click();
  await cell.getByTestId('calendar-shift').nth(1).waitFor();
  assert.deepEqual(await cell.getByTestId('calendar-shift').allTextContents(), ['۰۹:۰۰', '۱۵:۰۰']);
  const shown = await month.textContent();
  assert.ok(!/[0-9]/.test(shown), `no Latin digits in the Persian calendar: ${shown}`);
  assert.ok(/[۰-۹]/.test(await page.getByTestId('calendar-title').textContent()), 'the month’s year in Persian digits');
  // The previous arrow points to where a right-to-left line starts: the right.
  const flipped = await page.getByTestId('calendar-previous').locator('span').evaluate((el) => getComputedStyle(el).transform);
  assert.notEqual(flipped, 'none', 'the arrows are mirrored');
  assert.equal(await overflows(page), false, 'the Persian calendar fits the phone');
  assert.deepEqual(await violations(page), []);
  await screenshot(page, 'calendar-fa');

  // The late shift's details in Persian, confirmed there.
  await cell.getByTestId('calendar-shift').nth(1).click();
  await page.getByTestId('shift-details').waitFor();
  assert.equal(await page.getByTestId('shift-details-time').textContent(), '۱۵:۰۰–۱۹:۰۰ (۴ ساعت)');
  assert.equal(await overflows(page), false, 'the Persian details fit the phone');
  assert.deepEqual(await violations(page), []);
  await screenshot(page, 'calendar-details-fa');
  await page.getByTestId('confirm-shift').click();
  await page.getByText('شیفت تأیید شد.').waitFor();
  await page.getByTestId('shift-details').and(page.locator('[data-status="confirmed"]')).waitFor();
  await context.close();
});

test('in the dark theme the date pickers are drawn dark and a button that is off looks off', async () => {
  const owner = await ownerWithStore(server, { email: 'dark-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'dark-ana@example.com', firstName: 'Ana' });
  // The system asks for dark; the app follows it unless told otherwise.
  const context = await browser.newContext({ locale: 'en-US', colorScheme: 'dark', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signInWithForm(page, server.url, ana.email, ana.password);
  await page.waitForURL(/\/home$/);
  await page.goto(`${server.url}/availability?tab=timeoff`);
  const from = page.locator('input[type="date"]').first();
  await from.waitFor();
  assert.equal(await from.evaluate((el) => getComputedStyle(el).colorScheme), 'dark');
  // The request cannot be sent before its dates are chosen: its button is faded and grey.
  const send = page.getByTestId('request-time-off');
  assert.equal(await send.isDisabled(), true);
  const look = await send.evaluate((el) => ({ opacity: Number(getComputedStyle(el).opacity), filter: getComputedStyle(el).filter }));
  assert.ok(look.opacity <= 0.5, `faded: ${look.opacity}`);
  assert.match(look.filter, /grayscale/);
  await screenshot(page, 'calendar-dark-time-off');
  await context.close();
});
