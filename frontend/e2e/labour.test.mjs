// Two managers on the same week: one adds a shift and then lengthens it; the other's board
// shows the new hours and wage cost and the overtime and long-shift warnings without a reload.
// Then one runs auto-assign, sees the proposal and accepts it, and the other's board shows
// the open shift taken.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, employeeJoined, overflows, ownerWithStore, screenshot, signInWithForm, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const ZONE = 'Europe/Berlin';

/** `yyyy-MM-dd` of the day `days` from today in the store's zone. */
function dayIn(days) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + days * 24 * 3_600_000);
}

/** Epoch ms of a Berlin wall-clock time on `yyyy-MM-dd` (Berlin is UTC+1 or +2). */
function berlin(day, hhmm) {
  for (const offset of ['+01:00', '+02:00']) {
    const at = Date.parse(`${day}T${hhmm}:00${offset}`);
    const back = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
    if (back === hhmm) return at;
  }
  throw new Error(`no ${hhmm} on ${day} in Berlin`);
}

async function openBoard(email) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInWithForm(page, server.url, email, 'secret123');
  await page.waitForURL(/\/schedule$/);
  await page.getByTestId('connection').and(page.locator('[data-status="connected"]')).waitFor();
  await page.getByRole('tab', { name: '5 days' }).click();
  return page;
}

test('a second manager sees hours, cost and warnings change live, and auto-assign fills an open shift', async () => {
  const owner = await ownerWithStore(server, { email: 'labour-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'labour-ana@example.com', firstName: 'Ana', wage: 15 });
  await employeeJoined(server, owner, { email: 'labour-max@example.com', firstName: 'Max', lastName: 'Manager', wage: 18, permissions: ['schedule'] });
  // A tight weekly limit, so one long day is already overtime.
  await call(server.url, 'updateClockSettings', { store: owner.storeId, settings: { overtimeWeeklyMinutes: 480, currency: 'USD' } }, owner.token);

  const board = await openBoard('labour-owner@example.com');
  const other = await openBoard('labour-max@example.com');
  const tomorrow = dayIn(1);

  // The owner adds Ana's shift on the board.
  const cell = board.getByTestId(`cell-${ana.email}-${tomorrow}`);
  await cell.getByTestId('add-shift').click();
  const dialog = board.getByRole('dialog', { name: 'New shift' });
  await dialog.getByLabel('Start', { exact: true }).fill('09:00');
  await dialog.getByLabel('End', { exact: true }).fill('17:00');
  await dialog.getByTestId('shift-save').click();
  await board.getByRole('dialog', { name: 'Create this shift?' }).getByTestId('confirm').click();
  await cell.getByTestId('shift').waitFor();

  // Max's board follows: eight hours at $15.
  const figure = other.getByTestId(`labour-${ana.email}`);
  await other.locator(`[data-testid="labour-${ana.email}"][data-minutes="480"]`).waitFor();
  assert.equal(await figure.textContent(), '8 h · $120.00');
  await other.locator(`[data-testid="labour-day-${tomorrow}"][data-minutes="480"]`).waitFor();
  const otherCard = other.getByTestId(`cell-${ana.email}-${tomorrow}`).getByTestId('shift');
  assert.equal(await otherCard.getByTestId('shift-warnings').count(), 0);

  // The owner lengthens it to nine hours (the board's own call): Max's board shows the new
  // figures, the hour past the limit at time and a half, and both warnings.
  const id = await board.getByTestId(`cell-${ana.email}-${tomorrow}`).getByTestId('shift').getAttribute('data-shift-id');
  await call(server.url, 'updateShift', { storeId: owner.storeId, shiftId: id, updatedShift: { end: berlin(tomorrow, '18:00') } }, owner.token);
  await other.locator(`[data-testid="labour-${ana.email}"][data-minutes="540"]`).waitFor();
  assert.equal(await figure.textContent(), '9 h · $142.50');
  await otherCard.getByTestId('warning-long').waitFor();
  await otherCard.getByTestId('warning-overtime').waitFor();
  assert.equal(await otherCard.getByTestId('shift-warnings').getAttribute('data-kinds'), 'long overtime');
  await screenshot(other, 'labour-live-warnings');

  // An open draft the day after; the owner runs auto-assign on the board and accepts.
  const later = dayIn(2);
  const created = await call(
    server.url,
    'createShift',
    { storeId: owner.storeId, title: 'Barista', role: owner.roleId, start: berlin(later, '10:00'), end: berlin(later, '14:00') },
    owner.token,
  );
  const openId = created.shifts[0].id;
  await other.locator(`[data-testid="row-open"] [data-shift-id="${openId}"]`).waitFor();
  await board.getByTestId('auto-assign').click();
  const proposal = board.getByRole('dialog', { name: 'Auto-assign open shifts' });
  const row = proposal.locator(`[data-testid="auto-row"][data-shift-id="${openId}"]`);
  await row.waitFor();
  await screenshot(board, 'labour-auto-assign');
  await proposal.getByTestId('auto-accept').click();
  await proposal.waitFor({ state: 'detached' });

  // Max's board shows the shift taken, still a draft, out of the open row.
  const taken = other.locator(`[data-shift-id="${openId}"]`);
  await other.locator(`[data-testid="row-open"] [data-shift-id="${openId}"]`).waitFor({ state: 'detached' });
  assert.equal(await taken.getAttribute('data-status'), 'draft');
  const rowOf = await taken.evaluate((el) => el.closest('[role="row"]')?.getAttribute('data-testid'));
  assert.match(rowOf, /^row-labour-(ana|max)@example\.com$/);

  // On a phone in Persian (right to left) the figures are there, in the store's currency, and
  // neither the board nor the proposal widens the page.
  const phone = await browser.newContext({ locale: 'fa-IR', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  await small.goto(`${server.url}/login`);
  await small.locator('input[type="email"]').fill('labour-max@example.com');
  await small.locator('input[type="password"]').fill('secret123');
  await small.locator('button[type="submit"]').click();
  await small.waitForURL(/\/schedule$/);
  assert.equal(await small.evaluate(() => document.documentElement.dir), 'rtl');
  // The five-day view (the second tab), which holds tomorrow and the day after. Auto-assign
  // may have given Ana the open shift (when the day after starts a new week, her weekly
  // overtime does not count against her): then her figure holds its four hours too.
  await small.getByRole('tab').nth(1).click();
  const anaMinutes = rowOf === `row-${ana.email}` ? 540 + 240 : 540;
  const faFigure = small.locator(`[data-testid="labour-${ana.email}"][data-minutes="${anaMinutes}"]`);
  await faFigure.waitFor();
  assert.match(await faFigure.textContent(), /ساعت/u);
  assert.match(await faFigure.textContent(), /\$/u);
  assert.equal(await overflows(small), false);
  await small.getByTestId('auto-assign').click();
  await small.getByTestId('auto-proposal').waitFor();
  assert.equal(await overflows(small), false);
  await screenshot(small, 'labour-fa-phone');
  await phone.close();
});
