// The manager creates and publishes a shift and the employee's page shows it without reload;
// the employee confirms and the manager's board shows it confirmed without reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { employeeJoined, ownerWithStore, screenshot, signInWithForm, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** `yyyy-MM-dd` of the day after today in the store's zone. */
function tomorrowIn(zone) {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(Date.now() + 24 * 3_600_000);
  return parts;
}

test('a published shift reaches the employee live and their confirmation reaches the board', async () => {
  const owner = await ownerWithStore(server, { email: 'live-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'live-ana@example.com', firstName: 'Ana', wage: 15 });

  const manager = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  const board = await manager.newPage();
  await signInWithForm(board, server.url, 'live-owner@example.com', 'secret123');
  await board.waitForURL(/\/schedule$/);
  await board.getByTestId('connection').and(board.locator('[data-status="connected"]')).waitFor();
  await board.getByRole('tab', { name: '5 days' }).click();
  // Nothing to publish yet: the button says only "Publish", is off, and says why.
  const publish = board.getByTestId('publish');
  assert.equal((await publish.textContent()).trim(), 'Publish');
  assert.equal(await publish.isDisabled(), true);
  assert.equal(await publish.getAttribute('aria-describedby'), 'publish-reason');
  assert.equal(await board.getByTestId('publish-reason').textContent(), 'Nothing to publish');

  const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const home = await phone.newPage();
  await signInWithForm(home, server.url, ana.email, ana.password);
  await home.waitForURL(/\/home$/);
  await home.getByTestId('connection').and(home.locator('[data-status="connected"]')).waitFor();
  await home.getByText('No upcoming shifts.').waitFor();

  // The manager creates a shift for Ana tomorrow, confirming the write.
  const cell = board.getByTestId(`cell-${ana.email}-${tomorrowIn('Europe/Berlin')}`);
  await cell.getByTestId('add-shift').click();
  const dialog = board.getByRole('dialog', { name: 'New shift' });
  assert.equal(await dialog.getByLabel('Employee').inputValue() !== '', true);
  await dialog.getByLabel('Start', { exact: true }).fill('09:00');
  await dialog.getByLabel('End', { exact: true }).fill('17:00');
  await dialog.getByTestId('shift-save').click();
  await board.getByRole('dialog', { name: 'Create this shift?' }).getByTestId('confirm').click();
  const card = cell.getByTestId('shift');
  await card.and(board.locator('[data-status="draft"]')).waitFor();
  await screenshot(board, 'schedule-draft');

  // Drafts stay hidden from the employee.
  await home.waitForTimeout(500);
  assert.equal(await home.getByTestId('my-shift').count(), 0);

  assert.equal((await publish.textContent()).trim(), 'Publish 1 shift');
  await board.getByTestId('publish').click();
  await board.getByRole('dialog').getByTestId('confirm').click();
  await card.and(board.locator('[data-status="published"]')).waitFor();

  // The employee's page shows it without a reload, with the new-shift badge and earnings in
  // the store's currency (US dollars unless the store says otherwise).
  const mine = home.getByTestId('my-shift');
  await mine.and(home.locator('[data-status="published"]')).waitFor();
  assert.equal(await home.getByTestId('published-badge').textContent(), '1');
  // The estimate is the server's (read again on the change): eight hours at 15 an hour.
  await home.getByTestId('earnings').getByText('$120.00', { exact: true }).waitFor();
  await screenshot(home, 'employee-home-published');

  await mine.getByTestId('confirm-shift').click();
  await mine.and(home.locator('[data-status="confirmed"]')).waitFor();

  // The manager's board shows the confirmation without a reload.
  await card.and(board.locator('[data-status="confirmed"]')).waitFor();
  assert.equal(await card.getByTestId('shift-status').textContent(), 'Confirmed');
  await screenshot(board, 'schedule-confirmed');

  // A second shift over the first is refused, and the server's reason shows in the dialog.
  await cell.getByTestId('add-shift').click();
  const second = board.getByRole('dialog', { name: 'New shift' });
  await second.getByLabel('Start', { exact: true }).fill('10:00');
  await second.getByLabel('End', { exact: true }).fill('12:00');
  await second.getByTestId('shift-save').click();
  await board.getByRole('dialog', { name: 'Create this shift?' }).getByTestId('confirm').click();
  const refusal = second.getByTestId('shift-error');
  await refusal.waitFor();
  assert.match(await refusal.textContent(), /^Conflict: .*conflicting with the current shift\.$/);
  await board.waitForTimeout(1000);
  await screenshot(board, 'schedule-conflict');
  await second.getByRole('button', { name: 'Cancel' }).click();

  // Dragging the shift to the next day moves it; the employee's page follows.
  const nextDay = board.getByTestId(`cell-${ana.email}-${dayAfter(tomorrowIn('Europe/Berlin'))}`);
  await card.dragTo(nextDay);
  const moved = nextDay.getByTestId('shift');
  await moved.waitFor();
  assert.equal(await cell.getByTestId('shift').count(), 0);
  await home.getByText(new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' })
    .format(new Date(`${dayAfter(tomorrowIn('Europe/Berlin'))}T12:00:00Z`))).waitFor();

  // A second manager: each sees the other looking, the shift the other has open, and the
  // other's new shift, all without reload.
  const max = await employeeJoined(server, owner, { email: 'live-max@example.com', firstName: 'Max', lastName: 'Manager', permissions: ['schedule'] });
  const otherManager = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  const maxBoard = await otherManager.newPage();
  await signInWithForm(maxBoard, server.url, max.email, max.password);
  await maxBoard.waitForURL(/\/schedule$/);
  await board.getByTestId('presence').getByLabel('Max Manager').waitFor();
  await maxBoard.getByTestId('presence').getByLabel('Olivia Owner').waitFor();
  await maxBoard.getByRole('tab', { name: '5 days' }).click();
  await maxBoard.locator(`[data-shift-id="${await moved.getAttribute('data-shift-id')}"]`).click();
  await moved.getByTestId('shift-editing').filter({ hasText: 'Max Manager' }).waitFor();
  await screenshot(board, 'schedule-presence');
  await maxBoard.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await moved.getByTestId('shift-editing').waitFor({ state: 'detached' });

  const openCell = (page) => page.getByTestId(`cell-open-${tomorrowIn('Europe/Berlin')}`);
  await openCell(maxBoard).getByTestId('add-shift').click();
  await maxBoard.getByRole('dialog', { name: 'New shift' }).getByTestId('shift-save').click();
  await maxBoard.getByRole('dialog', { name: 'Create this shift?' }).getByTestId('confirm').click();
  await openCell(board).getByTestId('shift').waitFor();

  // Both managers open the moved shift. Max saves a new end time; Olivia's open dialog shows
  // it live, her save waits for her choice, and keeping her new title keeps his end time too.
  const movedId = await moved.getAttribute('data-shift-id');
  await board.locator(`[data-shift-id="${movedId}"]`).click();
  const mineDialog = board.getByRole('dialog', { name: 'Edit shift' });
  await mineDialog.getByLabel('Shift title').fill('Inventory');
  await maxBoard.locator(`[data-shift-id="${movedId}"]`).click();
  const maxDialog = maxBoard.getByRole('dialog', { name: 'Edit shift' });
  await maxDialog.getByLabel('End', { exact: true }).fill('18:00');
  await maxDialog.getByTestId('shift-save').click();
  await maxBoard.getByRole('dialog', { name: 'Save the changes to this shift?' }).getByTestId('confirm').click();
  const notice = mineDialog.getByTestId('shift-changed');
  await notice.getByText(/Time now: .*–18:00/).waitFor();
  assert.equal(await mineDialog.getByTestId('shift-save').isDisabled(), true);
  await screenshot(board, 'schedule-stale-notice');
  await notice.getByTestId('keep-mine').click();
  assert.equal(await mineDialog.getByLabel('Shift title').inputValue(), 'Inventory');
  assert.equal(await mineDialog.getByLabel('End', { exact: true }).inputValue(), '18:00');
  await mineDialog.getByTestId('shift-save').click();
  await board.getByRole('dialog', { name: 'Save the changes to this shift?' }).getByTestId('confirm').click();
  await mineDialog.waitFor({ state: 'detached' });
  await maxBoard.locator(`[data-shift-id="${movedId}"]`).getByText('Inventory').waitFor();

  await otherManager.close();
  await phone.close();
  await manager.close();
});

/** The `yyyy-MM-dd` after `key`. */
function dayAfter(key) {
  const d = new Date(`${key}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
