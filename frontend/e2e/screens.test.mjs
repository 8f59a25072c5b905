// Every main screen on a 390 px phone, in English and in Persian (right to left), for an owner
// and for an employee: nothing wider than the screen, and no serious or critical accessibility
// violation (axe-core). The store has a published shift, a pool entry and a time-off request,
// so the screens show content, not only their empty states.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, employeeJoined, overflows, ownerWithStore, screenshot, signInWithForm, useServerAndBrowser, violations } from './support.mjs';

const HOUR = 3_600_000;

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const OWNER_SCREENS = [
  '/dashboard',
  '/schedule',
  '/team?tab=Employee',
  '/team?tab=Role',
  '/business-info',
  '/availability',
  '/availability?tab=timeoff',
  '/more/manager/shift-pool',
  '/clock/now',
  '/clock/timesheets',
  '/messages',
  '/notifications',
  '/settings',
];

const EMPLOYEE_SCREENS = ['/home', '/calendar', '/clock', '/availability', '/more/shiftpoll', '/messages', '/notifications', '/settings'];

/** A phone signed in as `person`, in `language` (the page's CSP set aside only to inject axe). */
async function phone(person, language) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });
  const page = await context.newPage();
  await signInWithForm(page, server.url, person.email, person.password);
  await page.waitForURL(/\/(home|schedule)$/);
  if (language !== 'en') {
    await page.goto(`${server.url}/settings`);
    await page.getByTestId('language-picker').selectOption(language);
  }
  return page;
}

/** Opens `path` and waits until it has loaded what it shows. */
async function open(page, path) {
  await page.goto(`${server.url}${path}`);
  await page.getByTestId('connection').and(page.locator('[data-status="connected"]')).waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('[role="progressbar"]').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

test('every main screen fits a phone and passes axe, in English and in Persian', async () => {
  const owner = await ownerWithStore(server, { email: 'screens-owner@example.com' });
  Object.assign(owner, { email: 'screens-owner@example.com', password: 'secret123' });
  const ana = await employeeJoined(server, owner, { email: 'screens-ana@example.com', firstName: 'Ana' });
  const res = await fetch(`${server.url}/api/v1/stores/${owner.storeId}/employees`, { headers: { authorization: `Bearer ${owner.token}` } });
  const anaId = (await res.json()).data.find((e) => e.email === ana.email).id;

  // Tomorrow: Ana's published shift, and an open one in the pool; later, her time-off request.
  const tomorrow = new Date();
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  tomorrow.setUTCHours(8, 0, 0, 0);
  const start = tomorrow.getTime();
  const mine = await call(server.url, 'createShift', { storeId: owner.storeId, title: 'Morning', start, end: start + 4 * HOUR, role: owner.roleId, assigned: anaId }, owner.token);
  const open_ = await call(server.url, 'createShift', { storeId: owner.storeId, title: 'Evening', start: start + 8 * HOUR, end: start + 12 * HOUR, role: owner.roleId }, owner.token);
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: [mine.shifts[0].id, open_.shifts[0].id] }, owner.token);
  const off = start + 7 * 24 * HOUR;
  await call(server.url, 'requestTimeOff', { store: owner.storeId, start: off, end: off + 8 * HOUR, entireDay: true, description: 'Family visit' }, ana.token);

  const problems = [];
  for (const language of ['en', 'fa']) {
    for (const [person, screens] of [
      [owner, OWNER_SCREENS],
      [ana, EMPLOYEE_SCREENS],
    ]) {
      const page = await phone(person, language);
      for (const path of screens) {
        await open(page, path);
        const where = `${language} ${person.email} ${path}`;
        assert.equal(await page.evaluate(() => document.documentElement.dir), language === 'fa' ? 'rtl' : 'ltr', where);
        if (await overflows(page)) {
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          problems.push(`${where}: ${width} px wide`);
        }
        for (const v of await violations(page)) problems.push(`${where}: ${v}`);
        await screenshot(page, `screens-${language}-${person === owner ? 'owner' : 'employee'}${path.replace(/[/?=]/g, '-')}`);
      }
      await page.context().close();
    }
  }
  assert.deepEqual(problems, []);
});
