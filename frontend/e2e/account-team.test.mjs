// An owner signs up, confirms, creates a store and a role, invites an employee; the employee
// joins with the mailed invitation code in a second browser context.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { invitationCode, mailedCode, screenshot, useServerAndBrowser } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

test('the sign-in form shows the validation messages next to its fields', async () => {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alerts = page.getByRole('alert');
  await alerts.first().waitFor();
  assert.deepEqual(await alerts.allTextContents(), ['This field is required.', 'This field is required.']);
  await page.getByLabel('E-mail').fill('nobody@example.com');
  await page.getByLabel('Password').fill('wrong-password1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText('Username or password is wrong.').waitFor();
  await screenshot(page, 'login-error');
  await context.close();
});

test('an owner onboards, creates a role and invites an employee who joins', async () => {
  const ownerEmail = `owner-${Date.now()}@example.com`;
  const employeeEmail = `ana-${Date.now()}@example.com`;
  const owner = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 860 } });
  const page = await owner.newPage();

  // A visitor arrives on the public landing page and signs in from its header.
  await page.goto(`${server.url}/`);
  await page.getByRole('link', { name: 'Sign in', exact: true }).first().click();
  await page.waitForURL(/\/login(\?|$)/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByTestId('choose-owner').click();

  // Account: the form refuses a weak password before anything is sent.
  await page.getByLabel('E-mail').fill(ownerEmail);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByText('The password must be at least 8 characters long.').waitFor();
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret123');
  await page.getByRole('button', { name: 'Continue' }).click();

  const signedUp = Date.now();
  await page.getByLabel('First name').fill('Olivia');
  await page.getByLabel('Last name').fill('Becker');
  await screenshot(page, 'onboard-owner-profile');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('heading', { name: 'Confirm your e-mail' }).waitFor();
  await page.getByLabel('Code').fill('0000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('alert').filter({ hasText: /code/i }).waitFor();
  const code = await mailedCode(server.mailDir, ownerEmail, signedUp - 1000);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Confirm' }).click();

  await page.getByRole('heading', { name: 'Your business' }).waitFor();
  await page.getByLabel('Business type').selectOption('hospitality and leisure');
  await page.getByLabel('Business name').fill('Corner Café');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Address').fill('Kastanienallee 12, Berlin');
  await page.getByLabel('Time zone').selectOption('Europe/Berlin');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('heading', { name: 'Opening hours' }).waitFor();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Roles: at least one is required.
  await page.getByRole('button', { name: 'Create store' }).click();
  await page.getByText('Add at least one role, each with a title.').waitFor();
  await page.getByTestId('role-title-0').fill('Barista');
  await screenshot(page, 'onboard-owner-roles');
  await page.getByRole('button', { name: 'Create store' }).click();

  await page.waitForURL(/\/schedule$/);
  await page.getByTestId('board').waitFor();
  assert.equal(await page.getByTestId('store-name').textContent(), 'Corner Café');
  await screenshot(page, 'schedule-empty');

  // Invite an employee with the role and a wage.
  await page.getByRole('link', { name: 'Employees' }).click();
  await page.getByTestId('invite-employee').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(employeeEmail);
  await dialog.getByLabel('Full name').fill('Ana Lopez');
  await dialog.getByLabel('Barista').check();
  await dialog.getByLabel('Wage (Barista)').fill('14.5');
  const invited = Date.now();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText('Invitation sent.').waitFor();
  const row = page.getByTestId(`employee-${employeeEmail}`);
  assert.equal(await row.getByTestId('employee-status').textContent(), 'Invited');
  await screenshot(page, 'team-employees');

  // The employee joins from a second browser context.
  const inviteCode = await invitationCode(server.mailDir, employeeEmail, invited - 1000);
  const employee = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const ep = await employee.newPage();
  await ep.goto(`${server.url}/onboarding`);
  await ep.getByTestId('choose-employee').click();
  await ep.getByLabel('E-mail').fill(employeeEmail);
  await ep.getByLabel('Invitation code').fill('ZZZZ9999');
  await ep.getByRole('button', { name: 'Continue' }).click();
  await ep.getByText(`This invitation code does not belong to ${employeeEmail}.`).waitFor();
  await ep.getByLabel('Invitation code').fill(inviteCode);
  await ep.getByRole('button', { name: 'Continue' }).click();
  await ep.getByText('You are invited to Corner Café.').waitFor();
  await ep.getByLabel('Password', { exact: true }).fill('secret123');
  await ep.getByLabel('Confirm password').fill('secret123');
  await ep.getByRole('button', { name: 'Continue' }).click();
  const employeeSignup = Date.now();
  await ep.getByLabel('First name').fill('Ana');
  await ep.getByLabel('Last name').fill('Lopez');
  await ep.getByLabel('Date of birth').fill('1998-04-12');
  await ep.getByRole('button', { name: 'Continue' }).click();
  const employeeCode = await mailedCode(server.mailDir, employeeEmail, employeeSignup - 1000);
  await ep.getByLabel('Code').fill(employeeCode);
  await ep.getByRole('button', { name: 'Confirm' }).click();
  await ep.getByRole('button', { name: 'Join' }).click();
  await ep.waitForURL(/\/home$/);
  await ep.getByRole('heading', { name: 'Hello, Ana' }).waitFor();
  await ep.getByTestId('bottom-nav').waitFor();
  await screenshot(ep, 'employee-home-phone');

  // The owner sees the employee as active.
  await page.reload();
  await page.getByTestId(`employee-${employeeEmail}`).getByTestId('employee-status').filter({ hasText: 'Active' }).waitFor();

  // An employee without permissions cannot open the team page.
  await ep.goto(`${server.url}/team`);
  await ep.getByText("You don't have enough permission for this operation.").waitFor();

  await employee.close();

  // Roles tab, store settings with the debounced booking toggle, and the look of the app.
  await page.getByRole('link', { name: 'Roles' }).click();
  await page.getByTestId('role-Barista').waitFor();
  await screenshot(page, 'team-roles');
  await page.getByRole('link', { name: 'Store settings' }).click();
  const booking = page.getByTestId('booking-toggle');
  // Three quick clicks inside 300 ms settle on "on" and send one change.
  await booking.click();
  await booking.click();
  await booking.click();
  await page.getByText('Store saved.').waitFor();
  await page.reload();
  assert.equal(await page.getByTestId('booking-toggle').isChecked(), true);
  await screenshot(page, 'store-settings');
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page.getByRole('radio', { name: 'Dark' }).click();
  await page.getByRole('radio', { name: 'Purple' }).click();
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), 'rgb(13, 17, 23)');
  await screenshot(page, 'settings-dark');
  await owner.close();
});
