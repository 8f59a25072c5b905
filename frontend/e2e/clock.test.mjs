// The time clock in the browser: an employee with a located phone clocks in, takes a break and
// clocks out while the manager's "now" panel shows each step live; a clock-in made without a
// connection waits on the phone and is sent when it is back; the store's clock device shows a
// code an employee types to clock in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, employeeId, employeeJoined, overflows, ownerWithStore, screenshot, signedIn, useServerAndBrowser, violations } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const MIN = 60_000;
// The store's place (Berlin, Alexanderplatz) and a phone standing in it.
const PLACE = { latitude: 52.5219, longitude: 13.4132, radius: 100 };
const HERE = { latitude: 52.5220, longitude: 13.4133, accuracy: 10 };

/** A published shift of `assigned` that started `ago` ms ago and lasts 4 hours. */
async function runningShift(owner, assigned, ago = 2 * MIN, title = 'Morning') {
  const start = Date.now() - ago;
  const made = await call(
    server.url,
    'createShift',
    { storeId: owner.storeId, title, start, end: start + 4 * 3_600_000, role: owner.roleId, assigned },
    owner.token,
  );
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: [made.shifts[0].id] }, owner.token);
  return made.shifts[0];
}

/** A phone signed in as `person` at `path`, standing in the store's place if `located`. */
const onPhone = (person, path, { located = false } = {}) =>
  signedIn(browser, server, person, { path, phone: true, ...(located ? { geolocation: HERE } : {}) });
/** A desktop signed in as `person` at `path`. */
const onDesktop = (person, path) => signedIn(browser, server, person, { path });

/** The manager's row of a shift, once it shows `attendance`. */
function row(page, shift, attendance) {
  return page.locator(`[data-testid="now-row"][data-shift-id="${shift.id}"][data-attendance="${attendance}"]`);
}

test('an employee clocks in, takes a break and clocks out while the manager watches live', async () => {
  const owner = await ownerWithStore(server, { email: 'clock-owner@example.com' });
  Object.assign(owner, { email: 'clock-owner@example.com', password: 'secret123' });
  const ana = await employeeJoined(server, owner, { email: 'clock-ana@example.com', firstName: 'Ana' });
  const shift = await runningShift(owner, await employeeId(server, owner, ana.email));

  // The owner asks for the phone's location within 100 m of the store, in the store settings.
  const boss = await onDesktop(owner, '/business-info');
  await boss.getByTestId('clock-proof').selectOption('location');
  await boss.getByLabel('Latitude').fill(String(PLACE.latitude));
  await boss.getByLabel('Longitude').fill(String(PLACE.longitude));
  await boss.getByLabel('Radius (m)').fill(String(PLACE.radius));
  await boss.getByTestId('clock-settings-save').click();
  await boss.getByText('Clock settings saved.').waitFor();
  await boss.goto(`${server.url}/clock/now`);
  await row(boss, shift, 'upcoming').waitFor();
  // A second manager's window on the schedule board.
  const board = await onDesktop(owner, '/schedule');
  const card = (progress) => board.locator(`[data-testid="shift"][data-shift-id="${shift.id}"][data-progress="${progress}"]`);
  await card('ns').waitFor();
  const phone = await onPhone(ana, '/clock', { located: true });
  await phone.getByTestId('clock-shift-title').getByText('Morning').waitFor();

  await phone.getByTestId('clock-button').click();
  await phone.getByTestId('clock-status').getByText('On the clock').waitFor();
  await row(boss, shift, 'working').waitFor();
  await card('ip').waitFor();
  await phone.getByTestId('clock-location').getByText(/Location found/).waitFor();
  // The timer runs from the clock-in.
  const timer = phone.getByTestId('clock-timer');
  await timer.getByText(/^0:00:0[2-9]$/).waitFor({ timeout: 10_000 });

  await phone.getByTestId('break-button').click();
  await phone.getByTestId('clock-status').getByText('On break').waitFor();
  await row(boss, shift, 'onBreak').waitFor();
  await card('p').waitFor();
  await phone.getByTestId('break-button').click();
  await phone.getByTestId('clock-status').getByText('On the clock').waitFor();
  await row(boss, shift, 'working').waitFor();
  await screenshot(phone, 'clock-phone-working');

  await phone.getByTestId('clock-button').click();
  await row(boss, shift, 'done').waitFor();
  await card('c').waitFor();
  await phone.getByTestId('clock-nothing').waitFor();
  await screenshot(boss, 'clock-now-panel');

  // The manager corrects the session: the break was a mistake; the reason stays in its trail.
  await row(boss, shift, 'done').getByTestId('edit-session').click();
  await boss.getByRole('button', { name: 'Remove break 1' }).click();
  await boss.getByTestId('edit-reason').fill('No break taken');
  await boss.getByTestId('edit-save').click();
  await boss.getByText('Session corrected.').waitFor();
  await row(boss, shift, 'done').getByTestId('edit-session').click();
  const entry = boss.getByTestId('edit-trail-entry');
  await entry.getByText(/No break taken/).waitFor();
  await entry.getByText(/^Breaks \d\d:\d\d–\d\d:\d\d → —$/).waitFor();
  await boss.keyboard.press('Escape');

  // The session went to the store's place, inside the radius.
  const sessions = await fetch(
    `${server.url}/api/v1/stores/${owner.storeId}/clock/sessions?start=${Date.now() - 3_600_000}&end=${Date.now() + MIN}`,
    { headers: { authorization: `Bearer ${owner.token}` } },
  ).then((r) => r.json());
  const [session] = sessions.data;
  assert.equal(session.status, 'c');
  assert.equal(session.breaks.length, 0, 'the correction took the break out');
  assert.ok(session.locs.length >= 2 && session.locs.every((l) => l.inside === true));

  // The timesheet counts her.
  await boss.goto(`${server.url}/clock/timesheets`);
  await boss.getByTestId('timesheet-line').getByText(/Ana/).waitFor();
  await boss.context().close();
  await board.context().close();
  await phone.context().close();
});

test('a clock-in without a connection waits on the phone and is sent when it is back', async () => {
  const owner = await ownerWithStore(server, { email: 'offline-owner@example.com' });
  Object.assign(owner, { email: 'offline-owner@example.com', password: 'secret123' });
  const ben = await employeeJoined(server, owner, { email: 'offline-ben@example.com', firstName: 'Ben' });
  const shift = await runningShift(owner, await employeeId(server, owner, ben.email));
  const boss = await onDesktop(owner, '/clock/now');
  const phone = await onPhone(ben, '/clock');
  await phone.getByTestId('clock-shift-title').waitFor();

  await phone.context().setOffline(true);
  await phone.getByTestId('clock-offline').waitFor();
  const tapped = Date.now();
  await phone.getByTestId('clock-button').click();
  await phone.getByTestId('clock-waiting').getByText('1 punch waiting to be sent').waitFor();
  // The phone shows the clock-in at once, and the next step is a break, offline too.
  await phone.getByTestId('clock-status').getByText('On the clock').waitFor();
  await phone.getByTestId('clock-button').getByText('Clock out').waitFor();
  await phone.getByTestId('break-button').click();
  await phone.getByTestId('clock-waiting').getByText('2 punches waiting to be sent').waitFor();
  await phone.getByTestId('clock-status').getByText('On break').waitFor();
  // Nothing reached the server while offline.
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(await row(boss, shift, 'working').count(), 0);
  assert.equal(await row(boss, shift, 'onBreak').count(), 0);

  await phone.context().setOffline(false);
  await row(boss, shift, 'onBreak').waitFor();
  await phone.getByTestId('clock-waiting').waitFor({ state: 'detached' });
  await phone.getByTestId('clock-status').getByText('On break').waitFor();
  // The home screen offers the same clock: she ends the break from there.
  await phone.goto(`${server.url}/home`);
  await phone.getByTestId('home-clock-status').getByText('On break').waitFor();
  await phone.getByTestId('home-break-button').click();
  await row(boss, shift, 'working').waitFor();
  // The session starts when the phone was tapped, not when the punch arrived.
  const board = await fetch(`${server.url}/api/v1/stores/${owner.storeId}/clock`, { headers: { authorization: `Bearer ${owner.token}` } }).then((r) => r.json());
  const open = board.data.open[0];
  assert.ok(Math.abs(open.start - tapped) < 5000, `${open.start} vs ${tapped}`);
  assert.ok(open.serverStart - open.start >= 1000);
  await boss.context().close();
  await phone.context().close();
});

test('a waiting punch the server refuses is dropped and the refusal shown', async () => {
  const owner = await ownerWithStore(server, { email: 'refused-owner@example.com' });
  const dan = await employeeJoined(server, owner, { email: 'refused-dan@example.com', firstName: 'Dan' });
  await runningShift(owner, await employeeId(server, owner, dan.email));
  const phone = await onPhone(dan, '/clock');
  await phone.getByTestId('clock-shift-title').waitFor();

  await phone.context().setOffline(true);
  await phone.getByTestId('clock-offline').waitFor();
  await phone.getByTestId('clock-button').click();
  await phone.getByTestId('clock-waiting').getByText('1 punch waiting to be sent').waitFor();
  // Meanwhile the owner asks for the code of the store's clock, which the punch does not carry.
  const settings = { earlyMinutes: 30, proof: 'code', outside: 'refuse', place: null, latePunchHours: 72, overtimeWeeklyMinutes: 2400, overtimeRate: 1.5, currency: 'USD' };
  await call(server.url, 'updateClockSettings', { store: owner.storeId, settings }, owner.token);

  await phone.context().setOffline(false);
  await phone.getByText("Clock in could not be applied: Clocking at this store needs the code shown on the store's clock.").waitFor();
  await phone.getByTestId('clock-waiting').waitFor({ state: 'detached' });
  // Nothing was applied: the shift is still to start.
  await phone.getByTestId('clock-button').getByText('Clock in').waitFor();
  assert.equal(await phone.getByTestId('clock-status').count(), 0);
  await phone.context().close();
});

test("the store's clock device shows a code an employee types to clock in", async () => {
  const owner = await ownerWithStore(server, { email: 'device-owner@example.com' });
  Object.assign(owner, { email: 'device-owner@example.com', password: 'secret123' });
  const cleo = await employeeJoined(server, owner, { email: 'device-cleo@example.com', firstName: 'Cleo' });
  await runningShift(owner, await employeeId(server, owner, cleo.email));
  const { code: identity } = await call(server.url, 'requestBusinessIdentityCode', { store: owner.storeId }, owner.token);

  const tablet = await (await browser.newContext({ locale: 'en-US', viewport: { width: 800, height: 1100 } })).newPage();
  await tablet.goto(`${server.url}/clocks`);
  await tablet.getByTestId('device-identity').fill(identity);
  await tablet.getByTestId('device-authorize').click();
  const shown = (await tablet.getByTestId('device-code').textContent()).trim();
  assert.match(shown, /^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await tablet.getByRole('img', { name: 'Code to scan' }).waitFor();
  await screenshot(tablet, 'clock-device');

  const phone = await onPhone(cleo, '/clock');
  await phone.getByTestId('clock-code').fill(shown);
  await phone.getByTestId('clock-with-code').click();
  await phone.getByTestId('clock-status').getByText('On the clock').waitFor();
  // The QR code's link (the store and its code) clocks her out as soon as it opens.
  await phone.goto(`${server.url}/clock?store=${owner.storeId}&code=${shown.replace('-', '')}`);
  await phone.getByTestId('clock-nothing').waitFor();
  await phone.waitForURL(/\/clock$/);
  await tablet.context().close();
  await phone.context().close();
});

test('the clock screens read right to left in Persian, fit a phone and pass axe', async () => {
  const owner = await ownerWithStore(server, { email: 'fa-clock-owner@example.com' });
  Object.assign(owner, { email: 'fa-clock-owner@example.com', password: 'secret123' });
  const dina = await employeeJoined(server, owner, { email: 'fa-clock-dina@example.com', firstName: 'Dina' });
  const shift = await runningShift(owner, await employeeId(server, owner, dina.email));

  /** A phone signed in, switched to Persian (the page's CSP set aside only to inject axe). */
  const persianPhone = (person) => signedIn(browser, server, person, { phone: true, bypassCSP: true, language: 'fa' });

  const page = await persianPhone(dina);
  await page.goto(`${server.url}/clock`);
  await page.getByRole('button', { name: 'ثبت ورود', exact: true }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  assert.equal(await overflows(page), false, 'the clock screen fits 390 px');
  assert.deepEqual(await violations(page), []);
  await page.getByRole('button', { name: 'ثبت ورود', exact: true }).click();
  await page.getByRole('button', { name: 'شروع استراحت' }).waitFor();
  await screenshot(page, 'fa-clock-phone');
  // The home screen's clock card, on the clock now.
  await page.goto(`${server.url}/home`);
  await page.getByTestId('home-clock-status').waitFor();
  assert.equal(await overflows(page), false, 'the home screen fits 390 px');
  assert.deepEqual(await violations(page), [], '/home');
  await screenshot(page, 'fa-clock-home');
  await page.context().close();

  const boss = await persianPhone(owner);
  for (const [path, ready] of [
    ['/clock/now', `[data-testid="now-row"][data-shift-id="${shift.id}"]`],
    ['/clock/timesheets', '[data-testid="timesheet-line"]'],
  ]) {
    await boss.goto(`${server.url}${path}`);
    await boss.locator(ready).first().waitFor();
    assert.equal(await overflows(boss), false, `${path} fits 390 px`);
    assert.deepEqual(await violations(boss), [], path);
    await screenshot(boss, `fa-clock${path.replaceAll('/', '-')}`);
  }
  await boss.context().close();
});
