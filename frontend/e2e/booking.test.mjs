// Client booking from end to end: the owner turns booking on and a schedule manager's menu
// gains Booking and Reservations at once; the manager makes an event step by step and enables
// it; a visitor without an account, on a phone in Persian (right to left), books a slot on the
// event's public page and confirms it; the manager's reservations show it live, the assigned
// employee's shift on the board carries the booking's marker; the visitor cancels from the
// mail's link and the reservations show it cancelled. The public page and the reservations
// have no serious accessibility violation and fit a phone.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connected, employeeJoined, overflows, ownerWithStore, PHONE, screenshot, signedIn, useServerAndBrowser, violations } from './fixtures.mjs';

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

/** `HH:mm–HH:mm` of an instant and 30 minutes on, in Persian digits, in `zone`. */
const persianRange = (at, zone) => {
  const f = new Intl.DateTimeFormat('fa', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone });
  return `${f.format(at)}–${f.format(at + 30 * 60_000)}`;
};

/**
 * The link to `path` (`/reservation/cancel/`) in the newest mail to `to`: the booking mails are
 * multipart, their text part quoted-printable, so soft line breaks and `=3D` are undone first.
 */
async function mailedLink(mailDir, to, path) {
  const deadline = Date.now() + 15_000;
  const pattern = new RegExp(`${path.replace(/\//g, '\\/')}([A-Za-z0-9._~%-]+)`);
  for (;;) {
    const files = readdirSync(mailDir).filter((f) => f.endsWith('.eml')).sort().reverse();
    for (const file of files) {
      const raw = readFileSync(join(mailDir, file), 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
      const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
      const m = text.match(pattern);
      if (m) return `${path}${m[1]}`;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${path}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('a visitor books an event a manager made, and cancels it from the mail', async () => {
  const owner = await ownerWithStore(server, { email: 'book-owner@example.com' });
  Object.assign(owner, { email: 'book-owner@example.com', password: 'secret123' });
  const ana = await employeeJoined(server, owner, { email: 'book-ana@example.com', firstName: 'Ana' });
  const max = await employeeJoined(server, owner, { email: 'book-max@example.com', firstName: 'Max', lastName: 'Manager', permissions: ['schedule'] });

  // Max, a schedule manager, has no booking entries while booking is off.
  const board = await signedIn(browser, server, max, { path: '/schedule', bypassCSP: true });
  const sidebar = board.getByTestId('sidebar');
  assert.equal(await sidebar.getByRole('link', { name: 'Booking' }).count(), 0);

  // The owner turns booking on in the store settings; Max's menu gains both entries live.
  const settings = await signedIn(browser, server, owner, { path: '/business-info' });
  await settings.getByLabel('Let clients book sessions').check();
  await sidebar.getByRole('link', { name: 'Booking' }).waitFor();
  await sidebar.getByRole('link', { name: 'Reservations' }).waitFor();
  await settings.context().close();

  // Max makes an event step by step.
  await sidebar.getByRole('link', { name: 'Booking' }).click();
  await board.waitForURL(/\/booking$/);
  await board.getByTestId('events-empty').waitFor();
  await board.getByTestId('event-new').click();
  await board.waitForURL(/\/booking\/create/);
  // A step's fields are checked before the next: the spec's texts.
  await board.getByTestId('wizard-next').click();
  await board.getByText('Title is required.').waitFor();
  await board.getByText('Role is required.').waitFor();
  const slug = `cut-${Date.now().toString(36)}`;
  await board.getByTestId('event-title').fill('Haircut');
  await board.getByTestId('event-role').selectOption({ label: 'Barista' });
  await board.getByTestId('event-url').fill(slug);
  await board.getByTestId('wizard-next').click();
  await board.getByTestId('event-step-time').waitFor();
  const tomorrow = dateIn(Date.now() + DAY);
  await board.getByTestId('event-date').fill(tomorrow);
  await board.getByTestId('event-start').fill('10:00');
  await board.getByTestId('event-end').fill('09:00');
  await board.getByTestId('event-duration').selectOption('30');
  await board.getByTestId('wizard-next').click();
  await board.getByText('Start time has to be before end time.').waitFor();
  await board.getByTestId('event-end').fill('12:00');
  await board.getByTestId('event-repeat').selectOption('d');
  await board.getByTestId('event-ends').selectOption('count');
  await board.getByTestId('event-count').fill('3');
  await board.getByTestId('wizard-next').click();
  await board.getByTestId('event-step-options').waitFor();
  await board.getByTestId('event-capacity').fill('2');
  await board.getByTestId('wizard-next').click();
  await board.getByTestId('event-step-confirm').waitFor();
  assert.match(await board.getByTestId('event-step-confirm').textContent(), /Haircut/);
  assert.match(await board.getByTestId('event-step-confirm').textContent(), /10:00–12:00/);
  await board.getByTestId('wizard-next').click();
  await board.getByRole('dialog', { name: 'Create this event?' }).getByTestId('confirm').click();
  await board.waitForURL(/\/booking$/);
  const card = board.getByTestId('event-card').and(board.locator(`[data-event="${slug}"]`));
  await card.waitFor();
  assert.equal(await card.getByTestId('event-status').textContent(), 'Disabled');
  // Enabling is asked first.
  await card.getByTestId('event-toggle').click();
  await board.getByRole('dialog', { name: 'Enable “Haircut”?' }).getByTestId('confirm').click();
  await card.getByTestId('event-status').getByText('Enabled').waitFor();
  // The list, once the snackbar has faded (its fade is measured mid-way otherwise).
  await board.getByTestId('snackbar').waitFor({ state: 'detached' });
  assert.deepEqual(await violations(board), []);
  // Its public link, with a QR code.
  await card.getByTestId('event-link').click();
  await board.waitForURL(/\/booking\/link\//);
  assert.equal(await board.getByTestId('event-link-url').inputValue(), `${server.url}/book/${slug}`);
  await board.locator('svg title').first().waitFor({ state: 'attached' });

  // Max watches the reservations.
  await board.goto(`${server.url}/reservations`);
  await connected(board);
  await board.getByTestId('sessions-empty').waitFor();

  // A visitor on a phone, no account, picks Persian on the public page.
  const visitorContext = await browser.newContext({ locale: 'en-US', viewport: PHONE, isMobile: true, hasTouch: true, bypassCSP: true, timezoneId: 'Asia/Tehran' });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${server.url}/book/${slug}`);
  await visitor.getByTestId('public-event-title').getByText('Haircut').waitFor();
  await visitor.getByTestId('language-picker').selectOption('fa');
  await visitor.waitForFunction(() => document.documentElement.lang === 'fa' && document.documentElement.dir === 'rtl');
  // The form asks for what is missing, in Persian.
  await visitor.getByTestId('reserve').click();
  await visitor.getByText('نام الزامی است.').waitFor();
  await visitor.getByTestId('slot-error').getByText('تاریخ رزرو الزامی است.').waitFor();
  await visitor.locator(`[data-date="${tomorrow}"]`).click();
  const slot = visitor.getByTestId('slot').first();
  await slot.waitFor();
  // The store's 10:00, with the visitor's own time (Tehran) beside it.
  const first = berlin(tomorrow, 10);
  assert.ok((await slot.textContent()).includes(persianRange(first, ZONE)), await slot.textContent());
  assert.ok((await slot.textContent()).includes(persianRange(first, 'Asia/Tehran')), await slot.textContent());
  await slot.click();
  await visitor.getByTestId('client-name').fill('Sara Client');
  await visitor.getByTestId('client-email').fill('sara@example.com');
  await visitor.getByTestId('client-phone').fill('+49 151 2345678');
  await visitor.getByTestId('client-note').fill('First visit');
  assert.equal(await overflows(visitor), false, 'the public page fits a phone');
  assert.deepEqual(await violations(visitor), []);
  await screenshot(visitor, 'booking-public-fa');
  await visitor.getByTestId('reserve').click();
  await visitor.waitForURL(/\/reservation\/confirm\//);
  await visitor.getByTestId('hold-countdown').waitFor();
  assert.equal(await overflows(visitor), false, 'the confirm page fits a phone');
  await visitor.getByTestId('confirm-reservation').click();
  await visitor.waitForURL(/\/thank-you/);
  await visitor.getByTestId('thank-you').waitFor();
  assert.match(await visitor.getByTestId('reservation-facts').textContent(), /Haircut/);

  // Max's reservations show it without a reload: the client, the employee, confirmed.
  const session = board.getByTestId('session').filter({ hasText: 'Sara Client' });
  await session.waitFor();
  assert.equal(await session.getAttribute('data-status'), 'confirmed');
  assert.match(await session.textContent(), /sara@example\.com/);
  assert.match(await session.textContent(), /First visit/);
  // The session went to one of the two employees of the event's role.
  const withName = /With (Ana|Max)/.exec(await session.textContent())?.[1];
  assert.ok(withName, await session.textContent());
  const assigned = withName === 'Ana' ? ana : max;
  assert.deepEqual(await violations(board), []);
  await board.setViewportSize(PHONE);
  await screenshot(board, 'booking-reservations-phone');
  assert.equal(await overflows(board), false, 'the reservations fit a phone');
  await board.setViewportSize({ width: 1366, height: 900 });

  // The session's work is its employee's shift on the board, marked as booked with its one client.
  await board.goto(`${server.url}/schedule`);
  await connected(board);
  await board.getByRole('tab', { name: 'Day', exact: true }).click();
  await board.getByRole('button', { name: 'Next' }).click();
  const shift = board.getByTestId(`cell-${assigned.email}-${tomorrow}`).locator('[data-testid="shift"][data-booked="1"]');
  await shift.waitFor();
  assert.match(await shift.textContent(), /Booked session: 1 client/);

  // The employee's own calendar shows the shift at the booked time.
  const mine = await signedIn(browser, server, assigned, { path: '/calendar' });
  const month = mine.getByTestId('calendar-month');
  await month.waitFor();
  if (tomorrow.slice(0, 7) !== dateIn(Date.now()).slice(0, 7)) await mine.getByTestId('calendar-next').click();
  await month.locator(`td[data-day="${tomorrow}"]`).getByTestId('calendar-shift').getByText('10:00').waitFor();
  await mine.context().close();

  // The visitor cancels from the mail's link.
  const cancelLink = await mailedLink(server.mailDir, 'sara@example.com', '/reservation/cancel/');
  await board.goto(`${server.url}/reservations`);
  await connected(board);
  await session.waitFor();
  await visitor.goto(`${server.url}${cancelLink}`);
  await visitor.getByTestId('cancel-reservation').click();
  await visitor.getByRole('dialog').getByTestId('confirm').click();
  await visitor.getByTestId('reservation-cancelled').waitFor();
  assert.equal(await overflows(visitor), false, 'the cancel page fits a phone');
  // A forged link says so in the visitor's language.
  await visitor.goto(`${server.url}/reservation/cancel/forged.token`);
  await visitor.getByTestId('link-problem').getByText('این پیوند معتبر نیست.').waitFor();

  // The reservations show it cancelled, live.
  await board.getByTestId('client').filter({ hasText: 'Sara Client' }).and(board.locator('[data-state="cancelledByClient"]')).waitFor();
  await visitorContext.close();
  await board.context().close();
});
