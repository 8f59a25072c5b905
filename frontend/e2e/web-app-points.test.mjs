// What people stumbled on, checked as they would meet it: choosing a role the clicked employee
// lacks says so instead of silently opening the shift; messages give way to the newest at once
// and a drop explains what happens next; a role without swaps says why there is no Drop; the
// phone's top bar keeps the store's name whole and a lost connection is said in words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, employeeId, employeeJoined, ownerWithStore, screenshot, signedIn, useServerAndBrowser } from './fixtures.mjs';

const HOUR = 3_600_000;

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** `yyyy-MM-dd` of the day `days` from today in the store's zone. */
const dayIn = (days) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + days * 24 * HOUR);

/** A published shift of `assigned` in `days` days, 09:00-13:00 UTC. */
async function publishedShift(owner, assigned, role, days) {
  const day = new Date(Date.now() + days * 24 * HOUR);
  day.setUTCHours(9, 0, 0, 0);
  const start = day.getTime();
  const made = await call(server.url, 'createShift', { storeId: owner.storeId, title: 'Morning', start, end: start + 4 * HOUR, role, assigned }, owner.token);
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: [made.shifts[0].id] }, owner.token);
}

/** A phone signed in as `person`, on the home screen. */
const phone = (person) => signedIn(browser, server, person, { phone: true, path: '/home' });

test('the web app answers as people expect on the board and on the phone', async () => {
  const owner = await ownerWithStore(server, { email: 'points-owner@example.com', store: "Olga's Bistro" });
  const cook = await call(server.url, 'createRole', { store: owner.storeId, roleData: { title: 'Cook', color: '#e4572e', swappeable: false } }, owner.token);
  const ana = await employeeJoined(server, owner, { email: 'points-ana@example.com', firstName: 'Ana' });
  const ben = await employeeJoined(server, { ...owner, roleId: cook.id }, { email: 'points-ben@example.com', firstName: 'Ben' });

  // A role the clicked employee lacks is said, and the shift stays hers until the manager
  // chooses to make it open.
  const board = await signedIn(browser, server, { email: 'points-owner@example.com', password: 'secret123' }, { path: '/schedule' });
  // Five days from today hold tomorrow, where the week (from Sunday) ends on a Saturday.
  await board.getByRole('tab', { name: '5 days' }).click();
  await board.getByTestId(`cell-${ana.email}-${dayIn(1)}`).getByTestId('add-shift').click();
  const dialog = board.getByRole('dialog', { name: 'New shift' });
  const assignee = await dialog.getByLabel('Employee').inputValue();
  assert.notEqual(assignee, '');
  await dialog.getByLabel('Role').selectOption({ label: 'Cook' });
  const lacking = dialog.getByTestId('role-lacking');
  await lacking.waitFor();
  assert.match(await lacking.textContent(), /Ana Employee.*doesn't have the role.*Cook/);
  assert.equal(await dialog.getByLabel('Employee').inputValue(), assignee);
  await screenshot(board, 'points-role-lacking');
  await lacking.getByRole('button', { name: 'Make it an open shift' }).click();
  assert.equal(await dialog.getByLabel('Employee').inputValue(), '');
  await lacking.waitFor({ state: 'detached' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await board.context().close();

  await publishedShift(owner, await employeeId(server, owner, ana.email), owner.roleId, 2);
  await publishedShift(owner, await employeeId(server, owner, ben.email), cook.id, 2);

  // Ana confirms, then drops at once: the newest message shows, not a queue of old ones, and
  // the shift says what a drop means.
  const anaPage = await phone(ana);
  const shift = anaPage.getByTestId('my-shift').first();
  await shift.getByTestId('confirm-shift').click();
  await anaPage.getByTestId('snackbar').getByText('Shift confirmed.').waitFor();
  await shift.and(anaPage.locator('[data-status="confirmed"]')).waitFor();
  await shift.getByTestId('drop-shift').click();
  await anaPage.getByTestId('snackbar').getByText('Shift offered in the pool.').waitFor();
  assert.equal(await anaPage.getByTestId('snackbar').count(), 1);
  assert.match(await shift.getByTestId('drop-explained').textContent(), /stays yours until a colleague takes it and a manager approves/);
  await screenshot(anaPage, 'points-drop-explained');

  // The top bar: no language picker squeezing the store's name, which shows whole.
  assert.equal(await anaPage.getByTestId('language-picker').count(), 0);
  const name = anaPage.getByTestId('store-name');
  assert.equal(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), true, 'the store name is not cut');

  // A lost connection is said in words, not only by the dot's colour.
  await anaPage.context().setOffline(true);
  await anaPage.getByTestId('offline-notice').waitFor({ timeout: 30_000 });
  assert.match(await anaPage.getByTestId('offline-notice').textContent(), /Connection lost/);
  await anaPage.context().setOffline(false);
  await anaPage.getByTestId('offline-notice').waitFor({ state: 'detached', timeout: 30_000 });
  await anaPage.context().close();

  // Ben's role allows no swaps: no Drop, and the reason instead.
  const benPage = await phone(ben);
  const benShift = benPage.getByTestId('my-shift').first();
  await benShift.waitFor();
  assert.equal(await benShift.getByTestId('drop-shift').count(), 0);
  assert.match(await benShift.getByTestId('no-swap-reason').textContent(), /Shifts of the role Cook cannot be dropped or swapped/);
  await benPage.context().close();
});
