// This browser's local database (`clockto-db`): a shift being edited survives a reload and is
// offered back, restored and saved; leaving the dialog on purpose forgets it; the board's view
// is kept among the preferences.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { employeeJoined, ownerWithStore, signInWithForm, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** `yyyy-MM-dd` of the day after today in the store's zone. */
const tomorrow = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + 24 * 3_600_000);

/**
 * In the page: true once `clockto-db`'s object store `store` holds `want`, as the value kept
 * at `key`, or as its count without one. Reloads wait on it: what the app writes there is an
 * IndexedDB write a reload in the same instant may abort, which no person's reload does.
 */
const holds = ({ store, key, want }) =>
  new Promise((resolve) => {
    const open = indexedDB.open('clockto-db');
    open.onsuccess = () => {
      const kept = open.result.transaction(store).objectStore(store);
      const read = key === undefined ? kept.count() : kept.get(key);
      read.onsuccess = () => {
        open.result.close();
        resolve(read.result === want);
      };
    };
  });

/** Waits until `clockto-db` holds what `holds` is asked for. */
const untilHeld = (page, what) => page.waitForFunction(holds, what, { polling: 100 }).then((h) => h.dispose());

test('a shift being edited survives a reload, and the board keeps its view', async () => {
  const owner = await ownerWithStore(server, { email: 'drafts-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'drafts-ana@example.com', firstName: 'Ana' });
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInWithForm(page, server.url, 'drafts-owner@example.com', 'secret123');
  await page.waitForURL(/\/schedule$/);
  const ready = () => page.getByTestId('connection').and(page.locator('[data-status="connected"]')).waitFor();
  await ready();
  // Five days from today hold tomorrow, where the week (from Sunday) ends on a Saturday.
  await page.getByRole('tab', { name: '5 days' }).click();

  const cell = page.getByTestId(`cell-${ana.email}-${tomorrow()}`);
  const dialog = page.getByRole('dialog', { name: 'New shift' });
  await cell.getByTestId('add-shift').click();
  await dialog.getByLabel('Shift title').fill('Inventory');
  await dialog.getByLabel('Start', { exact: true }).fill('07:00');
  await dialog.getByLabel('End', { exact: true }).fill('11:30');
  await page.waitForTimeout(700);

  // The tab is reloaded mid-edit: the dialog offers the draft back.
  await page.reload();
  await ready();
  await cell.getByTestId('add-shift').click();
  const offer = dialog.getByTestId('draft-offer');
  await offer.waitFor();
  assert.match(await offer.textContent(), /You have an unsaved version of this shift from/);
  await offer.getByTestId('draft-restore').click();
  await offer.waitFor({ state: 'detached' });
  assert.equal(await dialog.getByLabel('Shift title').inputValue(), 'Inventory');
  assert.equal(await dialog.getByLabel('End', { exact: true }).inputValue(), '11:30');
  await dialog.getByTestId('shift-save').click();
  await page.getByRole('dialog', { name: 'Create this shift?' }).getByTestId('confirm').click();
  await cell.getByTestId('shift').getByText('Inventory').waitFor();

  // Saved: nothing is offered any more. A draft left with Cancel is forgotten too.
  await page.getByTestId(`cell-${ana.email}-${tomorrow()}`).getByTestId('add-shift').click();
  await dialog.getByLabel('Shift title').fill('Delivery');
  await page.waitForTimeout(700);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // The forgetting lands before the reload.
  await untilHeld(page, { store: 'shiftDrafts', want: 0 });
  await page.reload();
  await ready();
  await cell.getByTestId('add-shift').click();
  await dialog.getByLabel('Shift title').waitFor();
  await page.waitForTimeout(500);
  assert.equal(await dialog.getByTestId('draft-offer').count(), 0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The board's view is a preference of this browser.
  await page.getByRole('tab', { name: 'Month' }).click();
  // The choice lands before the reload, as the forgetting did.
  await untilHeld(page, { store: 'preferences', key: 'scheduleView', want: 'month' });
  await page.reload();
  await ready();
  await page.getByRole('tab', { name: 'Month', selected: true }).waitFor();
  await context.close();
});
