// Time off and the shift pool in the browser: an employee asks for a day off, a manager
// approves it (seeing the shift it opens), a colleague takes the open shift from the pool;
// then a drop from the home screen, a grab from the pool and the manager's approval. Every
// page involved updates live, without a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, employeeId, employeeJoined, ownerWithStore, screenshot, signedIn, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const DAY = 24 * 3_600_000;

/** `yyyy-MM-dd` of an instant in Berlin. */
function berlinDate(at) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** A published shift for `assigned`, `days` ahead at 10:00 for 6 hours (roughly, in UTC). */
async function publishedShift(owner, assigned, days) {
  const start = Math.floor((Date.now() + days * DAY) / DAY) * DAY + 8 * 3_600_000;
  const made = await call(
    server.url,
    'createShift',
    { storeId: owner.storeId, title: 'Morning', start, end: start + 6 * 3_600_000, role: owner.roleId, assigned },
    owner.token,
  );
  const shift = made.shifts[0];
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: [shift.id] }, owner.token);
  return shift;
}

/** The count on the navigation entry to `path`, in the `sidebar` or the `bottom-nav`. */
function navBadge(page, nav, path) {
  return page.getByTestId(nav).locator(`a[href="${path}"]`).getByTestId('nav-badge');
}

/** A phone signed in as `person` at `path`. */
const onPhone = (person, path) => signedIn(browser, server, person, { path, phone: true });

test('time off opens a shift that a colleague takes from the pool; a drop is grabbed and approved', async () => {
  const owner = await ownerWithStore(server, { email: 'pool-owner@example.com' });
  owner.email = 'pool-owner@example.com';
  owner.password = 'secret123';
  const ana = await employeeJoined(server, owner, { email: 'pool-ana@example.com', firstName: 'Ana' });
  const ben = await employeeJoined(server, owner, { email: 'pool-ben@example.com', firstName: 'Ben' });
  const cleo = await employeeJoined(server, owner, { email: 'pool-cleo@example.com', firstName: 'Cleo' });
  const anaId = await employeeId(server, owner, ana.email);
  const benId = await employeeId(server, owner, ben.email);
  const anasShift = await publishedShift(owner, anaId, 3);

  // Ana asks for that day off.
  const anaPage = await onPhone(ana, '/availability?tab=timeoff');
  const day = berlinDate(anasShift.start);
  await anaPage.getByLabel('First day').fill(day);
  await anaPage.getByLabel('Last day').fill(day);
  await anaPage.getByLabel('Reason').fill('Family visit');
  await anaPage.getByTestId('request-time-off').click();
  const request = anaPage.getByTestId('time-off');
  await request.and(anaPage.locator('[data-status="pending"]')).waitFor();
  // Its date reads as a date in her language, not as `yyyy-mm-dd`.
  const shown = await request.locator('strong').first().textContent();
  assert.equal(shown, new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${day}T12:00:00Z`)));

  // The manager approves, after seeing which shift it opens; Ana sees the answer live.
  const boss = await signedIn(browser, server, owner, { path: '/availability?tab=requests' });
  await boss.getByTestId('pending-request').getByTestId('approve-time-off').click();
  const dialog = boss.getByRole('dialog');
  await dialog.getByTestId('affected-shifts').waitFor();
  assert.equal(await dialog.getByTestId('affected-shifts').locator('li').count(), 1);
  await screenshot(boss, 'time-off-approval');
  await dialog.getByTestId('confirm').click();
  await request.and(anaPage.locator('[data-status="accepted"]')).waitFor();

  // Ben finds the open shift in his pool and takes it; Cleo's pool empties live.
  const benPool = await onPhone(ben, '/more/shiftpoll');
  const cleoPool = await onPhone(cleo, '/more/shiftpoll');
  const open = (page) => page.getByTestId('pool-entry').and(page.locator(`[data-shift-id="${anasShift.id}"][data-kind="open"]`));
  await open(cleoPool).waitFor();
  // Cleo was told: her phone's notifications badge counts it, and the pool's waits for her.
  await navBadge(cleoPool, 'bottom-nav', '/notifications').waitFor();
  await open(benPool).getByTestId('take-shift').click();
  await open(cleoPool).waitFor({ state: 'detached' });
  await benPool.getByTestId('pool-empty').waitFor();

  // Ben drops another shift from his home; Cleo grabs it; the manager approves.
  const bensShift = await publishedShift(owner, benId, 4);
  await benPool.goto(`${server.url}/home`);
  const card = benPool.locator(`[data-testid="my-shift"][data-shift-id="${bensShift.id}"]`);
  await card.getByTestId('drop-shift').click();
  await card.and(benPool.locator('[data-status="dropped"]')).waitFor();
  const offered = cleoPool.locator(`[data-testid="pool-entry"][data-shift-id="${bensShift.id}"]`);
  await offered.and(cleoPool.locator('[data-kind="pending"]')).waitFor();
  await screenshot(cleoPool, 'shift-pool');
  await offered.getByTestId('grab-shift').click();
  await offered.and(cleoPool.locator('[data-kind="grabbed"]')).waitFor();
  // The manager's sidebar counts the grab waiting for an answer, live.
  await navBadge(boss, 'sidebar', '/more/manager/shift-pool').filter({ hasText: /^1$/ }).waitFor();

  await boss.goto(`${server.url}/more/manager/shift-pool`);
  const toAnswer = boss.locator(`[data-testid="pool-entry"][data-shift-id="${bensShift.id}"]`);
  await toAnswer.getByTestId('approve-grab').click();
  await offered.waitFor({ state: 'detached' });
  await card.waitFor({ state: 'detached' });

  // The managers were told along the way.
  await boss.goto(`${server.url}/notifications`);
  await boss.getByTestId('notification').filter({ hasText: 'Open shift taken' }).waitFor();
  await boss.getByTestId('notification').filter({ hasText: 'Shift grabbed' }).waitFor();
  // Reading them clears the notifications badge.
  await navBadge(boss, 'sidebar', '/notifications').waitFor({ state: 'detached' });
});
