// Notification settings from end to end: an employee turns off mail for new shifts on the
// settings screen; the manager publishes a shift to them and one to a colleague with the
// defaults; the colleague is mailed, the employee is not (the notification still reaches
// them in the app), and the mail's footer opens the notification settings. The tab fits a
// phone in Persian, right to left, without serious accessibility violations.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, connected, employeeId, employeeJoined, ownerWithStore, screenProblems, signedIn, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const HOUR = 3_600_000;

/** A mail's text: its body with the transfer encoding (quoted-printable or base64) undone. */
function mailText(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The mails to `to` with the subject `subject` written since `since`, as their texts. */
function mailsTo(to, subject, since) {
  return readdirSync(server.mailDir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => join(server.mailDir, f))
    .filter((f) => statSync(f).mtimeMs >= since)
    .sort()
    .map((f) => readFileSync(f, 'utf8'))
    .filter((raw) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(raw) && new RegExp(`^Subject: ${subject}$`, 'mi').test(raw))
    .map(mailText);
}

/** Waits for the first mail to `to` with the subject `subject` written since `since`. */
async function mailTo(to, subject, since) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [mail] = mailsTo(to, subject, since);
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Publishes a shift for the employee record `assigned`, tomorrow. */
async function publishShiftFor(owner, assigned, title) {
  const start = Math.floor(Date.now() / HOUR) * HOUR + 24 * HOUR;
  const made = await call(server.url, 'createShift', { storeId: owner.storeId, title, start, end: start + 6 * HOUR, role: owner.roleId, assigned }, owner.token);
  await call(server.url, 'publishShifts', { storeId: owner.storeId, shifts: [made.shifts[0].id] }, owner.token);
}

test('an employee who turns off new-shift mail gets none while a colleague does, and the mail’s footer opens the settings', async () => {
  const owner = await ownerWithStore(server, { email: 'notif-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'notif-ana@example.com', firstName: 'Ana' });
  const ben = await employeeJoined(server, owner, { email: 'notif-ben@example.com', firstName: 'Ben' });

  // Ana turns mail for new shifts off on the settings screen, from its tab.
  const anaPage = await signedIn(browser, server, ana, { path: '/settings' });
  await anaPage.getByRole('tab', { name: 'Notifications' }).click();
  await anaPage.waitForURL(/\/settings\?tab=notifications$/);
  const newShiftMail = anaPage.getByRole('switch', { name: 'New shifts by mail' });
  assert.equal(await newShiftMail.isChecked(), true, 'new shifts are mailed by default');
  assert.equal(await anaPage.getByRole('switch', { name: 'New shifts as push notifications' }).isChecked(), true);
  await newShiftMail.uncheck();
  await anaPage.getByText('Notification settings saved.').waitFor();
  await anaPage.reload();
  assert.equal(await anaPage.getByRole('switch', { name: 'New shifts by mail' }).isChecked(), false, 'the server kept the choice');
  assert.equal(await anaPage.getByRole('switch', { name: 'Time off by mail', exact: true }).isChecked(), true, 'the other kinds kept theirs');

  // The manager publishes Ana's shift first, then Ben's. Mail goes out in the order it was
  // queued, so once Ben's has come, Ana's would have come before it.
  const since = Date.now() - 1000;
  await publishShiftFor(owner, await employeeId(server, owner, ana.email), 'Morning');
  await publishShiftFor(owner, await employeeId(server, owner, ben.email), 'Evening');
  const bensMail = await mailTo(ben.email, 'New shift', since);
  assert.match(bensMail, /You have a new shift Evening/);
  assert.deepEqual(mailsTo(ana.email, 'New shift', since), [], 'no new-shift mail to Ana');

  // In the app it reached her all the same.
  await anaPage.goto(`${server.url}/notifications`);
  await connected(anaPage);
  await anaPage.locator('[data-testid="notification"][data-code="newShift"]').filter({ hasText: 'Morning' }).waitFor();

  // The footer of Ben's mail leads to his notification settings, the defaults on.
  const footer = /notification settings: (\S+)/.exec(bensMail)?.[1];
  assert.equal(footer, `${server.url}/settings?tab=notifications`);
  const benPage = await signedIn(browser, server, ben);
  await benPage.goto(footer);
  await benPage.getByRole('tab', { name: 'Notifications', selected: true }).waitFor();
  assert.equal(await benPage.getByRole('switch', { name: 'New shifts by mail' }).isChecked(), true);
  assert.equal(await benPage.getByRole('switch', { name: 'Messages by mail' }).isChecked(), false);
  await anaPage.context().close();
  await benPage.context().close();
});

test('the notification settings fit a phone in Persian, right to left, without serious accessibility violations', async () => {
  const owner = await ownerWithStore(server, { email: 'notif-fa-owner@example.com' });
  Object.assign(owner, { email: 'notif-fa-owner@example.com', password: 'secret123' });
  // With quiet hours, so that their times and zone are on the screen too.
  await call(server.url, 'updateNotificationSettings', { quietHours: { from: '22:00', until: '07:00', timeZone: 'Asia/Tehran' } }, owner.token);
  const problems = await screenProblems(browser, server, owner, { language: 'fa', paths: ['/settings?tab=notifications'], shots: 'notification-settings' });
  assert.deepEqual(problems, []);
});
