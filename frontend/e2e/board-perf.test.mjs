// Measures the time to first render of the schedule board for a store with 50 employees and
// 500 shifts in the week shown; the figures go to test-artifacts/board-perf.json.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ARTIFACTS, call, launchBrowser, ownerWithStore, serves, signInWithForm, startServer } from './support.mjs';

const EMPLOYEES = 50;
const SHIFTS = 500;
const ZONE = 'Europe/Berlin';

let server;
let browser;
let live = false;

before(async () => {
  server = await startServer();
  live = await serves(server.url, 'createShift');
  if (live) browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

/** Epoch ms of `hh:00` on the Sunday starting this week (plus `days`), in the store's zone. */
function weekDayAt(days, hh) {
  const now = new Date();
  const local = new Date(now.toLocaleString('en-US', { timeZone: ZONE }));
  const offset = local.getTime() - now.getTime();
  const sunday = new Date(local);
  sunday.setHours(0, 0, 0, 0);
  sunday.setDate(sunday.getDate() - sunday.getDay() + days);
  sunday.setHours(hh);
  return sunday.getTime() - offset;
}

test(`the board renders ${EMPLOYEES} employees and ${SHIFTS} shifts of a week`, async (t) => {
  if (!live) {
    t.skip('this server does not serve the shift calls and the socket yet');
    return;
  }
  const owner = await ownerWithStore(server, { email: 'perf-owner@example.com' });
  const ids = [];
  for (let i = 0; i < EMPLOYEES; i += 1) {
    const out = await call(
      server.url,
      'inviteEmployee',
      { store: owner.storeId, employee: { email: `perf-${i}@example.com`, fullname: `Person ${i}`, role: [owner.roleId], wage: { [owner.roleId]: 12 } } },
      owner.token,
    );
    ids.push(out.employee.id);
  }
  // Ten shifts each: mornings and afternoons, Monday to Friday.
  for (const id of ids) {
    for (const hh of [7, 13]) {
      const start = weekDayAt(1, hh);
      await call(
        server.url,
        'createShift',
        {
          storeId: owner.storeId, title: 'Barista', role: owner.roleId, assigned: id,
          start, end: start + 4 * 3_600_000,
          repeat: [1, 2, 3, 4, 5].map((d) => weekDayAt(d, hh)),
        },
        owner.token,
      );
    }
  }

  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await signInWithForm(page, server.url, 'perf-owner@example.com', 'secret123');
  await page.waitForURL(/\/schedule$/);
  const runs = [];
  for (let i = 0; i < 3; i += 1) {
    await page.goto(`${server.url}/schedule`);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="shift"]').length >= n, SHIFTS, { timeout: 30_000 });
    runs.push(Math.round(await page.evaluate(() => performance.now())));
  }
  const rows = await page.getByRole('rowheader').count();
  assert.equal(rows, EMPLOYEES + 2, 'open shifts, the owner and every employee');
  const result = { employees: EMPLOYEES, shifts: SHIFTS, firstRenderMs: runs, medianMs: [...runs].sort((a, b) => a - b)[1] };
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(join(ARTIFACTS, 'board-perf.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`board first render with ${EMPLOYEES} employees and ${SHIFTS} shifts: ${runs.join(', ')} ms`);
  await context.close();
});
