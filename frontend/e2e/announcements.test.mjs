// A manager's announcement (`/newNotification`): sent to everyone, it reaches an employee's
// notifications live; sent to a chosen colleague, only them. Employees cannot open the screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { employeeJoined, ownerWithStore, signedIn, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

/** Signed in as `person` on a phone or a desktop. */
const onDevice = (person, phone) => signedIn(browser, server, person, { phone });

test('a manager tells the team, or one colleague, something', async () => {
  const owner = await ownerWithStore(server, { email: 'announce-owner@example.com' });
  Object.assign(owner, { email: 'announce-owner@example.com', password: 'secret123' });
  const ana = await employeeJoined(server, owner, { email: 'announce-ana@example.com', firstName: 'Ana' });
  const ben = await employeeJoined(server, owner, { email: 'announce-ben@example.com', firstName: 'Ben' });

  const anaPage = await onDevice(ana, true);
  await anaPage.goto(`${server.url}/notifications`);
  await anaPage.getByTestId('connection').and(anaPage.locator('[data-status="connected"]')).waitFor();
  // Employees have no way to announce.
  assert.equal(await anaPage.getByTestId('new-announcement').count(), 0);

  const boss = await onDevice(owner, false);
  await boss.goto(`${server.url}/notifications`);
  await boss.getByTestId('new-announcement').click();
  await boss.waitForURL(/\/newNotification$/);
  const form = boss.getByTestId('announcement-form');
  await form.getByTestId('announce-send').click();
  assert.equal(await form.getByRole('alert').count(), 2);
  await form.getByLabel('Title').fill('Inventory on Sunday');
  await form.getByLabel('Text').fill('We count the stock at 8:00. Coffee is on me.');
  await form.getByLabel('Kind').selectOption('2');
  await form.getByTestId('announce-send').click();
  await boss.getByText('Sent to 2 people.').waitFor();
  await boss.waitForURL(/\/notifications$/);

  // Ana's list shows it live, as a warning.
  const note = anaPage.getByTestId('notification').filter({ hasText: 'Inventory on Sunday' });
  await note.waitFor();
  assert.equal(await note.getAttribute('data-tone'), 'warning');

  // Only Ben this time.
  await boss.getByTestId('new-announcement').click();
  await form.getByTestId('announce-everyone').uncheck();
  await form.getByTestId('announce-send').click();
  await form.getByText('Choose at least one colleague.').waitFor();
  await form.getByLabel('Ben Employee').check();
  await form.getByLabel('Title').fill('Keys');
  await form.getByLabel('Text').fill('Please pick up the keys from the office.');
  await form.getByTestId('announce-send').click();
  await boss.getByText('Sent to 1 person.').waitFor();
  const benPage = await onDevice(ben, true);
  await benPage.goto(`${server.url}/notifications`);
  await benPage.getByTestId('notification').filter({ hasText: 'Keys' }).waitFor();
  await anaPage.waitForTimeout(500);
  assert.equal(await anaPage.getByTestId('notification').filter({ hasText: 'Keys' }).count(), 0);

  // The screen is the managers'.
  await anaPage.goto(`${server.url}/newNotification`);
  await anaPage.waitForTimeout(500);
  assert.equal(await anaPage.getByTestId('announcement-form').count(), 0);
  await anaPage.context().close();
  await benPage.context().close();
  await boss.context().close();
});
