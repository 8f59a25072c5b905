// Chat in the browser: two members talk live in the team conversation; the other sees the
// message arrive without a reload, the unread badge counts it until it is read, and an edit
// shows in both browsers; a poll's results change live in both, as do its author's change of
// its question and its closing; a picture one attaches shows as a thumbnail in the other's
// browser and opens full size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { png } from '../../tests/fixtures/png.mjs';
import { employeeJoined, overflows, ownerWithStore, screenshot, signedIn, useServerAndBrowser, violations } from './fixtures.mjs';

let server;
let browser;
useServerAndBrowser((s, b) => {
  server = s;
  browser = b;
});

test('two members chat live in the team conversation', async () => {
  const owner = await ownerWithStore(server, { email: 'chat-owner@example.com' });
  Object.assign(owner, { email: 'chat-owner@example.com', password: 'secret123' });
  const ana = await employeeJoined(server, owner, { email: 'chat-ana@example.com', firstName: 'Ana' });

  const anaPage = await signedIn(browser, server, ana, { path: '/messages', phone: true });
  const boss = await signedIn(browser, server, owner, { path: '/messages' });
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
  const bossPoll = boss.getByTestId('survey').last();
  // Four words: 1.6 s to read, shown as 2.
  await anaPoll.getByTestId('reading-time').getByText('2 s to read').waitFor();
  // Before anyone votes its author changes the question; Ana sees it change live, and has no
  // author's actions herself.
  await bossPoll.getByTestId('survey-edit').click();
  await boss.getByTestId('poll-question').fill('Summer rota, from June?');
  await boss.getByTestId('poll-post').click();
  await anaPage.getByTestId('message-text').getByText('Summer rota, from June?').waitFor();
  assert.equal(await anaPoll.getByTestId('survey-actions').count(), 0);
  await anaPoll.getByRole('button', { name: 'Late' }).click();
  await anaPoll.getByTestId('survey-result').nth(1).getByText('100%').waitFor();
  await bossPoll.getByRole('button', { name: 'Early' }).click();
  await bossPoll.getByTestId('survey-result').nth(0).getByText('50%').waitFor();
  await anaPoll.getByTestId('survey-result').nth(1).getByText('50%').waitFor();
  // Its author closes it: Ana sees it closed live, its results kept.
  await bossPoll.getByTestId('survey-close').click();
  await boss.getByTestId('confirm').click();
  await anaPoll.getByTestId('survey-closed').waitFor();
  await anaPoll.getByTestId('survey-result').nth(1).getByText('50%').waitFor();
  await screenshot(anaPage, 'chat-poll');

  // Ana attaches a picture; the owner sees its thumbnail arrive live and opens it full size.
  await anaPage.getByTestId('attach-input').setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: png(640, 480) });
  await anaPage.getByTestId('pending-file').and(anaPage.locator('[data-ready="true"]')).waitFor();
  await anaPage.getByTestId('composer').fill('The new shelf');
  await anaPage.getByTestId('send').click();
  const bossThumb = boss.getByTestId('message').filter({ hasText: 'The new shelf' }).getByTestId('thumbnail').locator('img');
  await bossThumb.waitFor();
  await boss.waitForFunction((img) => img.complete && img.naturalWidth === 200 && img.naturalHeight === 150, await bossThumb.elementHandle());
  await bossThumb.click();
  const full = boss.getByTestId('lightbox-image');
  await full.waitFor();
  await boss.waitForFunction((img) => img.complete && img.naturalWidth === 640, await full.elementHandle());
  await boss.keyboard.press('Escape');
  await full.waitFor({ state: 'detached' });
  // A document goes as a chip; an HTML page named .jpg is refused with its reason.
  await anaPage.getByTestId('attach-input').setInputFiles({ name: 'trap.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!DOCTYPE html><script>alert(1)</script>') });
  await anaPage.getByText(/This type of file is not accepted/).waitFor();
  assert.equal(await anaPage.getByTestId('pending-file').count(), 0);
  await anaPage.getByTestId('attach-input').setInputFiles({ name: 'rota.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await anaPage.getByTestId('pending-file').and(anaPage.locator('[data-ready="true"]')).waitFor();
  await anaPage.getByTestId('send').click();
  await boss.getByTestId('document').getByText('rota.pdf').waitFor();
  await screenshot(boss, 'chat-attachments');
  assert.equal(await overflows(anaPage), false);

  // Ana's profile photo is uploaded from her phone, not typed in as an address.
  await anaPage.goto(`${server.url}/settings`);
  await anaPage.getByTestId('upload-profile').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png(320, 320) });
  const preview = anaPage.locator('form').filter({ has: anaPage.getByTestId('upload-profile') }).locator('img').first();
  await preview.waitFor();
  await anaPage.waitForFunction((img) => img.complete && img.naturalWidth === 320, await preview.elementHandle());
  await anaPage.getByRole('button', { name: 'Save' }).first().click();
  await anaPage.getByText('Profile saved.').waitFor();
  const me = await anaPage.evaluate(async () => {
    const raw = localStorage.getItem('token') ?? '';
    let token = raw;
    try {
      token = JSON.parse(raw);
    } catch {
      // Kept as plain text.
    }
    const res = await fetch('/api/v1/me', { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()).data;
  });
  assert.match(me.profileImage ?? '', /^\/api\/v1\/files\/[0-9a-f-]{36}$/);
  await anaPage.context().close();
  await boss.context().close();

  // The messages screen on Ana's phone in Persian: right to left, no wider than the phone,
  // and no serious accessibility violation in the list or the thread (the page's CSP set
  // aside only to inject axe).
  const fa = await signedIn(browser, server, ana, { phone: true, bypassCSP: true, language: 'fa' });
  await fa.goto(`${server.url}/messages`);
  const entry = fa.getByTestId('conversation').and(fa.locator('[data-kind="team"]'));
  await entry.waitFor();
  assert.equal(await fa.evaluate(() => document.documentElement.dir), 'rtl');
  assert.equal(await overflows(fa), false, 'the conversation list fits 390 px');
  assert.deepEqual(await violations(fa), [], '/messages');
  await entry.click();
  await fa.getByTestId('message').filter({ hasText: 'The new shelf' }).getByTestId('thumbnail').waitFor();
  assert.equal(await overflows(fa), false, 'the thread fits 390 px');
  assert.deepEqual(await violations(fa), [], 'the thread');
  await screenshot(fa, 'fa-chat-phone');
  await fa.context().close();
});

