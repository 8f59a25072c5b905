// A manager saves the current week as a weekly template, finds it on the templates screen,
// loads it into next week, sees which template shift cannot go to its employee (and why)
// before confirming, and sees the drafts on next week's board; a second manager's board shows
// them live. The weekly templates export as CSV and the file imports again. On a phone the templates screen fits, and in Persian it reads right to left.
import { readFileSync } from 'node:fs';
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
const DAY = 24 * 3_600_000;

/** `yyyy-MM-dd` of an instant in the store's zone. */
const dateIn = (at) => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/** Epoch ms of a Berlin wall-clock time on a `yyyy-MM-dd` date. */
function berlin(date, hh, mm = 0) {
  const naive = Date.parse(`${date}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}:00Z`);
  const offset = (at) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName').value;
    const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) * 60_000 : 0;
  };
  return naive - offset(naive - offset(naive));
}

/** The local dates of the current Berlin week (Sunday first) and the next. */
function weeks() {
  const today = dateIn(Date.now());
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  const sunday = Date.parse(`${today}T12:00:00Z`) - weekday * DAY;
  const day = (n) => new Date(sunday + n * DAY).toISOString().slice(0, 10);
  return { current: Array.from({ length: 7 }, (_, i) => day(i)), next: Array.from({ length: 7 }, (_, i) => day(i + 7)) };
}

test('a week saved as a template loads into next week after the manager sees the buckets', async () => {
  const owner = await ownerWithStore(server, { email: 'tpl-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'tpl-ana@example.com', firstName: 'Ana' });
  await employeeJoined(server, owner, { email: 'tpl-max@example.com', firstName: 'Max', lastName: 'Manager', permissions: ['schedule'] });
  const { current, next } = weeks();
  const employees = await fetch(`${server.url}/api/v1/stores/${owner.storeId}/employees`, { headers: { authorization: `Bearer ${owner.token}` } }).then((r) => r.json());
  const anaId = employees.data.find((e) => e.email === ana.email).id;
  // This week: Ana on Wednesday 09:00-17:00, an open Friday night 22:00-06:00.
  const create = (date, from, to, assigned, toDate = date) =>
    call(server.url, 'createShift', { store: owner.storeId, title: 'Barista', role: owner.roleId, start: berlin(date, from), end: berlin(toDate, to), assigned }, owner.token);
  await create(current[3], 9, 17, anaId);
  await create(current[5], 22, 6, null, current[6]);
  // Next week Ana already works Wednesday afternoon: her template shift conflicts with it.
  await create(next[3], 12, 20, anaId);

  const manager = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  const board = await manager.newPage();
  await signInWithForm(board, server.url, 'tpl-owner@example.com', 'secret123');
  await board.waitForURL(/\/schedule$/);
  await board.getByTestId('connection').and(board.locator('[data-status="connected"]')).waitFor();
  await board.getByRole('tab', { name: 'Week' }).click();
  await board.getByTestId(`cell-${ana.email}-${current[3]}`).getByTestId('shift').waitFor();

  // Save the week as a template.
  await board.getByTestId('template-actions').selectOption('save:weekly');
  const save = board.getByRole('dialog', { name: 'Save as weekly template' });
  await save.getByTestId('save-template-title').fill('Usual week');
  assert.equal(await save.getByTestId('save-template-count').textContent(), '2 shifts will be saved.');
  await save.getByTestId('save-template-confirm').click();
  await board.getByText('Saved as the template “Usual week”.').waitFor();

  // The templates screen lists it, with its local days and times.
  await board.getByTestId('manage-templates').click();
  await board.waitForURL(/\/schedule\/templates\?tab=weekly$/);
  const card = board.getByTestId('template-card').and(board.locator('[data-template="Usual week"]'));
  await card.waitFor();
  assert.match(await card.textContent(), /09:00–17:00\u2069 Barista/);
  assert.match(await card.textContent(), /22:00–06:00\u2069 Barista/);
  await screenshot(board, 'templates-weekly');

  // Export the weekly templates as CSV and import the file again: one template updated, none new.
  const [exported] = await Promise.all([board.waitForEvent('download'), board.getByTestId('export-weeklyTemplates-csv').click()]);
  const csv = readFileSync(await exported.path());
  assert.match(csv.toString('utf8'), /Usual week,weekly,3,09:00,17:00,Barista,tpl-ana@example\.com,Barista,/);
  await board.getByTestId('import-shiftTemplates-file').setInputFiles({ name: exported.suggestedFilename(), mimeType: 'text/csv', buffer: csv });
  const review = board.getByTestId('import-review');
  await review.waitFor();
  assert.match(await review.textContent(), /0 new.*1 updated.*Usual week/s);
  await board.getByTestId('import-confirm').click();
  await board.getByText('Imported: 0 new, 1 updated.').waitFor();
  assert.equal(await board.getByTestId('template-card').count(), 1);

  // A second manager watches next week's board.
  const other = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } });
  const watcher = await other.newPage();
  await signInWithForm(watcher, server.url, 'tpl-max@example.com', 'secret123');
  await watcher.waitForURL(/\/schedule$/);
  await watcher.getByTestId('connection').and(watcher.locator('[data-status="connected"]')).waitFor();
  await watcher.getByRole('tab', { name: 'Week' }).click();
  await watcher.getByRole('button', { name: 'Next' }).click();
  await watcher.getByTestId(`cell-${ana.email}-${next[3]}`).getByTestId('shift').waitFor();

  // Load it into next week: the check shows Ana's conflict before anything is made.
  await board.goto(`${server.url}/schedule`);
  await board.getByRole('tab', { name: 'Week' }).click();
  await board.getByRole('button', { name: 'Next' }).click();
  await board.getByTestId('template-actions').selectOption('load:weekly');
  const load = board.getByRole('dialog', { name: 'Load weekly template' });
  const buckets = load.getByTestId('load-template-buckets');
  await buckets.waitFor();
  assert.match(await buckets.textContent(), /1 of 2 shifts cannot go to its employee/);
  const bucket = load.getByTestId('load-template-bucket');
  assert.equal(await bucket.getAttribute('data-type'), 'shift');
  assert.match(await bucket.textContent(), /Ana Employee — conflicting shifts/);
  assert.match(await bucket.textContent(), /from 12:00 to 20:00 that is conflicting/);
  // Past the dialog's fade-in.
  await board.waitForTimeout(700);
  await screenshot(board, 'templates-load-check');
  assert.equal((await load.getByTestId('load-template-confirm').textContent()).trim(), 'Load 1 shift');
  await load.getByTestId('load-template-confirm').click();
  await board.getByText('1 draft made (1 not made).').waitFor();

  // The open night shift is a draft on next week's Friday, on both boards.
  const night = board.getByTestId(`cell-open-${next[5]}`).getByTestId('shift');
  await night.and(board.locator('[data-status="draft"]')).waitFor();
  await watcher.getByTestId(`cell-open-${next[5]}`).getByTestId('shift').waitFor();
  assert.equal(await board.getByTestId(`cell-${ana.email}-${next[3]}`).getByTestId('shift').count(), 1);
  await screenshot(watcher, 'templates-loaded-live');

  // On a phone, in Persian, the templates screen fits and reads right to left.
  const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  await signInWithForm(small, server.url, 'tpl-max@example.com', 'secret123');
  await small.waitForURL(/\/schedule$/);
  // The board with its template actions fits the phone too.
  await small.getByTestId('template-actions').waitFor();
  assert.equal(await overflows(small), false, 'the board fits the phone');
  await screenshot(small, 'templates-phone-board');
  await small.goto(`${server.url}/schedule/templates?tab=weekly&lng=fa`);
  await small.getByTestId('template-card').first().waitFor();
  assert.equal(await small.evaluate(() => document.documentElement.dir), 'rtl');
  assert.equal(await overflows(small), false);
  await screenshot(small, 'templates-phone-fa');
});
