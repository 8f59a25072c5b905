// Reports in the browser: a manager opens the reports screen, sees the week's worked hours and
// cost in the tables and the chart, exports the payroll as XLSX and CSV through the browser's
// download, and the files read back with the hours and the cost; the screen fits a phone in
// Persian (right to left).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { call, employeeId, employeeJoined, overflows, ownerWithStore, screenshot, signInWithForm, useServerAndBrowser, violations } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const HOUR = 3_600_000;

/** The files of a ZIP archive (an XLSX workbook) by name, read from its central directory. */
function unzip(bytes) {
  const buf = Buffer.from(bytes);
  let end = buf.length - 22;
  while (end >= 0 && buf.readUInt32LE(end) !== 0x06054b50) end -= 1;
  assert.ok(end >= 0, 'a ZIP archive');
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files = new Map();
  for (let i = 0; i < count; i += 1) {
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const skip = nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    const local = buf.readUInt32LE(at + 42);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 46 + skip;
  }
  return files;
}

/**
 * Ana's finished shift of today: clocked three hours ago, out one hour ago (sent late). The
 * store's week is made to begin on the day the shift began, so the whole shift is this week's
 * whatever the hour the test runs at (just after a week's first midnight it would straddle two).
 */
async function workedShift(owner, employee, ana) {
  const now = Date.now();
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'long' }).format(now - 3 * HOUR);
  await call(
    server.url,
    'updateBusinessTiming',
    { store: owner.storeId, open: '07:00', close: '22:00', daysoff: [], weekStart: weekday },
    owner.token,
  );
  const made = await call(
    server.url,
    'createShift',
    { storeId: owner.storeId, title: 'Counter', start: now - 3 * HOUR, end: now + HOUR, role: owner.roleId, assigned: employee },
    owner.token,
  );
  const shift = made.shifts[0].id;
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: [shift] }, owner.token);
  await call(server.url, 'startShift', { store: owner.storeId, shift, punchedAt: now - 3 * HOUR, sentAt: now }, ana.token);
  await call(server.url, 'completeShift', { store: owner.storeId, shift, punchedAt: now - HOUR, sentAt: now }, ana.token);
}

async function download(page, testId) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

test('the manager reads the week report and exports the payroll as XLSX and CSV', async () => {
  const owner = await ownerWithStore(server, { email: 'report-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'report-ana@example.com', firstName: 'Ana', lastName: 'Lima', wage: 15 });
  await workedShift(owner, await employeeId(server, owner, ana.email), ana);

  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInWithForm(page, server.url, 'report-owner@example.com', 'secret123');
  await page.waitForURL(/\/(home|schedule|dashboard)$/);
  // The dashboard shows the week's figures.
  await page.goto(`${server.url}/dashboard`);
  await page.getByTestId('week-figures').getByTestId('report-total-worked').getByText('2', { exact: true }).waitFor();

  await page.goto(`${server.url}/reports`);
  const line = page.getByTestId('report-employees-line').filter({ hasText: 'Ana Lima' });
  await line.waitFor();
  const cells = await line.locator('td').allInnerTexts();
  // Scheduled 4 h (the started shift), worked 2 h, cost 2 h at 15.
  assert.deepEqual([cells[0], cells[1]], ['4', '2']);
  assert.equal(cells[5], '$30.00');
  await page.getByTestId('report-total-cost').getByText('$30.00').waitFor();
  // The chart draws today's bars.
  await page.getByTestId('report-hours-chart').locator('.recharts-bar-rectangle path').first().waitFor();
  await screenshot(page, 'reports-week');

  // XLSX: the workbook's sheet holds Ana's payroll line.
  const xlsx = await download(page, 'export-payroll');
  assert.match(xlsx.name, /^payroll-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const files = unzip(xlsx.bytes);
  const sheet = files.get('xl/worksheets/sheet1.xml');
  assert.ok(sheet, `a sheet in ${[...files.keys()].join(', ')}`);
  const strings = files.get('xl/sharedStrings.xml') ?? sheet;
  assert.match(strings, /report-ana@example\.com/);
  assert.match(strings, /Barista/);
  assert.match(sheet, /<v>30<\/v>/);
  assert.match(sheet, /<v>2<\/v>/);

  // CSV, chosen in the format select.
  await page.getByTestId('export-format').selectOption('csv');
  const csv = await download(page, 'export-payroll');
  assert.match(csv.name, /\.csv$/);
  const text = csv.bytes.toString('utf8');
  assert.ok(text.startsWith('\uFEFF'), 'a byte order mark for spreadsheets');
  const lines = text.slice(1).trim().split('\n');
  assert.equal(lines[0], 'employee,email,role,wageType,wage,scheduledHours,workedHours,overtimeHours,cost,currency');
  assert.ok(lines.includes('Ana Lima,report-ana@example.com,Barista,Hourly,15,4,2,0,30,USD'), lines.join('\n'));
  await context.close();
});

test('the reports screen fits a phone in Persian, right to left', async () => {
  await ownerWithStore(server, { email: 'report-fa@example.com' });
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, bypassCSP: true });
  const page = await context.newPage();
  await signInWithForm(page, server.url, 'report-fa@example.com', 'secret123');
  await page.waitForURL(/\/(home|schedule|dashboard)$/);
  await page.goto(`${server.url}/reports?lng=fa`);
  await page.getByTestId('report-summary').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  assert.equal(await overflows(page), false, 'the reports screen is wider than the phone');
  assert.deepEqual(await violations(page), []);
  await screenshot(page, 'reports-phone-fa');
  await context.close();
});

test('the manager imports roles from a CSV after seeing the new, updated and bad rows', async () => {
  await ownerWithStore(server, { email: 'import-owner@example.com' });
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInWithForm(page, server.url, 'import-owner@example.com', 'secret123');
  await page.waitForURL(/\/(home|schedule|dashboard)$/);
  await page.goto(`${server.url}/team?tab=Role`);

  // A file with bad rows: each is listed and nothing is imported.
  await page.getByTestId('import-roles-file').setInputFiles({
    name: 'roles.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('title,swappeable\n,yes\nHost,maybe\n'),
  });
  const errors = page.getByTestId('import-errors').locator('li');
  await errors.first().waitFor();
  assert.deepEqual(await errors.allInnerTexts(), ['Row 2, title: title is required.', 'Row 3, swappeable: swappeable must be yes or no, not "maybe".']);
  await page.getByRole('button', { name: 'Close' }).last().click();

  // A good file: the review names the new and updated roles; confirming imports them.
  await page.getByTestId('import-roles-file').setInputFiles({
    name: 'roles.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('title,color,swappeable\nBarista,#2e86ab,yes\nCook,#e4572e,no\nHost,,no\n'),
  });
  const review = page.getByTestId('import-review');
  await review.getByText('2 new').waitFor();
  await review.getByText('1 updated').waitFor();
  await page.getByTestId('import-confirm').click();
  await page.getByText('Imported: 2 new, 1 updated.').waitFor();
  await page.getByText('Cook', { exact: true }).waitFor();
  await page.getByText('Host', { exact: true }).waitFor();
  await screenshot(page, 'roles-imported');
  await context.close();
});
