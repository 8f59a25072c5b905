// Support in the browser: an employee raises a ticket with a jpg (a png is refused before the
// upload, a page dressed as a jpg by the server), support staff (SUPPORT_EMAILS) answer it
// resolved, the employee sees the answer marked new and the status, and a comment reopens it;
// feedback is sent; the support pages fit a 390 px phone in Persian with no serious axe
// violation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { png } from '../../tests/fixtures/png.mjs';
import { employeeJoined, overflows, ownerWithStore, screenshot, signedIn, useServerAndBrowser, violations } from './fixtures.mjs';

const STAFF = 'support-staff@example.com';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
}, { env: { SUPPORT_EMAILS: STAFF } });

/** Signed in as `person` on a phone or a desktop, with axe-core let in. */
const onDevice = (person, phone) => signedIn(browser, server, person, { phone, bypassCSP: true });

/** A real JPEG picture, drawn by the browser. */
async function jpeg(page) {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const g = canvas.getContext('2d');
    g.fillStyle = '#2e86ab';
    g.fillRect(0, 0, 64, 48);
    g.fillStyle = '#f6ae2d';
    g.fillRect(8, 8, 30, 20);
    return canvas.toDataURL('image/jpeg', 0.8).split(',')[1];
  });
  return Buffer.from(data, 'base64');
}

test('a ticket travels from an employee to support and back', async () => {
  const owner = await ownerWithStore(server, { email: 'support-owner@example.com' });
  const ana = await employeeJoined(server, owner, { email: 'support-ana@example.com', firstName: 'Ana' });
  await ownerWithStore(server, { email: STAFF, store: 'Help Desk' });
  const staff = { email: STAFF, password: 'secret123' };

  // Ana raises a ticket from the support page on her phone.
  const anaPage = await onDevice(ana, true);
  await anaPage.goto(`${server.url}/support`);
  await anaPage.getByTestId('support-newTicket').click();
  await anaPage.waitForURL(/\/support\/ticket\/newTicket$/);
  await anaPage.getByLabel('Title').fill('The clock refuses my code');
  await anaPage.getByLabel('Description').fill('At 9:00 the time clock said the code was wrong.');
  await anaPage.getByLabel('Priority').selectOption('high');
  // A png is refused before it is uploaded.
  await anaPage.getByTestId('ticket-attachment').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: png(40, 30) });
  await anaPage.getByTestId('attachment-error').getByText('Attach one zip or jpg file.').waitFor();
  // A page dressed as a jpg passes the browser's check and is refused by the server.
  await anaPage.getByTestId('ticket-attachment').setInputFiles({ name: 'trap.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!DOCTYPE html><script>alert(1)</script>') });
  await anaPage.getByTestId('send-ticket').click();
  await anaPage.getByText('Failed to create a ticket or add a comment. Attach one zip or jpg file.').waitFor();
  // A real jpg goes.
  await anaPage.getByTestId('ticket-attachment').setInputFiles({ name: 'clock.jpg', mimeType: 'image/jpeg', buffer: await jpeg(anaPage) });
  assert.equal(await anaPage.getByTestId('attachment-error').count(), 0);
  await anaPage.getByTestId('send-ticket').click();
  await anaPage.waitForURL(/\/support\/ticket\/ticketDetails\?id=/);
  const details = anaPage.getByTestId('ticket-details');
  await details.and(anaPage.locator('[data-status="pending"]')).waitFor();
  await anaPage.getByTestId('ticket-thumbnail').waitFor();
  await anaPage.getByText('Support has not answered yet.').waitFor();
  const ticketUrl = anaPage.url();

  // Support staff see it among all tickets and answer it resolved.
  const desk = await onDevice(staff, false);
  await desk.getByRole('link', { name: 'Support' }).first().waitFor();
  await desk.getByRole('link', { name: 'Help' }).first().waitFor();
  await desk.goto(`${server.url}/tickets`);
  const row = desk.getByTestId('ticket').filter({ hasText: 'The clock refuses my code' });
  await row.getByText('support-ana@example.com').waitFor();
  await row.getByRole('link').first().click();
  await desk.getByTestId('ticket-thumbnail').waitFor();
  await desk.getByLabel('Response').fill('Your store asks for the clock’s current code; scan it again at the device.');
  await desk.getByLabel('Status').selectOption('resolved');
  await desk.getByTestId('send-answer').click();
  await desk.getByTestId('ticket-details').and(desk.locator('[data-status="resolved"]')).waitFor();
  await desk.context().close();

  // Ana's list marks the new answer; the ticket shows it, resolved.
  await anaPage.goto(`${server.url}/support/ticket`);
  const mine = anaPage.getByTestId('ticket').filter({ hasText: 'The clock refuses my code' });
  await mine.getByTestId('ticket-unseen').waitFor();
  assert.equal(await mine.getByTestId('ticket-status').getAttribute('data-status'), 'resolved');
  await mine.getByRole('link').first().click();
  await anaPage.getByTestId('ticket-response').getByText('scan it again at the device').waitFor();
  await details.and(anaPage.locator('[data-status="resolved"]')).waitFor();
  // Her comment reopens it.
  await anaPage.getByLabel('Add a comment').fill('It happened again this morning.');
  await anaPage.getByTestId('send-comment').click();
  await details.and(anaPage.locator('[data-status="pending"]')).waitFor();
  await anaPage.getByTestId('ticket-entry').filter({ hasText: 'It happened again this morning.' }).waitFor();
  await anaPage.goto(`${server.url}/support/ticket`);
  await mine.getByTestId('ticket-status').and(anaPage.locator('[data-status="pending"]')).waitFor();
  assert.equal(await mine.getByTestId('ticket-unseen').count(), 0, 'the answer was read');

  // Feedback.
  await anaPage.goto(`${server.url}/support/feedback`);
  await anaPage.getByTestId('send-feedback').click();
  await anaPage.getByText('Choose a rating from 1 to 5.').waitFor();
  await anaPage.getByLabel('4 of 5').check({ force: true });
  await anaPage.getByLabel(/What would you tell us/).fill('Clear and quick.');
  await anaPage.getByTestId('send-feedback').click();
  await anaPage.getByTestId('feedback-sent').waitFor();

  // The support pages on the phone in Persian: right to left, within 390 px, axe-clean.
  await anaPage.goto(`${server.url}/settings`);
  await anaPage.getByTestId('language-picker').selectOption('fa');
  const pages = [
    ['/support', 'support-tickets'],
    ['/support/ticket', 'tickets'],
    ['/support/ticket/newTicket', 'ticket-form'],
    [new URL(ticketUrl).pathname + new URL(ticketUrl).search, 'ticket-thread'],
    ['/support/faq', 'faq'],
    ['/support/feedback', 'feedback-form'],
    ['/help', 'help-employees'],
  ];
  for (const [path, testId] of pages) {
    await anaPage.goto(`${server.url}${path}`);
    await anaPage.getByTestId(testId).first().waitFor();
    assert.equal(await anaPage.evaluate(() => document.documentElement.dir), 'rtl', path);
    assert.equal(await overflows(anaPage), false, `${path} fits 390 px`);
    assert.deepEqual(await violations(anaPage), [], path);
  }
  await anaPage.goto(`${server.url}/support/faq`);
  await anaPage.getByText('۶۰ روز آزمایش رایگان بدون کارت اعتباری.').waitFor();
  await anaPage.getByText('تخفیف ۲۰ درصدی برای سازمان‌های غیرانتفاعی.').waitFor();
  await screenshot(anaPage, 'fa-support-faq-phone');
  await anaPage.context().close();

  // Support staff's list and answer form on a phone in Persian, too.
  const deskPhone = await onDevice(staff, true);
  await deskPhone.goto(`${server.url}/settings`);
  await deskPhone.getByTestId('language-picker').selectOption('fa');
  await deskPhone.goto(`${server.url}/tickets`);
  await deskPhone.getByTestId('ticket').first().waitFor();
  assert.equal(await overflows(deskPhone), false, '/tickets fits 390 px');
  assert.deepEqual(await violations(deskPhone), [], '/tickets');
  await deskPhone.goto(`${server.url}${new URL(ticketUrl).pathname}${new URL(ticketUrl).search}`);
  await deskPhone.getByTestId('answer-form').waitFor();
  assert.equal(await overflows(deskPhone), false, 'the answer form fits 390 px');
  assert.deepEqual(await violations(deskPhone), [], 'the answer form');
  await screenshot(deskPhone, 'fa-support-answer-phone');
  await deskPhone.context().close();
});
