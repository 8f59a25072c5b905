// The board at a large store's size: 200 employees and 2,000 shifts in the week. Only the rows
// in view are in the page; managers find people by name, role and status; the footer totals
// each day. (Its figures come from the browser benchmark, `scripts/bench-board.sh`.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, employeeJoined, ownerWithStore, screenshot, signInWithForm, useServerAndBrowser } from './fixtures.mjs';

const EMPLOYEES = 200;
const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Epoch ms of `hh:00` on the Sunday starting next week (plus `days`), in the store's zone. */
function weekDayAt(days, hh) {
  const now = new Date();
  const local = new Date(now.toLocaleString('en-US', { timeZone: ZONE }));
  const offset = local.getTime() - now.getTime();
  const sunday = new Date(local);
  sunday.setHours(0, 0, 0, 0);
  sunday.setDate(sunday.getDate() - sunday.getDay() + 7 + days);
  sunday.setHours(hh);
  return sunday.getTime() - offset;
}

/** `yyyy-MM-dd` of `at` in the store's zone: the board's cell and total keys. */
const dayKey = (at) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(at);

const rowNames = (page) => page.locator('[data-testid^="row-"] [role="rowheader"] strong').allTextContents();

test(`the board of ${EMPLOYEES} employees and 2,000 shifts: only what is in view, found by name, role and status, totalled per day; a burst of edits notifies once`, async () => {
  const owner = await ownerWithStore(server, { email: 'scale-owner@example.com' });
  const cook = await call(server.url, 'createRole', { store: owner.storeId, roleData: { title: 'Cook', color: '#e4572e', swappeable: true } }, owner.token);
  const ids = [];
  for (let i = 1; i <= EMPLOYEES; i += 1) {
    const role = i % 50 === 0 ? [owner.roleId, cook.id] : [owner.roleId];
    const out = await call(
      server.url,
      'inviteEmployee',
      { store: owner.storeId, employee: { email: `scale-${i}@example.com`, fullname: `Person ${i}`, role, wage: { [owner.roleId]: 12 } } },
      owner.token,
    );
    ids.push(out.employee.id);
  }
  // Ten shifts each, mornings and afternoons, Monday to Friday; every fiftieth person cooks in the afternoons.
  for (const [n, id] of ids.entries()) {
    for (const hh of [7, 13]) {
      const cooks = (n + 1) % 50 === 0 && hh === 13;
      await call(
        server.url,
        'createShift',
        {
          storeId: owner.storeId, title: cooks ? 'Kitchen' : 'Bar', role: cooks ? cook.id : owner.roleId, assigned: id,
          start: weekDayAt(1, hh), end: weekDayAt(1, hh) + 4 * HOUR,
          // `repeat` names every start, the first included.
          repeat: [1, 2, 3, 4, 5].map((d) => weekDayAt(d, hh)),
        },
        owner.token,
      );
    }
  }
  // Two open shifts on Monday.
  await call(server.url, 'createShift', { storeId: owner.storeId, title: 'Cover', role: owner.roleId, assigned: null, start: weekDayAt(1, 9), end: weekDayAt(1, 12), repeat: [weekDayAt(1, 9), weekDayAt(1, 15)] }, owner.token);

  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await signInWithForm(page, server.url, 'scale-owner@example.com', 'secret123');
  await page.waitForURL(/\/schedule$/);
  const board = page.getByTestId('board');
  await board.waitFor();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const monday = page.getByTestId(`total-${dayKey(weekDayAt(1, 12))}`);
  await page.waitForFunction((el) => el?.dataset.shifts === '402', await monday.elementHandle(), { timeout: 30_000 });

  // Every day's total in the sticky footer: 2 shifts of 4 hours each per person, and the open ones.
  assert.equal(await monday.getAttribute('data-minutes'), String(EMPLOYEES * 8 * 60 + 6 * 60));
  assert.equal(await monday.textContent(), `${(EMPLOYEES * 8 + 6).toLocaleString('en-US')} h · 402 shifts`);
  assert.equal(await page.getByTestId(`total-${dayKey(weekDayAt(0, 12))}`).getAttribute('data-shifts'), '0');

  // Only about what fits on screen is in the page, named in natural order.
  const drawn = await rowNames(page);
  assert.ok(drawn.length < 40, `${drawn.length} rows drawn of ${EMPLOYEES + 2}`);
  // The rows of the people and the open shifts, the head, the totals and the wage cost.
  assert.equal(await board.getAttribute('aria-rowcount'), String(EMPLOYEES + 2 + 3));
  const people = drawn.filter((n) => n.startsWith('Person '));
  assert.deepEqual(people.slice(0, 3), ['Person 1', 'Person 2', 'Person 3']);
  assert.ok(await page.evaluate(() => document.getElementsByTagName('*').length) < 4000);
  await screenshot(page, 'board-scale-week');

  // Scrolling reaches the last person (rows grow to their measured height as they come into view).
  const last = page.getByTestId('row-scale-200@example.com');
  for (let i = 0; i < 20 && !(await last.count()); i += 1) {
    await page.getByTestId('board-scroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await page.waitForTimeout(100);
  }
  await last.waitFor();
  await screenshot(page, 'board-scale-end');

  // Search by name.
  await page.getByTestId('board-search').fill('person 19');
  // Eleven people, of whom those in view are drawn, from the first.
  await page.locator('[data-testid="board"][aria-rowcount="14"]').waitFor();
  // The list scrolls back to its top once the rows are filtered (it was at the end): read it
  // once it has.
  for (let i = 0; i < 50 && (await rowNames(page))[0] !== 'Person 19'; i += 1) await page.waitForTimeout(100);
  const found = await rowNames(page);
  assert.deepEqual(found, ['Person 19', ...Array.from({ length: 10 }, (_, i) => `Person ${190 + i}`)].slice(0, found.length));
  assert.equal(await monday.getAttribute('data-shifts'), '22');
  await page.getByTestId('board-search').fill('PERSON 199');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^="row-"]').length === 1);
  assert.deepEqual(await rowNames(page), ['Person 199']);

  // Filter by role: the cooks and their kitchen shifts only (and no open shift: none is the cook's).
  await page.getByTestId('board-search').fill('');
  await page.getByTestId('board-role').selectOption(cook.id);
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^="row-"]').length === 4);
  assert.deepEqual(await rowNames(page), ['Person 50', 'Person 100', 'Person 150', 'Person 200']);
  assert.equal(await monday.getAttribute('data-shifts'), '4');
  assert.equal(await page.getByTestId('row-scale-50@example.com').getByTestId('shift').count(), 5);

  // Filter by status: the open shifts.
  await page.getByTestId('board-role').selectOption('');
  await page.getByTestId('board-status').selectOption('open');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^="row-"]').length === 1);
  assert.deepEqual(await rowNames(page), ['Open shifts']);
  assert.equal(await monday.getAttribute('data-shifts'), '2');

  // Sorted by hours, compact: the cooks have the same hours as everyone, so the order is by name.
  await page.getByTestId('board-status').selectOption('all');
  await page.getByTestId('board-sort').selectOption('hours');
  await page.getByTestId('board-compact').check();
  await page.locator('[data-testid="board"][data-density="compact"]').waitFor();
  assert.deepEqual((await rowNames(page)).slice(0, 3), ['Open shifts', 'Person 1', 'Person 2']);
  await screenshot(page, 'board-scale-compact');

  // The month view counts a busy day's shifts per role and lists them on demand.
  await page.getByRole('tab', { name: 'Month' }).click();
  const day = page.getByTestId(`month-day-${dayKey(weekDayAt(1, 12))}`);
  const counts = await day.getByTestId('month-role-count').allTextContents();
  assert.deepEqual(counts, ['398 Barista', '4 Cook']);
  await day.getByTestId('month-counts').click();
  assert.equal(await page.getByTestId('month-day-list').getByTestId('shift').count(), 402);
  await context.close();

  // A burst of edits of one shift notifies its assignee once, with the latest text.
  const ana = await employeeJoined(server, owner, { email: 'scale-ana@example.com' });
  const team = await fetch(`${server.url}/api/v1/stores/${owner.storeId}/employees`, { headers: { authorization: `Bearer ${owner.token}` } }).then((r) => r.json());
  const anaId = team.data.find((e) => e.email === ana.email).id;
  const created = await call(server.url, 'createShift', { storeId: owner.storeId, title: 'Title 0', role: owner.roleId, assigned: anaId, start: weekDayAt(6, 9), end: weekDayAt(6, 13) }, owner.token);
  const shiftId = created.shifts[0].id;
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: [shiftId] }, owner.token);
  for (let n = 1; n <= 20; n += 1) {
    await call(server.url, 'updateShift', { storeId: owner.storeId, shiftId, updatedShift: { title: `Title ${n}` } }, owner.token);
  }
  const mine = await fetch(`${server.url}/api/v1/stores/${owner.storeId}/notifications`, { headers: { authorization: `Bearer ${ana.token}` } }).then((r) => r.json());
  const updates = mine.data.private.filter((n) => n.type === 'shiftUpdate');
  assert.equal(updates.length, 1, JSON.stringify(updates.map((n) => n.content)));
  assert.match(updates[0].content, /^Your shift Title 20 on /);
  const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const anaPage = await phone.newPage();
  await signInWithForm(anaPage, server.url, ana.email, ana.password);
  await anaPage.waitForURL(/\/home$/);
  await anaPage.goto(`${server.url}/notifications`);
  const english = anaPage.locator('[data-code="shiftUpdated"]');
  await english.getByText('Shift updated').waitFor();
  assert.equal(await english.count(), 1);
  const words = (await english.getByTestId('notification-content').textContent()).replace(/[\u2068\u2069]/g, '');
  assert.match(words, /^Your shift Title 20 on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} was changed\.$/, words);
  // In Persian the app words it from its code: a Persian sentence, the date in Persian digits
  // and the store's zone, the shift's Latin title set apart.
  await anaPage.goto(`${server.url}/notifications?lng=fa`);
  await anaPage.locator('html[dir=rtl]').waitFor();
  const persian = anaPage.locator('[data-code="shiftUpdated"]');
  await persian.getByText('شیفت تغییر کرد').waitFor();
  const sentence = await persian.getByTestId('notification-content').textContent();
  assert.match(sentence, /^شیفت \u2068Title 20\u2069 شما در \u2068[^0-9]+\u2069 تغییر کرد\.$/u, sentence);
  await phone.close();
});
