// Chat in the browser: two members talk live in the team conversation; the other sees the
// message arrive without a reload, the unread badge counts it until it is read, and an edit
// shows in both browsers; a poll's results change live in both.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { employeeJoined, launchBrowser, ownerWithStore, screenshot, serves, signInWithForm, startServer } from './support.mjs';

let server;
let browser;
let live = false;

before(async () => {
  server = await startServer();
  live = await serves(server.url, 'sendMessage');
  if (live) browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(person, path, phone) {
  const context = await browser.newContext(
    phone
      ? { locale: 'en-US', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
      : { locale: 'en-US', viewport: { width: 1366, height: 900 } },
  );
  const page = await context.newPage();
  await signInWithForm(page, server.url, person.email, person.password);
  await page.waitForURL(/\/(home|schedule)$/);
  await page.goto(`${server.url}${path}`);
  await page.getByTestId('connection').and(page.locator('[data-status="connected"]')).waitFor();
  return page;
}

test('two members chat live in the team conversation', async (t) => {
  if (!live) {
    t.skip('this server does not serve the chat yet');
    return;
  }
  const owner = await ownerWithStore(server, { email: 'chat-owner@example.com' });
  Object.assign(owner, { email: 'chat-owner@example.com', password: 'secret123' });
  const ana = await employeeJoined(server, owner, { email: 'chat-ana@example.com', firstName: 'Ana' });

  const anaPage = await signedIn(ana, '/messages', true);
  const boss = await signedIn(owner, '/messages', false);
  await anaPage.getByTestId('conversation').and(anaPage.locator('[data-kind="team"]')).click();
  await boss.getByTestId('conversation').and(boss.locator('[data-kind="team"]')).waitFor();

  await anaPage.getByTestId('composer').fill('Who can cover Saturday?');
  await anaPage.getByTestId('send').click();
  await anaPage.getByTestId('message-text').getByText('Who can cover Saturday?').waitFor();

  // The owner's list counts it live, the thread shows it, and reading clears the count.
  const teamEntry = boss.getByTestId('conversation').and(boss.locator('[data-kind="team"]'));
  await teamEntry.getByTestId('unread').getByText('1').waitFor();
  await teamEntry.click();
  await boss.getByTestId('message-text').getByText('Who can cover Saturday?').waitFor();
  // Typing shows on the other side while it lasts.
  await boss.getByTestId('composer').pressSequentially('I can');
  await anaPage.getByTestId('typing').getByText(/is typing/).waitFor();
  await boss.getByTestId('composer').fill('I can!');
  await boss.getByTestId('send').click();
  await anaPage.getByTestId('message-text').getByText('I can!').waitFor();
  await screenshot(anaPage, 'chat-phone');

  // A reaction shows live on the other side.
  await anaPage.getByTestId('message').filter({ hasText: 'I can!' }).getByRole('button', { name: 'React with 👍' }).click();
  await boss.getByTestId('message').filter({ hasText: 'I can!' }).getByRole('button', { name: 'React with 👍' }).getByText('👍 1').waitFor();

  // An edit shows in both browsers.
  anaPage.once('dialog', (d) => d.accept('Who can cover Saturday morning?'));
  await anaPage.getByTestId('message').first().getByRole('button', { name: 'Edit' }).click();
  await boss.getByTestId('message-text').getByText('Who can cover Saturday morning?').waitFor();
  // The owner finds it by searching.
  await boss.getByRole('button', { name: 'Back to conversations' }).click();
  await boss.getByTestId('chat-search').fill('saturday morning');
  await boss.getByRole('button', { name: 'Find' }).click();
  await boss.getByTestId('search-result').getByText('Who can cover Saturday morning?').waitFor();
  // A poll: the owner posts it; votes change the results live in both browsers.
  await boss.getByTestId('conversation').and(boss.locator('[data-kind="team"]')).click();
  await boss.getByTestId('new-poll').click();
  await boss.getByTestId('poll-question').fill('Summer rota?');
  await boss.getByTestId('poll-answers').fill('Early\nLate');
  await boss.getByTestId('poll-post').click();
  const anaPoll = anaPage.getByTestId('survey').last();
  await anaPoll.getByRole('button', { name: 'Late' }).click();
  await anaPoll.getByTestId('survey-result').nth(1).getByText('100%').waitFor();
  const bossPoll = boss.getByTestId('survey').last();
  await bossPoll.getByRole('button', { name: 'Early' }).click();
  await bossPoll.getByTestId('survey-result').nth(0).getByText('50%').waitFor();
  await anaPoll.getByTestId('survey-result').nth(1).getByText('50%').waitFor();
  await screenshot(anaPage, 'chat-poll');
  const overflow = await anaPage.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  assert.equal(overflow, false);
  await anaPage.context().close();
  await boss.context().close();
});
