// Privacy from end to end: a person puts their phone number in their profile and hides it
// from co-workers on the Privacy tab of Settings (a co-worker's read of the team no longer
// carries it, a manager's still does), downloads the archive of their data (a JSON file with their own records and nothing
// of a co-worker), deletes their account behind a typed confirmation and is signed out, their
// old token refused. The tab and its dialog fit a phone in Persian, right to left, without
// serious accessibility violations.
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { call, employeeId, employeeJoined, overflows, ownerWithStore, screenProblems, signedIn, useServerAndBrowser, violations } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

const PHONE = '+49 30 1234567';

/** The phone number of the record `id` as `token`'s person reads the store's team. */
async function phoneSeenBy(owner, id, token) {
  const res = await fetch(`${server.url}/api/v1/stores/${owner.storeId}/employees`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = await res.json();
  return data.find((e) => e.id === id)?.phonenumber ?? null;
}

/**
 * Saves the privacy choices and waits for the server's answer (the snackbar of an earlier
 * save may still show), then for the snackbar.
 */
async function saved(page) {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/v1/updatePrivacySettings') && r.ok()),
    page.getByRole('button', { name: 'Save' }).click(),
  ]);
  await page.getByText('Privacy settings saved.').waitFor();
}

test('a person hides their phone from co-workers, downloads their data, deletes their account and is signed out', async () => {
  const owner = await ownerWithStore(server, { email: 'privacy-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'privacy-ana@example.com', firstName: 'Ana' });
  const ben = await employeeJoined(server, owner, { email: 'privacy-ben@example.com', firstName: 'Ben' });
  const anaId = await employeeId(server, owner, ana.email);

  // Ana puts her number in her profile; her record in the store takes it.
  const page = await signedIn(browser, server, ana, { path: '/settings' });
  await page.getByLabel('Mobile number').fill(PHONE);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Profile saved.').waitFor();
  assert.equal(await phoneSeenBy(owner, anaId, owner.token), PHONE, 'the manager reads it');
  assert.equal(await phoneSeenBy(owner, anaId, ben.token), null, 'by default, not a co-worker');

  // On the Privacy tab she shows it to everyone, then keeps it to the managers again.
  await page.getByRole('tab', { name: 'Privacy' }).click();
  await page.waitForURL(/\/settings\?tab=privacy$/);
  const phone = page.getByTestId('privacy-phone');
  assert.equal(await phone.inputValue(), 'managers');
  await phone.selectOption('everyone');
  await saved(page);
  assert.equal(await phoneSeenBy(owner, anaId, ben.token), PHONE, 'shown to everyone');
  await phone.selectOption('managers');
  await saved(page);
  assert.equal(await phoneSeenBy(owner, anaId, ben.token), null, 'a co-worker no longer reads it');
  assert.equal(await phoneSeenBy(owner, anaId, owner.token), PHONE, 'the manager still does');
  await page.reload();
  assert.equal(await page.getByTestId('privacy-phone').inputValue(), 'managers', 'the server kept the choice');

  // She downloads everything held about her.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
  assert.match(download.suggestedFilename(), /^clockto-archive-\d{4}-\d{2}-\d{2}\.json$/);
  const archive = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(archive.format, 'clockto-archive');
  assert.equal(archive.profile.email, ana.email);
  assert.equal(archive.stores.length, 1);
  assert.equal(archive.stores[0].employee.id, anaId);
  assert.equal(archive.stores[0].employee.phonenumber, PHONE);
  assert.ok(!JSON.stringify(archive).includes(ben.email), 'nothing of a co-worker');

  // She deletes her account: the button waits for her address.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const forever = dialog.getByRole('button', { name: 'Delete forever' });
  assert.equal(await forever.isDisabled(), true);
  await dialog.getByTestId('delete-confirmation').fill('privacy-ana@example.co');
  assert.equal(await forever.isDisabled(), true, 'a wrong address does not do');
  await dialog.getByTestId('delete-confirmation').fill(ana.email.toUpperCase());
  await forever.click();
  await page.waitForURL(/\/login$/);
  await page.getByText('Your account was deleted.').waitFor();
  assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)).length), 0, 'this browser forgot the session');
  const me = await fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${ana.token}` } });
  assert.equal(me.status, 401, 'every session of hers ended');
  // The store keeps her work under an anonymous record; her address signs in no more.
  const signIn = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ana.email, password: ana.password }),
  });
  assert.equal(signIn.status, 401);
  await page.context().close();
});

test('the privacy tab and its dialog fit a phone in Persian, right to left, without serious accessibility violations', async () => {
  const owner = await ownerWithStore(server, { email: 'privacy-fa-owner@example.com' });
  const cleo = await employeeJoined(server, owner, { email: 'privacy-fa-cleo@example.com', firstName: 'Cleo' });
  await call(server.url, 'updateProfile', { description: 'باریستای ارشد', aboutMe: 'Latte art' }, cleo.token);
  const problems = await screenProblems(browser, server, cleo, { language: 'fa', paths: ['/settings', '/settings?tab=privacy'], shots: 'privacy' });
  assert.deepEqual(problems, []);

  // The deletion dialog, on a phone, in Persian.
  const page = await signedIn(browser, server, cleo, { phone: true, bypassCSP: true, language: 'fa', path: '/settings?tab=privacy' });
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
  await page.getByTestId('delete-account').click();
  await page.getByRole('dialog').waitFor();
  // The dialog has faded in: axe reads the colours it ends with.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  assert.equal(await overflows(page), false);
  assert.deepEqual(await violations(page), []);
  await page.context().close();
});
