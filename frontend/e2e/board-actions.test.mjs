// The board's actions on the demo café: undo of a move and a delete, an undo refused because
// another manager changed the shift since (two browsers), batch selection dropped into the
// pool, and the week printed on one landscape page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, screenshot, signInWithForm, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser(
  (s, b) => {
    server = s;
    browser = b;
  },
  { env: { SEED_DEMO: 'true' } },
);

const ZONE = 'Europe/Berlin';
const PASSWORD = 'demo1234';

/** `yyyy-MM-dd` in the store's zone, `days` after `from`. */
function dayIn(from, days) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(from + days * 86_400_000);
}

/** Epoch ms of `HH:mm` on the `yyyy-MM-dd` day in Berlin (winter or summer offset as it falls). */
function at(day, clock) {
  for (const offset of ['+01:00', '+02:00']) {
    const ms = Date.parse(`${day}T${clock}:00${offset}`);
    const back = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
    if (back === clock) return ms;
  }
  throw new Error(`no ${clock} on ${day}`);
}

/** The days of next week (the demo's weeks start on Sunday), Sunday first. */
function nextWeek() {
  const weekday = new Date(Date.parse(`${dayIn(Date.now(), 0)}T12:00:00Z`)).getUTCDay();
  return Array.from({ length: 7 }, (_, i) => dayIn(Date.now(), 7 - weekday + i));
}

async function login(email) {
  const { token } = await call(server.url, 'login', { email, password: PASSWORD });
  const res = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });
  const me = (await res.json()).data;
  const storeId = me.stores[0].id;
  const detail = (await (await fetch(`${server.url}/api/v1/stores/${storeId}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
  return { token, storeId, detail };
}

/** A signed-in board of next week, connected live. */
async function boardOf(email) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInWithForm(page, server.url, email, PASSWORD);
  await page.waitForURL(/\/schedule$/);
  await page.getByTestId('connection').and(page.locator('[data-status="connected"]')).waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  return { context, page };
}

const card = (page, day, title) => page.getByTestId(`cell-open-${day}`).getByTestId('shift').filter({ hasText: title });

test('a manager undoes a move and a delete, and an undo is refused after another manager changed the shift', async () => {
  const manager = await login('manager@example.com');
  const week = nextWeek();
  const [tue, wed, thu, fri] = [week[2], week[3], week[4], week[5]];
  const role = manager.detail.roles.find((r) => r.title === 'Barista').id;
  const open = async (title, day, from, to) =>
    (await call(server.url, 'createShift', { store: manager.storeId, title, role, start: at(day, from), end: at(day, to) }, manager.token)).shifts[0];
  await open('Undo move', tue, '08:00', '12:00');
  await open('Undo delete', thu, '13:00', '17:00');
  await open('Contested', tue, '14:00', '18:00');

  const max = await boardOf('manager@example.com');
  const board = max.page;
  const undo = board.getByTestId('undo');
  assert.equal(await undo.isDisabled(), true, 'nothing to undo on a fresh board');

  // A move, taken back with Ctrl+Z.
  await card(board, tue, 'Undo move').dragTo(board.getByTestId(`cell-open-${wed}`));
  await card(board, wed, 'Undo move').waitFor();
  assert.equal(await undo.isDisabled(), false);
  await board.keyboard.press('Control+z');
  await card(board, tue, 'Undo move').waitFor();
  await board.getByTestId('snackbar').getByText('Undone: move').waitFor();
  assert.equal(await card(board, wed, 'Undo move').count(), 0);

  // A delete, taken back with the toolbar button: the draft is back on its day.
  await card(board, thu, 'Undo delete').click();
  const dialog = board.getByRole('dialog', { name: 'Edit shift' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await board.getByRole('dialog', { name: /delete/i }).getByTestId('confirm').click();
  await card(board, thu, 'Undo delete').waitFor({ state: 'detached' });
  await undo.click();
  await card(board, thu, 'Undo delete').waitFor();
  assert.equal(await card(board, thu, 'Undo delete').getAttribute('data-status'), 'draft');

  // Max moves a shift; Olivia (the owner) moves it again in her browser; Max's undo is refused
  // with the shift's name, and the shift stays where Olivia put it.
  await card(board, tue, 'Contested').dragTo(board.getByTestId(`cell-open-${wed}`));
  await card(board, wed, 'Contested').waitFor();
  const olivia = await boardOf('owner@example.com');
  await card(olivia.page, wed, 'Contested').dragTo(olivia.page.getByTestId(`cell-open-${fri}`));
  await card(olivia.page, fri, 'Contested').waitFor();
  await card(board, fri, 'Contested').waitFor();
  await undo.click();
  await board
    .getByTestId('snackbar')
    // The shift's name is set apart (a Unicode isolate) from the sentence around it.
    .getByText(/Contested\W*was changed by someone else since your change, so nothing was undone\./)
    .waitFor();
  await board.waitForTimeout(300);
  assert.equal(await card(board, fri, 'Contested').count(), 1);
  assert.equal(await card(olivia.page, fri, 'Contested').count(), 1);
  // The refused step leaves the stack (it can never apply); the earlier steps were undone.
  assert.equal(await undo.getAttribute('title'), 'Nothing to undo');
  assert.equal(await undo.isDisabled(), true);
  await screenshot(board, 'board-undo-refused');
  await olivia.context.close();
  await max.context.close();
});

test('shifts selected on the board are dropped into the pool together', async () => {
  const max = await boardOf('manager@example.com');
  const board = max.page;
  const week = nextWeek();
  const barista = board.getByTestId('row-barista@example.com');
  const tueCard = barista.getByTestId(`cell-barista@example.com-${week[2]}`).getByTestId('shift');
  const wedCard = barista.getByTestId(`cell-barista@example.com-${week[3]}`).getByTestId('shift');
  const ids = [await tueCard.getAttribute('data-shift-id'), await wedCard.getAttribute('data-shift-id')];

  // A shift next week still waiting for its assignee: the manager reminds them from its dialog.
  const waiting = board.locator('[data-testid^="row-"]:not([data-testid="row-open"]) [data-testid="shift"][data-status="published"]').first();
  await waiting.click();
  const dialog = board.getByRole('dialog', { name: 'Edit shift' });
  await dialog.getByTestId('shift-manager-actions').waitFor();
  assert.equal(await dialog.getByTestId('complete-shift').count(), 0, 'an upcoming shift is not completed');
  await dialog.getByTestId('remind-shift').click();
  await board.getByTestId('snackbar').getByText('The assignee was reminded to confirm.').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });

  // Shift+click selects without opening the dialog; the select mode (for phones) does too.
  await tueCard.click({ modifiers: ['Shift'] });
  assert.equal(await board.getByRole('dialog').count(), 0);
  await board.getByTestId('select-mode').click();
  await wedCard.click();
  assert.equal(await board.getByTestId('batch-count').textContent(), '2 shifts selected');
  assert.equal(await tueCard.getAttribute('aria-pressed'), 'true');
  await board.getByTestId('batch-drop').click();
  await board.getByRole('dialog').getByTestId('confirm').click();
  await board.getByTestId('snackbar').getByText('2 shifts put in the pool').waitFor();
  await tueCard.and(board.locator('[data-status="dropped"]')).waitFor();
  await wedCard.and(board.locator('[data-status="dropped"]')).waitFor();

  // The pool lists both, as drop requests waiting for a colleague.
  await board.goto(`${server.url}/more/manager/shift-pool`);
  for (const id of ids) {
    await board.locator(`[data-testid="pool-entry"][data-shift-id="${id}"][data-kind="pending"]`).waitFor();
  }
  await max.context.close();
});

test('the week prints on one landscape page with names, times and roles in words', async () => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInWithForm(page, server.url, 'manager@example.com', PASSWORD);
  await page.waitForURL(/\/schedule$/);
  await page.getByTestId('board').getByTestId('shift').first().waitFor();
  const range = (await page.getByTestId('range-label').textContent()).trim();

  // The sheet is drawn only for printing, so a large board does not carry a second copy.
  const sheet = page.getByTestId('print-week');
  assert.equal(await sheet.count(), 0);
  await page.emulateMedia({ media: 'print' });
  await sheet.waitFor();
  assert.equal(await sheet.isVisible(), true);
  assert.equal(await page.getByTestId('board').isVisible(), false, 'the board itself is not printed');
  assert.equal(await page.getByTestId('board-actions').isVisible(), false, 'no toolbar on paper');
  const text = await sheet.textContent();
  assert.ok(text.includes(`Demo Café · ${range}`), 'the store and the range head the page');
  for (const words of ['Max', 'Morning bar', 'Barista', 'Confirmed', '7:00']) assert.ok(text.includes(words), `prints ${words}: ${text}`);
  // Black on white: the sheet's text and borders carry no colour.
  const colours = await sheet.evaluate((el) => {
    const seen = new Set();
    for (const node of [el, ...el.querySelectorAll('*')]) {
      const style = getComputedStyle(node);
      seen.add(style.color);
      if (style.borderTopStyle !== 'none') seen.add(style.borderTopColor);
    }
    return [...seen];
  });
  assert.deepEqual(colours.filter((c) => c !== 'rgb(0, 0, 0)'), []);

  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  const raw = pdf.toString('latin1');
  const pages = raw.match(/\/Type\s*\/Page(?!s)/g) ?? [];
  assert.equal(pages.length, 1, 'one page for the week');
  const box = raw.match(/\/MediaBox\s*\[\s*0\s+0\s+([\d.]+)\s+([\d.]+)\s*\]/);
  assert.ok(box && Number(box[1]) > Number(box[2]), 'landscape');
  await page.emulateMedia({ media: 'screen' });
  await context.close();
});

test('the owner sets the week to start on Monday and the board follows', async () => {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signInWithForm(page, server.url, 'owner@example.com', PASSWORD);
  await page.waitForURL(/\/schedule$/);
  const firstDay = () => page.getByTestId('board').getByRole('columnheader').nth(1).textContent();
  await page.getByTestId('board').getByTestId('shift').first().waitFor();
  assert.match(await firstDay(), /^Sun/);

  await page.goto(`${server.url}/business-info`);
  const weekStart = page.getByTestId('week-start');
  await weekStart.selectOption('1');
  await page.locator('form').filter({ has: weekStart }).getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('snackbar').waitFor();
  await page.goto(`${server.url}/schedule`);
  await page.getByTestId('board').getByTestId('shift').first().waitFor();
  assert.match(await firstDay(), /^Mon/);
  await context.close();
});
